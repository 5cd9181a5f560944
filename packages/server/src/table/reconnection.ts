import type { Client } from '@colyseus/core';
import { ClientState, matchMaker } from '@colyseus/core';
import { CLOSE_CODES } from '@ubongo/core';
import { AccountError } from '../accounts/accounts.js';

/*
 * A reconnection token opens a seat for the account that holds it, and for no one else
 * (docs/accounts.md). Colyseus's reconnect takes a token alone: whoever has it gets the seat, even
 * from its owner's live connection (race-room.ts hands a seat over to a reconnection, for a reload
 * quicker than the old page's goodbye). So the matchmaker asks the room whose seat the token opens
 * before Colyseus hears of it, and refuses a session of another account.
 */

/** What the room's method that names a token's account is called (race-room.ts), for `remoteRoomCall`. */
export const RECONNECTION_OWNER = 'reconnectionOwner';

/** The room kinds that hold seats for reconnections (the others keep none, so Colyseus refuses any token). */
const HOLDS_SEATS = new Set(['race']);

/**
 * Refuses a reconnection to `roomId` with `body.reconnectionToken` unless `accountId` (the session's
 * account; undefined without a session) holds the seat the token opens. A room that is not there,
 * or a token that opens nothing, is left to Colyseus to refuse in its words.
 */
export async function checkReconnection(roomId: string, body: unknown, accountId: string | undefined): Promise<void> {
  if (accountId === undefined) throw new AccountError(401, 'account/sign-in-first', 'sign in first');
  const token = (body as { reconnectionToken?: unknown } | null)?.reconnectionToken;
  if (typeof token !== 'string') return;
  const [room] = await matchMaker.query({ roomId });
  if (!room || !HOLDS_SEATS.has(room.name)) return;
  const owner = (await matchMaker.remoteRoomCall(roomId, RECONNECTION_OWNER, [token])) as unknown;
  if (typeof owner === 'string' && owner !== accountId)
    throw new AccountError(
      403,
      'account/seat-not-yours',
      'that seat belongs to another account (account/seat-not-yours)',
    );
}

/**
 * A reconnection before the old connection is seen to go (a reload quicker than the old page's
 * goodbye, a phone that changed networks): the token proves the seat, so the `old` connection is
 * dropped at once, as if its socket had closed (the seat held for a reconnection, the room's
 * onLeave, which `leave` calls), and told why (CLOSE_CODES.elsewhere); the new one then takes the
 * seat. A watcher's token opens nothing (`seated` says whether a connection holds a seat).
 *
 * Not Colyseus's `_forciblyCloseClient`: it closes the client's socket only once onLeave is over,
 * which here is when the new connection is in, and by then the old client's `ref` is the new
 * socket (Colyseus hands it over), so the new connection would be closed instead.
 */
export function handOver(
  old: Client | undefined,
  seated: (sessionId: string) => boolean,
  leave: (old: Client) => void,
): void {
  // (Not a connection whose join is still being answered: its seat could not be held for it.)
  if (old?.state !== ClientState.JOINED || !seated(old.sessionId)) return;
  // The listeners Colyseus put on the old socket (its messages, its close), as _forciblyCloseClient takes them off.
  const socket = old.ref as typeof old.ref & { onleave?: () => void };
  socket.removeAllListeners('message');
  if (socket.onleave) socket.removeListener('close', socket.onleave);
  old.leave(CLOSE_CODES.elsewhere);
  leave(old);
}
