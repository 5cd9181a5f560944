import type { ColumnDataType, ColumnDefinitionBuilder, CreateTableBuilder, Expression } from 'kysely';
import { sql } from 'kysely';

/** A column's type: a name Kysely knows or raw SQL (Kysely does not export its own name for this). */
type DataTypeExpression = ColumnDataType | Expression<unknown>;

/**
 * A column type as each database says it. The migrations were written for SQLite, whose `integer`
 * holds 64 bits and whose `real` is a double; PostgreSQL needs the width said (times in
 * milliseconds since 1970 and seeds up to 2^32 pass 2^31) and compares text by its locale unless
 * told otherwise.
 */
export interface ColumnTypes {
  /** Text compared and ordered by its code points (as SQLite and the stores in memory do). */
  readonly text: DataTypeExpression;
  /** A small count or a 0/1 flag. */
  readonly int: DataTypeExpression;
  /** A time in milliseconds since 1970, a duration in milliseconds, a seed. */
  readonly big: DataTypeExpression;
  /** A double: mu and sigma. */
  readonly real: DataTypeExpression;
  /** Adds the id column the database numbers itself. */
  readonly serialId: <T extends string>(table: CreateTableBuilder<T>, name: string) => CreateTableBuilder<T>;
}

/** SQLite's words: exactly what migrations 001 to 006 said when they shipped. */
export const SQLITE_TYPES: ColumnTypes = {
  text: 'text',
  int: 'integer',
  big: 'integer',
  real: 'real',
  serialId: (table, name) =>
    table.addColumn(name, 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement()),
};

/** PostgreSQL's words. */
export const POSTGRES_TYPES: ColumnTypes = {
  // The "C" collation orders by code point, the order SQLite's and the memory stores' lists have.
  text: sql`text collate "C"`,
  int: 'integer',
  big: 'bigint',
  real: 'double precision',
  serialId: (table, name) =>
    table.addColumn(name, 'bigint', (c: ColumnDefinitionBuilder) => c.primaryKey().generatedByDefaultAsIdentity()),
};
