import { describe, expect, it } from 'vitest';
import { SEASON_WIDEN, seasonAt, seasonById, widen } from './seasons.js';

describe('seasons', () => {
  it('are runs of calendar months from January 1970: with 3, the quarters of the year', () => {
    expect(seasonAt(Date.UTC(2026, 10, 28, 8), 3)).toEqual({
      id: '2026-10',
      startsAt: Date.UTC(2026, 9, 1),
      endsAt: Date.UTC(2027, 0, 1),
    });
    expect(seasonAt(Date.UTC(2027, 0, 1), 3).id).toBe('2027-01');
    expect(seasonAt(Date.UTC(2026, 11, 31, 23, 59, 59, 999), 3).id).toBe('2026-10');
    expect(seasonAt(Date.UTC(2026, 10, 28), 1)).toEqual({
      id: '2026-11',
      startsAt: Date.UTC(2026, 10, 1),
      endsAt: Date.UTC(2026, 11, 1),
    });
    expect(seasonAt(Date.UTC(2026, 10, 28), 12).id).toBe('2026-01');
  });

  it('are named by the month they start; another month names none', () => {
    expect(seasonById('2026-10', 3)).toEqual(seasonAt(Date.UTC(2026, 9, 5), 3));
    expect(seasonById('2026-11', 3)).toBeUndefined();
    expect(seasonById('2026-13', 1)).toBeUndefined();
    expect(seasonById('1969-12', 1)).toBeUndefined();
    expect(seasonById('now', 3)).toBeUndefined();
  });

  it('widen every uncertainty by 25/12 in quadrature, never past a new player’s', () => {
    expect(widen(2)).toBeCloseTo(Math.sqrt(4 + SEASON_WIDEN ** 2), 12);
    expect(widen(2)).toBeCloseTo(2.888, 3);
    expect(widen(8)).toBeCloseTo(Math.hypot(8, 25 / 12), 12);
    expect(widen(8.1)).toBeCloseTo(25 / 3, 12);
    expect(widen(25 / 3)).toBeCloseTo(25 / 3, 12);
  });
});
