import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Tables } from './tables.js';

/** A table's size as its database can say it: rows, and bytes with its indexes (null where unknown). */
export interface TableSize {
  readonly table: string;
  readonly rows: number;
  readonly bytes: number | null;
}

/** Quotes a table's name for SQL (names come from the database's own catalogue). */
const quoted = (name: string) => sql.id(name);

async function rowsOf(db: Kysely<Tables>, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${quoted(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * SQLite's tables by size: rows counted, bytes from the `dbstat` table (each table's pages and its
 * indexes'), or none where SQLite was built without it.
 */
export async function sqliteSizes(db: Kysely<Tables>): Promise<TableSize[]> {
  const { rows: tables } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db);
  let bytes = new Map<string, number>();
  try {
    const { rows } = await sql<{ table: string; bytes: number }>`
      select m.tbl_name as "table", sum(d.pgsize) as bytes
      from dbstat d join sqlite_master m on m.name = d.name
      group by m.tbl_name`.execute(db);
    bytes = new Map(rows.map((r) => [r.table, r.bytes]));
  } catch {
    // No dbstat in this build: rows only (the file's size is the sum).
  }
  const sizes: TableSize[] = [];
  for (const { name } of tables)
    sizes.push({ table: name, rows: await rowsOf(db, name), bytes: bytes.get(name) ?? null });
  return sizes.sort((a, b) => (b.bytes ?? 0) - (a.bytes ?? 0) || b.rows - a.rows);
}

/** PostgreSQL's tables of the current schema by size: rows counted, `pg_total_relation_size` (indexes and TOAST with them). */
export async function postgresSizes(db: Kysely<Tables>): Promise<TableSize[]> {
  const { rows: tables } = await sql<{ name: string; bytes: number | string }>`
    select c.relname as name, pg_total_relation_size(c.oid) as bytes
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relkind = 'r'
    order by c.relname`.execute(db);
  const sizes: TableSize[] = [];
  for (const { name, bytes } of tables) sizes.push({ table: name, rows: await rowsOf(db, name), bytes: Number(bytes) });
  return sizes.sort((a, b) => (b.bytes ?? 0) - (a.bytes ?? 0) || b.rows - a.rows);
}
