import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types.js';

/** Migrations 025-029: reviewed results. Shipped: never edited (migrations.ts). */
export function migrations025To029(t: ColumnTypes): Record<string, Migration> {
  return {
    '025_reviewed_results': {
      async up(db: Kysely<unknown>) {
        // An account's standing with review (docs/accounts.md, "Reviewed results"): its role
        // (none, reviewer, operator) and when it was banned from every board (null: it is not).
        await db.schema
          .createTable('account_standing')
          .addColumn('account_id', t.text, (c) => c.primaryKey())
          .addColumn('role', t.text, (c) => c.notNull().defaultTo('none'))
          .addColumn('banned_at', t.big)
          .execute();
        // A rated claim kept for review is held (1: unrated, as before) or only flagged (0: rated).
        await db.schema
          .alterTable('held_claims')
          .addColumn('held', t.int, (c) => c.notNull().defaultTo(1))
          .execute();
      },
    },
    '026_settled_reports': {
      async up(db: Kysely<unknown>) {
        // A report is settled when a reviewer decides its entry (docs/accounts.md, "Reviewed
        // results"): it raises the entry in the review queue until then, and is kept after.
        await db.schema.alterTable('reports').addColumn('settled_at', t.big).execute();
      },
    },
  };
}
