import { describe, expect, it } from 'vitest';
import type { Opener } from './fixtures.js';
import { solo } from './fixtures.js';

/**
 * What every `Reviews` must do: a held run kept but never listed, until approved; held and flagged
 * claims kept; decisions on any result that is; the queue's candidates; roles and bans.
 */
export function reviewsContract(name: string, open: Opener<'accounts' | 'reviews' | 'soloRuns'>): void {
  describe(`${name}: held results`, () => {
    it('keeps a held run off the records, lists it for review, and lists it on the boards once approved', async () => {
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
      expect(await stores.reviews.decide(id, 'approved')).toMatchObject({
        id,
        review: 'approved',
        run: { player: 'Forger' },
      });
      expect((await stores.soloRuns.records({ from: 'anyone', mode: 'timed' })).map((r) => r.player)).toEqual([
        'Honest',
        'Forger',
      ]);
      expect(await stores.reviews.reviews()).toEqual([]);
      expect(await stores.reviews.reviews(true)).toMatchObject([{ id, review: 'approved' }]);
      // Rejected after all: off the boards again.
      await stores.reviews.decide(id, 'rejected');
      expect((await stores.soloRuns.records({ from: 'anyone', mode: 'timed' })).map((r) => r.player)).toEqual([
        'Honest',
      ]);
      await stores.close();
    });

    it('keeps a held run off an account’s public runs, out of its history, and its trails kept; an approval counts', async () => {
      const stores = await open();
      const DAY = 86_400_000;
      const account = { secretHash: 'ab', name: 'Fay', username: null, passwordHash: null, createdAt: 1 };
      await stores.accounts.createAccount({ ...account, id: 'a1' });
      await stores.accounts.claimAccount('a1', 'fay', 'fay', 'h', 'fay');
      const withTrail = (ms: number) =>
        [{ board: 'C01', side: 'easy', key: '1', outcome: 'solved', ms, trail: [[ms, 'place', 'L4']] }] as const;
      // Two runs on day 0, then a third on day 1, held.
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
      // On the public board once: its best listed run (the held one, the fastest, is not).
      expect((await stores.soloRuns.records({ from: 'public', mode: 'timed' })).map((r) => r.id)).not.toContain(held);
      expect((await stores.soloRuns.soloSummary('a1')).runs).toBe(2);
      // Past the account's trail budget, the held run keeps what is to be reviewed.
      expect(await stores.soloRuns.pruneTrails({ unverifiedBefore: 0, keepPerAccount: 0, accountId: 'a1' })).toBe(0);
      expect((await stores.soloRuns.soloRun(held))?.puzzles?.[0]?.trail).toHaveLength(1);
      // Approved: it counts, listed and reviewed.
      await stores.reviews.decide(`run-${held}`, 'approved');
      expect(await mine('public')).toContain(held);
      expect((await stores.soloRuns.soloSummary('a1')).runs).toBe(3);
      await stores.close();
    });

    it('keeps held claims, decides any result there is, and nothing on an id that is none', async () => {
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
      for (const id of ['run-99', 'claim-99', 'run-0', 'nothing', "run-1' or 1=1"]) {
        expect(await stores.reviews.decide(id, 'approved')).toBeUndefined();
        expect(await stores.reviews.result(id)).toBeUndefined();
      }
      // A result is read whatever its review: the claim just rejected, the honest run never held.
      expect(await stores.reviews.result(claim?.id ?? '')).toMatchObject({
        kind: 'claim',
        review: 'rejected',
        accountId: 'a3',
      });
      expect(await stores.reviews.result('run-1')).toMatchObject({ kind: 'run', review: 'none', accountId: 'a1' });
      expect((await stores.soloRuns.soloResultsOf('a1'))[0]?.review).toBe('none');
      // The honest run is row 1 of its table, never held: a reviewer approves it as any other.
      expect(await stores.reviews.decide('run-1', 'approved')).toMatchObject({ review: 'approved' });
      expect((await stores.soloRuns.soloResultsOf('a1'))[0]?.review).toBe('approved');
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
      // A claim only flagged is kept for the queue, never recalled as held; approved, it is `approved`.
      await stores.reviews.holdClaim({
        gameId: 'G3-1',
        player: 'p3',
        accountId: 'a5',
        reasons: ['pace'],
        at: 33,
        held: false,
      });
      expect(await stores.reviews.heldPlayers('G3-1')).toEqual([]);
      const queued = await stores.reviews.queue(10);
      const flagged = queued.find((r) => r.kind === 'claim' && r.player === 'p3');
      expect(flagged).toMatchObject({ review: 'none', reasons: ['pace'] });
      expect(await stores.reviews.decide(flagged?.id ?? '', 'approved')).toMatchObject({ review: 'approved' });
      // A held claim approved is `released`: its game still knows it was held.
      const held = (await stores.reviews.reviews()).find((r) => r.kind === 'claim' && r.player === 'p1');
      expect(await stores.reviews.decide(held?.id ?? '', 'approved')).toMatchObject({ review: 'released' });
      expect(await stores.reviews.heldPlayers('G2-1')).toEqual(['p1']);
      await stores.close();
    });

    it('queues the runs that could stand on a public board, unreviewed or held, newest first', async () => {
      const stores = await open();
      const account = { secretHash: 'ab', name: 'Ana', username: null, passwordHash: null, createdAt: 1 };
      for (const id of ['a1', 'a2', 'guest']) await stores.accounts.createAccount({ ...account, id });
      await stores.accounts.claimAccount('a1', 'ana', 'ana', 'h', 'ana');
      await stores.accounts.claimAccount('a2', 'bea', 'bea', 'h', 'bea');
      const flagged = await stores.soloRuns.saveSolo(
        solo({ accountId: 'a1', finishedAt: 10, reasons: ['pace: fast'] }),
      );
      const held = await stores.soloRuns.saveSolo(
        solo({ accountId: 'a2', finishedAt: 20, review: 'held', reasons: ['reused: x'] }),
      );
      const approved = await stores.soloRuns.saveSolo(solo({ accountId: 'a1', finishedAt: 30 }));
      await stores.reviews.decide(`run-${approved}`, 'approved');
      // Never queued: a guest's run, an unverified one, one dealt at the player's level.
      await stores.soloRuns.saveSolo(solo({ accountId: 'guest', finishedAt: 40 }));
      await stores.soloRuns.saveSolo(solo({ accountId: 'a1', finishedAt: 50, verified: false }));
      await stores.soloRuns.saveSolo(solo({ accountId: 'a1', finishedAt: 60, dealing: 'level' }));
      const ids = async () => (await stores.reviews.queue(10)).map((r) => r.id);
      expect(await ids()).toEqual([`run-${held}`, `run-${flagged}`]);
      expect(await stores.reviews.queue(1)).toMatchObject([{ id: `run-${held}`, reasons: ['reused: x'] }]);
      // A banned account's runs are on no board, so in no queue; its standing says so.
      expect(await stores.reviews.standing('a2')).toEqual({ role: 'none', bannedAt: null });
      await stores.reviews.ban('a2', 70);
      await stores.reviews.ban('a2', 80);
      expect(await stores.reviews.standing('a2')).toEqual({ role: 'none', bannedAt: 70 });
      expect(await ids()).toEqual([`run-${flagged}`]);
      await stores.reviews.setRole('a1', 'reviewer');
      await stores.reviews.setRole('a2', 'operator');
      expect(await stores.reviews.standing('a1')).toEqual({ role: 'reviewer', bannedAt: null });
      expect(await stores.reviews.standing('a2')).toEqual({ role: 'operator', bannedAt: 70 });
      await stores.close();
    });
  });
}
