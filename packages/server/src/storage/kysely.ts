import type { Kysely } from 'kysely';
import { KyselyAccounts } from './kysely-accounts.js';
import { KyselyArenas } from './kysely-arenas.js';
import { KyselyDaily } from './kysely-daily.js';
import { KyselyFriends } from './kysely-friends.js';
import { KyselyGames } from './kysely-games.js';
import { KyselyRatings } from './kysely-ratings.js';
import { KyselyReviews } from './kysely-reviews.js';
import { KyselySoloRuns } from './kysely-solo-runs.js';
import type { StoreSet } from './stores.js';
import { CombinedStorage } from './stores.js';
import type { Tables } from './tables.js';

export type { Tables } from './tables.js';

/**
 * The five stores of a SQL database through Kysely (kysely-*.ts): one set of queries for SQLite
 * and PostgreSQL. `owner` names the process they serve (`Games.owner`), `journalDb` writes the
 * journal (`db` unless it has connections of its own), `isUniqueViolation` tells the database's
 * refusal of a row a unique index already holds.
 */
export function kyselyStores(
  db: Kysely<Tables>,
  owner: string,
  isUniqueViolation: (e: unknown) => boolean,
  journalDb: Kysely<Tables> = db,
): StoreSet & { games: KyselyGames } {
  return {
    games: new KyselyGames(db, owner, journalDb),
    soloRuns: new KyselySoloRuns(db),
    daily: new KyselyDaily(db),
    ratings: new KyselyRatings(db),
    accounts: new KyselyAccounts(db, isUniqueViolation),
    reviews: new KyselyReviews(db),
    friends: new KyselyFriends(db),
    arenas: new KyselyArenas(db),
  };
}

/**
 * The storage of a SQL database. What differs between SQLite and PostgreSQL (opening, pragmas,
 * column types, how a unique violation shows) is in sqlite.ts, postgres.ts and migrations.ts.
 */
export abstract class KyselyStorage extends CombinedStorage {
  readonly #games: KyselyGames;

  protected constructor(
    protected readonly db: Kysely<Tables>,
    owner: string,
    isUniqueViolation: (e: unknown) => boolean,
    private readonly journalDb: Kysely<Tables> = db,
  ) {
    const stores = kyselyStores(db, owner, isUniqueViolation, journalDb);
    super(stores);
    this.#games = stores.games;
  }

  async close(): Promise<void> {
    await this.#games.settled();
    try {
      if (this.journalDb !== this.db) await this.journalDb.destroy();
    } finally {
      await this.db.destroy();
    }
  }
}
