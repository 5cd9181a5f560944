import { describe, expect, it } from 'vitest';
import type { Stores } from '../stores.js';
import type { Opener } from './fixtures.js';
import { solo } from './fixtures.js';

const DAY = 86_400_000;

/** A claimed account (with three verified runs on two days, which public boards no longer ask for). */
async function established(stores: Pick<Stores, 'accounts' | 'soloRuns'>, id: string, name: string): Promise<void> {
  await stores.accounts.createAccount({ id, secretHash: 'ab', name, username: null, passwordHash: null, createdAt: 1 });
  await stores.accounts.claimAccount(id, name.toLowerCase(), name.toLowerCase(), 'h', name.toLowerCase());
  for (const at of [1, 2, DAY + 1])
    await stores.soloRuns.saveSolo(solo({ accountId: id, player: name, finishedAt: at }));
}

/**
 * What every `DailyAttempts` must do: one attempt an account a day, taken once; settled once with
 * its run; the day's board of solved, verified, listed attempts by claimed players not banned, fastest first.
 */
export function dailyContract(name: string, open: Opener<'accounts' | 'daily' | 'reviews' | 'soloRuns'>): void {
  describe(`${name}: daily attempts`, () => {
    it('takes one attempt an account a day, and settles it once', async () => {
      const stores = await open();
      // Runs 1 to 10, to settle attempts with; run 11 is held for review.
      for (let i = 1; i <= 10; i++) await stores.soloRuns.saveSolo(solo({ accountId: 'a1', finishedAt: i }));
      const held = await stores.soloRuns.saveSolo(
        solo({ accountId: 'a1', finishedAt: 11, review: 'held', reasons: ['pace'] }),
      );
      expect(await stores.daily.takeDailyAttempt('a1', '2026-11-28', 100)).toBe(true);
      expect(await stores.daily.takeDailyAttempt('a1', '2026-11-28', 200)).toBe(false);
      expect(await stores.daily.takeDailyAttempt('a2', '2026-11-28', 300)).toBe(true);
      expect(await stores.daily.takeDailyAttempt('a1', '2026-11-29', 400)).toBe(true);
      expect(await stores.daily.dailyAttempt('a1', '2026-11-28')).toEqual({
        accountId: 'a1',
        day: '2026-11-28',
        startedAt: 100,
        run: null,
        solved: false,
        ms: null,
        verified: false,
      });
      await stores.daily.settleDailyAttempt('a1', '2026-11-28', { id: 7, solved: true, ms: 4800, verified: true });
      // A later run of the day settles nothing.
      await stores.daily.settleDailyAttempt('a1', '2026-11-28', { id: 8, solved: true, ms: 900, verified: true });
      expect(await stores.daily.dailyAttempt('a1', '2026-11-28')).toMatchObject({ run: 7, solved: true, ms: 4800 });
      expect(await stores.daily.dailyAttempt('a3', '2026-11-28')).toBeUndefined();
      await stores.daily.settleDailyAttempt('a1', '2026-11-29', { id: 9, solved: true, ms: 100, verified: false });
      await stores.daily.takeDailyAttempt('a1', '2026-11-26', 1);
      await stores.daily.settleDailyAttempt('a1', '2026-11-26', { id: 10, solved: true, ms: 100, verified: true });
      // Solved and verified only, newest first, up to the day asked.
      expect(await stores.daily.dailySolvedDays('a1', '2026-11-29', 10)).toEqual(['2026-11-28', '2026-11-26']);
      expect(await stores.daily.dailySolvedDays('a1', '2026-11-27', 10)).toEqual(['2026-11-26']);
      expect(await stores.daily.dailySolvedDays('a1', '2026-11-29', 1)).toEqual(['2026-11-28']);
      // A run held for review counts for no streak, until it is released.
      await stores.daily.takeDailyAttempt('a1', '2026-11-25', 1);
      await stores.daily.settleDailyAttempt('a1', '2026-11-25', { id: held, solved: true, ms: 100, verified: true });
      expect(await stores.daily.dailySolvedDays('a1', '2026-11-29', 10)).toEqual(['2026-11-28', '2026-11-26']);
      await stores.reviews.decide(`run-${held}`, 'approved');
      expect(await stores.daily.dailySolvedDays('a1', '2026-11-29', 10)).toEqual([
        '2026-11-28',
        '2026-11-26',
        '2026-11-25',
      ]);
      await stores.close();
    });

    it('settles an attempt left unfinished with no run, and then nothing settles it again', async () => {
      const stores = await open();
      const run = await stores.soloRuns.saveSolo(solo({ accountId: 'a1', finishedAt: 5 }));
      await stores.daily.takeDailyAttempt('a1', '2026-11-28', 100);
      await stores.daily.settleDailyAttempt('a1', '2026-11-28', { id: null, solved: false, ms: 2500, verified: false });
      await stores.daily.settleDailyAttempt('a1', '2026-11-28', { id: run, solved: true, ms: 900, verified: true });
      expect(await stores.daily.dailyAttempt('a1', '2026-11-28')).toMatchObject({ run: null, solved: false, ms: 2500 });
      expect(await stores.daily.dailySolvedDays('a1', '2026-11-28', 10)).toEqual([]);
      await stores.close();
    });

    it('counts the days an account took its attempt on, solved or not, up to a day', async () => {
      const stores = await open();
      const run = await stores.soloRuns.saveSolo(solo({ accountId: 'a1', finishedAt: 5 }));
      expect(await stores.daily.dailyDaysPlayed('a1', '2026-11-29')).toBe(0);
      await stores.daily.takeDailyAttempt('a1', '2026-11-26', 1);
      await stores.daily.settleDailyAttempt('a1', '2026-11-26', { id: run, solved: true, ms: 900, verified: true });
      await stores.daily.takeDailyAttempt('a1', '2026-11-27', 2);
      await stores.daily.settleDailyAttempt('a1', '2026-11-27', { id: null, solved: false, ms: 2500, verified: false });
      // Taken and not settled yet (its run under way) is played, too.
      await stores.daily.takeDailyAttempt('a1', '2026-11-29', 3);
      await stores.daily.takeDailyAttempt('a2', '2026-11-28', 4);
      expect(await stores.daily.dailyDaysPlayed('a1', '2026-11-29')).toBe(3);
      expect(await stores.daily.dailyDaysPlayed('a1', '2026-11-28')).toBe(2);
      expect(await stores.daily.dailyDaysPlayed('a2', '2026-11-29')).toBe(1);
      expect(await stores.daily.dailyDaysPlayed('a3', '2026-11-29')).toBe(0);
      await stores.close();
    });

    it('keeps one daily secret, made on first asking', async () => {
      const stores = await open();
      const secret = await stores.daily.dailySecret();
      expect(secret.length).toBeGreaterThanOrEqual(32);
      expect(await stores.daily.dailySecret()).toBe(secret);
      await stores.close();
    });

    it('lists a day’s board fastest first: solved, verified, not held, claimed players not banned, each marked reviewed or not', async () => {
      const stores = await open();
      await established(stores, 'a1', 'Ana');
      await established(stores, 'a2', 'Bea');
      await established(stores, 'a3', 'Cy');
      // A guest with a fast solve: never listed.
      await stores.accounts.createAccount({
        id: 'g1',
        secretHash: 'ab',
        name: 'Guest',
        username: null,
        passwordHash: null,
        createdAt: 1,
      });
      const day = '2026-11-28';
      const attempt = async (
        id: string,
        started: number,
        ms: number,
        over: { verified?: boolean; held?: boolean; solved?: boolean } = {},
      ) => {
        const run = await stores.soloRuns.saveSolo(
          solo({
            accountId: id,
            finishedAt: 3 * DAY + started,
            ...(over.held ? { review: 'held', reasons: ['pace'] } : {}),
          }),
        );
        await stores.daily.takeDailyAttempt(id, day, started);
        await stores.daily.settleDailyAttempt(id, day, {
          id: run,
          solved: over.solved ?? true,
          ms,
          verified: over.verified ?? true,
        });
        return run;
      };
      const ana = await attempt('a1', 10, 5000);
      const bea = await attempt('a2', 20, 3000);
      const cy = await attempt('a3', 30, 1000, { held: true });
      await attempt('g1', 40, 500);
      expect(await stores.daily.dailyBoard(day, { top: 10 })).toEqual([
        { accountId: 'a2', name: 'Bea', username: 'bea', run: bea, ms: 3000, reviewed: false },
        { accountId: 'a1', name: 'Ana', username: 'ana', run: ana, ms: 5000, reviewed: false },
      ]);
      expect(await stores.daily.dailyBoard(day, { top: 1, offset: 1 })).toMatchObject([{ accountId: 'a1' }]);
      // Approved: Cy's run is listed, reviewed; the reviewed entries alone are what a ghost's "best" takes.
      await stores.reviews.decide(`run-${cy}`, 'approved');
      expect((await stores.daily.dailyBoard(day, { top: 10 })).map((e) => [e.accountId, e.reviewed])).toEqual([
        ['a3', true],
        ['a2', false],
        ['a1', false],
      ]);
      expect((await stores.daily.dailyBoard(day, { top: 10, reviewed: true })).map((e) => e.accountId)).toEqual(['a3']);
      // Banned: Bea is on the board no more.
      await stores.reviews.ban('a2', 99);
      expect((await stores.daily.dailyBoard(day, { top: 10 })).map((e) => e.accountId)).toEqual(['a3', 'a1']);
      expect(await stores.daily.dailyBoard('2026-11-27', { top: 10 })).toEqual([]);
      await stores.close();
    });

    it('keeps unsolved and unverified attempts off the board', async () => {
      const stores = await open();
      await established(stores, 'a1', 'Ana');
      await established(stores, 'a2', 'Bea');
      for (const [id, over] of [
        ['a1', { solved: false }],
        ['a2', { verified: false }],
      ] as const) {
        const run = await stores.soloRuns.saveSolo(solo({ accountId: id, finishedAt: 3 * DAY }));
        await stores.daily.takeDailyAttempt(id, '2026-11-28', 1);
        await stores.daily.settleDailyAttempt(id, '2026-11-28', {
          id: run,
          solved: 'solved' in over ? over.solved : true,
          ms: 100,
          verified: 'verified' in over ? over.verified : true,
        });
      }
      expect(await stores.daily.dailyBoard('2026-11-28', { top: 10 })).toEqual([]);
      await stores.close();
    });
  });
}
