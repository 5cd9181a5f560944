import type {
  Occupant,
  PlayerId,
  RaceAction,
  RaceConfig,
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

/** A finished solo game, the record a player tries to beat: its result, who, with which seed, when. */
export type SoloRecord = SoloRecordEntry;

/** Which solo records to list. */
export interface RecordQuery {
  readonly mode: SoloMode;
  readonly limit?: number;
  readonly side?: Side;
  readonly top?: number;
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
  /** The best results: most solved then fastest (timed), fastest complete runs (count). */
  records(query: RecordQuery): Promise<SoloRecord[]>;
  close(): Promise<void>;
}

interface Tables {
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
};

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
      })
      .execute();
  }

  async records(q: RecordQuery): Promise<SoloRecord[]> {
    let query = this.db.selectFrom('solo_results').selectAll().where('mode', '=', q.mode);
    if (q.limit !== undefined) query = query.where('limit_value', '=', q.limit);
    if (q.side !== undefined) query = query.where('side', '=', q.side);
    // A count game is a record only once its puzzles are all solved.
    query =
      q.mode === 'count'
        ? query.where(sql<boolean>`solved >= limit_value`).orderBy('ms', 'asc')
        : query.orderBy('solved', 'desc').orderBy('ms', 'asc');
    const rows = await query
      .orderBy('finished_at', 'asc')
      .limit(q.top ?? 10)
      .execute();
    return rows.map((row) => ({
      player: row.player,
      mode: row.mode as SoloMode,
      limit: row.limit_value,
      side: row.side as Side,
      solved: row.solved,
      skipped: row.skipped,
      ms: row.ms,
      seed: row.seed,
      finishedAt: row.finished_at,
    }));
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

  records(q: RecordQuery): Promise<SoloRecord[]> {
    return this.run(() => {
      const rows = this.solos.filter(
        (r) =>
          r.mode === q.mode &&
          (q.limit === undefined || r.limit === q.limit) &&
          (q.side === undefined || r.side === q.side) &&
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
  };
}

function viaJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
