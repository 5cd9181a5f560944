import type { PlayerId, ReplayAnswer, RoundReveal, TrailMove } from '@ubongo/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useData } from '../data.js';
import { fetchReplay, seatName } from '../net.js';
import { Gem } from '../ui/gems.js';
import { PlayerName } from '../ui/PlayerName.js';
import { tieBreakText } from '../table/EndOfGame.js';
import { JewelCounts, RoundBoards } from '../table/standings.js';
import { TrailPlayer } from './TrailPlayer.js';

/**
 * A stored game, round by round (its own page, `#/replay/ID`, shareable): every board of the round
 * with how it was covered or a solution, what each took, and the standings after the round.
 * Loaded on demand, so that it does not weigh on the first load.
 */
export function Replay({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const { data: replay, error } = useData<ReplayAnswer>(() => fetchReplay(id), [id]);
  const failed = error !== null;
  const [at, setAt] = useState(0);
  // Another game starts at its first round.
  useEffect(() => {
    setAt(0);
  }, [id]);
  const trails = useMemo(() => (replay ? roundTrails(replay.steps) : []), [replay]);

  if (failed) return <p className="error">{t('replay.missing')}</p>;
  if (!replay) return <p className="loading">{t('replay.loading')}</p>;
  // Named as the lobby and the game named them, in the reader's language; an older record by its stored name.
  const names = new Map(replay.seats.map((s) => [s.id, s.occupant ? seatName(s.occupant, t) : s.name]));
  const nameOf = (player: string): string => names.get(player) ?? player;
  // A person's name links to their profile, with the username beside it (common.tsx's PlayerName).
  const seatOf = new Map(replay.seats.map((s) => [s.id, s]));
  const named = (player: string) => (
    <PlayerName name={nameOf(player)} username={seatOf.get(player)?.username} account={seatOf.get(player)?.account} />
  );
  const date = new Date(replay.startedAt).toLocaleString(i18n.language, { dateStyle: 'long', timeStyle: 'short' });
  const round = replay.rounds[at];
  const last = at === replay.rounds.length - 1;
  // The game's own rounds; a tie-break round after them is said as one.
  const rounds = replay.rounds.filter((r) => !r.tieBreak).length;
  return (
    <div className="replay">
      <h1>{t('replay.title', { edition: t(`editions.${replay.edition}`) })}</h1>
      <p className="muted">
        {t('replay.when', { date })} ·{' '}
        {replay.seats.map((s, i) => (
          <span key={s.id}>
            {i > 0 && ', '}
            {named(s.id)}
          </span>
        ))}
      </p>
      {!round ? (
        <p>{t('replay.noRounds')}</p>
      ) : (
        <>
          <nav className="actions replay-nav" aria-label={t('replay.rounds')}>
            <button
              type="button"
              disabled={at === 0}
              onClick={() => {
                setAt(at - 1);
              }}
            >
              {t('replay.previous')}
            </button>
            <span aria-live="polite">
              {round.tieBreak ? t('game.tieBreakRound') : t('replay.roundOf', { round: round.round, rounds })}
            </span>
            <button
              type="button"
              disabled={last}
              onClick={() => {
                setAt(at + 1);
              }}
            >
              {t('replay.next')}
            </button>
          </nav>
          <RoundBoards reveal={round} view={{ edition: replay.edition, you: null }} nameOf={nameOf} />
          <RoundTrails reveal={round} trails={trails[at]} nameOf={nameOf} />
          {/* Set out as the game's standings are (.players). */}
          <section className="card players">
            <h2>{last ? t('replay.final') : t('replay.after', { round: round.round })}</h2>
            <ol className="replay-standings">
              {round.standings.map((s) => {
                const p = round.players.find((q) => q.id === s.player);
                return (
                  <li key={s.player} value={s.place}>
                    <span className="place">
                      {s.place}
                      {s.tied ? '=' : '.'}
                    </span>{' '}
                    <span className="player-name">{named(s.player)}</span>{' '}
                    {p && replay.edition !== 'jewels' && (
                      <span className="player-score">{t('game.points', { count: p.points })}</span>
                    )}
                    {p && replay.edition === 'jewels' && <JewelCounts jewels={p.jewels} />}
                    {p && replay.edition !== 'jewels' && (
                      <span className="gems">
                        {Object.entries(p.gems)
                          .filter(([, n]) => n > 0)
                          .map(([gem, n]) => (
                            <span key={gem} className="gem-count">
                              <Gem gem={gem} />×{n}
                            </span>
                          ))}
                      </span>
                    )}
                  </li>
                );
              })}
            </ol>
            {last && replay.finished && <Decided replay={replay} nameOf={nameOf} />}
            {!replay.matchesRecord && <p className="error">{t('replay.differs')}</p>}
          </section>
        </>
      )}
    </div>
  );
}

/**
 * Who won a finished game, and how a tie was settled, as its end screen said: the stored winners
 * (none when nobody scored, docs/rules.md §1.9), or first place for a record stored before they were sent.
 */
function Decided({ replay, nameOf }: { replay: ReplayAnswer; nameOf: (id: string) => string }) {
  const { t } = useTranslation();
  const ids =
    replay.winners ?? (replay.rounds.at(-1)?.standings ?? []).filter((s) => s.place === 1).map((s) => s.player);
  if (ids.length === 0) return <p data-testid="decided">{t('end.nobodyScored')}</p>;
  const winners = ids.map(nameOf);
  const names = winners.join(', ');
  const tieRounds = replay.rounds.filter((r) => r.tieBreak);
  // Those level first when the game's own rounds were over.
  const before = replay.rounds.filter((r) => !r.tieBreak).at(-1)?.standings ?? [];
  const tied = before.filter((s) => s.place === 1).map((s) => s.player);
  return (
    <p data-testid="decided">
      {winners.length > 1 ? t('end.shared', { names }) : t('end.won', { name: names })}
      {tieRounds.length > 0 && ` ${tieBreakText(t, tied.map(nameOf), tieRounds.length, winners)}`}
    </p>
  );
}

/**
 * Each round's claims' move trails by player, in the order the rounds were dealt (the replay's
 * `rounds`): a claim the game took is in the step that dealt its round or after it.
 */
export function roundTrails(steps: ReplayAnswer['steps']): ReadonlyMap<PlayerId, readonly TrailMove[]>[] {
  const out: Map<PlayerId, readonly TrailMove[]>[] = [];
  for (const { action, events } of steps) {
    if (events.some((e) => e.type === 'round-started')) out.push(new Map());
    const round = out[out.length - 1];
    if (action.type === 'claim' && action.trail && round) round.set(action.player, action.trail);
  }
  return out;
}

/** The moves of each board of a round that kept them, played back (TrailPlayer.tsx). */
function RoundTrails({
  reveal,
  trails,
  nameOf,
}: {
  reveal: RoundReveal;
  trails: ReadonlyMap<PlayerId, readonly TrailMove[]> | undefined;
  nameOf: (id: string) => string;
}) {
  const { t } = useTranslation();
  const boards = reveal.boards.flatMap((b) => {
    const trail = b.solved ? trails?.get(b.player) : undefined;
    return trail ? [{ ...b, trail }] : [];
  });
  if (boards.length === 0) return null;
  return (
    <section className="card round-trails" aria-labelledby="round-trails-title">
      <h2 id="round-trails-title">{t('trail.round')}</h2>
      <ul>
        {boards.map((b) => {
          const label = t('trail.playerBoard', { name: nameOf(b.player), board: b.deal.board });
          return (
            <li key={b.player}>
              <h3>{label}</h3>
              <TrailPlayer
                key={`${reveal.round}-${b.player}`}
                task={b.task}
                trail={b.trail}
                label={label}
                end={b.placements}
              />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
