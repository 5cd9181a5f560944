import type { RaceEdition } from './game/index.js';

/*
 * Arenas (docs/arenas.md): scheduled tournaments. From an arena's start to its end, each player who
 * comes back to its lobby is seated at a rated table of 2 to 4 with others waiting there; each game
 * gives points by place. What here is pure: the points, the standings' order, how the waiting are
 * split into tables. The server keeps the arena and seats the tables.
 */

/** Points by place in an arena game: 1st 4, 2nd 2, 3rd 1, 4th 0 (a place shared gives the better place's points). */
export const ARENA_POINTS = [4, 2, 1, 0] as const;

/** An arena's points for a place (from 1) in a game; a player who scored nothing in the game gets none. */
export function arenaPoints(place: number, scored: boolean): number {
  if (!scored) return 0;
  return ARENA_POINTS[place - 1] ?? 0;
}

/** Where an arena is on its clock. */
export const ARENA_STATUSES = ['upcoming', 'running', 'finished'] as const;
export type ArenaStatus = (typeof ARENA_STATUSES)[number];

/** An arena's status at game time `now`: it runs from `startsAt` (included) to `endsAt` (excluded). */
export function arenaStatus(arena: { readonly startsAt: number; readonly endsAt: number }, now: number): ArenaStatus {
  if (now < arena.startsAt) return 'upcoming';
  return now < arena.endsAt ? 'running' : 'finished';
}

/** A player's sum in an arena, as standings order it. */
export interface ArenaTally {
  readonly account: string;
  readonly points: number;
  readonly wins: number;
  readonly games: number;
  /** When the player first entered the arena (game time). */
  readonly joinedAt: number;
}

/**
 * Standings: most points, then most wins, then fewer games (the same points in fewer games), then
 * who entered first; each with a place, shared by those equal in points, wins and games.
 */
export function arenaStandings<T extends ArenaTally>(tallies: readonly T[]): (T & { readonly place: number })[] {
  const sorted = [...tallies].sort(
    (a, b) =>
      b.points - a.points ||
      b.wins - a.wins ||
      a.games - b.games ||
      a.joinedAt - b.joinedAt ||
      (a.account < b.account ? -1 : a.account > b.account ? 1 : 0),
  );
  const placed: (T & { readonly place: number })[] = [];
  sorted.forEach((t, i) => {
    const before = placed[i - 1];
    const tie = before && before.points === t.points && before.wins === t.wins && before.games === t.games;
    placed.push({ ...t, place: tie ? before.place : i + 1 });
  });
  return placed;
}

/** Seats at an arena table. */
export const ARENA_TABLE = { min: 2, max: 4 } as const;

/**
 * Table sizes for `waiting` players (2 or more): as few tables as 4 seats allow, their sizes as
 * even as can be (5 is 3 + 2, 6 is 3 + 3, 9 is 3 + 3 + 3). Fewer than 2 make no table.
 */
export function arenaTableSizes(waiting: number): number[] {
  if (waiting < ARENA_TABLE.min) return [];
  const tables = Math.ceil(waiting / ARENA_TABLE.max);
  const base = Math.floor(waiting / tables);
  return Array.from({ length: tables }, (_, i) => base + (i < waiting % tables ? 1 : 0));
}

/**
 * The tables for the players waiting, in the order they came back to the lobby: split by
 * `arenaTableSizes`, near ratings together (sorted by `rating`, the order of coming back breaking
 * ties).
 */
export function arenaTables<T>(waiting: readonly T[], rating: (player: T) => number): T[][] {
  const sizes = arenaTableSizes(waiting.length);
  const byRating = waiting.map((p, i) => ({ p, i })).sort((a, b) => rating(b.p) - rating(a.p) || a.i - b.i);
  const tables: T[][] = [];
  let at = 0;
  for (const size of sizes) {
    tables.push(byRating.slice(at, at + size).map((e) => e.p));
    at += size;
  }
  return tables;
}

/** An arena as the API shows it (`GET /api/arenas`, `GET /api/arenas/:id`). */
export interface ArenaView {
  readonly id: string;
  readonly name: string;
  readonly edition: RaceEdition;
  /** Rounds of each game. */
  readonly rounds: number;
  /** Game time (the wall clock's at time scale 1). */
  readonly startsAt: number;
  readonly endsAt: number;
  readonly status: ArenaStatus;
  /** Players who have entered. */
  readonly players: number;
}

/** A row of an arena's standings. */
export interface ArenaStanding {
  readonly place: number;
  readonly account: string;
  readonly name: string;
  readonly username: string | null;
  readonly points: number;
  readonly wins: number;
  readonly games: number;
  /** At a table of the arena now. */
  readonly playing: boolean;
}

/** `GET /api/arenas`: the arenas to come and running, then the last finished, each by start. */
export interface ArenasAnswer {
  readonly serverNow: number;
  readonly arenas: readonly ArenaView[];
}

/** Where the asking player stands in the arena (with a session). */
export interface ArenaYou {
  readonly entered: boolean;
  /** In the arena's lobby, waiting for a table. */
  readonly waiting: boolean;
  /** The table (a room's code) the player is seated at, to join; null when none. */
  readonly table: string | null;
}

/** `GET /api/arenas/:id` and `POST /api/arenas/:id/join`: the arena, its standings, its podium once it is over. */
export interface ArenaAnswer {
  readonly arena: ArenaView;
  readonly serverNow: number;
  readonly timeScale: number;
  readonly standings: readonly ArenaStanding[];
  /** The first three, once the arena is over; empty before. */
  readonly podium: readonly ArenaStanding[];
  /** Tables of the arena still playing (their games count when they end). */
  readonly tables: number;
  readonly you?: ArenaYou;
}

/** An account's result in an arena (`GET /api/players/:id/arenas`). */
export interface ArenaResult {
  readonly arena: ArenaView;
  readonly place: number;
  readonly points: number;
  readonly games: number;
  readonly wins: number;
}

/** `GET /api/players/:id/arenas`: the arenas an account played, newest first. */
export interface PlayerArenasAnswer {
  readonly arenas: readonly ArenaResult[];
}
