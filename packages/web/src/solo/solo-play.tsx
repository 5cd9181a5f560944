import type { SoloPuzzleTime, TrailMove } from '@ubongo/core';
import type { ReactNode } from 'react';
import { useCallback, useLayoutEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { clock, useSameData, useTimeTaken } from '../hooks.js';
import { send } from '../net.js';
import type { Placements } from '../play/Puzzle.js';
import { Puzzle } from '../play/Puzzle.js';
import { liftSound } from '../sound.js';
import { useCountdown } from '../ui/countdown.js';
import { boardMove } from '../ui/cues.js';
import { PlayBar, SoundControl } from '../ui/PlayBar.js';
import { RejectedNote } from '../ui/RejectedNote.js';
import type { Received, SoloRunHandle } from './solo-run.js';

/*
 * A solo run on the server, for every screen that plays one (solo, the campaign, the
 * daily, Storm): `useSoloRun` keeps the room and what it says, `SoloPlay` draws the run under way (its
 * clock, the board, a solve's beat, Set aside). The server deals, times and judges; the screen
 * shows what it is told.
 */

export type { Received, Recorded } from './solo-run.js';

/**
 * The run under way: its clock and count, the board (a new puzzle is a new board), a solve's beat
 * over the next board, and under it the sound and Set aside (`skipLabel` names it: a course of one
 * task gives up). `aside`: drawn beside the board (a ghost's board). `bar`: drawn in place of the
 * clock and count (Storm's clock that moves).
 */
export function SoloPlay({
  run,
  skipLabel,
  aside,
  bar,
}: {
  run: SoloRunHandle;
  skipLabel?: string;
  aside?: ReactNode;
  bar?: ReactNode;
}) {
  const { t } = useTranslation();
  const { view, room, beat, rejected, closeRejected } = run;
  // What the board is handed, the same objects until they change (each message brings new copies).
  const task = useSameData(view?.task ?? null);
  const tray = useSameData(view?.set ?? null);
  const claim = useCallback(
    (placements: Placements, trail: readonly TrailMove[]) => {
      closeRejected();
      if (room) send(room, 'claim', { placements, trail });
    },
    [room, closeRejected],
  );
  // Under the board, within a thumb's reach: the sound, and Set aside (the next puzzle).
  const controls = useMemo(
    () => (
      <>
        <SoundControl />
        <button
          type="button"
          className="set-aside"
          data-next-puzzle
          onClick={() => {
            if (room) send(room, 'skip');
          }}
        >
          {skipLabel ?? t('solo.skip')}
        </button>
      </>
    ),
    [room, t, skipLabel],
  );
  const playing = view?.phase === 'playing';
  // The run opens at the top of the page, wherever Start was.
  useLayoutEffect(() => {
    if (playing) window.scrollTo(0, 0);
  }, [playing]);
  if (!playing || !view.current || !task) return null;
  // The board on screen: a new one is a new Puzzle.
  const boardKey = `${view.solved}-${view.skipped}-${view.current.board}-${view.current.key}`;
  return (
    <section className="solo-play">
      {bar ?? (
        <div className="game-bar">
          <SoloClock view={view} />
          <span>
            {view.mode === 'timed'
              ? t('solo.solvedSoFar', { count: view.solved })
              : t('solo.solvedOf', { count: view.solved, limit: view.limit })}
          </span>
        </div>
      )}
      <RejectedNote rejected={rejected} onClose={closeRejected} />
      {/* The next puzzle is on the board and takes moves at once; the solve's moment passes over
          it without taking a tap (pointer-events: none) and fades by itself. */}
      <div className={beat ? 'solo-board arrived' : 'solo-board'}>
        <Puzzle
          key={boardKey}
          task={task}
          tray={tray ?? undefined}
          onMove={boardMove}
          onLift={liftSound}
          onComplete={claim}
          label={t('game.boardLabel', { board: view.current.board })}
        />
        {beat && (
          <div key={beat.count} className="solo-beat" role="status" data-testid="solo-beat">
            <p className="solo-beat-time">{t('solo.beatTime', { time: clock(beat.ms) })}</p>
            <p>
              {view.mode === 'timed'
                ? t('solo.solvedSoFar', { count: beat.count })
                : t('solo.solvedOf', { count: beat.count, limit: view.limit })}
            </p>
          </div>
        )}
        {aside}
      </div>
      <PlayBar>{controls}</PlayBar>
    </section>
  );
}

/**
 * The run's clock: the time left (timed) or the time taken so far (a number of puzzles). It has a
 * clock of its own and re-renders when its whole seconds change: the screen, the board with it, is
 * not drawn again while a piece is dragged.
 */
function SoloClock({ view }: { view: Received }) {
  const { t } = useTranslation();
  const endsAt = view.mode === 'timed' ? view.endsAt : null;
  return endsAt !== null ? (
    <TimeLeft deadline={endsAt} message={view} />
  ) : (
    <span className="solo-clock">
      {t('solo.timeTaken')}{' '}
      <strong>
        <TimeTaken since={view.startedAt ?? view.serverNow} message={view} />
      </strong>
    </span>
  );
}

/** A timed run's time left: urgent in its last ten seconds, as a round's hourglass is (seen, and its sand heard). */
function TimeLeft({ deadline, message }: { deadline: number; message: Received }) {
  const { t } = useTranslation();
  const { left, urgent } = useCountdown(deadline, message);
  return (
    <span className="solo-clock" data-urgent={urgent ? '' : undefined}>
      {t('solo.timeLeft')} <strong>{clock(left)}</strong>
    </span>
  );
}

function TimeTaken({ since, message }: { since: number; message: Received }) {
  return clock(useTimeTaken(since, message));
}

/** A run puzzle by puzzle: a bar each for its time, solved ones full, set aside ones pale; the fastest and slowest solve. */
export function RunChart({ puzzles }: { puzzles: readonly SoloPuzzleTime[] }) {
  const { t } = useTranslation();
  const solved = puzzles.filter((p) => p.outcome === 'solved');
  const longest = Math.max(1, ...puzzles.map((p) => p.ms));
  const fastest = solved.reduce<SoloPuzzleTime | undefined>((a, p) => (a && a.ms <= p.ms ? a : p), undefined);
  const slowest = solved.reduce<SoloPuzzleTime | undefined>((a, p) => (a && a.ms >= p.ms ? a : p), undefined);
  // A puzzle as its card says it: the board and its symbol (or colour), in words.
  const name = (p: SoloPuzzleTime): string => `${p.board} (${t(`keys.${p.key}`)})`;
  return (
    <div className="run-chart">
      {/* Each puzzle's time as a bar beside it, and in words: the fastest and the slowest coloured. */}
      <ol className="run-bars" aria-label={t('solo.chart')}>
        {puzzles.map((p, i) => (
          <li key={i} className={`${p.outcome}${p === fastest ? ' fastest' : ''}${p === slowest ? ' slowest' : ''}`}>
            <span className="run-puzzle">{name(p)}</span>
            <span className="run-bar" aria-hidden="true">
              <span style={{ width: `${Math.max(2, (p.ms / longest) * 100).toFixed(1)}%` }} />
            </span>
            <span className="run-time">
              {clock(p.ms)}
              {p.outcome !== 'solved' && ` (${t(`solo.outcome.${p.outcome}`)})`}
            </span>
          </li>
        ))}
      </ol>
      {fastest && slowest && (
        <p>
          {t('solo.fastest', { puzzle: name(fastest), time: clock(fastest.ms) })} ·{' '}
          {t('solo.slowest', { puzzle: name(slowest), time: clock(slowest.ms) })} ·{' '}
          {t('solo.mean', { time: clock(solved.reduce((sum, p) => sum + p.ms, 0) / solved.length) })}
        </p>
      )}
    </div>
  );
}
