import { currentAccount, rename } from './account.js';
import type { GameRoom } from './net.js';

/*
 * What the page keeps between screens: the player's name (their account's), and a room just
 * created or joined on the home screen, handed to the table's screen.
 */

const NAME_KEY = 'ubongo.name';

/** The name the player goes by: their account's (account.ts). */
export function playerName(): string {
  return currentAccount()?.name ?? '';
}

/** Whether the player has chosen a name on this browser (a guest starts as "Player NNNN"). */
export function hasPlayerName(): boolean {
  try {
    return Boolean(localStorage.getItem(NAME_KEY)?.trim()) || currentAccount()?.username != null;
  } catch {
    return false;
  }
}

/** Renames the account when the name changed; the server says why a name is refused. */
export async function savePlayerName(name: string): Promise<void> {
  const trimmed = name.trim();
  if (!trimmed) return;
  if (trimmed !== currentAccount()?.name) await rename(trimmed);
  else
    try {
      // Kept as it is, but chosen: not asked for again.
      localStorage.setItem(NAME_KEY, trimmed);
    } catch {
      // Asked again next time.
    }
}

let pending: GameRoom<'race'> | null = null;

export function handOver(room: GameRoom<'race'>): void {
  pending = room;
}

/** The room handed over for this code, once; a room handed over for another code is left. */
export function takeRoom(code: string): GameRoom<'race'> | null {
  const room = pending;
  pending = null;
  if (room && room.roomId !== code) {
    void room.leave(true);
    return null;
  }
  return room;
}
