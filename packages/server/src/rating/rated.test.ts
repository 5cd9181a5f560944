import type { PlayerSeasonsAnswer, RatedServerMessages, SeasonBoardAnswer, SeasonsAnswer } from '@ubongo/core';
import { MATCHMAKE_ERROR_CODES, PROTOCOL_VERSION } from '@ubongo/core';
import { Player, member as memberAt, signedIn } from '@ubongo/test-support/player';
import { describe, expect, it } from 'vitest';
import { MovableClock } from '../test-clock.js';
import { RATED_QUEUE } from './rated-queue.js';
import { DAY, ESTABLISHED } from './rating-rules.js';
import { displayOf } from './ratings.js';
import { widen } from './seasons.js';
import { startServer } from '../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';

/*
 * Rated quick match and seasons over a real server, a real socket and a real SQLite file
 * (docs/accounts.md, "Rated quick match", "Seasons"). The clock runs 20 times faster and can be
 * moved on, as the daily's test moves it: the queue's window widens with game time, and a season
 * turns when the date passes into the next quarter.
 */

const SCALE = 20;
// 2026-11-28, 08:00 UTC: the season of October to December 2026.
const clock = new MovableClock(SCALE, 0, Date.UTC(2026, 10, 28, 8));

const served = serverPerFile((base) =>
  startServer({
    ...base,
    clock,
    limits: { roomsPerMinute: 1000, joinsPerMinute: 1000, guestsPerMinute: 1000, claimsPerMinute: 1000 },
  }),
);

const member = (username: string) => memberAt(served.ws, username);

/** The mu that shows `shown` at sigma 2 (1500 + 40 (mu - 6)). */
const muOf = (shown: number): number => (shown - 1500) / 40 + 6;

/**
 * Makes an account established in `edition` (rating-rules.ts: rated games from 8 days ago against
 * five others) at shown rating `shown` (sigma 2), as if played before the test.
 */
async function establish(id: string, shown: number, edition: 'classic' | 'extreme' = 'classic'): Promise<void> {
  const start = clock.now() - 8 * DAY;
  for (let i = 0; i < ESTABLISHED.games; i++) {
    const at = start + i * (DAY / 2);
    const mu = i === ESTABLISHED.games - 1 ? muOf(shown) : 25;
    await served.server.stores.ratings.saveRatings(`seed-${id}-${i}`, [
      { accountId: id, edition, mu, sigma: 2, games: i + 1, updatedAt: at },
      { accountId: `seed-rival-${i % ESTABLISHED.opponents}`, edition, mu: 25, sigma: 2, games: 1, updatedAt: at },
    ]);
  }
}

/** A signed-in member in an edition's rated queue. */
async function queue(who: { client: Player<'rated'>['client'] }, edition = 'classic' as const) {
  return Player.wrap<'rated'>(
    who.client,
    await who.client.joinOrCreate('rated', { protocol: PROTOCOL_VERSION, edition }),
  );
}

describe('rated quick match', () => {
  it('pairs the nearest ratings first, and widens the window with the wait', async () => {
    const [ann, bob, cat, dan] = await Promise.all(['ann_q', 'bob_q', 'cat_q', 'dan_q'].map(member));
    if (!ann || !bob || !cat || !dan) throw new Error('no members');
    await establish(ann.id, 1500);
    await establish(bob.id, 1595);
    await establish(cat.id, 1655);
    await establish(dan.id, 1800);
    // The three are in the queue at the same moment of game time.
    clock.hold();
    const [a, b, c] = await Promise.all([queue(ann), queue(bob), queue(cat)]);
    await Promise.all([a.waitFor('queue'), b.waitFor('queue'), c.waitFor('queue')]);
    clock.release();
    // Each is told their rating and window: 100 either side to start with.
    expect(await a.waitFor('queue')).toMatchObject({ rating: 1500, low: 1400, high: 1600, established: true });
    expect(await c.waitFor('queue')).toMatchObject({ rating: 1655, low: 1555, high: 1755 });
    // Bob may sit with Ann (95 apart) or Cat (60 apart): the nearest go first, and Ann (155 from Cat) waits.
    const [toBob, toCat] = await Promise.all([b.waitFor('matched'), c.waitFor('matched')]);
    expect(toBob).toEqual(toCat);
    expect(toBob.rated).toBe(true);
    expect(await a.waitFor('queue', (q) => q.waiting === 1)).toMatchObject({ rating: 1500 });
    expect(a.received.some((m) => m.type === 'matched')).toBe(false);

    // The table they were given: rated, classic, theirs to sit at; it starts by itself once both sit.
    const bobAtTable = Player.wrap<'race'>(
      bob.client,
      await bob.client.joinById(toBob.code, { protocol: PROTOCOL_VERSION }),
    );
    // Anyone else who comes by its code watches, and is told no one's name before the start (it
    // comes while Bob is alone there, so that the table cannot have started yet).
    const stranger = await Player.join(served.ws, toBob.code, { name: 'Eve' });
    const seen = await stranger.waitFor('lobby', (l) => l.seats.length === 1);
    expect(seen.you).toBe(-1);
    expect(seen.seats.map((s) => s.kind)).toEqual(['opponent']);
    const catAtTable = Player.wrap<'race'>(
      cat.client,
      await cat.client.joinById(toBob.code, { protocol: PROTOCOL_VERSION }),
    );
    const lobby = await bobAtTable.waitFor('lobby', (l) => l.seats.length === 2 && l.startsAt !== null);
    expect(lobby.settings).toMatchObject({ rated: true, edition: 'classic' });
    expect(lobby.public).toBe(false);
    // Before the start nobody is named to the other (nothing to leave the table for); each sees themselves.
    const other = lobby.seats[1 - lobby.you];
    expect(other).toEqual({ kind: 'opponent', id: '', side: other?.side, connected: true, ready: other?.ready });
    expect(lobby.seats[lobby.you]).toMatchObject({ kind: 'human', account: bob.id });
    // Nobody hosts it: it starts by itself, its settings are the queue's.
    expect(lobby.host).toBe(-1);
    // Its settings are the queue's: nobody can make it casual.
    bobAtTable.send('settings', { rated: false });
    expect(await bobAtTable.waitFor('rejected')).toMatchObject({ to: 'settings' });
    // Everyone is named once the game has begun.
    const begun = await catAtTable.waitFor('lobby', (l) => l.started, 20_000);
    expect(begun.seats.map((s) => (s.kind === 'human' ? s.account : s.kind)).sort()).toEqual([bob.id, cat.id].sort());
    await Promise.all([bobAtTable.room.leave(), catAtTable.room.leave(), stranger.room.leave()]);

    // Dan, 300 above Ann: both windows must reach 300, four widenings (40 s) after Dan came.
    const d = await queue(dan);
    const since = (await d.waitFor('queue')).since;
    const [toAnn, toDan] = await Promise.all([a.waitFor('matched', () => true, 20_000), d.waitFor('matched')]);
    expect(toAnn).toEqual(toDan);
    expect(toAnn.code).not.toBe(toBob.code);
    const steps = Math.ceil((300 - RATED_QUEUE.window) / RATED_QUEUE.widenBy);
    expect(clock.now() - since).toBeGreaterThanOrEqual(steps * RATED_QUEUE.widenEveryMs);
    // On the way Dan was told his window widening, step by step.
    const windows = d.received.flatMap((m) =>
      m.type === 'queue' ? [(m.message as RatedServerMessages['queue']).high - 1800] : [],
    );
    expect(windows.filter((w, i) => w !== windows[i - 1]).slice(0, 4)).toEqual([100, 150, 200, 250]);
    await Promise.all([a.room.leave(), d.room.leave()]);
  });

  it('offers a casual table with bots after the wait, and is for players with a username', async () => {
    const fay = await member('fay_q');
    const f = await queue(fay, 'classic');
    const first = await f.waitFor('queue');
    expect(first.botsAt - first.since).toBe(RATED_QUEUE.botsAfterMs);
    // Not before the wait.
    f.send('bots');
    expect(await f.waitFor('rejected')).toMatchObject({ to: 'bots', code: 'message/wrong-phase' });
    clock.shift += RATED_QUEUE.botsAfterMs;
    f.send('bots');
    const matched = await f.waitFor('matched');
    expect(matched.rated).toBe(false);
    const table = Player.wrap<'race'>(
      fay.client,
      await fay.client.joinById(matched.code, { protocol: PROTOCOL_VERSION }),
    );
    const lobby = await table.waitFor('lobby', (l) => l.startsAt !== null);
    expect(lobby.settings.rated).toBe(false);
    expect(lobby.seats.map((s) => s.kind)).toEqual(['bot', 'bot', 'human']);
    expect((await table.waitFor('lobby', (l) => l.started, 20_000)).started).toBe(true);
    await Promise.all([table.room.leave(), f.room.leave()]);

    // A guest is refused, with the code of its own.
    const guest = await signedIn(served.ws, 'Gus');
    const refused = await guest.joinOrCreate('rated', { protocol: PROTOCOL_VERSION, edition: 'classic' }).then(
      () => undefined,
      (e: unknown) => e as { code?: number },
    );
    expect(refused?.code).toBe(MATCHMAKE_ERROR_CODES.ratedNeedsUsername);
    // A queue for an edition that is not one is a bad request.
    const bad = await fay.client.joinOrCreate('rated', { protocol: PROTOCOL_VERSION, edition: 'chess' }).then(
      () => undefined,
      (e: unknown) => e as { code?: number },
    );
    expect(bad?.code).toBe(400);
  });
});

describe('seasons', () => {
  const get = async (path: string, session?: string): Promise<{ status: number; body: unknown }> => {
    const res = await fetch(
      `${served.http}${path}`,
      session ? { headers: { authorization: `Bearer ${session}` } } : {},
    );
    return { status: res.status, body: await res.json() };
  };
  // (The answers are typed by the protocol; the tests trust them as the client does.)

  it('turns a season: the board kept as it ended, every uncertainty widened, the past season on the profile, a new board', async () => {
    const [hal, ivy, jo] = await Promise.all(['hal_s', 'ivy_s', 'jo_s'].map(member));
    if (!hal || !ivy || !jo) throw new Error('no members');
    await establish(hal.id, 1700, 'extreme');
    await establish(ivy.id, 1600, 'extreme');
    const seasons = (await get('/api/seasons')).body as SeasonsAnswer;
    const now = seasons.current;
    expect(now.id).toMatch(/^\d{4}-(01|04|07|10)$/);
    expect(now.endsAt - now.startsAt).toBeGreaterThan(88 * DAY);
    const board = (await get(`/api/seasons/${now.id}/board?edition=extreme`)).body as SeasonBoardAnswer;
    expect(board.final).toBe(false);
    expect(board.players.map((p) => [p.id, p.place, p.rating])).toEqual([
      [hal.id, 1, 1700],
      [ivy.id, 2, 1600],
    ]);
    // One rated game in the season gives a place; the viewer is told theirs, or what it needs.
    expect(board.minGames).toBe(1);
    expect(board.you).toBeNull();
    const seenBy = async (who: { session: string }, id = now.id) =>
      ((await get(`/api/seasons/${id}/board?edition=extreme`, who.session)).body as SeasonBoardAnswer).you;
    expect(await seenBy(ivy)).toEqual({ place: 2, games: 10, missing: 0 });
    expect(await seenBy(jo)).toEqual({ place: null, games: 0, missing: 1 });
    // Bad input: a clear 4xx, and nothing changes.
    expect((await get(`/api/seasons/${now.id}/board?edition=chess`)).status).toBe(400);
    expect((await get(`/api/seasons/${now.id}/board?edition=extreme&top=0`)).status).toBe(400);
    expect((await get('/api/seasons/2026-13/board?edition=extreme')).status).toBe(404);
    expect((await get('/api/seasons/now/board?edition=extreme')).status).toBe(404);
    expect((await get('/api/players/nobody-here/seasons')).status).toBe(404);
    expect((await get('/api/seasons')).body as SeasonsAnswer).toEqual(seasons);

    // On to the next season.
    clock.shift += now.endsAt - clock.now() + 1000;
    const next = (await get('/api/seasons')).body as SeasonsAnswer;
    expect(next.current.startsAt).toBe(now.endsAt);
    expect(next.past.map((s) => s.id)).toContain(now.id);
    const ended = (await get(`/api/seasons/${now.id}/board?edition=extreme`)).body as SeasonBoardAnswer;
    expect(ended.final).toBe(true);
    expect(ended.players.map((p) => [p.id, p.place, p.rating])).toEqual([
      [hal.id, 1, 1700],
      [ivy.id, 2, 1600],
    ]);
    expect(await seenBy(hal)).toEqual({ place: 1, games: 10, missing: 0 });
    expect(await seenBy(jo)).toEqual({ place: null, games: 0, missing: 0 });
    // The new board is empty until someone plays a rated game in it.
    expect(
      ((await get(`/api/seasons/${next.current.id}/board?edition=extreme`)).body as SeasonBoardAnswer).players,
    ).toEqual([]);
    // Every uncertainty widened by the turn; the shown rating with it.
    const extreme = (await served.server.stores.ratings.ratingsOf(hal.id)).find((r) => r.edition === 'extreme');
    expect(extreme?.sigma).toBeCloseTo(widen(2), 9);
    expect(extreme && displayOf(extreme)).toBeLessThan(1700);
    // The profile's past seasons.
    const profile = (await get(`/api/players/${ivy.id}/seasons`)).body as PlayerSeasonsAnswer;
    expect(profile.seasons).toEqual([
      { season: ended.season, edition: 'extreme', rating: 1600, place: 2, of: 2, games: 10 },
    ]);
    // The turn is taken once: reading again changes nothing.
    await get('/api/seasons');
    expect(
      (await served.server.stores.ratings.ratingsOf(hal.id)).find((r) => r.edition === 'extreme')?.sigma,
    ).toBeCloseTo(widen(2), 9);
  });
});
