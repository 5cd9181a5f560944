import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types.js';

/** Migrations 001-005: games and solo results, the journal, accounts, earned records, ratings. Shipped: never edited (migrations.ts). */
export function migrations001To005(t: ColumnTypes): Record<string, Migration> {
  return {
    '001_games_and_solo_results': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('games')
          .addColumn('id', t.text, (c) => c.primaryKey())
          .addColumn('edition', t.text, (c) => c.notNull())
          .addColumn('config', t.text, (c) => c.notNull())
          .addColumn('seed', t.big, (c) => c.notNull())
          .addColumn('seats', t.text, (c) => c.notNull())
          .addColumn('actions', t.text, (c) => c.notNull())
          .addColumn('result', t.text)
          .addColumn('started_at', t.big, (c) => c.notNull())
          .addColumn('finished_at', t.big, (c) => c.notNull())
          .execute();
        await t
          .serialId(db.schema.createTable('solo_results'), 'id')
          .addColumn('player', t.text, (c) => c.notNull())
          .addColumn('mode', t.text, (c) => c.notNull())
          .addColumn('limit_value', t.int, (c) => c.notNull())
          .addColumn('side', t.text, (c) => c.notNull())
          .addColumn('solved', t.int, (c) => c.notNull())
          .addColumn('skipped', t.int, (c) => c.notNull())
          .addColumn('ms', t.big, (c) => c.notNull())
          .addColumn('seed', t.big, (c) => c.notNull())
          .addColumn('finished_at', t.big, (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('solo_results_by_mode')
          .on('solo_results')
          .columns(['mode', 'limit_value', 'side'])
          .execute();
      },
    },
    '002_journal': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('live_games')
          .addColumn('id', t.text, (c) => c.primaryKey())
          .addColumn('room', t.text, (c) => c.notNull())
          .addColumn('public', t.int, (c) => c.notNull())
          .addColumn('config', t.text, (c) => c.notNull())
          .addColumn('seed', t.big, (c) => c.notNull())
          .addColumn('started_at', t.big, (c) => c.notNull())
          .addColumn('seats', t.text, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('journal')
          .addColumn('game_id', t.text, (c) => c.notNull())
          .addColumn('seq', t.int, (c) => c.notNull())
          .addColumn('entry', t.text, (c) => c.notNull())
          .addColumn('voided', t.int, (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('journal_key', ['game_id', 'seq'])
          .execute();
      },
    },
    '003_accounts': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('accounts')
          .addColumn('id', t.text, (c) => c.primaryKey())
          .addColumn('secret_hash', t.text, (c) => c.notNull())
          .addColumn('name', t.text, (c) => c.notNull())
          .addColumn('username', t.text)
          .addColumn('username_key', t.text, (c) => c.unique())
          .addColumn('password_hash', t.text)
          .addColumn('created_at', t.big, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('sessions')
          .addColumn('token_hash', t.text, (c) => c.primaryKey())
          .addColumn('account_id', t.text, (c) => c.notNull())
          .addColumn('created_at', t.big, (c) => c.notNull())
          .addColumn('expires_at', t.big, (c) => c.notNull())
          .addColumn('revoked_at', t.big)
          .execute();
        await db.schema.createIndex('sessions_by_account').on('sessions').column('account_id').execute();
      },
    },
    '004_earned_records': {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('solo_results').addColumn('account_id', t.text).execute();
        await db.schema
          .alterTable('solo_results')
          .addColumn('verified', t.int, (c) => c.notNull().defaultTo(1))
          .execute();
        await db.schema.createIndex('solo_results_by_account').on('solo_results').column('account_id').execute();
        await db.schema
          .createTable('account_flags')
          .addColumn('account_id', t.text, (c) => c.primaryKey())
          .addColumn('reason', t.text, (c) => c.notNull())
          .addColumn('at', t.big, (c) => c.notNull())
          .execute();
      },
    },
    '005_ratings': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('live_games')
          .addColumn('rated', t.int, (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .createTable('ratings')
          .addColumn('account_id', t.text, (c) => c.notNull())
          .addColumn('edition', t.text, (c) => c.notNull())
          .addColumn('mu', t.real, (c) => c.notNull())
          .addColumn('sigma', t.real, (c) => c.notNull())
          .addColumn('games', t.int, (c) => c.notNull())
          .addColumn('updated_at', t.big, (c) => c.notNull())
          .addPrimaryKeyConstraint('ratings_key', ['account_id', 'edition'])
          .execute();
        await db.schema
          .createTable('rating_history')
          .addColumn('account_id', t.text, (c) => c.notNull())
          .addColumn('edition', t.text, (c) => c.notNull())
          .addColumn('game_id', t.text, (c) => c.notNull())
          .addColumn('mu', t.real, (c) => c.notNull())
          .addColumn('sigma', t.real, (c) => c.notNull())
          .addColumn('at', t.big, (c) => c.notNull())
          .addPrimaryKeyConstraint('rating_history_key', ['account_id', 'edition', 'game_id'])
          .execute();
      },
    },
  };
}
