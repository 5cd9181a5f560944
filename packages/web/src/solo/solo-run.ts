import type { Rejected, SoloGhost, SoloServerMessages, SoloViewMessage } from '@ubongo/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnounce } from '../announce.js';
import { useRoomMessages, watchRoom } from '../hooks.js';
import type { GameRoom, JoinOptions } from '../net.js';
import { createRoom, errorText, send } from '../net.js';
import { play } from '../sound.js';
import { solvedCue } from '../ui/cues.js';

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
  /** When each solve of the run so far came (game ms into the run, the server's events): a ghost race's splits. */
  readonly solves: readonly number[];
  /** Starts a new run with these options (leaving the one before). */
  readonly start: (options: JoinOptions<'solo'>) => Promise<void>;
  /** Starts the last run again, with its options: a ghost race's rematch (the same ghost deals the same tasks). */
  readonly rematch: () => Promise<void>;
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

/** The beat fades over BEAT_MS (solo.css), then leaves the page. */
function useBeatFade(beat: Beat | null, set: (none: null) => void): void {
  useEffect(() => {
    if (!beat) return;
    const timer = setTimeout(() => {
      set(null);
    }, BEAT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [beat, set]);
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
  const [solves, setSolves] = useState<readonly number[]>([]);
  // The options the last run was started with (a rematch's).
  const options = useRef<JoinOptions<'solo'> | null>(null);
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
          const at = e.at;
          setSolves((before) => [...before, at]);
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

  useBeatFade(beat, setBeat);

  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const start = useCallback(
    async (startWith: JoinOptions<'solo'>): Promise<void> => {
      setError('');
      setLost(false);
      setView(null);
      setRecorded(null);
      setGhost(null);
      setRejected(null);
      setBeat(null);
      setSolves([]);
      options.current = startWith;
      dealtAt.current = 0;
      marksTaken.set(screen, false);
      setLostToReload(false);
      setBusy(true);
      try {
        leave(room);
        const next = await createRoom('solo', startWith);
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

  const rematch = useCallback(
    (): Promise<void> => (options.current ? start(options.current) : Promise.resolve()),
    [start],
  );

  return {
    room,
    view,
    rejected,
    closeRejected,
    error,
    busy,
    lost,
    lostToReload,
    recorded,
    ghost,
    beat,
    solves,
    start,
    rematch,
  };
}
