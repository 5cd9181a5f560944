import type {
  GameRecord,
  Occupant,
  PlayerId,
  RaceAction,
  RaceConfig,
  RaceSettings,
  RatingChange,
  Side,
} from '@ubongo/core';

export type { GameRecord, StoredSeat } from '@ubongo/core';

/** A seat of a game under way, as the journal keeps it: who sits there, and the hash of the seat's key. */
export interface JournalSeat {
  readonly id: PlayerId;
  readonly occupant: Occupant;
  readonly side: Side;
  /** SHA-256 (hex) of the key a person comes back to the seat with after a restart; bots have none. */
  readonly keyHash?: string;
  /** A person's account, and whether it has a username (a rated game's players). */
  readonly accountId?: string;
  readonly claimed?: boolean;
  /** The host's seat, in a game's journal (the host hosts again after a restart); absent elsewhere. */
  readonly host?: boolean;
}

/** A seat of a table between games (`LiveTable`): a journal seat, and whether its player is ready. */
export interface TableSeat extends JournalSeat {
  readonly ready: boolean;
}

/**
 * A table between games, kept so that it comes back after a restart (docs/operations.md, the
 * journal): a lobby, or a finished game's table until its rematch. A table whose game is under
 * way is the journal's (`LiveGame`), not kept here.
 */
export interface LiveTable {
  /** The room's id: the table's code, which players come back to. */
  readonly code: string;
  readonly public: boolean;
  readonly settings: RaceSettings;
  readonly seats: readonly TableSeat[];
  /** The host's seat (an index into `seats`); -1 for none. */
  readonly host: number;
  /** The finished game the table shows until a rematch; null for a lobby. */
  readonly game: string | null;
  /** The finished game's rating changes, said again to whoever comes back (`saved`); absent for none. */
  readonly ratings?: readonly RatingChange[];
  /** Game time when it was kept. */
  readonly savedAt: number;
}

/** A game under way, as the journal keeps it: what a restarted server needs to resume it. */
export interface LiveGame {
  /** The game's id (its record's, once stored). */
  readonly id: string;
  /** The room's id: the table's code, which players come back to. */
  readonly room: string;
  readonly public: boolean;
  readonly config: RaceConfig;
  readonly seed: number;
  readonly startedAt: number;
  readonly seats: readonly JournalSeat[];
  /** A rated game (moves its players' ratings when it ends). */
  readonly rated?: boolean;
  /** An arena's game: the arena and the accounts it seated at the table (its points go there when it ends). */
  readonly arena?: LiveArena;
}

/** The arena a game under way is played for (`LiveGame`). */
export interface LiveArena {
  readonly arenaId: string;
  readonly accounts: readonly string[];
}

/** One thing that happened in a game under way, at its game time: an accepted action, or a bot standing in. */
export type JournalEntry =
  | { readonly at: number; readonly kind: 'action'; readonly action: RaceAction }
  | { readonly at: number; readonly kind: 'stand-in'; readonly player: PlayerId };

/** A game under way and its journal so far, in order. */
export interface Journal {
  readonly game: LiveGame;
  readonly entries: readonly { readonly seq: number; readonly entry: JournalEntry }[];
  /** The seq the next entry takes: past every entry the game ever had, set apart ones included. */
  readonly nextSeq: number;
}

/** Games: their records, and the journal of each game under way (what a restarted server resumes). */
export interface Games {
  /**
   * The process this store serves: its public address in a cluster, '' for a lone process. The
   * games it begins are that process's; a process restarted under the same name resumes them
   * (docs/operations.md, "Many processes").
   */
  readonly owner: string;
  /** Stores a game: its record replaces any before it, and the game is no longer under way (its journal is done). */
  saveGame(record: GameRecord): Promise<void>;
  /** A game starts: it is under way until `saveGame` stores its record. */
  beginGame(game: LiveGame): Promise<void>;
  /** Appends to a game's journal; durable (against a crash of the process) when the promise resolves. */
  journal(gameId: string, seq: number, entry: JournalEntry): Promise<void>;
  /**
   * The journal of a game from `fromSeq` on no longer counts (a restart plays the interrupted round
   * again); the entries are kept, set apart, and no longer returned by `liveGames`.
   */
  voidJournal(gameId: string, fromSeq: number): Promise<void>;
  /**
   * Every game under way that this store's owner began, with the entries of its journal that
   * count, by game start then seq. A game whose row or journal cannot be read (a CorruptRowError)
   * fails the call, or, given `skip`, is left out and handed to it (it stays in the database, under
   * way), so that one bad game does not keep the others from resuming.
   */
  liveGames(skip?: (gameId: string, error: Error) => void): Promise<Journal[]>;
  /** The entries set apart by `voidJournal`, of every game, by game then seq (what a restart cost). */
  voidedEntries(): Promise<{ gameId: string; seq: number; entry: JournalEntry }[]>;
  game(id: string): Promise<GameRecord | undefined>;
  /** Keeps a table between games (a lobby, a finished game's table) as this store's owner's; replaces any kept under its code. */
  keepTable(table: LiveTable): Promise<void>;
  /** Forgets the table `code` (closed, or its game began: the journal has it then); none kept is no error. */
  dropTable(code: string): Promise<void>;
  /**
   * Every table between games this store's owner keeps, by code. A row that cannot be read (a
   * CorruptRowError) fails the call, or, given `skip`, is left out and handed to it.
   */
  liveTables(skip?: (code: string, error: Error) => void): Promise<LiveTable[]>;
}
