import { describe, expect, it } from 'vitest';
import type { RecordQuery, SoloRecord, StoredSoloRun } from '../../solo/store.js';
import type { Mutable, Opener } from './fixtures.js';
import { solo } from './fixtures.js';

/**
 * What every `SoloRuns` must do: runs kept, records listed, an account’s own.
 */
export function soloRunsContract(name: string, open: Opener<'accounts' | 'soloRuns' | 'reviews'>): void {
  describe(`${name}: solo runs`, () => {
    it('lists Storm’s highs apart from the solo records: Storm’s runs only, listed as they are, by account', async () => {
      const stores = await open();
      const storm = (over: Partial<SoloRecord>): SoloRecord =>
        solo({ limit: 3, dealing: 'storm', accountId: 'acc-s', ...over });
      await stores.soloRuns.saveSolo(storm({ player: 'A', solved: 9, ms: 200_000, finishedAt: 10 }));
      await stores.soloRuns.saveSolo(
        storm({ player: 'B', solved: 12, ms: 230_000, finishedAt: 20, accountId: 'acc-t' }),
      );
      await stores.soloRuns.saveSolo(storm({ player: 'C', solved: 12, ms: 190_000, finishedAt: 30 }));
      // Not on the board: unverified, held, rejected; and a shuffled run is the solo records'.
      await stores.soloRuns.saveSolo(storm({ player: 'D', solved: 30, verified: false, finishedAt: 40 }));
      await stores.soloRuns.saveSolo(storm({ player: 'E', solved: 30, review: 'held', finishedAt: 50 }));
      await stores.soloRuns.saveSolo(storm({ player: 'F', solved: 30, review: 'rejected', finishedAt: 60 }));
      await stores.soloRuns.saveSolo(solo({ player: 'G', solved: 40, limit: 3, finishedAt: 70 }));
      const highs = async (q: Partial<RecordQuery>): Promise<string[]> =>
        (await stores.soloRuns.records({ from: 'anyone', mode: 'timed', dealing: 'storm', ...q })).map((r) => r.player);
      expect(await highs({})).toEqual(['C', 'B', 'A']);
      expect(await highs({ since: 15 })).toEqual(['C', 'B']);
      expect(await highs({ accountId: 'acc-s' })).toEqual(['C', 'A']);
      expect(await highs({ accountId: 'acc-s', top: 1, since: 31 })).toEqual([]);
      expect((await stores.soloRuns.records({ from: 'anyone', mode: 'timed' })).map((r) => r.player)).toEqual(['G']);
      await stores.close();
    });

    it('lists timed records by most solved, then fastest; count records by time, complete runs only', async () => {
      const stores = await open();
      await stores.soloRuns.saveSolo(solo({ player: 'A', solved: 3, ms: 300_000 }));
      await stores.soloRuns.saveSolo(solo({ player: 'B', solved: 5, ms: 300_000 }));
      await stores.soloRuns.saveSolo(solo({ player: 'C', solved: 5, ms: 299_000 }));
      await stores.soloRuns.saveSolo(solo({ player: 'D', solved: 9, side: 'hard' }));
      await stores.soloRuns.saveSolo(solo({ player: 'E', mode: 'count', solved: 5, ms: 90_000 }));
      await stores.soloRuns.saveSolo(solo({ player: 'F', mode: 'count', solved: 5, ms: 80_000 }));
      await stores.soloRuns.saveSolo(solo({ player: 'G', mode: 'count', solved: 4, ms: 10_000 }));
      expect(
        (await stores.soloRuns.records({ from: 'anyone', mode: 'timed', side: 'easy' })).map((r) => r.player),
      ).toEqual(['C', 'B', 'A']);
      expect((await stores.soloRuns.records({ from: 'anyone', mode: 'timed' })).map((r) => r.player)).toEqual([
        'D',
        'C',
        'B',
        'A',
      ]);
      expect((await stores.soloRuns.records({ from: 'anyone', mode: 'timed', top: 2 })).map((r) => r.player)).toEqual([
        'D',
        'C',
      ]);
      expect((await stores.soloRuns.records({ from: 'anyone', mode: 'count', limit: 5 })).map((r) => r.player)).toEqual(
        ['F', 'E'],
      );
      expect(await stores.soloRuns.records({ from: 'anyone', mode: 'count', limit: 10 })).toEqual([]);
      await stores.close();
    });

    it('shares no object with its callers: changing a saved or returned solo record changes nothing stored', async () => {
      const stores = await open();
      const saved = solo({ player: 'A' }) as Mutable<SoloRecord>;
      const id = await stores.soloRuns.saveSolo(saved);
      saved.player = 'Mallory';
      saved.solved = 99;
      const [first] = (await stores.soloRuns.records({ from: 'anyone', mode: 'timed' })) as Mutable<StoredSoloRun>[];
      expect(first).toStrictEqual({ ...solo({ player: 'A' }), id, username: null });
      if (!first) throw new Error('no record');
      first.ms = 1;
      first.player = 'Mallory';
      const again = await stores.soloRuns.records({ from: 'anyone', mode: 'timed' });
      expect(again).toStrictEqual([{ ...solo({ player: 'A' }), id, username: null }]);
      expect(again[0]).not.toBe(first);
      await stores.close();
    });

    it('breaks ties in records by who finished first, whatever the saving order', async () => {
      const stores = await open();
      await stores.soloRuns.saveSolo(solo({ player: 'late', finishedAt: 30 }));
      await stores.soloRuns.saveSolo(solo({ player: 'early', finishedAt: 10 }));
      await stores.soloRuns.saveSolo(solo({ player: 'middle', finishedAt: 20 }));
      await stores.soloRuns.saveSolo(solo({ player: 'faster', finishedAt: 40, ms: 200_000 }));
      await stores.soloRuns.saveSolo(
        solo({ player: 'count late', mode: 'count', solved: 5, ms: 60_000, finishedAt: 30 }),
      );
      await stores.soloRuns.saveSolo(
        solo({ player: 'count early', mode: 'count', solved: 5, ms: 60_000, finishedAt: 10 }),
      );
      // For a count game the number solved is no key: every record solved them all.
      await stores.soloRuns.saveSolo(
        solo({ player: 'count more', mode: 'count', solved: 6, ms: 60_000, finishedAt: 20 }),
      );
      expect((await stores.soloRuns.records({ from: 'anyone', mode: 'timed' })).map((r) => r.player)).toEqual([
        'faster',
        'early',
        'middle',
        'late',
      ]);
      expect((await stores.soloRuns.records({ from: 'anyone', mode: 'count' })).map((r) => r.player)).toEqual([
        'count early',
        'count more',
        'count late',
      ]);
      await stores.close();
    });

    it('lists the best 10 unless asked for another number', async () => {
      const stores = await open();
      for (let i = 0; i < 12; i++) await stores.soloRuns.saveSolo(solo({ player: `P${i}`, ms: 100_000 + i }));
      const best = (await stores.soloRuns.records({ from: 'anyone', mode: 'timed' })).map((r) => r.player);
      expect(best).toEqual(['P0', 'P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9']);
      expect((await stores.soloRuns.records({ from: 'anyone', mode: 'timed', top: 3 })).map((r) => r.player)).toEqual([
        'P0',
        'P1',
        'P2',
      ]);
      expect(await stores.soloRuns.records({ from: 'anyone', mode: 'timed', top: 1 })).toHaveLength(1);
      expect(await stores.soloRuns.records({ from: 'anyone', mode: 'timed', top: 100 })).toHaveLength(12);
      await stores.close();
    });

    it('filters records by side and by limit, alone or together', async () => {
      const stores = await open();
      await stores.soloRuns.saveSolo(solo({ player: 'easy 5', mode: 'count', limit: 5, solved: 5, ms: 50_000 }));
      await stores.soloRuns.saveSolo(
        solo({ player: 'hard 5', mode: 'count', limit: 5, side: 'hard', solved: 5, ms: 40_000 }),
      );
      await stores.soloRuns.saveSolo(solo({ player: 'easy 10', mode: 'count', limit: 10, solved: 10, ms: 30_000 }));
      await stores.soloRuns.saveSolo(
        solo({ player: 'easy 10 unfinished', mode: 'count', limit: 10, solved: 9, ms: 1_000 }),
      );
      await stores.soloRuns.saveSolo(
        solo({ player: 'hard 10', mode: 'count', limit: 10, side: 'hard', solved: 10, ms: 20_000 }),
      );
      await stores.soloRuns.saveSolo(solo({ player: 'timed hard', side: 'hard', solved: 8 }));
      const players = async (q: Omit<RecordQuery, 'from'>) =>
        (await stores.soloRuns.records({ from: 'anyone', ...q })).map((r) => r.player);
      expect(await players({ mode: 'count' })).toEqual(['hard 10', 'easy 10', 'hard 5', 'easy 5']);
      expect(await players({ mode: 'count', limit: 10 })).toEqual(['hard 10', 'easy 10']);
      expect(await players({ mode: 'count', limit: 5 })).toEqual(['hard 5', 'easy 5']);
      expect(await players({ mode: 'count', side: 'hard' })).toEqual(['hard 10', 'hard 5']);
      expect(await players({ mode: 'count', side: 'easy', limit: 10 })).toEqual(['easy 10']);
      expect(await players({ mode: 'count', limit: 20 })).toEqual([]);
      expect(await players({ mode: 'timed', side: 'hard' })).toEqual(['timed hard']);
      expect(await players({ mode: 'timed', side: 'easy' })).toEqual([]);
      await stores.close();
    });

    it('lists the results of a period: those finished since a time', async () => {
      const stores = await open();
      await stores.soloRuns.saveSolo(solo({ player: 'Old', solved: 9, finishedAt: 100 }));
      await stores.soloRuns.saveSolo(solo({ player: 'New', solved: 3, finishedAt: 200 }));
      expect(
        (await stores.soloRuns.records({ from: 'anyone', mode: 'timed', since: 150 })).map((r) => r.player),
      ).toEqual(['New']);
      expect(
        (await stores.soloRuns.records({ from: 'anyone', mode: 'timed', since: 200 })).map((r) => r.player),
      ).toEqual(['New']);
      expect((await stores.soloRuns.records({ from: 'anyone', mode: 'timed' })).map((r) => r.player)).toEqual([
        'Old',
        'New',
      ]);
      await stores.close();
    });

    it('lists verified results only, and gives an account all of its own, newest first', async () => {
      const stores = await open();
      await stores.soloRuns.saveSolo(
        solo({ player: 'Fast', solved: 9, accountId: 'a1', verified: false, finishedAt: 3 }),
      );
      await stores.soloRuns.saveSolo(solo({ player: 'Ana', solved: 4, accountId: 'a1', finishedAt: 2 }));
      await stores.soloRuns.saveSolo(solo({ player: 'Ben', solved: 5, accountId: 'a2', finishedAt: 1 }));
      expect((await stores.soloRuns.records({ from: 'anyone', mode: 'timed' })).map((r) => r.player)).toEqual([
        'Ben',
        'Ana',
      ]);
      expect((await stores.soloRuns.soloResultsOf('a1')).map((r) => [r.player, r.verified])).toEqual([
        ['Fast', false],
        ['Ana', true],
      ]);
      expect(await stores.soloRuns.soloResultsOf('nobody')).toEqual([]);
      await stores.close();
    });

    it('keeps each puzzle of a run with its moves, and lists runs dealt at a level nowhere but their account', async () => {
      const stores = await open();
      // Moves with where they left their piece (protocol 6), and one stored before, without.
      const puzzles = [
        {
          board: 'C01',
          side: 'easy',
          key: '3',
          outcome: 'solved',
          ms: 4200,
          trail: [
            [300, 'turn', 'I3'],
            [800, 'place', 'L4', [2, -1, 5]],
            [1900, 'turn', 'L4', [0, 0, 11]],
          ],
        },
        { board: 'C04', side: 'easy', key: '2', outcome: 'solved', ms: 3100, trail: [[800, 'place', 'L4']] },
        { board: 'C07', side: 'easy', key: '6', outcome: 'skipped', ms: 900 },
        { board: 'C02', side: 'easy', key: '1', outcome: 'unfinished', ms: 12_000 },
      ] as const;
      await stores.soloRuns.saveSolo(solo({ player: 'Ana', accountId: 'a1', puzzles, finishedAt: 2 }));
      await stores.soloRuns.saveSolo(
        solo({ player: 'Lev', solved: 9, accountId: 'a1', dealing: 'level', finishedAt: 3 }),
      );
      expect((await stores.soloRuns.records({ from: 'anyone', mode: 'timed' })).map((r) => r.player)).toEqual(['Ana']);
      const mine = await stores.soloRuns.soloResultsOf('a1');
      expect(mine.map((r) => [r.player, r.dealing])).toEqual([
        ['Lev', 'level'],
        ['Ana', 'shuffled'],
      ]);
      // Lists give each puzzle's time; only the run itself (its replay) gives the moves.
      expect(mine[1]?.puzzles).toEqual(
        puzzles.map(({ board, side, key, outcome, ms }) => ({ board, side, key, outcome, ms })),
      );
      expect((await stores.soloRuns.soloRun(mine[1]?.id ?? 0))?.puzzles).toEqual(puzzles);
      expect(await stores.soloRuns.soloRun(mine[0]?.id ?? 0)).toStrictEqual(mine[0]);
      expect(await stores.soloRuns.soloRun(999)).toBeUndefined();
      await stores.close();
    });

    it('keeps times in milliseconds since 1970 and seeds up to 2^32, as numbers', async () => {
      const stores = await open();
      // 2100-01-01 and the largest seed: both past what a 32-bit integer holds.
      const at = 4_102_444_800_123;
      const seed = 2 ** 32 - 1;
      const record = solo({ seed, finishedAt: at, ms: 3_000_000_000 });
      const id = await stores.soloRuns.saveSolo(record);
      expect(await stores.soloRuns.records({ from: 'anyone', mode: 'timed', since: at })).toStrictEqual([
        { ...record, id, username: null },
      ]);
      await stores.close();
    });

    it('sums an account’s runs without reading them: verified runs, solved puzzles and their time, the best of each setting', async () => {
      const stores = await open();
      const solved = (ms: number) => ({ board: 'C01', side: 'easy', key: '1', outcome: 'solved', ms }) as const;
      const skipped = { board: 'C02', side: 'easy', key: '2', outcome: 'skipped', ms: 500 } as const;
      const trail = [[100, 'place', 'L4']] as const;
      // Timed, 5 easy: most solved wins, then fastest; the first to reach a tie keeps it.
      await stores.soloRuns.saveSolo(
        solo({
          accountId: 'a1',
          solved: 3,
          ms: 200_000,
          finishedAt: 1,
          puzzles: [solved(1000), solved(3000), skipped],
        }),
      );
      const best = await stores.soloRuns.saveSolo(solo({ accountId: 'a1', solved: 4, ms: 300_000, finishedAt: 2 }));
      await stores.soloRuns.saveSolo(solo({ accountId: 'a1', solved: 4, ms: 300_000, finishedAt: 3 }));
      // Count, 5 easy: a complete run beats any incomplete one, however many it solved.
      await stores.soloRuns.saveSolo(solo({ accountId: 'a1', mode: 'count', solved: 4, ms: 10_000, finishedAt: 4 }));
      const complete = await stores.soloRuns.saveSolo(
        solo({
          accountId: 'a1',
          mode: 'count',
          solved: 5,
          ms: 90_000,
          finishedAt: 5,
          puzzles: [{ ...solved(2000), trail }],
        }),
      );
      // Count, 10 hard: only incomplete runs, the one that solved most.
      await stores.soloRuns.saveSolo(
        solo({ accountId: 'a1', mode: 'count', limit: 10, side: 'hard', solved: 2, finishedAt: 6 }),
      );
      const most = await stores.soloRuns.saveSolo(
        solo({ accountId: 'a1', mode: 'count', limit: 10, side: 'hard', solved: 7, ms: 1, finishedAt: 7 }),
      );
      // Neither an unverified run nor one dealt at a level is a best; the unverified one is not counted.
      await stores.soloRuns.saveSolo(solo({ accountId: 'a1', solved: 9, ms: 1, verified: false, finishedAt: 8 }));
      await stores.soloRuns.saveSolo(solo({ accountId: 'a1', solved: 9, ms: 1, dealing: 'level', finishedAt: 9 }));
      await stores.soloRuns.saveSolo(solo({ accountId: 'a2', solved: 9, ms: 1, finishedAt: 9 }));
      const summary = await stores.soloRuns.soloSummary('a1');
      expect(summary.runs).toBe(8);
      // The first run's own puzzles (2 solved in 4 s), the count run's (1 in 2 s), the rest their results.
      expect(summary.solvedCount).toBe(2 + 4 + 4 + 4 + 1 + 2 + 7 + 9);
      expect(summary.solvedMs).toBe(4000 + 300_000 + 300_000 + 10_000 + 2000 + 300_000 + 1 + 1);
      expect(summary.best.map((r) => [r.mode, r.limit, r.side, r.id])).toEqual([
        ['count', 5, 'easy', complete],
        ['count', 10, 'hard', most],
        ['timed', 5, 'easy', best],
      ]);
      // A summary gives no trails: the run itself does.
      expect(summary.best[0]?.puzzles).toEqual([solved(2000)]);
      expect(await stores.soloRuns.soloSummary('nobody')).toEqual({ runs: 0, solvedCount: 0, solvedMs: 0, best: [] });
      await stores.close();
    });

    it('gives an account’s runs a page at a time, newest first, from the cursor of the page before', async () => {
      const stores = await open();
      // Two runs finished at the same time are told apart by their ids.
      for (const at of [5, 1, 3, 3, 4, 2])
        await stores.soloRuns.saveSolo(solo({ accountId: 'a1', player: `at ${at}`, finishedAt: at }));
      const all = await stores.soloRuns.soloResultsOf('a1');
      expect(all.map((r) => r.finishedAt)).toEqual([5, 4, 3, 3, 2, 1]);
      expect(all[2]?.id).toBeGreaterThan(all[3]?.id ?? Infinity);
      const pages: number[][] = [];
      let before: { finishedAt: number; id: number } | undefined;
      for (;;) {
        const page = await stores.soloRuns.soloResultsOf('a1', { top: 2, ...(before ? { before } : {}) });
        if (page.length === 0) break;
        pages.push(page.map((r) => r.id));
        const last = page[page.length - 1];
        if (!last) break;
        before = { finishedAt: last.finishedAt, id: last.id };
      }
      expect(pages.flat()).toEqual(all.map((r) => r.id));
      expect(pages.map((p) => p.length)).toEqual([2, 2, 2]);
      await stores.close();
    });

    it('lists on public boards claimed accounts not banned, each once (its best), marked by review; pages by skip', async () => {
      const stores = await open();
      const DAY = 86_400_000;
      const account = { secretHash: 'ab', name: 'speedy', username: null, passwordHash: null, createdAt: 1 };
      for (const id of ['a1', 'a2', 'a3', 'a4', 'guest']) await stores.accounts.createAccount({ ...account, id });
      for (const n of [1, 2, 3, 4])
        await stores.accounts.claimAccount(`a${n}`, `speedy${n}`, `speedy${n}`, 'h', `speedy${n}`);
      // a1: three runs; a2: one, its first, listed at once; a3: two; the guest: faster than all, never listed.
      for (const at of [1, 2, DAY + 1])
        await stores.soloRuns.saveSolo(solo({ accountId: 'a1', player: 'speedy', ms: 100_000 + at, finishedAt: at }));
      const first = await stores.soloRuns.saveSolo(
        solo({ accountId: 'a2', player: 'speedy', ms: 1000, finishedAt: 5 }),
      );
      for (const at of [3, 4])
        await stores.soloRuns.saveSolo(solo({ accountId: 'a3', player: 'speedy', ms: 5000 + at, finishedAt: at }));
      await stores.soloRuns.saveSolo(solo({ accountId: 'a4', player: 'speedy', ms: 7000, finishedAt: 6 }));
      for (const at of [1, DAY + 1, 2 * DAY + 1])
        await stores.soloRuns.saveSolo(solo({ accountId: 'guest', player: 'speedy', ms: 1, finishedAt: at }));
      const board = await stores.soloRuns.records({ from: 'public', mode: 'timed' });
      expect(board.map((r) => [r.username, r.ms, r.review])).toEqual([
        ['speedy2', 1000, 'none'],
        ['speedy3', 5003, 'none'],
        ['speedy4', 7000, 'none'],
        ['speedy1', 100_001, 'none'],
      ]);
      const page = async (top: number, skip: number) =>
        (await stores.soloRuns.records({ from: 'public', mode: 'timed', top, skip })).map((r) => r.username);
      expect([await page(2, 0), await page(2, 2), await page(2, 4)]).toEqual([
        ['speedy2', 'speedy3'],
        ['speedy4', 'speedy1'],
        [],
      ]);
      // Reviewed only (a ghost's best, the podiums): approved runs alone, each account's best of them.
      await stores.reviews.decide(`run-${first}`, 'approved');
      await stores.reviews.decide('run-3', 'approved');
      expect(
        (await stores.soloRuns.records({ from: 'public', mode: 'timed', reviewed: true })).map((r) => [
          r.username,
          r.ms,
        ]),
      ).toEqual([
        ['speedy2', 1000],
        ['speedy1', 100_000 + DAY + 1],
      ]);
      // Banned: off every public board; a rejected run is off too, the account's next best in its place.
      await stores.reviews.ban('a2', 10);
      await stores.reviews.decide('run-5', 'rejected');
      expect((await stores.soloRuns.records({ from: 'public', mode: 'timed' })).map((r) => [r.username, r.ms])).toEqual(
        [
          ['speedy3', 5004],
          ['speedy4', 7000],
          ['speedy1', 100_001],
        ],
      );
      // Every listed run, anyone's, for an operator or a test.
      expect(
        (await stores.soloRuns.records({ from: 'anyone', mode: 'timed', top: 100 })).map((r) => r.username),
      ).toContain(null);
      await stores.close();
    });

    it('drops unverified runs’ trails after a time, and an account’s beyond its budget, never a listed best’s', async () => {
      const stores = await open();
      const withTrail = (ms: number) =>
        [{ board: 'C01', side: 'easy', key: '1', outcome: 'solved', ms, trail: [[ms, 'place', 'L4']] }] as const;
      const trails = async (id: number) => ((await stores.soloRuns.soloRun(id))?.puzzles ?? []).some((p) => p.trail);
      const old = await stores.soloRuns.saveSolo(
        solo({ accountId: 'a9', verified: false, finishedAt: 10, puzzles: withTrail(1) }),
      );
      const recent = await stores.soloRuns.saveSolo(
        solo({ accountId: 'a9', verified: false, finishedAt: 100, puzzles: withTrail(2) }),
      );
      // a1: its best first, then four runs no better.
      const best = await stores.soloRuns.saveSolo(
        solo({ accountId: 'a1', solved: 5, finishedAt: 1, puzzles: withTrail(3) }),
      );
      const runs: number[] = [];
      for (let at = 2; at <= 5; at++)
        runs.push(
          await stores.soloRuns.saveSolo(solo({ accountId: 'a1', solved: 1, finishedAt: at, puzzles: withTrail(at) })),
        );
      // One account's alone (a run just stored): nobody's, then a9's old one.
      expect(await stores.soloRuns.pruneTrails({ unverifiedBefore: 50, keepPerAccount: 3, accountId: 'nobody' })).toBe(
        0,
      );
      expect(await stores.soloRuns.pruneTrails({ unverifiedBefore: 50, keepPerAccount: 3, accountId: 'a9' })).toBe(1);
      expect(await trails(best)).toBe(true);
      expect(await stores.soloRuns.pruneTrails({ unverifiedBefore: 50, keepPerAccount: 3 })).toBe(2);
      expect(await trails(old)).toBe(false);
      expect(await trails(recent)).toBe(true);
      // The best and the two newest keep theirs.
      expect(await trails(best)).toBe(true);
      expect(await Promise.all(runs.map(trails))).toEqual([false, false, true, true]);
      // The run itself stays, with its puzzles' times.
      expect((await stores.soloRuns.soloRun(old))?.puzzles).toEqual([
        { board: 'C01', side: 'easy', key: '1', outcome: 'solved', ms: 1 },
      ]);
      expect(await stores.soloRuns.pruneTrails({ unverifiedBefore: 50, keepPerAccount: 3 })).toBe(0);
      // A budget smaller than the bests keeps the bests (a9 has none: its last goes).
      expect(await stores.soloRuns.pruneTrails({ unverifiedBefore: 0, keepPerAccount: 0 })).toBe(2 + 1);
      expect(await trails(recent)).toBe(false);
      expect(await trails(best)).toBe(true);
      await stores.close();
    });

    it('rejects every call once closed, and may be closed twice', async () => {
      const stores = await open();
      await stores.soloRuns.saveSolo(solo({}));
      await stores.close();
      // Only that it rejects with an Error: the message is each implementation's own.
      await expect(stores.soloRuns.saveSolo(solo({}))).rejects.toThrow(Error);
      await expect(stores.soloRuns.records({ from: 'anyone', mode: 'timed' })).rejects.toThrow(Error);
      await expect(stores.soloRuns.soloResultsOf('a1')).rejects.toThrow(Error);
      await stores.close();
    });
  });
}
