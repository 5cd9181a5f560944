import type { FriendsAnswer, InvitationsAnswer } from '@ubongo/core';
import { PROTOCOL_VERSION } from '@ubongo/core';
import { member, Player } from '@ubongo/test-support/player';
import type { Postgres, ServerProcess, Service } from '@ubongo/test-support';
import { freePort, scratchFolder, startPostgres, startRedis, startServerProcess } from '@ubongo/test-support';
import { afterAll, beforeAll, expect, it } from 'vitest';

/*
 * Friends across two server processes sharing a Redis and a PostgreSQL (as cluster.test.ts runs
 * them, without nginx: each process says its own address in seat reservations). Ana is served by
 * one process, Ben by the other: each sees where the other is, and Ben takes up Ana's invitation.
 */

let redis: Service | undefined;
let postgres: Postgres | undefined;
const processes: ServerProcess[] = [];

beforeAll(async () => {
  [redis, postgres] = await Promise.all([startRedis(), startPostgres()]);
  const databaseUrl = await postgres.createDatabase();
  // One after the other: the first migrates the database.
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    processes.push(
      await startServerProcess({
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        UBONGO_REDIS_URL: redis.url,
        UBONGO_PUBLIC_ADDRESS: `localhost:${port}`,
        UBONGO_DATA_DIR: scratchFolder('friends-cluster'),
        UBONGO_TIME_SCALE: '20',
      }),
    );
  }
}, 120_000);

afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop('SIGKILL')));
  await Promise.all([redis?.stop(), postgres?.stop()]);
});

async function api<T>(http: string, session: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${http}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${session}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : {}) as T;
}

async function eventually(check: () => Promise<void>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

it('presence and invitations cross processes: a friend on the other process sees where you are and joins your table', async () => {
  const [p1, p2] = processes;
  if (!p1 || !p2) throw new Error('the processes did not start');
  const ana = await member(p1.ws, 'ana_c');
  const ben = await member(p2.ws, 'ben_c');
  await api(p1.http, ana.session, 'POST', '/api/me/follows', { username: 'ben_c' });
  await api(p2.http, ben.session, 'POST', '/api/me/follows', { username: 'ana_c' });

  // Ben polls on his process: Ana's sees him online.
  await api(p2.http, ben.session, 'GET', '/api/me/invitations');
  const anaSees = async () =>
    (await api<FriendsAnswer>(p1.http, ana.session, 'GET', '/api/me/friends')).friends[0]?.place;
  expect(await anaSees()).toEqual({ kind: 'online' });

  // Ana's table is on her process; Ben's sees her at it.
  const table = Player.wrap<'race'>(ana.client, await ana.client.create('race', { protocol: PROTOCOL_VERSION }));
  const code = table.room.roomId;
  await table.waitFor('lobby');
  await eventually(async () => {
    expect((await api<FriendsAnswer>(p2.http, ben.session, 'GET', '/api/me/friends')).friends[0]?.place).toEqual({
      kind: 'lobby',
      code,
    });
  });

  // She invites him through her process; his process hands it to him; he joins by its code.
  await api(p1.http, ana.session, 'POST', '/api/me/invitations', { to: ben.id });
  const waiting = await api<InvitationsAnswer>(p2.http, ben.session, 'GET', '/api/me/invitations');
  expect(waiting.invitations.map((i) => [i.from.id, i.code])).toEqual([[ana.id, code]]);
  const joined = await Player.join(p2.ws, code, {}, ben.session);
  await table.waitFor('lobby', (l) => l.seats.length === 2);
  await api(p2.http, ben.session, 'DELETE', `/api/me/invitations/${ana.id}`);
  expect(await api<InvitationsAnswer>(p1.http, ben.session, 'GET', '/api/me/invitations')).toEqual({
    invitations: [],
  });
  await eventually(async () => {
    expect(await anaSees()).toEqual({ kind: 'lobby', code });
  });
  await joined.room.leave();
  await table.room.leave();
});
