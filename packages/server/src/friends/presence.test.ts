import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invitations } from './invitations.js';
import { LocalInvitations, RedisInvitations } from './invitations.js';
import type { Whereabouts } from './whereabouts.js';
import { LocalWhereabouts, RedisWhereabouts } from './whereabouts.js';
import type { Service } from '@ubongo/test-support';
import { startRedis } from '@ubongo/test-support';

/*
 * Friends' presence and invitations (whereabouts.ts, invitations.ts): one contract for each over
 * its Local form and its Redis form, the Redis one as two processes sharing a real redis-server.
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

function connect(): Redis {
  const client = new Redis(redis.url);
  clients.push(client);
  return client;
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 50));

const whereaboutsForms: [string, () => [Whereabouts, Whereabouts]][] = [
  [
    'LocalWhereabouts',
    () => {
      const local = new LocalWhereabouts();
      return [local, local];
    },
  ],
  [
    'RedisWhereabouts',
    () => {
      const prefix = `test:${randomUUID()}:`;
      return [
        new RedisWhereabouts(connect(), () => undefined, prefix),
        new RedisWhereabouts(connect(), () => undefined, prefix),
      ];
    },
  ],
];

describe.each(whereaboutsForms)('%s', (_name, make) => {
  it('says where each account is, its most telling place, as any process noted it', async () => {
    const [p1, p2] = make();
    p1.note('ABCDEF', 'ana', { kind: 'lobby', code: 'ABCDEF' });
    p2.note('solo-1', 'ben', { kind: 'solo' });
    p2.note('practice-1', 'ana', { kind: 'practice' });
    await p2.online('cid');
    await settle();
    expect(Object.fromEntries(await p2.placesOf(['ana', 'ben', 'cid', 'dan']))).toEqual({
      ana: { kind: 'lobby', code: 'ABCDEF' },
      ben: { kind: 'solo' },
      cid: { kind: 'online' },
    });
    // The table's game starts: a game is more telling than practice.
    p1.note('ABCDEF', 'ana', { kind: 'game', code: 'ABCDEF' });
    await settle();
    expect((await p2.placesOf(['ana'])).get('ana')).toEqual({ kind: 'game', code: 'ABCDEF' });
    p1.leave('ABCDEF', 'ana');
    p2.clear('solo-1');
    await settle();
    expect(Object.fromEntries(await p1.placesOf(['ana', 'ben']))).toEqual({ ana: { kind: 'practice' } });
    p2.clear('practice-1');
    await settle();
    expect((await p1.placesOf(['ana'])).size).toBe(0);
    expect((await p1.placesOf([])).size).toBe(0);
  });

  it('takes an account offline at once when its page says it closed, in any process', async () => {
    const [p1, p2] = make();
    await p1.online('ana');
    await p1.online('ben');
    await p2.offline('ana');
    await p2.offline('nobody');
    expect(Object.fromEntries(await p1.placesOf(['ana', 'ben']))).toEqual({ ben: { kind: 'online' } });
    // Its next poll (the page opened again) says online again.
    await p1.online('ana');
    expect((await p2.placesOf(['ana'])).get('ana')).toEqual({ kind: 'online' });
  });
});

it('a poll keeps an account online for a while only', async () => {
  let now = 1_000_000;
  const local = new LocalWhereabouts(() => now);
  await local.online('ana');
  now += 19_000;
  expect((await local.placesOf(['ana'])).get('ana')).toEqual({ kind: 'online' });
  now += 2_000;
  expect((await local.placesOf(['ana'])).size).toBe(0);
});

const invitationForms: [string, () => [Invitations, Invitations]][] = [
  [
    'LocalInvitations',
    () => {
      const local = new LocalInvitations();
      return [local, local];
    },
  ],
  [
    'RedisInvitations',
    () => {
      const prefix = `test:${randomUUID()}:`;
      return [new RedisInvitations(connect(), prefix), new RedisInvitations(connect(), prefix)];
    },
  ],
];

describe.each(invitationForms)('%s', (_name, make) => {
  it('keeps one invitation from each inviter, newest first, until it expires or is dropped', async () => {
    const [p1, p2] = make();
    await p1.invite({ to: 'ben', from: 'ana', code: 'AAAAAA', at: 100, expiresAt: 1000 });
    await p2.invite({ to: 'ben', from: 'cid', code: 'CCCCCC', at: 200, expiresAt: 500 });
    // A new one from ana replaces her first.
    await p1.invite({ to: 'ben', from: 'ana', code: 'BBBBBB', at: 300, expiresAt: 1200 });
    expect(await p2.to('ben', 400)).toEqual([
      { to: 'ben', from: 'ana', code: 'BBBBBB', at: 300, expiresAt: 1200 },
      { to: 'ben', from: 'cid', code: 'CCCCCC', at: 200, expiresAt: 500 },
    ]);
    expect(await p1.to('ben', 600)).toEqual([{ to: 'ben', from: 'ana', code: 'BBBBBB', at: 300, expiresAt: 1200 }]);
    expect(await p1.to('ana', 600)).toEqual([]);
    await p2.drop('ben', 'ana');
    await p2.drop('ben', 'nobody');
    expect(await p1.to('ben', 600)).toEqual([]);
  });
});
