import type { ArenaAnswer, ArenasAnswer } from '@ubongo/core';
import { CLOSE_CODES } from '@ubongo/core';
import { chmodSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStores } from './storage/index.js';
import type { ServerProcess, SpawnedServer } from '@ubongo/test-support';
import { logMessages, spawnServer, startServerProcess } from '@ubongo/test-support';
import { byHand, humanPause, member, Player, solve } from '@ubongo/test-support/player';

// The real thing: `npm start`'s entry point in its own process, stopped with SIGTERM or killed
// with SIGKILL, and started again on the same data folder.
const running: Pick<SpawnedServer, 'stop'>[] = [];
const folders: string[] = [];

afterAll(async () => {
  for (const server of running) await server.stop('SIGKILL');
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

function dataFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ubongo-restart-'));
  folders.push(dir);
  return dir;
}

async function start(dataDir: string): Promise<ServerProcess> {
  const server = await startServerProcess({ UBONGO_DATA_DIR: dataDir, UBONGO_TIME_SCALE: '20' });
  running.push(server);
  return server;
}

/** A stored game as the HTTP API gives it, the fields these tests read. */
interface StoredGame {
  readonly seats: readonly { readonly name: string; readonly kind: string }[];
  readonly result?: { readonly winners: readonly string[] };
}

const getJson = async (url: string): Promise<{ status: number; body: unknown }> => {
  const res = await fetch(url);
  return { status: res.status, body: await res.json() };
};

/** A table of people (and bots) with a game started: each player, the table's code and the game's id. */
async function table(
  ws: string,
  names: readonly string[],
  bots: number,
): Promise<{ players: Player<'race'>[]; code: string; game: string }> {
  const [host, ...others] = names;
  const first = await Player.create(ws, 'race', {
    name: host ?? 'Ana',
    settings: { rounds: 3, hourglassSeconds: 300, variant: 'fixed' },
  });
  const { code } = await first.waitFor('lobby');
  const players = [first];
  for (const name of others) players.push(await Player.join(ws, code, { name }));
  for (let i = 0; i < bots; i++) first.send('add-bot', { level: 'beginner' });
  await first.waitFor('lobby', (l) => l.seats.length === names.length + bots);
  first.send('start');
  const { game } = await first.waitFor('lobby', (l) => l.game !== null);
  return { players, code, game: game ?? '' };
}

// Each test starts and stops real server processes: slow on a busy machine.
describe('a restart', { timeout: 90_000 }, () => {
  it('keeps finished games and solo records, and resumes a game stopped by SIGTERM with its people', async () => {
    const dataDir = dataFolder();
    const first = await start(dataDir);

    // A finished game: one round against a bot.
    const ana = await Player.create(first.ws, 'race', { name: 'Ana', settings: { rounds: 1, hourglassSeconds: 20 } });
    ana.send('add-bot', { level: 'master' });
    ana.send('start');
    const { view } = await ana.waitFor('view', (m) => m.view.task !== null);
    if (!view.task) throw new Error('no task');
    ana.send('claim', { placements: solve(view.task) });
    const { game: finished } = await ana.waitFor('saved');

    // A solo run of five puzzles.
    const zoe = await Player.create(first.ws, 'solo', { name: 'Zoe', mode: 'count', limit: 5, side: 'hard' });
    zoe.send('start');
    for (let n = 0; n < 5; n++) {
      const v = await zoe.waitFor('view', (m) => m.solved === n && m.task !== null);
      if (!v.task) throw new Error('no puzzle');
      await humanPause(v.task, 20);
      zoe.send('claim', byHand(solve(v.task)));
    }
    await zoe.waitFor('recorded');

    // A game being played when the server is stopped: Ben solves round 1, then the stop.
    const { players, code, game } = await table(first.ws, ['Ben'], 1);
    const [ben] = players;
    if (!ben) throw new Error('no Ben');
    const dealt = await ben.waitFor('view', (m) => m.view.phase === 'playing' && m.view.task !== null);
    if (!dealt.view.task) throw new Error('no task');
    const seatKey = (await ben.waitFor('lobby', (l) => l.seatKey !== null)).seatKey ?? '';
    const closed = new Promise<number>((resolve) => ben.room.onLeave(resolve));
    expect(await first.stop('SIGTERM')).toBe(0);
    // Told the server restarts, not that the table closed; nobody became a bot.
    expect(await closed).toBe(CLOSE_CODES.restarting);
    expect(ben.received.some((r) => r.type === 'notice')).toBe(false);

    const second = await start(dataDir);
    const record = (await getJson(`${second.http}/api/games/${finished}`)).body as StoredGame;
    expect(record.seats.map((s) => s.name)).toEqual(['Ana', 'Bot 1 (master)']);
    expect(record.result?.winners.length).toBeGreaterThan(0);
    expect((await getJson(`${second.http}/api/games/${finished}/replay`)).body).toMatchObject({ matchesRecord: true });
    // Zoe's run, the first stored, is kept (a guest's: on no public board, docs/accounts.md).
    expect((await getJson(`${second.http}/api/runs/1`)).body).toMatchObject({ run: { player: 'Zoe', solved: 5 } });
    const records = (await getJson(`${second.http}/api/records?mode=count&limit=5&side=hard`)).body;
    expect(records).toEqual({ records: [], next: null });
    // The game under way is not stored as over: it waits for Ben under its old code.
    expect((await getJson(`${second.http}/api/games/${game}`)).status).toBe(404);
    // Ben, signed in as before (the key opens the seat for his account only).
    const back = await Player.join(second.ws, code, { seatKey }, ben.client.auth.token);
    const lobby = await back.waitFor('lobby');
    expect(lobby.seats.map((s) => s.kind)).toEqual(['human', 'bot']);
    expect(lobby.you).toBe(0);
    expect(lobby.resumeBy).toBeNull();
    // The lobby says which round starts over, until it is dealt.
    expect(lobby.restartRound).toBe(1);
    // Round 1 again, from its start; Ben plays it and the game goes on.
    const again = await back.waitFor('view', (m) => m.view.phase === 'playing' && m.view.round?.number === 1);
    await back.waitFor('lobby', (l) => l.restartRound === null);
    if (!again.view.task) throw new Error('no task');
    back.send('claim', { placements: solve(again.view.task) });
    await back.waitFor('events', (m) => m.events.some((e) => e.type === 'solved' && e.player === 'p1'));
    expect(await second.stop('SIGTERM')).toBe(0);
  });

  it('loses no accepted claim to kill -9: the round is played again with those who come back, bots for the others', async () => {
    const dataDir = dataFolder();
    const first = await start(dataDir);
    const { players, code, game } = await table(first.ws, ['Ana', 'Ben'], 0);
    const [ana, ben] = players;
    if (!ana || !ben) throw new Error('no players');
    const dealt = await ana.waitFor('view', (m) => m.view.phase === 'playing' && m.view.task !== null);
    if (!dealt.view.task) throw new Error('no task');
    const anaKey = (await ana.waitFor('lobby', (l) => l.seatKey !== null)).seatKey ?? '';
    ana.send('claim', { placements: solve(dealt.view.task) });
    // Answered as accepted: then the process dies at once.
    await ana.waitFor('events', (m) => m.events.some((e) => e.type === 'solved'));
    await first.stop('SIGKILL');

    // The claim is in the journal.
    const stores = await openSqliteStores(dataDir);
    const [journal] = await stores.games.liveGames();
    await stores.close();
    expect(journal?.game.id).toBe(game);
    expect(
      journal?.entries.some(
        ({ entry }) => entry.kind === 'action' && entry.action.type === 'claim' && entry.action.player === 'p1',
      ),
    ).toBe(true);

    const second = await start(dataDir);
    // Ana comes back; Ben does not.
    const back = await Player.join(second.ws, code, { seatKey: anaKey }, ana.client.auth.token);
    const waiting = await back.waitFor('lobby');
    expect(waiting.resumeBy).not.toBeNull();
    expect(waiting.seats.map((s) => [s.kind, s.connected])).toEqual([
      ['human', true],
      ['human', false],
    ]);
    // A stranger with a made-up key is only a spectator.
    const stranger = await Player.join(second.ws, code, { name: 'Eve', seatKey: 'made-up' });
    expect((await stranger.waitFor('lobby')).you).toBe(-1);
    // After the window (60 game seconds: 3 s here), a bot stands in for Ben and round 1 starts again.
    const notice = await back.waitFor('notice', () => true, 20_000);
    expect(notice).toMatchObject({ kind: 'replaced', seat: 'p2', name: 'Ben', reason: 'timeout' });
    const again = await back.waitFor('view', (m) => m.view.phase === 'playing' && m.view.round?.number === 1);
    if (!again.view.task) throw new Error('no task');
    back.send('claim', { placements: solve(again.view.task) });
    await back.waitFor('events', (m) => m.events.some((e) => e.type === 'solved' && e.player === 'p1'));

    // The first round-1 claim is set apart as what the restart cost, not lost.
    await second.stop('SIGKILL');
    const after = await openSqliteStores(dataDir);
    const voided = await after.games.voidedEntries();
    await after.close();
    expect(voided.some(({ entry }) => entry.kind === 'action' && entry.action.type === 'claim')).toBe(true);
  });

  it('gives an arena the points of its game resumed after a restart, and frees its table', async () => {
    const dataDir = dataFolder();
    const first = await start(dataDir);
    const people = await Promise.all(['arena_rey', 'arena_sol'].map((n) => member(first.ws, n)));
    // An arena running now on the server's clock, put in its database as `ubongo admin arena` does.
    const { serverNow } = (await getJson(`${first.http}/api/arenas`)).body as ArenasAnswer;
    const stores = await openSqliteStores(dataDir);
    await stores.arenas.createArena({
      id: 'restart-arena',
      name: 'Restart arena',
      edition: 'classic',
      rounds: 1,
      startsAt: serverNow,
      endsAt: serverNow + 3_600_000,
      createdAt: serverNow,
    });
    await stores.close();
    const arenaAt = async (http: string): Promise<ArenaAnswer> =>
      (await getJson(`${http}/api/arenas/restart-arena`)).body as ArenaAnswer;
    // Both enter its lobby, and say so until the arena seats them at a table.
    let code = '';
    for (let i = 0; i < 100 && code === ''; i++) {
      const answers = await Promise.all(
        people.map(async (p) => {
          const res = await fetch(`${first.http}/api/arenas/restart-arena/join`, {
            method: 'POST',
            headers: { authorization: `Bearer ${p.session}` },
          });
          return (await res.json()) as ArenaAnswer;
        }),
      );
      code = answers.every((a) => a.you?.table) ? (answers[0]?.you?.table ?? '') : '';
      if (code === '') await new Promise((resolve) => setTimeout(resolve, 150));
    }
    expect(code).not.toBe('');
    const players = await Promise.all(people.map((p) => Player.join(first.ws, code, { side: 'easy' }, p.session)));
    await Promise.all(players.map((p) => p.waitFor('view', (m) => m.view.phase === 'playing' && m.view.task !== null)));
    const keys = await Promise.all(
      players.map(async (p) => (await p.waitFor('lobby', (l) => l.seatKey !== null)).seatKey ?? ''),
    );
    expect(await first.stop('SIGTERM')).toBe(0);

    // Back after the restart, each by their seat's key: the table is the arena's still.
    const second = await start(dataDir);
    const back = await Promise.all(
      people.map((p, i) => Player.join(second.ws, code, { seatKey: keys[i] ?? '' }, p.session)),
    );
    for (const p of back) expect((await p.waitFor('lobby')).arena).toBe('restart-arena');
    for (const p of back) {
      const { view } = await p.waitFor('view', (m) => m.view.phase === 'playing' && m.view.task !== null, 30_000);
      if (!view.task) throw new Error('no task');
      await humanPause(view.task, 20);
      p.send('claim', byHand(solve(view.task)));
    }
    await Promise.all(back.map((p) => p.waitFor('saved', () => true, 30_000)));
    // Its points are the arena's, and its players are free again.
    let arena = await arenaAt(second.http);
    for (let i = 0; i < 50 && arena.tables > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      arena = await arenaAt(second.http);
    }
    expect(arena.tables).toBe(0);
    expect(arena.standings.map((s) => s.games)).toEqual([1, 1]);
    expect(arena.standings.some((s) => s.points > 0)).toBe(true);
    expect(await second.stop('SIGTERM')).toBe(0);
  });

  it('goes on as soon as the last person is back, by the seat key or by a reconnection', async () => {
    const dataDir = dataFolder();
    const first = await start(dataDir);
    const { players, code } = await table(first.ws, ['Ana', 'Ben'], 0);
    const [ana, ben] = players;
    if (!ana || !ben) throw new Error('no players');
    const keyOf = async (p: typeof ana): Promise<string> =>
      (await p.waitFor('lobby', (l) => l.seatKey !== null)).seatKey ?? '';
    const [anaKey, benKey] = [await keyOf(ana), await keyOf(ben)];
    await first.stop('SIGKILL');

    const second = await start(dataDir);
    const anaBack = await Player.join(second.ws, code, { seatKey: anaKey }, ana.client.auth.token);
    const waiting = await anaBack.waitFor('lobby', (l) => l.resumeBy !== null);
    // Ana's connection drops while the game waits for Ben; Ben comes back by his key, then Ana by
    // her connection's token: the last one back.
    const token = anaBack.room.reconnectionToken;
    anaBack.room.connection.close();
    const benBack = await Player.join(second.ws, code, { seatKey: benKey }, ben.client.auth.token);
    await benBack.waitFor('lobby', (l) => l.seats[0]?.connected === false && l.seats[1]?.connected === true);
    await anaBack.reconnect(token);
    const going = await benBack.waitFor('lobby', (l) => l.resumeBy === null);
    expect(going.seats.map((s) => [s.kind, s.connected])).toEqual([
      ['human', true],
      ['human', true],
    ]);
    // On the server's clock, before the window for coming back had run out.
    expect(going.serverNow).toBeLessThan(waiting.resumeBy ?? 0);
    expect(benBack.received.some((r) => r.type === 'notice')).toBe(false);
    expect(await second.stop('SIGTERM')).toBe(0);
  });

  it('gives the host role back to the host of a game resumed after a restart, whoever is back first', async () => {
    const dataDir = dataFolder();
    const first = await start(dataDir);
    const { players, code } = await table(first.ws, ['Ana', 'Ben'], 0);
    const [ana, ben] = players;
    if (!ana || !ben) throw new Error('no players');
    const keyOf = async (p: typeof ana): Promise<string> =>
      (await p.waitFor('lobby', (l) => l.seatKey !== null)).seatKey ?? '';
    const [anaKey, benKey] = [await keyOf(ana), await keyOf(ben)];
    expect((await ana.waitFor('lobby')).host).toBe(0);
    await first.stop('SIGKILL');

    // Ben is back first (he hosts while Ana is away); Ana hosts again once she is back.
    const second = await start(dataDir);
    const benBack = await Player.join(second.ws, code, { seatKey: benKey }, ben.client.auth.token);
    await benBack.waitFor('lobby', (l) => l.seats[1]?.connected === true && l.resumeBy !== null);
    const anaBack = await Player.join(second.ws, code, { seatKey: anaKey }, ana.client.auth.token);
    const going = await benBack.waitFor('lobby', (l) => l.resumeBy === null);
    expect(going.host).toBe(0);
    expect((await anaBack.waitFor('lobby', (l) => l.resumeBy === null)).host).toBe(0);
    expect(await second.stop('SIGTERM')).toBe(0);
  });

  it('brings back a lobby and a finished table with their people, settings, bots, host and ready states; rematch works', async () => {
    const dataDir = dataFolder();
    const first = await start(dataDir);
    // A lobby: Ana hosts two rounds of extreme with a bot; Ben is ready, Ana is not.
    const ana = await Player.create(first.ws, 'race', {
      name: 'Ana',
      settings: { edition: 'extreme', rounds: 2, hourglassSeconds: 120 },
    });
    const { code } = await ana.waitFor('lobby');
    const ben = await Player.join(first.ws, code, { name: 'Ben' });
    ana.send('add-bot', { level: 'expert' });
    ben.send('ready', { ready: true });
    await ana.waitFor('lobby', (l) => l.seats.length === 3 && l.seats[1]?.ready === true);
    const anaKey = (await ana.waitFor('lobby', (l) => l.seatKey !== null)).seatKey ?? '';
    const benKey = (await ben.waitFor('lobby', (l) => l.seatKey !== null)).seatKey ?? '';
    // A finished table: Cy won one round against a bot, and stays at the end screen.
    const cy = await Player.create(first.ws, 'race', { name: 'Cy', settings: { rounds: 1, hourglassSeconds: 20 } });
    const { code: cyCode } = await cy.waitFor('lobby');
    cy.send('add-bot', { level: 'beginner' });
    await cy.waitFor('lobby', (l) => l.seats.length === 2);
    cy.send('start');
    const { view } = await cy.waitFor('view', (m) => m.view.task !== null);
    if (!view.task) throw new Error('no task');
    cy.send('claim', { placements: solve(view.task) });
    const { game: cyGame } = await cy.waitFor('saved');
    const cyKey = (await cy.waitFor('lobby', (l) => l.seatKey !== null)).seatKey ?? '';
    expect(await first.stop('SIGTERM')).toBe(0);

    const second = await start(dataDir);
    expect(second.stderr()).toContain('2 tables were kept between games: 2 back');
    // Ana first: the lobby as it was, waiting for Ben; she hosts again, but no game starts while
    // the table waits for its people (Ben's seat would have nobody to play it).
    const anaBack = await Player.join(second.ws, code, { seatKey: anaKey }, ana.client.auth.token);
    const waiting = await anaBack.waitFor('lobby');
    expect(waiting.started).toBe(false);
    expect(waiting.you).toBe(0);
    expect(waiting.resumeBy).not.toBeNull();
    expect(waiting.settings).toMatchObject({ edition: 'extreme', rounds: 2, hourglassSeconds: 120 });
    expect(waiting.seats.map((s) => [s.kind, s.connected, s.ready])).toEqual([
      ['human', true, false],
      ['human', false, true],
      ['bot', true, true],
    ]);
    anaBack.send('start');
    expect((await anaBack.waitFor('rejected', (r) => r.to === 'start')).message).toContain('waits for its people');
    const benBack = await Player.join(second.ws, code, { seatKey: benKey }, ben.client.auth.token);
    expect((await benBack.waitFor('lobby')).you).toBe(1);
    const together = await anaBack.waitFor('lobby', (l) => l.resumeBy === null);
    expect(together.you).toBe(0);
    expect(together.host).toBe(0);
    expect(together.seats.map((s) => (s.kind === 'human' ? s.name : s.kind))).toEqual(['Ana', 'Ben', 'bot']);
    // Someone else's key opens nothing: a newcomer takes the free seat instead.
    const eve = await Player.join(second.ws, code, { name: 'Eve', seatKey: benKey });
    expect((await eve.waitFor('lobby')).you).toBe(3);
    // The host starts it: the game is the table's, as before the restart.
    anaBack.send('start');
    await anaBack.waitFor('view', (m) => m.view.phase === 'playing');

    // Cy is back at the end of the game, and the rematch brings the table back to its lobby.
    const cyBack = await Player.join(second.ws, cyCode, { seatKey: cyKey }, cy.client.auth.token);
    const ended = await cyBack.waitFor('view', (m) => m.view.phase === 'finished');
    expect(ended.view.you).toBe('p1');
    // The game's record is said again, as to anyone who comes back to a finished table.
    expect(await cyBack.waitFor('saved')).toEqual({ game: cyGame, rated: false, ratings: [] });
    expect((await cyBack.waitFor('lobby')).game).toBe(cyGame);
    cyBack.send('rematch');
    const rematch = await cyBack.waitFor('lobby', (l) => !l.started);
    expect(rematch.host).toBe(0);
    expect(rematch.seats.map((s) => s.kind)).toEqual(['human', 'bot']);
    cyBack.send('start');
    await cyBack.waitFor('view', (m) => m.view.phase === 'playing' && m.view.task !== null);
    expect(await second.stop('SIGTERM')).toBe(0);
  });

  it('forgets a lobby nobody comes back to after the window', async () => {
    const dataDir = dataFolder();
    const first = await start(dataDir);
    const ana = await Player.create(first.ws, 'race', { name: 'Ana' });
    const { code } = await ana.waitFor('lobby');
    await ana.waitFor('lobby', (l) => l.seatKey !== null);
    await first.stop('SIGKILL');
    const second = await start(dataDir);
    expect(second.stderr()).toContain('1 tables were kept between games: 1 back');
    // 60 game seconds (3 s here), then the room closes and the table is forgotten.
    await expect
      .poll(
        async () => {
          const stores = await openSqliteStores(dataDir);
          try {
            return (await stores.games.liveTables()).map((t) => t.code);
          } finally {
            await stores.close();
          }
        },
        { timeout: 20_000, interval: 500 },
      )
      .toEqual([]);
    await expect(Player.join(second.ws, code, { name: 'Zed' })).rejects.toThrow();
    expect(await second.stop('SIGTERM')).toBe(0);
  });

  it('lets practice go on after a restart with the task in hand, and answers its covered board', async () => {
    const dataDir = dataFolder();
    const first = await start(dataDir);
    const pia = await Player.create(first.ws, 'practice', {});
    await pia.waitFor('practice');
    const ref = { edition: 'extreme', board: 'E07', side: 'hard', key: 'blue' } as const;
    pia.send('task', ref);
    const before = await pia.waitFor('practice', (m) => m.board === ref.board);
    const closed = new Promise<number>((resolve) => pia.room.onLeave(resolve));
    await first.stop('SIGKILL');
    // The socket died (not a close the server chose): the page makes practice again.
    expect(await closed).not.toBe(1000);
    const second = await start(dataDir);
    const back = await Player.create(second.ws, 'practice', { task: ref });
    const again = await back.waitFor('practice');
    expect(again).toMatchObject(ref);
    expect(again.task).toEqual(before.task);
    back.send('claim', { placements: solve(again.task) });
    await back.waitFor('checked');
    // A task no deck has is refused, in words.
    await expect(Player.create(second.ws, 'practice', { task: { ...ref, board: 'E99' } })).rejects.toThrow(
      /no task blue on extreme board E99 hard/,
    );
    expect(await second.stop('SIGTERM')).toBe(0);
  });

  it('stores a game nobody comes back to as interrupted, blaming no one', async () => {
    const dataDir = dataFolder();
    const first = await start(dataDir);
    const { game } = await table(first.ws, ['Cy', 'Di'], 1);
    await first.stop('SIGKILL');
    const second = await start(dataDir);
    await expect
      .poll(async () => (await getJson(`${second.http}/api/games/${game}`)).status, { timeout: 20_000 })
      .toBe(200);
    const stored = (await getJson(`${second.http}/api/games/${game}`)).body as StoredGame;
    expect(stored.result).toBeUndefined();
    expect(stored.seats.map((s) => [s.name, s.kind])).toEqual([
      ['Cy', 'human'],
      ['Di', 'human'],
      ['Bot 1 (beginner)', 'bot'],
    ]);
    expect(second.stderr()).toContain('the journal held 1 games under way: 1 resumed');
    expect(await second.stop('SIGTERM')).toBe(0);
  });
});

describe('a start', () => {
  // Root writes to any file: the server is run as `nobody` to meet a file it may not write.
  const asRoot = process.getuid?.() === 0;
  it.runIf(asRoot)('refuses a database it cannot write, in one line', async () => {
    const dataDir = dataFolder();
    const stores = await openSqliteStores(dataDir);
    await stores.close();
    chmodSync(dataDir, 0o777);
    chmodSync(join(dataDir, 'ubongo.sqlite'), 0o444);
    const child = spawnServer({ UBONGO_DATA_DIR: dataDir }, { user: 'nobody' });
    running.push(child);
    const code = await child.exited;
    expect(code).toBe(2);
    expect(logMessages(child.stderr()).trim().split('\n')).toEqual([
      expect.stringMatching(
        /the database .*ubongo\.sqlite cannot be written to \(attempt to write a readonly database\)$/,
      ),
    ]);
    // A folder it cannot write to is refused the same way.
    const locked = dataFolder();
    chownSync(locked, 0, 0);
    chmodSync(locked, 0o755);
    const second = spawnServer({ UBONGO_DATA_DIR: locked }, { user: 'nobody' });
    running.push(second);
    expect(await second.exited).toBe(2);
    expect(second.stderr()).toMatch(/the data folder .* cannot be written to/);
  });
});
