import type { Side } from '@ubongo/core';
import { MAX_SPECTATORS } from '../protocol.js';
import type { Account } from '../accounts/store.js';
import type { Table } from './table.js';
import { seatAccount } from './seats.js';

/** How a connection asks to join, and how it came in (`RaceMaster.join`). */
export interface JoinAs {
  readonly side: Side;
  readonly spectate?: boolean | undefined;
  readonly seatKey?: string | undefined;
}
export type Joined = 'back' | 'seated' | 'watching' | 'no-room' | 'not-yours';

/**
 * A connection of `auth`'s joins `table` (a game is under way there, or not: `playing`): back to
 * its seat of the game under way with the seat's key, else at a free seat of the lobby, else
 * watching (or to come to play when a seat is free after the game), unless the spectators' places
 * are taken.
 */
export function joinTable(
  table: Table,
  playing: boolean,
  sessionId: string,
  { side, spectate, seatKey }: JoinAs,
  auth: Account | undefined,
): Joined {
  // The matchmaker let in signed-in players only (server.ts); their account's name is shown.
  const name = auth?.name ?? 'Player';
  const account = seatAccount(auth);
  // (A lobby kept over a restart takes its people back by their keys too: resume.ts.)
  const own = seatKey !== undefined ? table.seatByKey(seatKey, account) : undefined;
  if (own === 'not-yours') return 'not-yours';
  if (own && seatKey !== undefined) {
    table.sitBack(own, sessionId, seatKey, account);
    return 'back';
  }
  if (!playing && !spectate && !table.full && table.admits(account)) {
    table.sit(sessionId, name, side, account);
    return 'seated';
  }
  if (table.watchers.size >= MAX_SPECTATORS) return 'no-room';
  table.watch(sessionId, { name, side, wantsSeat: spectate !== true, ...(account === undefined ? {} : { account }) });
  return 'watching';
}
