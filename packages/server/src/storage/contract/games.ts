import { describe, expect, it } from 'vitest';
import type { GameRecord, LiveTable } from '../../table/store.js';
import type { Stores } from '../stores.js';
import type { Mutable, Opener } from './fixtures.js';
import { claim, entries, finished, game, live, standIn, started } from './fixtures.js';

/**
 * What every `Games` must do: records, and the journal of the games under way.
 */
export function gamesContract(name: string, open: Opener<'games' | 'owner'>): void {
  describe(`${name}: games`, () => {
    it('keeps tables between games by code, replaces one kept again, and forgets a dropped one', async () => {
      const stores = await open();
      const lobby: LiveTable = {
        code: 'QRS234',
        public: true,
        settings: {
          edition: 'extreme',
          variant: 'standard',
          hourglassSeconds: 90,
          rounds: 5,
          pieceSet: 'box',
          rated: false,
        },
        seats: [
          {
            id: '',
            occupant: { kind: 'human', name: 'Ana' },
            side: 'hard',
            ready: true,
            keyHash: 'ab'.repeat(32),
            accountId: 'acc-1',
            claimed: true,
          },
          { id: '', occupant: { kind: 'bot', level: 'expert', number: 1 }, side: 'easy', ready: true },
        ],
        host: 0,
        game: null,
        savedAt: 2 ** 41 + 7,
      };
      const ended: LiveTable = { ...lobby, code: 'ABC789', public: false, host: -1, game: 'ABC789-1', savedAt: 5 };
      await stores.games.keepTable(lobby);
      await stores.games.keepTable(ended);
      expect(await stores.games.liveTables()).toEqual([ended, lobby]);
      const ready = { ...lobby, seats: lobby.seats.map((s) => ({ ...s, ready: false })), savedAt: 9 };
      await stores.games.keepTable(ready);
      expect(await stores.games.liveTables()).toStrictEqual([ended, ready]);
      await stores.games.dropTable(ended.code);
      await stores.games.dropTable('NOPE42');
      expect(await stores.games.liveTables()).toEqual([ready]);
      // What came back is the caller's own: changing it changes nothing kept.
      const [back] = await stores.games.liveTables();
      const seat = back?.seats[0] as { ready: boolean } | undefined;
      if (seat) seat.ready = true;
      expect(await stores.games.liveTables()).toEqual([ready]);
      await stores.close();
    });

    it('stores a game and gives it back; saving again replaces it', async () => {
      const stores = await open();
      await stores.games.saveGame(game);
      expect(await stores.games.game(game.id)).toEqual(game);
      const finished = { ...game, result: { winners: ['p1'], scores: { p1: 3 }, tieBreakRounds: 0 } };
      await stores.games.saveGame(finished);
      expect(await stores.games.game(game.id)).toEqual(finished);
      expect(await stores.games.game('nope')).toBeUndefined();
      await stores.close();
    });

    it('gives back a game whose result is undefined with every field, the result key included', async () => {
      const stores = await open();
      await stores.games.saveGame(game);
      // Strict: `result` is there and undefined, not missing; nothing else is added or dropped.
      expect(await stores.games.game(game.id)).toStrictEqual(game);
      await stores.games.saveGame(finished);
      expect(await stores.games.game(game.id)).toStrictEqual(finished);
      await stores.close();
    });

    it('shares no object with its callers: changing a saved or returned game changes nothing stored', async () => {
      const stores = await open();
      const saved = structuredClone(finished) as Mutable<GameRecord>;
      await stores.games.saveGame(saved);
      saved.seats.push({ id: 'x', name: 'Mallory', kind: 'human' });
      saved.result?.winners.push('x');
      const first = (await stores.games.game(game.id)) as Mutable<GameRecord> | undefined;
      expect(first).toStrictEqual(finished);
      const second = await stores.games.game(game.id);
      expect(second).not.toBe(first);
      expect(second?.config).not.toBe(first?.config);
      expect(second?.seats).not.toBe(first?.seats);
      expect(second?.actions).not.toBe(first?.actions);
      expect(second?.result).not.toBe(first?.result);
      if (!first?.result) throw new Error('the game has no result');
      first.seed = 7;
      first.config.rounds = 9;
      first.seats.length = 0;
      first.actions.push({ at: 3000, action: { type: 'start-round' } });
      first.result.winners.push('b1');
      first.result.scores['p1'] = 0;
      expect(await stores.games.game(game.id)).toStrictEqual(finished);
      await stores.close();
    });

    it('keeps the journal of a game under way until its record is stored', async () => {
      const stores = await open();
      expect(await stores.games.liveGames()).toEqual([]);
      await stores.games.beginGame(live);
      for (const [seq, entry] of entries.entries()) await stores.games.journal(live.id, seq, entry);
      await expect(stores.games.journal(live.id, 1, started)).rejects.toThrow();
      await expect(stores.games.journal('nope', 0, started)).rejects.toThrow('no game nope under way');
      expect(await stores.games.liveGames()).toEqual([
        { game: live, entries: entries.map((entry, seq) => ({ seq, entry })), nextSeq: 3 },
      ]);
      // A restart plays the round again: the entries from seq 1 on are set apart, not lost, and
      // the next entry takes a seq past them.
      await stores.games.voidJournal(live.id, 1);
      expect(await stores.games.liveGames()).toEqual([
        { game: live, entries: [{ seq: 0, entry: started }], nextSeq: 3 },
      ]);
      await stores.games.journal(live.id, 3, claim);
      expect(await stores.games.voidedEntries()).toEqual([
        { gameId: live.id, seq: 1, entry: standIn },
        { gameId: live.id, seq: 2, entry: claim },
      ]);
      // Its record stored, the game is no longer under way.
      await stores.games.saveGame(finished);
      expect(await stores.games.liveGames()).toEqual([]);
      expect(await stores.games.voidedEntries()).toHaveLength(2);
      expect((await stores.games.game(game.id))?.result).toEqual(finished.result);
      await stores.close();
    });

    it('keeps the arena a game under way is played for, and a game for none without one', async () => {
      const stores = await open();
      const arena = { arenaId: 'classic-60m-0', accounts: ['acc-1', 'acc-2'] };
      await stores.games.beginGame({ ...live, id: 'arena-game', room: 'ARENA1', rated: true, arena });
      await stores.games.beginGame({ ...live, id: 'plain-game', room: 'PLAIN1' });
      const journals = await stores.games.liveGames();
      expect(journals.find((j) => j.game.id === 'arena-game')?.game).toStrictEqual({
        ...live,
        id: 'arena-game',
        room: 'ARENA1',
        rated: true,
        arena,
      });
      expect(journals.find((j) => j.game.id === 'plain-game')?.game).not.toHaveProperty('arena');
      await stores.close();
    });

    it('stores the entries of many games written at once, and fails only the faulty ones', async () => {
      const stores = await open();
      const games = Array.from({ length: 40 }, (_, i) => ({ ...live, id: `G-${i}`, room: `r${i}` }));
      for (const g of games) await stores.games.beginGame(g);
      await stores.games.journal('G-0', 0, started);
      // All at once: each game's next entry, one seq already taken, one game never begun.
      const writes = [
        ...games.map((g, i) => stores.games.journal(g.id, i === 0 ? 1 : 0, started)),
        stores.games.journal('G-1', 0, claim),
        stores.games.journal('nope', 0, started),
      ];
      const outcomes = await Promise.allSettled(writes);
      expect(outcomes.slice(0, 40).every((o) => o.status === 'fulfilled')).toBe(true);
      expect(outcomes[40]?.status).toBe('rejected');
      expect(outcomes[41]).toMatchObject({ status: 'rejected', reason: new Error('no game nope under way') });
      const journals = await stores.games.liveGames();
      expect(journals).toHaveLength(40);
      expect(journals.find((j) => j.game.id === 'G-0')?.entries).toHaveLength(2);
      expect(journals.find((j) => j.game.id === 'G-1')?.entries).toEqual([{ seq: 0, entry: started }]);
      await stores.close();
    });

    it('lists games under way by their start', async () => {
      const stores = await open();
      await stores.games.beginGame({ ...live, id: 'B-2', startedAt: 2000 });
      await stores.games.beginGame({ ...live, id: 'A-3', startedAt: 3000 });
      await stores.games.beginGame({ ...live, id: 'C-1', startedAt: 1000 });
      expect((await stores.games.liveGames()).map((j) => j.game.id)).toEqual(['C-1', 'B-2', 'A-3']);
      await stores.close();
    });

    it('keeps times in milliseconds since 1970 and seeds up to 2^32, as numbers', async () => {
      const stores = await open();
      // 2100-01-01 and the largest seed: both past what a 32-bit integer holds.
      const at = 4_102_444_800_123;
      const seed = 2 ** 32 - 1;
      const late = { ...finished, seed, startedAt: at, finishedAt: at + 1 };
      await stores.games.saveGame(late);
      expect(await stores.games.game(late.id)).toStrictEqual(late);
      await stores.games.beginGame({ ...live, id: 'L-1', seed, startedAt: at });
      await stores.games.journal('L-1', 0, { ...started, at });
      expect(await stores.games.liveGames()).toStrictEqual([
        {
          game: { ...live, id: 'L-1', seed, startedAt: at },
          entries: [{ seq: 0, entry: { ...started, at } }],
          nextSeq: 1,
        },
      ]);
      await stores.close();
    });

    it('breaks ties by id code point by code point, capitals first, as every store does', async () => {
      const stores = await open();
      for (const id of ['b-1', 'a-1', 'B-1', 'A-1']) await stores.games.beginGame({ ...live, id });
      expect((await stores.games.liveGames()).map((j) => j.game.id)).toEqual(['A-1', 'B-1', 'a-1', 'b-1']);
      await stores.close();
    });

    it('rejects every call once closed, and may be closed twice', async () => {
      const stores = await open();
      await stores.games.saveGame(game);
      await stores.close();
      // Only that it rejects with an Error: the message is each implementation's own.
      await expect(stores.games.saveGame(game)).rejects.toThrow(Error);
      await expect(stores.games.game(game.id)).rejects.toThrow(Error);
      await expect(stores.games.beginGame(live)).rejects.toThrow(Error);
      await expect(stores.games.liveGames()).rejects.toThrow(Error);
      await stores.close();
    });
  });
}

/**
 * Stores on one database serving different processes (`owner`, their public addresses): each lists
 * only the games under way it began, a process restarted under its name finds its own again, and a
 * record stored by any of them ends the game. `opener` gives a function that opens stores on one
 * new, empty database. (Stores in memory are one process's memory: there is nothing to share.)
 */
export function ownershipContract(name: string, opener: () => Promise<(owner: string) => Promise<Stores>>): void {
  it(`${name}: each process's store lists its own games under way only`, async () => {
    const open = await opener();
    // One after the other: SQLite's migrator takes no lock across connections.
    const p1 = await open('localhost:8080/p1');
    const p2 = await open('localhost:8080/p2');
    const lone = await open('');
    expect([p1.owner, p2.owner, lone.owner]).toEqual(['localhost:8080/p1', 'localhost:8080/p2', '']);
    const other = { ...live, id: 'XYZ789-1', room: 'XYZ789' };
    await p1.games.beginGame(live);
    await p1.games.journal(live.id, 0, started);
    await p2.games.beginGame(other);
    expect((await p1.games.liveGames()).map((j) => j.game.id)).toEqual([live.id]);
    expect((await p2.games.liveGames()).map((j) => j.game.id)).toEqual([other.id]);
    expect(await lone.games.liveGames()).toEqual([]);
    // p1 killed and started again under its name: its game and journal are there.
    await p1.close();
    const again = await open('localhost:8080/p1');
    expect(await again.games.liveGames()).toEqual([{ game: live, entries: [{ seq: 0, entry: started }], nextSeq: 1 }]);
    // Whoever stores a game's record ends it.
    await p2.games.saveGame(game);
    expect(await again.games.liveGames()).toEqual([]);
    expect((await p2.games.liveGames()).map((j) => j.game.id)).toEqual([other.id]);
    // Tables between games are each process's too.
    const kept: LiveTable = {
      code: 'LMN456',
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
      savedAt: 1,
    };
    await p2.games.keepTable(kept);
    expect(await p2.games.liveTables()).toEqual([kept]);
    expect(await again.games.liveTables()).toEqual([]);
    await Promise.all([again.close(), p2.close(), lone.close()]);
  });
}
