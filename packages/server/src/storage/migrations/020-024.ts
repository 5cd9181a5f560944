import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types.js';

/** Migrations 020-024: server secrets, friends, arenas, seasons, the arena of a live game. Shipped: never edited (migrations.ts). */
export function migrations020To024(t: ColumnTypes): Record<string, Migration> {
  return {
    '020_server_secrets': {
      async up(db: Kysely<unknown>) {
        // The server's own secrets, made once (the daily puzzle's draw: docs/courses.md).
        await db.schema
          .createTable('server_secrets')
          .addColumn('name', t.text, (c) => c.primaryKey())
          .addColumn('value', t.text, (c) => c.notNull())
          .execute();
      },
    },
    '021_friends': {
      async up(db: Kysely<unknown>) {
        // One account's link to another: it follows them or blocks them (docs/accounts.md, "Friends").
        await db.schema
          .createTable('account_links')
          .addColumn('from_id', t.text, (c) => c.notNull())
          .addColumn('to_id', t.text, (c) => c.notNull())
          .addColumn('kind', t.text, (c) => c.notNull())
          .addColumn('at', t.big, (c) => c.notNull())
          .addPrimaryKeyConstraint('account_links_from_to', ['from_id', 'to_id'])
          .execute();
        await db.schema.createIndex('account_links_by_to').on('account_links').columns(['to_id']).execute();
      },
    },
    '023_arenas': {
      async up(db: Kysely<unknown>) {
        // Scheduled tournaments (docs/arenas.md) and each account's entry: its points, games and
        // wins, whether it waits in the arena's lobby, and the table it sits at.
        await db.schema
          .createTable('arenas')
          .addColumn('id', t.text, (c) => c.primaryKey())
          .addColumn('name', t.text, (c) => c.notNull())
          .addColumn('edition', t.text, (c) => c.notNull())
          .addColumn('rounds', t.int, (c) => c.notNull())
          .addColumn('starts_at', t.big, (c) => c.notNull())
          .addColumn('ends_at', t.big, (c) => c.notNull())
          .addColumn('created_at', t.big, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('arenas_by_end').on('arenas').columns(['ends_at', 'starts_at']).execute();
        await db.schema
          .createTable('arena_entries')
          .addColumn('arena_id', t.text, (c) => c.notNull())
          .addColumn('account_id', t.text, (c) => c.notNull())
          .addColumn('joined_at', t.big, (c) => c.notNull())
          .addColumn('points', t.int, (c) => c.notNull().defaultTo(0))
          .addColumn('wins', t.int, (c) => c.notNull().defaultTo(0))
          .addColumn('games', t.int, (c) => c.notNull().defaultTo(0))
          .addColumn('waiting_since', t.big)
          .addColumn('seen_at', t.big, (c) => c.notNull())
          .addColumn('table_code', t.text)
          .addPrimaryKeyConstraint('arena_entries_pk', ['arena_id', 'account_id'])
          .execute();
        await db.schema.createIndex('arena_entries_by_account').on('arena_entries').column('account_id').execute();
      },
    },
    '022_seasons': {
      async up(db: Kysely<unknown>) {
        // Seasons of rated play (docs/accounts.md, "Seasons"): each season's turn, done once (its
        // row is the proof), and each past season's final board per edition.
        await db.schema
          .createTable('seasons')
          .addColumn('id', t.text, (c) => c.primaryKey())
          .addColumn('starts_at', t.big, (c) => c.notNull())
          .addColumn('turned_at', t.big, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('season_results')
          .addColumn('season', t.text, (c) => c.notNull())
          .addColumn('edition', t.text, (c) => c.notNull())
          .addColumn('account_id', t.text, (c) => c.notNull())
          .addColumn('place', t.int, (c) => c.notNull())
          .addColumn('mu', t.real, (c) => c.notNull())
          .addColumn('sigma', t.real, (c) => c.notNull())
          .addColumn('rating', t.int, (c) => c.notNull())
          .addColumn('games', t.int, (c) => c.notNull())
          .addPrimaryKeyConstraint('season_results_key', ['season', 'edition', 'account_id'])
          .execute();
        await db.schema
          .createIndex('season_results_by_place')
          .on('season_results')
          .columns(['season', 'edition', 'place'])
          .execute();
        await db.schema.createIndex('season_results_by_account').on('season_results').column('account_id').execute();
      },
    },
    '024_live_game_arena': {
      async up(db: Kysely<unknown>) {
        // The arena a game under way is played for (JSON; '' for none), so that a game resumed
        // after a restart still gives its arena its points (docs/arenas.md).
        await db.schema
          .alterTable('live_games')
          .addColumn('arena', t.text, (c) => c.notNull().defaultTo(''))
          .execute();
      },
    },
  };
}
