import { describe, expect, it } from 'vitest';
import { GameJournal, TableJournal } from './journal.js';
import type { JournalEntry, LiveGame, LiveTable } from './store.js';
import { openMemoryStores } from '../storage/memory.js';

/*
 * A room's journal writes land one after the other, in the order they were asked, whatever order
 * the store would answer them in: with the in-memory store, no server.
 */

const live: LiveGame = {
  id: 'g1',
  room: 'ROOM01',
  public: false,
  config: {
    edition: 'classic',
    variant: 'standard',
    hourglassSeconds: 60,
    rounds: 9,
    players: [{ id: 'p1', side: 'easy' }],
  },
  seed: 7,
  startedAt: 1000,
  seats: [{ id: 'p1', side: 'easy', occupant: { kind: 'bot', level: 'casual', number: 1 } }],
};

const entry = (at: number): JournalEntry => ({ at, kind: 'stand-in', player: 'p1' });

/** A store whose writes wait until the test lets each go, and that notes when each starts. */
class HeldStorage {
  readonly started: string[] = [];
  readonly #held: (() => void)[] = [];
  readonly games = openMemoryStores().games;

  constructor() {
    const begin = this.games.beginGame.bind(this.games);
    const journal = this.games.journal.bind(this.games);
    this.games.beginGame = async (g: LiveGame): Promise<void> => {
      this.started.push('begin');
      await new Promise<void>((go) => this.#held.push(go));
      await begin(g);
    };
    this.games.journal = async (gameId: string, seq: number, e: JournalEntry): Promise<void> => {
      this.started.push(`entry ${seq}`);
      await new Promise<void>((go) => this.#held.push(go));
      await journal(gameId, seq, e);
    };
  }

  /** Lets the writes waiting so far go, in the opposite order from the one they came in. */
  release(): void {
    for (const go of this.#held.splice(0).reverse()) go();
  }
}

describe('GameJournal', () => {
  it('writes the game, then each entry in turn, one after the other', async () => {
    const stores = new HeldStorage();
    const failed: unknown[] = [];
    const journal = new GameJournal({ stores }, (e) => failed.push(e));
    let began = false;
    journal.begin(live, () => {
      began = true;
    });
    const written = [0, 1, 2].map((seq) => journal.write('g1', { seq, entry: entry(2000 + seq) }));
    // Each write waits for the one before it: only the game's header has been asked for.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stores.started).toEqual(['begin']);
    expect(began).toBe(false);
    for (let i = 0; i < 4; i++) {
      stores.release();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await Promise.all(written);
    await journal.settled();
    expect(began).toBe(true);
    expect(stores.started).toEqual(['begin', 'entry 0', 'entry 1', 'entry 2']);
    const [held] = await stores.games.liveGames();
    expect(held?.entries.map((e) => [e.seq, e.entry.at])).toEqual([
      [0, 2000],
      [1, 2001],
      [2, 2002],
    ]);
    expect(failed).toEqual([]);
  });

  it('reports a write that fails, goes on with the next, and runs what follows an unopened journal', async () => {
    const stores = openMemoryStores();
    const failed: string[] = [];
    const journal = new GameJournal({ stores }, (e) => failed.push(String(e)));
    // No game begun: the store refuses its entries.
    await journal.write('g2', { seq: 0, entry: entry(1) });
    expect(failed).toHaveLength(1);
    await stores.close();
    let began = false;
    journal.begin(live, () => {
      began = true;
    });
    await journal.write('g1', { seq: 0, entry: entry(2) });
    expect(began).toBe(true);
    expect(failed).toHaveLength(3);
  });

  it('tells the bench how long each write took', async () => {
    const measured: number[] = [];
    const journal = new GameJournal(
      { stores: openMemoryStores(), metrics: { journalWritten: (ms) => measured.push(ms) } },
      () => undefined,
    );
    journal.begin(live, () => undefined);
    await journal.write('g1', { seq: 0, entry: entry(1) });
    await journal.write('g1', { seq: 1, entry: entry(2) });
    expect(measured).toHaveLength(2);
  });
});

describe('a table kept between games', () => {
  const kept = (savedAt: number): LiveTable => ({
    code: 'LOB111',
    public: false,
    settings: {
      edition: 'classic',
      variant: 'standard',
      hourglassSeconds: 60,
      rounds: 9,
      pieceSet: 'task',
      rated: false,
    },
    seats: [],
    host: -1,
    game: null,
    savedAt,
  });

  it('writes the latest state one write at a time, skipping states replaced before their turn, then drops it', async () => {
    const stores = openMemoryStores();
    const written: number[] = [];
    const slow = {
      dropTable: (code: string) => stores.games.dropTable(code),
      keepTable: async (t: LiveTable) => {
        await new Promise((r) => setTimeout(r, 5));
        written.push(t.savedAt);
        await stores.games.keepTable(t);
      },
    };
    const failures: unknown[] = [];
    const journal = new TableJournal(slow, (e) => failures.push(e));
    journal.keep(kept(1));
    journal.keep(kept(2));
    journal.keep(kept(3));
    await journal.settled();
    // Asked at once, only the latest is written.
    expect(written).toEqual([3]);
    // One under way is followed by the latest asked meanwhile.
    journal.keep(kept(4));
    await new Promise((r) => setTimeout(r, 1));
    journal.keep(kept(5));
    journal.keep(kept(6));
    await journal.settled();
    expect(written).toEqual([3, 4, 6]);
    expect((await stores.games.liveTables()).map((t) => t.savedAt)).toEqual([6]);
    journal.keep(kept(7));
    journal.drop('LOB111');
    await journal.settled();
    expect(await stores.games.liveTables()).toEqual([]);
    expect(failures).toEqual([]);
  });

  it('reports a write that fails, and writes the next change', async () => {
    const stores = openMemoryStores();
    let fail = true;
    const flaky = {
      dropTable: (code: string) => stores.games.dropTable(code),
      keepTable: (t: LiveTable) => (fail ? Promise.reject(new Error('disk full')) : stores.games.keepTable(t)),
    };
    const failures: unknown[] = [];
    const journal = new TableJournal(flaky, (e) => failures.push(e));
    journal.keep(kept(1));
    await journal.settled();
    expect(String(failures[0])).toContain('disk full');
    fail = false;
    journal.keep(kept(2));
    await journal.settled();
    expect((await stores.games.liveTables()).map((t) => t.savedAt)).toEqual([2]);
  });
});
