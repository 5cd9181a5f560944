import type { LiveEntry } from '@ubongo/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { watchRoom } from '../hooks.js';
import { joinTable } from '../net.js';
import type { GameRoom } from '../net.js';
import { RoundBoards } from '../table/standings.js';
import { useRaceTable } from '../table/race-table.js';
import { BoardsInPlay } from './BoardsInPlay.js';

/*
 * Live TV on the live page (docs/web.md, "Live TV"): once turned on, the top game being played
 * (the highest average rating, else the first the server lists) watched in place, its boards as
 * they fill and between rounds; when that game ends, the next top one comes on. Turned on by a
 * press, not by opening the page: each screen showing it is a watcher at that table, and a table
 * has room for only so many.
 */

/** The game the TV shows of `games` (the server's order), leaving out those it has shown to their end. */
export function topGame(games: readonly LiveEntry[] | null, shown: ReadonlySet<string>): LiveEntry | null {
  const left = (games ?? []).filter((g) => g.round > 0 && !shown.has(g.code));
  let top: LiveEntry | null = null;
  for (const g of left) if (!top || (g.rating ?? -1) > (top.rating ?? -1)) top = g;
  return top;
}

/** Live TV: off until turned on, then the top game watched in place, switching as each ends. */
export function LiveTv({ games }: { games: readonly LiveEntry[] | null }) {
  const { t } = useTranslation();
  const [on, setOn] = useState(false);
  // The games shown to their end (or that could not be joined): not shown again.
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  const [room, setRoom] = useState<GameRoom<'race'> | null>(null);
  const top = on ? topGame(games, shown) : null;
  const code = top?.code ?? null;
  const done = useCallback((ended: string) => {
    setShown((s) => (s.has(ended) ? s : new Set([...s, ended])));
  }, []);

  useEffect(() => {
    if (code === null) return;
    let left = false;
    let joined: GameRoom<'race'> | null = null;
    joinTable(code, { spectate: true })
      .then((r) => {
        // What the table says on joining (the lobby, the last reveal) is kept for the screen that listens.
        watchRoom(r);
        joined = r;
        if (left) void r.leave();
        else setRoom(r);
      })
      .catch(() => {
        if (!left) done(code);
      });
    return () => {
      left = true;
      setRoom(null);
      if (joined) void joined.leave();
    };
  }, [code, done]);

  return (
    <section className="card live-tv" aria-labelledby="live-tv-title">
      <h2 id="live-tv-title">{t('watchBoards.tv')}</h2>
      <p>{t('watchBoards.tvIntro')}</p>
      {!on ? (
        <button
          type="button"
          className="primary"
          onClick={() => {
            setOn(true);
          }}
        >
          {t('watchBoards.tvOn')}
        </button>
      ) : top === null ? (
        <p role="status">{t('watchBoards.tvNone')}</p>
      ) : (
        room && <TvScreen key={room.roomId} room={room} onEnded={done} />
      )}
    </section>
  );
}

/** One game on the TV: its round and boards, as a watcher's; says when it is over. */
function TvScreen({ room, onEnded }: { room: GameRoom<'race'>; onEnded: (code: string) => void }) {
  const { t } = useTranslation();
  const { view, reveal, progress, nameOf } = useRaceTable(room);
  const phase = view?.view.phase;
  useEffect(() => {
    if (phase === 'finished') onEnded(room.roomId);
  }, [phase, onEnded, room]);
  if (!view) return <p className="loading">{t('common.loading')}</p>;
  const v = view.view;
  const playing = v.phase === 'playing' && progress.round === v.round?.number;
  return (
    <div className="tv-screen" data-code={room.roomId}>
      <p className="live-facts">
        {v.players.map((p) => nameOf(p.id)).join(', ')} ·{' '}
        {t('game.round', { round: Math.min(v.round?.number ?? 1, v.rounds), rounds: v.rounds })}
      </p>
      {playing && view.tasks ? (
        <BoardsInPlay view={v} tasks={view.tasks} progress={progress.players} nameOf={nameOf} />
      ) : reveal ? (
        <RoundBoards reveal={reveal} view={v} nameOf={nameOf} />
      ) : (
        <p>{t('game.betweenRounds')}</p>
      )}
    </div>
  );
}
