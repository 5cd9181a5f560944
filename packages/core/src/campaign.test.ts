import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_WORLD_SIZE, campaignLevels, compareCandidates, starsFor, starThresholds } from './campaign.js';
import { calibratedDifficulty } from './calibration.js';
import { findTask } from './deck.js';
import { shippedDeck } from './decks.js';
import { botMedianSeconds } from './game/bot-model.js';

const decks = { classic: shippedDeck('classic'), extreme: shippedDeck('extreme') };
const levels = campaignLevels(decks);

describe('the campaign', () => {
  it('is 12 worlds of 24 on the classic deck, then 9 Extreme worlds (known answers)', () => {
    expect(levels).toHaveLength(504);
    expect(levels.filter((l) => l.edition === 'classic')).toHaveLength(288);
    expect(levels[0]).toEqual({
      number: 1,
      world: 1,
      edition: 'classic',
      task: { board: 'C36', side: 'easy', key: '3' },
      difficulty: 3.8,
      stars: { three: 12_000, two: 23_000 },
    });
    expect(levels[1]?.task).toEqual({ board: 'C36', side: 'easy', key: '1' });
    expect(levels[287]).toMatchObject({ number: 288, world: 12, edition: 'classic', difficulty: 7.9 });
    expect(levels[288]).toMatchObject({
      number: 289,
      world: 13,
      edition: 'extreme',
      task: { board: 'E32', side: 'hard', key: 'blue' },
      stars: { three: 38_000, two: 78_000 },
    });
    expect(levels.at(-1)).toMatchObject({ number: 504, world: 21, edition: 'extreme' });
  });

  it('never goes down in difficulty; every task is its deck’s, once; numbers are 1..N; worlds of 24', () => {
    const seen = new Set<string>();
    levels.forEach((level, i) => {
      expect(level.number).toBe(i + 1);
      expect(level.world).toBe(Math.floor(i / CAMPAIGN_WORLD_SIZE) + 1);
      expect(findTask(decks[level.edition], level.task)).toBeDefined();
      expect(level.difficulty).toBe(calibratedDifficulty(decks[level.edition], level.task));
      const before = levels[i - 1];
      if (before) expect(compareCandidates(before, level)).toBeLessThan(0);
      const key = `${level.edition}/${level.task.board}/${level.task.side}/${level.task.key}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    });
    expect(campaignLevels(decks)).toEqual(levels);
  });

  it('any two levels are in order of difficulty (property)', () => {
    fc.assert(
      fc.property(fc.nat(levels.length - 1), fc.nat(levels.length - 1), (i, j) => {
        const [a, b] = [levels[Math.min(i, j)], levels[Math.max(i, j)]];
        if (!a || !b) return false;
        return a.difficulty <= b.difficulty && a.number <= b.number && a.world <= b.world;
      }),
    );
  });

  it('its stars come from the bot model: 3 within the expert’s median, 2 within the casual’s', () => {
    expect(starThresholds(5)).toEqual({ three: 16_000, two: 30_000 });
    fc.assert(
      fc.property(fc.double({ min: 2, max: 14, noNaN: true }), fc.nat(300_000), (d, ms) => {
        const t = starThresholds(d);
        expect(Math.abs(t.three / 1000 - botMedianSeconds('expert', d))).toBeLessThanOrEqual(0.5);
        expect(t.three).toBeLessThan(t.two);
        const stars = starsFor(t, ms, true);
        expect(stars).toBe(ms <= t.three ? 3 : ms <= t.two ? 2 : 1);
        expect(starsFor(t, ms, false)).toBe(0);
      }),
    );
    expect(starsFor({ three: 16_000, two: 30_000 }, 16_000, true)).toBe(3);
    expect(starsFor({ three: 16_000, two: 30_000 }, 16_001, true)).toBe(2);
    expect(starsFor({ three: 16_000, two: 30_000 }, 30_001, true)).toBe(1);
  });
});
