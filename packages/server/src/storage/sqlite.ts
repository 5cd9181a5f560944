import Database from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import { Kysely, Migrator, SqliteAdapter, SqliteDialect } from 'kysely';
import { accessSync, constants, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { DatabaseStores } from './kysely.js';
import { kyselyStores } from './kysely.js';
import type { Tables } from './tables.js';
import { migrations, SQLITE_TYPES } from './migrations.js';
import { sqliteSizes } from './sizes.js';

/** How often the checkpointer moves the WAL into the database. */
const CHECKPOINT_EVERY_MS = 1000;

// The checkpointer's thread: its own connection, a passive checkpoint (it never waits for, nor
// holds up, the server's reads and writes) every so often. CommonJS, so that it needs no file of its own.
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (e) {
    parentPort.postMessage(String(e));
  }
}, workerData.everyMs);
`;

/** Starts the thread that checkpoints the database `file`; what fails there is said once. */
function checkpointer(file: string, log: (message: string) => void): Worker {
  const worker = new Worker(CHECKPOINTER, {
    eval: true,
    workerData: {
      file,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      everyMs: CHECKPOINT_EVERY_MS,
    },
  });
  let said = false;
  const say = (why: unknown): void => {
    if (!said) log(`the SQLite checkpointer: ${String(why)}`);
    said = true;
  };
  worker.on('message', say);
  worker.on('error', say);
  worker.unref();
  return worker;
}

/** How many prepared statements a database keeps (`cachingStatements`); the server uses a few dozen. */
const STATEMENTS_KEPT = 500;

/**
 * The database as Kysely sees it, each statement prepared once and kept (the least recently used
 * dropped past `kept`): Kysely prepares every query anew, and under 10,000 players preparing was
 * about a tenth of the server's time (bench:server, `--profile`). A kept statement still running
 * (a streamed read) is not handed out twice: a fresh one is prepared.
 */
export function cachingStatements(database: Database.Database, kept = STATEMENTS_KEPT): SqliteDatabase {
  const statements = new Map<string, Database.Statement>();
  return {
    close: () => {
      database.close();
    },
    prepare: (sql) => {
      let statement = statements.get(sql);
      if (statement?.busy) return database.prepare(sql);
      if (statement) statements.delete(sql);
      else statement = database.prepare(sql);
      statements.set(sql, statement);
      if (statements.size > kept) statements.delete(statements.keys().next().value ?? sql);
      return statement;
    },
  };
}

/**
 * SQLite's DDL is transactional, but Kysely's SQLite adapter says it is not, and so its migrator
 * runs each migration statement by statement: a process killed in the middle of one (a migration
 * carrying rows, such as 012) left a database that could not be migrated again. Said to be, the
 * migrations pending run in one transaction: all of them, or none.
 */
class TransactionalSqliteDialect extends SqliteDialect {
  override createAdapter(): SqliteAdapter {
    return new (class extends SqliteAdapter {
      override get supportsTransactionalDdl(): boolean {
        return true;
      }
    })();
  }
}

/**
 * The stores of SQLite: `ubongo.sqlite` in `dataDir` (created if needed), its schema brought up
 * to date when opened; `owner` is the process they serve (`Games.owner`); `log` hears of trouble
 * in the background (the checkpointer's).
 */
export async function openSqliteStores(
  dataDir: string,
  owner = '',
  log: (message: string) => void = (m) => {
    console.error(`ubongo: ${m}`);
  },
): Promise<DatabaseStores> {
  try {
    mkdirSync(dataDir, { recursive: true });
    accessSync(dataDir, constants.W_OK);
  } catch (e) {
    throw new Error(`the data folder ${dataDir} cannot be written to (${e instanceof Error ? e.message : String(e)})`, {
      cause: e,
    });
  }
  const file = join(dataDir, 'ubongo.sqlite');
  const database = new Database(file);
  try {
    database.pragma('journal_mode = WAL');
    // In WAL mode NORMAL commits survive a crash of the process (kill -9) without an fsync per
    // commit; only a crash of the machine may lose the last ones (docs/operations.md).
    database.pragma('synchronous = NORMAL');
    // Checkpoints (the WAL copied into the database, with an fsync) are the checkpointer's, in a
    // thread of its own: made here, by the commit that fills the WAL, they stopped the whole
    // server, every table with it, for as long as the disk took (hundreds of ms on a busy disk).
    database.pragma('wal_autocheckpoint = 0');
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
  const db = new Kysely<Tables>({
    dialect: new TransactionalSqliteDialect({ database: cachingStatements(database) }),
  });
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations(SQLITE_TYPES)) },
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${JSON.stringify(error)}`);
  const worker = checkpointer(file, log);
  return kyselyStores(db, owner, {
    database: 'sqlite',
    // better-sqlite3's SqliteError carries SQLite's extended result code.
    isUniqueViolation: (e) => e instanceof Database.SqliteError && e.code === 'SQLITE_CONSTRAINT_UNIQUE',
    sizes: sqliteSizes,
    // The last connection to close checkpoints what is left.
    beforeClose: () => worker.terminate(),
  });
}
