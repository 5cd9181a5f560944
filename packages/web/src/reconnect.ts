import type { Room } from 'colyseus.js';
import type { GameRoom } from './net.js';
import { joinTable, rejoin } from './net.js';

/** A joined room, remembered so that the page can come back to it after a reload or a dropped connection. */
const TOKEN_KEY = 'ubongo.reconnect';

interface Remembered {
  readonly code?: string;
  readonly token?: string;
  /** The seat's key in a game under way (the lobby's `seatKey`): back to the seat after a server restart. */
  readonly seatKey?: string;
  /** Watching, with no seat: back by the table's code, to watch again. */
  readonly watching?: true;
  /** Came to watch only (`spectate: true`, the live page): comes back so, never to a seat at the rematch. */
  readonly spectate?: true;
}

function remembered(code: string): Remembered | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(TOKEN_KEY) ?? 'null') as Remembered | null;
    return saved?.code === code ? saved : null;
  } catch {
    return null;
  }
}

function remember(saved: Remembered): void {
  try {
    sessionStorage.setItem(TOKEN_KEY, JSON.stringify(saved));
  } catch {
    // Storage may be unavailable (private modes); reconnection after a reload is then not offered.
  }
}

/**
 * Keeps what brings this tab back to `room` after a reload or a dropped connection, as its latest
 * lobby tells (until one comes, as the tab last knew it): a seat's reconnection token and, in a
 * game under way, the seat's key; for someone watching only that they watch, and no token: the
 * server keeps no place for a watcher to come back to (a reconnection is refused, 410).
 */
export function rememberRoom(
  room: Room,
  lobby?: { readonly seatKey: string | null; readonly you: number },
  spectate = false,
): void {
  const before = remembered(room.roomId);
  const onlyWatching = spectate || before?.spectate === true;
  const watching = lobby ? lobby.you < 0 : before?.watching === true;
  const seatKey = lobby ? (lobby.seatKey ?? undefined) : before?.seatKey;
  const next: Remembered = {
    code: room.roomId,
    ...(watching ? { watching } : { token: room.reconnectionToken }),
    ...(seatKey ? { seatKey } : {}),
    ...(onlyWatching ? { spectate: true as const } : {}),
  };
  if (JSON.stringify(next) !== JSON.stringify(before)) remember(next);
}

/** Whether this tab has a way back to the table `code`: a seat's token or key, or watching it. */
export function canComeBack(code: string): boolean {
  const saved = remembered(code);
  return saved !== null && (saved.token !== undefined || saved.seatKey !== undefined || saved.watching === true);
}

/**
 * Back into a table after a dropped connection or a reload: the same connection's seat if the
 * server still holds it, else the seat's key (a server that restarted resumes the game and knows
 * the key, not the old connection); someone watching watches again.
 */
export async function comeBack(code: string): Promise<GameRoom<'race'>> {
  const { token, seatKey, watching, spectate } = remembered(code) ?? {};
  if (token) {
    try {
      return await rejoin(token);
    } catch (e) {
      if (!seatKey) throw e;
    }
  }
  if (seatKey) return joinTable(code, { seatKey });
  // As anyone who opens the table's link: a watcher still, while a game is under way (or every seat
  // taken), and one who takes a seat that comes free, as the rematch gives them.
  if (watching) return joinTable(code, spectate ? { spectate } : {});
  throw new Error('nothing to come back with');
}

/** Forgets the way back to a table: it was left for good, or there is none. */
export function forgetRoom(): void {
  try {
    sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // nothing to forget
  }
}
