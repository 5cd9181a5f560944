import { describe, expect, it } from 'vitest';
import type { SoloRecord, Storage } from '../../storage.js';
import type { Mutable, Opener } from './fixtures.js';
import { solo } from './fixtures.js';

/**
 * What every `SoloRuns` must do: runs kept, records listed, an account’s own.
 */
export function soloRunsContract(name: string, open: Opener): void {
  describe(`${name}: solo runs`, () => {
    it('lists timed records by most solved, then fastest; count records by time, complete runs only', async () => {
      const storage = await open();
      await storage.saveSolo(solo({ player: 'A', solved: 3, ms: 300_000 }));
      await storage.saveSolo(solo({ player: 'B', solved: 5, ms: 300_000 }));
      await storage.saveSolo(solo({ player: 'C', solved: 5, ms: 299_000 }));
      await storage.saveSolo(solo({ player: 'D', solved: 9, side: 'hard' }));
      await storage.saveSolo(solo({ player: 'E', mode: 'count', solved: 5, ms: 90_000 }));
      await storage.saveSolo(solo({ player: 'F', mode: 'count', solved: 5, ms: 80_000 }));
      await storage.saveSolo(solo({ player: 'G', mode: 'count', solved: 4, ms: 10_000 }));
      expect((await storage.records({ mode: 'timed', side: 'easy' })).map((r) => r.player)).toEqual(['C', 'B', 'A']);
      expect((await storage.records({ mode: 'timed' })).map((r) => r.player)).toEqual(['D', 'C', 'B', 'A']);
      expect((await storage.records({ mode: 'timed', top: 2 })).map((r) => r.player)).toEqual(['D', 'C']);
      expect((await storage.records({ mode: 'count', limit: 5 })).map((r) => r.player)).toEqual(['F', 'E']);
      expect(await storage.records({ mode: 'count', limit: 10 })).toEqual([]);
      await storage.close();
    });

    it('shares no object with its callers: changing a saved or returned solo record changes nothing stored', async () => {
      const storage = await open();
      const saved = solo({ player: 'A' }) as Mutable<SoloRecord>;
      await storage.saveSolo(saved);
      saved.player = 'Mallory';
      saved.solved = 99;
      const [first] = (await storage.records({ mode: 'timed' })) as Mutable<SoloRecord>[];
      expect(first).toStrictEqual(solo({ player: 'A' }));
      if (!first) throw new Error('no record');
      first.ms = 1;
      first.player = 'Mallory';
      const again = await storage.records({ mode: 'timed' });
      expect(again).toStrictEqual([solo({ player: 'A' })]);
      expect(again[0]).not.toBe(first);
      await storage.close();
    });

    it('breaks ties in records by who finished first, whatever the saving order', async () => {
      const storage = await open();
      await storage.saveSolo(solo({ player: 'late', finishedAt: 30 }));
      await storage.saveSolo(solo({ player: 'early', finishedAt: 10 }));
      await storage.saveSolo(solo({ player: 'middle', finishedAt: 20 }));
      await storage.saveSolo(solo({ player: 'faster', finishedAt: 40, ms: 200_000 }));
      await storage.saveSolo(solo({ player: 'count late', mode: 'count', solved: 5, ms: 60_000, finishedAt: 30 }));
      await storage.saveSolo(solo({ player: 'count early', mode: 'count', solved: 5, ms: 60_000, finishedAt: 10 }));
      // For a count game the number solved is no key: every record solved them all.
      await storage.saveSolo(solo({ player: 'count more', mode: 'count', solved: 6, ms: 60_000, finishedAt: 20 }));
      expect((await storage.records({ mode: 'timed' })).map((r) => r.player)).toEqual([
        'faster',
        'early',
        'middle',
        'late',
      ]);
      expect((await storage.records({ mode: 'count' })).map((r) => r.player)).toEqual([
        'count early',
        'count more',
        'count late',
      ]);
      await storage.close();
    });

    it('lists the best 10 unless asked for another number', async () => {
      const storage = await open();
      for (let i = 0; i < 12; i++) await storage.saveSolo(solo({ player: `P${i}`, ms: 100_000 + i }));
      const best = (await storage.records({ mode: 'timed' })).map((r) => r.player);
      expect(best).toEqual(['P0', 'P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9']);
      expect((await storage.records({ mode: 'timed', top: 3 })).map((r) => r.player)).toEqual(['P0', 'P1', 'P2']);
      expect(await storage.records({ mode: 'timed', top: 1 })).toHaveLength(1);
      expect(await storage.records({ mode: 'timed', top: 100 })).toHaveLength(12);
      await storage.close();
    });

    it('filters records by side and by limit, alone or together', async () => {
      const storage = await open();
      await storage.saveSolo(solo({ player: 'easy 5', mode: 'count', limit: 5, solved: 5, ms: 50_000 }));
      await storage.saveSolo(solo({ player: 'hard 5', mode: 'count', limit: 5, side: 'hard', solved: 5, ms: 40_000 }));
      await storage.saveSolo(solo({ player: 'easy 10', mode: 'count', limit: 10, solved: 10, ms: 30_000 }));
      await storage.saveSolo(solo({ player: 'easy 10 unfinished', mode: 'count', limit: 10, solved: 9, ms: 1_000 }));
      await storage.saveSolo(
        solo({ player: 'hard 10', mode: 'count', limit: 10, side: 'hard', solved: 10, ms: 20_000 }),
      );
      await storage.saveSolo(solo({ player: 'timed hard', side: 'hard', solved: 8 }));
      const players = async (q: Parameters<Storage['records']>[0]) => (await storage.records(q)).map((r) => r.player);
      expect(await players({ mode: 'count' })).toEqual(['hard 10', 'easy 10', 'hard 5', 'easy 5']);
      expect(await players({ mode: 'count', limit: 10 })).toEqual(['hard 10', 'easy 10']);
      expect(await players({ mode: 'count', limit: 5 })).toEqual(['hard 5', 'easy 5']);
      expect(await players({ mode: 'count', side: 'hard' })).toEqual(['hard 10', 'hard 5']);
      expect(await players({ mode: 'count', side: 'easy', limit: 10 })).toEqual(['easy 10']);
      expect(await players({ mode: 'count', limit: 20 })).toEqual([]);
      expect(await players({ mode: 'timed', side: 'hard' })).toEqual(['timed hard']);
      expect(await players({ mode: 'timed', side: 'easy' })).toEqual([]);
      await storage.close();
    });

    it('lists the results of a period: those finished since a time', async () => {
      const storage = await open();
      await storage.saveSolo(solo({ player: 'Old', solved: 9, finishedAt: 100 }));
      await storage.saveSolo(solo({ player: 'New', solved: 3, finishedAt: 200 }));
      expect((await storage.records({ mode: 'timed', since: 150 })).map((r) => r.player)).toEqual(['New']);
      expect((await storage.records({ mode: 'timed', since: 200 })).map((r) => r.player)).toEqual(['New']);
      expect((await storage.records({ mode: 'timed' })).map((r) => r.player)).toEqual(['Old', 'New']);
      await storage.close();
    });

    it('lists verified results only, and gives an account all of its own, newest first', async () => {
      const storage = await open();
      await storage.saveSolo(solo({ player: 'Fast', solved: 9, accountId: 'a1', verified: false, finishedAt: 3 }));
      await storage.saveSolo(solo({ player: 'Ana', solved: 4, accountId: 'a1', finishedAt: 2 }));
      await storage.saveSolo(solo({ player: 'Ben', solved: 5, accountId: 'a2', finishedAt: 1 }));
      expect((await storage.records({ mode: 'timed' })).map((r) => r.player)).toEqual(['Ben', 'Ana']);
      expect((await storage.soloResultsOf('a1')).map((r) => [r.player, r.verified])).toEqual([
        ['Fast', false],
        ['Ana', true],
      ]);
      expect(await storage.soloResultsOf('nobody')).toEqual([]);
      await storage.close();
    });

    it('keeps each puzzle of a run with its moves, and lists runs dealt at a level nowhere but their account', async () => {
      const storage = await open();
      const puzzles = [
        { board: 'C01', side: 'easy', key: '3', outcome: 'solved', ms: 4200, trail: [[800, 'place', 'L4']] },
        { board: 'C07', side: 'easy', key: '6', outcome: 'skipped', ms: 900 },
        { board: 'C02', side: 'easy', key: '1', outcome: 'unfinished', ms: 12_000 },
      ] as const;
      await storage.saveSolo(solo({ player: 'Ana', accountId: 'a1', puzzles, finishedAt: 2 }));
      await storage.saveSolo(solo({ player: 'Lev', solved: 9, accountId: 'a1', dealing: 'level', finishedAt: 3 }));
      expect((await storage.records({ mode: 'timed' })).map((r) => r.player)).toEqual(['Ana']);
      const mine = await storage.soloResultsOf('a1');
      expect(mine.map((r) => [r.player, r.dealing])).toEqual([
        ['Lev', 'level'],
        ['Ana', 'shuffled'],
      ]);
      expect(mine[1]?.puzzles).toEqual(puzzles);
      await storage.close();
    });

    it('keeps times in milliseconds since 1970 and seeds up to 2^32, as numbers', async () => {
      const storage = await open();
      // 2100-01-01 and the largest seed: both past what a 32-bit integer holds.
      const at = 4_102_444_800_123;
      const seed = 2 ** 32 - 1;
      const record = solo({ seed, finishedAt: at, ms: 3_000_000_000 });
      await storage.saveSolo(record);
      expect(await storage.records({ mode: 'timed', since: at })).toStrictEqual([record]);
      await storage.close();
    });

    it('rejects every call once closed, and may be closed twice', async () => {
      const storage = await open();
      await storage.saveSolo(solo({}));
      await storage.close();
      // Only that it rejects with an Error: the message is each implementation's own.
      await expect(storage.saveSolo(solo({}))).rejects.toThrow(Error);
      await expect(storage.records({ mode: 'timed' })).rejects.toThrow(Error);
      await expect(storage.soloResultsOf('a1')).rejects.toThrow(Error);
      await storage.close();
    });
  });
}
