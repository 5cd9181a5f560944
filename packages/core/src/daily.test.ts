import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DAILY_NO_REPEAT_DAYS,
  dailyBand,
  dailyDateAdd,
  dailyDateOf,
  dailyDayOf,
  dailySchedule,
  isDailyDate,
} from './daily.js';
import { calibratedDifficulty } from './calibration.js';
import { shippedDeck } from './decks.js';

const decks = { classic: shippedDeck('classic'), extreme: shippedDeck('extreme') };
const schedule = dailySchedule(decks);
const key = (date: string): string => {
  const t = schedule.taskOn(date);
  if (!t.ok) throw new Error(t.error);
  return `${t.value.edition} ${t.value.task.board} ${t.value.task.side} ${t.value.task.key}`;
};

describe('the daily puzzle', () => {
  it('dates: UTC days, real dates only, from the epoch', () => {
    expect(dailyDateOf(Date.UTC(2026, 10, 28, 23, 59, 59))).toBe('2026-11-28');
    expect(dailyDateOf(Date.UTC(2026, 10, 29))).toBe('2026-11-29');
    expect(dailyDateAdd('2026-03-01', -1)).toBe('2026-02-28');
    expect(dailyDateAdd('2028-02-28', 1)).toBe('2028-02-29');
    expect(isDailyDate('2026-02-30')).toBe(false);
    expect(isDailyDate('2026-2-3')).toBe(false);
    expect(dailyDayOf('2026-01-01')).toEqual({ ok: true, value: 0 });
    expect(dailyDayOf('2025-12-31')).toEqual({ ok: false, error: 'daily/before-epoch' });
    expect(schedule.taskOn('nonsense')).toEqual({ ok: false, error: 'daily/bad-date' });
  });

  it('the band is the middle half of both decks by calibrated difficulty, more than a year of tasks', () => {
    const band = dailyBand(decks);
    expect(band.length).toBe(432);
    expect(band.length).toBeGreaterThan(DAILY_NO_REPEAT_DAYS);
    const all = [decks.classic, decks.extreme].flatMap((deck) =>
      deck.boards.flatMap((b) =>
        (['easy', 'hard'] as const).flatMap((side) =>
          b.sides[side].tasks.map((t) => calibratedDifficulty(deck, { board: b.id, side, key: t.key })),
        ),
      ),
    );
    all.sort((a, b) => a - b);
    const inBand = band.map((d) => calibratedDifficulty(decks[d.edition], d.task));
    // Nothing from below the first quarter or above the third.
    expect(Math.min(...inBand)).toBeGreaterThanOrEqual(all[Math.floor(all.length / 4)] as number);
    expect(Math.max(...inBand)).toBeLessThanOrEqual(all[Math.floor((3 * all.length) / 4)] as number);
    expect(new Set(band.map((d) => `${d.edition}${d.task.board}${d.task.side}${d.task.key}`)).size).toBe(432);
  });

  it('known answers', () => {
    expect(key('2026-01-01')).toBe('classic C31 hard 1');
    expect(key('2026-11-28')).toBe('classic C27 hard 1');
    expect(key('2027-06-15')).toBe('classic C23 hard 4');
    expect(key('2030-12-31')).toBe('classic C23 hard 2');
  });

  it('no task twice within any 365 days, over six years', () => {
    const seen = new Map<string, number>();
    for (let d = 0; d < 6 * 366; d++) {
      const k = key(dailyDateAdd('2026-01-01', d));
      const last = seen.get(k);
      if (last !== undefined) expect(d - last).toBeGreaterThanOrEqual(DAILY_NO_REPEAT_DAYS);
      seen.set(k, d);
    }
  });

  it('a date gives the same task everywhere, in whatever order dates are asked', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3000 }), { minLength: 1, maxLength: 8 }), (days) => {
        const fresh = dailySchedule(decks);
        for (const d of days) {
          const date = dailyDateAdd('2026-01-01', d);
          expect(fresh.taskOn(date)).toEqual(schedule.taskOn(date));
        }
      }),
      { numRuns: 20 },
    );
  });
});
