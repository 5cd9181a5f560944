import type { GuestAnswer, PlayerRunsAnswer, ProfileAnswer, RecordsAnswer, SoloRunAnswer } from '@ubongo/core';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Limits } from '../net/limits.js';
import type { UbongoServer } from '../server.js';
import { startServer } from '../server.js';
import type { SoloRecord } from '../solo/store.js';
import { openSqliteStores } from '../storage/index.js';

/*
 * Cheap pages, bounded growth and public boards over a real server and a real SQLite file: who is
 * on a public board, pages and their cursors, a run's replay, reports, the per-address API budget
 * tried from many source addresses, and the trail sweep.
 */

const DAY = 86_400_000;
const dirs: string[] = [];
const servers: UbongoServer[] = [];

async function serve(limits: Partial<Limits> = {}, dataDir?: string): Promise<UbongoServer> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'ubongo-pages-'));
  if (!dataDir) dirs.push(dir);
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: dir,
    webDir: dir,
    log: () => undefined,
    limits,
  });
  servers.push(server);
  return server;
}

afterAll(async () => {
  for (const s of servers.splice(0)) await s.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** An HTTP request from a chosen local address (127.x.y.z): each is a client of its own to the server. */
function call(
  port: number,
  path: string,
  options: { from?: string; method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: unknown }> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        localAddress: options.from ?? '127.0.0.1',
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text === '' ? undefined : JSON.parse(text),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A guest account over HTTP, given a username (a claimed account) unless `guest`. */
async function account(port: number, name: string, username?: string): Promise<{ id: string; token: string }> {
  const guest = (await call(port, '/api/accounts', { method: 'POST', body: { name } })).body as GuestAnswer;
  if (username !== undefined) {
    const claimed = await call(port, '/api/me/claim', {
      method: 'POST',
      token: guest.session,
      body: { username, password: 'a long password' },
    });
    expect(claimed.status).toBe(200);
  }
  return { id: guest.account.id, token: guest.session };
}

const run = (over: Partial<SoloRecord>): SoloRecord => ({
  player: 'speedy',
  mode: 'timed',
  limit: 5,
  side: 'easy',
  solved: 3,
  skipped: 0,
  ms: 300_000,
  seed: 1,
  finishedAt: Date.now(),
  accountId: null,
  verified: true,
  puzzles: [{ board: 'C01', side: 'easy', key: '1', outcome: 'solved', ms: 4000, trail: [[900, 'place', 'L4']] }],
  dealing: 'shuffled',
  ...over,
});

describe('public boards', () => {
  let server: UbongoServer;
  let port: number;
  const ids: Record<string, string> = {};
  let tokens: Record<string, string> = {};

  beforeAll(async () => {
    server = await serve({ apiPointsPerMinute: 100_000 });
    port = server.port;
    const made = {
      a: await account(port, 'speedy', 'speedy_a'),
      b: await account(port, 'speedy', 'speedy_b'),
      guest: await account(port, 'speedy'),
    };
    for (const [k, v] of Object.entries(made)) ids[k] = v.id;
    tokens = Object.fromEntries(Object.entries(made).map(([k, v]) => [k, v.token]));
    const now = Date.now();
    // a: claimed, three runs on two days; b: claimed, two runs; the guest: five runs on three days.
    for (const [i, at] of [now - 2 * DAY, now - 2 * DAY + 1, now - 1].entries())
      await server.stores.soloRuns.saveSolo(run({ accountId: made.a.id, finishedAt: at, ms: 200_000 + i }));
    for (const at of [now - 2 * DAY, now - 1])
      await server.stores.soloRuns.saveSolo(run({ accountId: made.b.id, finishedAt: at, solved: 5 }));
    for (const at of [now - 3 * DAY, now - 2 * DAY, now - DAY, now - 2, now - 1])
      await server.stores.soloRuns.saveSolo(run({ accountId: made.guest.id, finishedAt: at, solved: 5, ms: 1000 }));
  });

  it('lists each claimed player once, by their best, with the username beside the name and a replay per entry', async () => {
    const { status, body } = await call(port, '/api/records?mode=timed&top=100');
    expect(status).toBe(200);
    const board = body as RecordsAnswer;
    // From the first result on (no history asked for), unreviewed until a person approves; the guest is on no board.
    expect(board.records.map((r) => [r.player, r.username, r.solved, r.ms, r.reviewed])).toEqual([
      ['speedy', 'speedy_b', 5, 300_000, false],
      ['speedy', 'speedy_a', 3, 200_000, false],
    ]);
    expect(board.next).toBeNull();
    // Today's board: each one's best of the runs finished today.
    const today = (await call(port, '/api/records?mode=timed&period=day')).body as RecordsAnswer;
    expect(today.records.map((r) => [r.username, r.ms])).toEqual([
      ['speedy_b', 300_000],
      ['speedy_a', 200_002],
    ]);
    // Each entry's replay: the run with its puzzles and their moves.
    const first = board.records[1];
    const replay = (await call(port, `/api/runs/${first?.run ?? 0}`)).body as SoloRunAnswer;
    expect(replay.run).toMatchObject({ run: first?.run, username: 'speedy_a', verified: true, dealing: 'shuffled' });
    expect(replay.trails).toBe(true);
    expect(replay.puzzles[0]?.trail).toEqual([[900, 'place', 'L4']]);
    for (const bad of ['/api/runs/0', '/api/runs/abc', '/api/runs/99999999'])
      expect(await call(port, bad)).toMatchObject({ status: 404, body: { error: expect.any(String) as string } });
  });

  it('shows a player who is not established their own best on their profile, read without a trail', async () => {
    const profile = (await call(port, `/api/players/${ids['b'] ?? ''}`)).body as ProfileAnswer;
    expect(profile.solo.runs).toBe(2);
    expect(profile.solo.best).toMatchObject([{ username: 'speedy_b', solved: 5, mode: 'timed' }]);
    expect(profile.solo.averagePuzzleMs).toBe(4000);
    const guest = (await call(port, `/api/players/${ids['guest'] ?? ''}`)).body as ProfileAnswer;
    expect(guest.solo.best).toMatchObject([{ username: null, ms: 1000 }]);
  });

  it('gives a list a page at a time, the next by the cursor the page gave, and refuses a cursor that is none', async () => {
    const whole = (await call(port, `/api/players/${ids['guest'] ?? ''}/runs?top=100`)).body as PlayerRunsAnswer;
    expect(whole.runs).toHaveLength(5);
    const seen: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = (
        await call(port, `/api/players/${ids['guest'] ?? ''}/runs?top=2${cursor ? `&cursor=${cursor}` : ''}`)
      ).body as PlayerRunsAnswer;
      expect(page.runs.length).toBeLessThanOrEqual(2);
      seen.push(...page.runs.map((r) => r.run));
      cursor = page.next;
    }
    expect(seen).toEqual(whole.runs.map((r) => r.run));
    const records: number[] = [];
    cursor = '';
    while (cursor !== null) {
      const page = (await call(port, `/api/records?mode=timed&top=1${cursor ? `&cursor=${cursor}` : ''}`))
        .body as RecordsAnswer;
      records.push(...page.records.map((r) => r.ms));
      cursor = page.next;
    }
    expect(records).toEqual([300_000, 200_000]);
    for (const bad of [
      '/api/records?mode=timed&cursor=-1',
      '/api/records?mode=timed&top=101',
      '/api/players/x/runs?cursor=abc',
      '/api/leaderboard?edition=classic&cursor=x',
    ]) {
      const res = await call(port, bad);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: expect.stringMatching(/cursor|top/) as string });
    }
    expect((await call(port, '/api/players/nobody/runs')).status).toBe(404);
  });

  it('takes a signed-in player’s report of an entry once, and says why it does not', async () => {
    const runId = ((await call(port, '/api/records?mode=timed')).body as RecordsAnswer).records[0]?.run ?? 0;
    const report = (token: string | undefined, body: unknown) =>
      call(port, '/api/reports', { method: 'POST', body, ...(token === undefined ? {} : { token }) });
    const reason = 'too fast to be true';
    expect(await report(undefined, { kind: 'run', target: String(runId), reason })).toMatchObject({ status: 401 });
    expect(await report(tokens['guest'], { kind: 'run', target: String(runId), reason })).toMatchObject({
      status: 403,
      body: { error: 'claim a username before reporting' },
    });
    for (const body of [
      { kind: 'game', target: '1', reason },
      { kind: 'run', target: String(runId), reason: '   ' },
      { kind: 'run', target: String(runId), reason: 'x'.repeat(301) },
      { kind: 'run', target: String(runId), reason, more: 1 },
    ])
      expect((await report(tokens['b'], body)).status).toBe(400);
    expect(await report(tokens['b'], { kind: 'run', target: '99999', reason })).toMatchObject({ status: 404 });
    expect(await report(tokens['b'], { kind: 'player', target: 'nobody', reason })).toMatchObject({ status: 404 });
    expect(await report(tokens['b'], { kind: 'run', target: String(runId), reason })).toMatchObject({
      status: 201,
      body: { reported: { kind: 'run', target: String(runId) } },
    });
    expect(await report(tokens['b'], { kind: 'run', target: String(runId), reason: 'again' })).toMatchObject({
      status: 409,
      body: { error: 'you have reported this run already' },
    });
    expect(await report(tokens['b'], { kind: 'player', target: ids['a'] ?? '', reason })).toMatchObject({
      status: 201,
    });
    // Ten a minute: the reports of the same player before count (409's were refused before the limit).
    let refused: Awaited<ReturnType<typeof report>> | undefined;
    for (let i = 0; i < 12 && !refused; i++) {
      const res = await report(tokens['b'], {
        kind: 'player',
        target: ids[i % 2 ? 'guest' : 'b'] ?? '',
        reason: `r${i}`,
      });
      if (res.status === 429) refused = res;
    }
    expect(refused?.headers['retry-after']).toMatch(/^\d+$/);
    const stored = await server.stores.reports.reports();
    expect(stored.filter((r) => r.reporter === ids['b']).map((r) => [r.kind, r.target, r.reason])).toEqual([
      ['run', String(runId), reason],
      ['player', ids['a'], reason],
      ['player', ids['b'], 'r0'],
      ['player', ids['guest'], 'r1'],
    ]);
  });
});

describe('the API budget per address', () => {
  it('refuses an address past its points with 429 and Retry-After, and no other address', async () => {
    // 120 a minute: 20 points in each window of 10 s.
    const server = await serve({ apiPointsPerMinute: 120 });
    const { port } = server;
    const { id } = await account(port, 'Ana');
    // A profile costs 5: four from one address, then refused, before anything is read.
    for (let i = 0; i < 4; i++)
      expect((await call(port, `/api/players/${id}`, { from: '127.0.0.2' })).status).toBe(200);
    const refused = await call(port, `/api/players/${id}`, { from: '127.0.0.2' });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(refused.body).toMatchObject({
      error: expect.stringMatching(/^too many requests from this address/) as string,
    });
    expect((await call(port, '/healthz', { from: '127.0.0.2' })).status).toBe(429);
    // /healthz costs 1: twenty from another address, then refused.
    const health = [];
    for (let i = 0; i < 21; i++) health.push((await call(port, '/healthz', { from: '127.0.0.3' })).status);
    expect(health.filter((s) => s === 200)).toHaveLength(20);
    expect(health[20]).toBe(429);
    // Many other addresses, each with its own budget: none is refused.
    const others = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(port, `/api/players/${id}`, { from: `127.0.${1 + (i >> 4)}.${10 + (i % 16)}` }),
      ),
    );
    expect(others.map((r) => r.status)).toEqual(Array.from({ length: 40 }, () => 200));
    // Routes with limits of their own are not charged here: an account is still made from the spent address.
    expect((await call(port, '/api/accounts', { from: '127.0.0.2', method: 'POST', body: {} })).status).toBe(201);
  });

  it('charges every read the map gives a cost, Storm’s highs and the seasons among them', async () => {
    // 20 points a window of 10 s; a run of requests may cross into the next window, never two.
    const server = await serve({ apiPointsPerMinute: 120 });
    const statuses = async (path: string, from: string, n: number): Promise<number[]> => {
      const found: number[] = [];
      for (let i = 0; i < n; i++) found.push((await call(server.port, path, { from })).status);
      return found;
    };
    // Storm's highs cost 5 (three boards): four a window, so ten are never all answered.
    const highs = await statuses('/api/storm/highs', '127.0.0.4', 10);
    expect(highs.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(highs).toContain(429);
    // The seasons list costs 1: twenty a window, so forty-five are never all answered.
    expect(await statuses('/api/seasons', '127.0.0.5', 45)).toContain(429);
  });
});

describe('parallel requests of one address', () => {
  it('are worked on a few at a time: every one is answered, none is lost in the queue', async () => {
    const server = await serve({ apiPointsPerMinute: 1_000_000 });
    const { id } = await account(server.port, 'Ana');
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => call(server.port, `/api/players/${id}`, { from: '127.0.0.9' })),
      );
      const statuses = answers.map((a) => a.status);
      // Two at a time, sixteen waiting: the rest, if they came at once, refused without waiting.
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(18);
      expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
    }
    // Another address is served at once.
    expect((await call(server.port, '/healthz', { from: '127.0.0.10' })).status).toBe(200);
  });
});

describe('the trail sweep', () => {
  it('drops old unverified runs’ trails and an account’s past its budget at start, keeping its best', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ubongo-sweep-'));
    dirs.push(dir);
    const now = Date.now();
    const stores = await openSqliteStores(dir);
    const old = await stores.soloRuns.saveSolo(run({ accountId: 'x1', verified: false, finishedAt: now - 8 * DAY }));
    const recent = await stores.soloRuns.saveSolo(run({ accountId: 'x2', verified: false, finishedAt: now - 6 * DAY }));
    const best = await stores.soloRuns.saveSolo(run({ accountId: 'x3', solved: 5, finishedAt: now - 5 * DAY }));
    const older = await stores.soloRuns.saveSolo(run({ accountId: 'x3', solved: 1, finishedAt: now - 4 * DAY }));
    const newest = await stores.soloRuns.saveSolo(run({ accountId: 'x3', solved: 1, finishedAt: now - 3 * DAY }));
    await stores.close();
    const server = await serve({ trailDays: 7, trailsPerAccount: 2 }, dir);
    const trails = async (id: number) => ((await call(server.port, `/api/runs/${id}`)).body as SoloRunAnswer).trails;
    await expect.poll(() => trails(old)).toBe(false);
    await expect.poll(() => trails(older)).toBe(false);
    expect(await Promise.all([recent, best, newest].map(trails))).toEqual([true, true, true]);
    // The runs stay, with their puzzles' times.
    const kept = (await call(server.port, `/api/runs/${old}`)).body as SoloRunAnswer;
    // (With the task as dealt, which plays a trail back.)
    expect(kept.puzzles.map(({ task, ...p }) => [p, task?.pieces.length])).toEqual([
      [{ board: 'C01', side: 'easy', key: '1', outcome: 'solved', ms: 4000 }, 3],
    ]);
  });
});
