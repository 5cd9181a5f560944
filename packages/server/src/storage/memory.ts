import { MemoryAccounts } from './memory-accounts.js';
import { MemoryArenas } from './memory-arenas.js';
import { MemoryDaily } from './memory-daily.js';
import { MemoryFriends } from './memory-friends.js';
import { MemoryGames } from './memory-games.js';
import { MemoryRatings } from './memory-ratings.js';
import { MemoryReviews } from './memory-reviews.js';
import { Gate } from './memory-shared.js';
import { MemorySoloRuns } from './memory-solo-runs.js';
import type { StoreSet } from './stores.js';
import { CombinedStorage } from './stores.js';

/** The five stores in memory, closed together; the ratings name the accounts of the same set, the reviews its runs. */
export function memoryStores(owner = ''): StoreSet & { gate: Gate } {
  const gate = new Gate();
  const accounts = new MemoryAccounts(gate);
  const soloRuns = new MemorySoloRuns(gate, (id) => accounts.find(id));
  return {
    gate,
    games: new MemoryGames(gate, owner),
    soloRuns,
    daily: new MemoryDaily(gate, soloRuns, (id) => accounts.find(id)),
    reviews: new MemoryReviews(gate, soloRuns),
    ratings: new MemoryRatings(gate, (id) => accounts.find(id)),
    accounts,
    friends: new MemoryFriends(gate),
    arenas: new MemoryArenas(gate, (id) => accounts.find(id)),
  };
}

/**
 * Storage that lives and dies with the process: for tests and servers that keep nothing. It behaves as the databases do (kysely-*.ts); all pass the same contract suites.
 */
export class MemoryStorage extends CombinedStorage {
  readonly #gate: Gate;

  /** A store in memory is one process's: every game it holds under way is `owner`'s. */
  constructor(owner = '') {
    const stores = memoryStores(owner);
    super(stores);
    this.#gate = stores.gate;
  }

  close(): Promise<void> {
    this.#gate.close();
    return Promise.resolve();
  }
}
