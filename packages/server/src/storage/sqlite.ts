import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { accessSync, constants, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Tables } from './kysely.js';
import { KyselyStorage } from './kysely.js';
import { migrations, SQLITE_TYPES } from './migrations.js';

/** The SQLite storage: `ubongo.sqlite` in the data folder, migrated when opened. */
export class SqliteStorage extends KyselyStorage {
  /**
   * Opens (creating if needed) the database in `dataDir` and brings its schema up to date; `owner`
   * is the process the store serves (`Storage.owner`).
   */
  static async open(dataDir: string, owner = ''): Promise<SqliteStorage> {
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
    const migrator = new Migrator({
      db,
      provider: { getMigrations: () => Promise.resolve(migrations(SQLITE_TYPES)) },
    });
    const { error } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(`migration failed: ${JSON.stringify(error)}`);
    return new SqliteStorage(db, owner);
  }

  protected override isUniqueViolation(e: unknown): boolean {
    // better-sqlite3's SqliteError carries SQLite's extended result code.
    return e instanceof Database.SqliteError && e.code === 'SQLITE_CONSTRAINT_UNIQUE';
  }
}
