import type { FriendsAnswer, InvitationsAnswer } from '@ubongo/core';
import { PROTOCOL_VERSION } from '@ubongo/core';
import { Client } from 'colyseus.js';
import { member, Player } from '@ubongo/test-support/player';
import { describe, expect, it } from 'vitest';
import { FRIEND_ACTIONS_PER_MINUTE } from './friends.js';
import { startServer } from '../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';

// Friends over a real server and real sockets (docs/accounts.md, "Friends"): follows, where friends
// are, an invitation taken up from another screen, blocks.

const served = serverPerFile((base) =>
  startServer({
    ...base,
    timeScale: 20,
  }),
);

/** A request of `session`'s account: the status and the answer's body. */
async function api(
  session: string | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const res = await fetch(`${served.http}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(session === undefined ? {} : { authorization: `Bearer ${session}` }),
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown>, headers: res.headers };
}

const friendsOf = async (session: string): Promise<FriendsAnswer> =>
  (await api(session, 'GET', '/api/me/friends')).body as unknown as FriendsAnswer;
const invitationsOf = async (session: string): Promise<InvitationsAnswer> =>
  (await api(session, 'GET', '/api/me/invitations')).body as unknown as InvitationsAnswer;

/** Waits until `check` passes (presence is noted without waiting for the store). */
async function eventually(check: () => Promise<void>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (e) {
      if (Date.now() > deadline) throw e;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

describe('friends', () => {
  it('two accounts befriend, see each other where they are, one invites, the other joins from another screen', async () => {
    const ana = await member(served.ws, 'ana_f');
    const ben = await member(served.ws, 'ben_f');

    // Following by username (any case); friends once both follow.
    const followed = await api(ana.session, 'POST', '/api/me/follows', { username: 'BEN_F' });
    expect(followed).toMatchObject({
      status: 200,
      body: { account: { id: ben.id, username: 'ben_f' }, friends: false },
    });
    expect(await friendsOf(ben.session)).toMatchObject({
      friends: [],
      followers: [{ id: ana.id, name: 'ana_f', username: 'ana_f' }],
      following: [],
    });
    expect((await friendsOf(ana.session)).following).toEqual([{ id: ben.id, name: 'ben_f', username: 'ben_f' }]);
    // An invitation needs a friend, and a table.
    expect(await api(ana.session, 'POST', '/api/me/invitations', { to: ben.id })).toMatchObject({
      status: 403,
      body: { code: 'friends/not-friends' },
    });
    expect(await api(ben.session, 'POST', '/api/me/follows', { username: 'ana_f' })).toMatchObject({
      status: 200,
      body: { friends: true },
    });
    expect(await api(ana.session, 'POST', '/api/me/invitations', { to: ben.id })).toMatchObject({
      status: 409,
      body: { code: 'friends/not-at-table' },
    });
    const anaList = await friendsOf(ana.session);
    expect(anaList.friends).toEqual([
      { account: { id: ben.id, name: 'ben_f', username: 'ben_f' }, since: expect.any(Number) as number, place: null },
    ]);
    expect(anaList.following).toEqual([]);

    // Ben plays solo (another screen); his poll for invitations keeps him online too.
    expect(await invitationsOf(ben.session)).toEqual({ invitations: [] });
    await eventually(async () => {
      expect((await friendsOf(ana.session)).friends[0]?.place).toEqual({ kind: 'online' });
    });
    // His page closes, saying so: offline for Ana at once, not when his last poll runs out (20 s).
    expect((await api(ben.session, 'DELETE', '/api/me/online')).status).toBe(204);
    expect((await friendsOf(ana.session)).friends[0]?.place).toBeNull();
    expect(await invitationsOf(ben.session)).toEqual({ invitations: [] });
    const solo = await ben.client.create('solo', {
      protocol: PROTOCOL_VERSION,
      mode: 'count',
      limit: 5,
      side: 'easy',
    });
    solo.onMessage('*', () => undefined);
    await eventually(async () => {
      expect((await friendsOf(ana.session)).friends[0]?.place).toEqual({ kind: 'solo' });
    });

    // Ana sits at a table of her own: Ben sees her in its lobby, and she invites him.
    const table = Player.wrap<'race'>(ana.client, await ana.client.create('race', { protocol: PROTOCOL_VERSION }));
    const code = table.room.roomId;
    await table.waitFor('lobby');
    await eventually(async () => {
      expect((await friendsOf(ben.session)).friends[0]?.place).toEqual({ kind: 'lobby', code });
    });
    const invited = await api(ana.session, 'POST', '/api/me/invitations', { to: ben.id });
    expect(invited).toMatchObject({ status: 201, body: { invited: { to: { id: ben.id }, code } } });
    const waiting = await invitationsOf(ben.session);
    expect(waiting.invitations).toEqual([
      {
        from: { id: ana.id, name: 'ana_f', username: 'ana_f' },
        code,
        at: expect.any(Number) as number,
        expiresAt: expect.any(Number) as number,
      },
    ]);

    // Ben takes it up: from the solo screen to Ana's table, by its code; the invitation is cleared.
    await solo.leave();
    const joined = await Player.join(served.ws, code, {}, ben.session);
    const lobby = await table.waitFor('lobby', (l) => l.seats.length === 2);
    expect(lobby.seats.map((s) => s.account)).toEqual([ana.id, ben.id]);
    expect((await api(ben.session, 'DELETE', `/api/me/invitations/${ana.id}`)).status).toBe(204);
    expect(await invitationsOf(ben.session)).toEqual({ invitations: [] });
    await eventually(async () => {
      expect((await friendsOf(ana.session)).friends[0]?.place).toEqual({ kind: 'lobby', code });
    });

    // The game starts: both are in it, for each other.
    table.send('start');
    await eventually(async () => {
      expect((await friendsOf(ben.session)).friends[0]?.place).toEqual({ kind: 'game', code });
      expect((await friendsOf(ana.session)).friends[0]?.place).toEqual({ kind: 'game', code });
    });

    // Leaving the table takes him off it for his friends.
    await joined.room.leave();
    await eventually(async () => {
      expect((await friendsOf(ana.session)).friends[0]?.place).toEqual({ kind: 'online' });
    });
    await table.room.leave();
  });

  it('a block hides and refuses everything from the blocked account: follows, invitations, presence', async () => {
    const eva = await member(served.ws, 'eva_f');
    const max = await member(served.ws, 'max_f');
    for (const [who, whom] of [
      [eva, 'max_f'],
      [max, 'eva_f'],
    ] as const)
      expect((await api(who.session, 'POST', '/api/me/follows', { username: whom })).status).toBe(200);
    // Max invites Eva from his table, then Eva blocks him.
    const table = Player.wrap<'race'>(max.client, await max.client.create('race', { protocol: PROTOCOL_VERSION }));
    await table.waitFor('lobby');
    await eventually(async () => {
      expect((await api(max.session, 'POST', '/api/me/invitations', { to: eva.id })).status).toBe(201);
    });
    expect((await invitationsOf(eva.session)).invitations).toHaveLength(1);
    expect(await api(eva.session, 'POST', '/api/me/blocks', { account: max.id })).toMatchObject({
      status: 200,
      body: { blocked: { id: max.id, username: 'max_f' } },
    });

    // His invitation is gone, and a new one is refused; so is his follow (as an unknown username's).
    expect(await invitationsOf(eva.session)).toEqual({ invitations: [] });
    expect(await api(max.session, 'POST', '/api/me/invitations', { to: eva.id })).toMatchObject({
      status: 403,
      body: { code: 'friends/not-friends' },
    });
    expect(await api(max.session, 'POST', '/api/me/follows', { username: 'eva_f' })).toMatchObject({
      status: 404,
      body: { code: 'friends/no-such-player' },
    });
    // Neither sees the other as a friend (nor where they are); Eva's list keeps him as blocked.
    expect(await friendsOf(max.session)).toEqual({ friends: [], following: [], followers: [], blocked: [] });
    expect(await friendsOf(eva.session)).toEqual({
      friends: [],
      following: [],
      followers: [],
      blocked: [{ id: max.id, name: 'max_f', username: 'max_f' }],
    });
    // Her own follow of him is refused until she unblocks; unblocking makes nobody friends again.
    expect(await api(eva.session, 'POST', '/api/me/follows', { username: 'max_f' })).toMatchObject({
      status: 403,
      body: { code: 'friends/blocked' },
    });
    expect((await api(eva.session, 'DELETE', `/api/me/blocks/${max.id}`)).status).toBe(204);
    expect(await friendsOf(eva.session)).toEqual({ friends: [], following: [], followers: [], blocked: [] });
    expect((await api(max.session, 'POST', '/api/me/follows', { username: 'eva_f' })).status).toBe(200);
    expect((await friendsOf(eva.session)).followers).toEqual([{ id: max.id, name: 'max_f', username: 'max_f' }]);
    await table.room.leave();
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const kim = await member(served.ws, 'kim_f');
    const before = await friendsOf(kim.session);
    const refusals: [string, string, unknown, number, string?][] = [
      ['POST', '/api/me/follows', { username: 5 }, 400],
      ['POST', '/api/me/follows', { username: '' }, 400],
      ['POST', '/api/me/follows', { username: 'kim_f', extra: 1 }, 400],
      ['POST', '/api/me/follows', '[1]', 400],
      ['POST', '/api/me/follows', { username: 'nobody_here' }, 404, 'friends/no-such-player'],
      ['POST', '/api/me/follows', { username: 'KIM_F' }, 400, 'friends/yourself'],
      ['POST', '/api/me/blocks', { account: kim.id }, 400, 'friends/yourself'],
      ['POST', '/api/me/blocks', { account: 'no-such-account' }, 404, 'friends/no-such-player'],
      ['POST', '/api/me/blocks', { account: 'a b' }, 400],
      ['POST', '/api/me/invitations', { to: 42 }, 400],
      ['POST', '/api/me/invitations', { to: 'no-such-account' }, 403, 'friends/not-friends'],
    ];
    for (const [method, path, body, status, code] of refusals) {
      const answer = await api(kim.session, method, path, body);
      expect({ path, body, status: answer.status }).toEqual({ path, body, status });
      expect(answer.body['error']).toEqual(expect.any(String));
      if (code) expect(answer.body['code']).toBe(code);
    }
    expect(await friendsOf(kim.session)).toEqual(before);
    // Without a session: 401, for every route, before its body is read (a body it would refuse too).
    for (const [method, path] of [
      ['GET', '/api/me/friends'],
      ['GET', '/api/me/invitations'],
      ['DELETE', '/api/me/online'],
      ['POST', '/api/me/follows'],
      ['DELETE', `/api/me/follows/${kim.id}`],
      ['POST', '/api/me/blocks'],
      ['DELETE', `/api/me/blocks/${kim.id}`],
      ['POST', '/api/me/invitations'],
      ['DELETE', `/api/me/invitations/${kim.id}`],
    ] as const)
      expect([
        path,
        (await api(undefined, method, path, method === 'POST' ? { username: 'x', to: 'x' } : undefined)).status,
      ]).toEqual([path, 401]);
    // A guest has no username to be followed by: friends are for claimed accounts.
    const guest = await api(undefined, 'POST', '/api/accounts', { name: 'Guest' });
    expect(await api(String(guest.body['session']), 'POST', '/api/me/follows', { username: 'kim_f' })).toMatchObject({
      status: 403,
      body: { code: 'account/claim-first' },
    });
  });

  it('invites to the table the inviter is at, never to one left behind, or refuses with the reason', async () => {
    const ida = await member(served.ws, 'ida_f');
    const jon = await member(served.ws, 'jon_f');
    await api(ida.session, 'POST', '/api/me/follows', { username: 'jon_f' });
    await api(jon.session, 'POST', '/api/me/follows', { username: 'ida_f' });
    // Ida sits at a table; her connection drops (her seat waits there for her a while).
    const old = Player.wrap<'race'>(ida.client, await ida.client.create('race', { protocol: PROTOCOL_VERSION }));
    const oldCode = old.room.roomId;
    await old.waitFor('lobby');
    await eventually(async () => {
      expect((await friendsOf(jon.session)).friends[0]?.place).toEqual({ kind: 'lobby', code: oldCode });
    });
    old.room.connection.close();
    // She opens a new table: that is where she is, and where her invitation goes, each time.
    const elsewhere = new Client(served.ws);
    elsewhere.auth.token = ida.session;
    const now = Player.wrap<'race'>(elsewhere, await elsewhere.create('race', { protocol: PROTOCOL_VERSION }));
    const code = now.room.roomId;
    await now.waitFor('lobby');
    await eventually(async () => {
      expect((await friendsOf(jon.session)).friends[0]?.place).toEqual({ kind: 'lobby', code });
    });
    for (let i = 0; i < 3; i++)
      expect(await api(ida.session, 'POST', '/api/me/invitations', { to: jon.id })).toMatchObject({
        status: 201,
        body: { invited: { code } },
      });
    expect((await invitationsOf(jon.session)).invitations.map((i) => i.code)).toEqual([code]);
    // She leaves it: at no table now (the old seat still waiting for her is no table of hers), she is refused.
    await now.room.leave();
    await eventually(async () => {
      expect(await api(ida.session, 'POST', '/api/me/invitations', { to: jon.id })).toMatchObject({
        status: 409,
        body: { code: 'friends/not-at-table' },
      });
    });
  });

  it('limits an account’s changes to its friends per minute, tries of unknown usernames included', async () => {
    const lea = await member(served.ws, 'lea_f');
    await member(served.ws, 'leo_f');
    // Every try counts, an unknown username's too: the limit also keeps usernames from being listed by guessing.
    for (let i = 0; i < FRIEND_ACTIONS_PER_MINUTE; i++)
      expect(
        (await api(lea.session, 'POST', '/api/me/follows', { username: i % 2 ? 'leo_f' : `nobody_${i}` })).status,
      ).toBe(i % 2 ? 200 : 404);
    const refused = await api(lea.session, 'POST', '/api/me/follows', { username: 'leo_f' });
    expect(refused).toMatchObject({ status: 429, body: { code: 'account/too-many' } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
