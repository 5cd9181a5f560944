import type { GuestAnswer, SessionAnswer } from '@ubongo/core';
import { PROTOCOL_VERSION } from '@ubongo/core';
import { playing } from '@ubongo/test-support/race-table';
import { Player } from '@ubongo/test-support/player';
import { Client } from 'colyseus.js';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../net/limits.js';
import { startServer } from '../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';

/*
 * Accounts as an attacker tries them, over a real server, a real SQLite file and real sockets:
 * seats and credentials that work for their own account only, look-alike usernames, names that
 * pass for nothing or for a bot, sign-ins that tell nothing and lock no owner out, and the
 * per-address limits tried from many source addresses (127.x.y.z bound as the client's address).
 */

const served = serverPerFile((base) => startServer(base));

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** An HTTP request to the server from the source address `from` (any of 127.0.0.0/8). */
function call(
  method: string,
  path: string,
  body: unknown,
  options: { session?: string; from: string; port?: number },
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: options.port ?? served.server.port,
        method,
        path,
        localAddress: options.from,
        headers: {
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.session ? { authorization: `Bearer ${options.session}` } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function guest(from: string, name?: string): Promise<GuestAnswer> {
  const answer = await call('POST', '/api/accounts', name === undefined ? {} : { name }, { from });
  if (answer.status !== 201) throw new Error(`no guest from ${from}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as unknown as GuestAnswer;
}

/** A guest from `from` that claims `username` with `password`. */
async function claimed(from: string, username: string, password: string): Promise<GuestAnswer> {
  const account = await guest(from, username);
  const answer = await call('POST', '/api/me/claim', { username, password }, { session: account.session, from });
  if (answer.status !== 200)
    throw new Error(`${username} not claimed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return account;
}

const signIn = (from: string, username: string, password: string): Promise<Answer> =>
  call('POST', '/api/sessions', { username, password }, { from });

/** A colyseus.js client with `session` (none: a client that never signed in). */
function clientOf(session?: string): Client {
  const client = new Client(served.ws);
  if (session !== undefined) client.auth.token = session;
  return client;
}

/** A client signed in as a new guest (from 127.0.0.1, as the Player helper's). */
async function stranger(): Promise<Client> {
  return clientOf((await guest('127.0.0.1', 'Eve')).session);
}

/** Ana's table with Ben at it, started: both playing round 1. */
async function gameUnderWay(): Promise<{ ana: Player<'race'>; ben: Player<'race'> }> {
  const ana = await Player.create(served.ws, 'race', {
    name: 'Ana',
    settings: { edition: 'classic', rounds: 1, hourglassSeconds: 120 },
  });
  const { code } = await ana.waitFor('lobby');
  const ben = await Player.join(served.ws, code, { name: 'Ben' });
  await ana.waitFor('lobby', (l) => l.seats.length === 2);
  ana.send('start');
  await ben.waitFor('view', playing(1));
  return { ana, ben };
}

describe('seats and credentials belong to their account', () => {
  it('a seat key opens its seat for the account that holds it, not for another account or no session', async () => {
    const { ana, ben } = await gameUnderWay();
    const code = ana.room.roomId;
    const seatKey = (await ben.waitFor('lobby', (l) => l.seatKey !== null)).seatKey ?? '';
    expect(seatKey).not.toBe('');
    // Ben drops (his seat held for him); his key, leaked or handed over, is tried by others.
    ben.room.connection.close();
    await ana.waitFor('lobby', (l) => l.seats[1]?.connected === false);
    await expect((await stranger()).joinById(code, { protocol: PROTOCOL_VERSION, seatKey })).rejects.toThrow(
      /another account \(account\/seat-not-yours\)/,
    );
    await expect(clientOf().joinById(code, { protocol: PROTOCOL_VERSION, seatKey })).rejects.toThrow(
      /sign in first|onAuth/,
    );
    // The seat is still Ben's, away; the refused joins sat nowhere.
    const lobby = await ana.waitFor('lobby');
    expect(lobby.seats.map((s) => [s.kind, s.connected])).toEqual([
      ['human', true],
      ['human', false],
    ]);
    // Ben, signed in as himself, takes it back with the key.
    const back = await Player.join(served.ws, code, { seatKey }, ben.client.auth.token);
    expect((await back.waitFor('lobby')).you).toBe(1);
    await ana.waitFor('lobby', (l) => l.seats[1]?.connected === true);
    await Promise.all([ana.room.leave(), back.room.leave()]);
  });

  it('a reconnection token opens the seat for its own account only, even while its owner is connected', async () => {
    const { ana, ben } = await gameUnderWay();
    const token = ben.room.reconnectionToken;
    let benClosed = false;
    ben.room.onLeave(() => (benClosed = true));
    await expect((await stranger()).reconnect(token)).rejects.toThrow(/account\/seat-not-yours/);
    await expect(clientOf().reconnect(token)).rejects.toThrow(/sign in first/);
    // Ben's connection was not taken over: he plays on, connected.
    const lobby = await ana.waitFor('lobby');
    expect(lobby.seats[1]?.connected).toBe(true);
    expect(benClosed).toBe(false);
    // Ben's own reconnection (a reload) still works.
    ben.received.splice(0);
    await ben.reconnect(token);
    expect((await ben.waitFor('view', playing(1))).view.you).toBe('p2');
    await Promise.all([ana.room.leave(), ben.room.leave()]);
  });

  it('a claim revokes the guest secret; a new password revokes it and every other session', async () => {
    const from = '127.20.0.1';
    const ida = await guest(from, 'Ida');
    const bySecret = { id: ida.account.id, secret: ida.secret };
    expect((await call('POST', '/api/sessions', bySecret, { from })).status).toBe(200);
    expect(
      (
        await call(
          'POST',
          '/api/me/claim',
          { username: 'ida_n', password: 'first password' },
          { session: ida.session, from },
        )
      ).status,
    ).toBe(200);
    const afterClaim = await call('POST', '/api/sessions', bySecret, { from });
    expect(afterClaim.status).toBe(401);
    expect(afterClaim.body).toMatchObject({ code: 'account/wrong-login' });
    // Another device signs in with the password; then the password changes on the first.
    const laptop = (await signIn(from, 'ida_n', 'first password')).body as unknown as SessionAnswer;
    const changed = await call(
      'POST',
      '/api/me/password',
      { old: 'first password', new: 'second password' },
      { session: ida.session, from },
    );
    expect(changed.status).toBe(204);
    expect((await call('GET', '/api/me', undefined, { session: laptop.session, from })).status).toBe(401);
    expect((await call('GET', '/api/me', undefined, { session: ida.session, from })).status).toBe(200);
    expect((await call('POST', '/api/sessions', bySecret, { from })).status).toBe(401);
    expect((await signIn(from, 'ida_n', 'second password')).status).toBe(200);
  });
});

describe('usernames and names', () => {
  it('refuses a look-alike of a username taken, with its own code and the name it looks like', async () => {
    const from = '127.21.0.1';
    await claimed(from, 'alice', 'alice password');
    const other = await guest(from, 'Mallory');
    const tries = ['\u0430lice', 'aIice', 'alice.', '_alice', 'a1ice', 'al-ice', '\u0430l\u0456\u0441\u0435'];
    for (const username of tries) {
      const answer = await call(
        'POST',
        '/api/me/claim',
        { username, password: 'long enough' },
        { session: other.session, from },
      );
      expect([username, answer.status, answer.body]).toEqual([
        username,
        409,
        expect.objectContaining({ code: 'account/username-lookalike', params: { name: username, other: 'alice' } }),
      ]);
    }
    const same = await call(
      'POST',
      '/api/me/claim',
      { username: 'ALICE', password: 'long enough' },
      { session: other.session, from },
    );
    expect(same.body).toMatchObject({ code: 'account/username-taken' });
    // A username that only shares letters is free.
    const free = await call(
      'POST',
      '/api/me/claim',
      { username: 'alicia', password: 'long enough' },
      { session: other.session, from },
    );
    expect(free.status).toBe(200);
  });

  it('refuses a name that reads as a bot once look-alikes are folded, or that shows nothing', async () => {
    const from = '127.22.0.1';
    const { session } = await guest(from, 'Nia');
    const rename = (name: string): Promise<Answer> => call('POST', '/api/me/name', { name }, { session, from });
    for (const name of ['\u0412ot 1 (m\u0430ster)', 'BOT l', 'Ana (b\u043Et)', 'Bot 1 (\u217Fa\u0455ter)'])
      expect([name, (await rename(name)).body['code']]).toEqual([name, 'name/reserved']);
    for (const name of ['\uFE0F', '\uFE0E\uFE0F\uFE0F', '\u0301\u0301', '\u034F\u180B', '\u2800'])
      expect([name, (await rename(name)).body['code']]).toEqual([name, 'name/invisible']);
    // The refusals changed nothing; a real name with marks and a symbol is taken.
    expect((await call('GET', '/api/me', undefined, { session, from })).body).toMatchObject({
      account: { name: 'Nia' },
    });
    expect((await rename('Zoë ★ Bot fan')).status).toBe(200);
  });
});

describe('sign-ins that tell nothing and lock no owner out', () => {
  it('costs an unknown username the same password work as a known one (the ratio printed, not asserted)', async () => {
    await claimed('127.23.0.1', 'timer_x', 'the right one');
    const rounds = 8;
    const times = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < rounds; i++)
      for (const kind of ['known', 'unknown'] as const) {
        // Each try from an address of its own, far from every limit.
        const from = `127.23.${kind === 'known' ? 1 : 2}.${i + 1}`;
        const start = performance.now();
        const answer = await signIn(from, kind === 'known' ? 'timer_x' : `nobody_${i}`, 'a wrong guess');
        times[kind].push(performance.now() - start);
        expect(answer.body).toEqual({ error: 'wrong username or password', code: 'account/wrong-login' });
      }
    const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const [known, unknown] = [median(times.known), median(times.unknown)];
    console.log(
      `sign-in, wrong password: known username ${known.toFixed(1)} ms, unknown ${unknown.toFixed(1)} ms (median of ${rounds}); unknown/known = ${(unknown / known).toFixed(2)}`,
    );
  });

  it("a stranger's failures from many addresses never lock the owner's own address out", async () => {
    // A server whose accounts take one failure a minute from new addresses: the backoff at once.
    const strict = await startServer({
      port: 0,
      host: '127.0.0.1',
      dataDir: mkdtempSync(join(tmpdir(), 'ubongo-account-backoff-')),
      log: () => undefined,
      limits: { signInFailuresPerAccount: 1 },
    });
    const signIn = (from: string, username: string, password: string): Promise<Answer> =>
      call('POST', '/api/sessions', { username, password }, { from, port: strict.port });
    const owner = '127.24.0.1';
    const me = await call('POST', '/api/accounts', { name: 'Owner' }, { from: owner, port: strict.port });
    const session = (me.body as unknown as GuestAnswer).session;
    await call(
      'POST',
      '/api/me/claim',
      { username: 'owner_x', password: 'the right one' },
      { session, from: owner, port: strict.port },
    );
    expect((await signIn(owner, 'owner_x', 'the right one')).status).toBe(200);
    // Strangers guess from 40 addresses, 2 each: the account's failures from new addresses run out.
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      for (let j = 0; j < 2; j++)
        statuses.push((await signIn(`127.24.1.${i + 1}`, 'owner_x', `guess ${i} ${j}`)).status);
    expect(statuses[0]).toBe(401);
    expect(statuses.slice(1).every((s) => s === 429)).toBe(true);
    const slowed = await signIn('127.24.2.1', 'owner_x', 'the right one');
    expect(slowed.status).toBe(429);
    expect(slowed.body).toMatchObject({ code: 'account/too-many' });
    // The owner's address, where the account signed in before, is not slowed by them.
    expect((await signIn(owner, 'owner_x', 'the right one')).status).toBe(200);
    // One stranger on one address gets the pair's attempts and no more.
    const one = await Promise.all(
      Array.from({ length: DEFAULT_LIMITS.signInsPerAccountAddress + 2 }, () =>
        signIn('127.24.3.1', 'someone_else', 'x'),
      ),
    );
    expect(one.filter((a) => a.status === 429).length).toBe(2);
    await strict.close();
  });
});

describe('per-address limits on new guests and claims, from many addresses', () => {
  it('limits guest accounts per address, and each address apart', async () => {
    const perMinute = DEFAULT_LIMITS.guestsPerMinute;
    const burst = await Promise.all(
      Array.from({ length: perMinute + 10 }, () => call('POST', '/api/accounts', {}, { from: '127.25.0.1' })),
    );
    expect(burst.filter((a) => a.status === 201).length).toBe(perMinute);
    const refused = burst.find((a) => a.status === 429);
    expect(refused?.body).toMatchObject({ code: 'account/too-many' });
    // Twenty other addresses, two guests each: none is refused.
    const others = await Promise.all(
      Array.from({ length: 40 }, (_, i) => call('POST', '/api/accounts', {}, { from: `127.25.1.${(i % 20) + 1}` })),
    );
    expect(others.every((a) => a.status === 201)).toBe(true);
  });

  it('limits username claims per address, and each address apart', async () => {
    const perMinute = DEFAULT_LIMITS.claimsPerMinute;
    const guests = await Promise.all(Array.from({ length: perMinute + 2 }, (_, i) => guest(`127.26.1.${i + 1}`)));
    const claims: Answer[] = [];
    for (const [i, g] of guests.entries())
      claims.push(
        await call(
          'POST',
          '/api/me/claim',
          { username: `claimer_${i}`, password: 'long enough' },
          { session: g.session, from: '127.26.0.1' },
        ),
      );
    expect(claims.slice(0, perMinute).every((a) => a.status === 200)).toBe(true);
    expect(claims.slice(perMinute).map((a) => a.body['code'])).toEqual(['account/too-many', 'account/too-many']);
    // The refused guest claims from its own address.
    const last = guests.at(-1);
    const own = await call(
      'POST',
      '/api/me/claim',
      { username: 'claimer_last', password: 'long enough' },
      {
        session: last?.session ?? '',
        from: `127.26.1.${guests.length}`,
      },
    );
    expect(own.status).toBe(200);
  });
});
