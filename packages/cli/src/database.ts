import type { DatabaseStores } from '@ubongo/server';
import type { Io } from './io.js';
import { UsageError } from './io.js';

/** Where a command reads the server's database: `--data-dir` or `--database-url`, as the options say. */
export interface DatabaseOptions {
  readonly 'data-dir'?: string | undefined;
  readonly 'database-url'?: string | undefined;
}

/**
 * The server's database, as the server chooses it (packages/server/src/main.ts): a
 * `--database-url`, else a DATABASE_URL set and not empty, names PostgreSQL, unless a data folder
 * is asked for; else the SQLite database in `--data-dir`, $UBONGO_DATA_DIR or ./data.
 */
export async function openDatabase(values: DatabaseOptions, io: Io): Promise<DatabaseStores> {
  if (values['data-dir'] !== undefined && values['database-url'] !== undefined)
    throw new UsageError('one database: --data-dir or --database-url, not both');
  const env = process.env['DATABASE_URL'] || undefined;
  const [url, from] =
    values['database-url'] !== undefined
      ? [values['database-url'], '--database-url']
      : values['data-dir'] === undefined && env !== undefined
        ? [env, 'DATABASE_URL']
        : [undefined, ''];
  const { DatabaseUrlError, openPostgresStores, openSqliteStores } = await import('@ubongo/server');
  if (url === undefined) return openSqliteStores(values['data-dir'] ?? process.env['UBONGO_DATA_DIR'] ?? './data');
  try {
    return await openPostgresStores(url, {
      log: (m) => {
        io.err(`ubongo: ${m}\n`);
      },
    });
  } catch (e) {
    if (e instanceof DatabaseUrlError) throw new UsageError(`${from}: ${e.message}`);
    throw e;
  }
}
