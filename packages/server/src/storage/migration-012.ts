import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { ESTABLISHED } from '../leaderboards.js';
import type { SoloPuzzle } from '../solo/store.js';
import type { ColumnTypes } from './column-types.js';
import { solvedOf } from './solo-summary.js';

/** Rows carried at a time, so that a large table is never read whole. */
const BATCH = 500;

/**
 * Migration 012: each run's summary (solved puzzles and their time) kept beside its result, its
 * move trails moved to `solo_trails` (only a replay reads them), the accounts already established
 * (leaderboards.ts's `ESTABLISHED`) noted, and the reports of board entries.
 */
export async function carrySoloSummaries(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('solo_results')
    .addColumn('solved_count', t.int, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('solo_results')
    .addColumn('solved_ms', t.big, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('solo_trails')
    .addColumn('run_id', t.big, (c) => c.primaryKey())
    .addColumn('puzzles', t.text, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('established_players')
    .addColumn('account_id', t.text, (c) => c.primaryKey())
    .addColumn('at', t.big, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('reports')
    .addColumn('reporter', t.text, (c) => c.notNull())
    .addColumn('kind', t.text, (c) => c.notNull())
    .addColumn('target', t.text, (c) => c.notNull())
    .addColumn('reason', t.text, (c) => c.notNull())
    .addColumn('at', t.big, (c) => c.notNull())
    .addPrimaryKeyConstraint('reports_key', ['reporter', 'kind', 'target'])
    .execute();
  // What a profile reads of an account's runs (its sums and its best of each setting), in one index.
  await db.schema
    .createIndex('solo_results_summary')
    .on('solo_results')
    .columns([
      'account_id',
      'verified',
      'dealing',
      'mode',
      'limit_value',
      'side',
      'solved',
      'ms',
      'finished_at',
      'solved_count',
      'solved_ms',
    ])
    .execute();
  await db.schema
    .createIndex('solo_results_by_account_time')
    .on('solo_results')
    .columns(['account_id', 'finished_at', 'id'])
    .execute();

  let last = 0;
  for (;;) {
    const { rows } = await sql<{ id: number | string; puzzles: string; solved: number; ms: number | string }>`
      select id, puzzles, solved, ms from solo_results where id > ${last} order by id limit ${BATCH}`.execute(db);
    if (rows.length === 0) break;
    for (const row of rows) {
      const id = Number(row.id);
      last = id;
      let puzzles: unknown[];
      try {
        const parsed: unknown = JSON.parse(row.puzzles);
        if (!Array.isArray(parsed)) continue;
        puzzles = parsed;
      } catch {
        // A row that cannot be read stays as it is: reading it says so (a CorruptRowError).
        continue;
      }
      const solved = solvedOf({ solved: row.solved, ms: Number(row.ms), puzzles: puzzles as SoloPuzzle[] });
      const hasTrail = (p: unknown): boolean => typeof p === 'object' && p !== null && 'trail' in p;
      const trails = puzzles.some(hasTrail);
      if (trails) await sql`insert into solo_trails (run_id, puzzles) values (${id}, ${row.puzzles})`.execute(db);
      const kept = trails
        ? JSON.stringify(
            puzzles.map((p) =>
              hasTrail(p) ? Object.fromEntries(Object.entries(p as object).filter(([key]) => key !== 'trail')) : p,
            ),
          )
        : row.puzzles;
      await sql`update solo_results set solved_count = ${solved.count}, solved_ms = ${solved.ms}, puzzles = ${kept}
        where id = ${id}`.execute(db);
    }
  }

  // The accounts with a history already: their runs count from the first that made them so.
  await sql`insert into established_players (account_id, at)
    select account_id, max(finished_at) from solo_results
    where verified = 1 and account_id is not null
    group by account_id
    having count(*) >= ${ESTABLISHED.runs} and count(distinct finished_at / 86400000) >= ${ESTABLISHED.days}`.execute(
    db,
  );
}
