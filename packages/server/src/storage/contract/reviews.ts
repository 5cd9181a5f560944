import { describe, expect, it } from 'vitest';
import type { Opener } from './fixtures.js';
import { solo } from './fixtures.js';

/**
 * What every `Reviews` must do: a held run kept but never listed, until released; held claims
 * kept; decisions on results that were held only.
 */
export function reviewsContract(name: string, open: Opener<'accounts' | 'reviews' | 'soloRuns'>): void {
  describe(`${name}: held results`, () => {
    it('keeps a held run off the records, lists it for review, and lists it on the boards once released', async () => {
      const stores = await open();
      await stores.soloRuns.saveSolo(solo({ player: 'Honest', accountId: 'a1', finishedAt: 10 }));
      const reasons = ['pace: 5 solves at 2.00 times the fastest players’ pace', 'bare: 5 of 5 trails'];
      await stores.soloRuns.saveSolo(
        solo({ player: 'Forger', accountId: 'a2', finishedAt: 20, review: 'held', reasons }),
      );
      expect((await stores.soloRuns.records({ from: 'anyone', mode: 'timed' })).map((r) => r.player)).toEqual([
        'Honest',
      ]);
      // Kept with its account, reasons and all.
      expect(await stores.soloRuns.soloResultsOf('a2')).toMatchObject([{ player: 'Forger', review: 'held', reasons }]);
      const held = await stores.reviews.reviews();
      expect(held).toMatchObject([{ kind: 'run', review: 'held', reasons, accountId: 'a2', at: 20 }]);
      const id = held[0]?.id ?? '';
      expect(id).toMatch(/^run-\d+$/);
      expect(await stores.reviews.decide(id, 'released')).toMatchObject({
        id,
        review: 'released',
        run: { player: 'Forger' },
      });
      expect((await stores.soloRuns.records({ from: 'anyone', mode: 'timed' })).map((r) => r.player)).toEqual([
        'Honest',
        'Forger',
      ]);
      expect(await stores.reviews.reviews()).toEqual([]);
      expect(await stores.reviews.reviews(true)).toMatchObject([{ id, review: 'released' }]);
      // Rejected after all: off the boards again.
      await stores.reviews.decide(id, 'rejected');
      expect((await stores.soloRuns.records({ from: 'anyone', mode: 'timed' })).map((r) => r.player)).toEqual([
        'Honest',
      ]);
      await stores.close();
    });

    it('keeps a held run off an account’s public runs, out of its history, and its trails kept; a release counts', async () => {
      const stores = await open();
      const DAY = 86_400_000;
      const account = { secretHash: 'ab', name: 'Fay', username: null, passwordHash: null, createdAt: 1 };
      await stores.accounts.createAccount({ ...account, id: 'a1' });
      await stores.accounts.claimAccount('a1', 'fay', 'fay', 'h', 'fay');
      const withTrail = (ms: number) =>
        [{ board: 'C01', side: 'easy', key: '1', outcome: 'solved', ms, trail: [[ms, 'place', 'L4']] }] as const;
      // Two runs on day 0, then a third on day 1, held: not yet established.
      for (const at of [1, 2]) await stores.soloRuns.saveSolo(solo({ accountId: 'a1', player: 'Fay', finishedAt: at }));
      const held = await stores.soloRuns.saveSolo(
        solo({ accountId: 'a1', player: 'Fay', finishedAt: DAY + 1, review: 'held', puzzles: withTrail(5) }),
      );
      const mine = (review?: 'public' | 'held') =>
        stores.soloRuns
          .soloResultsOf('a1', { top: 10, ...(review ? { review } : {}) })
          .then((rs) => rs.map((r) => r.id));
      expect(await mine('public')).not.toContain(held);
      expect(await mine('held')).toEqual([held]);
      expect(await mine()).toContain(held);
      expect(await stores.soloRuns.records({ from: 'established', mode: 'timed' })).toEqual([]);
      expect((await stores.soloRuns.soloSummary('a1')).runs).toBe(2);
      // Past the account's trail budget, the held run keeps what is to be reviewed.
      expect(await stores.soloRuns.pruneTrails({ unverifiedBefore: 0, keepPerAccount: 0, accountId: 'a1' })).toBe(0);
      expect((await stores.soloRuns.soloRun(held))?.puzzles?.[0]?.trail).toHaveLength(1);
      // Released: it counts, and with it the account has three runs on two days.
      await stores.reviews.decide(`run-${held}`, 'released');
      expect(await mine('public')).toContain(held);
      expect((await stores.soloRuns.records({ from: 'established', mode: 'timed' })).map((r) => r.id)).toContain(held);
      await stores.close();
    });

    it('keeps held claims, and decides nothing on a result never held or an id that is none', async () => {
      const stores = await open();
      await stores.soloRuns.saveSolo(solo({ player: 'Honest', accountId: 'a1', finishedAt: 10 }));
      const [honest] = await stores.reviews.reviews(true);
      expect(honest).toBeUndefined();
      await stores.reviews.holdClaim({
        gameId: 'G1-1',
        player: 'p2',
        accountId: 'a3',
        reasons: ['history: ...'],
        at: 30,
      });
      const [claim] = await stores.reviews.reviews();
      expect(claim).toEqual({
        id: expect.stringMatching(/^claim-\d+$/) as unknown,
        kind: 'claim',
        gameId: 'G1-1',
        player: 'p2',
        accountId: 'a3',
        reasons: ['history: ...'],
        review: 'held',
        at: 30,
      });
      expect(await stores.reviews.decide(claim?.id ?? '', 'rejected')).toMatchObject({
        kind: 'claim',
        review: 'rejected',
      });
      expect(await stores.reviews.reviews()).toEqual([]);
      // The honest run is row 1 of its table and was never held.
      for (const id of ['run-1', 'run-99', 'claim-99', 'run-0', 'nothing', "run-1' or 1=1"])
        expect(await stores.reviews.decide(id, 'released')).toBeUndefined();
      expect((await stores.soloRuns.soloResultsOf('a1'))[0]?.review).toBe('none');
      // Whose claims a game held, decided or not, each player once (what a resumed game recalls).
      await stores.reviews.holdClaim({
        gameId: 'G2-1',
        player: 'p1',
        accountId: 'a4',
        reasons: ['floor: ...'],
        at: 31,
      });
      await stores.reviews.holdClaim({ gameId: 'G2-1', player: 'p1', accountId: 'a4', reasons: ['bare: ...'], at: 32 });
      expect(await stores.reviews.heldPlayers('G1-1')).toEqual(['p2']);
      expect(await stores.reviews.heldPlayers('G2-1')).toEqual(['p1']);
      expect(await stores.reviews.heldPlayers('G3-1')).toEqual([]);
      await stores.close();
    });
  });
}
