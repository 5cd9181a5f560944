import type { ArenaAnswer, ArenasAnswer, PlayerArenasAnswer } from '@ubongo/core';
import { ARENA_POINTS } from '@ubongo/core';
import { describe, expect, it } from 'vitest';
import { byHand, humanPause, member, Player, signedIn, solve } from '@ubongo/test-support/player';
import { startServer } from '../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';

/*
 * An arena over a real server, its sockets and a SQLite file, on a clock 20 times as fast: eight
 * scripted players enter its lobby, are seated at rated tables of 2 to 4 each time they come back,
 * play, and the arena ends with its podium; the routes refuse what they must, changing nothing.
 */

const TIME_SCALE = 20;

const served = serverPerFile((base) =>
  startServer({
    ...base,
    timeScale: TIME_SCALE,
    limits: {
      roomsPerMinute: 1000,
      joinsPerMinute: 1000,
      guestsPerMinute: 1000,
      claimsPerMinute: 1000,
      apiPointsPerMinute: 100_000,
    },
  }),
);

const call = async (method: string, path: string, session?: string): Promise<Response> =>
  fetch(`${served.http}${path}`, {
    method,
    headers: session === undefined ? {} : { authorization: `Bearer ${session}` },
  });

async function serverNow(): Promise<number> {
  return ((await (await call('GET', '/api/arenas')).json()) as ArenasAnswer).serverNow;
}

const arenaOf = async (id: string, session?: string): Promise<ArenaAnswer> =>
  (await (await call('GET', `/api/arenas/${id}`, session)).json()) as ArenaAnswer;

/**
 * One player's arena: enters its lobby, and each time a table is theirs plays its game (one round,
 * a person's pace) to its end, then comes back; until the arena is over. Says the games played.
 */
async function play(arena: string, session: string): Promise<number> {
  let games = 0;
  for (;;) {
    const res = await call('POST', `/api/arenas/${arena}/join`, session);
    // Over: done, unless seated at the last moment (a table seated before the end plays and counts).
    const answer = res.status === 409 ? await arenaOf(arena, session) : ((await res.json()) as ArenaAnswer);
    const table = answer.you?.table;
    if (answer.arena.status === 'finished' && !table) return games;
    if (!table) {
      await new Promise((resolve) => setTimeout(resolve, 150));
      continue;
    }
    const player = await Player.join(served.ws, table, { side: 'easy' }, session);
    const lobby = await player.waitFor('lobby');
    expect(lobby.arena).toBe(arena);
    expect(lobby.settings.rated).toBe(true);
    const started = await player.waitFor('lobby', (l) => l.started, 20_000);
    expect(started.seats.length).toBeGreaterThanOrEqual(2);
    expect(started.seats.length).toBeLessThanOrEqual(4);
    expect(started.seats.every((s) => s.kind === 'human')).toBe(true);
    const { view } = await player.waitFor('view', (m) => m.view.phase === 'playing' && m.view.task !== null, 20_000);
    if (!view.task) throw new Error('no task');
    await humanPause(view.task, TIME_SCALE);
    player.send('claim', byHand(solve(view.task)));
    const saved = await player.waitFor('saved', () => true, 30_000);
    expect(saved.rated).toBe(true);
    await player.room.leave();
    games++;
  }
}

describe('arenas', () => {
  it('runs an arena of 8 players to its podium: tables of 2 to 4 each time they come back, points by place', async () => {
    const people = await Promise.all(Array.from({ length: 8 }, (_, i) => member(served.ws, `arena_p${i}`)));
    const now = await serverNow();
    // Seven minutes of game time: 21 s here, time for games to end while it runs on a busy machine
    // (where a game of a person's pace takes several seconds, a shorter arena ended before any did).
    expect(
      await served.server.stores.arenas.createArena({
        id: 'test-arena',
        name: 'Test arena',
        edition: 'classic',
        rounds: 1,
        startsAt: now,
        endsAt: now + 420_000,
        createdAt: now,
      }),
    ).toBe(true);
    const list = (await (await call('GET', '/api/arenas')).json()) as ArenasAnswer;
    expect(list.arenas.find((a) => a.id === 'test-arena')?.status).toBe('running');

    // Standings update while it runs: someone has points before the end.
    let sawPointsLive = false;
    const watching = (async () => {
      for (;;) {
        const a = await arenaOf('test-arena');
        if (a.arena.status === 'finished') return;
        if (a.standings.some((s) => s.points > 0)) sawPointsLive = true;
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    })();
    const games = await Promise.all(people.map((p) => play('test-arena', p.session)));
    await watching;
    expect(sawPointsLive).toBe(true);
    expect(games.every((g) => g >= 1)).toBe(true);
    expect(games.some((g) => g >= 2)).toBe(true);

    // Tables under way at the end count when they end. (A table seated as a player left at the
    // end waits for them, then closes: ARENA.seatWaitMs, in real time.)
    let final = await arenaOf('test-arena', people[0]?.session);
    for (let i = 0; i < 250 && final.tables > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      final = await arenaOf('test-arena', people[0]?.session);
    }
    expect(final.tables).toBe(0);
    expect(final.arena.status).toBe('finished');
    expect(final.standings).toHaveLength(8);
    // Each player's games are those they played to their end.
    expect(people.map((p) => final.standings.find((s) => s.account === p.id)?.games)).toEqual(games);
    // Points are by place: a player's points are at most 4 a game, and a win is 4.
    for (const s of final.standings) {
      expect(s.points).toBeLessThanOrEqual(ARENA_POINTS[0] * s.games);
      expect(s.points).toBeGreaterThanOrEqual(ARENA_POINTS[0] * s.wins);
    }
    // Ordered by points, then wins; the podium is the first three.
    for (let i = 1; i < final.standings.length; i++) {
      const [a, b] = [final.standings[i - 1], final.standings[i]];
      expect(a && b && (a.points > b.points || (a.points === b.points && a.wins >= b.wins))).toBe(true);
    }
    expect(final.podium).toEqual(final.standings.slice(0, 3));
    expect(final.you).toEqual({ entered: true, waiting: false, table: null });

    // On the players' profiles.
    const first = final.standings[0];
    if (!first) throw new Error('no standings');
    const mine = (await (await call('GET', `/api/players/${first.account}/arenas`)).json()) as PlayerArenasAnswer;
    expect(mine.arenas).toHaveLength(1);
    expect(mine.arenas[0]?.arena).toMatchObject({ id: 'test-arena', status: 'finished', players: 8 });
    expect(mine.arenas[0]).toMatchObject({ place: first.place, points: first.points, games: first.games });
  }, 180_000);

  it('refuses what it must with a clear 4xx, changing nothing', async () => {
    const now = await serverNow();
    await served.server.stores.arenas.createArena({
      id: 'later',
      name: '',
      edition: 'classic',
      rounds: 1,
      startsAt: now + 3_600_000,
      endsAt: now + 7_200_000,
      createdAt: now,
    });
    await served.server.stores.arenas.createArena({
      id: 'over',
      name: '',
      edition: 'classic',
      rounds: 1,
      startsAt: now - 7_200_000,
      endsAt: now - 3_600_000,
      createdAt: now,
    });
    const { session } = await member(served.ws, 'arena_someone');
    const guest = await signedIn(served.ws, 'Guesty');
    const guestSession = guest.auth.token;
    expect((await call('POST', '/api/arenas/nope/join', session)).status).toBe(404);
    expect((await call('POST', '/api/arenas/bad%20id/join', session)).status).toBe(404);
    expect((await call('GET', '/api/arenas/nope')).status).toBe(404);
    expect((await call('POST', '/api/arenas/later/join')).status).toBe(401);
    const refused = await call('POST', '/api/arenas/later/join', guestSession);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toMatch(/username/);
    expect((await call('POST', '/api/arenas/over/join', session)).status).toBe(409);
    expect((await call('GET', '/api/players/nobody/arenas')).status).toBe(404);
    expect((await arenaOf('later')).standings).toEqual([]);
    expect((await arenaOf('over')).standings).toEqual([]);
    // An arena to come may be entered: waiting from its start.
    const entered = (await (await call('POST', '/api/arenas/later/join', session)).json()) as ArenaAnswer;
    expect(entered.arena.status).toBe('upcoming');
    expect(entered.you).toEqual({ entered: true, waiting: true, table: null });
    expect((await call('DELETE', '/api/arenas/later/join', session)).status).toBe(204);
    expect((await arenaOf('later', session)).you).toEqual({ entered: true, waiting: false, table: null });
  });

  it('seats at an arena’s table only those the arena seated there: another account watches, and nobody hosts it', async () => {
    const now = await serverNow();
    await served.server.stores.arenas.createArena({
      id: 'duo',
      name: '',
      edition: 'classic',
      rounds: 1,
      startsAt: now,
      endsAt: now + 3_600_000,
      createdAt: now,
    });
    const [ann, bob, eve] = await Promise.all(['duo_ann', 'duo_bob', 'duo_eve'].map((n) => member(served.ws, n)));
    if (!ann || !bob || !eve) throw new Error('no members');
    let table: string | null | undefined;
    for (let i = 0; i < 100 && !table; i++) {
      await call('POST', '/api/arenas/duo/join', bob.session);
      table = ((await (await call('POST', '/api/arenas/duo/join', ann.session)).json()) as ArenaAnswer).you?.table;
      if (!table) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!table) throw new Error('no table seated');
    const stranger = await Player.join(served.ws, table, { side: 'easy' }, eve.session);
    const seen = await stranger.waitFor('lobby');
    expect(seen.you).toBe(-1);
    expect(seen.host).toBe(-1);
    expect(seen.arena).toBe('duo');
    const first = await Player.join(served.ws, table, { side: 'easy' }, ann.session);
    expect((await first.waitFor('lobby', (l) => l.you >= 0)).host).toBe(-1);
    first.send('settings', { rounds: 5 });
    expect(await first.waitFor('rejected', (r) => r.to === 'settings')).toMatchObject({
      message: 'an arena’s table is set by the arena',
    });
    await Promise.all([stranger.room.leave(), first.room.leave()]);
  });

  it('frees the players of a table whose room is gone (a process that crashed)', async () => {
    const now = await serverNow();
    await served.server.stores.arenas.createArena({
      id: 'crash',
      name: '',
      edition: 'classic',
      rounds: 1,
      startsAt: now,
      endsAt: now + 3_600_000,
      createdAt: now,
    });
    const [ann, bob] = await Promise.all(['crash_ann', 'crash_bob'].map((n) => member(served.ws, n)));
    if (!ann || !bob) throw new Error('no members');
    // In the lobby, but not seen there for long: the director seats them at no table of its own.
    for (const p of [ann, bob]) await served.server.stores.arenas.enterArena('crash', p.id, now - 3_600_000);
    // Seated at a table no process has a room for.
    expect(await served.server.stores.arenas.seatArenaTable('crash', [ann.id, bob.id], 'GONE42')).toBe(true);
    expect((await arenaOf('crash')).tables).toBe(1);
    let tables = 1;
    for (let i = 0; i < 50 && tables > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      tables = (await arenaOf('crash')).tables;
    }
    expect(tables).toBe(0);
    expect((await arenaOf('crash', ann.session)).you).toEqual({ entered: true, waiting: false, table: null });
  });
});
