import { CLOSE_CODES } from '@ubongo/core';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { watchRoom } from '../hooks.js';
import type { GameRoom } from '../net.js';
import { joinTable } from '../net.js';
import { canComeBack, comeBack, forgetRoom, rememberRoom } from '../reconnect.js';
import { parseRoute } from '../route.js';
import { takeRoom } from '../store.js';

/** Why a table cannot be shown: a join refused (its error, put into words as it is shown), or a table left behind (what happened). */
export type Failure = { readonly joinError: unknown } | { readonly text: string };

/**
 * The room the home page handed over for a code. React may run a screen's first render more than
 * once (a render it interrupts is thrown away, its state with it): each run must find the room, or
 * the screen would join its own table again, in a second seat. Kept here until the screen mounts.
 */
const handedOver = new Map<string, GameRoom<'race'>>();
function handedRoom(code: string): GameRoom<'race'> | null {
  const room = takeRoom(code);
  if (room) handedOver.set(code, room);
  return handedOver.get(code) ?? null;
}

/** The screen's room: the one the home page handed over for `code`, until another is joined. */
export function useHandedRoom(code: string) {
  const [room, setRoom] = useState<GameRoom<'race'> | null>(() => handedRoom(code));
  useEffect(() => {
    handedOver.delete(code);
  }, [code]);
  return [room, setRoom] as const;
}

/** Joins the table `code` once the player is named, back into their seat if they can; `setFailure` if it cannot. */
export function useJoinByCode(
  code: string,
  room: GameRoom<'race'> | null,
  named: boolean,
  setRoom: (room: GameRoom<'race'>) => void,
  setFailure: (failure: Failure) => void,
): void {
  // Join by code when the page was opened from a link (or reloaded): back into the seat if we can.
  useEffect(() => {
    if (room || !named) return;
    const run = { cancelled: false };
    void (async () => {
      const back = canComeBack(code);
      let joined: GameRoom<'race'> | null = null;
      // After a reload (or a server's restart) a few tries, then a new seat.
      for (let attempt = 0; back && !joined && attempt < 4 && !run.cancelled; attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
        joined = await comeBack(code).catch(() => null);
      }
      try {
        joined ??= await joinTable(code);
        watchRoom(joined);
        rememberRoom(joined);
        if (run.cancelled) void joined.leave();
        else setRoom(joined);
      } catch (e) {
        if (!run.cancelled) setFailure({ joinError: e });
      }
    })();
    return () => {
      run.cancelled = true;
    };
  }, [room, code, named, setRoom, setFailure]);
}

/** Comes back to the table after a dropped connection, or says why it is closed. */
export function useComeBack(
  room: GameRoom<'race'> | null,
  t: TFunction,
  setRoom: (room: GameRoom<'race'>) => void,
  setFailure: (failure: Failure) => void,
  setConnection: (connection: 'ok' | 'lost') => void,
): void {
  // A dropped connection is retried for the minute the server keeps the seat (a server that
  // restarts keeps it too); a table the server closed (4000), closed for idleness or for a flood
  // of messages is said to be closed, and why, as is a seat taken back in another tab or window.
  useEffect(() => {
    if (!room) return;
    const run = { cancelled: false, timer: undefined as ReturnType<typeof setTimeout> | undefined };
    const onLeave = (closeCode: number): void => {
      if (run.cancelled || closeCode === 1000) return;
      const closedFor =
        closeCode === 4000
          ? 'race.closed'
          : closeCode === CLOSE_CODES.idle
            ? 'race.idle'
            : closeCode === CLOSE_CODES.flood
              ? 'race.flooded'
              : closeCode === CLOSE_CODES.elsewhere
                ? 'race.elsewhere'
                : undefined;
      if (closedFor) {
        forgetRoom();
        setFailure({ text: t(closedFor) });
        return;
      }
      setConnection('lost');
      let tries = 0;
      const retry = (): void => {
        tries++;
        comeBack(room.roomId)
          .then((back) => {
            watchRoom(back);
            rememberRoom(back);
            if (run.cancelled) {
              forgetRoom();
              void back.leave(true);
              return;
            }
            setConnection('ok');
            setRoom(back);
          })
          .catch(() => {
            if (run.cancelled) return;
            if (tries < 20) run.timer = setTimeout(retry, 3000);
            else {
              forgetRoom();
              setFailure({ text: t('race.lost') });
            }
          });
      };
      run.timer = setTimeout(retry, 1000);
    };
    room.onLeave(onLeave);
    return () => {
      run.cancelled = true;
      clearTimeout(run.timer);
      room.onLeave.remove(onLeave);
    };
  }, [room, t, setRoom, setFailure, setConnection]);
}

/** Leaves the table when the screen goes (not on a reload). */
export function useLeaveOnExit(room: GameRoom<'race'> | null): void {
  useEffect(
    () => () => {
      // Going to another screen leaves the table (a reload keeps the seat, to come back to).
      const route = parseRoute(window.location.hash);
      if (room?.connection.isOpen && !(route.name === 'room' && route.code === room.roomId)) {
        forgetRoom();
        void room.leave(true);
      }
    },
    [room],
  );
}

/**
 * Where a link would take a player seated in a game in play, while the game's own dialog asks
 * whether to leave (null: no question open).
 */
export function useLeaveGuard(code: string, seatedInPlay: boolean): [string | null, (to: string | null) => void] {
  const [leaving, setLeaving] = useState<string | null>(null);
  // A question left open when the game ended is not asked again in the next one.
  if (!seatedInPlay && leaving !== null) setLeaving(null);
  useEffect(() => {
    if (!seatedInPlay) return;
    const onClick = (e: MouseEvent): void => {
      // Links to a screen (#/...); not the skip link (#main), which stays on the page.
      const link = e.target instanceof Element ? e.target.closest('a[href^="#/"]') : null;
      if (!link || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const route = parseRoute(link.getAttribute('href') ?? '');
      if (route.name === 'room' && route.code === code) return;
      e.preventDefault();
      setLeaving(link.getAttribute('href'));
    };
    document.addEventListener('click', onClick, { capture: true });
    return () => {
      document.removeEventListener('click', onClick, { capture: true });
    };
  }, [seatedInPlay, code]);
  return [leaving, setLeaving];
}
