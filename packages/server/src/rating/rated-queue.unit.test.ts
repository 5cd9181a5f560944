import { describe, expect, it } from 'vitest';
import type { Waiting } from './rated-queue.js';
import { botsFor, RATED_QUEUE, tablesOf, windowOf } from './rated-queue.js';

const at = (id: string, rating: number, since = 0, established = true): Waiting => ({ id, rating, since, established });
const ids = (tables: Waiting[][]) => tables.map((t) => t.map((w) => w.id).sort());

describe('the rated queue’s pairing', () => {
  it('widens the window with the wait, up to the widest', () => {
    expect(windowOf(0, 0)).toBe(100);
    expect(windowOf(0, 9_999)).toBe(100);
    expect(windowOf(0, 10_000)).toBe(150);
    expect(windowOf(0, 40_000)).toBe(300);
    expect(windowOf(0, 100_000)).toBe(RATED_QUEUE.widest);
    expect(windowOf(0, 10_000_000)).toBe(RATED_QUEUE.widest);
  });

  it('seats the nearest ratings first; a table of fewer than four waits to gather', () => {
    const queue = [at('a', 1500), at('b', 1570), at('c', 1610)];
    expect(tablesOf(queue, 4_999)).toEqual([]);
    // b-c (40) before a-b (70); a is 110 from c: not at their table.
    expect(ids(tablesOf(queue, 5_000))).toEqual([['b', 'c']]);
    // Four near each other go at once.
    expect(ids(tablesOf([at('a', 1500), at('b', 1510), at('c', 1520), at('d', 1530), at('e', 1540)], 0))).toEqual([
      ['a', 'b', 'c', 'd'],
    ]);
  });

  it('asks both windows, and keeps the established apart from the rest', () => {
    // 300 apart: a has waited long enough, d has not.
    expect(tablesOf([at('a', 1500, 0), at('d', 1800, 50_000)], 60_000)).toEqual([]);
    expect(ids(tablesOf([at('a', 1500, 0), at('d', 1800, 50_000)], 90_000))).toEqual([['a', 'd']]);
    expect(tablesOf([at('a', 1500, 0, true), at('n', 1500, 0, false)], 60_000)).toEqual([]);
  });

  it('offers bots near the rating', () => {
    expect(botsFor(1500)).toEqual(['casual', 'casual']);
    expect(botsFor(1700)).toEqual(['expert', 'expert']);
    expect(botsFor(2100)).toEqual(['master', 'master']);
  });
});
