// npm run soak: a chaos soak on loopback, bounded in time. Tables of scripted players and bots
// play over real sockets while the server process is killed (kill -9) and started again at random
// moments; beside them a seeded fuzz of HTTP requests and room messages. At the end the server is
// stopped and its SQLite file read: every claim that was answered as accepted must be in stores
// (a game's record, its journal, or the journal's entries set apart by a restart), and every
// finished game must replay to its stored result. Prints the counts; exits 1 if anything was lost.
// Sizes from the environment: SOAK_SECONDS (60), TABLES (6), SEED (1).
import type { RaceServerMessages, Rng } from '@ubongo/core';
import { createRng, nextUint32, PROTOCOL_VERSION } from '@ubongo/core';
import { openSqliteStores } from '@ubongo/server';
import type { ServerProcess } from '@ubongo/test-support';
import { freePort, startServerProcess } from '@ubongo/test-support';
import { replayOf } from './soak-replay.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Room } from 'colyseus.js';
import type { Client } from 'colyseus.js';
import { guestClient, solution } from './server-process.js';

const SOAK_SECONDS = Number(process.env['SOAK_SECONDS'] ?? 60);
const TABLES = Number(process.env['TABLES'] ?? 6);
const SEED = Number(process.env['SEED'] ?? 1);
const TIME_SCALE = 10;
const rng: Rng = createRng(SEED);
/** A seeded number in [0, 1). */
const random = (): number => nextUint32(rng) / 2 ** 32;
const between = (lo: number, hi: number): number => lo + random() * (hi - lo);

const dataDir = mkdtempSync(join(tmpdir(), 'ubongo-soak-'));
const port = await freePort();
const ws = `ws://127.0.0.1:${port}`;
const http = `http://127.0.0.1:${port}`;

// ---------------------------------------------------------------------------------------------
// The server: started, killed, started again.

let server: ServerProcess | undefined;
/** Which life of the server a connection belongs to. */
let generation = 0;
/** Whether the server is running (an object: the loops below read it while others change it). */
const serverState = { up: false };
const counts = { kills: 0, starts: 0, resumedLogged: 0 };
/** Every life of the server, for what they wrote to stderr. */
const lives: ServerProcess[] = [];

async function startServer(): Promise<void> {
  const started = await startServerProcess({
    PORT: String(port),
    UBONGO_DATA_DIR: dataDir,
    UBONGO_TIME_SCALE: String(TIME_SCALE),
    // Everyone here comes from one address.
    UBONGO_MAX_CONNECTIONS_PER_ADDRESS: '10000',
    UBONGO_MAX_TCP_PER_ADDRESS: '10000',
    UBONGO_MESSAGES_PER_SECOND: '100000',
    UBONGO_GUESTS_PER_MINUTE: '1000000',
    UBONGO_MESSAGE_BURST: '100000',
    UBONGO_ROOMS_PER_MINUTE: '100000',
    UBONGO_JOINS_PER_MINUTE: '100000',
    UBONGO_RECONNECTS_PER_MINUTE: '100000',
    UBONGO_CODE_GUESSES_PER_MINUTE: '100000',
    UBONGO_API_POINTS_PER_MINUTE: '10000000',
  });
  lives.push(started);
  server = started;
  generation++;
  counts.starts++;
  serverState.up = true;
}

async function kill(signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
  const child = server;
  if (!child || child.process.exitCode !== null) return;
  serverState.up = false;
  await child.stop(signal);
  if (signal === 'SIGKILL') counts.kills++;
}

// ---------------------------------------------------------------------------------------------
// Scripted players: each claims a correct placement after a short think, comes back with its
// seat's key whenever its connection dies, and the host calls a rematch after each game.

/** Every claim answered as accepted, seen by any player: game, player, round, server life. */
const accepted = new Set<string>();
const gamesSeen = new Set<string>();
const stats = { claimsSent: 0, comebacks: 0, comebackFailures: 0, rematches: 0 };
let ending = false;

interface Seat {
  /** Signed in to the player's guest account. */
  readonly client: Client;
  code: string;
  seatKey: string | null;
  room: Room | null;
  game: string | null;
}

function play(seat: Seat, host: boolean): void {
  const room = seat.room;
  if (!room) return;
  const life = generation;
  let claimed = '';
  /** The round being played, as this connection last saw it. */
  let current = '';
  room.onMessage('lobby', (l: RaceServerMessages['lobby']) => {
    // A key only while a game is under way: after it, a table in its lobby is not kept by a restart.
    seat.seatKey = l.seatKey;
    seat.game = l.game;
    if (l.game) gamesSeen.add(l.game);
    if (host && !l.started && l.seats.length >= 3) room.send('start', {});
  });
  room.onMessage('view', (m: RaceServerMessages['view']) => {
    const { view } = m;
    if (view.phase === 'finished') {
      if (host)
        setTimeout(() => {
          stats.rematches++;
          if (room.connection.isOpen) room.send('rematch', {});
        }, 300);
      return;
    }
    const round = `${life}/${view.round?.number ?? 0}/${view.round?.tieBreak ? 't' : ''}`;
    current = round;
    if (view.phase !== 'playing' || !view.task || claimed === round || view.round?.solved.includes(view.you ?? ''))
      return;
    claimed = round;
    const task = view.task;
    setTimeout(
      () => {
        if (!room.connection.isOpen) return;
        stats.claimsSent++;
        room.send('claim', { placements: solution(task) });
      },
      between(200, 1500),
    );
  });
  room.onMessage('events', (m: RaceServerMessages['events']) => {
    if (!seat.game) return;
    for (const e of m.events) if (e.type === 'solved') accepted.add(`${seat.game}|${e.player}|${current}`);
  });
  room.onMessage('*', () => undefined);
  room.onLeave((code) => {
    if (ending || code === 1000) return;
    void comeBack(seat, host);
  });
}

async function comeBack(seat: Seat, host: boolean): Promise<void> {
  seat.room = null;
  let refused = 0;
  while (!ending) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (!serverState.up) continue;
    try {
      seat.room = await seat.client.joinById(seat.code, {
        protocol: PROTOCOL_VERSION,
        ...(seat.seatKey ? { seatKey: seat.seatKey } : {}),
      });
      stats.comebacks++;
      play(seat, host);
      return;
    } catch {
      stats.comebackFailures++;
      refused++;
      // A table that was still in its lobby when the server died is gone (and one whose game is no
      // longer there after many tries): the host opens a new one, the guest goes home.
      if (refused > 30) seat.seatKey = null;
      if (host && !seat.seatKey) {
        try {
          await openTable(`P${Math.floor(random() * 1000)}`);
        } catch {
          // the server may be down again; try later
          continue;
        }
        return;
      }
      if (!seat.seatKey) return;
    }
  }
}

async function openTable(name: string): Promise<void> {
  const hostClient = await guestClient(ws, name);
  const hostRoom = await hostClient.create('race', {
    protocol: PROTOCOL_VERSION,
    settings: { rounds: 3, hourglassSeconds: 30, edition: random() < 0.5 ? 'classic' : 'extreme' },
  });
  const host: Seat = { client: hostClient, code: hostRoom.roomId, seatKey: null, room: hostRoom, game: null };
  const guest: Seat = {
    client: await guestClient(ws, `${name} friend`),
    code: hostRoom.roomId,
    seatKey: null,
    room: null,
    game: null,
  };
  play(host, true);
  guest.room = await guest.client.joinById(host.code, { protocol: PROTOCOL_VERSION });
  play(guest, false);
  hostRoom.send('add-bot', { level: random() < 0.5 ? 'casual' : 'fast' });
}

// ---------------------------------------------------------------------------------------------
// The fuzz beside: seeded HTTP requests and room messages, none of which may take anything down.

const fuzz = { http: 0, httpStatuses: new Map<number, number>(), httpFailedWhileUp: 0, messages: 0, answered: 0 };

function fuzzRequest(): Promise<void> {
  const methods = ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH'];
  const paths = [
    '/matchmake/create/race',
    '/matchmake/joinById/ZZZZZZ',
    '/matchmake/reconnect/x',
    '/matchmake/joinOrCreate/solo',
    '/matchmake/%00/race',
    '/matchmake',
    '/api/games/abc',
    '/api/games/../../etc/passwd',
    '/api/records?mode=timed&limit=7',
    '/api/records?mode=count&top=1000',
    '/api/decks',
    '/healthz',
    '/assets/../../package.json',
    '/%2e%2e/%2e%2e/',
    `/${'a'.repeat(5000)}`,
    '/x?/matchmake/create/race',
    '/api/accounts',
    '/api/sessions',
    '/api/me',
    '/api/me/claim',
  ];
  const bodies = [
    '',
    '{',
    'null',
    '[]',
    JSON.stringify({ protocol: PROTOCOL_VERSION }),
    JSON.stringify({ protocol: PROTOCOL_VERSION, name: 'x'.repeat(10_000) }),
    JSON.stringify({ protocol: PROTOCOL_VERSION, settings: { rounds: -1, edition: 'chess' } }),
    JSON.stringify({ username: 'x', password: 'y' }),
    'x'.repeat(50_000),
    '\u0000\u0001\u0002',
  ];
  const method = methods[Math.floor(random() * methods.length)] ?? 'GET';
  const path = paths[Math.floor(random() * paths.length)] ?? '/';
  const body = method === 'GET' || method === 'HEAD' ? '' : (bodies[Math.floor(random() * bodies.length)] ?? '');
  const wasUp = serverState.up;
  fuzz.http++;
  return new Promise((resolve) => {
    const req = request(`${http}${path}`, { method, headers: { 'content-type': 'application/json' } }, (res) => {
      fuzz.httpStatuses.set(res.statusCode ?? 0, (fuzz.httpStatuses.get(res.statusCode ?? 0) ?? 0) + 1);
      res.resume();
      res.on('end', resolve);
    });
    req.on('error', () => {
      if (wasUp && serverState.up) fuzz.httpFailedWhileUp++;
      resolve();
    });
    req.end(body);
  });
}

async function fuzzMessages(): Promise<void> {
  let room: Room;
  try {
    room = await (await guestClient(ws, 'Fuzz')).create('race', { protocol: PROTOCOL_VERSION });
  } catch {
    return;
  }
  room.onMessage('*', (type) => {
    if (type === 'rejected') fuzz.answered++;
  });
  room.onLeave(() => undefined);
  const types = [
    'claim',
    'move',
    'place',
    'settings',
    'add-bot',
    'remove-seat',
    'ready',
    'start',
    'rematch',
    'side',
    'nope',
    '',
  ];
  const values: unknown[] = [
    null,
    1,
    'x',
    [],
    {},
    { placements: [{ piece: 'A', cells: [[0, 0]] }] },
    { placements: 'all' },
    { level: 'god' },
    { seat: -1 },
    { rounds: 1e9 },
    { ready: 'yes' },
    { row: 99 },
    { side: 'middle' },
    { placements: Array.from({ length: 500 }, () => ({ piece: 'B', cells: [[1, 1]] })) },
  ];
  for (let i = 0; i < 40 && room.connection.isOpen; i++) {
    fuzz.messages++;
    room.send(types[Math.floor(random() * types.length)] ?? 'x', values[Math.floor(random() * values.length)]);
    await new Promise((resolve) => setTimeout(resolve, 60));
  }
  if (room.connection.isOpen) await room.leave(true);
}

// ---------------------------------------------------------------------------------------------
// The run.

await startServer();
for (let t = 0; t < TABLES; t++) await openTable(`P${t}`);

const endAt = Date.now() + SOAK_SECONDS * 1000;
const chaos = (async () => {
  while (Date.now() < endAt - 8000) {
    await new Promise((resolve) => setTimeout(resolve, between(6000, 12_000)));
    if (Date.now() >= endAt - 8000) break;
    await kill('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, between(100, 1500)));
    await startServer();
  }
})();
const fuzzing = (async () => {
  while (Date.now() < endAt) {
    if (serverState.up) await Promise.all([fuzzRequest(), fuzzRequest(), fuzzRequest()]);
    if (serverState.up && random() < 0.05) await fuzzMessages();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
})();
await Promise.all([chaos, fuzzing]);
ending = true;
await kill('SIGTERM');

// ---------------------------------------------------------------------------------------------
// What stores holds.

const stores = await openSqliteStores(dataDir);
const stored = new Map<string, number>();
const note = (game: string, player: string): void => {
  stored.set(`${game}|${player}`, (stored.get(`${game}|${player}`) ?? 0) + 1);
};
let finishedGames = 0;
let replayed = 0;
const notReplayed: string[] = [];
for (const { game: live, entries } of await stores.games.liveGames())
  for (const { entry } of entries)
    if (entry.kind === 'action' && entry.action.type === 'claim') note(live.id, entry.action.player);
for (const { gameId, entry } of await stores.games.voidedEntries())
  if (entry.kind === 'action' && entry.action.type === 'claim') note(gameId, entry.action.player);
// The HTTP replay, from a server started once more on the data (it resumes nothing it cannot).
await startServer();
for (const id of gamesSeen) {
  const record = await stores.games.game(id);
  if (!record) continue;
  for (const { action } of record.actions) if (action.type === 'claim') note(id, action.player);
  if (!record.result) continue;
  finishedGames++;
  const replay = await replayOf(http, id);
  if (replay === true) replayed++;
  else notReplayed.push(replay === false ? id : `${id} (${replay})`);
}
await kill('SIGTERM');
await stores.close();

const seen = new Map<string, number>();
for (const key of accepted) {
  const [game, player] = key.split('|');
  seen.set(`${game}|${player}`, (seen.get(`${game}|${player}`) ?? 0) + 1);
}
let lost = 0;
for (const [key, n] of seen) lost += Math.max(0, n - (stored.get(key) ?? 0));

const statuses = [...fuzz.httpStatuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${n}×${s}`);
console.log(
  `soak ${SOAK_SECONDS} s, seed ${SEED}: ${TABLES} tables (2 scripted players and a bot each), game time x${TIME_SCALE}`,
);
console.log(
  `server: started ${counts.starts} times, killed with -9 ${counts.kills} times; players came back ${stats.comebacks} times (${stats.comebackFailures} tries refused while it was down or the table was gone)`,
);
console.log(
  `games: ${gamesSeen.size} started, ${finishedGames} finished, ${replayed} replay to their stored result${notReplayed.length ? `, NOT: ${notReplayed.join(' ')}` : ''}`,
);
console.log(
  `claims: ${stats.claimsSent} sent by players, ${accepted.size} answered as accepted (players' and bots'), ${lost} of them not in storage`,
);
console.log(
  `fuzz: ${fuzz.http} HTTP requests (${statuses.join(', ')}; ${fuzz.httpFailedWhileUp} failed while the server was up), ${fuzz.messages} bad room messages (${fuzz.answered} refusals received)`,
);
const serverLog = lives.map((l) => l.stderr()).join('');
const crashes = (serverLog.match(/Error|failed/gi) ?? []).length;
console.log(
  `server log: ${serverLog.split('\n').filter(Boolean).length} lines, ${crashes} mention an error or failure`,
);
rmSync(dataDir, { recursive: true, force: true });
process.exit(lost > 0 || notReplayed.length > 0 ? 1 : 0);
