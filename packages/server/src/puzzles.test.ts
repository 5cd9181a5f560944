import { describe, expect, it } from 'vitest';
import { attempted, puzzleDisplay, startOf, taskKey } from './puzzles.js';
import { MemoryStorage } from './storage.js';

const task = { board: 'C07', side: 'easy' as const, key: '4' };
const key = taskKey('classic', task);

describe('puzzle ratings', () => {
  it('start from the difficulty, and move with first attempts only', async () => {
    const storage = new MemoryStorage();
    const attempt = (accountId: string, solved: boolean) =>
      attempted(storage, { accountId, edition: 'classic', task, difficulty: 7, solved, player: undefined }, 100);
    expect(startOf(7).mu).toBeGreaterThan(startOf(5).mu);
    expect(await storage.puzzleRating(key)).toBeUndefined();

    // A first attempt that fails: the task wins, its rating goes up.
    expect(await attempt('ana', false)).toBe(true);
    const afterAna = await storage.puzzleRating(key);
    expect(afterAna?.attempts).toBe(1);
    expect(afterAna?.mu).toBeGreaterThan(startOf(7).mu);
    // Ana again, solving it this time: not a first attempt, nothing moves.
    expect(await attempt('ana', true)).toBe(false);
    expect(await storage.puzzleRating(key)).toEqual(afterAna);
    // Ben's first attempt solves it: the rating goes down.
    expect(await attempt('ben', true)).toBe(true);
    const afterBen = await storage.puzzleRating(key);
    expect(afterBen?.attempts).toBe(2);
    expect(afterBen?.mu).toBeLessThan(afterAna?.mu ?? 0);
    expect(puzzleDisplay(afterBen ?? startOf(7))).toBeGreaterThan(0);
  });

  it('moves less against a strong player who solves it than against a weak one', async () => {
    const solvedBy = async (mu: number): Promise<number> => {
      const storage = new MemoryStorage();
      const player = { accountId: 'p', edition: 'classic' as const, mu, sigma: 2, games: 20, updatedAt: 0 };
      await attempted(storage, { accountId: 'p', edition: 'classic', task, difficulty: 5, solved: true, player }, 1);
      return startOf(5).mu - ((await storage.puzzleRating(key))?.mu ?? 0);
    };
    expect(await solvedBy(35)).toBeLessThan(await solvedBy(15));
  });
});
