import { afterEach, expect, it, vi } from 'vitest';
import { Timers } from './timers.js';

afterEach(() => {
  vi.useRealTimers();
});

it('runs a wait when due, an interval each time, and none of them once closed, nor any set after', () => {
  vi.useFakeTimers();
  const timers = new Timers();
  const fired: string[] = [];
  timers.after(() => fired.push('a'), 100);
  const b = timers.after(() => fired.push('b'), 100);
  timers.every(() => fired.push('tick'), 40);
  b.clear();
  expect(timers.size).toBe(2);
  vi.advanceTimersByTime(99);
  expect(fired).toEqual(['tick', 'tick']);
  vi.advanceTimersByTime(1);
  expect(fired).toEqual(['tick', 'tick', 'a']);
  // A wait that fired is no longer counted; the interval is.
  expect(timers.size).toBe(1);
  timers.after(() => fired.push('c'), 10);
  timers.close();
  expect(timers.size).toBe(0);
  // (Work under way when the room went, ending after it: what it sets never runs.)
  timers.after(() => fired.push('late'), 10).clear();
  timers.after(() => fired.push('late'), 10);
  timers.every(() => fired.push('late tick'), 10);
  expect(timers.size).toBe(0);
  vi.advanceTimersByTime(1000);
  expect(fired).toEqual(['tick', 'tick', 'a']);
});

it('keeps a wait longer than Node keeps within its range, and a negative one runs at once', () => {
  vi.useFakeTimers();
  const timers = new Timers();
  const fired: string[] = [];
  timers.after(() => fired.push('far'), 40 * 24 * 3600 * 1000);
  timers.after(() => fired.push('now'), -5);
  vi.advanceTimersByTime(0);
  expect(fired).toEqual(['now']);
  vi.advanceTimersByTime(24 * 3600 * 1000);
  expect(fired).toEqual(['now']);
  timers.close();
});
