import type { Deck, DeckEdition } from '@ubongo/core';
import type { GameClock } from './clock.js';
import type { InPlay } from './practice/in-play.js';
import type { Whereabouts } from './friends/whereabouts.js';
import type { Limits } from './net/limits.js';
import type { Attempts } from './rating/puzzles.js';
import type { Measures } from './metrics.js';
import type { RaceGame } from './table/race-game.js';
import type { MatchOrder } from './table/match-order.js';
import type { SeasonKeeper } from './rating/seasons.js';
import type { JournalSeat, LiveGame, LiveTable } from './table/store.js';
import type { Arena, ArenaGameResult } from './arena/store.js';
import type { Stores } from './storage/stores.js';
import type { ArenaSeating } from './table/table.js';

/** What rooms need from the server around them. */
export interface RoomServices {
  readonly stores: Stores;
  /** Counts first attempts at tasks for their ratings (puzzles.ts). */
  readonly attempts: Attempts;
  readonly clock: GameClock;
  readonly decks: Readonly<Record<DeckEdition, Deck>>;
  /** A fresh seed for a game (crypto-random in production). */
  readonly seed: () => number;
  /** Where a room reports trouble that is not a player's fault. */
  readonly log: (message: string) => void;
  /** The server's limits (idle time, flood strikes, ...). */
  readonly limits: Limits;
  /** The tasks each account has in play, which practice does not solve for it. */
  readonly inPlay: InPlay;
  /** Where each account is, for its friends (a table's lobby or game, solo, practice). */
  readonly whereabouts: Whereabouts;
  /**
   * Games rebuilt from the journal at start, and tables kept between games, each waiting for its
   * room, by the key its room is created with.
   */
  readonly resumes: Map<string, Resumption | Restoration>;
  /** Tables the rated queue made (rated-room.ts), each waiting for its room, by the key its room is created with. */
  readonly matches?: Map<string, MatchOrder>;
  /** The seasons of rated play: a rated game is rated in the season under way, its turn taken first (seasons.ts). */
  readonly seasons?: SeasonKeeper;
  /** What the process measures of itself: its Prometheus metrics (ops/prometheus.ts), the bench's figures (UBONGO_METRICS=1). */
  readonly metrics?: Measures;
  /** Arenas' tables (arenas.ts), if the server runs arenas. */
  readonly arenas?: ArenaTables;
}

/** An arena's table as its room is created with it (arenas.ts). */
export interface ArenaTableOrder {
  readonly code: string;
  readonly arena: Arena;
  readonly seating: ArenaSeating;
}

/** What rooms need of the arenas: the table a room is made for, and a table's end. */
export interface ArenaTables {
  /** The table ordered under `key` (a room's create options), once. */
  take(key: string): ArenaTableOrder | undefined;
  /** A table's game is over: its players' points (each counted once), and they are free again. */
  over(arenaId: string, code: string, results: readonly ArenaGameResult[]): Promise<void>;
}

/** A game rebuilt from the journal (resume.ts), handed to the room that goes on with it. */
export interface Resumption {
  readonly live: LiveGame;
  readonly game: RaceGame;
  /** The seats as they stand after the journal's counted entries (bots standing in included). */
  readonly seats: readonly JournalSeat[];
}

/** A table kept between games (a lobby, a finished game's table), handed back to a room after a restart (resume.ts). */
export interface Restoration {
  readonly table: LiveTable;
  /** The finished game it shows, rebuilt from its stored record; null for a lobby (or a record that is gone). */
  readonly game: RaceGame | null;
}
