import type { Numbered } from './race-game.js';
import type { ServerMetrics } from './metrics.js';
import type { LiveGame, Storage } from './storage.js';

/** What a game's journal needs: the store, and the bench's measure if it is on. */
export interface JournalServices {
  readonly storage: Pick<Storage, 'beginGame' | 'journal'>;
  readonly metrics?: Pick<ServerMetrics, 'journalWritten'> | undefined;
}

/**
 * A room's journal writes (docs/operations.md), one after the other, so that they land in the
 * order they happened: a store may answer two writes in any order, and a replay needs the game's
 * header before its entries and every entry in turn. Each write says whether it is stored; one
 * that fails is also reported to `notSaved`, and the writes after it go on. The room announces
 * a step only once its write said it is stored (race-master.ts).
 */
export class GameJournal {
  #tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly services: JournalServices,
    private readonly notSaved: (e: unknown) => void,
  ) {}

  /** Runs `write` after the earlier writes: true once it holds, false if it failed (reported). */
  #next(write: () => Promise<void>): Promise<boolean> {
    const written = this.#tail.then(write).then(
      () => true,
      (e: unknown) => {
        this.notSaved(e);
        return false;
      },
    );
    this.#tail = written;
    return written;
  }

  /** Opens a game's journal after the earlier writes, then runs `then` with whether it holds. */
  begin(live: LiveGame, then: (stored: boolean) => void): void {
    void this.#next(() => this.services.storage.beginGame(live)).then(then);
  }

  /** Writes an entry after the earlier writes; resolves with whether it is durable. */
  write(gameId: string, { seq, entry }: Numbered): Promise<boolean> {
    // Wall time, not game time: the bench measures the store's latency (metrics.ts).
    const askedAt = performance.now();
    return this.#next(async () => {
      await this.services.storage.journal(gameId, seq, entry);
      this.services.metrics?.journalWritten(performance.now() - askedAt);
    });
  }

  /** Resolves once every write asked so far has landed (or failed). */
  async settled(): Promise<void> {
    await this.#tail;
  }
}
