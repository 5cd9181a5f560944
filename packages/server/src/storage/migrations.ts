import type { Kysely, Migration } from 'kysely';
import { usernameSkeleton } from '../accounts/skeleton.js';
import type { ColumnTypes } from './column-types.js';
import { carrySoloSummaries } from './migration-012.js';

export type { ColumnTypes } from './column-types.js';
export { POSTGRES_TYPES, SQLITE_TYPES } from './column-types.js';

/**
 * The migrations, in each database's column types. They run at start, in name order; a new one is
 * appended, never edited once shipped (on SQLite each must keep creating exactly what it did).
 */
export function migrations(t: ColumnTypes): Record<string, Migration> {
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
