// The stores' implementations, opened together as one `Stores` record (stores.ts); each store's
// interface is in its feature's folder.
export type { Stores } from './stores.js';
export type { DatabaseStores } from './kysely.js';
export { openMemoryStores } from './memory.js';
export type { PostgresOptions } from './postgres.js';
export { checkDatabaseUrl, DatabaseUrlError, maskUrl, openPostgresStores } from './postgres.js';
export { openSqliteStores } from './sqlite.js';
export { CorruptRowError } from './schemas.js';
export type { TableSize } from './sizes.js';
