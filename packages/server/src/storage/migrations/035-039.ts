import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types.js';

/** Migrations 035-039: challenges between friends. Shipped: never edited (migrations.ts). */
export function migrations035To039(t: ColumnTypes): Record<string, Migration> {
  return {
    '035_challenges': {
      async up(db: Kysely<unknown>) {
        // A solo run sent to a friend to race (docs/challenges.md): open until raced or declined,
        // expired once expires_at is past; a raced one keeps the friend's run and who won.
        await db.schema
          .createTable('challenges')
          .addColumn('id', t.text, (c) => c.primaryKey())
          .addColumn('from_account', t.text, (c) => c.notNull())
          .addColumn('to_account', t.text, (c) => c.notNull())
          .addColumn('run_id', t.big, (c) => c.notNull())
          .addColumn('created_at', t.big, (c) => c.notNull())
          .addColumn('expires_at', t.big, (c) => c.notNull())
          .addColumn('status', t.text, (c) => c.notNull())
          .addColumn('raced_run', t.big)
          .addColumn('winner', t.text)
          .addColumn('settled_at', t.big)
          .execute();
        await db.schema
          .createIndex('challenges_by_sender')
          .on('challenges')
          .columns(['from_account', 'created_at'])
          .execute();
        await db.schema
          .createIndex('challenges_by_recipient')
          .on('challenges')
          .columns(['to_account', 'created_at'])
          .execute();
      },
    },
  };
}
