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
 * header before its entries and every entry in turn. A write that fails is reported to
 * `notSaved` (the players are told a restart would lose the game) and the writes after it go on.
 */
export class GameJournal {
  #tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly services: JournalServices,
    private readonly notSaved: (e: unknown) => void,
  ) {}

  /** Opens a game's journal after the earlier writes, then runs `then` (once it holds, or has failed). */
  begin(live: LiveGame, then: () => void): void {
    this.#tail = this.#tail
      .then(() => this.services.storage.beginGame(live))
      .catch((e: unknown) => {
        this.notSaved(e);
      })
      .then(then);
  }

  /** Writes an entry after the earlier writes; resolves when it is durable (or has failed). */
  write(gameId: string, { seq, entry }: Numbered): Promise<void> {
    // Wall time, not game time: the bench measures the store's latency (metrics.ts).
    const askedAt = performance.now();
    this.#tail = this.#tail
      .then(() => this.services.storage.journal(gameId, seq, entry))
      .then(() => this.services.metrics?.journalWritten(performance.now() - askedAt))
      .catch((e: unknown) => {
        this.notSaved(e);
      });
    return this.#tail;
  }

  /** Resolves once every write asked so far has landed (or failed). */
  settled(): Promise<void> {
    return this.#tail;
  }
}
