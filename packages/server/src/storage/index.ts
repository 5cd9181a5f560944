// The stores' implementations; their types are storage.ts's, which these import (so that module
// re-exports none of them: it would be a circle).
export { MemoryStorage } from './memory.js';
export type { PostgresOptions } from './postgres.js';
export { checkDatabaseUrl, DatabaseUrlError, maskUrl, PostgresStorage } from './postgres.js';
export { SqliteStorage } from './sqlite.js';
export { CorruptRowError } from './schemas.js';
export type { TableSize } from './sizes.js';
