import type {
  Occupant,
  PlayerId,
  RaceAction,
  RaceConfig,
  RaceEdition,
  RaceResult,
  SoloMode,
  SoloRecordEntry,
  Side,
} from '@ubongo/core';
import Database from 'better-sqlite3';
import type { Generated, Migration } from 'kysely';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import { accessSync, constants, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** A seat of a stored game. */
export interface StoredSeat {
  readonly id: string;
  readonly name: string;
  readonly kind: 'human' | 'bot';
  readonly level?: string;
}

/** Everything needed to replay a game exactly: configuration, seed and every accepted action with its time. */
export interface GameRecord {
  readonly id: string;
  readonly config: RaceConfig;
  readonly seed: number;
  readonly seats: readonly StoredSeat[];
  readonly actions: readonly { readonly at: number; readonly action: RaceAction }[];
  /** Undefined for a game the server stopped before it ended. */
  readonly result: RaceResult | undefined;
  readonly startedAt: number;
  readonly finishedAt: number;
}

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
}

/** A deck task's rating (puzzles.ts), learned from players' first attempts. */
export interface PuzzleRating {
  /** `edition/board/side/key`. */
  readonly task: string;
  readonly mu: number;
  readonly sigma: number;
  readonly attempts: number;
  readonly updatedAt: number;
}

/** A player's rating in one edition (ratings.ts): openskill's mu and sigma, and how many games made it. */
export interface PlayerRating {
  readonly accountId: string;
  readonly edition: RaceEdition;
  readonly mu: number;
  readonly sigma: number;
  readonly games: number;
  readonly updatedAt: number;
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

/** A player's account: a guest's until claimed with a username and a password. */
export interface Account {
  readonly id: string;
  /** SHA-256 (hex) of the guest's secret, which the browser keeps. */
  readonly secretHash: string;
  /** The name shown at tables and in records. */
  readonly name: string;
  /** Null for a guest. */
  readonly username: string | null;
  /** scrypt, as `scrypt$N$r$p$salt$hash` (base64url); null for a guest. */
  readonly passwordHash: string | null;
  readonly createdAt: number;
}

/** A signed-in session: the hash of its token, whose account, until when. */
export interface Session {
  readonly tokenHash: string;
  readonly accountId: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  /** When it was signed out; null while it holds. */
  readonly revokedAt: number | null;
}

/** A finished solo game, the record a player tries to beat: its result, who, with which seed, when. */
export interface SoloRecord extends SoloRecordEntry {
  /** The account that played it (null for results stored before accounts). */
  readonly accountId: string | null;
  /** False when a solve came faster than a person can (docs/accounts.md): kept, never listed. */
  readonly verified: boolean;
}

/** Which solo records to list. */
export interface RecordQuery {
  readonly mode: SoloMode;
  readonly limit?: number;
  readonly side?: Side;
  readonly top?: number;
  /** Only results finished at or after this time (a leaderboard of today, of this week). */
  readonly since?: number;
}

/**
 * Where games and records are kept. SQLite in-process by default, `MemoryStorage` for a server that
 * keeps nothing; another database later, same queries. Every implementation passes the contract suite
 * in storage.test.ts.
 */
export interface Storage {
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
  /** Every game under way, with the entries of its journal that count, by game start then seq. */
  liveGames(): Promise<Journal[]>;
  /** The entries set apart by `voidJournal`, of every game, by game then seq (what a restart cost). */
  voidedEntries(): Promise<{ gameId: string; seq: number; entry: JournalEntry }[]>;
  game(id: string): Promise<GameRecord | undefined>;
  saveSolo(record: SoloRecord): Promise<void>;
  /** The best verified results: most solved then fastest (timed), fastest complete runs (count). */
  records(query: RecordQuery): Promise<SoloRecord[]>;
  /** An account's solo results, verified or not, newest first. */
  soloResultsOf(accountId: string): Promise<SoloRecord[]>;
  /** Marks an account for review, with why and when (the first reason is kept). */
  flagAccount(id: string, reason: string, at: number): Promise<void>;
  /** The accounts marked for review, earliest first. */
  flaggedAccounts(): Promise<{ account: Account; reason: string; at: number }[]>;
  /** An account's ratings, one per edition it has played rated. */
  ratingsOf(accountId: string): Promise<PlayerRating[]>;
  /** Stores the ratings a rated game gave, with a history entry each (game, rating after), at once. */
  saveRatings(gameId: string, ratings: readonly PlayerRating[]): Promise<void>;
  /** An account's rating after each rated game in an edition, oldest first. */
  ratingHistory(
    accountId: string,
    edition: RaceEdition,
  ): Promise<{ gameId: string; mu: number; sigma: number; at: number }[]>;
  /** Notes an account's first attempt at a task; false if it had one before (nothing noted then). */
  firstAttempt(accountId: string, task: string, at: number): Promise<boolean>;
  puzzleRating(task: string): Promise<PuzzleRating | undefined>;
  savePuzzleRating(rating: PuzzleRating): Promise<void>;
  /** The best ratings of an edition by mu - 3 sigma, with the accounts' names. */
  leaderboard(edition: RaceEdition, top: number): Promise<(PlayerRating & { name: string; username: string | null })[]>;
  /** Creates a guest's account (its username and password, if any given, are ignored: see `claimAccount`). */
  createAccount(account: Account): Promise<void>;
  account(id: string): Promise<Account | undefined>;
  /** The account of a username, whatever its case (`key` is the username's `nameKey`). */
  accountByUsername(key: string): Promise<Account | undefined>;
  /** Gives a guest a username and a password; false when another account has the username (in any case). */
  claimAccount(id: string, username: string, key: string, passwordHash: string): Promise<boolean>;
  setPassword(id: string, passwordHash: string): Promise<void>;
  renameAccount(id: string, name: string): Promise<void>;
  createSession(session: Session): Promise<void>;
  session(tokenHash: string): Promise<Session | undefined>;
  /** Signs out one session (`tokenHash`), or every session of `accountId` but `except`. */
  revokeSessions(
    which: { readonly tokenHash: string } | { readonly accountId: string; readonly except?: string },
    at: number,
  ): Promise<void>;
  close(): Promise<void>;
}

interface Tables {
  accounts: {
    id: string;
    secret_hash: string;
    name: string;
    username: string | null;
    username_key: string | null;
    password_hash: string | null;
    created_at: number;
  };
  sessions: {
    token_hash: string;
    account_id: string;
    created_at: number;
    expires_at: number;
    revoked_at: number | null;
  };
  games: {
    id: string;
    edition: string;
    config: string;
    seed: number;
    seats: string;
    actions: string;
    result: string | null;
    started_at: number;
    finished_at: number;
  };
  live_games: {
    id: string;
    room: string;
    public: number;
    rated: Generated<number>;
    config: string;
    seed: number;
    started_at: number;
    seats: string;
  };
  journal: {
    game_id: string;
    seq: number;
    entry: string;
    voided: number;
  };
  solo_results: {
    id: Generated<number>;
    player: string;
    mode: string;
    limit_value: number;
    side: string;
    solved: number;
    skipped: number;
    ms: number;
    seed: number;
    finished_at: number;
    account_id: string | null;
    verified: number;
  };
  account_flags: {
    account_id: string;
    reason: string;
    at: number;
  };
  ratings: {
    account_id: string;
    edition: string;
    mu: number;
    sigma: number;
    games: number;
    updated_at: number;
  };
  puzzle_ratings: {
    task: string;
    mu: number;
    sigma: number;
    attempts: number;
    updated_at: number;
  };
  first_attempts: {
    account_id: string;
    task: string;
    at: number;
  };
  rating_history: {
    account_id: string;
    edition: string;
    game_id: string;
    mu: number;
    sigma: number;
    at: number;
  };
}

// Migrations run at start, in name order; a new one is appended, never edited once shipped.
const MIGRATIONS: Record<string, Migration> = {
  '001_games_and_solo_results': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('games')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('edition', 'text', (c) => c.notNull())
        .addColumn('config', 'text', (c) => c.notNull())
        .addColumn('seed', 'integer', (c) => c.notNull())
        .addColumn('seats', 'text', (c) => c.notNull())
        .addColumn('actions', 'text', (c) => c.notNull())
        .addColumn('result', 'text')
        .addColumn('started_at', 'integer', (c) => c.notNull())
        .addColumn('finished_at', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('solo_results')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('player', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('limit_value', 'integer', (c) => c.notNull())
        .addColumn('side', 'text', (c) => c.notNull())
        .addColumn('solved', 'integer', (c) => c.notNull())
        .addColumn('skipped', 'integer', (c) => c.notNull())
        .addColumn('ms', 'integer', (c) => c.notNull())
        .addColumn('seed', 'integer', (c) => c.notNull())
        .addColumn('finished_at', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('solo_results_by_mode')
        .on('solo_results')
        .columns(['mode', 'limit_value', 'side'])
        .execute();
    },
  },
  '002_journal': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('live_games')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('room', 'text', (c) => c.notNull())
        .addColumn('public', 'integer', (c) => c.notNull())
        .addColumn('config', 'text', (c) => c.notNull())
        .addColumn('seed', 'integer', (c) => c.notNull())
        .addColumn('started_at', 'integer', (c) => c.notNull())
        .addColumn('seats', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('journal')
        .addColumn('game_id', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('entry', 'text', (c) => c.notNull())
        .addColumn('voided', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('journal_key', ['game_id', 'seq'])
        .execute();
    },
  },
  '003_accounts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('username', 'text')
        .addColumn('username_key', 'text', (c) => c.unique())
        .addColumn('password_hash', 'text')
        .addColumn('created_at', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'integer', (c) => c.notNull())
        .addColumn('revoked_at', 'integer')
        .execute();
      await db.schema.createIndex('sessions_by_account').on('sessions').column('account_id').execute();
    },
  },
  '004_earned_records': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('solo_results').addColumn('account_id', 'text').execute();
      await db.schema
        .alterTable('solo_results')
        .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.createIndex('solo_results_by_account').on('solo_results').column('account_id').execute();
      await db.schema
        .createTable('account_flags')
        .addColumn('account_id', 'text', (c) => c.primaryKey())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('at', 'integer', (c) => c.notNull())
        .execute();
    },
  },
  '005_ratings': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('live_games')
        .addColumn('rated', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('ratings')
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('edition', 'text', (c) => c.notNull())
        .addColumn('mu', 'real', (c) => c.notNull())
        .addColumn('sigma', 'real', (c) => c.notNull())
        .addColumn('games', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('ratings_key', ['account_id', 'edition'])
        .execute();
      await db.schema
        .createTable('rating_history')
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('edition', 'text', (c) => c.notNull())
        .addColumn('game_id', 'text', (c) => c.notNull())
        .addColumn('mu', 'real', (c) => c.notNull())
        .addColumn('sigma', 'real', (c) => c.notNull())
        .addColumn('at', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('rating_history_key', ['account_id', 'edition', 'game_id'])
        .execute();
    },
  },
  '006_puzzle_ratings': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('puzzle_ratings')
        .addColumn('task', 'text', (c) => c.primaryKey())
        .addColumn('mu', 'real', (c) => c.notNull())
        .addColumn('sigma', 'real', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('first_attempts')
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('task', 'text', (c) => c.notNull())
        .addColumn('at', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('first_attempts_key', ['account_id', 'task'])
        .execute();
    },
  },
};

const ratingOf = (row: Tables['ratings']): PlayerRating => ({
  accountId: row.account_id,
  edition: row.edition as RaceEdition,
  mu: row.mu,
  sigma: row.sigma,
  games: row.games,
  updatedAt: row.updated_at,
});

const soloOf = (row: Omit<Tables['solo_results'], 'id'>): SoloRecord => ({
  player: row.player,
  mode: row.mode as SoloMode,
  limit: row.limit_value,
  side: row.side as Side,
  solved: row.solved,
  skipped: row.skipped,
  ms: row.ms,
  seed: row.seed,
  finishedAt: row.finished_at,
  accountId: row.account_id,
  verified: row.verified === 1,
});

const accountOf = (row: Tables['accounts']): Account => ({
  id: row.id,
  secretHash: row.secret_hash,
  name: row.name,
  username: row.username,
  passwordHash: row.password_hash,
  createdAt: row.created_at,
});

/** The SQLite storage: `ubongo.sqlite` in the data folder, migrated when opened. */
export class SqliteStorage implements Storage {
  private constructor(private readonly db: Kysely<Tables>) {}

  /** Opens (creating if needed) the database in `dataDir` and brings its schema up to date. */
  static async open(dataDir: string): Promise<SqliteStorage> {
    try {
      mkdirSync(dataDir, { recursive: true });
      accessSync(dataDir, constants.W_OK);
    } catch (e) {
      throw new Error(
        `the data folder ${dataDir} cannot be written to (${e instanceof Error ? e.message : String(e)})`,
        { cause: e },
      );
    }
    const file = join(dataDir, 'ubongo.sqlite');
    const database = new Database(file);
    try {
      database.pragma('journal_mode = WAL');
      // In WAL mode NORMAL commits survive a crash of the process (kill -9) without an fsync per
      // commit; only a crash of the machine may lose the last ones (docs/operations.md).
      database.pragma('synchronous = NORMAL');
      // A write now rather than at the end of someone's game: SQLite opens a file it may not
      // write read-only, without a word, and refuses the first write.
      const version = database.pragma('user_version', { simple: true }) as number;
      database.pragma(`user_version = ${version}`);
    } catch (e) {
      database.close();
      throw new Error(`the database ${file} cannot be written to (${e instanceof Error ? e.message : String(e)})`, {
        cause: e,
      });
    }
    const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database }) });
    const migrator = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(MIGRATIONS) } });
    const { error } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(`migration failed: ${JSON.stringify(error)}`);
    return new SqliteStorage(db);
  }

  async saveGame(r: GameRecord): Promise<void> {
    const row = {
      id: r.id,
      edition: r.config.edition,
      config: JSON.stringify(r.config),
      seed: r.seed,
      seats: JSON.stringify(r.seats),
      actions: JSON.stringify(r.actions),
      result: r.result === undefined ? null : JSON.stringify(r.result),
      started_at: r.startedAt,
      finished_at: r.finishedAt,
    };
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('games')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
      await tx.deleteFrom('journal').where('game_id', '=', r.id).where('voided', '=', 0).execute();
      await tx.deleteFrom('live_games').where('id', '=', r.id).execute();
    });
  }

  async beginGame(g: LiveGame): Promise<void> {
    const row = {
      id: g.id,
      room: g.room,
      public: g.public ? 1 : 0,
      rated: g.rated === true ? 1 : 0,
      config: JSON.stringify(g.config),
      seed: g.seed,
      started_at: g.startedAt,
      seats: JSON.stringify(g.seats),
    };
    await this.db
      .insertInto('live_games')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute();
  }

  async journal(gameId: string, seq: number, entry: JournalEntry): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const live = await tx.selectFrom('live_games').select('id').where('id', '=', gameId).executeTakeFirst();
      if (!live) throw new Error(`no game ${gameId} under way`);
      await tx
        .insertInto('journal')
        .values({ game_id: gameId, seq, entry: JSON.stringify(entry), voided: 0 })
        .execute();
    });
  }

  async voidJournal(gameId: string, fromSeq: number): Promise<void> {
    await this.db
      .updateTable('journal')
      .set({ voided: 1 })
      .where('game_id', '=', gameId)
      .where('seq', '>=', fromSeq)
      .where('voided', '=', 0)
      .execute();
  }

  async liveGames(): Promise<Journal[]> {
    const games = await this.db.selectFrom('live_games').selectAll().orderBy('started_at').orderBy('id').execute();
    const journals: Journal[] = [];
    for (const g of games) {
      const rows = await this.db
        .selectFrom('journal')
        .select(['seq', 'entry', 'voided'])
        .where('game_id', '=', g.id)
        .orderBy('seq')
        .execute();
      const counted = rows.filter((r) => r.voided === 0);
      journals.push({
        game: {
          id: g.id,
          room: g.room,
          public: g.public === 1,
          ...(g.rated === 1 ? { rated: true } : {}),
          config: JSON.parse(g.config) as RaceConfig,
          seed: g.seed,
          startedAt: g.started_at,
          seats: JSON.parse(g.seats) as JournalSeat[],
        },
        entries: counted.map((r) => ({ seq: r.seq, entry: JSON.parse(r.entry) as JournalEntry })),
        nextSeq: (rows.at(-1)?.seq ?? -1) + 1,
      });
    }
    return journals;
  }

  async voidedEntries(): Promise<{ gameId: string; seq: number; entry: JournalEntry }[]> {
    const rows = await this.db
      .selectFrom('journal')
      .select(['game_id', 'seq', 'entry'])
      .where('voided', '=', 1)
      .orderBy('game_id')
      .orderBy('seq')
      .execute();
    return rows.map((r) => ({ gameId: r.game_id, seq: r.seq, entry: JSON.parse(r.entry) as JournalEntry }));
  }

  async game(id: string): Promise<GameRecord | undefined> {
    const row = await this.db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      config: JSON.parse(row.config) as RaceConfig,
      seed: row.seed,
      seats: JSON.parse(row.seats) as StoredSeat[],
      actions: JSON.parse(row.actions) as GameRecord['actions'],
      result: row.result === null ? undefined : (JSON.parse(row.result) as RaceResult),
      startedAt: row.started_at,
      finishedAt: row.finished_at,
    };
  }

  async saveSolo(r: SoloRecord): Promise<void> {
    await this.db
      .insertInto('solo_results')
      .values({
        player: r.player,
        mode: r.mode,
        limit_value: r.limit,
        side: r.side,
        solved: r.solved,
        skipped: r.skipped,
        ms: r.ms,
        seed: r.seed,
        finished_at: r.finishedAt,
        account_id: r.accountId,
        verified: r.verified ? 1 : 0,
      })
      .execute();
  }

  async soloResultsOf(accountId: string): Promise<SoloRecord[]> {
    const rows = await this.db
      .selectFrom('solo_results')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('finished_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(soloOf);
  }

  async flagAccount(id: string, reason: string, at: number): Promise<void> {
    await this.db
      .insertInto('account_flags')
      .values({ account_id: id, reason, at })
      .onConflict((oc) => oc.column('account_id').doNothing())
      .execute();
  }

  async flaggedAccounts(): Promise<{ account: Account; reason: string; at: number }[]> {
    const rows = await this.db
      .selectFrom('account_flags')
      .innerJoin('accounts', 'accounts.id', 'account_flags.account_id')
      .selectAll('accounts')
      .select(['account_flags.reason', 'account_flags.at'])
      .orderBy('account_flags.at')
      .orderBy('accounts.id')
      .execute();
    return rows.map((row) => ({ account: accountOf(row), reason: row.reason, at: row.at }));
  }

  async ratingsOf(accountId: string): Promise<PlayerRating[]> {
    const rows = await this.db
      .selectFrom('ratings')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('edition')
      .execute();
    return rows.map(ratingOf);
  }

  async saveRatings(gameId: string, ratings: readonly PlayerRating[]): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      for (const r of ratings) {
        const row = {
          account_id: r.accountId,
          edition: r.edition,
          mu: r.mu,
          sigma: r.sigma,
          games: r.games,
          updated_at: r.updatedAt,
        };
        await tx
          .insertInto('ratings')
          .values(row)
          .onConflict((oc) => oc.columns(['account_id', 'edition']).doUpdateSet(row))
          .execute();
        await tx
          .insertInto('rating_history')
          .values({
            account_id: r.accountId,
            edition: r.edition,
            game_id: gameId,
            mu: r.mu,
            sigma: r.sigma,
            at: r.updatedAt,
          })
          .onConflict((oc) => oc.columns(['account_id', 'edition', 'game_id']).doNothing())
          .execute();
      }
    });
  }

  async ratingHistory(
    accountId: string,
    edition: RaceEdition,
  ): Promise<{ gameId: string; mu: number; sigma: number; at: number }[]> {
    const rows = await this.db
      .selectFrom('rating_history')
      .select(['game_id', 'mu', 'sigma', 'at'])
      .where('account_id', '=', accountId)
      .where('edition', '=', edition)
      .orderBy('at')
      .orderBy('game_id')
      .execute();
    return rows.map((r) => ({ gameId: r.game_id, mu: r.mu, sigma: r.sigma, at: r.at }));
  }

  async firstAttempt(accountId: string, task: string, at: number): Promise<boolean> {
    const result = await this.db
      .insertInto('first_attempts')
      .values({ account_id: accountId, task, at })
      .onConflict((oc) => oc.columns(['account_id', 'task']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async puzzleRating(task: string): Promise<PuzzleRating | undefined> {
    const row = await this.db.selectFrom('puzzle_ratings').selectAll().where('task', '=', task).executeTakeFirst();
    return row && { task: row.task, mu: row.mu, sigma: row.sigma, attempts: row.attempts, updatedAt: row.updated_at };
  }

  async savePuzzleRating(r: PuzzleRating): Promise<void> {
    const row = { task: r.task, mu: r.mu, sigma: r.sigma, attempts: r.attempts, updated_at: r.updatedAt };
    await this.db
      .insertInto('puzzle_ratings')
      .values(row)
      .onConflict((oc) => oc.column('task').doUpdateSet(row))
      .execute();
  }

  async leaderboard(
    edition: RaceEdition,
    top: number,
  ): Promise<(PlayerRating & { name: string; username: string | null })[]> {
    const rows = await this.db
      .selectFrom('ratings')
      .innerJoin('accounts', 'accounts.id', 'ratings.account_id')
      .selectAll('ratings')
      .select(['accounts.name', 'accounts.username'])
      .where('ratings.edition', '=', edition)
      .orderBy(sql`mu - 3 * sigma`, 'desc')
      .orderBy('ratings.account_id')
      .limit(top)
      .execute();
    return rows.map((r) => ({ ...ratingOf(r), name: r.name, username: r.username }));
  }

  async records(q: RecordQuery): Promise<SoloRecord[]> {
    let query = this.db.selectFrom('solo_results').selectAll().where('mode', '=', q.mode).where('verified', '=', 1);
    if (q.limit !== undefined) query = query.where('limit_value', '=', q.limit);
    if (q.side !== undefined) query = query.where('side', '=', q.side);
    if (q.since !== undefined) query = query.where('finished_at', '>=', q.since);
    // A count game is a record only once its puzzles are all solved.
    query =
      q.mode === 'count'
        ? query.where(sql<boolean>`solved >= limit_value`).orderBy('ms', 'asc')
        : query.orderBy('solved', 'desc').orderBy('ms', 'asc');
    const rows = await query
      .orderBy('finished_at', 'asc')
      .limit(q.top ?? 10)
      .execute();
    return rows.map(soloOf);
  }

  async createAccount(a: Account): Promise<void> {
    await this.db
      .insertInto('accounts')
      .values({
        id: a.id,
        secret_hash: a.secretHash,
        name: a.name,
        username: null,
        username_key: null,
        password_hash: null,
        created_at: a.createdAt,
      })
      .execute();
  }

  async account(id: string): Promise<Account | undefined> {
    const row = await this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    return row && accountOf(row);
  }

  async accountByUsername(key: string): Promise<Account | undefined> {
    const row = await this.db.selectFrom('accounts').selectAll().where('username_key', '=', key).executeTakeFirst();
    return row && accountOf(row);
  }

  async claimAccount(id: string, username: string, key: string, passwordHash: string): Promise<boolean> {
    const taken = await this.db.selectFrom('accounts').select('id').where('username_key', '=', key).executeTakeFirst();
    if (taken && taken.id !== id) return false;
    try {
      await this.db
        .updateTable('accounts')
        .set({ username, username_key: key, password_hash: passwordHash })
        .where('id', '=', id)
        .execute();
      return true;
    } catch (e) {
      // Another claim took the name between the look and the write.
      if (e instanceof Error && /UNIQUE/.test(e.message)) return false;
      throw e;
    }
  }

  async setPassword(id: string, passwordHash: string): Promise<void> {
    await this.db.updateTable('accounts').set({ password_hash: passwordHash }).where('id', '=', id).execute();
  }

  async renameAccount(id: string, name: string): Promise<void> {
    await this.db.updateTable('accounts').set({ name }).where('id', '=', id).execute();
  }

  async createSession(session: Session): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({
        token_hash: session.tokenHash,
        account_id: session.accountId,
        created_at: session.createdAt,
        expires_at: session.expiresAt,
        revoked_at: session.revokedAt,
      })
      .execute();
  }

  async session(tokenHash: string): Promise<Session | undefined> {
    const row = await this.db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    return (
      row && {
        tokenHash: row.token_hash,
        accountId: row.account_id,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
        revokedAt: row.revoked_at,
      }
    );
  }

  async revokeSessions(
    which: { readonly tokenHash: string } | { readonly accountId: string; readonly except?: string },
    at: number,
  ): Promise<void> {
    let query = this.db.updateTable('sessions').set({ revoked_at: at }).where('revoked_at', 'is', null);
    if ('tokenHash' in which) query = query.where('token_hash', '=', which.tokenHash);
    else {
      query = query.where('account_id', '=', which.accountId);
      if (which.except !== undefined) query = query.where('token_hash', '!=', which.except);
    }
    await query.execute();
  }

  async close(): Promise<void> {
    await this.db.destroy();
  }
}

/**
 * Storage that lives and dies with the process: for tests and servers that keep nothing. It behaves as `SqliteStorage` does; both pass the same contract suite.
 */
export class MemoryStorage implements Storage {
  private readonly games = new Map<string, GameRecord>();
  private readonly live = new Map<string, { game: LiveGame; entries: { seq: number; entry: JournalEntry }[] }>();
  private readonly voided: { gameId: string; seq: number; entry: JournalEntry }[] = [];
  private readonly accounts = new Map<string, Account & { key: string | null }>();
  private readonly sessions = new Map<string, Session>();
  private readonly flags = new Map<string, { reason: string; at: number }>();
  private readonly ratings = new Map<string, PlayerRating>();
  private readonly puzzles = new Map<string, PuzzleRating>();
  private readonly attempts = new Set<string>();
  private readonly history = new Map<
    string,
    { accountId: string; edition: RaceEdition; gameId: string; mu: number; sigma: number; at: number }
  >();
  // In saving order, like SQLite's rowids.
  private readonly solos: SoloRecord[] = [];
  private closed = false;

  saveGame(r: GameRecord): Promise<void> {
    return this.run(() => {
      this.games.set(r.id, copyGame(r));
      this.live.delete(r.id);
    });
  }

  beginGame(g: LiveGame): Promise<void> {
    return this.run(() => {
      const before = this.live.get(g.id);
      this.live.set(g.id, { game: viaJson(g), entries: before?.entries ?? [] });
    });
  }

  journal(gameId: string, seq: number, entry: JournalEntry): Promise<void> {
    return this.run(() => {
      const live = this.live.get(gameId);
      if (!live) throw new Error(`no game ${gameId} under way`);
      if ([...live.entries, ...this.voided.filter((v) => v.gameId === gameId)].some((e) => e.seq === seq))
        throw new Error(`journal entry ${gameId}/${seq} exists`);
      live.entries.push({ seq, entry: viaJson(entry) });
    });
  }

  voidJournal(gameId: string, fromSeq: number): Promise<void> {
    return this.run(() => {
      const live = this.live.get(gameId);
      if (!live) return;
      for (const e of live.entries) if (e.seq >= fromSeq) this.voided.push({ gameId, ...viaJson(e) });
      live.entries = live.entries.filter((e) => e.seq < fromSeq);
    });
  }

  liveGames(): Promise<Journal[]> {
    return this.run(() =>
      [...this.live.values()]
        .sort((a, b) => a.game.startedAt - b.game.startedAt || (a.game.id < b.game.id ? -1 : 1))
        .map((j) => {
          const seqs = [...j.entries, ...this.voided.filter((v) => v.gameId === j.game.id)].map((e) => e.seq);
          return viaJson({
            game: j.game,
            entries: [...j.entries].sort((a, b) => a.seq - b.seq),
            nextSeq: Math.max(-1, ...seqs) + 1,
          });
        }),
    );
  }

  voidedEntries(): Promise<{ gameId: string; seq: number; entry: JournalEntry }[]> {
    return this.run(() =>
      viaJson([...this.voided].sort((a, b) => (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : a.seq - b.seq))),
    );
  }

  game(id: string): Promise<GameRecord | undefined> {
    return this.run(() => {
      const r = this.games.get(id);
      return r && copyGame(r);
    });
  }

  saveSolo(r: SoloRecord): Promise<void> {
    return this.run(() => {
      this.solos.push(copySolo(r));
    });
  }

  soloResultsOf(accountId: string): Promise<SoloRecord[]> {
    return this.run(() =>
      this.solos
        .filter((r) => r.accountId === accountId)
        .reverse()
        .sort((a, b) => b.finishedAt - a.finishedAt)
        .map(copySolo),
    );
  }

  flagAccount(id: string, reason: string, at: number): Promise<void> {
    return this.run(() => {
      if (!this.flags.has(id)) this.flags.set(id, { reason, at });
    });
  }

  flaggedAccounts(): Promise<{ account: Account; reason: string; at: number }[]> {
    return this.run(() =>
      [...this.flags]
        .flatMap(([id, flag]) => {
          const account = this.accounts.get(id);
          return account ? [{ account: accountView(account), ...flag }] : [];
        })
        .sort((a, b) => a.at - b.at || (a.account.id < b.account.id ? -1 : 1)),
    );
  }

  ratingsOf(accountId: string): Promise<PlayerRating[]> {
    return this.run(() =>
      [...this.ratings.values()]
        .filter((r) => r.accountId === accountId)
        .sort((a, b) => (a.edition < b.edition ? -1 : 1))
        .map((r) => ({ ...r })),
    );
  }

  saveRatings(gameId: string, ratings: readonly PlayerRating[]): Promise<void> {
    return this.run(() => {
      for (const r of ratings) {
        this.ratings.set(`${r.accountId}/${r.edition}`, { ...r });
        const key = `${r.accountId}/${r.edition}/${gameId}`;
        if (!this.history.has(key))
          this.history.set(key, {
            accountId: r.accountId,
            edition: r.edition,
            gameId,
            mu: r.mu,
            sigma: r.sigma,
            at: r.updatedAt,
          });
      }
    });
  }

  ratingHistory(
    accountId: string,
    edition: RaceEdition,
  ): Promise<{ gameId: string; mu: number; sigma: number; at: number }[]> {
    return this.run(() =>
      [...this.history.values()]
        .filter((h) => h.accountId === accountId && h.edition === edition)
        .sort((a, b) => a.at - b.at || (a.gameId < b.gameId ? -1 : 1))
        .map(({ gameId, mu, sigma, at }) => ({ gameId, mu, sigma, at })),
    );
  }

  firstAttempt(accountId: string, task: string): Promise<boolean> {
    return this.run(() => {
      const key = `${accountId}/${task}`;
      if (this.attempts.has(key)) return false;
      this.attempts.add(key);
      return true;
    });
  }

  puzzleRating(task: string): Promise<PuzzleRating | undefined> {
    return this.run(() => {
      const r = this.puzzles.get(task);
      return r && { ...r };
    });
  }

  savePuzzleRating(r: PuzzleRating): Promise<void> {
    return this.run(() => {
      this.puzzles.set(r.task, { ...r });
    });
  }

  leaderboard(
    edition: RaceEdition,
    top: number,
  ): Promise<(PlayerRating & { name: string; username: string | null })[]> {
    return this.run(() =>
      [...this.ratings.values()]
        .filter((r) => r.edition === edition && this.accounts.has(r.accountId))
        .sort((a, b) => b.mu - 3 * b.sigma - (a.mu - 3 * a.sigma) || (a.accountId < b.accountId ? -1 : 1))
        .slice(0, top)
        .map((r) => {
          const a = this.accounts.get(r.accountId);
          return { ...r, name: a?.name ?? '', username: a?.username ?? null };
        }),
    );
  }

  records(q: RecordQuery): Promise<SoloRecord[]> {
    return this.run(() => {
      const rows = this.solos.filter(
        (r) =>
          r.verified &&
          r.mode === q.mode &&
          (q.limit === undefined || r.limit === q.limit) &&
          (q.side === undefined || r.side === q.side) &&
          (q.since === undefined || r.finishedAt >= q.since) &&
          // A count game is a record only once its puzzles are all solved.
          (q.mode !== 'count' || r.solved >= r.limit),
      );
      // The ORDER BY of `SqliteStorage.records`. Records equal on every key keep their saving order
      // here (`sort` is stable); SQLite promises no order for them, so the contract asks none.
      const rank = (a: SoloRecord, b: SoloRecord): number =>
        (q.mode === 'count' ? 0 : b.solved - a.solved) || a.ms - b.ms || a.finishedAt - b.finishedAt;
      return rows
        .sort(rank)
        .slice(0, q.top ?? 10)
        .map(copySolo);
    });
  }

  createAccount(a: Account): Promise<void> {
    return this.run(() => {
      if (this.accounts.has(a.id)) throw new Error(`account ${a.id} exists`);
      this.accounts.set(a.id, { ...a, username: null, passwordHash: null, key: null });
    });
  }

  account(id: string): Promise<Account | undefined> {
    return this.run(() => {
      const a = this.accounts.get(id);
      return a && accountView(a);
    });
  }

  accountByUsername(key: string): Promise<Account | undefined> {
    return this.run(() => {
      const a = [...this.accounts.values()].find((x) => x.key === key);
      return a && accountView(a);
    });
  }

  claimAccount(id: string, username: string, key: string, passwordHash: string): Promise<boolean> {
    return this.run(() => {
      const a = this.accounts.get(id);
      if ([...this.accounts.values()].some((x) => x.key === key && x.id !== id)) return false;
      if (a) this.accounts.set(id, { ...a, username, key, passwordHash });
      return true;
    });
  }

  setPassword(id: string, passwordHash: string): Promise<void> {
    return this.run(() => {
      const a = this.accounts.get(id);
      if (a) this.accounts.set(id, { ...a, passwordHash });
    });
  }

  renameAccount(id: string, name: string): Promise<void> {
    return this.run(() => {
      const a = this.accounts.get(id);
      if (a) this.accounts.set(id, { ...a, name });
    });
  }

  createSession(session: Session): Promise<void> {
    return this.run(() => {
      if (this.sessions.has(session.tokenHash)) throw new Error('session exists');
      this.sessions.set(session.tokenHash, { ...session });
    });
  }

  session(tokenHash: string): Promise<Session | undefined> {
    return this.run(() => {
      const s = this.sessions.get(tokenHash);
      return s && { ...s };
    });
  }

  revokeSessions(
    which: { readonly tokenHash: string } | { readonly accountId: string; readonly except?: string },
    at: number,
  ): Promise<void> {
    return this.run(() => {
      for (const [hash, s] of this.sessions) {
        if (s.revokedAt !== null) continue;
        const hit =
          'tokenHash' in which ? hash === which.tokenHash : s.accountId === which.accountId && hash !== which.except;
        if (hit) this.sessions.set(hash, { ...s, revokedAt: at });
      }
    });
  }

  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }

  // Like a database, the store fails asynchronously: a throw in a promise's executor rejects it.
  private run<T>(work: () => T): Promise<T> {
    return new Promise((resolve) => {
      if (this.closed) throw new Error('storage is closed');
      resolve(work());
    });
  }
}

// Copies go through JSON, as rows do in a database: the store and its callers share no object,
// and a record comes back with exactly the fields SQLite would give back.
function copyGame(r: GameRecord): GameRecord {
  return {
    id: r.id,
    config: viaJson(r.config),
    seed: r.seed,
    seats: viaJson(r.seats),
    actions: viaJson(r.actions),
    result: r.result === undefined ? undefined : viaJson(r.result),
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
  };
}

function accountView(a: Account & { key: string | null }): Account {
  return {
    id: a.id,
    secretHash: a.secretHash,
    name: a.name,
    username: a.username,
    passwordHash: a.passwordHash,
    createdAt: a.createdAt,
  };
}

function copySolo(r: SoloRecord): SoloRecord {
  return {
    player: r.player,
    mode: r.mode,
    limit: r.limit,
    side: r.side,
    solved: r.solved,
    skipped: r.skipped,
    ms: r.ms,
    seed: r.seed,
    finishedAt: r.finishedAt,
    accountId: r.accountId,
    verified: r.verified,
  };
}

function viaJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
