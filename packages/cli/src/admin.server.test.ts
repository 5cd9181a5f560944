import type { Stores } from '@ubongo/server';
import type { Postgres } from '@ubongo/test-support';
import { freePort, startPostgres } from '@ubongo/test-support';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Io } from './io.js';
import { main } from './main.js';

/** Runs the command in-process and captures what it writes. */
async function ubongo(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: Io = { out: (t) => (out += t), err: (t) => (err += t), readFile: () => '' };
  const code = await main(args, io);
  return { code, out, err };
}

/** Runs `work` with DATABASE_URL set to `url`, as an operator's shell would have it. */
async function withDatabaseUrl<T>(url: string, work: () => Promise<T>): Promise<T> {
  const before = process.env['DATABASE_URL'];
  process.env['DATABASE_URL'] = url;
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env['DATABASE_URL'];
    else process.env['DATABASE_URL'] = before;
  }
}

// PostgreSQL from the system's binaries, started for this file as the server's stores tests start it.
describe('ubongo admin on PostgreSQL', () => {
  let postgres: Postgres | undefined;
  beforeAll(async () => {
    postgres = await startPostgres();
  }, 120_000);
  afterAll(async () => {
    await postgres?.stop();
  });
  const cluster = (): Postgres => {
    if (!postgres) throw new Error('PostgreSQL did not start (see beforeAll)');
    return postgres;
  };

  it('lists the accounts flagged in the database DATABASE_URL or --database-url names', async () => {
    const url = await cluster().createDatabase();
    const { openPostgresStores } = await import('@ubongo/server');
    const stores = await openPostgresStores(url);
    try {
      expect(await ubongo('admin', 'flagged', '--database-url', url)).toEqual({
        code: 1,
        out: '0 accounts flagged\n',
        err: '',
      });
      const guest = { id: 'a1', secretHash: 'ab', name: 'Robo', username: null, passwordHash: null, createdAt: 1 };
      await stores.accounts.createAccount(guest);
      await stores.accounts.flagAccount(
        'a1',
        'solved C01 easy 1 in 0.10 s, under the human floor of 1.80 s',
        Date.UTC(2026, 10, 26),
      );
      // Read while the server's store is open: a shared database needs no stop.
      const listed = {
        code: 0,
        out: '2026-11-26T00:00:00.000Z  a1  Robo (guest): solved C01 easy 1 in 0.10 s, under the human floor of 1.80 s\n1 account flagged\n',
        err: '',
      };
      expect(await ubongo('admin', 'flagged', '--database-url', url)).toEqual(listed);
      expect(await withDatabaseUrl(url, () => ubongo('admin', 'flagged'))).toEqual(listed);
      const json = await withDatabaseUrl(url, () => ubongo('admin', 'flagged', '--json'));
      expect(JSON.parse(json.out)).toMatchObject({
        id: 'a1',
        name: 'Robo',
        username: null,
        at: '2026-11-26T00:00:00.000Z',
      });
      // A data folder asked for is read instead, as SQLite.
      const empty = mkdtempSync(join(tmpdir(), 'ubongo-admin-'));
      expect(await withDatabaseUrl(url, () => ubongo('admin', 'flagged', '--data-dir', empty))).toMatchObject({
        code: 1,
        out: '0 accounts flagged\n',
      });
      expect((await ubongo('admin', 'flagged', '--data-dir', empty, '--database-url', url)).code).toBe(2);
    } finally {
      await stores.close();
    }
  });

  it('says which setting names a database it cannot read, its password masked', async () => {
    const bad = await ubongo('admin', 'flagged', '--database-url', 'mysql://ubongo@localhost/ubongo');
    expect(bad).toMatchObject({ code: 2, out: '' });
    expect(bad.err).toMatch(/^ubongo: --database-url: must be a postgres:\/\/ or postgresql:\/\/ URL/);
    const unreachable = `postgres://ubongo:hunter2@127.0.0.1:${await freePort()}/ubongo`;
    const refused = await withDatabaseUrl(unreachable, () => ubongo('admin', 'flagged'));
    expect(refused).toMatchObject({ code: 2, out: '' });
    expect(refused.err).toMatch(
      /^ubongo: DATABASE_URL: cannot connect to postgres:\/\/ubongo:\*\*\*@127\.0\.0\.1:\d+\/ubongo: /,
    );
    expect(refused.err).not.toContain('hunter2');
  });
});

/** Runs, with their trails, and a report, in a store: what `admin size` and `admin reports` read. */
async function fill(stores: Stores): Promise<void> {
  const trail = Array.from({ length: 200 }, (_, i) => [i * 10, 'place', 'L4'] as const);
  const puzzles = [{ board: 'C01', side: 'easy', key: '1', outcome: 'solved', ms: 4000, trail }] as const;
  for (let i = 0; i < 30; i++)
    await stores.soloRuns.saveSolo({
      player: 'Ana',
      mode: 'timed',
      limit: 5,
      side: 'easy',
      solved: 1,
      skipped: 0,
      ms: 300_000,
      seed: i,
      finishedAt: i,
      accountId: 'a1',
      verified: true,
      puzzles,
    });
  await stores.reports.saveReport({
    reporter: 'r1',
    kind: 'run',
    target: '3',
    reason: 'too\nfast',
    at: Date.UTC(2026, 10, 27),
  });
}

describe('ubongo admin size and reports', () => {
  it('says a SQLite database’s tables by size, rows and bytes, and lists the reports', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ubongo-admin-size-'));
    const { openSqliteStores } = await import('@ubongo/server');
    const stores = await openSqliteStores(dir);
    await fill(stores);
    await stores.close();
    const size = await ubongo('admin', 'size', '--data-dir', dir);
    expect(size.code).toBe(0);
    const lines = size.out.trim().split('\n');
    expect(lines[0]).toMatch(/^table\s+rows\s+bytes$/);
    // The trails are the largest table: 30 runs' moves.
    expect(lines[1]).toMatch(/^solo_trails\s+30\s+\d+(\.\d)? kB$/);
    expect(size.out).toMatch(/\nsolo_results\s+30\s+\S+ kB\n/);
    expect(lines.at(-1)).toMatch(/^total\s+\d+\s+\d+(\.\d)? [kM]B$/);
    const json = (await ubongo('admin', 'size', '--data-dir', dir, '--json')).out.trim().split('\n');
    expect(json.map((l) => JSON.parse(l) as { table: string })).toContainEqual({
      table: 'reports',
      rows: 1,
      bytes: expect.any(Number) as number,
    });
    expect(await ubongo('admin', 'reports', '--data-dir', dir)).toEqual({
      code: 0,
      out: '2026-11-27T00:00:00.000Z  run 3  by r1: too fast\n1 report\n',
      err: '',
    });
    // The operator's review list has them too, after the results held (none here).
    expect(await ubongo('admin', 'review', '--data-dir', dir)).toEqual({
      code: 0,
      out: '0 results held\n2026-11-27T00:00:00.000Z  reported  run 3 by r1: too fast\n    replay: /api/runs/3\n1 report\n',
      err: '',
    });
    const empty = mkdtempSync(join(tmpdir(), 'ubongo-admin-size-'));
    expect(await ubongo('admin', 'reports', '--data-dir', empty)).toMatchObject({ code: 1, out: '0 reports\n' });
    expect((await ubongo('admin', 'size', 'extra', '--data-dir', empty)).code).toBe(2);
  });

  it('says a PostgreSQL database’s tables by size from pg_total_relation_size', async () => {
    const postgres = await startPostgres();
    try {
      const url = await postgres.createDatabase();
      const { openPostgresStores } = await import('@ubongo/server');
      const stores = await openPostgresStores(url);
      try {
        await fill(stores);
        const size = await ubongo('admin', 'size', '--database-url', url);
        expect(size.code).toBe(0);
        expect(size.out).toMatch(/\nsolo_trails\s+30\s+\d+(\.\d)? kB\n/);
        // One row per migration: 035 challenges is the 25th.
        expect(size.out).toMatch(/\nkysely_migration\s+25\s+/);
        const reports = await ubongo('admin', 'reports', '--database-url', url, '--json');
        expect(JSON.parse(reports.out)).toEqual({
          reporter: 'r1',
          kind: 'run',
          target: '3',
          reason: 'too\nfast',
          at: '2026-11-27T00:00:00.000Z',
          settledAt: null,
        });
      } finally {
        await stores.close();
      }
    } finally {
      await postgres.stop();
    }
  }, 120_000);

  it('schedules, lists and cancels arenas, refusing bad options before it opens the database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ubongo-admin-arena-'));
    expect(await ubongo('admin', 'arena', 'list', '--data-dir', dir)).toEqual({ code: 1, out: '0 arenas\n', err: '' });
    const added = await ubongo(
      'admin',
      'arena',
      'add',
      '--start',
      '2099-01-01T18:00Z',
      '--minutes',
      '30',
      '--name',
      'New year',
      '--json',
      '--data-dir',
      dir,
    );
    expect(added.code).toBe(0);
    const arena = JSON.parse(added.out) as { id: string; startsAt: number; endsAt: number; edition: string };
    expect(arena).toMatchObject({ edition: 'classic', rounds: 3, name: 'New year' });
    expect(arena.endsAt - arena.startsAt).toBe(30 * 60_000);
    expect(new Date(arena.startsAt).toISOString()).toBe('2099-01-01T18:00:00.000Z');
    const soon = await ubongo(
      'admin',
      'arena',
      'add',
      '--start',
      '+10',
      '--minutes',
      '5',
      '--edition',
      'extreme',
      '--data-dir',
      dir,
    );
    expect(soon.code).toBe(0);
    const list = await ubongo('admin', 'arena', 'list', '--data-dir', dir);
    expect(list.out).toMatch(
      /extreme {2}5 min {2}3 rounds {2}0 players\n.*classic {2}30 min {2}3 rounds {2}0 players {2}New year\n2 arenas\n$/s,
    );
    for (const bad of [
      ['add', '--start', 'tomorrow', '--minutes', '30'],
      ['add', '--start', '+5', '--minutes', '0'],
      ['add', '--start', '+5', '--minutes', '30', '--edition', 'chess'],
      ['add', '--start', '+5', '--minutes', '30', '--rounds', '12'],
      ['add', '--start', '2000-01-01T00:00Z', '--minutes', '30'],
      ['add', '--minutes', '30'],
      ['cancel'],
      ['other'],
    ])
      expect((await ubongo('admin', 'arena', ...bad, '--data-dir', dir)).code).toBe(2);
    expect((await ubongo('admin', 'arena', 'list', '--data-dir', dir)).out).toMatch(/\n2 arenas\n$/);
    expect(await ubongo('admin', 'arena', 'cancel', arena.id, '--data-dir', dir)).toEqual({
      code: 0,
      out: `arena ${arena.id} cancelled\n`,
      err: '',
    });
    expect((await ubongo('admin', 'arena', 'cancel', arena.id, '--data-dir', dir)).code).toBe(1);
    expect((await ubongo('admin', 'arena', 'list', '--data-dir', dir)).out).toMatch(/\n1 arena\n$/);
  });
});
