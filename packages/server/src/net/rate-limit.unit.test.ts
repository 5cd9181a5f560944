import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FixedWindows, LocalRateLimits, perMinute } from './rate-limit.js';

/*
 * The allowances kept in memory, on a clock the test moves (the monotonic clock in the server):
 * the waits they tell, whatever the sequence of takes. rate-limit.test.ts holds both forms to one
 * contract in real time; here the time is the test's.
 */

describe('LocalRateLimits', () => {
  it('shares one allowance among the addresses of an IPv6 /64, and none with the next /64', async () => {
    const t = 1_000;
    const limit = new LocalRateLimits(() => t).limit('rooms:', perMinute(2));
    expect(await limit.take('2001:db8:1:2::1')).toBe(0);
    expect(await limit.take('2001:db8:1:2:ffff::9')).toBe(0);
    // A third address of the same block is the same subscriber: it waits.
    expect(await limit.take('2001:db8:1:2::3')).toBeGreaterThan(0);
    expect(await limit.wait('2001:db8:1:2::77')).toBeGreaterThan(0);
    expect(await limit.take('2001:db8:1:3::1')).toBe(0);
    // IPv4 addresses are each their own.
    expect(await limit.take('203.0.113.1')).toBe(0);
    expect(await limit.take('203.0.113.2')).toBe(0);
    expect(await limit.take('203.0.113.2')).toBe(0);
    expect(await limit.take('203.0.113.2')).toBeGreaterThan(0);
  });

  it('tells a wait no longer than the steady window, whatever the takes of several keys', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 120 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 30_000 })), { maxLength: 200 }),
        async (n, steps) => {
          let t = 1_000;
          const allowance = perMinute(n);
          const limit = new LocalRateLimits(() => t).limit('rooms:', allowance);
          for (const [key, dt] of steps) {
            t += dt;
            const wait = await limit.take(`10.0.0.${key}`);
            expect(wait).toBeGreaterThanOrEqual(0);
            expect(wait).toBeLessThanOrEqual(allowance.every * 1000);
          }
        },
      ),
      { seed: 34_005, numRuns: 200 },
    );
  });

  it('a refused key waits what it was told, and no more', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 120 }),
        fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 1, maxLength: 300 }),
        async (n, gaps) => {
          let t = 0;
          const allowance = perMinute(n);
          const limit = new LocalRateLimits(() => t).limit('joins:', allowance);
          for (const gap of gaps) {
            t += gap;
            const wait = await limit.take('k');
            expect(wait).toBeLessThanOrEqual(allowance.every * 1000);
            // Asking takes nothing and tells the same wait.
            if (wait > 0) expect(await limit.wait('k')).toBe(wait);
            if (wait > 0) {
              t += wait;
              expect(await limit.take('k')).toBe(0);
            }
          }
        },
      ),
      { seed: 34_006, numRuns: 200 },
    );
  });

  it('gives a burst at once, then the refill each window', async () => {
    let t = 0;
    const limit = new LocalRateLimits(() => t).limit('sign-in:', { burst: 3, refill: 1, every: 2 });
    expect(await Promise.all([1, 2, 3, 4].map(() => limit.take('a')))).toEqual([0, 0, 0, 2000]);
    t += 500;
    expect(await limit.take('a')).toBe(1500);
    expect(await limit.wait('a')).toBe(1500);
    t += 1500;
    expect(await limit.take('a')).toBe(0);
    expect(await limit.take('a')).toBe(2000);
  });
});

describe('FixedWindows', () => {
  it('counts a key in its window, starts a new one after it, and forgets windows that are over', () => {
    let t = 0;
    const windows = new FixedWindows(1000, () => t);
    expect(windows.count('a')).toEqual({ count: 1, left: 1000 });
    t = 400;
    expect(windows.count('a')).toEqual({ count: 2, left: 600 });
    expect(windows.peek('a')).toEqual({ count: 2, left: 600 });
    expect(windows.peek('b')).toBeNull();
    for (let i = 0; i < 100; i++) windows.count(`k${i}`);
    t = 1000;
    expect(windows.peek('a')).toBeNull();
    t = 1500;
    expect(windows.count('a')).toEqual({ count: 1, left: 1000 });
    // The windows of the hundred keys, over at 1400, were swept.
    expect(windows.size).toBe(1);
  });
});
