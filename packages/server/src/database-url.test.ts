import type { GuestAnswer, LeaderboardAnswer, RecordsAnswer } from '@ubongo/core';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UbongoServer } from './server.js';
import { startServer } from './server.js';
import { openPostgresStores } from './storage/index.js';
import type { Postgres, ServerRun } from '@ubongo/test-support';
import { freePort, runServerProcess, startPostgres } from '@ubongo/test-support';

// DATABASE_URL end to end: the server on PostgreSQL over HTTP, and `npm start`'s entry point
// refusing a URL it cannot use with one line. The entry point is the build's (`npx tsc -b`).
const folders: string[] = [];
let postgres: Postgres | undefined;

beforeAll(async () => {
  postgres = await startPostgres();
}, 120_000);

afterAll(async () => {
  await postgres?.stop();
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const cluster = (): Postgres => {
  if (!postgres) throw new Error('PostgreSQL did not start (see beforeAll)');
  return postgres;
};

function dataFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ubongo-database-url-'));
  folders.push(dir);
  return dir;
}

/**
 * Runs the entry point with `env` added to this one's (DATABASE_URL and the data folder set by the
 * caller), on any free port; `whenListening` runs once it says it listens, then it gets SIGTERM.
 */
async function runMain(
  env: Readonly<Record<string, string>>,
  whenListening: (http: string) => Promise<void> = () => Promise.resolve(),
): Promise<ServerRun> {
  return runServerProcess(env, whenListening);
}

describe('the server on PostgreSQL', () => {
  let server: UbongoServer | undefined;
  afterAll(async () => {
    await server?.close();
  });

  it('keeps accounts made over HTTP in the database, and lists what another process stored', async () => {
    const url = await cluster().createDatabase();
    const dataDir = dataFolder();
    server = await startServer({ port: 0, dataDir, databaseUrl: url, log: () => undefined });
    expect(server.stores).toMatchObject({ database: 'postgres' });
    const http = `http://localhost:${server.port}`;
    const created = await fetch(`${http}/api/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ana' }),
    });
    expect(created.status).toBe(201);
    const guest = (await created.json()) as GuestAnswer;
    const me = await fetch(`${http}/api/me`, { headers: { authorization: `Bearer ${guest.session}` } });
    expect(((await me.json()) as { account: { name: string } }).account.name).toBe('Ana');

    // Another process on the same database (phase 2 runs several) sees the account and its
    // session, and what it stores the server lists.
    const other = await openPostgresStores(url);
    try {
      expect((await other.accounts.account(guest.account.id))?.name).toBe('Ana');
      // Claimed, with a history of three games and three runs on two days: on the public boards.
      expect(await other.accounts.claimAccount(guest.account.id, 'ana', 'ana', 'h', 'ana')).toBe(true);
      const rating = { accountId: guest.account.id, edition: 'classic' as const, mu: 30, sigma: 2, games: 1 };
      const earlier = Date.now() - 2 * 86_400_000;
      await other.ratings.saveRatings('g0', [{ ...rating, updatedAt: earlier }]);
      await other.ratings.saveRatings('g00', [{ ...rating, updatedAt: earlier + 1 }]);
      await other.ratings.saveRatings('g1', [{ ...rating, updatedAt: Date.now() }]);
      const run = {
        player: 'Ana',
        mode: 'timed',
        limit: 5,
        side: 'easy',
        solved: 4,
        skipped: 0,
        ms: 300_000,
        seed: 2 ** 32 - 1,
        finishedAt: Date.now(),
        accountId: guest.account.id,
        verified: true,
      } as const;
      await other.soloRuns.saveSolo({ ...run, solved: 1, finishedAt: earlier });
      await other.soloRuns.saveSolo({ ...run, solved: 1, finishedAt: earlier + 1 });
      await other.soloRuns.saveSolo(run);
    } finally {
      await other.close();
    }
    const board = (await (await fetch(`${http}/api/leaderboard?edition=classic`)).json()) as LeaderboardAnswer;
    expect(board.players.map((p) => [p.id, p.name, p.username, p.game])).toEqual([
      [guest.account.id, 'Ana', 'ana', 'g1'],
    ]);
    const records = (await (await fetch(`${http}/api/records?mode=timed&period=day`)).json()) as RecordsAnswer;
    expect(records.records.map((r) => [r.player, r.username, r.solved, r.seed])).toEqual([
      ['Ana', 'ana', 4, 2 ** 32 - 1],
    ]);
    // Nothing went to SQLite.
    expect(existsSync(join(dataDir, 'ubongo.sqlite'))).toBe(false);
  });
});

describe('npm start with DATABASE_URL', () => {
  it('starts on the database it names, showing the URL without its password', async () => {
    const url = new URL(await cluster().createDatabase());
    url.password = 'hunter2';
    const dataDir = dataFolder();
    let status = 0;
    const run = await runMain({ DATABASE_URL: url.toString(), UBONGO_DATA_DIR: dataDir }, async (http) => {
      status = (await fetch(`${http}/api/accounts`, { method: 'POST', body: '{}' })).status;
    });
    expect(status).toBe(201);
    // The start line is the log's, on stderr.
    expect(run.err).toContain(`(data in postgres://postgres:***@${url.host}${url.pathname})`);
    expect(run.out + run.err).not.toContain('hunter2');
    expect(run.code).toBe(0);
    expect(existsSync(join(dataDir, 'ubongo.sqlite'))).toBe(false);
  });

  it.each([
    [
      'another scheme',
      'mysql://ana:hunter2@db/ubongo',
      'must be a postgres:// or postgresql:// URL, got mysql://ana:***@db/ubongo',
    ],
    ['no URL', 'ubongo', 'must be a postgres:// or postgresql:// URL, got ubongo'],
    ['a broken URL', 'postgres://ana:hunter2@[::1/ubongo', 'is not a URL: postgres://ana:***@[::1/ubongo'],
  ])('stops at once with one line on %s', async (_, url, why) => {
    const run = await runMain({ DATABASE_URL: url, UBONGO_DATA_DIR: dataFolder() });
    expect(run).toEqual({ code: 2, out: '', err: `DATABASE_URL: ${why}\n` });
  });

  it('stops with one line naming a database it cannot reach, its password masked', async () => {
    const port = await freePort();
    const run = await runMain({
      DATABASE_URL: `postgresql://ana:hunter2@127.0.0.1:${port}/ubongo`,
      UBONGO_DATA_DIR: dataFolder(),
    });
    expect(run.code).toBe(2);
    expect(run.out).toBe('');
    expect(run.err).toMatch(
      new RegExp(
        `^DATABASE_URL: cannot connect to postgresql://ana:\\*\\*\\*@127\\.0\\.0\\.1:${port}/ubongo: connect ECONNREFUSED 127\\.0\\.0\\.1:${port}\\n$`,
      ),
    );
  });

  it('stops with one line when the database named does not exist', async () => {
    const url = new URL(cluster().url);
    url.pathname = '/nothing_here';
    const run = await runMain({ DATABASE_URL: url.toString(), UBONGO_DATA_DIR: dataFolder() });
    expect(run).toEqual({
      code: 2,
      out: '',
      err: `DATABASE_URL: cannot connect to ${url.toString()}: database "nothing_here" does not exist\n`,
    });
  });
});
