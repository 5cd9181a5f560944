import type { ArenaAnswer, ArenasAnswer, DeckEdition, GuestAnswer, LeaderboardAnswer, LiveAnswer } from '@ubongo/core';
import { PROTOCOL_VERSION } from '@ubongo/core';
import { Client } from 'colyseus.js';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStores } from '../storage/index.js';
import { byHand, humanPause, member, Player, signedIn, solve } from '@ubongo/test-support/player';
import type { Postgres, ServerProcess, Service } from '@ubongo/test-support';
import {
  freePort,
  scratchFolder,
  startNginx,
  startPostgres,
  startRedis,
  startServerProcess,
} from '@ubongo/test-support';

/*
 * Two game server processes sharing a Redis and a PostgreSQL, behind nginx, all started from the
 * system's binaries (@ubongo/test-support says which Debian package is missing, if one is).
 * Players reach a process's HTTP API straight (`direct`), as a load balancer may send them anywhere;
 * their game sockets go where the seat reservation says: nginx's route to the room's process.
 */

const TIME_SCALE = 20;
let redis: Service | undefined;
let postgres: Postgres | undefined;
let nginx: Service | undefined;
let databaseUrl = '';
let nginxPort = 0;
/** The processes by name (p1, p2), each on a port of its own that a restart keeps. */
const processes = new Map<string, { port: number; server: ServerProcess }>();
let roomcaches: Redis | undefined;

/** Starts process `name` on `port`, reached through nginx at /name/. */
async function startProcess(name: string, port: number): Promise<ServerProcess> {
  if (!redis) throw new Error('Redis did not start (see beforeAll)');
  const server = await startServerProcess({
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    UBONGO_REDIS_URL: redis.url,
    UBONGO_PUBLIC_ADDRESS: `localhost:${nginxPort}/${name}`,
    UBONGO_DATA_DIR: scratchFolder('cluster'),
    UBONGO_TIME_SCALE: String(TIME_SCALE),
    UBONGO_TRUST_PROXY: '1',
  });
  processes.set(name, { port, server });
  return server;
}

beforeAll(async () => {
  [redis, postgres] = await Promise.all([startRedis(), startPostgres()]);
  databaseUrl = await postgres.createDatabase();
  nginxPort = await freePort();
  const ports = [await freePort(), await freePort()] as const;
  // One after the other: the first migrates the database.
  await startProcess('p1', ports[0]);
  await startProcess('p2', ports[1]);
  nginx = await startNginx({
    port: nginxPort,
    routes: [
      { prefix: 'p1', port: ports[0] },
      { prefix: 'p2', port: ports[1] },
    ],
  });
  roomcaches = new Redis(redis.url);
}, 120_000);

afterAll(async () => {
  roomcaches?.disconnect();
  await Promise.all([...processes.values()].map(({ server }) => server.stop('SIGKILL')));
  await Promise.all([nginx?.stop(), redis?.stop(), postgres?.stop()]);
});

/** The ws:// address of a process itself (its HTTP API and matchmaker). */
function direct(name: string): string {
  const server = processes.get(name)?.server;
  if (!server) throw new Error(`no process ${name}`);
  return server.http.replace(/^http/, 'ws');
}

/** Which process holds a room, by the public address its listing in Redis carries. */
async function home(roomId: string): Promise<string> {
  const listing = await roomcaches?.hget('roomcaches', roomId);
  if (!listing) throw new Error(`no listing of room ${roomId}`);
  return (JSON.parse(listing) as { publicAddress?: string }).publicAddress ?? '(none)';
}

describe('a cluster of two processes', () => {
  it('places tables in both processes; each is joined by code through the other process', async () => {
    const homes = new Set<string>();
    const tables: Player<'race'>[] = [];
    // Colyseus puts a new room in the process with the fewest; a few tables land in both.
    for (let n = 0; n < 6 && homes.size < 2; n++) {
      // Each process says how many rooms it has at most once a second.
      if (n > 0) await new Promise((resolve) => setTimeout(resolve, 1100));
      const host = await Player.create(direct('p1'), 'race', { name: `Host ${n}` });
      const { code } = await host.waitFor('lobby');
      homes.add(await home(code));
      const guest = await Player.join(direct('p2'), code, { name: `Guest ${n}` });
      expect((await guest.waitFor('lobby', (l) => l.seats.length === 2)).you).toBe(1);
      expect(
        (await host.waitFor('lobby', (l) => l.seats.length === 2)).seats.map((s) => s.kind === 'human' && s.name),
      ).toEqual([`Host ${n}`, `Guest ${n}`]);
      tables.push(host, guest);
    }
    for (const p of tables) await p.room.leave();
    expect([...homes].sort()).toEqual([`localhost:${nginxPort}/p1`, `localhost:${nginxPort}/p2`]);
  });

  it('fills one quick-match table from players who asked either process', async () => {
    const rooms: string[] = [];
    const players: Player<'race'>[] = [];
    for (const [i, name] of ['p1', 'p2', 'p1', 'p2'].entries()) {
      const client = await signedIn(direct(name), `Quick ${i}`);
      const room = await client.joinOrCreate('race', { public: true, protocol: PROTOCOL_VERSION });
      rooms.push(room.roomId);
      players.push(Player.wrap<'race'>(client, room));
    }
    expect(new Set(rooms).size).toBe(1);
    const lobby = await players[0]?.waitFor('lobby', (l) => l.seats.length === 4);
    expect(lobby?.seats.map((s) => s.kind)).toEqual(['human', 'human', 'human', 'human']);
    for (const p of players) await p.room.leave();
  });

  it('pairs players who asked either process in one rated queue, at one table', async () => {
    const players = await Promise.all(['rq_one', 'rq_two'].map((u) => member(direct(u === 'rq_one' ? 'p1' : 'p2'), u)));
    const queued = await Promise.all(
      players.map(async (p) =>
        Player.wrap<'rated'>(
          p.client,
          await p.client.joinOrCreate('rated', { protocol: PROTOCOL_VERSION, edition: 'jewels' }),
        ),
      ),
    );
    expect(new Set(queued.map((q) => q.room.roomId)).size).toBe(1);
    const matched = await Promise.all(queued.map((q) => q.waitFor('matched')));
    expect(matched[0]).toEqual(matched[1]);
    const code = matched[0]?.code ?? '';
    const seated = await Promise.all(
      players.map(async (p) =>
        Player.wrap<'race'>(p.client, await p.client.joinById(code, { protocol: PROTOCOL_VERSION })),
      ),
    );
    const lobby = await seated[0]?.waitFor('lobby', (l) => l.seats.length === 2);
    expect(lobby?.settings).toMatchObject({ rated: true, edition: 'jewels' });
    for (const p of [...seated, ...queued]) await p.room.leave();
  });

  it('brings a dropped player back to the process that holds the table, whichever process is asked', async () => {
    const ana = await Player.create(direct('p1'), 'race', { name: 'Ana', settings: { rounds: 1 } });
    const { code } = await ana.waitFor('lobby');
    const ben = await Player.join(direct('p1'), code, { name: 'Ben' });
    await ana.waitFor('lobby', (l) => l.seats.length === 2);
    const token = ben.room.reconnectionToken;
    // The connection breaks without a goodbye; Ben's client asks the other process to come back.
    ben.room.connection.close();
    await ana.waitFor('lobby', (l) => l.seats[1]?.connected === false);
    const other = (await home(code)).endsWith('/p1') ? 'p2' : 'p1';
    // Another account cannot take it there (the process asks the room's own, through Redis).
    const stranger = await signedIn(direct(other), 'Eve');
    await expect(stranger.reconnect(token)).rejects.toThrow(/account\/seat-not-yours/);
    // Ben, with his session.
    const client = new Client(direct(other));
    client.auth.token = ben.client.auth.token;
    const back = Player.wrap<'race'>(client, await client.reconnect(token));
    expect((await back.waitFor('lobby')).you).toBe(1);
    await ana.waitFor('lobby', (l) => l.seats[1]?.connected === true);
    await ana.room.leave();
    await back.room.leave();
  });

  it('takes a session from one process on the other, and a sign-out on one ends it on both', async () => {
    const made = await fetch(`${processes.get('p1')?.server.http}/api/accounts`, {
      method: 'POST',
      body: JSON.stringify({ name: 'Cy' }),
    });
    const guest = (await made.json()) as GuestAnswer;
    const me = async (name: string): Promise<number> =>
      (
        await fetch(`${processes.get(name)?.server.http}/api/me`, {
          headers: { authorization: `Bearer ${guest.session}` },
        })
      ).status;
    expect([await me('p1'), await me('p2')]).toEqual([200, 200]);
    const out = await fetch(`${processes.get('p2')?.server.http}/api/sessions`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${guest.session}` },
    });
    expect(out.ok).toBe(true);
    expect([await me('p1'), await me('p2')]).toEqual([401, 401]);
  });

  it('counts sign-in attempts for an account in every process together', async () => {
    const made = await fetch(`${processes.get('p1')?.server.http}/api/accounts`, { method: 'POST', body: '{}' });
    const { account } = (await made.json()) as GuestAnswer;
    const statuses: number[] = [];
    // Five attempts an account may make a minute (accounts.ts), spread over both processes.
    for (const name of ['p1', 'p2', 'p1', 'p2', 'p1', 'p2']) {
      const res = await fetch(`${processes.get(name)?.server.http}/api/sessions`, {
        method: 'POST',
        body: JSON.stringify({ id: account.id, secret: 'a wrong secret' }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('refuses practice the task an account has in play in a solo run held by the other process', async () => {
    const client = await signedIn(direct('p1'), 'Sly');
    const solo = Player.wrap<'solo'>(
      client,
      await client.create('solo', { protocol: PROTOCOL_VERSION, mode: 'count', limit: 5, side: 'hard' }),
    );
    solo.send('start');
    const { current } = await solo.waitFor('view', (m) => m.current !== null);
    if (!current) throw new Error('no puzzle');
    const task = { edition: 'classic' as DeckEdition, board: current.board, side: current.side, key: current.key };
    const soloHome = await home(solo.room.roomId);
    // A practice room in the other process: new rooms go to the process with fewer, as each
    // process last said (at most once a second).
    let practice: Player<'practice'> | undefined;
    for (let n = 0; n < 6 && practice === undefined; n++) {
      const room = await client.create('practice', { protocol: PROTOCOL_VERSION });
      if ((await home(room.roomId)) !== soloHome) practice = Player.wrap<'practice'>(client, room);
      else await new Promise((resolve) => setTimeout(resolve, 1100));
    }
    if (!practice) throw new Error('every practice room landed in the solo run’s process');
    practice.send('task', task);
    await practice.waitFor('practice', (m) => m.board === task.board);
    practice.send('solution');
    expect(await practice.next('rejected')).toMatchObject({ to: 'solution', code: 'message/not-allowed' });
    // Another task is practised freely.
    practice.send('task', { ...task, key: task.key === '1' ? '2' : '1' });
    await practice.next('practice');
    practice.send('solution');
    expect((await practice.next('solution')).placements.length).toBeGreaterThan(0);
  });

  it('gives the same leaderboard from every process and through nginx', async () => {
    const other = await openPostgresStores(databaseUrl);
    try {
      const account = { secretHash: 'ab', username: null, passwordHash: null, createdAt: 1 };
      await other.accounts.createAccount({ ...account, id: 'lb-1', name: 'Dee' });
      await other.accounts.createAccount({ ...account, id: 'lb-2', name: 'Eli' });
      // Claimed, with three rated games on two days: on the public board (docs/accounts.md).
      await other.accounts.claimAccount('lb-1', 'dee_lb', 'dee_lb', 'h', 'dee_lb');
      await other.accounts.claimAccount('lb-2', 'eli_lb', 'eli_lb', 'h', 'eli_lb');
      const rating = { edition: 'classic' as const, sigma: 2, games: 3, updatedAt: 1 };
      for (const [game, at] of [
        ['lb-game-0', 1],
        ['lb-game-1', 2],
        ['lb-game', 86_400_000 + 1],
      ] as const)
        await other.ratings.saveRatings(game, [
          { ...rating, accountId: 'lb-1', mu: 31, updatedAt: at },
          { ...rating, accountId: 'lb-2', mu: 29, updatedAt: at },
        ]);
    } finally {
      await other.close();
    }
    const boards = await Promise.all(
      [processes.get('p1')?.server.http, processes.get('p2')?.server.http, nginx?.url].map(
        async (http) => (await (await fetch(`${http}/api/leaderboard?edition=classic`)).json()) as LeaderboardAnswer,
      ),
    );
    expect(boards[0]?.players.map((p) => p.name)).toEqual(['Dee', 'Eli']);
    expect(boards[1]).toEqual(boards[0]);
    expect(boards[2]).toEqual(boards[0]);
  });

  it('lists a game in play, and its watchers, from every process (GET /api/live)', async () => {
    const players: Player<'race'>[] = [];
    for (const [i, name] of ['p1', 'p2'].entries()) {
      const client = await signedIn(direct(name), `Live ${i}`);
      const room = await client.joinOrCreate('race', { public: true, protocol: PROTOCOL_VERSION });
      players.push(Player.wrap<'race'>(client, room));
    }
    const code = players[0]?.room.roomId ?? '';
    for (const p of players) p.send('ready', { ready: true });
    await Promise.all(players.map((p) => p.waitFor('view', (m) => m.view.phase === 'playing')));
    const listed = async (name: string) => {
      const res = await fetch(`${direct(name).replace(/^ws/, 'http')}/api/live`);
      return ((await res.json()) as LiveAnswer).games.find((g) => g.code === code);
    };
    for (const name of ['p1', 'p2'])
      await expect.poll(() => listed(name)).toMatchObject({ kind: 'casual', watchers: 0, round: 1 });
    // A watcher who came through either process is counted in both.
    const holder = (await home(code)).split('/').at(-1) ?? '';
    const watcher = await Player.join(direct(holder === 'p1' ? 'p2' : 'p1'), code, { name: 'Wat', spectate: true });
    for (const name of ['p1', 'p2']) await expect.poll(async () => (await listed(name))?.watchers).toBe(1);
    for (const p of [...players, watcher]) await p.room.leave();
  });

  it('runs one arena from both processes: players who entered through either are seated once, play, and its points count in both', async () => {
    const http = (name: string): string => direct(name).replace(/^ws/, 'http');
    const { serverNow } = (await (await fetch(`${http('p1')}/api/arenas`)).json()) as ArenasAnswer;
    const other = await openPostgresStores(databaseUrl);
    try {
      await other.arenas.createArena({
        id: 'cluster-arena',
        name: 'Cluster arena',
        edition: 'classic',
        rounds: 1,
        startsAt: serverNow,
        endsAt: serverNow + 3_600_000,
        createdAt: serverNow,
      });
    } finally {
      await other.close();
    }
    // Four members, two through each process; each process's director looks at the arena.
    const via = ['p1', 'p2', 'p1', 'p2'] as const;
    const people = await Promise.all(via.map((name, i) => member(direct(name), `arena_cl${i}`)));
    const enter = async (i: number): Promise<ArenaAnswer> => {
      const res = await fetch(`${http(via[i] ?? 'p1')}/api/arenas/cluster-arena/join`, {
        method: 'POST',
        headers: { authorization: `Bearer ${people[i]?.session ?? ''}` },
      });
      return (await res.json()) as ArenaAnswer;
    };
    let tables: (string | null)[] = [];
    for (let n = 0; n < 100; n++) {
      tables = (await Promise.all(people.map((_, i) => enter(i)))).map((a) => a.you?.table ?? null);
      if (tables.every((t) => t !== null)) break;
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    // Each seated once, at a table of 2 to 4 (one of four when they all came within the gathering
    // time), though both processes' directors seat: the database takes one seating of a player.
    expect(tables.every((t) => t !== null)).toBe(true);
    for (const code of new Set(tables)) {
      const at = tables.filter((t) => t === code).length;
      expect(at).toBeGreaterThanOrEqual(2);
      expect(at).toBeLessThanOrEqual(4);
    }
    // Each comes to their table through the process they asked, wherever it is held.
    const players = await Promise.all(
      people.map((p, i) => Player.join(direct(via[i] ?? 'p1'), tables[i] ?? '', { side: 'easy' }, p.session)),
    );
    for (const [i, p] of players.entries())
      expect((await p.waitFor('lobby', (l) => l.started, 20_000)).seats.length).toBe(
        tables.filter((t) => t === tables[i]).length,
      );
    for (const p of players) {
      const { view } = await p.waitFor('view', (m) => m.view.phase === 'playing' && m.view.task !== null, 30_000);
      if (!view.task) throw new Error('no task');
      await humanPause(view.task, TIME_SCALE);
      p.send('claim', byHand(solve(view.task)));
    }
    await Promise.all(players.map((p) => p.waitFor('saved', () => true, 30_000)));
    for (const p of players) await p.room.leave();
    // The standings, from either process: one game each, points by place, the table over.
    const standings = async (name: string): Promise<ArenaAnswer> =>
      (await (await fetch(`${http(name)}/api/arenas/cluster-arena`)).json()) as ArenaAnswer;
    await expect.poll(async () => (await standings('p1')).tables).toBe(0);
    const [one, two] = [await standings('p1'), await standings('p2')];
    expect(one.standings.map((s) => s.games)).toEqual([1, 1, 1, 1]);
    expect(one.standings[0]?.points).toBeGreaterThan(0);
    expect(two.standings).toEqual(one.standings);
  });

  it('kill -9 of a process: its players see the drop, and it resumes its game when started again under its name', async () => {
    // A table with a game started, held by one of the processes.
    const ana = await Player.create(direct('p2'), 'race', {
      name: 'Ana',
      settings: { rounds: 2, hourglassSeconds: 300, variant: 'fixed' },
    });
    const { code } = await ana.waitFor('lobby');
    const ben = await Player.join(direct('p1'), code, { name: 'Ben' });
    await ana.waitFor('lobby', (l) => l.seats.length === 2);
    ana.send('start');
    const dealt = await ana.waitFor('view', (m) => m.view.phase === 'playing' && m.view.task !== null);
    if (!dealt.view.task) throw new Error('no task');
    const anaKey = (await ana.waitFor('lobby', (l) => l.seatKey !== null)).seatKey ?? '';
    ana.send('claim', { placements: solve(dealt.view.task) });
    await ana.waitFor('events', (m) => m.events.some((e) => e.type === 'solved'));

    const holder = (await home(code)).split('/').at(-1) ?? '';
    const survivor = holder === 'p1' ? 'p2' : 'p1';
    const killed = processes.get(holder);
    if (!killed) throw new Error(`no process ${holder}`);
    const closes = [ana, ben].map((p) => new Promise<number>((resolve) => p.room.onLeave(resolve)));
    await killed.server.stop('SIGKILL');
    // Both players' connections drop, without a close frame: the client says the connection was lost.
    expect(await Promise.all(closes)).toEqual([1006, 1006]);

    // The other process restarting meanwhile leaves the dead one's game alone: it is not its own.
    const other = processes.get(survivor);
    if (!other) throw new Error(`no process ${survivor}`);
    expect(await other.server.stop('SIGTERM')).toBe(0);
    const restarted = await startProcess(survivor, other.port);
    // Started again under its name (its public address), on its port behind nginx.
    const again = await startProcess(holder, killed.port);
    await expect
      .poll(() => again.output(), { timeout: 20_000 })
      .toContain('the journal held 1 games under way: 1 resumed');
    // Ana comes back with her seat's key through the process that stayed up.
    const back = await Player.join(direct(survivor), code, { seatKey: anaKey }, ana.client.auth.token);
    const lobby = await back.waitFor('lobby');
    expect(lobby.you).toBe(0);
    expect(lobby.started).toBe(true);
    expect(await home(code)).toBe(`localhost:${nginxPort}/${holder}`);
    expect(restarted.output()).not.toContain('the journal held');
    await back.room.leave();
  });
});
