import type { LeaderboardAnswer, ProfileAnswer, RaceServerMessages } from '@ubongo/core';
import { PROTOCOL_VERSION } from '@ubongo/core';
import type { Client } from 'colyseus.js';
import { describe, expect, it } from 'vitest';
import { rate, rating } from 'openskill';
import { CLOSED_GROUP, DAILY_GAIN, DAY, dayStart, ESTABLISHED } from './rating-rules.js';
import { deviationOf, displayOf, PROVISIONAL_GAMES } from './ratings.js';
import type { GameRecord } from '../table/store.js';
import { startServer } from '../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';
import { byHand, humanPause, member as memberAt, Player, signedIn, solve } from '@ubongo/test-support/player';

/*
 * Ratings over a real server and a real SQLite file: rated tables are for people with a username,
 * a rated game moves the ratings of its players in the order of its result from the first game
 * on, bots are not rated and an implausible solve is rated last, and profiles and leaderboards show
 * it; the two attacks measured on issue 33 (win trading against fresh accounts, a loser voiding the
 * game with a claim without a trail) are played out. An established account has a week of rated
 * games behind it, which a test cannot play: `establish` writes that history into the server's
 * database.
 */

const TIME_SCALE = 20;

const served = serverPerFile((base) =>
  startServer({
    ...base,
    timeScale: TIME_SCALE,
    // The attack below opens many tables from one address; the per-address limits are not its subject.
    limits: {
      roomsPerMinute: 1000,
      joinsPerMinute: 1000,
      guestsPerMinute: 1000,
      claimsPerMinute: 1000,
      apiPointsPerMinute: 100_000,
    },
  }),
);

const member = (username: string) => memberAt(served.ws, username);

/**
 * Makes accounts established in classic (rating-rules.ts): rated games from 8 days ago on against
 * five others, at a new player's rating (1500 shown), as if played before the test.
 */
const establish = (...ids: string[]): Promise<void> => seed(ids, ESTABLISHED.games, ESTABLISHED.opponents);

/** As `establish`, with `games` rated games against `rivals` others each (more than a small group's, `CLOSED_GROUP`). */
async function seed(ids: readonly string[], games: number, rivals: number): Promise<void> {
  const start = Date.now() - 8 * DAY;
  for (const id of ids)
    for (let i = 0; i < games; i++) {
      const at = start + i;
      const one = (accountId: string, games: number) =>
        ({ accountId, edition: 'classic', mu: 25, sigma: 25 / 3, games, updatedAt: at }) as const;
      await served.server.stores.ratings.saveRatings(`seed-${id}-${i}`, [
        one(id, i + 1),
        one(`seed-rival-${i % rivals}`, 1),
      ]);
    }
}

/** How a player claims in `duel`: by hand at a person's pace, or without a move trail (an implausible claim). */
type Claim = 'by-hand' | 'no-trail';

/**
 * A one-round rated classic game of `first` (p1) against `second` (p2), claiming in that order
 * (each after a person's pause), until it is saved; both leave. Says the game as the table was told
 * it was saved, with the ratings before and after.
 */
async function duel(
  first: { client: Client },
  second: { client: Client },
  claims: [Claim, Claim],
): Promise<RaceServerMessages['saved']> {
  const host = Player.wrap<'race'>(
    first.client,
    await first.client.create('race', {
      protocol: PROTOCOL_VERSION,
      settings: { rated: true, rounds: 1, variant: 'fixed', hourglassSeconds: 300 },
    }),
  );
  const { code } = await host.waitFor('lobby');
  const guest = Player.wrap<'race'>(second.client, await second.client.joinById(code, { protocol: PROTOCOL_VERSION }));
  await host.waitFor('lobby', (l) => l.seats.length === 2);
  host.send('start');
  for (const [i, p] of [host, guest].entries()) {
    const { view } = await p.waitFor('view', (m) => m.view.phase === 'playing' && m.view.task !== null);
    if (!view.task) throw new Error('no task');
    await humanPause(view.task, TIME_SCALE);
    const placements = solve(view.task);
    p.send('claim', claims[i] === 'by-hand' ? byHand(placements) : { placements });
    await p.waitFor('events', (m) => m.events.some((e) => e.type === 'solved' && e.player === view.you));
  }
  const saved = await host.waitFor('saved', () => true, 20_000);
  // The other player is told the same.
  expect(await guest.waitFor('saved')).toEqual(saved);
  await Promise.all([host.room.leave(), guest.room.leave()]);
  return saved;
}

const classic = async (id: string) => (await profile(id)).ratings.find((r) => r.edition === 'classic');

const profile = async (id: string): Promise<ProfileAnswer> =>
  (await (await fetch(`${served.http}/api/players/${id}`)).json()) as ProfileAnswer;

describe('ratings', () => {
  it('a rated 4-player race moves established ratings in the order of the result; profiles and the leaderboard show it', async () => {
    const people = await Promise.all(['ann_r', 'bob_r', 'cat_r', 'dan_r'].map(member));
    await establish(...people.map((p) => p.id));
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
    const saved = await table.waitFor('saved', () => true, 20_000);
    const { game } = saved;
    // The game keeps how each board was solved: every claim with its move trail.
    const record = (await (await fetch(`${served.http}/api/games/${game}`)).json()) as GameRecord;
    const claims = record.actions.flatMap(({ action }) => (action.type === 'claim' ? [action] : []));
    expect(claims).toHaveLength(4);
    expect(claims.every((c) => c.trail?.filter((m) => m[1] === 'place').length === c.placements.length)).toBe(true);
    const profiles = await Promise.all(people.map((p) => profile(p.id)));
    const ratings = profiles.map((p) => p.ratings.find((r) => r.edition === 'classic'));
    const shown = ratings.map((r) => r?.display ?? 0);
    expect(shown[0]).toBeGreaterThan(shown[1] ?? 0);
    expect(shown[1]).toBeGreaterThan(shown[2] ?? 0);
    expect(shown[2]).toBeGreaterThan(shown[3] ?? 0);
    expect(ratings.every((r) => r?.games === ESTABLISHED.games + 1 && !r.provisional)).toBe(true);
    // The table was told the same at the game's end: each rating before (1500, as established) and after.
    expect(saved).toEqual({
      game,
      rated: true,
      ratings: ['p1', 'p2', 'p3', 'p4'].map((player, i) => ({
        player,
        before: 1500,
        after: shown[i],
        provisional: false,
        deviation: ratings[i]?.deviation,
        limits: [],
      })),
    });
    expect(PROVISIONAL_GAMES).toBeLessThanOrEqual(ESTABLISHED.games);
    expect(profiles[0]?.history.at(-1)).toEqual({
      edition: 'classic',
      game,
      display: shown[0],
      deviation: expect.any(Number) as number,
      at: expect.any(Number) as number,
    });
    const leaderboard = async (query = '') =>
      (await (await fetch(`${served.http}/api/leaderboard?edition=classic${query}`)).json()) as LeaderboardAnswer;
    const board = await leaderboard();
    expect(board.players.filter((p) => p.name.endsWith('_r')).map((p) => [p.name, p.username, p.game])).toEqual(
      ['ann_r', 'bob_r', 'cat_r', 'dan_r'].map((name) => [name, name, game]),
    );
    // The board says what a place needs, and a viewer with a session reads their own place.
    expect([board.minGames, board.you]).toEqual([1, null]);
    const mine = (await (
      await fetch(`${served.http}/api/leaderboard?edition=classic`, {
        headers: { authorization: `Bearer ${people[3]?.client.auth.token ?? ''}` },
      })
    ).json()) as LeaderboardAnswer;
    expect(mine.you).toEqual({ place: 4, rating: ratings[3], missing: 0 });
    // In pages: the first three, then the rest from the cursor.
    const page = await leaderboard('&top=3');
    expect(page.players).toHaveLength(3);
    const rest = await leaderboard(`&top=3&cursor=${page.next ?? ''}`);
    expect([...page.players, ...rest.players].map((p) => p.name).slice(0, board.players.length)).toEqual(
      board.players.map((p) => p.name).slice(0, page.players.length + rest.players.length),
    );
    expect((await fetch(`${served.http}/api/leaderboard?edition=chess`)).status).toBe(400);
    expect((await fetch(`${served.http}/api/players/nobody`)).status).toBe(404);
  });

  it('keeps guests off rated tables, and quick-match tables casual', async () => {
    const host = await member('eve_r');
    const table = Player.wrap<'race'>(
      host.client,
      await host.client.create('race', { protocol: PROTOCOL_VERSION, settings: { rated: true } }),
    );
    const { code } = await table.waitFor('lobby');
    await Player.join(served.ws, code, { name: 'Guesty' });
    await table.waitFor('lobby', (l) => l.seats.length === 2);
    table.send('start');
    expect(await table.next('rejected')).toMatchObject({
      code: 'message/needs-username',
      message: 'a rated game is for players with a username: Guesty plays as a guest',
    });
    const quick = await signedIn(served.ws, 'Quinn');
    const pub = Player.wrap<'race'>(
      quick,
      await quick.joinOrCreate('race', { protocol: PROTOCOL_VERSION, public: true }),
    );
    await pub.waitFor('lobby');
    pub.send('settings', { rated: true });
    expect((await pub.next('rejected')).message).toBe('quick-match tables are casual');
  });

  it('sees a username claimed by a guest seated at a rated table, once they say they are ready', async () => {
    const host = await member('hal_host');
    const table = Player.wrap<'race'>(
      host.client,
      await host.client.create('race', { protocol: PROTOCOL_VERSION, settings: { rated: true } }),
    );
    const { code } = await table.waitFor('lobby');
    const guest = await Player.join(served.ws, code, { name: 'Ivy' });
    const blocked = await table.waitFor('lobby', (l) => l.seats.length === 2);
    expect(blocked.blocked).toEqual({ reason: 'guests-at-rated', seats: [1] });
    // Ivy claims a username over HTTP while seated.
    const claim = await fetch(`${served.http}/api/me/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${guest.client.auth.token}` },
      body: JSON.stringify({ username: 'ida_claim', password: 'a long password' }),
    });
    expect(claim.status).toBe(200);
    guest.send('ready', { ready: true });
    const seen = await table.waitFor('lobby', (l) => l.seats[1]?.ready === true);
    expect(seen.blocked).toBeNull();
    expect(seen.seats[1]).toMatchObject({ guest: false, username: 'ida_claim' });
    table.send('start');
    await table.waitFor('view');
    await Promise.all([table.room.leave(), guest.room.leave()]);
  });

  it('sees the claim when the host starts, without a word from the guest', async () => {
    const host = await member('jo_host');
    const table = Player.wrap<'race'>(
      host.client,
      await host.client.create('race', { protocol: PROTOCOL_VERSION, settings: { rated: true } }),
    );
    const { code } = await table.waitFor('lobby');
    const guest = await Player.join(served.ws, code, { name: 'Kit' });
    await table.waitFor('lobby', (l) => l.seats.length === 2);
    const claim = await fetch(`${served.http}/api/me/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${guest.client.auth.token}` },
      body: JSON.stringify({ username: 'kit_claim', password: 'a long password' }),
    });
    expect(claim.status).toBe(200);
    table.send('start');
    await table.waitFor('view');
    expect(table.received.filter((m) => m.type === 'rejected')).toEqual([]);
    await Promise.all([table.room.leave(), guest.room.leave()]);
  });

  it('leaves bots out of the ratings, and rates a solve faster than a person last', async () => {
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
    // Both are new to rated play, and both move from this first game: Fay's last (below the bot), down.
    const [f, g] = await Promise.all([classic(fay.id), classic(gus.id)]);
    expect(f).toMatchObject({ games: 1, provisional: true });
    expect(g).toMatchObject({ games: 1, provisional: true });
    expect(f?.display).toBeLessThan(1500);
    expect(g?.display).toBeGreaterThan(1500);
    const [fays] = await served.server.stores.ratings.ratedGames(fay.id, 'classic', 0);
    expect(fays).toMatchObject({ place: 4, others: [{ accountId: gus.id }] });
    expect(fays?.others[0]?.place).toBeLessThan(4);
  }, 90_000);

  it('a loser claiming without a move trail is rated last, and the winner gains (issue 33: it voided the game)', async () => {
    const [win, lose] = await Promise.all(['wendy_r', 'loki_r'].map(member));
    if (!win || !lose) throw new Error('no players');
    await establish(win.id, lose.id);
    // Loki claims first, by program (no move trail); Wendy second, by hand.
    const saved = await duel(lose, win, ['no-trail', 'by-hand']);
    const { game } = saved;
    const [w, l] = await Promise.all([classic(win.id), classic(lose.id)]);
    // The table is told why Loki is last: the claim was not a hand's.
    expect(saved.ratings.map((r) => [r.player, r.before, r.after, r.limits])).toEqual([
      ['p1', 1500, l?.display, ['implausible']],
      ['p2', 1500, w?.display, []],
    ]);
    // As openskill rates a win over an equal: 27.635 / 8.066, shown 1638; the loser 1427.
    const [expectedWin, expectedLoss] = rate([[rating()], [rating()]]).map(([r]) => r);
    expect(w).toMatchObject({ display: displayOf(expectedWin ?? rating()), games: ESTABLISHED.games + 1 });
    expect(l).toMatchObject({ display: displayOf(expectedLoss ?? rating()), games: ESTABLISHED.games + 1 });
    expect(w?.mu).toBeCloseTo(expectedWin?.mu ?? 0, 9);
    expect((await served.server.stores.ratings.ratedGames(lose.id, 'classic', 0)).at(-1)).toMatchObject({
      gameId: game,
      place: 3,
    });
    expect(
      (await served.server.stores.accounts.flaggedAccounts()).find((f) => f.account.id === lose.id)?.reason,
    ).toMatch(/with no move trail/);
  }, 60_000);

  it('the table is told how ratings moved from a first game, and what kept one short: a repeated opponent', async () => {
    const [ivy, jon, kim, lou] = await Promise.all(['ivy_r', 'jon_r', 'kim_r', 'lou_r'].map(member));
    if (!ivy || !jon || !kim || !lou) throw new Error('no players');
    // Two new accounts' first rated game moves both, the winner up (openskill: 1638 and 1427), provisional.
    const fresh = await duel(ivy, jon, ['by-hand', 'by-hand']);
    const [winner, loser] = rate([[rating()], [rating()]]).map(([r]) => r);
    const [won, lost] = [winner ?? rating(), loser ?? rating()];
    expect(fresh.ratings).toEqual([
      { player: 'p1', before: 1500, after: displayOf(won), provisional: true, deviation: deviationOf(won), limits: [] },
      {
        player: 'p2',
        before: 1500,
        after: displayOf(lost),
        provisional: true,
        deviation: deviationOf(lost),
        limits: [],
      },
    ]);
    // Accounts that met many others: their games are no small group's (that cap is the next test's).
    await seed([kim.id, lou.id], CLOSED_GROUP.size, CLOSED_GROUP.size);
    const first = await duel(kim, lou, ['by-hand', 'by-hand']);
    expect(first.ratings.map((r) => r.limits)).toEqual([[], []]);
    const again = await duel(kim, lou, ['by-hand', 'by-hand']);
    expect(again.ratings.map((r) => r.limits)).toEqual([['repeated-opponent'], ['repeated-opponent']]);
    // Kim won both: the second moved her less than the first.
    const gain = (s: RaceServerMessages['saved']) => (s.ratings[0]?.after ?? 0) - (s.ratings[0]?.before ?? 0);
    expect(gain(first)).toBeGreaterThan(0);
    expect(again.ratings[0]?.before).toBe(first.ratings[0]?.after);
    expect(gain(again)).toBeLessThan(gain(first));
    expect(gain(again)).toBeGreaterThan(0);
  }, 90_000);

  it('win trading against fresh accounts buys at most what a closed group gives, and flags the account (issue 33)', async () => {
    const trader = await member('trader_r');
    await establish(trader.id);
    const before = await classic(trader.id);
    const GAMES = 20;
    const mules: string[] = [];
    for (let i = 0; i < GAMES; i++) {
      const mule = await member(`mule_${i}_r`);
      mules.push(mule.id);
      await duel(trader, mule, ['by-hand', 'by-hand']);
    }
    const after = await classic(trader.id);
    expect(after?.games).toBe(ESTABLISHED.games + GAMES);
    // What the same 20 wins gave before (openskill against each fresh account, no rules).
    let old = rating();
    for (let i = 0; i < GAMES; i++) old = rate([[old], [rating()]])[0][0];
    console.log(
      `win trading, ${GAMES} one-round rated wins over fresh accounts: shown rating ${before?.display} -> ${after?.display}` +
        ` (the same wins without these rules: ${displayOf(old)})`,
    );
    // Each fresh account has met the trader only (a small group): their games give CLOSED_GROUP.gain in all.
    expect((after?.display ?? 0) - (before?.display ?? 0)).toBeLessThanOrEqual(CLOSED_GROUP.gain + 1);
    expect(displayOf(old) - (before?.display ?? 0)).toBeGreaterThan(500);
    const flag = (await served.server.stores.accounts.flaggedAccounts()).find((f) => f.account.id === trader.id);
    expect(flag?.reason).toMatch(/small groups of accounts .* reached the cap of 150 in 30 days/);
    // The mules are rated against the trader: each lost.
    for (const id of mules) expect((await classic(id))?.display).toBeLessThan(1500);
  }, 300_000);

  it('two established accounts trading wins: each game against the same account moves less, and 200 a day at most', async () => {
    const [ace, bee] = await Promise.all(['ace_r', 'bee_r'].map(member));
    if (!ace || !bee) throw new Error('no players');
    await establish(ace.id, bee.id);
    const shown = [1500];
    const lost = [1500];
    for (let i = 0; i < 4; i++) {
      await duel(ace, bee, ['by-hand', 'by-hand']);
      shown.push((await classic(ace.id))?.display ?? 0);
      lost.push((await classic(bee.id))?.display ?? 0);
    }
    console.log(
      `one account beating the same established one 4 times: ${shown.join(' -> ')}; the loser ${lost.join(' -> ')}`,
    );
    const rises = shown.slice(1).map((x, i) => x - (shown[i] ?? 0));
    // The first win is a full one (1638); the second moves half as far, then the day's cap holds.
    expect(shown[1]).toBe(1638);
    expect(rises[1]).toBeGreaterThan(0);
    expect(rises[1]).toBeLessThan(rises[0] ?? 0);
    // (Game time runs 20 times as fast here: should the games straddle a UTC midnight, the cap restarts.)
    const days = new Set(
      (await served.server.stores.ratings.ratedGames(ace.id, 'classic', Date.now() - DAY)).map((g) => dayStart(g.at)),
    );
    if (days.size === 1) expect(Math.max(...shown)).toBeLessThanOrEqual(1500 + DAILY_GAIN);
    // The loser's losses shrink as well.
    const falls = lost.slice(1).map((x, i) => (lost[i] ?? 0) - x);
    expect(falls.every((f, i) => i === 0 || f < (falls[i - 1] ?? 0))).toBe(true);
  }, 120_000);
});
