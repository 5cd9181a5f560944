import { describe, expect, it } from 'vitest';
import type { Opener } from './fixtures.js';

const made = (id: string, over: Partial<{ from: string; to: string; run: number; createdAt: number }> = {}) => {
  const createdAt = over.createdAt ?? 1000;
  return { id, from: 'a1', to: 'a2', run: 7, createdAt, expiresAt: createdAt + 500, ...over };
};

/**
 * What every `Challenges` must do: a challenge kept once under its id, open, and read back whole;
 * listed for its sender and its recipient newest first; counted by sender since a time; found open
 * for its run and recipient until its week is over; raced or declined once, only while open.
 */
export function challengesContract(name: string, open: Opener<'challenges'>): void {
  describe(`${name}: challenges`, () => {
    it('keeps, lists, counts and finds open challenges', async () => {
      const stores = await open();
      const { challenges } = stores;
      expect(await challenges.saveChallenge(made('c1'))).toBe(true);
      expect(await challenges.saveChallenge(made('c1', { to: 'a3' }))).toBe(false);
      expect(await challenges.challenge('c1')).toEqual({
        ...made('c1'),
        status: 'open',
        raced: null,
        winner: null,
        settledAt: null,
      });
      expect(await challenges.challenge('zz')).toBeUndefined();
      await challenges.saveChallenge(made('c2', { createdAt: 2000, to: 'a3' }));
      await challenges.saveChallenge(made('c3', { createdAt: 3000, from: 'a2', to: 'a1', run: 9 }));
      await challenges.saveChallenge(made('c4', { createdAt: 4000, from: 'a3', to: 'a4' }));
      expect((await challenges.challengesOf('a1', 10)).map((c) => c.id)).toEqual(['c3', 'c2', 'c1']);
      expect((await challenges.challengesOf('a1', 2)).map((c) => c.id)).toEqual(['c3', 'c2']);
      expect((await challenges.challengesOf('a2', 10)).map((c) => c.id)).toEqual(['c3', 'c1']);
      expect(await challenges.challengesSentSince('a1', 1000)).toBe(2);
      expect(await challenges.challengesSentSince('a1', 1001)).toBe(1);
      expect(await challenges.challengesSentSince('a9', 0)).toBe(0);
      expect((await challenges.openChallengeOf(7, 'a2', 1499))?.id).toBe('c1');
      // Its week over (expiresAt 1500): no longer open.
      expect(await challenges.openChallengeOf(7, 'a2', 1500)).toBeUndefined();
      expect(await challenges.openChallengeOf(8, 'a2', 0)).toBeUndefined();
      await stores.close();
    });

    it('settles or declines a challenge once, only while open', async () => {
      const stores = await open();
      const { challenges } = stores;
      await challenges.saveChallenge(made('c1'));
      await challenges.saveChallenge(made('c2', { run: 8 }));
      expect(await challenges.settleChallenge('c1', { raced: 42, winner: 'to', at: 1200 })).toBe(true);
      expect(await challenges.settleChallenge('c1', { raced: 43, winner: 'from', at: 1300 })).toBe(false);
      expect(await challenges.declineChallenge('c1', 1300)).toBe(false);
      expect(await challenges.challenge('c1')).toMatchObject({
        status: 'raced',
        raced: 42,
        winner: 'to',
        settledAt: 1200,
      });
      expect(await challenges.openChallengeOf(7, 'a2', 1201)).toBeUndefined();
      expect(await challenges.declineChallenge('c2', 1250)).toBe(true);
      expect(await challenges.declineChallenge('c2', 1260)).toBe(false);
      expect(await challenges.settleChallenge('c2', { raced: 44, winner: 'tie', at: 1300 })).toBe(false);
      expect(await challenges.challenge('c2')).toMatchObject({ status: 'declined', raced: null, settledAt: 1250 });
      // A race left under way: raced, with no run.
      await challenges.saveChallenge(made('c3', { run: 9 }));
      expect(await challenges.settleChallenge('c3', { raced: null, winner: 'from', at: 1400 })).toBe(true);
      expect(await challenges.challenge('c3')).toMatchObject({ status: 'raced', raced: null, winner: 'from' });
      expect(await challenges.declineChallenge('nope', 1)).toBe(false);
      await stores.close();
    });
  });
}
