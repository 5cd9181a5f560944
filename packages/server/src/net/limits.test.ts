import type { GuestAnswer } from '@ubongo/core';
import { CLOSE_CODES, PROTOCOL_VERSION } from '@ubongo/core';
import type { Room } from 'colyseus.js';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Limits } from './limits.js';
import { DEFAULT_LIMITS, limitsFromEnv, rateLimitedLog } from './limits.js';
import { MAX_SPECTATORS } from '../protocol.js';
import type { UbongoServer } from '../server.js';
import { startServer } from '../server.js';
import type { Stores } from '../storage/stores.js';
import { openMemoryStores } from '../storage/index.js';
import { Player, signedIn, solve } from '@ubongo/test-support/player';

/*
 * Each limit over a real server on a real socket, with the limit set low so that a test reaches
 * it in a few requests; each answer says what the limit is.
 */

const running: { server: UbongoServer; dir: string }[] = [];

afterEach(async () => {
  for (const { server, dir } of running.splice(0)) {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

async function serve(
  limits: Partial<Limits> = {},
  webDir?: string,
  stores?: Stores,
): Promise<{ http: string; ws: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'ubongo-limits-'));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: dir,
    timeScale: 20,
    limits,
    log: () => undefined,
    ...(webDir === undefined ? {} : { webDir }),
    ...(stores === undefined ? {} : { stores }),
  });
  running.push({ server, dir });
  return { http: `http://127.0.0.1:${server.port}`, ws: `ws://127.0.0.1:${server.port}` };
}

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
  /** Of a body given as a size: the bytes written when the answer came. */
  readonly sent: number;
}

/** One HTTP request; `body` is written in 64 KiB chunks up to `bytes` when given as a size. */
function call(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | { bytes: number } } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // The bytes of a large body written so far, and whether the answer came (no more are written).
    let sent = 0;
    let answered = false;
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      answered = true;
      const sentBefore = sent;
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, sent: sentBefore });
      });
    });
    req.on('error', reject);
    const body = options.body;
    if (typeof body === 'string' || body === undefined) {
      req.end(body);
      return;
    }
    // A large body, written as long as the server reads it; a server that stops reading ends it.
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const pump = (): void => {
      while (!answered && sent < body.bytes) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

// A guest's session per server, so that the matchmaker lets the requests through to the limits.
const sessions = new Map<string, string>();
async function sessionFor(url: string): Promise<string> {
  const origin = new URL(url).origin;
  let session = sessions.get(origin);
  if (!session) {
    const res = await fetch(`${origin}/api/accounts`, { method: 'POST', body: '{}' });
    session = ((await res.json()) as GuestAnswer).session;
    sessions.set(origin, session);
  }
  return session;
}

const post = async (url: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> =>
  call(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await sessionFor(url)}`, ...headers },
    body: JSON.stringify(body),
  });

/** The words of an error answer. */
const errorOf = (answer: Answer): string => (JSON.parse(answer.body) as { error: string }).error;

const join_ = { protocol: PROTOCOL_VERSION };

describe('limits from the environment', () => {
  it('reads each variable and names a bad one', () => {
    expect(limitsFromEnv({})).toEqual(DEFAULT_LIMITS);
    expect(
      limitsFromEnv({
        UBONGO_ROOMS_PER_MINUTE: '5',
        UBONGO_ALLOWED_ORIGINS: 'http://localhost:5173, https://ubongo.example',
        UBONGO_TRUST_PROXY: '10.0.0.0/8, fd00::1',
      }),
    ).toMatchObject({
      roomsPerMinute: 5,
      allowedOrigins: ['http://localhost:5173', 'https://ubongo.example'],
      trustProxy: { entries: ['10.0.0.0/8', 'fd00::1'] },
    });
    // Its old yes: a proxy on this machine.
    expect(limitsFromEnv({ UBONGO_TRUST_PROXY: '1' }).trustProxy.entries).toEqual(['127.0.0.0/8', '::1']);
    expect(limitsFromEnv({ UBONGO_TRUST_PROXY: '0' }).trustProxy.entries).toEqual([]);
    expect(() => limitsFromEnv({ UBONGO_IDLE_SECONDS: '-3' })).toThrow(
      'UBONGO_IDLE_SECONDS must be a whole number above 0, got -3',
    );
    expect(() => limitsFromEnv({ UBONGO_ALLOWED_ORIGINS: '*' })).toThrow('UBONGO_ALLOWED_ORIGINS holds "*"');
    expect(() => limitsFromEnv({ UBONGO_TRUST_PROXY: 'yes' })).toThrow(
      'UBONGO_TRUST_PROXY: "yes" is not an IP address or a CIDR range',
    );
    expect(() => limitsFromEnv({ UBONGO_TRUST_PROXY: '10.0.0.0/33' })).toThrow(
      'UBONGO_TRUST_PROXY: "10.0.0.0/33" has a prefix length that is not 0 to 32',
    );
  });

  // How an allowance is spent and given back is the rate limiter's contract (rate-limit.test.ts).
  it('a log past its lines a minute sums up what it left out', () => {
    let now = 0;
    const lines: string[] = [];
    const log = rateLimitedLog(
      (m) => lines.push(m),
      3,
      () => now,
    );
    for (let i = 0; i < 1000; i++) log(`failure ${i}`);
    expect(lines).toEqual(['failure 0', 'failure 1', 'failure 2']);
    now += 60_000;
    log('later');
    expect(lines.slice(3)).toEqual(['997 log lines left out in the last minute', 'later']);
  });
});

describe('the matchmaker', () => {
  it('answers only under its own path, with real status codes', async () => {
    const { http } = await serve();
    // A query string naming the matchmaker is not the matchmaker.
    const elsewhere = await call(`${http}/api/decks?x=/matchmake/create/race`);
    expect(elsewhere.status).toBe(200);
    expect(JSON.parse(elsewhere.body)).toHaveProperty('decks');
    expect((await call(`${http}/nothing/matchmake/create/race`, { method: 'POST', body: '{}' })).status).toBe(405);

    expect((await call(`${http}/matchmake/create/race`)).status).toBe(405);
    const noMethod = await post(`${http}/matchmake/steal/race`, join_);
    expect(noMethod.status).toBe(404);
    expect(errorOf(noMethod)).toContain('no matchmaking method steal');
    expect((await post(`${http}/matchmake/create/chess`, join_)).status).toBe(404);
    const notJson = await call(`${http}/matchmake/create/race`, { method: 'POST', body: '{"name": ' });
    expect(notJson.status).toBe(400);
    expect(errorOf(notJson)).toBe('the request body is not JSON');
    const oldClient = await post(`${http}/matchmake/create/race`, { protocol: 1 });
    expect(oldClient.status).toBe(400);
    expect(errorOf(oldClient)).toBe(`this server speaks protocol ${PROTOCOL_VERSION}`);
    const unknown = await post(`${http}/matchmake/joinById/ZZZZZZ`, join_);
    expect(unknown.status).toBe(404);
    const anonymous = await call(`${http}/matchmake/create/race`, { method: 'POST', body: JSON.stringify(join_) });
    expect(anonymous.status).toBe(401);
    expect(errorOf(anonymous)).toMatch(/^sign in first/);
    const created = await post(`${http}/matchmake/create/race`, join_);
    expect(created.status).toBe(200);
    expect(JSON.parse(created.body)).toHaveProperty('sessionId');
  });

  it('refuses a body past its cap before reading it, and creates nothing', async () => {
    const { http } = await serve({ bodyBytes: 1024 });
    // 200 MB declared: refused on the header alone.
    const declared = await call(`${http}/matchmake/create/race`, {
      method: 'POST',
      headers: { 'content-length': String(200 * 1024 * 1024) },
      body: { bytes: 200 * 1024 * 1024 },
    });
    expect(declared.status).toBe(413);
    expect(errorOf(declared)).toBe('request bodies are at most 1024 bytes');
    // 200 MB chunked, no length said: refused once past the cap.
    const chunked = await call(`${http}/matchmake/create/race`, {
      method: 'POST',
      headers: { 'transfer-encoding': 'chunked' },
      body: { bytes: 200 * 1024 * 1024 },
    });
    expect(chunked.status).toBe(413);
    // The server stopped reading it early: not a tenth of it had been sent when the answer came
    // (what the server never read it cannot have kept; the process's memory, shared with this
    // test's own writing, said too little and failed once on a growth of 32 MB).
    expect(chunked.sent).toBeLessThan(20 * 1024 * 1024);
    const rooms = JSON.parse((await call(`${http}/healthz`)).body) as { status: string };
    expect(rooms.status).toBe('ok');
  });

  it('limits the rooms, joins, reconnections and code guesses of one address', async () => {
    const { http } = await serve({
      roomsPerMinute: 2,
      joinsPerMinute: 3,
      reconnectsPerMinute: 2,
      codeGuessesPerMinute: 2,
    });
    expect((await post(`${http}/matchmake/create/race`, join_)).status).toBe(200);
    const code = (JSON.parse((await post(`${http}/matchmake/create/race`, join_)).body) as { room: { roomId: string } })
      .room.roomId;
    const third = await post(`${http}/matchmake/create/solo`, { ...join_, mode: 'count', limit: 5, side: 'easy' });
    expect(third.status).toBe(429);
    expect(errorOf(third)).toMatch(/^too many new rooms from your address; try again in \d+ s$/);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);

    // Two wrong codes, then even the right one waits.
    expect((await post(`${http}/matchmake/joinById/AAAAAA`, join_)).status).toBe(404);
    expect((await post(`${http}/matchmake/joinById/BBBBBB`, join_)).status).toBe(404);
    const guessed = await post(`${http}/matchmake/joinById/${code}`, join_);
    expect(guessed.status).toBe(429);
    expect(errorOf(guessed)).toMatch(/^too many unknown table codes/);

    for (let i = 0; i < 2; i++)
      expect((await post(`${http}/matchmake/reconnect/${code}`, { reconnectionToken: 'nope' })).status).toBe(410);
    expect((await post(`${http}/matchmake/reconnect/${code}`, { reconnectionToken: 'nope' })).status).toBe(429);

    // Another address is not held back by this one's use (the proxy's word is not trusted here,
    // so the test cannot pretend to be another address: a fresh server shows the same limit afresh).
    const other = await serve({ roomsPerMinute: 2 });
    expect((await post(`${other.http}/matchmake/create/race`, join_)).status).toBe(200);
  });

  it('limits the open game connections of one address', async () => {
    const { ws } = await serve({ connectionsPerAddress: 3 });
    const rooms: Room[] = [];
    for (let i = 0; i < 3; i++) rooms.push(await (await signedIn(ws)).create('race', join_));
    await expect((await signedIn(ws)).create('race', join_)).rejects.toThrow();
    // One leaves; a newcomer gets in.
    await rooms[0]?.leave(true);
    await expect
      .poll(async () =>
        signedIn(ws)
          .then((c) => c.create('race', join_))
          .then(
            () => true,
            () => false,
          ),
      )
      .toBe(true);
  });

  it('speaks CORS only to allowed origins, and sends security headers', async () => {
    const web = mkdtempSync(join(tmpdir(), 'ubongo-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(join(web, 'app.js.map'), '{}');
    writeFileSync(join(web, 'app.js'), 'console.log(1)');
    try {
      const { http } = await serve({ allowedOrigins: ['http://localhost:5173'] }, web);
      const evil = await post(`${http}/matchmake/create/race`, join_, { origin: 'https://evil.example' });
      expect(evil.headers['access-control-allow-origin']).toBeUndefined();
      expect(evil.headers['access-control-allow-credentials']).toBeUndefined();
      const dev = await call(`${http}/matchmake/create/race`, {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
      });
      expect(dev.status).toBe(204);
      expect(dev.headers['access-control-allow-origin']).toBe('http://localhost:5173');
      expect(dev.headers['access-control-allow-credentials']).toBeUndefined();

      const page = await call(`${http}/`);
      expect(page.status).toBe(200);
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['x-content-type-options']).toBe('nosniff');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect((await call(`${http}/api/decks`)).headers['x-content-type-options']).toBe('nosniff');
      expect((await call(`${http}/app.js`)).status).toBe(200);
      expect((await call(`${http}/app.js.map`)).status).toBe(404);
    } finally {
      rmSync(web, { recursive: true, force: true });
    }
  });
});

describe('rooms', () => {
  it(`lets ${MAX_SPECTATORS} spectators watch a table, and tells the next one it is full`, async () => {
    const { ws } = await serve({ connectionsPerAddress: 40 });
    const host = await Player.create(ws, 'race', { name: 'Ana' });
    const { code } = await host.waitFor('lobby');
    host.send('add-bot', { level: 'beginner' });
    host.send('start');
    await host.waitFor('lobby', (l) => l.started);
    const watchers: Player<'race'>[] = [];
    for (let i = 0; i < MAX_SPECTATORS; i++) watchers.push(await Player.join(ws, code, { name: `W${i}` }));
    await expect(Player.join(ws, code, { name: 'One too many' })).rejects.toThrow(
      `this table has ${MAX_SPECTATORS} spectators already`,
    );
    await host.waitFor('lobby', (l) => l.spectators === MAX_SPECTATORS);
    expect(watchers.every((w) => w.room.connection.isOpen)).toBe(true);
  });

  it('closes a lobby and a solo run nobody uses, saying why', async () => {
    const { ws } = await serve({ idleSeconds: 1 });
    const lobby = await Player.create(ws, 'race', { name: 'Ana' });
    const solo = await Player.create(ws, 'solo', { name: 'Zoe', mode: 'count', limit: 5, side: 'easy' });
    const closed = (p: Player<'race'> | Player<'solo'>): Promise<number> =>
      new Promise((resolve) => p.room.onLeave(resolve));
    expect(await Promise.all([closed(lobby), closed(solo)])).toEqual([CLOSE_CODES.idle, CLOSE_CODES.idle]);
  });

  it('disconnects a client that keeps sending after being told to slow down, answering it once a second', async () => {
    const { ws } = await serve({ floodStrikes: 100 });
    const flooder = await Player.create(ws, 'race', { name: 'Flo' });
    await flooder.waitFor('lobby');
    const closed = new Promise<number>((resolve) => flooder.room.onLeave(resolve));
    for (let i = 0; i < 1000 && flooder.room.connection.isOpen; i++) flooder.send('ready', { ready: i % 2 === 0 });
    expect(await closed).toBe(CLOSE_CODES.flood);
    const tooFast = flooder.received.filter(
      (r) => r.type === 'rejected' && (r.message as { code: string }).code === 'message/too-fast',
    );
    expect(tooFast.length).toBeGreaterThanOrEqual(1);
    expect(tooFast.length).toBeLessThanOrEqual(3);
  });
});

describe('faults', () => {
  it('tells the player when their result cannot be stored', async () => {
    // A store whose disk has gone: solo results fail to save.
    const failing = openMemoryStores();
    failing.soloRuns.saveSolo = () => Promise.reject(new Error('disk I/O error'));
    const { ws } = await serve({}, undefined, failing);
    const zoe = await Player.create(ws, 'solo', { name: 'Zoe', mode: 'count', limit: 5, side: 'easy' });
    zoe.send('start');
    for (let n = 0; n < 5; n++) {
      const v = await zoe.waitFor('view', (m) => m.solved === n && m.task !== null);
      if (!v.task) throw new Error('no puzzle');
      zoe.send('claim', { placements: solve(v.task) });
    }
    const refused = await zoe.waitFor('rejected', (r) => r.code === 'message/not-saved');
    expect(refused.message).toContain('could not store this result');
    expect(zoe.received.some((r) => r.type === 'recorded')).toBe(false);
  });
});
