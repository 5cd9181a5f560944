import type { GuestAnswer, LeaderboardAnswer, ProfileAnswer } from '@ubongo/core';
import { PROTOCOL_VERSION } from '@ubongo/core';
import { Client } from 'colyseus.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayOf, PROVISIONAL_GAMES, rateGame } from './ratings.js';
import type { UbongoServer } from './server.js';
import type { GameRecord } from './storage.js';
import { startServer } from './server.js';
import { byHand, humanPause, Player, signedIn, solve } from '@ubongo/test-support/player';

/*
 * Ratings over a real server and a real SQLite file: rated tables are for people with a username,
 * a rated game moves the ratings in the order of its result, bots and implausible solves are not
 * rated, and profiles and leaderboards show it.
 */

const TIME_SCALE = 20;
let server: UbongoServer;
let url: string;
let http: string;

beforeAll(async () => {
  server = await startServer({
    port: 0,
    dataDir: mkdtempSync(join(tmpdir(), 'ubongo-ratings-')),
    timeScale: TIME_SCALE,
    log: () => undefined,
  });
  url = `ws://localhost:${server.port}`;
  http = `http://localhost:${server.port}`;
});

afterAll(async () => {
  await server.close();
});

/** A client signed in to a new account claimed as `username`, and the account's id. */
async function member(username: string): Promise<{ client: Client; id: string }> {
  const guest = (await (
    await fetch(`${http}/api/accounts`, { method: 'POST', body: JSON.stringify({ name: username }) })
  ).json()) as GuestAnswer;
  const claimed = await fetch(`${http}/api/me/claim`, {
    method: 'POST',
    headers: { authorization: `Bearer ${guest.session}` },
    body: JSON.stringify({ username, password: 'a long password' }),
  });
  if (!claimed.ok) throw new Error(await claimed.text());
  const client = new Client(url);
  client.auth.token = guest.session;
  return { client, id: guest.account.id };
}

const profile = async (id: string): Promise<ProfileAnswer> =>
  (await (await fetch(`${http}/api/players/${id}`)).json()) as ProfileAnswer;

describe('ratings', () => {
  it('moves everyone by the order of the result: first up, last down, the middle in between', () => {
    const players = ['a', 'b', 'c', 'd'].map((accountId, i) => ({ accountId, place: i + 1, before: undefined }));
    const after = rateGame('classic', players, 1000);
    const shown = after.map(displayOf);
    expect([...shown].sort((x, y) => y - x)).toEqual(shown);
    expect(after.every((r) => r.games === 1 && r.sigma < 25 / 3)).toBe(true);
    // A tie shares the move.
    const tied = rateGame(
      'classic',
      [
        { accountId: 'a', place: 1, before: undefined },
        { accountId: 'b', place: 1, before: undefined },
      ],
      1000,
    );
    expect(tied[0]?.mu).toBeCloseTo(tied[1]?.mu ?? 0, 6);
    expect(rateGame('classic', players.slice(0, 1), 1000)).toEqual([]);
  });

  it('a rated 4-player race moves the ratings in the order of the result; profiles and the leaderboard show it', async () => {
    const people = await Promise.all(['ann_r', 'bob_r', 'cat_r', 'dan_r'].map(member));
    const [host, ...guests] = people;
    if (!host) throw new Error('no host');
    const table = Player.wrap<'race'>(
      host.client,
      await host.client.create('race', {
        protocol: PROTOCOL_VERSION,
        settings: { rated: true, rounds: 1, variant: 'fixed', hourglassSeconds: 300 },
      }),
    );
    const { code } = await table.waitFor('lobby');
    const seated = [table];
    for (const g of guests)
      seated.push(Player.wrap<'race'>(g.client, await g.client.joinById(code, { protocol: PROTOCOL_VERSION })));
    await table.waitFor('lobby', (l) => l.seats.length === 4);
    table.send('start');
    // They solve one after the other, each at a person's pace.
    for (const p of seated) {
      const { view } = await p.waitFor('view', (m) => m.view.phase === 'playing' && m.view.task !== null);
      if (!view.task) throw new Error('no task');
      await humanPause(view.task, TIME_SCALE);
      p.send('claim', byHand(solve(view.task)));
      await p.waitFor('events', (m) => m.events.some((e) => e.type === 'solved' && e.player === view.you));
    }
    const { game } = await table.waitFor('saved', () => true, 20_000);
    // The game keeps how each board was solved: every claim with its move trail.
    const record = (await (await fetch(`${http}/api/games/${game}`)).json()) as GameRecord;
    const claims = record.actions.flatMap(({ action }) => (action.type === 'claim' ? [action] : []));
    expect(claims).toHaveLength(4);
    expect(claims.every((c) => c.trail?.filter((m) => m[1] === 'place').length === c.placements.length)).toBe(true);
    const profiles = await Promise.all(people.map((p) => profile(p.id)));
    const ratings = profiles.map((p) => p.ratings.find((r) => r.edition === 'classic'));
    const shown = ratings.map((r) => r?.display ?? 0);
    expect(shown[0]).toBeGreaterThan(shown[1] ?? 0);
    expect(shown[1]).toBeGreaterThan(shown[2] ?? 0);
    expect(shown[2]).toBeGreaterThan(shown[3] ?? 0);
    expect(ratings.every((r) => r?.games === 1 && r.provisional)).toBe(true);
    expect(PROVISIONAL_GAMES).toBeGreaterThan(1);
    expect(profiles[0]?.history).toEqual([
      { edition: 'classic', game: expect.any(String) as string, display: shown[0], at: expect.any(Number) as number },
    ]);
    const leaderboard = async () =>
      (await (await fetch(`${http}/api/leaderboard?edition=classic`)).json()) as LeaderboardAnswer;
    // One rated game is no history: the board is for established players (docs/accounts.md).
    expect((await leaderboard()).players).toEqual([]);
    // Two games more, two days before, as the store keeps them: now each has a history.
    for (const [i, p] of people.entries()) {
      const [now] = await server.storage.ratingsOf(p.id);
      if (!now) throw new Error('no rating');
      for (const earlier of ['earlier-1', 'earlier-2'])
        await server.storage.saveRatings(`${earlier}-${i}`, [{ ...now, updatedAt: now.updatedAt - 2 * 86_400_000 }]);
    }
    const board = await leaderboard();
    expect(board.players.map((p) => [p.name, p.username, p.game])).toEqual(
      ['ann_r', 'bob_r', 'cat_r', 'dan_r'].map((name) => [name, name, game]),
    );
    expect(board.next).toBeNull();
    const page = (await (await fetch(`${http}/api/leaderboard?edition=classic&top=3`)).json()) as LeaderboardAnswer;
    expect(page.players).toHaveLength(3);
    const rest = (await (
      await fetch(`${http}/api/leaderboard?edition=classic&top=3&cursor=${page.next ?? ''}`)
    ).json()) as LeaderboardAnswer;
    expect(rest.players.map((p) => p.name)).toEqual(['dan_r']);
    expect((await fetch(`${http}/api/leaderboard?edition=chess`)).status).toBe(400);
    expect((await fetch(`${http}/api/players/nobody`)).status).toBe(404);
  });

  it('keeps guests off rated tables, and quick-match tables casual', async () => {
    const host = await member('eve_r');
    const table = Player.wrap<'race'>(
      host.client,
      await host.client.create('race', { protocol: PROTOCOL_VERSION, settings: { rated: true } }),
    );
    const { code } = await table.waitFor('lobby');
    await Player.join(url, code, { name: 'Guesty' });
    await table.waitFor('lobby', (l) => l.seats.length === 2);
    table.send('start');
    expect(await table.next('rejected')).toMatchObject({
      code: 'message/needs-username',
      message: 'a rated game is for players with a username: Guesty plays as a guest',
    });
    const quick = await signedIn(url, 'Quinn');
    const pub = Player.wrap<'race'>(
      quick,
      await quick.joinOrCreate('race', { protocol: PROTOCOL_VERSION, public: true }),
    );
    await pub.waitFor('lobby');
    pub.send('settings', { rated: true });
    expect((await pub.next('rejected')).message).toBe('quick-match tables are casual');
  });

  it('leaves bots and a solve faster than a person out of the ratings', async () => {
    const [fay, gus] = await Promise.all(['fay_r', 'gus_r'].map(member));
    if (!fay || !gus) throw new Error('no players');
    const table = Player.wrap<'race'>(
      fay.client,
      await fay.client.create('race', {
        protocol: PROTOCOL_VERSION,
        settings: { rated: true, rounds: 1, variant: 'fixed', hourglassSeconds: 300 },
      }),
    );
    const { code } = await table.waitFor('lobby');
    const other = Player.wrap<'race'>(gus.client, await gus.client.joinById(code, { protocol: PROTOCOL_VERSION }));
    table.send('add-bot', { level: 'beginner' });
    await table.waitFor('lobby', (l) => l.seats.length === 3);
    table.send('start');
    // Fay claims at machine speed; Gus at a person's pace.
    const first = await table.waitFor('view', (m) => m.view.phase === 'playing' && m.view.task !== null);
    if (!first.view.task) throw new Error('no task');
    table.send('claim', { placements: solve(first.view.task) });
    const second = await other.waitFor('view', (m) => m.view.phase === 'playing' && m.view.task !== null);
    if (!second.view.task) throw new Error('no task');
    await humanPause(second.view.task, TIME_SCALE);
    other.send('claim', byHand(solve(second.view.task)));
    await table.waitFor('saved', () => true, 60_000);
    // Gus alone is rated (a game needs two rated players to move anything): nobody moved.
    expect((await profile(fay.id)).ratings).toEqual([]);
    expect((await profile(gus.id)).ratings).toEqual([]);
  }, 90_000);
});
