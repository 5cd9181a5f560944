import type { Numbered } from './race-game.js';
import type { Measures } from '../metrics.js';
import type { Games, LiveGame, LiveTable } from './store.js';
import type { Stores } from '../storage/stores.js';

/** What a game's journal needs: the store, and the process's measures (metrics.ts). */
export interface JournalServices {
  readonly stores: Pick<Stores, 'games'>;
  readonly metrics?: Pick<Measures, 'journalWritten'> | undefined;
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
    void this.#next(() => this.services.stores.games.beginGame(live)).then(then);
  }

  /** Writes an entry after the earlier writes; resolves with whether it is durable. */
  write(gameId: string, { seq, entry }: Numbered): Promise<boolean> {
    // Wall time, not game time: the store's latency is measured (metrics.ts).
    const askedAt = performance.now();
    return this.#next(async () => {
      await this.services.stores.games.journal(gameId, seq, entry);
      this.services.metrics?.journalWritten(performance.now() - askedAt);
    });
  }

  /** Resolves once every write asked so far has landed (or failed). */
  async settled(): Promise<void> {
    await this.#tail;
  }
}

/**
 * A table's keeping between games (docs/operations.md, the journal): its latest state written, one
 * write at a time, in order, a state asked for while another is being written replacing any not
 * yet begun (only the latest counts). A write that fails is reported to `notSaved`; the next
 * change writes the table again.
 */
export class TableJournal {
  #tail: Promise<unknown> = Promise.resolve();
  /** The write waiting for the one under way: its latest state, or the table's end. */
  #due: { readonly table: LiveTable } | { readonly drop: string } | null = null;

  constructor(
    private readonly games: Pick<Games, 'keepTable' | 'dropTable'>,
    private readonly notSaved: (e: unknown) => void,
  ) {}

  #ask(write: { readonly table: LiveTable } | { readonly drop: string }): void {
    const queued = this.#due !== null;
    this.#due = write;
    if (queued) return;
    this.#tail = this.#tail.then(async () => {
      const due = this.#due;
      this.#due = null;
      if (!due) return;
      try {
        if ('table' in due) await this.games.keepTable(due.table);
        else await this.games.dropTable(due.drop);
      } catch (e) {
        this.notSaved(e);
      }
    });
  }

  /** Keeps the table as it stands now (replacing what was kept). */
  keep(table: LiveTable): void {
    this.#ask({ table });
  }

  /** The table is gone, or its game began (the game's journal has it now). */
  drop(code: string): void {
    this.#ask({ drop: code });
  }

  /** Resolves once every write asked so far has landed (or failed). */
  async settled(): Promise<void> {
    await this.#tail;
  }
}
