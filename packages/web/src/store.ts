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

/** The room handed over for this code, once. */
export function takeRoom(code: string): Room | null {
  if (pending?.roomId !== code) return null;
  const room = pending;
  pending = null;
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
