import type { Standing } from '../solo/review-store.js';
/** Whether a store in memory is closed: its parts close together, as a database's do. */
export class Gate {
  #closed = false;

  close(): void {
    this.#closed = true;
  }

  /** Runs `work` as a database call would: asynchronously, and failing once closed. */
  run<T>(work: () => T): Promise<T> {
    // A throw in a promise's executor rejects it, as a database fails: asynchronously.
    return new Promise((resolve) => {
      if (this.#closed) throw new Error('storage is closed');
      resolve(work());
    });
  }
}

/** The accounts' standings of a store in memory (`account_standing`): read by its runs' boards too. */
export class MemoryStanding {
  private readonly standings = new Map<string, Standing>();

  of(accountId: string): Standing {
    return this.standings.get(accountId) ?? { role: 'none', bannedAt: null };
  }

  isBanned(accountId: string): boolean {
    return this.of(accountId).bannedAt !== null;
  }

  set(accountId: string, change: Partial<Standing>): void {
    this.standings.set(accountId, { ...this.of(accountId), ...change });
  }
}
