import type { Kysely } from 'kysely';
import { KyselyAccounts } from './kysely-accounts.js';
import { KyselyArenas } from './kysely-arenas.js';
import { KyselyBoards } from './kysely-boards.js';
import { KyselyChallenges } from './kysely-challenges.js';
import { KyselyCampaignMarks } from './kysely-campaign.js';
import { KyselyDaily } from './kysely-daily.js';
import { KyselyFriends } from './kysely-friends.js';
import { KyselyGames } from './kysely-games.js';
import { KyselyRatings } from './kysely-ratings.js';
import { KyselyReports } from './kysely-reports.js';
import { KyselyReviews } from './kysely-reviews.js';
import { KyselySeasons } from './kysely-seasons.js';
import { KyselySoloRuns } from './kysely-solo-runs.js';
import type { TableSize } from './sizes.js';
import type { Stores } from './stores.js';
import type { Tables } from './tables.js';

export type { Tables } from './tables.js';

/** The stores of a SQL database, and the database's tables by size (`ubongo admin size`). */
export interface DatabaseStores extends Stores {
  /** Which database they are on. */
  readonly database: 'sqlite' | 'postgres';
  sizes(): Promise<TableSize[]>;
}

/** What differs between SQLite and PostgreSQL once open (sqlite.ts, postgres.ts). */
export interface KyselyBackend {
  readonly database: DatabaseStores['database'];
  /** Tells the database's refusal of a row a unique index already holds. */
  readonly isUniqueViolation: (e: unknown) => boolean;
  /** Writes the journal; `db` unless it has connections of its own. */
  readonly journalDb?: Kysely<Tables>;
  readonly sizes: (db: Kysely<Tables>) => Promise<TableSize[]>;
  /** Done first when the stores close (SQLite's checkpointer stops, so that the last connection is the stores'). */
  readonly beforeClose?: () => Promise<unknown>;
}

/**
 * The stores of a SQL database through Kysely (kysely-*.ts): one set of queries for SQLite and
 * PostgreSQL. `owner` names the process they serve (`Games.owner`). Closing them waits for the
 * journal's writes under way, then closes the database.
 */
export function kyselyStores(db: Kysely<Tables>, owner: string, backend: KyselyBackend): DatabaseStores {
  const journalDb = backend.journalDb ?? db;
  const games = new KyselyGames(db, owner, journalDb);
  return {
    owner,
    database: backend.database,
    games,
    soloRuns: new KyselySoloRuns(db),
    campaign: new KyselyCampaignMarks(db),
    reports: new KyselyReports(db),
    daily: new KyselyDaily(db),
    ratings: new KyselyRatings(db),
    seasons: new KyselySeasons(db),
    accounts: new KyselyAccounts(db, backend.isUniqueViolation),
    reviews: new KyselyReviews(db),
    friends: new KyselyFriends(db),
    arenas: new KyselyArenas(db),
    boards: new KyselyBoards(db),
    challenges: new KyselyChallenges(db),
    sizes: () => backend.sizes(db),
    close: async () => {
      await backend.beforeClose?.();
      await games.settled();
      try {
        if (journalDb !== db) await journalDb.destroy();
      } finally {
        await db.destroy();
      }
    },
  };
}
