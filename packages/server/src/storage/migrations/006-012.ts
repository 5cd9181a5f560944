import type { Kysely, Migration } from 'kysely';
import { usernameSkeleton } from '../../accounts/skeleton.js';
import type { ColumnTypes } from '../column-types.js';
import { carrySoloSummaries } from '../migration-012.js';

/** Migrations 006-012: puzzle and solver ratings, live game owners, rating places, username skeletons, held results, solo summaries. Shipped: never edited (migrations.ts). */
export function migrations006To012(t: ColumnTypes): Record<string, Migration> {
  return {
    '006_puzzle_ratings': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('puzzle_ratings')
          .addColumn('task', t.text, (c) => c.primaryKey())
          .addColumn('mu', t.real, (c) => c.notNull())
          .addColumn('sigma', t.real, (c) => c.notNull())
          .addColumn('attempts', t.int, (c) => c.notNull())
          .addColumn('updated_at', t.big, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('first_attempts')
          .addColumn('account_id', t.text, (c) => c.notNull())
          .addColumn('task', t.text, (c) => c.notNull())
          .addColumn('at', t.big, (c) => c.notNull())
          .addPrimaryKeyConstraint('first_attempts_key', ['account_id', 'task'])
          .execute();
      },
    },
    '007_solo_puzzles_and_solver_ratings': {
      async up(db: Kysely<unknown>) {
        // Each puzzle of a run (JSON: deal, outcome, time, move trail), and how the run was dealt.
        await db.schema
          .alterTable('solo_results')
          .addColumn('puzzles', t.text, (c) => c.notNull().defaultTo('[]'))
          .execute();
        await db.schema
          .alterTable('solo_results')
          .addColumn('dealing', t.text, (c) => c.notNull().defaultTo('shuffled'))
          .execute();
        await db.schema
          .createTable('solver_ratings')
          .addColumn('account_id', t.text, (c) => c.notNull())
          .addColumn('edition', t.text, (c) => c.notNull())
          .addColumn('mu', t.real, (c) => c.notNull())
          .addColumn('sigma', t.real, (c) => c.notNull())
          .addColumn('attempts', t.int, (c) => c.notNull())
          .addColumn('updated_at', t.big, (c) => c.notNull())
          .addPrimaryKeyConstraint('solver_ratings_key', ['account_id', 'edition'])
          .execute();
      },
    },
    '008_live_game_owners': {
      async up(db: Kysely<unknown>) {
        // The process that runs each game under way (its public address; '' for a lone process):
        // a process starting resumes its own games only, never those another live process runs.
        await db.schema
          .alterTable('live_games')
          .addColumn('owner', t.text, (c) => c.notNull().defaultTo(''))
          .execute();
        await db.schema.createIndex('live_games_by_owner').on('live_games').column('owner').execute();
      },
    },
    '009_rating_history_places': {
      async up(db: Kysely<unknown>) {
        // Each rated player's place in the game (null before), and the games' players found by
        // game: ratings that cannot be bought look at whom an account played and beat.
        await db.schema.alterTable('rating_history').addColumn('place', t.int).execute();
        await db.schema.createIndex('rating_history_by_game').on('rating_history').column('game_id').execute();
      },
    },
    '010_username_skeletons': {
      async up(db: Kysely<unknown>) {
        // Each username's TR39 skeleton (skeleton.ts), unique: no username a look-alike of another.
        // Existing usernames get theirs, the oldest first; a later look-alike of one already held
        // keeps its username (and signs in with it) but holds no skeleton.
        await db.schema.alterTable('accounts').addColumn('username_skeleton', t.text).execute();
        const accounts = db as unknown as Kysely<{
          accounts: { id: string; username: string | null; created_at: number; username_skeleton: string | null };
        }>;
        const rows = await accounts
          .selectFrom('accounts')
          .select(['id', 'username'])
          .where('username', 'is not', null)
          .orderBy('created_at')
          .orderBy('id')
          .execute();
        const held = new Set<string>();
        for (const { id, username } of rows) {
          const skeleton = usernameSkeleton(username ?? '');
          if (held.has(skeleton)) continue;
          held.add(skeleton);
          await accounts.updateTable('accounts').set({ username_skeleton: skeleton }).where('id', '=', id).execute();
        }
        await db.schema
          .createIndex('accounts_by_username_skeleton')
          .unique()
          .on('accounts')
          .column('username_skeleton')
          .execute();
      },
    },
    '011_held_results': {
      async up(db: Kysely<unknown>) {
        // Where each solo run stands with review (storage.ts REVIEWS), and why it was held (JSON).
        await db.schema
          .alterTable('solo_results')
          .addColumn('review', t.text, (c) => c.notNull().defaultTo('none'))
          .execute();
        await db.schema
          .alterTable('solo_results')
          .addColumn('review_reasons', t.text, (c) => c.notNull().defaultTo('[]'))
          .execute();
        await db.schema.createIndex('solo_results_by_review').on('solo_results').column('review').execute();
        // The rated claims held: a game, a seat, its account, why (JSON), where review stands.
        await t
          .serialId(db.schema.createTable('held_claims'), 'id')
          .addColumn('game_id', t.text, (c) => c.notNull())
          .addColumn('player', t.text, (c) => c.notNull())
          .addColumn('account_id', t.text, (c) => c.notNull())
          .addColumn('reasons', t.text, (c) => c.notNull())
          .addColumn('review', t.text, (c) => c.notNull().defaultTo('held'))
          .addColumn('at', t.big, (c) => c.notNull())
          .execute();
      },
    },
    '012_solo_summaries_trails_and_reports': {
      async up(db: Kysely<unknown>) {
        await carrySoloSummaries(db, t);
      },
    },
  };
}
