import type { DeckIndex, PracticeTaskRef } from '@ubongo/core';
import { CLOSE_CODES } from '@ubongo/core';
import type { RefObject } from 'react';
import { useEffect, useRef, useState } from 'react';
import { watchRoom } from '../hooks.js';
import type { GameRoom } from '../net.js';
import { createRoom, fetchDecks, send } from '../net.js';
import type { Placements } from '../play/Puzzle.js';

/** Real ms between tries to get practice back after its connection dropped, and how many tries before giving up. */
const AGAIN_MS = 2000;
const TRIES = 15;

/**
 * How practice stands with the server: connected; its connection dropped and it is getting it back
 * (the board stays as it is); or closed, and why (it offers to start again).
 */
export type Connection = 'ok' | 'lost' | 'idle' | 'flooded' | 'offline';

/** The options of a practice room made again: the task in hand (its reference only), if any; a run's misses, if they are practised. */
const goOnWith = (
  task: PracticeTaskRef | null,
  misses: number | undefined,
): { task?: PracticeTaskRef; misses?: { run: number } } => ({
  ...(task ? { task: { edition: task.edition, board: task.board, side: task.side, key: task.key } } : {}),
  ...(misses === undefined ? {} : { misses: { run: misses } }),
});

/** Practice's room with the server, as it stands: the deck list, the room, why it could not begin, its connection. */
export interface PracticeRoom {
  readonly decks: DeckIndex | null;
  readonly room: GameRoom<'practice'> | null;
  /** Why practice could not begin (put into words as it is shown). */
  readonly error: { readonly cause: unknown } | null;
  readonly connection: Connection;
  /** Practice made again by hand (after it was closed), with the task in hand. */
  readonly startAgain: () => void;
}

/**
 * Joins practice (with a few tries when back from offline) and keeps it joined: a dropped
 * connection makes the room again with the task in hand (`taskRef`), and a covered board not yet
 * answered (`pendingClaim`) is sent again once the room is back. `misses`: a stored run whose
 * missed boards the room deals (docs/courses.md, "Learn from the misses"); `start`: the task to
 * begin with.
 */
export function usePracticeRoom(
  backOnline: boolean,
  taskRef: RefObject<PracticeTaskRef | null>,
  pendingClaim: RefObject<Placements | null>,
  misses?: number,
  start?: PracticeTaskRef,
): PracticeRoom {
  // The task the page opened at (a link to a task), if any: the room begins with it.
  const opening = useRef(start ?? null);
  const [decks, setDecks] = useState<DeckIndex | null>(null);
  const [room, setRoom] = useState<GameRoom<'practice'> | null>(null);
  const [error, setError] = useState<{ readonly cause: unknown } | null>(null);
  const [connection, setConnection] = useState<Connection>('ok');

  useEffect(() => {
    let live = true;
    let joined: GameRoom<'practice'> | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Back from offline, the network may take a moment to answer: a few tries before giving up.
    const begin = (tries: number): void => {
      // The room's messages are caught as soon as it is joined, whatever the deck list is doing.
      const practice = createRoom('practice', goOnWith(opening.current, misses)).then((r) => {
        watchRoom(r);
        joined = r;
        return r;
      });
      Promise.all([fetchDecks(), practice])
        .then(([index, r]) => {
          if (!live) {
            void r.leave(true);
            return;
          }
          setDecks(index);
          setRoom(r);
        })
        .catch((e: unknown) => {
          // Without the deck list there is nothing to practise on: the room is left.
          void practice.then((r) => r.leave(true)).catch(() => undefined);
          if (!live) return;
          if (tries > 1)
            timer = setTimeout(() => {
              begin(tries - 1);
            }, AGAIN_MS);
          else setError({ cause: e });
        });
    };
    begin(backOnline ? TRIES : 1);
    return () => {
      live = false;
      clearTimeout(timer);
      if (joined?.connection.isOpen) void joined.leave(true);
    };
  }, [backOnline, misses]);

  // A dropped connection (the network, a server restart) makes the room again, with the task in
  // hand, while the board stays as it is; a room closed for idleness or for a flood of messages
  // is said to be, with a button to start again. Nothing is left that does nothing.
  useEffect(() => {
    if (!room) return;
    const run = { cancelled: false, timer: undefined as ReturnType<typeof setTimeout> | undefined };
    const again = (tries: number): void => {
      createRoom('practice', goOnWith(taskRef.current, misses))
        .then((back) => {
          watchRoom(back);
          if (run.cancelled) {
            void back.leave(true);
            return;
          }
          setConnection('ok');
          setRoom(back);
        })
        .catch(() => {
          if (run.cancelled) return;
          if (tries + 1 < TRIES)
            run.timer = setTimeout(() => {
              again(tries + 1);
            }, AGAIN_MS);
          else setConnection('offline');
        });
    };
    const onLeave = (code: number): void => {
      if (run.cancelled || code === 1000) return;
      if (code === CLOSE_CODES.idle || code === CLOSE_CODES.flood) {
        setConnection(code === CLOSE_CODES.idle ? 'idle' : 'flooded');
        return;
      }
      setConnection('lost');
      run.timer = setTimeout(() => {
        again(0);
      }, 500);
    };
    room.onLeave(onLeave);
    return () => {
      run.cancelled = true;
      clearTimeout(run.timer);
      room.onLeave.remove(onLeave);
    };
  }, [room, taskRef, misses]);

  // Back in a room: a covered board the connection kept from being answered is sent now.
  useEffect(() => {
    if (room?.connection.isOpen && pendingClaim.current) send(room, 'claim', { placements: pendingClaim.current });
  }, [room, pendingClaim]);

  /** Practice made again by hand (after it was closed), with the task in hand. */
  const startAgain = (): void => {
    setConnection('lost');
    createRoom('practice', goOnWith(taskRef.current, misses))
      .then((back) => {
        watchRoom(back);
        setConnection('ok');
        setRoom(back);
      })
      .catch(() => {
        setConnection('offline');
      });
  };

  return { decks, room, error, connection, startAgain };
}
