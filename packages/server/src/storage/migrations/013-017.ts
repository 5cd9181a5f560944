import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types.js';

/** Migrations 013-017: live tables, campaign progress, daily attempts, solve times. Shipped: never edited (migrations.ts). */
export function migrations013To017(t: ColumnTypes): Record<string, Migration> {
  return {
    '013_live_tables': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('live_tables')
          .addColumn('code', t.text, (c) => c.primaryKey())
          .addColumn('owner', t.text, (c) => c.notNull())
          .addColumn('body', t.text, (c) => c.notNull())
          .addColumn('saved_at', t.big, (c) => c.notNull())
          .execute();
      },
    },
    '015_campaign_progress': {
      async up(db: Kysely<unknown>) {
        // An account's campaign levels solved (verified, not held): best stars and best time, each kept on its own.
        await db.schema
          .createTable('campaign_progress')
          .addColumn('account_id', t.text, (c) => c.notNull())
          .addColumn('level', t.int, (c) => c.notNull())
          .addColumn('stars', t.int, (c) => c.notNull())
          .addColumn('best_ms', t.big, (c) => c.notNull())
          .addColumn('updated_at', t.big, (c) => c.notNull())
          .addPrimaryKeyConstraint('campaign_progress_pk', ['account_id', 'level'])
          .execute();
      },
    },
    '016_daily_attempts': {
      async up(db: Kysely<unknown>) {
        // An account's attempt at a day's daily puzzle: taken as its first run of the day starts,
        // settled with that run once stored (docs/courses.md, "The daily puzzle").
        await db.schema
          .createTable('daily_attempts')
          .addColumn('account_id', t.text, (c) => c.notNull())
          .addColumn('day', t.text, (c) => c.notNull())
          .addColumn('started_at', t.big, (c) => c.notNull())
          .addColumn('run_id', t.big)
          .addColumn('solved', t.int, (c) => c.notNull().defaultTo(0))
          .addColumn('ms', t.big)
          .addColumn('verified', t.int, (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('daily_attempts_account_day', ['account_id', 'day'])
          .execute();
        await db.schema
          .createIndex('daily_attempts_by_day')
          .on('daily_attempts')
          .columns(['day', 'solved', 'ms'])
          .execute();
      },
    },
    '017_solve_times': {
      async up(db: Kysely<unknown>) {
        // The time model (core's time-model.ts, docs/decks.md "Difficulty from solve times"): each
        // task's belief and each solver's in an edition, moved online by first attempts.
        await db.schema
          .createTable('task_times')
          .addColumn('task', t.text, (c) => c.primaryKey())
          .addColumn('mean', t.real, (c) => c.notNull())
          .addColumn('variance', t.real, (c) => c.notNull())
          .addColumn('attempts', t.int, (c) => c.notNull())
          .addColumn('updated_at', t.big, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('solver_times')
          .addColumn('account_id', t.text, (c) => c.notNull())
          .addColumn('edition', t.text, (c) => c.notNull())
          .addColumn('mean', t.real, (c) => c.notNull())
          .addColumn('variance', t.real, (c) => c.notNull())
          .addColumn('attempts', t.int, (c) => c.notNull())
          .addColumn('updated_at', t.big, (c) => c.notNull())
          .addPrimaryKeyConstraint('solver_times_key', ['account_id', 'edition'])
          .execute();
        // Each first attempt with its time (ms from the deal; not solved: censored there), so that
        // the batch fit (`ubongo deck calibrate`) can be run again over all of them.
        await db.schema
          .createTable('timed_attempts')
          .addColumn('account_id', t.text, (c) => c.notNull())
          .addColumn('task', t.text, (c) => c.notNull())
          .addColumn('ms', t.big, (c) => c.notNull())
          .addColumn('solved', t.int, (c) => c.notNull())
          .addColumn('at', t.big, (c) => c.notNull())
          .addPrimaryKeyConstraint('timed_attempts_key', ['account_id', 'task'])
          .execute();
        await db.schema.createIndex('timed_attempts_by_task').on('timed_attempts').column('task').execute();
      },
    },
  };
}
