import { ordinal, rating } from 'openskill';
import { describe, expect, it } from 'vitest';
import { isListed, rankOf } from './leaderboards.js';
import { displayOf } from './rating/ratings.js';

describe('leaderboards', () => {
  it("rank by mu - 3 sigma, openskill's ordinal, which the shown rating measures", () => {
    for (const r of [rating(), { mu: 30, sigma: 2 }, { mu: 18.5, sigma: 6.1 }]) {
      expect(rankOf(r)).toBeCloseTo(ordinal(r), 12);
    }
    expect(displayOf(rating())).toBe(1500);
    // A sure 28 ranks above an unsure 30.
    expect(rankOf({ mu: 28, sigma: 1 })).toBeGreaterThan(rankOf({ mu: 30, sigma: 3 }));
  });

  it('list a solo run only when it is verified and was dealt shuffled (or before dealing was kept)', () => {
    expect(isListed({ verified: true, dealing: 'shuffled' })).toBe(true);
    expect(isListed({ verified: true })).toBe(true);
    expect(isListed({ verified: false, dealing: 'shuffled' })).toBe(false);
    expect(isListed({ verified: true, dealing: 'level' })).toBe(false);
  });
});
