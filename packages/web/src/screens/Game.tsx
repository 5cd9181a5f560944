import type { Gem as GemName, RaceView, RaceViewMessage, RoundReveal, TrailMove } from '@ubongo/core';
import { GEM_POINTS, GEMS, JEWEL_COLOURS } from '@ubongo/core';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeLeft, useNow } from '../hooks.js';
import { send } from '../net.js';
import { BoardPicture } from '../play/BoardPicture.js';
import type { Placements } from '../play/Puzzle.js';
import { PIECE_COLOURS, Puzzle } from '../play/Puzzle.js';
import { liftSound, moveSound, play } from '../sound.js';
import { Gem, Hourglass, Jewel, JEWEL_FILL, JEWEL_SHAPES, RejectedNote, SoundControl, TaskKey } from './common.js';
import type { Table } from './Race.js';

const ORDINAL_KEYS = ['first', 'second', 'third', 'fourth'];

/** A round in play: my board and pieces, the sand, who has solved, the standings (and the jewel board). */
export function Game({ table, view: message }: { table: Table; view: RaceViewMessage & { receivedAt: number } }) {
  const { t } = useTranslation();
  const { room, nameOf } = table;
  const view = message.view;
  const round = view.round;
  const me = view.you;
  const myDeal = round?.deals.find((d) => d.player === me);
  const playing = view.phase === 'playing';
  const waitingFor = view.phase === 'waiting' ? message.nextRoundAt : null;
  const now = useNow(200, playing || waitingFor !== null);
  // Before the next round (or, in a jewel game, the end of the time to place the pawns): seconds.
  const untilNext = waitingFor === null ? 0 : Math.ceil(timeLeft(waitingFor, message, message.receivedAt, now) / 1000);
  const left = round && playing ? timeLeft(round.deadline, message, message.receivedAt, now) : 0;
  const solvedAt = me && round ? round.solved.indexOf(me) : -1;
  const [checking, setChecking] = useState(false);
  // A claim the connection lost is sent again once the room is back.
  const pending = useRef<{ placements: Placements; trail: readonly TrailMove[] } | null>(null);

  useEffect(() => {
    if (table.rejected?.to === 'claim' || solvedAt >= 0) {
      setChecking(false);
      pending.current = null;
    }
  }, [table.rejected, solvedAt]);

  useEffect(() => {
    if (pending.current && room.connection.isOpen) send(room, 'claim', pending.current);
  }, [room]);

  const claim = useCallback(
    (placements: Placements, trail: readonly TrailMove[]) => {
      table.clearRejected();
      setChecking(true);
      pending.current = { placements, trail };
      if (room.connection.isOpen) send(room, 'claim', pending.current);
    },
    [room, table],
  );

  // The sand's last ten seconds tick, while my board is still to be solved.
  const secondsLeft = Math.ceil(left / 1000);
  const stillSolving = playing && solvedAt < 0 && myDeal !== undefined;
  useEffect(() => {
    if (stillSolving && secondsLeft > 0 && secondsLeft <= 10) play('sand');
  }, [stillSolving, secondsLeft]);

  // A new game screen, and each new round, opens at its top: the round, the die and the sand in view.
  const roundNumber = round?.number;
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [roundNumber]);

  const total = (view.hourglassSeconds * 1000) / message.timeScale;
  const gains = me && round ? (round.gains[me] ?? []) : [];
  // While my board is to be solved, the round fills the window (styles.css, .play-screen).
  const solving = playing && view.task !== null && myDeal !== undefined && solvedAt < 0 && left > 0;
  return (
    <div className={solving ? 'game play-screen' : 'game'}>
      <div className="game-bar">
        <h1 className="round-title">
          {round?.tieBreak
            ? t('game.tieBreakRound')
            : t('game.round', { round: Math.min(round?.number ?? 1, view.rounds), rounds: view.rounds })}
        </h1>
        {myDeal && (
          <span className="task-key">
            {view.edition === 'extreme' ? t('game.yourColour') : t('game.die')} <TaskKey value={myDeal.key} />
          </span>
        )}
        {playing && round && <Hourglass left={left} total={total} second={round.secondChance} />}
        <SoundControl />
      </div>
      <div className="game-grid">
        <section className="game-main" aria-label={t('game.yourBoard')}>
          {!playing && (
            <p className="between" role="status">
              {round === null && view.edition === 'jewels'
                ? t(view.place ? 'game.placeYourPawn' : 'game.pawnsBeingPlaced', { seconds: untilNext })
                : waitingFor === null
                  ? t('game.betweenRounds')
                  : t('game.nextRoundIn', { seconds: untilNext })}
            </p>
          )}
          {!playing && table.reveal && table.reveal.round === view.history[view.history.length - 1]?.round && (
            <RoundBoards reveal={table.reveal} view={view} nameOf={nameOf} />
          )}
          {playing && !me && <p className="between">{t('game.spectating')}</p>}
          {playing && me && !view.task && <p className="between">{t('game.sitOut')}</p>}
          {playing && view.task && myDeal && round && (
            <>
              {solvedAt >= 0 ? (
                <p className="solved-banner" role="status">
                  {t('game.youSolved', { place: t(`ordinal.${ORDINAL_KEYS[solvedAt] ?? 'fourth'}`) })}{' '}
                  {gains.map((g, i) => (
                    <Gem key={i} gem={g} />
                  ))}
                </p>
              ) : (
                <p className="task-line">
                  {t('game.coverIt', { board: myDeal.board, side: t(`sides.${myDeal.side}`) })}
                  {checking && ` ${t('game.checking')}`}
                </p>
              )}
              <Puzzle
                key={`${round.number}-${myDeal.board}-${myDeal.side}-${myDeal.key}`}
                task={view.task}
                tray={view.set ?? undefined}
                disabled={solvedAt >= 0 || left <= 0}
                solved={solvedAt >= 0}
                onComplete={claim}
                onMove={moveSound}
                onLift={liftSound}
                label={t('game.boardLabel', { board: myDeal.board })}
              />
            </>
          )}
          <RejectedNote rejected={table.rejected} onClose={table.clearRejected} />
        </section>
        <aside className="game-side">
          {view.edition === 'jewels' && <JewelBoard table={table} view={view} />}
          <Players view={view} nameOf={nameOf} />
          <LastRound view={view} nameOf={nameOf} />
        </aside>
      </div>
    </div>
  );
}

/** The players, best first, with what they hold and whether they have solved this round. */
export function Players({ view, nameOf }: { view: RaceView; nameOf: (id: string) => string }) {
  const { t } = useTranslation();
  const round = view.round;
  return (
    <section className="card players">
      <h2>{t('game.standings')}</h2>
      <ol>
        {view.standings.map((standing) => {
          const p = view.players.find((q) => q.id === standing.player);
          if (!p) return null;
          const place = round && view.phase === 'playing' ? round.solved.indexOf(p.id) : -1;
          return (
            <li key={p.id} value={standing.place} className={p.id === view.you ? 'me' : ''} data-player={p.id}>
              <span className="place" title={standing.tied ? t('game.tiedPlace') : undefined}>
                {standing.place}
                {standing.tied ? '=' : '.'}
              </span>
              <span className="player-name">
                {view.edition === 'jewels' && <Pawn index={view.players.indexOf(p)} name={nameOf(p.id)} />}{' '}
                {nameOf(p.id)}
                {p.id === view.you && ` (${t('lobby.you')})`}
              </span>
              <span className="player-score">
                {view.edition === 'jewels' ? (
                  <JewelCounts jewels={p.jewels} />
                ) : (
                  <>
                    {t('game.points', { count: p.points })}{' '}
                    <span className="gems">
                      {GEMS.map((g: GemName) =>
                        p.gems[g] > 0 ? (
                          <span key={g} className="gem-count">
                            <Gem gem={g} />×{p.gems[g]}
                          </span>
                        ) : null,
                      )}
                    </span>
                  </>
                )}
              </span>
              {place >= 0 && (
                <span className="solved-tag">
                  ✓ {t(`ordinal.${ORDINAL_KEYS[place] ?? 'fourth'}`)}{' '}
                  {view.edition !== 'jewels' && (round?.gains[p.id] ?? []).map((g, i) => <Gem key={i} gem={g} />)}
                </span>
              )}
            </li>
          );
        })}
      </ol>
      {view.edition === 'jewels' ? <LeadingColours view={view} nameOf={nameOf} /> : <GemLegend />}
    </section>
  );
}

/** What each gem is worth. */
function GemLegend() {
  const { t } = useTranslation();
  return (
    <p className="legend" data-testid="gem-legend">
      {GEMS.map((g: GemName) => (
        <span key={g} className="gem-count">
          <Gem gem={g} /> {t('game.gemWorth', { gem: t(`gems.${g}`), count: GEM_POINTS[g] })}
        </span>
      ))}
    </p>
  );
}

/** The jewel edition: who holds the most of each colour (what the winner is decided by). */
function LeadingColours({ view, nameOf }: { view: RaceView; nameOf: (id: string) => string }) {
  const { t } = useTranslation();
  const lines = JEWEL_COLOURS.flatMap((colour) => {
    const most = Math.max(0, ...view.players.map((p) => p.jewels[colour]));
    if (most === 0) return [];
    const leaders = view.players.filter((p) => p.jewels[colour] === most).map((p) => nameOf(p.id));
    return [{ colour, most, leaders }];
  });
  if (lines.length === 0) return null;
  return (
    <ul className="legend leading" data-testid="leading-colours">
      {lines.map(({ colour, most, leaders }) => (
        <li key={colour}>
          <Jewel colour={colour} decorative />{' '}
          {t('game.leads', { colour: t(`jewels.${colour}`), names: leaders.join(', '), count: most })}
        </li>
      ))}
    </ul>
  );
}

/** A player's jewels, colour by colour. */
export function JewelCounts({ jewels }: { jewels: Record<string, number> }) {
  return (
    <span className="gems">
      {Object.entries(jewels)
        .filter(([, n]) => n > 0)
        .map(([colour, n]) => (
          <span key={colour} className="gem-count">
            <Jewel colour={colour} />×{n}
          </span>
        ))}
    </span>
  );
}

/**
 * Between rounds: every player's board of the round that ended, covered as its player covered it,
 * or with a solution where nobody did; who solved in which place, and what each took.
 */
export function RoundBoards({
  reveal,
  view,
  nameOf,
}: {
  reveal: RoundReveal;
  view: Pick<RaceView, 'edition' | 'you'>;
  nameOf: (id: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <section className="round-boards" aria-labelledby="round-boards-title">
      <h2 id="round-boards-title">{t('game.revealTitle', { round: reveal.round })}</h2>
      <ul>
        {reveal.boards.map((b) => {
          const place = reveal.solved.indexOf(b.player);
          const name = `${nameOf(b.player)}${b.player === view.you ? ` (${t('lobby.you')})` : ''}`;
          return (
            <li key={b.player} className={b.solved ? 'solved' : 'unsolved'} data-player={b.player}>
              <BoardPicture
                task={b.task}
                placements={b.placements}
                label={t(b.solved ? 'game.revealSolved' : 'game.revealSolution', { name, board: b.deal.board })}
              />
              <p>
                <strong>{name}</strong>{' '}
                {place >= 0 ? (
                  <span className="solved-tag">✓ {t(`ordinal.${ORDINAL_KEYS[place] ?? 'fourth'}`)}</span>
                ) : (
                  <span className="muted">{t('game.revealNotSolved')}</span>
                )}{' '}
                {b.gains.map((g, i) =>
                  view.edition === 'jewels' ? <Jewel key={i} colour={g} /> : <Gem key={i} gem={g} />,
                )}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The last finished round: who solved, in order, and what they took. */
function LastRound({ view, nameOf }: { view: RaceView; nameOf: (id: string) => string }) {
  const { t } = useTranslation();
  const last = view.history[view.history.length - 1];
  if (!last) return null;
  return (
    <section className="card last-round">
      <h2>{t('game.lastRound', { round: last.round })}</h2>
      {last.solved.length === 0 ? (
        <p>{t('game.nobodySolved')}</p>
      ) : (
        <ol>
          {last.solved.map((id) => (
            <li key={id}>
              {nameOf(id)}{' '}
              {(last.gains[id] ?? []).map((g, i) =>
                view.edition === 'jewels' ? <Jewel key={i} colour={g} /> : <Gem key={i} gem={g} />,
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A player's pawn: a number in a colour, the same beside the name in the standings. */
function Pawn({ index, name }: { index: number; name: string }) {
  return (
    <span className="pawn" title={name} style={{ background: PIECE_COLOURS[index % PIECE_COLOURS.length] }}>
      {index + 1}
    </span>
  );
}

/** The jewel edition's game board: six rows of jewels (front first) and the pawns; after I solve, the rows I may go to. */
function JewelBoard({ table, view }: { table: Table; view: RaceView }) {
  const { t } = useTranslation();
  // Where the pawn may go now, as the server says: only after solving and before moving; or
  // before the first round, where it may start.
  const reach = view.reach;
  const place = view.place;
  const rows = reach?.rows ?? place?.rows ?? [];
  const cell = 26;
  return (
    <section className="card jewel-board">
      <h2>{t('game.jewelBoard')}</h2>
      {reach && <p role="status">{t('game.chooseRow', { count: reach.upTo })}</p>}
      <ol className="jewel-rows">
        {view.rows.map((row, r) => {
          const pawns = view.players.filter((p) => p.pawn === r);
          const reachable = rows.includes(r);
          const content = (
            <>
              <span className="row-number">{r + 1}</span>
              <span className="pawns">
                {pawns.map((p) => {
                  const i = view.players.indexOf(p);
                  return <Pawn key={p.id} index={i} name={table.nameOf(p.id)} />;
                })}
              </span>
              <svg
                className="jewel-row"
                viewBox={`0 0 ${12 * cell} ${cell}`}
                role="img"
                aria-label={t('game.rowJewels', {
                  row: r + 1,
                  jewels: row.map((c) => t(`jewels.${c}`)).join(', ') || t('game.empty'),
                })}
              >
                {row.map((colour, k) => (
                  <g key={k} transform={`translate(${k * cell + cell / 2},${cell / 2})`} opacity={k < 2 ? 1 : 0.55}>
                    <path d={JEWEL_SHAPES[colour]} fill={JEWEL_FILL[colour]} stroke="#0008" />
                  </g>
                ))}
              </svg>
            </>
          );
          return (
            <li key={r} className={reachable ? 'reachable' : ''}>
              {reachable ? (
                <button
                  type="button"
                  className="row-button"
                  onClick={() => {
                    send(table.room, place ? 'place' : 'move', { row: r });
                  }}
                  aria-label={t(place ? 'game.placeOn' : 'game.moveTo', { row: r + 1 })}
                >
                  {content}
                </button>
              ) : (
                <div className="row-button static">{content}</div>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
