import { updateBeliefs } from '@ubongo/core';
import { describe, expect, it } from 'vitest';
import type { Attempt, RateAttempt } from '../../rating/store.js';
import type { Opener } from './fixtures.js';
import { attemptOf, plusOne } from './fixtures.js';

/**
 * What every `Ratings` must do: players’ ratings and history, first attempts, puzzles’ and solvers’ ratings, the leaderboard (of accounts the store has).
 */
/** A day in milliseconds: the public boards count a history in UTC days. */
const DAY = 86_400_000;

export function ratingsContract(name: string, open: Opener<'accounts' | 'ratings'>): void {
  describe(`${name}: ratings`, () => {
    it('keeps solvers’ ratings per edition, and lists the puzzle ratings of a deck', async () => {
      const stores = await open();
      expect(await stores.ratings.solverRating('a1', 'classic')).toBeUndefined();
      const mine = { accountId: 'a1', edition: 'classic', mu: 27.5, sigma: 7.25, attempts: 1, updatedAt: 5 } as const;
      await stores.ratings.saveSolverRating(mine);
      await stores.ratings.saveSolverRating({ ...mine, edition: 'extreme', mu: 20 });
      await stores.ratings.saveSolverRating({ ...mine, mu: 28.5, attempts: 2 });
      expect(await stores.ratings.solverRating('a1', 'classic')).toEqual({ ...mine, mu: 28.5, attempts: 2 });
      expect(await stores.ratings.solverRating('a1', 'extreme')).toMatchObject({ mu: 20 });
      for (const task of ['classic/C02/easy/1', 'extreme/X01/easy/red', 'classic/C01/hard/4'])
        await stores.ratings.savePuzzleRating({ task, mu: 25, sigma: 8, attempts: 1, updatedAt: 1 });
      expect((await stores.ratings.puzzleRatings('classic/')).map((r) => r.task)).toEqual([
        'classic/C01/hard/4',
        'classic/C02/easy/1',
      ]);
      expect(await stores.ratings.puzzleRatings('jewels/')).toEqual([]);
      await stores.close();
    });

    it('keeps ratings per edition with their history, and ranks them by mu - 3 sigma', async () => {
      const stores = await open();
      const account = { id: 'a1', secretHash: 'ab', name: 'Ana', username: null, passwordHash: null, createdAt: 1 };
      await stores.accounts.createAccount(account);
      await stores.accounts.createAccount({ ...account, id: 'a2', name: 'Ben' });
      const r = (accountId: string, mu: number, sigma: number, games: number, updatedAt: number) => ({
        accountId,
        edition: 'classic' as const,
        mu,
        sigma,
        games,
        updatedAt,
      });
      await stores.ratings.saveRatings('g1', [r('a1', 27, 7, 1, 10), r('a2', 23, 7, 1, 10)]);
      // Saving a game's ratings twice keeps one history entry for it.
      await stores.ratings.saveRatings('g1', [r('a1', 27, 7, 1, 10)]);
      await stores.ratings.saveRatings('g2', [r('a1', 28, 6, 2, 20), r('a2', 30, 8, 2, 20)]);
      expect(await stores.ratings.ratingsOf('a1')).toEqual([r('a1', 28, 6, 2, 20)]);
      expect(await stores.ratings.ratingsOf('nobody')).toEqual([]);
      expect(await stores.ratings.ratingHistory('a1', 'classic')).toEqual([
        { gameId: 'g1', mu: 27, sigma: 7, at: 10 },
        { gameId: 'g2', mu: 28, sigma: 6, at: 20 },
      ]);
      expect(await stores.ratings.ratingHistory('a1', 'extreme')).toEqual([]);
      // A public board: guests are not on it; a claimed account is from its first rated game (RATING_BOARD).
      expect(await stores.ratings.leaderboard('classic', 10)).toEqual([]);
      expect(await stores.accounts.claimAccount('a1', 'ana', 'ana', 'h', 'ana')).toBe(true);
      expect((await stores.ratings.leaderboard('classic', 10)).map((x) => [x.name, x.lastGame])).toEqual([
        ['Ana', 'g2'],
      ]);
      expect(await stores.accounts.claimAccount('a2', 'ben', 'ben', 'h', 'ben')).toBe(true);
      await stores.ratings.saveRatings('g3', [r('a1', 28, 6, 3, DAY + 20), r('a2', 30, 8, 3, DAY + 20)]);
      // 28 - 18 = 10 beats 30 - 24 = 6; each with its username and last rated game.
      expect(
        (await stores.ratings.leaderboard('classic', 10)).map((x) => [x.name, x.username, x.mu, x.lastGame]),
      ).toEqual([
        ['Ana', 'ana', 28, 'g3'],
        ['Ben', 'ben', 30, 'g3'],
      ]);
      expect(await stores.ratings.leaderboard('classic', 1)).toHaveLength(1);
      expect((await stores.ratings.leaderboard('classic', 1, 1)).map((x) => x.name)).toEqual(['Ben']);
      expect(await stores.ratings.leaderboard('classic', 10, 2)).toEqual([]);
      expect(await stores.ratings.leaderboard('jewels', 10)).toEqual([]);
      // Who ranks above a rating: its place less one (ties by account id).
      expect(await stores.ratings.leaderboardAhead('classic', { accountId: 'a2', mu: 30, sigma: 8 })).toBe(1);
      expect(await stores.ratings.leaderboardAhead('classic', { accountId: 'a1', mu: 28, sigma: 6 })).toBe(0);
      expect(await stores.ratings.leaderboardAhead('classic', { accountId: 'a0', mu: 30, sigma: 8 })).toBe(1);
      expect(await stores.ratings.leaderboardAhead('classic', { accountId: 'zz', mu: 0, sigma: 8 })).toBe(2);
      await stores.close();
    });

    it('says whom an account played and beat in rated games: its record, its games since a time with the others', async () => {
      const stores = await open();
      const r = (accountId: string, at: number, place?: number) => ({
        accountId,
        edition: 'classic' as const,
        mu: 25,
        sigma: 8,
        games: 1,
        updatedAt: at,
        ...(place === undefined ? {} : { place }),
      });
      expect(await stores.ratings.ratedRecord('a1', 'classic')).toEqual({ games: 0, firstAt: null, opponents: 0 });
      expect(await stores.ratings.ratedGames('a1', 'classic', 0)).toEqual([]);
      // g0 was rated before places were kept.
      await stores.ratings.saveRatings('g0', [r('a2', 5), r('a3', 5)]);
      await stores.ratings.saveRatings('g1', [r('a1', 10, 1), r('a2', 10, 2)]);
      await stores.ratings.saveRatings('g2', [r('a1', 20, 2), r('a2', 20, 1), r('a3', 20, 2)]);
      await stores.ratings.saveRatings('g3', [
        { ...r('a1', 30, 1), edition: 'jewels' },
        { ...r('a4', 30, 2), edition: 'jewels' },
      ]);
      // A player alone in a game's history still counts the game.
      await stores.ratings.saveRatings('g4', [r('a1', 40, 1)]);
      expect(await stores.ratings.ratedRecord('a1', 'classic')).toEqual({ games: 3, firstAt: 10, opponents: 2 });
      expect(await stores.ratings.ratedRecord('a3', 'classic')).toEqual({ games: 2, firstAt: 5, opponents: 2 });
      expect(await stores.ratings.ratedRecord('a1', 'jewels')).toEqual({ games: 1, firstAt: 30, opponents: 1 });
      expect(await stores.ratings.ratedGames('a1', 'classic', 20)).toEqual([
        {
          gameId: 'g2',
          at: 20,
          place: 2,
          others: [
            { accountId: 'a2', place: 1, firstAt: 5 },
            { accountId: 'a3', place: 2, firstAt: 5 },
          ],
        },
        { gameId: 'g4', at: 40, place: 1, others: [] },
      ]);
      expect(await stores.ratings.ratedGames('a3', 'classic', 0)).toEqual([
        { gameId: 'g0', at: 5, place: null, others: [{ accountId: 'a2', place: null, firstAt: 5 }] },
        {
          gameId: 'g2',
          at: 20,
          place: 2,
          others: [
            { accountId: 'a1', place: 2, firstAt: 10 },
            { accountId: 'a2', place: 1, firstAt: 5 },
          ],
        },
      ]);
      expect(await stores.ratings.ratedGames('a1', 'extreme', 0)).toEqual([]);
      await stores.close();
    });

    it('counts first attempts once, in order, and keeps puzzle ratings', async () => {
      const stores = await open();
      const t1 = 'classic/C01/easy/1';
      const t2 = 'classic/C01/easy/2';
      const attempt = (accountId: string, task: string, at: number): Attempt => ({
        ...attemptOf(accountId, task, at),
        start: { mu: 26, sigma: 8 },
        fresh: { mu: 25, sigma: 7 },
      });
      // A rating that shows what played it: each game adds 1 to the solver's mu and the task's sigma.
      const seen: string[] = [];
      const rate: RateAttempt = (solver, task) => {
        seen.push(`${solver.mu}:${task.sigma}`);
        return { solver: { mu: solver.mu + 1, sigma: solver.sigma }, task: { mu: task.mu, sigma: task.sigma + 1 } };
      };
      expect(await stores.ratings.countAttempts([], rate)).toEqual([]);
      // a1 twice at t1 in one batch: the first counts.
      expect(
        await stores.ratings.countAttempts([attempt('a1', t1, 5), attempt('a1', t1, 6), attempt('a2', t1, 7)], rate),
      ).toEqual([true, false, true]);
      expect(seen).toEqual(['25:8', '25:9']);
      expect(await stores.ratings.puzzleRating(t1)).toEqual({ task: t1, mu: 26, sigma: 10, attempts: 2, updatedAt: 7 });
      expect(await stores.ratings.solverRating('a1', 'classic')).toEqual({
        accountId: 'a1',
        edition: 'classic',
        mu: 26,
        sigma: 7,
        attempts: 1,
        updatedAt: 5,
      });
      // Again at t1: nothing counts, nothing moves. At t2, a1 plays from where t1 left it.
      expect(await stores.ratings.countAttempts([attempt('a1', t1, 8), attempt('a2', t1, 8)], rate)).toEqual([
        false,
        false,
      ]);
      expect(await stores.ratings.countAttempts([attempt('a1', t2, 9)], rate)).toEqual([true]);
      expect(seen).toEqual(['25:8', '25:9', '26:8']);
      expect(await stores.ratings.solverRating('a1', 'classic')).toMatchObject({ mu: 27, attempts: 2, updatedAt: 9 });
      expect(await stores.ratings.puzzleRating(t1)).toMatchObject({ sigma: 10, attempts: 2 });
      expect(await stores.ratings.puzzleRating('classic/C01/easy/3')).toBeUndefined();
      const rated = { task: 'classic/C01/easy/3', mu: 26, sigma: 8, attempts: 2, updatedAt: 7 };
      await stores.ratings.savePuzzleRating(rated);
      await stores.ratings.savePuzzleRating({ ...rated, mu: 27, attempts: 3 });
      expect(await stores.ratings.puzzleRating('classic/C01/easy/3')).toEqual({ ...rated, mu: 27, attempts: 3 });
      await stores.close();
    });

    it('keeps each first attempt’s time and moves the time model’s beliefs as core’s updateBeliefs does', async () => {
      const stores = await open();
      const t1 = 'classic/C01/easy/1';
      const t2 = 'classic/C01/easy/2';
      const prior = attemptOf('a1', t1).prior;
      expect(await stores.ratings.taskTimes('classic/')).toEqual([]);
      expect(await stores.ratings.solverTime('a1', 'classic')).toBeUndefined();
      expect(await stores.ratings.timedAttempts('classic/')).toEqual([]);
      // a1 solves t1 in 10 s (faster than the prior's 30 s), twice in one batch: the first counts;
      // a2 sets it aside after 90 s (censored there).
      const counted = await stores.ratings.countAttempts(
        [
          attemptOf('a1', t1, 5, 10_000),
          attemptOf('a1', t1, 6, 1_000),
          { ...attemptOf('a2', t1, 7, 90_000), solved: false },
        ],
        plusOne,
      );
      expect(counted).toEqual([true, false, true]);
      const first = updateBeliefs(prior.task, prior.solver, { ms: 10_000, solved: true });
      const second = updateBeliefs(first.task, prior.solver, { ms: 90_000, solved: false });
      const [task] = await stores.ratings.taskTimes('classic/');
      expect(task).toMatchObject({ task: t1, attempts: 2, updatedAt: 7 });
      expect(task?.mean).toBeCloseTo(second.task.mean, 12);
      expect(task?.variance).toBeCloseTo(second.task.variance, 12);
      // The solve moved the task towards easier and a1 towards stronger; the censored one a2 towards weaker.
      expect(first.task.mean).toBeLessThan(prior.task.mean);
      const a1 = await stores.ratings.solverTime('a1', 'classic');
      expect(a1).toMatchObject({ accountId: 'a1', edition: 'classic', attempts: 1, updatedAt: 5 });
      expect(a1?.mean).toBeCloseTo(first.solver.mean, 12);
      expect(a1?.mean).toBeGreaterThan(0);
      expect((await stores.ratings.solverTime('a2', 'classic'))?.mean).toBeLessThan(0);
      // a1 at t2: from where t1 left a1.
      await stores.ratings.countAttempts(
        [attemptOf('a1', t2, 9, 30_000), { ...attemptOf('a1', 'extreme/E01/easy/red', 9), edition: 'extreme' }],
        plusOne,
      );
      const third = updateBeliefs(prior.task, first.solver, { ms: 30_000, solved: true });
      expect((await stores.ratings.solverTime('a1', 'classic'))?.mean).toBeCloseTo(third.solver.mean, 12);
      expect((await stores.ratings.taskTimes('classic/')).map((t) => [t.task, t.attempts])).toEqual([
        [t1, 2],
        [t2, 1],
      ]);
      // The raw first attempts, for the batch fit: by when, account and task.
      expect(await stores.ratings.timedAttempts('classic/')).toEqual([
        { accountId: 'a1', task: t1, ms: 10_000, solved: true, at: 5 },
        { accountId: 'a2', task: t1, ms: 90_000, solved: false, at: 7 },
        { accountId: 'a1', task: t2, ms: 30_000, solved: true, at: 9 },
      ]);
      expect(await stores.ratings.timedAttempts('extreme/')).toHaveLength(1);
      expect(await stores.ratings.solverTime('a1', 'extreme')).toMatchObject({ attempts: 1 });
      expect(await stores.ratings.taskTimes('jewels/')).toEqual([]);
      await stores.close();
    });

    it('keeps times in milliseconds since 1970 and ratings exactly, as numbers', async () => {
      const stores = await open();
      // 2100-01-01: past what a 32-bit integer holds.
      const at = 4_102_444_800_123;
      const account = { id: 'a1', secretHash: 'ab', name: 'Ana', username: null, passwordHash: null, createdAt: at };
      await stores.accounts.createAccount(account);
      // openskill's mu and sigma are doubles with every digit significant.
      const rating = {
        accountId: 'a1',
        edition: 'classic' as const,
        mu: 25 / 3,
        sigma: Math.PI,
        games: 1,
        updatedAt: at,
      };
      await stores.ratings.saveRatings('g1', [rating]);
      expect(await stores.ratings.ratingsOf('a1')).toStrictEqual([rating]);
      expect(await stores.ratings.ratingHistory('a1', 'classic')).toStrictEqual([
        { gameId: 'g1', mu: 25 / 3, sigma: Math.PI, at },
      ]);
      const task = { task: 'classic/C01/easy/1', mu: 0.1 + 0.2, sigma: 1e-7, attempts: 1, updatedAt: at };
      await stores.ratings.savePuzzleRating(task);
      expect(await stores.ratings.puzzleRating(task.task)).toStrictEqual(task);
      await stores.close();
    });

    it('breaks ties by id code point by code point, capitals first, as every store does', async () => {
      const stores = await open();
      const account = { id: 'a', secretHash: 'ab', name: 'Ana', username: null, passwordHash: null, createdAt: 1 };
      for (const id of ['b', 'a', 'B', 'A']) await stores.accounts.createAccount({ ...account, id, name: id });
      const rating = { edition: 'classic' as const, mu: 25, sigma: 5, games: 1, updatedAt: 1 };
      // Each claimed, with three rated games on two days: on the public board.
      for (const id of ['b', 'a', 'B', 'A'])
        await stores.accounts.claimAccount(id, `u${id}`, `key-${id}`, 'h', `skeleton-${id}`);
      for (const [game, at] of [
        ['g0', 1],
        ['g1', DAY + 1],
        ['g', DAY + 2],
      ] as const)
        await stores.ratings.saveRatings(
          game,
          ['b', 'a', 'B', 'A'].map((accountId) => ({ ...rating, accountId, updatedAt: at })),
        );
      expect((await stores.ratings.leaderboard('classic', 10)).map((r) => r.accountId)).toEqual(['A', 'B', 'a', 'b']);
      await stores.close();
    });

    it('rejects every call once closed, and may be closed twice', async () => {
      const stores = await open();
      await stores.close();
      // Only that it rejects with an Error: the message is each implementation's own.
      await expect(stores.ratings.ratingsOf('a1')).rejects.toThrow(Error);
      await expect(stores.ratings.countAttempts([attemptOf('a1', 'task')], plusOne)).rejects.toThrow(Error);
      await expect(stores.ratings.leaderboard('classic', 10)).rejects.toThrow(Error);
      await expect(stores.ratings.taskTimes('classic/')).rejects.toThrow(Error);
      await expect(stores.ratings.timedAttempts('classic/')).rejects.toThrow(Error);
      await stores.close();
    });
  });
}
