import { describe, expect, it } from 'vitest';
import type { Arena } from '../../arena/store.js';
import type { Stores } from '../stores.js';
import type { Opener } from './fixtures.js';

const arena = (over: Partial<Arena> = {}): Arena => ({
  id: 'ar1',
  name: 'Hourly classic',
  edition: 'classic',
  rounds: 3,
  startsAt: 1000,
  endsAt: 2000,
  createdAt: 500,
  ...over,
});

async function account(
  stores: Pick<Stores, 'accounts'>,
  id: string,
  name: string,
  username: string | null = null,
): Promise<void> {
  await stores.accounts.createAccount({ id, secretHash: 'ab', name, username: null, passwordHash: null, createdAt: 1 });
  if (username !== null) await stores.accounts.claimAccount(id, username, username, 'h', username);
}

/**
 * What every `Arenas` must do: an arena stored once by its id and listed by its times; entries
 * that wait, are seated at a table all or none, and get a table's results once.
 */
export function arenasContract(name: string, open: Opener<'accounts' | 'arenas' | 'games'>): void {
  describe(`${name}: arenas`, () => {
    it('stores an arena once, lists by time, cancels one nobody entered', async () => {
      const stores = await open();
      expect(await stores.arenas.createArena(arena())).toBe(true);
      expect(await stores.arenas.createArena(arena({ name: 'again' }))).toBe(false);
      expect(await stores.arenas.createArena(arena({ id: 'ar0', startsAt: 3000, endsAt: 4000 }))).toBe(true);
      expect(
        await stores.arenas.createArena(arena({ id: 'ar2', startsAt: 100, endsAt: 900, edition: 'extreme' })),
      ).toBe(true);
      expect(await stores.arenas.arena('ar1')).toEqual(arena());
      expect(await stores.arenas.arena('nope')).toBeUndefined();
      expect((await stores.arenas.arenas(0, 10_000, 10)).map((a) => a.id)).toEqual(['ar2', 'ar1', 'ar0']);
      expect((await stores.arenas.arenas(950, 2500, 10)).map((a) => a.id)).toEqual(['ar1']);
      expect((await stores.arenas.arenas(0, 10_000, 2)).map((a) => a.id)).toEqual(['ar2', 'ar1']);
      await account(stores, 'a1', 'Ann');
      await stores.arenas.enterArena('ar1', 'a1', 1100);
      expect(await stores.arenas.cancelArena('ar1')).toBe(false);
      expect(await stores.arenas.cancelArena('ar0')).toBe(true);
      expect(await stores.arenas.cancelArena('ar0')).toBe(false);
      expect(await stores.arenas.arena('ar0')).toBeUndefined();
      await stores.close();
    });

    it('keeps who waits, seats a table all or none, counts its results once', async () => {
      const stores = await open();
      await stores.arenas.createArena(arena());
      await account(stores, 'a1', 'Ann', 'ann');
      await account(stores, 'a2', 'Bob', 'bob');
      await account(stores, 'a3', 'Cat', 'cat');
      await stores.arenas.enterArena('ar1', 'a1', 1100);
      await stores.arenas.enterArena('ar1', 'a2', 1200);
      // Entering again while waiting keeps the place in the queue, and notes the time seen.
      await stores.arenas.enterArena('ar1', 'a1', 1300);
      let entries = await stores.arenas.arenaEntries('ar1');
      expect(entries).toEqual([
        {
          arenaId: 'ar1',
          accountId: 'a1',
          name: 'Ann',
          username: 'ann',
          joinedAt: 1100,
          points: 0,
          wins: 0,
          games: 0,
          waitingSince: 1100,
          seenAt: 1300,
          table: null,
        },
        expect.objectContaining({ accountId: 'a2', waitingSince: 1200, table: null }),
      ]);
      // a3 does not wait: the table is not seated, nobody moves.
      expect(await stores.arenas.seatArenaTable('ar1', ['a1', 'a2', 'a3'], 'T1')).toBe(false);
      expect((await stores.arenas.arenaEntries('ar1')).map((e) => e.table)).toEqual([null, null]);
      expect(await stores.arenas.seatArenaTable('ar1', ['a1', 'a2'], 'T1')).toBe(true);
      expect(await stores.arenas.seatArenaTable('ar1', ['a1', 'a2'], 'T2')).toBe(false);
      // At a table, entering the lobby again does not make one wait.
      await stores.arenas.enterArena('ar1', 'a1', 1400);
      entries = await stores.arenas.arenaEntries('ar1');
      expect(entries.map((e) => [e.table, e.waitingSince, e.seenAt])).toEqual([
        ['T1', null, 1400],
        ['T1', null, 1200],
      ]);
      const results = [
        { accountId: 'a1', points: 4, win: true },
        { accountId: 'a2', points: 2, win: false },
      ];
      await stores.arenas.endArenaTable('ar1', 'T1', results);
      await stores.arenas.endArenaTable('ar1', 'T1', results);
      entries = await stores.arenas.arenaEntries('ar1');
      expect(entries.map((e) => [e.points, e.games, e.wins, e.table])).toEqual([
        [4, 1, 1, null],
        [2, 1, 0, null],
      ]);
      // Back in the lobby: waiting from then; leaving it stops the wait, the sum stays.
      await stores.arenas.enterArena('ar1', 'a2', 1500);
      await stores.arenas.leaveArenaLobby('ar1', 'a1');
      entries = await stores.arenas.arenaEntries('ar1');
      expect(entries.map((e) => e.waitingSince)).toEqual([null, 1500]);
      // A table closed without a result frees its players, adding nothing.
      await stores.arenas.enterArena('ar1', 'a1', 1600);
      expect(await stores.arenas.seatArenaTable('ar1', ['a1', 'a2'], 'T2')).toBe(true);
      await stores.arenas.endArenaTable('ar1', 'T2', []);
      entries = await stores.arenas.arenaEntries('ar1');
      expect(entries.map((e) => [e.points, e.games, e.table])).toEqual([
        [4, 1, null],
        [2, 1, null],
      ]);
      await stores.arenas.createArena(arena({ id: 'ar9', startsAt: 5000, endsAt: 6000 }));
      await stores.arenas.enterArena('ar9', 'a1', 5100);
      expect((await stores.arenas.arenasOf('a1', 10)).map((a) => a.id)).toEqual(['ar9', 'ar1']);
      expect((await stores.arenas.arenasOf('a1', 1)).map((a) => a.id)).toEqual(['ar9']);
      expect(await stores.arenas.arenasOf('a3', 10)).toEqual([]);
      await stores.close();
    });
  });
}
