import { describe, expect, it } from 'vitest';
import { findTask } from '@ubongo/core';
import { shippedDeck } from '@ubongo/core/decks';
import {
  Attempts,
  LEVEL_POOL,
  LEVEL_TARGET_SECONDS,
  levelOf,
  MAX_WAITING,
  rateAttempt,
  nearLevel,
  nearLevelAt,
  puzzleDisplay,
  startOf,
  taskKey,
} from './puzzles.js';
import type { Attempt, RateAttempt } from './store.js';
import { openMemoryStores } from '../storage/index.js';
import { rating } from 'openskill';

const task = { board: 'C07', side: 'easy' as const, key: '4' };
const key = taskKey('classic', task);

describe('puzzle ratings', () => {
  it('start from the difficulty, and move with first attempts only', async () => {
    const stores = openMemoryStores();
    const attempts = new Attempts(stores);
    const attempt = (accountId: string, solved: boolean) =>
      attempts.count({ accountId, edition: 'classic', task, difficulty: 7, solved, ms: 20_000 }, 100);
    expect(startOf(7).mu).toBeGreaterThan(startOf(5).mu);
    expect(await stores.ratings.puzzleRating(key)).toBeUndefined();

    // A first attempt that fails: the task wins, its rating goes up.
    expect(await attempt('ana', false)).toBe(true);
    const afterAna = await stores.ratings.puzzleRating(key);
    expect(afterAna?.attempts).toBe(1);
    expect(afterAna?.mu).toBeGreaterThan(startOf(7).mu);
    // Ana again, solving it this time: not a first attempt, nothing moves.
    expect(await attempt('ana', true)).toBe(false);
    expect(await stores.ratings.puzzleRating(key)).toEqual(afterAna);
    // Ben's first attempt solves it: the rating goes down.
    expect(await attempt('ben', true)).toBe(true);
    const afterBen = await stores.ratings.puzzleRating(key);
    expect(afterBen?.attempts).toBe(2);
    expect(afterBen?.mu).toBeLessThan(afterAna?.mu ?? 0);
    expect(puzzleDisplay(afterBen ?? startOf(7))).toBeGreaterThan(0);
  });

  it('moves less against a strong player who solves it than against a weak one', async () => {
    const solvedBy = async (mu: number): Promise<number> => {
      const stores = openMemoryStores();
      await stores.ratings.saveSolverRating({
        accountId: 'p',
        edition: 'classic',
        mu,
        sigma: 2,
        attempts: 20,
        updatedAt: 0,
      });
      await new Attempts(stores).count(
        { accountId: 'p', edition: 'classic', task, difficulty: 5, solved: true, ms: 20_000 },
        1,
      );
      return startOf(5).mu - ((await stores.ratings.puzzleRating(key))?.mu ?? 0);
    };
    expect(await solvedBy(35)).toBeLessThan(await solvedBy(15));
  });

  it('moves the solver’s level too: up with a solve, down with a failure, once a task', async () => {
    const stores = openMemoryStores();
    const attempts = new Attempts(stores);
    await attempts.count({ accountId: 'ana', edition: 'classic', task, difficulty: 5, solved: true, ms: 20_000 }, 1);
    const up = await stores.ratings.solverRating('ana', 'classic');
    expect(up?.mu).toBeGreaterThan(25);
    expect(up?.attempts).toBe(1);
    await attempts.count({ accountId: 'ana', edition: 'classic', task, difficulty: 5, solved: false, ms: 20_000 }, 2);
    expect(await stores.ratings.solverRating('ana', 'classic')).toEqual(up);
    const other = { ...task, key: '5' };
    await attempts.count(
      { accountId: 'ana', edition: 'classic', task: other, difficulty: 5, solved: false, ms: 20_000 },
      3,
    );
    expect((await stores.ratings.solverRating('ana', 'classic'))?.mu).toBeLessThan(up?.mu ?? 0);
  });

  it('counts attempts that come at once one after another: none reads a rating another is moving', async () => {
    const stores = openMemoryStores();
    const attempts = new Attempts(stores);
    const people = Array.from({ length: 10 }, (_, i) => `p${i}`);
    const counted = await Promise.all(
      people.map((accountId, i) =>
        attempts.count({ accountId, edition: 'classic', task, difficulty: 5, solved: i % 3 > 0, ms: 20_000 }, 1 + i),
      ),
    );
    expect(counted).toEqual(people.map(() => true));
    // The same ten, one at a time, by hand.
    let expected = startOf(5);
    people.forEach((_, i) => (expected = rateAttempt(rating(), expected, i % 3 > 0).task));
    const after = await stores.ratings.puzzleRating(key);
    expect(after?.attempts).toBe(10);
    expect(after?.updatedAt).toBe(10);
    expect(after?.mu).toBeCloseTo(expected.mu, 10);
    expect(after?.sigma).toBeCloseTo(expected.sigma, 10);
  });

  it('writes one batch at a time, with what came meanwhile, goes on after a failed one, and says when all is stored', async () => {
    const stores = openMemoryStores();
    const slow = { batches: [] as number[], writing: false, overlapped: false, failNext: false };
    const countAttempts = stores.ratings.countAttempts.bind(stores.ratings);
    stores.ratings.countAttempts = async (attempts: readonly Attempt[], rate: RateAttempt): Promise<boolean[]> => {
      if (slow.writing) slow.overlapped = true;
      slow.writing = true;
      slow.batches.push(attempts.length);
      try {
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (slow.failNext) {
          slow.failNext = false;
          throw new Error('the database is gone for a moment');
        }
        return await countAttempts(attempts, rate);
      } finally {
        slow.writing = false;
      }
    };
    const attempts = new Attempts(stores);
    const attempt = (i: number): Promise<boolean> =>
      attempts.count({ accountId: `p${i}`, edition: 'classic', task, difficulty: 5, solved: true, ms: 20_000 }, i);
    const counted: Promise<boolean>[] = [attempt(0)];
    for (let i = 1; i < 10; i++) counted.push(attempt(i));
    // Five more while the second batch is written, and one asked for once the first is stored (the
    // second batch has left by then): they go together in the third.
    setTimeout(() => {
      for (let i = 10; i < 15; i++) counted.push(attempt(i));
    }, 30);
    void counted[0]?.then(() => counted.push(attempt(15)));
    await new Promise((resolve) => setTimeout(resolve, 35));
    await attempts.idle();
    expect(slow.batches).toEqual([1, 9, 6]);
    expect(slow.overlapped).toBe(false);
    expect(await Promise.all(counted)).toEqual(counted.map(() => true));
    expect((await stores.ratings.puzzleRating(key))?.attempts).toBe(16);
    // A batch that fails fails its attempts alone.
    slow.failNext = true;
    const lost = attempt(16);
    const next = attempt(17);
    await expect(lost).rejects.toThrow('gone for a moment');
    expect(await next).toBe(true);
    await attempts.idle();
    expect((await stores.ratings.puzzleRating(key))?.attempts).toBe(17);
    // A database that does not answer: past MAX_WAITING, attempts are refused rather than kept.
    let answer = (): void => undefined;
    stores.ratings.countAttempts = () =>
      new Promise((resolve) => {
        answer = () => {
          resolve([]);
        };
      });
    // One in the writing that does not end, MAX_WAITING waiting, one more.
    const waiting = Array.from({ length: MAX_WAITING + 2 }, (_, i) => attempt(100 + i).catch((e: unknown) => e));
    expect(String(await waiting.at(-1))).toMatch(/attempts wait for the database already/);
    answer();
  });

  it('deals at a level by the time model: the tasks predicted near the target time, a strong solver’s harder', async () => {
    const stores = openMemoryStores();
    const deck = shippedDeck('classic');
    const difficulty = (t: { board: string; key: string }): number =>
      findTask(deck, { ...t, side: 'hard' })?.difficulty ?? 0;
    const mean = (ts: readonly { board: string; key: string }[]): number =>
      ts.reduce((sum, t) => sum + difficulty(t), 0) / ts.length;
    // 30 s: the reference solver's median at difficulty 5.
    expect(LEVEL_TARGET_SECONDS).toBeCloseTo(30, 9);
    // A new player (no time-model state) is at the prior, level 5: the tasks nearest difficulty 5.
    expect(await levelOf(stores, 'classic', 'new')).toBe(5);
    expect(await levelOf(stores, 'classic', undefined)).toBe(5);
    const fresh = await nearLevel(stores, deck, 'hard', 'new');
    expect(fresh).toHaveLength(LEVEL_POOL);
    const worst = Math.abs(Math.log((fresh.at(-1)?.seconds ?? 0) / 30));
    expect(fresh.every((t) => Math.abs(Math.log(t.seconds / 30)) <= worst)).toBe(true);
    for (const t of fresh) {
      // With no play, a task is at its prior: its static difficulty.
      expect(t.difficulty).toBeCloseTo(difficulty(t), 9);
      expect(Math.abs(t.difficulty - 5)).toBeLessThanOrEqual(Math.abs((fresh.at(-1)?.difficulty ?? 0) - 5) + 1e-9);
    }
    // Nothing nearer was left out: every other task of the side is at least as far.
    const all = await nearLevelAt(stores, deck, 'hard', 5, 10_000);
    expect(all.slice(0, LEVEL_POOL)).toEqual(fresh);
    // A solver whose time-model skill is 1 ln-second above the reference: level 5 + 1 / ln 1.27.
    await new Attempts(stores).count(
      {
        accountId: 'pro',
        edition: 'classic',
        task: { board: 'C01', side: 'hard', key: '1' },
        difficulty: 5,
        solved: true,
        ms: 1000,
      },
      1,
    );
    const pro = await stores.ratings.solverTime('pro', 'classic');
    expect(pro?.mean).toBeGreaterThan(0);
    expect(await levelOf(stores, 'classic', 'pro')).toBeCloseTo(5 + (pro?.mean ?? 0) / Math.log(1.27), 9);
    const strong = await nearLevel(stores, deck, 'hard', 'pro');
    expect(mean(strong)).toBeGreaterThan(mean(fresh));
    // A task's learned time counts, not only its difficulty: the nearest task of a new player's,
    // seen to take far longer than its prior says, is no longer near.
    const first = fresh[0];
    if (!first) throw new Error('no task');
    const slow = { board: first.board, side: 'hard' as const, key: first.key };
    const attempts = new Attempts(stores);
    for (let i = 0; i < 8; i++)
      await attempts.count(
        {
          accountId: `slow${i}`,
          edition: 'classic',
          task: slow,
          difficulty: difficulty(first),
          solved: false,
          ms: 600_000,
        },
        2 + i,
      );
    const moved = (await stores.ratings.taskTimes('classic/')).find((t) => t.task === taskKey('classic', slow));
    expect(moved?.attempts).toBe(8);
    expect(
      (await nearLevel(stores, deck, 'hard', 'new')).some((t) => t.board === first.board && t.key === first.key),
    ).toBe(false);
    // What is skipped is left out.
    const second = fresh[1];
    if (!second) throw new Error('no task');
    const without = new Set([taskKey('classic', { board: second.board, side: 'hard', key: second.key })]);
    const skipped = await nearLevelAt(stores, deck, 'hard', 5, LEVEL_POOL, without);
    expect(skipped.some((t) => t.board === second.board && t.key === second.key)).toBe(false);
  });
});
