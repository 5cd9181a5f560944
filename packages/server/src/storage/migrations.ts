import type { Migration } from 'kysely';
import type { ColumnTypes } from './column-types.js';
import { migrations001To005 } from './migrations/001-005.js';
import { migrations006To012 } from './migrations/006-012.js';
import { migrations013To017 } from './migrations/013-017.js';
import { migrations020To024 } from './migrations/020-024.js';
import { migrations025To029 } from './migrations/025-029.js';
import { migrations030To034 } from './migrations/030-034.js';
import { migrations035To039 } from './migrations/035-039.js';

export type { ColumnTypes } from './column-types.js';
export { POSTGRES_TYPES, SQLITE_TYPES } from './column-types.js';

/**
 * The migrations, in each database's column types (storage/migrations/, by number). They run at
 * start, in name order; a new one is appended (to the last file, or a new one past 400 lines), never
 * edited once shipped (on SQLite each must keep creating exactly what it did).
 */
export function migrations(t: ColumnTypes): Record<string, Migration> {
  return {
    ...migrations001To005(t),
    ...migrations006To012(t),
    ...migrations013To017(t),
    ...migrations020To024(t),
    ...migrations025To029(t),
    ...migrations030To034(t),
    ...migrations035To039(t),
  };
}
