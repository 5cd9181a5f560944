import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskOfDeck } from '../practice/in-play.js';
import { LocalInPlay, RedisInPlay } from '../practice/in-play.js';
import type { RateLimits } from './rate-limit.js';
import { LocalRateLimits, perMinute, RedisRateLimits } from './rate-limit.js';
import type { Service } from '@ubongo/test-support';
import { startRedis } from '@ubongo/test-support';

/*
 * One contract for each mechanism with a Local and a Redis form (as Colyseus runs its presence
 * tests over LocalPresence and RedisPresence): the rate limits and the tasks in play, each form
 * over a real redis-server where it has one.
 */

let redis: Service;
const clients: Redis[] = [];

beforeAll(async () => {
  redis = await startRedis();
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.quit()));
  await redis.stop();
});

/** A client of the test's redis-server. */
function connect(): Redis {
  const client = new Redis(redis.url);
  clients.push(client);
  return client;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

// Each form, made afresh for a test: two handles on one store (two processes sharing a Redis, or one process).
const limitForms: [string, () => [RateLimits, RateLimits]][] = [
  [
    'LocalRateLimits',
    () => {
      const local = new LocalRateLimits();
      return [local, local];
    },
  ],
  [
    'RedisRateLimits',
    () => {
      const prefix = `test:${randomUUID()}:`;
      return [new RedisRateLimits(connect(), prefix), new RedisRateLimits(connect(), prefix)];
    },
  ],
];

it('n a minute is a burst of n, then n a minute in whole seconds', () => {
  expect(perMinute(30)).toEqual({ burst: 30, refill: 1, every: 2 });
  expect(perMinute(10)).toEqual({ burst: 10, refill: 1, every: 6 });
  expect(perMinute(25)).toEqual({ burst: 25, refill: 5, every: 12 });
  expect(perMinute(90)).toEqual({ burst: 90, refill: 3, every: 2 });
  expect(perMinute(7)).toEqual({ burst: 7, refill: 7, every: 60 });
});

describe.each(limitForms)('rate limits: %s', (_, make) => {
  it('a key takes its burst, is then told how long to wait, and takes again after the window', async () => {
    const [limits] = make();
    const limit = limits.limit('a:', { burst: 2, refill: 1, every: 1 });
    expect([await limit.take('a'), await limit.take('a')]).toEqual([0, 0]);
    const wait = await limit.take('a');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(1000);
    // Another key has its own allowance.
    expect(await limit.take('b')).toBe(0);
    // Asking takes nothing.
    expect(await limit.wait('a')).toBeGreaterThan(0);
    expect(await limit.wait('b')).toBe(0);
    expect(await limit.wait('b')).toBe(0);
    expect(await limit.take('b')).toBe(0);
    expect(await limit.take('b')).toBeGreaterThan(0);
    await sleep((await limit.wait('a')) + 50);
    expect(await limit.wait('a')).toBe(0);
    expect(await limit.take('a')).toBe(0);
    // One given back, not the burst.
    expect(await limit.take('a')).toBeGreaterThan(0);
  });

  it('a key that keeps taking gets the refill rate, and the rest of its burst only once a long window', async () => {
    const [limits] = make();
    const limit = limits.limit('steady:', { burst: 2, refill: 1, every: 1 });
    // Taking every 100 ms for 3.2 s: the burst (2), then one a second (3 more); a reserve that came
    // back as soon as a bucket fills (2 s) would give a sixth.
    const start = Date.now();
    let taken = 0;
    while (Date.now() - start < 3200) {
      if ((await limit.take('k')) === 0) taken++;
      await sleep(100);
    }
    expect(taken).toBeGreaterThanOrEqual(3);
    expect(taken).toBeLessThanOrEqual(5);
  });

  it('one name is one allowance for every handle on the store; other names are apart', async () => {
    const [here, there] = make();
    const allowance = perMinute(3);
    const mine = here.limit('sign-in:', allowance);
    const theirs = there.limit('sign-in:', allowance);
    const other = there.limit('rooms:', allowance);
    expect(await mine.take('10.0.0.1')).toBe(0);
    expect(await theirs.take('10.0.0.1')).toBe(0);
    expect(await mine.take('10.0.0.1')).toBe(0);
    expect(await theirs.take('10.0.0.1')).toBeGreaterThan(0);
    expect(await mine.wait('10.0.0.1')).toBeGreaterThan(0);
    expect(await other.take('10.0.0.1')).toBe(0);
  });

  it('a take of several points counts them all (the API budget charges a route its cost)', async () => {
    const [limits] = make();
    // 20 points a window of 60 s, no reserve beyond it.
    const limit = limits.limit('cost:', { burst: 20, refill: 20, every: 60 });
    for (let i = 0; i < 4; i++) expect(await limit.take('a', 5)).toBe(0);
    expect(await limit.take('a', 5)).toBeGreaterThan(0);
    expect(await limit.take('b', 5)).toBe(0);
    expect(await limit.take('b', 20)).toBeGreaterThan(0);
  });

  it('takes asked at once are counted once each', async () => {
    const [limits] = make();
    const limit = limits.limit('burst:', perMinute(30));
    const waits = await Promise.all(Array.from({ length: 50 }, () => limit.take('k')));
    expect(waits.filter((w) => w === 0)).toHaveLength(30);
    expect(waits.filter((w) => w > 0)).toHaveLength(20);
  });
});

const task = (key: string, board = 'C01'): TaskOfDeck => ({ edition: 'classic', board, side: 'easy', key });

const inPlayForms: [string, () => [LocalInPlay | RedisInPlay, LocalInPlay | RedisInPlay]][] = [
  [
    'LocalInPlay',
    () => {
      const local = new LocalInPlay();
      return [local, local];
    },
  ],
  [
    'RedisInPlay',
    () => {
      const prefix = `test:${randomUUID()}:`;
      const log = (m: string): void => {
        throw new Error(m);
      };
      return [new RedisInPlay(connect(), log, prefix), new RedisInPlay(connect(), log, prefix)];
    },
  ],
];

describe.each(inPlayForms)('tasks in play: %s', (_, make) => {
  it('a deal is seen at once for its account and task only, and a later deal in the room replaces it', async () => {
    const [inPlay] = make();
    inPlay.deal('room1', 'ana', task('1'));
    expect(await inPlay.has('ana', task('1'))).toBe(true);
    expect(await inPlay.has('ana', task('2'))).toBe(false);
    expect(await inPlay.has('ana', task('1', 'C02'))).toBe(false);
    expect(await inPlay.has('bob', task('1'))).toBe(false);
    inPlay.deal('room1', 'ana', task('2'));
    expect(await inPlay.has('ana', task('1'))).toBe(false);
    expect(await inPlay.has('ana', task('2'))).toBe(true);
  });

  it('a clear takes away its room’s deals, not another room’s', async () => {
    const [inPlay] = make();
    inPlay.deal('race', 'ana', task('1'));
    inPlay.deal('race', 'bob', task('1'));
    inPlay.deal('solo', 'ana', task('3'));
    inPlay.clear('race');
    expect(await inPlay.has('ana', task('1'))).toBe(false);
    expect(await inPlay.has('bob', task('1'))).toBe(false);
    expect(await inPlay.has('ana', task('3'))).toBe(true);
    inPlay.clear('solo');
    expect(await inPlay.has('ana', task('3'))).toBe(false);
    // Clearing a room that dealt nothing is nothing.
    inPlay.clear('never');
  });

  it('a deal made by one process is seen by another', async () => {
    const [here, there] = make();
    here.deal('room-here', 'cy', task('4'));
    // The deal is sent without waiting: the other process sees it once it has landed.
    await expect.poll(() => there.has('cy', task('4'))).toBe(true);
    here.clear('room-here');
    await expect.poll(() => there.has('cy', task('4'))).toBe(false);
  });
});
