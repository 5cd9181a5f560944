import { chosenName, currentAccount, keepName, rename } from './account.js';
import type { GameRoom } from './net.js';

/*
 * What the page keeps between screens: the player's name (their account's), and a room just
 * created or joined on the home screen, handed to the table's screen.
 */

/** The name the player goes by: their account's (account.ts). */
export function playerName(): string {
  return currentAccount()?.name ?? '';
}

/** Whether the player has chosen a name on this browser (a guest starts as "Player NNNN"). */
export function hasPlayerName(): boolean {
  return chosenName() !== null || currentAccount()?.username != null;
}

/** Renames the account when the name changed; the server says why a name is refused. */
export async function savePlayerName(name: string): Promise<void> {
  const trimmed = name.trim();
  if (!trimmed) return;
  // Kept as it is, it is chosen all the same: not asked for again.
  if (trimmed !== currentAccount()?.name) await rename(trimmed);
  else keepName(trimmed);
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
