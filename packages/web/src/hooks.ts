import type { RoomName, Rooms } from '@ubongo/core';
import type { Room } from 'colyseus.js';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { GameRoom } from './net.js';

/** Re-renders every `ms` while `active`, for clocks. */
export function useNow(ms: number, active = true): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (!active) return;
    setNow(performance.now());
    const id = setInterval(() => {
      setNow(performance.now());
    }, ms);
    return () => {
      clearInterval(id);
    };
  }, [ms, active]);
  return now;
}

/** The messages of one room, caught from the moment it is joined (before any screen listens). */
interface Feed {
  readonly latest: Map<string, { body: unknown; order: number }>;
  /** Answers heard while no screen listened, for the first that does (`ANSWERS`). */
  pending: { type: string; body: unknown; order: number }[];
  readonly listeners: Set<(type: string, body: unknown) => void>;
}
const feeds = new WeakMap<Room, Feed>();
let arrivals = 0;

/** Starts catching a room's messages; call it as soon as the room is joined. */
export function watchRoom(room: Room): void {
  if (feeds.has(room)) return;
  const feed: Feed = { latest: new Map(), pending: [], listeners: new Set() };
  feeds.set(room, feed);
  room.onMessage('*', (type: string | number, body: unknown) => {
    const name = String(type);
    const order = arrivals++;
    feed.latest.set(name, { body, order });
    if (feed.listeners.size === 0 && ANSWERS.has(name) && feed.pending.length < MAX_PENDING)
      feed.pending.push({ type: name, body, order });
    for (const listen of feed.listeners) listen(name, body);
  });
}

/**
 * Messages that describe how things stand: a screen that starts listening late gets the last of
 * each (practice's `level` among them: it is sent on joining, often before the deck list is in).
 * What a room tells whoever joins is among them, since the room is joined before the screen that
 * listens renders: a table's last round's boards (`reveal`) and its game as stored (`saved`), and
 * the rated queue's standing (`queue`) and table (`matched`: a queue that pairs a player as they
 * join). A screen shows a `reveal` or `saved` only with the round and game they are of.
 */
const STATE_MESSAGES = new Set([
  'lobby',
  'view',
  'solo',
  'practice',
  'misses',
  'level',
  'progress',
  'reveal',
  'saved',
  'queue',
  'matched',
  // A solo run's ghost: told once, in answer to `start`, often before the screen has the room.
  'ghost',
]);

/**
 * Answers to what this client asked, told once: one heard before any screen listened (a `start`
 * refused, answered before the screen rendered with the room) goes to the first screen that does.
 * Passing events (a reaction) are not kept: said before anyone listened, they are gone.
 */
const ANSWERS = new Set(['rejected']);
const MAX_PENDING = 16;

/** What a screen does with each message of a room's kind, typed by the protocol. */
export type Handlers<R extends RoomName> = {
  readonly [K in keyof Rooms[R]['server']]?: (body: Rooms[R]['server'][K]) => void;
};

/** Listens to a room's messages while the component lives; the last state messages are replayed first. */
export function useRoomMessages<R extends RoomName>(room: GameRoom<R> | null, handlers: Handlers<R>): void {
  // The latest handlers answer, so they may read the latest state.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (!room) return;
    watchRoom(room);
    const feed = feeds.get(room);
    if (!feed) return;
    const listen = (type: string, body: unknown): void => {
      // The one place a received body gets its type: the server sends by the same protocol.
      const handle = latest.current[type as keyof Handlers<R>] as ((body: unknown) => void) | undefined;
      handle?.(body);
    };
    const caught = [
      ...[...feed.latest.entries()]
        .filter(([type]) => STATE_MESSAGES.has(type))
        .map(([type, { body, order }]) => ({ type, body, order })),
      ...feed.pending,
    ];
    feed.pending = [];
    caught
      .sort((a, b) => a.order - b.order)
      .forEach(({ type, body }) => {
        listen(type, body);
      });
    feed.listeners.add(listen);
    return () => {
      feed.listeners.delete(listen);
    };
  }, [room]);
}

/** Game time left until `deadline`, in ms of the player's clock, from a message received at `receivedAt`. */
export function timeLeft(
  deadline: number,
  message: { serverNow: number; timeScale: number },
  receivedAt: number,
  now: number,
): number {
  return Math.max(0, (deadline - message.serverNow) / message.timeScale - (now - receivedAt));
}

/** A message that carries the server's clock, and when it came (performance.now()). */
export interface Clocked {
  readonly serverNow: number;
  readonly timeScale: number;
  readonly receivedAt: number;
}

/** Re-renders once `ms` from this render (a timer is never early), or not at all (null). */
function useRedrawIn(ms: number | null): void {
  const [, redraw] = useState(0);
  useEffect(() => {
    if (ms === null) return;
    // A timer's delay is whole milliseconds: rounded up, it does not wake just before the moment.
    const id = setTimeout(() => {
      redraw((n) => n + 1);
    }, Math.ceil(ms));
    return () => {
      clearTimeout(id);
    };
  });
}

/**
 * The time left until the game time `deadline` (ms), by a message received at `receivedAt`.
 * Re-renders each time its whole seconds change, at that moment, rather than on a fixed beat (the
 * solo clock, the countdown between rounds; the race's hourglass keeps its own time, Hourglass).
 */
export function useTimeLeft(deadline: number, message: Clocked): number {
  const left = timeLeft(deadline, message, message.receivedAt, performance.now());
  // When the next whole second is reached: the seconds shown will have changed.
  useRedrawIn(left > 0 ? left % 1000 || 1000 : null);
  return left;
}

/**
 * The game time since `since` (ms), on the player's clock, by a message received at `receivedAt`.
 * Re-renders each time its whole seconds (rounded up, as `clock` shows them) change.
 */
export function useTimeTaken(since: number, message: Clocked): number {
  const taken = Math.max(0, (message.serverNow - since) / message.timeScale + (performance.now() - message.receivedAt));
  // Just past the next whole second (right away on one).
  useRedrawIn(taken % 1000 === 0 ? 1 : 1000 - (taken % 1000));
  return taken;
}

/**
 * Whether the game time `deadline` has passed on the player's clock, by a message received at
 * `receivedAt`. Re-renders once, when it passes, not on every tick of a clock (useNow); null: no
 * deadline, never passed.
 */
export function usePassed(deadline: number | null, message: Clocked): boolean {
  const [passed, setPassed] = useState<number | null>(() =>
    deadline !== null && timeLeft(deadline, message, message.receivedAt, performance.now()) <= 0 ? deadline : null,
  );
  useEffect(() => {
    if (deadline === null) return;
    const id = setTimeout(
      () => {
        setPassed(deadline);
      },
      timeLeft(deadline, message, message.receivedAt, performance.now()),
    );
    return () => {
      clearTimeout(id);
    };
  }, [deadline, message]);
  return deadline !== null && passed === deadline;
}

/**
 * The same object for the same data: each message brings new objects, and a component kept by
 * React.memo re-renders only when what they hold has changed.
 */
export function useSameData<T>(value: T): T {
  const json = JSON.stringify(value);
  // The data is the key: a new copy only when it changes.
  return useMemo(() => JSON.parse(json) as T, [json]);
}

/** m:ss */
export function clock(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

// How the player last reached for the page: a key, or a pointer (mouse, finger, pen). Read when a
// new puzzle comes, to give its first piece the focus only to someone on the keyboard.
let lastInput: 'keyboard' | 'pointer' = 'pointer';
if (typeof window !== 'undefined') {
  window.addEventListener(
    'keydown',
    (e) => {
      if (!['Shift', 'Control', 'Alt', 'Meta'].includes(e.key)) lastInput = 'keyboard';
    },
    true,
  );
  window.addEventListener(
    'pointerdown',
    () => {
      lastInput = 'pointer';
    },
    true,
  );
}

/** Whether the last thing the player did was a key press (not a click or a touch). */
export function keyboardInUse(): boolean {
  return lastInput === 'keyboard';
}
