import type { RaceEdition } from '@ubongo/core';

/** A scheduled arena (migration 023, `arenas`; docs/arenas.md). Times are game time. */
export interface Arena {
  readonly id: string;
  readonly name: string;
  readonly edition: RaceEdition;
  /** Rounds of each game. */
  readonly rounds: number;
  readonly startsAt: number;
  readonly endsAt: number;
  readonly createdAt: number;
}

/** A player's entry in an arena (`arena_entries`): their sum, and where they are now. */
export interface ArenaEntry {
  readonly arenaId: string;
  readonly accountId: string;
  /** The account's name and username (from `accounts`). */
  readonly name: string;
  readonly username: string | null;
  readonly joinedAt: number;
  readonly points: number;
  readonly wins: number;
  readonly games: number;
  /** Since when the player waits in the arena's lobby; null when not waiting. */
  readonly waitingSince: number | null;
  /** When the player last said they are in the lobby. */
  readonly seenAt: number;
  /** The table (room code) the player is seated at; null when none. */
  readonly table: string | null;
}

/** An arena game's result for one player, added to their entry. */
export interface ArenaGameResult {
  readonly accountId: string;
  readonly points: number;
  readonly win: boolean;
}

/** Arenas (migration 023): scheduled tournaments, their entries, their tables. */
export interface Arenas {
  /** Stores a new arena; false (and nothing changed) when one has its id. */
  createArena(arena: Arena): Promise<boolean>;
  arena(id: string): Promise<Arena | undefined>;
  /** The arenas that end at or after `from` and start at or before `to`, by start then id, at most `limit`. */
  arenas(from: number, to: number, limit: number): Promise<Arena[]>;
  /** Removes an arena nobody has entered; false (nothing changed) when there is none such. */
  cancelArena(id: string): Promise<boolean>;
  /**
   * An account is in the arena's lobby at `at`: entered (once), waiting from now unless it waits
   * already or sits at a table; `seenAt` is `at`.
   */
  enterArena(arenaId: string, accountId: string, at: number): Promise<void>;
  /** An account leaves the arena's lobby: it no longer waits (its sum stays). */
  leaveArenaLobby(arenaId: string, accountId: string): Promise<void>;
  /** Every entry of an arena, by when it entered. */
  arenaEntries(arenaId: string): Promise<ArenaEntry[]>;
  /**
   * Seats waiting accounts at `table`, all or none: false (nothing changed) unless every one of
   * them waits and sits at no table (another process seated one first).
   */
  seatArenaTable(arenaId: string, accountIds: readonly string[], table: string): Promise<boolean>;
  /**
   * A table is over: its players leave it, and those in `results` who still sat at it get their
   * points, a game, and a win if they won (so a table's results count once).
   */
  endArenaTable(arenaId: string, table: string, results: readonly ArenaGameResult[]): Promise<void>;
  /** The arenas an account entered, the latest start first, at most `limit`. */
  arenasOf(accountId: string, limit: number): Promise<Arena[]>;
}
