import { describe, expect, it } from 'vitest';
import { GameClock } from './clock.js';

/*
 * Game time: whole milliseconds from the wall clock's reading at the start (or the journal's
 * latest time), going forward with real time on the monotonic clock, `timeScale` times as fast.
 */

describe('GameClock', () => {
  it('starts at the date given, or after the journal if that is later, in whole ms that never go back', async () => {
    const clock = new GameClock(20, 0, 1_795_000_000_000);
    const first = clock.now();
    expect(first).toBeGreaterThanOrEqual(1_795_000_000_000);
    expect(Number.isInteger(first)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const later = clock.now();
    expect(Number.isInteger(later)).toBe(true);
    // 50 real ms at 20 times: about a game second (timers may fire late, never early).
    expect(later - first).toBeGreaterThanOrEqual(20 * 45);
    const resumed = new GameClock(1, 1_795_000_000_000 + 3_600_000, 1_795_000_000_000);
    expect(resumed.now()).toBeGreaterThanOrEqual(1_795_003_600_000);
    expect(resumed.until(resumed.now() + 2000)).toBeLessThanOrEqual(2000);
    expect(() => new GameClock(0)).toThrow(RangeError);
  });
});
