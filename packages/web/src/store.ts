import type { SoloBest } from '@ubongo/core';
import type { GameRoom } from './net.js';

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

/** The best solo result kept in the browser, per mode, length and side. */
export function personalBest(key: string): SoloBest | null {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(`ubongo.best.${key}`) ?? 'null');
    // What another version (or a person) left there is not sent to the server unless it has the shape.
    const { solved, ms } = (saved ?? {}) as Record<string, unknown>;
    const count = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;
    return count(solved) && Number.isInteger(solved) && count(ms) ? { solved, ms } : null;
  } catch {
    return null;
  }
}

export function savePersonalBest(key: string, best: SoloBest): void {
  try {
    localStorage.setItem(`ubongo.best.${key}`, JSON.stringify(best));
  } catch {
    // not remembered
  }
}
