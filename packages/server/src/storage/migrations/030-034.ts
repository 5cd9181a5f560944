import type { Kysely, Migration } from 'kysely';
import type { ColumnTypes } from '../column-types.js';

/** Migrations 030-034: boards players make. Shipped: never edited (migrations.ts). */
export function migrations030To034(t: ColumnTypes): Record<string, Migration> {
  return {
    '030_player_boards': {
      async up(db: Kysely<unknown>) {
        // A board a player made and the server proved (docs/boards.md): its id is its share code,
        // its spec the puzzle file (JSON text); an operator hides one (hidden_at).
        await db.schema
          .createTable('player_boards')
          .addColumn('id', t.text, (c) => c.primaryKey())
          .addColumn('account_id', t.text, (c) => c.notNull())
          .addColumn('name', t.text, (c) => c.notNull())
          .addColumn('grid', t.text, (c) => c.notNull())
          .addColumn('spec', t.text, (c) => c.notNull())
          .addColumn('solutions', t.big, (c) => c.notNull())
          .addColumn('difficulty', t.real, (c) => c.notNull())
          .addColumn('created_at', t.big, (c) => c.notNull())
          .addColumn('hidden_at', t.big)
          .execute();
        await db.schema
          .createIndex('player_boards_by_account')
          .on('player_boards')
          .columns(['account_id', 'created_at'])
          .execute();
        // Each solved, verified run of a board: its times board lists each account's fastest listed one.
        await db.schema
          .createTable('board_times')
          .addColumn('run_id', t.big, (c) => c.primaryKey())
          .addColumn('board_id', t.text, (c) => c.notNull())
          .addColumn('account_id', t.text, (c) => c.notNull())
          .addColumn('ms', t.big, (c) => c.notNull())
          .addColumn('at', t.big, (c) => c.notNull())
          .execute();
        await db.schema.createIndex('board_times_by_board').on('board_times').columns(['board_id', 'ms']).execute();
      },
    },
  };
}
