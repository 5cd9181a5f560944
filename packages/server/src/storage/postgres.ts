import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseStores } from './kysely.js';
import { kyselyStores } from './kysely.js';
import type { Tables } from './tables.js';
import { migrations, POSTGRES_TYPES } from './migrations.js';
import { postgresSizes } from './sizes.js';

/** Why the database a URL names cannot be used: a bad URL, no connection, a failed migration. */
export class DatabaseUrlError extends Error {
  override readonly name = 'DatabaseUrlError';
}

/** A database URL fit to print: its password (and any password in its query) as `***`. */
export function maskUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = '***';
    for (const key of [...url.searchParams.keys()]) if (/pass/i.test(key)) url.searchParams.set(key, '***');
    return url.toString();
  } catch {
    // Not a URL: whatever stands between `scheme://user:` and the last `@` may be a password.
    return raw.replace(/^([a-z][\w+.-]*:\/\/[^:/@]*):.*@/i, '$1:***@');
  }
}

/** Throws a `DatabaseUrlError` unless `raw` is a `postgres://` or `postgresql://` URL. */
export function checkDatabaseUrl(raw: string): void {
  if (!/^postgres(ql)?:\/\//i.test(raw))
    throw new DatabaseUrlError(`must be a postgres:// or postgresql:// URL, got ${maskUrl(raw)}`);
  try {
    new URL(raw);
  } catch {
    throw new DatabaseUrlError(`is not a URL: ${maskUrl(raw)}`);
  }
}

/** An error's words; a refused connection to a name with two addresses is an AggregateError without any. */
function describe(e: unknown): string {
  if (e instanceof AggregateError && e.message === '')
    return [...new Set(e.errors.map((inner: unknown) => describe(inner)))].join('; ');
  return e instanceof Error ? e.message || e.name : String(e);
}

// PostgreSQL's int8 (times in milliseconds, seeds) comes back from pg as a string, so that no
// digit is lost past 2^53; ours never get there, and the store's callers want numbers.
function int8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new Error(`an int8 of ${text} is past what a number holds exactly`);
  return n;
}

/** How the PostgreSQL storage reports trouble that belongs to no call (a dropped idle connection), and whose it is. */
export interface PostgresOptions {
  readonly log?: (message: string) => void;
  /** The process the store serves (`Games.owner`); default ''. */
  readonly owner?: string;
}

/**
 * The stores of PostgreSQL: the same queries as SQLite's (kysely.ts), through `pg`, migrated when
 * opened (Kysely's migrator takes a lock, so processes starting together migrate once). Connects to
 * the database `url` names and brings its schema up to date; a bad URL, a database that cannot be
 * reached or migrated throws a `DatabaseUrlError` that names the URL, its password masked.
 */
export async function openPostgresStores(url: string, options: PostgresOptions = {}): Promise<DatabaseStores> {
  checkDatabaseUrl(url);
  const log =
    options.log ??
    ((m: string): void => {
      console.error(`ubongo: ${m}`);
    });
  // The parser is this pool's own: other users of pg in the process keep its defaults.
  const types = new pg.TypeOverrides();
  types.setTypeParser(pg.types.builtins.INT8, int8);
  const poolOf = (name: string, max: number, idleTimeoutMillis?: number): pg.Pool => {
    const pool = new pg.Pool({
      connectionString: url,
      types,
      application_name: name,
      max,
      ...(idleTimeoutMillis === undefined ? {} : { idleTimeoutMillis }),
      // A host that drops packets fails the start (or a query) rather than hanging it.
      connectionTimeoutMillis: 10_000,
    });
    // An idle connection the server closes (a restart of PostgreSQL) is dropped by the pool and
    // the next query opens another; without a listener the error would end the process.
    pool.on('error', (e) => {
      log(`PostgreSQL: an idle connection failed: ${describe(e)}`);
    });
    return pool;
  };
  const pool = poolOf('ubongo', 10);
  // The journal has a connection of its own: a claim is answered once its entry is written, and
  // the writes that follow each solve (ratings: five statements) must not queue in front of it
  // (bench:server, 2,500 tables on one pool: the journal's wait for a connection p99 55 ms).
  // Its batches are written one at a time, so one connection is all it uses; it is opened at the
  // start (a database that refuses it stops the start) and kept open, not closed when idle.
  const journalPool = poolOf('ubongo journal', 1, 0);
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  const journalDb = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: journalPool }) });
  const where = maskUrl(url);
  try {
    const { rows } = await pool.query<{ synchronous_commit: string }>('show synchronous_commit');
    // Through Kysely: its destroy() ends only a pool it has used.
    await sql`select 1`.execute(journalDb);
    // The journal's promise is that an entry is kept once its write resolves (docs/operations.md).
    if (rows[0]?.synchronous_commit === 'off')
      log(`PostgreSQL at ${where} has synchronous_commit off: a crash of the database may lose the last moves`);
  } catch (e) {
    await Promise.all([pool.end(), journalPool.end()]);
    throw new DatabaseUrlError(`cannot connect to ${where}: ${describe(e)}`, { cause: e });
  }
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations(POSTGRES_TYPES)) },
  });
  const { error } = await migrator.migrateToLatest();
  if (error !== undefined) {
    await Promise.all([db.destroy(), journalDb.destroy()]);
    throw new DatabaseUrlError(`cannot bring the schema of ${where} up to date: ${describe(error)}`, {
      cause: error,
    });
  }
  return kyselyStores(db, options.owner ?? '', {
    database: 'postgres',
    // PostgreSQL's SQLSTATE unique_violation.
    isUniqueViolation: (e) => e instanceof pg.DatabaseError && e.code === '23505',
    journalDb,
    sizes: postgresSizes,
  });
}
