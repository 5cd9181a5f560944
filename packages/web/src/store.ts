import type { Room } from 'colyseus.js';

/*
 * What the page keeps between screens: the player's name (remembered in the browser), and a room
 * just created or joined on the home screen, handed to the table's screen.
 */

const NAME_KEY = 'ubongo.name';

export function playerName(): string {
  try {
    const saved = localStorage.getItem(NAME_KEY);
    if (saved && saved.trim()) return saved.trim().slice(0, 24);
  } catch {
    // fall through
  }
  return `Player ${100 + Math.floor(Math.random() * 900)}`;
}

/** Whether the player has given a name on this browser. */
export function hasPlayerName(): boolean {
  try {
    return Boolean(localStorage.getItem(NAME_KEY)?.trim());
  } catch {
    return false;
  }
}

export function savePlayerName(name: string): void {
  try {
    localStorage.setItem(NAME_KEY, name.trim().slice(0, 24));
  } catch {
    // not remembered
  }
}

let pending: Room | null = null;

export function handOver(room: Room): void {
  pending = room;
}

/** The room handed over for this code, once; a room handed over for another code is left. */
export function takeRoom(code: string): Room | null {
  const room = pending;
  pending = null;
  if (room && room.roomId !== code) {
    void room.leave(true);
    return null;
  }
  return room;
}

/** Best solo results kept in the browser, per mode, length and side. */
export function personalBest(key: string): { solved: number; ms: number } | null {
  try {
    return JSON.parse(localStorage.getItem(`ubongo.best.${key}`) ?? 'null') as { solved: number; ms: number } | null;
  } catch {
    return null;
  }
}

export function savePersonalBest(key: string, best: { solved: number; ms: number }): void {
  try {
    localStorage.setItem(`ubongo.best.${key}`, JSON.stringify(best));
  } catch {
    // not remembered
  }
}
