import type { Rejected, SoloGhost, SoloPuzzleTime, SoloServerMessages, SoloViewMessage, TrailMove } from '@ubongo/core';
import type { ReactNode } from 'react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnounce } from '../announce.js';
import { clock, useRoomMessages, useSameData, useTimeLeft, useTimeTaken, watchRoom } from '../hooks.js';
import type { GameRoom, JoinOptions } from '../net.js';
import { createRoom, errorText, send } from '../net.js';
import type { Placements } from '../play/Puzzle.js';
import { Puzzle } from '../play/Puzzle.js';
import { liftSound, play } from '../sound.js';
import { boardMove, PlayBar, RejectedNote, solvedCue, SoundControl } from './common.js';

/*
 * A solo run on the server, for every screen that plays one (solo, the campaign, the
 * daily, Storm): `useSoloRun` keeps the room and what it says, `SoloPlay` draws the run under way (its
 * clock, the board, a solve's beat, Set aside). The server deals, times and judges; the screen
 * shows what it is told.
 */

/** The run's view, and when it came (performance.now()). */
export type Received = SoloViewMessage & { receivedAt: number };

/** What the server said of the stored run. */
export type Recorded = SoloServerMessages['recorded'];

/** How long a solve's beat shows over the next puzzle (real ms); it holds nothing back, so it costs no time. */
const BEAT_MS = 1500;

/** A solve's beat: what to say of it. */
interface Beat {
  /** How long the solve took, from the deal to the claim (the server's times). */
  readonly ms: number;
  /** Puzzles solved so far. */
  readonly count: number;
}

/** A solo run as a screen holds it. */
export interface SoloRunHandle {
  readonly room: GameRoom<'solo'> | null;
  /** The run as the server last showed it (null before it starts, and after a lost connection mid-run). */
  readonly view: Received | null;
  /** The server's refusal of the last message, until it is closed or the next claim. */
  readonly rejected: Rejected | null;
  readonly closeRejected: () => void;
  /** The run could not be started (in words). */
  readonly error: string;
  /** A start is under way. */
  readonly busy: boolean;
  /** The connection dropped: the run is over (the server keeps the clock). */
  readonly lost: boolean;
  /** A run of this screen was under way when the page was left or reloaded, and no run has started since. */
  readonly lostToReload: boolean;
  /** What the server said of the stored run, once it is stored. */
  readonly recorded: Recorded | null;
  /** The recorded run this run races (its `ghost` option), once the server has sent it. */
  readonly ghost: SoloGhost | null;
  /** The latest solve's beat, while it shows. */
  readonly beat: Beat | null;
  /** Starts a new run with these options (leaving the one before). */
  readonly start: (options: JoinOptions<'solo'>) => Promise<void>;
}

const runKey = (screen: string): string => `ubongo.soloRun.${screen}`;

/** Notes in this tab whether a run of `screen` is under way, so that a reload can say it ended the run. */
function markRun(screen: string, underWay: boolean): void {
  try {
    if (underWay) sessionStorage.setItem(runKey(screen), '1');
    else sessionStorage.removeItem(runKey(screen));
  } catch {
    // Not noted: a reload then says nothing.
  }
}

/** The screens whose mark this page load has read already: each is read once, as the page loads. */
const marksTaken = new Map<string, boolean>();

/** Whether a run of `screen` was under way when this tab last left the page (read once a page load). */
function lostAtLoad(screen: string): boolean {
  const known = marksTaken.get(screen);
  if (known !== undefined) return known;
  let was = false;
  try {
    was = sessionStorage.getItem(runKey(screen)) === '1';
    sessionStorage.removeItem(runKey(screen));
  } catch {
    // Unknown: nothing is said.
  }
  marksTaken.set(screen, was);
  return was;
}

/**
 * A solo run on the server for the screen `screen` (it names the reload mark): the room, the view,
 * what the server says, a solve's beat (announced, and its cue played), and `start`.
 */
export function useSoloRun(screen: string): SoloRunHandle {
  const { t } = useTranslation();
  const announce = useAnnounce();
  const [room, setRoom] = useState<GameRoom<'solo'> | null>(null);
  const [view, setView] = useState<Received | null>(null);
  const [rejected, setRejected] = useState<Rejected | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [lost, setLost] = useState(false);
  const [lostToReload, setLostToReload] = useState(() => lostAtLoad(screen));
  const [recorded, setRecorded] = useState<Recorded | null>(null);
  const [ghost, setGhost] = useState<SoloGhost | null>(null);
  const [beat, setBeat] = useState<Beat | null>(null);
  // When the puzzle on the board was dealt (ms into the run, as the events count).
  const dealtAt = useRef(0);

  // The rooms this page left itself (a new run, the screen closed): their closing is no lost connection.
  const leftOnPurpose = useRef(new WeakSet());
  const leave = useCallback((left: GameRoom<'solo'> | null) => {
    if (!left?.connection.isOpen) return;
    leftOnPurpose.current.add(left);
    void left.leave(true);
  }, []);

  useEffect(
    () => () => {
      leave(room);
    },
    [room, leave],
  );

  useRoomMessages(room, {
    view: (message) => {
      setView({ ...message, receivedAt: performance.now() });
    },
    events: ({ events }) => {
      for (const e of events) {
        if (e.type === 'solved') {
          announce(t('solo.solvedOne', { count: e.solved }));
          solvedCue();
          setBeat({ ms: Math.max(0, e.at - dealtAt.current), count: e.solved });
        }
        if (e.type === 'solved' || e.type === 'skipped') dealtAt.current = e.at;
        if (e.type === 'finished') {
          announce(t('solo.finished'));
          play('end');
        }
      }
    },
    rejected: setRejected,
    recorded: (message) => {
      markRun(screen, false);
      setRecorded(message);
    },
    ghost: setGhost,
  });

  // A run whose connection drops is over (the server keeps the clock); say so.
  useEffect(() => {
    if (!room) return;
    const onLeave = (code: number): void => {
      if (code === 1000 || leftOnPurpose.current.has(room)) return;
      setLost(true);
      setView((v) => (v?.phase === 'playing' ? null : v));
    };
    room.onLeave(onLeave);
    return () => {
      room.onLeave.remove(onLeave);
    };
  }, [room]);

  // The beat fades over BEAT_MS (styles.css), then leaves the page.
  useEffect(() => {
    if (!beat) return;
    const timer = setTimeout(() => {
      setBeat(null);
    }, BEAT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [beat]);

  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const start = useCallback(
    async (options: JoinOptions<'solo'>): Promise<void> => {
      setError('');
      setLost(false);
      setView(null);
      setRecorded(null);
      setGhost(null);
      setRejected(null);
      setBeat(null);
      dealtAt.current = 0;
      marksTaken.set(screen, false);
      setLostToReload(false);
      setBusy(true);
      try {
        leave(room);
        const next = await createRoom('solo', options);
        watchRoom(next);
        if (!live.current) {
          void next.leave(true);
          return;
        }
        send(next, 'start');
        markRun(screen, true);
        setRoom(next);
      } catch (e) {
        setError(errorText(e, t));
      } finally {
        setBusy(false);
      }
    },
    [room, screen, t, leave],
  );

  const closeRejected = useCallback(() => {
    setRejected(null);
  }, []);

  return { room, view, rejected, closeRejected, error, busy, lost, lostToReload, recorded, ghost, beat, start };
}

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
  const left = useTimeLeft(deadline, message);
  const whole = Math.ceil(left / 1000);
  const urgent = whole > 0 && whole <= URGENT_SECONDS;
  useEffect(() => {
    if (urgent) play('sand');
  }, [urgent, whole]);
  return (
    <span className="solo-clock" data-urgent={urgent ? '' : undefined}>
      {t('solo.timeLeft')} <strong>{clock(left)}</strong>
    </span>
  );
}

/** The last seconds of a timed run, when its clock turns urgent. */
const URGENT_SECONDS = 10;

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
