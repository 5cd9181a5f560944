import type { GuestAnswer, MeAnswer, SessionAnswer } from '@ubongo/core';
import { PROTOCOL_VERSION } from '@ubongo/core';
import { Client } from 'colyseus.js';
import { describe, expect, it } from 'vitest';
import { Accounts, SESSION_DAYS } from './accounts.js';
import { DEFAULT_LIMITS } from '../net/limits.js';
import { startServer } from '../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';
import { openMemoryStores } from '../storage/index.js';
import { Player } from '@ubongo/test-support/player';

/*
 * Accounts over a real server and a real SQLite file: guests, claims, sign-in anywhere, sign-out,
 * passwords, and the limits on guessing.
 */

const served = serverPerFile((base) => startServer(base));

async function api(
  method: string,
  path: string,
  body?: unknown,
  session?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${served.http}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(session ? { authorization: `Bearer ${session}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const guest = async (name?: string): Promise<GuestAnswer> =>
  (await api('POST', '/api/accounts', name === undefined ? {} : { name })).body as unknown as GuestAnswer;

/** Whether a session may join a room. */
async function canPlay(session: string): Promise<boolean> {
  const client = new Client(served.ws);
  client.auth.token = session;
  try {
    const room = await client.create('practice', { protocol: PROTOCOL_VERSION });
    await room.leave(true);
    return true;
  } catch {
    return false;
  }
}

describe('accounts', () => {
  it('makes a guest of a bare POST, with no body and no content type, as of an empty one', async () => {
    const bare = await fetch(`${served.http}/api/accounts`, { method: 'POST' });
    expect(bare.status).toBe(201);
    const { account, session } = (await bare.json()) as GuestAnswer;
    expect(account.id).toBeTruthy();
    expect(await canPlay(session)).toBe(true);
  });

  it('gives a visitor a guest account, with a name, that plays and comes back with its secret', async () => {
    const first = await guest();
    expect(first.account.name).toMatch(/^Player \d{4}$/);
    expect(first.account.username).toBeNull();
    // A new account reviews nothing: its role is none (docs/accounts.md, "Reviewed results").
    expect((await api('GET', '/api/me', undefined, first.session)).body).toEqual({
      account: first.account,
      role: 'none',
    });
    expect(await canPlay(first.session)).toBe(true);
    // A new session from the id and the secret the browser kept.
    const again = await api('POST', '/api/sessions', { id: first.account.id, secret: first.secret });
    expect(again.status).toBe(200);
    expect((again.body as unknown as SessionAnswer).account).toEqual(first.account);
    expect((await api('POST', '/api/sessions', { id: first.account.id, secret: 'x'.repeat(43) })).status).toBe(401);
  });

  it('cannot play, or see itself, without a session or after signing out', async () => {
    expect(await canPlay('')).toBe(false);
    expect((await api('GET', '/api/me')).status).toBe(401);
    const { session } = await guest('Sam');
    expect((await api('DELETE', '/api/sessions', undefined, session)).status).toBe(204);
    expect((await api('GET', '/api/me', undefined, session)).status).toBe(401);
    expect(await canPlay(session)).toBe(false);
  });

  it('claims a username unique without regard to case, and signs in with it on another device', async () => {
    const ana = await guest('Ana');
    const claimed = await api('POST', '/api/me/claim', { username: 'AnaK', password: 'correct horse' }, ana.session);
    expect(claimed.status).toBe(200);
    expect((claimed.body as unknown as MeAnswer).account.username).toBe('AnaK');
    // Nobody else takes it, in any case or compatibility form.
    const other = await guest('Other');
    for (const username of ['anak', 'ANAK', 'ａｎａｋ'])
      expect((await api('POST', '/api/me/claim', { username, password: 'another one' }, other.session)).status).toBe(
        409,
      );
    // Another device.
    const there = await api('POST', '/api/sessions', { username: 'anak', password: 'correct horse' });
    expect(there.status).toBe(200);
    expect((there.body as unknown as SessionAnswer).account.id).toBe(ana.account.id);
    expect((await api('POST', '/api/sessions', { username: 'AnaK', password: 'wrong horse' })).status).toBe(401);
  });

  it('refuses a bad username or password with the reason', async () => {
    const { session } = await guest('Bo');
    const said = async (username: string, password: string): Promise<unknown> =>
      (await api('POST', '/api/me/claim', { username, password }, session)).body['error'];
    expect(await said('b', 'long enough')).toBe('a username is 3 to 24 letters, digits, _, . or -');
    expect(await said('bo bo', 'long enough')).toBe('a username is 3 to 24 letters, digits, _, . or -');
    expect(await said('\u202Ebob', 'long enough')).toMatch(/turn text around/);
    expect(await said('bobby', 'short')).toBe('a password is at least 8 characters');
  });

  it('says why by a code too, with the values its words hold, for a client to translate', async () => {
    const { session } = await guest('Di');
    const answer = async (username: string, password: string): Promise<Record<string, unknown>> =>
      (await api('POST', '/api/me/claim', { username, password }, session)).body;
    expect(await answer('d', 'long enough')).toMatchObject({ code: 'account/username-format' });
    expect(await answer('\u202Edi', 'long enough')).toMatchObject({ code: 'name/bidi' });
    expect(await answer('dido', 'short')).toMatchObject({ code: 'account/password-short', params: { min: 8 } });
    const renamed = await api('POST', '/api/me/name', { name: 'x'.repeat(30) }, session);
    expect(renamed.status).toBe(400);
    expect(renamed.body).toEqual({
      error: 'a name is at most 24 characters',
      code: 'name/too-long',
      params: { max: 24 },
    });
    const other = await guest('Ed');
    await api('POST', '/api/me/claim', { username: 'eddie', password: 'long enough' }, other.session);
    expect(await answer('Eddie', 'long enough')).toMatchObject({
      code: 'account/username-taken',
      params: { name: 'Eddie' },
    });
    expect((await api('GET', '/api/me')).body).toMatchObject({ code: 'account/sign-in-first' });
  });

  it('changes a password, signing out every other session', async () => {
    const cy = await guest('Cy');
    await api('POST', '/api/me/claim', { username: 'cy_ling', password: 'first password' }, cy.session);
    const laptop = (await api('POST', '/api/sessions', { username: 'cy_ling', password: 'first password' }))
      .body as unknown as SessionAnswer;
    expect((await api('POST', '/api/me/password', { old: 'wrong', new: 'second password' }, cy.session)).status).toBe(
      401,
    );
    expect(
      (await api('POST', '/api/me/password', { old: 'first password', new: 'second password' }, cy.session)).status,
    ).toBe(204);
    expect((await api('GET', '/api/me', undefined, laptop.session)).status).toBe(401);
    expect((await api('GET', '/api/me', undefined, cy.session)).status).toBe(200);
    expect((await api('POST', '/api/sessions', { username: 'cy_ling', password: 'second password' })).status).toBe(200);
  });

  it('renames an account; the name shows at tables', async () => {
    const { session } = await guest('Dee');
    const renamed = await api('POST', '/api/me/name', { name: '  Dee  Dee ' }, session);
    expect((renamed.body as unknown as MeAnswer).account.name).toBe('Dee Dee');
    expect((await api('POST', '/api/me/name', { name: '\u200B' }, session)).status).toBe(400);
  });

  it('keeps a claimed username for its owner: nobody else goes by it, and at a table the owner keeps it bare', async () => {
    // A guest went by the name before it was claimed (such names stay as they are).
    const early = await guest('ivo_k');
    const owner = await guest('Ivo');
    await api('POST', '/api/me/claim', { username: 'ivo_k', password: 'long enough' }, owner.session);
    expect(await api('POST', '/api/me/name', { name: 'ivo_k' }, owner.session)).toMatchObject({ status: 200 });

    // The check: a guest's rename to a claimed username is refused, look-alikes too.
    const impostor = await guest('Mallory');
    expect(await api('POST', '/api/me/name', { name: 'ivo_k' }, impostor.session)).toEqual({
      status: 409,
      body: {
        error: 'the name ivo_k is the username ivo_k, or looks like it: only its owner goes by it',
        code: 'account/name-claimed',
        params: { name: 'ivo_k', username: 'ivo_k' },
      },
    });
    // Cyrillic і and о; another case; without the separator.
    for (const name of ['\u0456v\u043E_k', 'IVO_K', 'ivok'])
      expect(await api('POST', '/api/me/name', { name }, impostor.session)).toMatchObject({
        status: 409,
        body: { code: 'account/name-claimed' },
      });
    expect(await api('POST', '/api/accounts', { name: 'Ivo_K' })).toMatchObject({
      status: 409,
      body: { code: 'account/name-claimed' },
    });
    expect((await api('GET', '/api/me', undefined, impostor.session)).body).toMatchObject({
      account: { name: 'Mallory' },
    });

    // At a table the early guest sits first; the owner sits down under the bare name, the guest is renamed.
    const host = new Client(served.ws);
    host.auth.token = early.session;
    const first = Player.wrap<'race'>(host, await host.create('race', { protocol: PROTOCOL_VERSION }));
    const { code } = await first.waitFor('lobby');
    const second = await Player.join(served.ws, code, {}, owner.session);
    const lobby = await second.waitFor('lobby', (l) => l.seats.length === 2);
    expect(lobby.seats.map((s) => [s.kind === 'human' ? s.name : '', s.username, s.guest])).toEqual([
      ['ivo_k 2', undefined, true],
      ['ivo_k', 'ivo_k', false],
    ]);
    await second.room.leave();
    await first.room.leave();
  });
});

describe('sign-in limits and session lifetimes', () => {
  const perPair = DEFAULT_LIMITS.signInsPerAccountAddress;
  it(`allows ${perPair} attempts per account from an address at once, then asks to wait`, async () => {
    const eve = await guest('Eve');
    await api('POST', '/api/me/claim', { username: 'eve_x', password: 'the right one' }, eve.session);
    // The address's own allowance is spent too: a fresh server's limit is seen from one address here.
    const statuses: number[] = [];
    for (let i = 0; i < perPair + 1; i++)
      statuses.push((await api('POST', '/api/sessions', { username: 'eve_x', password: `guess ${i}` })).status);
    expect(statuses.slice(0, perPair).every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const refused = await api('POST', '/api/sessions', { username: 'eve_x', password: 'the right one' });
    expect(refused.status).toBe(429);
    expect(refused.body['error']).toMatch(/^too many sign-in attempts/);
  });

  it('ends a session after its days, and signs it out on request (in the store)', async () => {
    let now = 1_000_000;
    const accounts = new Accounts(openMemoryStores(), () => now);
    const { session, account } = await accounts.guest('Fay', '127.0.0.1');
    expect((await accounts.bySession(session))?.id).toBe(account.id);
    now += SESSION_DAYS * 86_400_000 - 1;
    expect(await accounts.bySession(session)).toBeDefined();
    now += 1;
    expect(await accounts.bySession(session)).toBeUndefined();
  });
});
