import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from './table/store.js';
import { allStoresContract } from './storage/contract/all.js';
import { attemptOf, claim, game, live, plusOne, solo } from './storage/contract/fixtures.js';
import { ownershipContract } from './storage/contract/games.js';
import { DatabaseUrlError, openPostgresStores, openSqliteStores } from './storage/index.js';
import type { Postgres } from '@ubongo/test-support';
import { freePort, startPostgres } from '@ubongo/test-support';

// The stores over SQLite and PostgreSQL; over memory in storage/memory.unit.test.ts (no database).

allStoresContract('SQLite', () => openSqliteStores(mkdtempSync(join(tmpdir(), 'ubongo-storage-'))));
ownershipContract('SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ubongo-storage-'));
  return Promise.resolve((owner) => openSqliteStores(dir, owner));
});

it('SQLite keeps what it stored when opened again on the same folder (migrations run once)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ubongo-storage-'));
  const first = await openSqliteStores(dir);
  await first.games.saveGame(game);
  await first.soloRuns.saveSolo(solo({}));
  await first.close();
  const second = await openSqliteStores(dir);
  expect(await second.games.game(game.id)).toEqual(game);
  expect(await second.soloRuns.records({ from: 'anyone', mode: 'timed' })).toHaveLength(1);
  await second.close();
});

it('SQLite’s WAL is moved into the database by its checkpointer thread (its commits leave it to it)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ubongo-storage-'));
  const file = join(dir, 'ubongo.sqlite');
  const stores = await openSqliteStores(dir);
  await stores.games.beginGame(live);
  const before = statSync(file).size;
  // Some 3 MB of entries: past the 1,000 pages at which a commit would checkpoint by itself.
  const entry = { ...claim, trail: Array.from({ length: 100 }, (_, i) => [i * 500, 'place', 'x'] as const) };
  for (let seq = 0; seq < 1000; seq++) await stores.games.journal(live.id, seq, entry as unknown as JournalEntry);
  // Without the checkpointer the WAL would grow for ever; it copies it over once a second.
  let after = statSync(file).size;
  for (let waited = 0; after < before + 2_000_000 && waited < 10_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    after = statSync(file).size;
  }
  expect(after).toBeGreaterThan(before + 2_000_000);
  await stores.close();
});

// PostgreSQL from the system's binaries (@ubongo/test-support), started for this file: the
// contract suite, then what only a shared server database has to show. Without the binaries the
// start fails, saying which Debian package to install.
describe('PostgreSQL', () => {
  let postgres: Postgres | undefined;
  let template = '';
  const cluster = (): Postgres => {
    if (!postgres) throw new Error('PostgreSQL did not start (see beforeAll)');
    return postgres;
  };

  beforeAll(async () => {
    postgres = await startPostgres();
    // Migrated once here, then copied for each test: a new store takes milliseconds, not a migration.
    const url = await postgres.createDatabase();
    await (await openPostgresStores(url)).close();
    template = new URL(url).pathname.slice(1);
  }, 120_000);

  afterAll(async () => {
    await postgres?.stop();
  });

  allStoresContract('PostgreSQL', async () => openPostgresStores(await cluster().createDatabase(template)));
  ownershipContract('PostgreSQL', async () => {
    const url = await cluster().createDatabase(template);
    return (owner) => openPostgresStores(url, { owner });
  });

  it('migrates an empty database, and a second store on it migrates nothing and sees what the first stored', async () => {
    const url = await cluster().createDatabase();
    const [first, second] = await Promise.all([openPostgresStores(url), openPostgresStores(url)]);
    await first.games.saveGame(game);
    await first.soloRuns.saveSolo(solo({}));
    expect(await second.games.game(game.id)).toEqual(game);
    expect(await second.soloRuns.records({ from: 'anyone', mode: 'timed' })).toHaveLength(1);
    await Promise.all([first.close(), second.close()]);
    const again = await openPostgresStores(url);
    expect(await again.soloRuns.records({ from: 'anyone', mode: 'timed' })).toHaveLength(1);
    await again.close();
  });

  it('shares accounts and sessions between stores (processes), and lets one of them have a contested name', async () => {
    const url = await cluster().createDatabase(template);
    const [a, b] = await Promise.all([openPostgresStores(url), openPostgresStores(url)]);
    const guest = { id: 'a1', secretHash: 'ab', name: 'Ana', username: null, passwordHash: null, createdAt: 1 };
    await a.accounts.createAccount(guest);
    await b.accounts.createAccount({ ...guest, id: 'a2' });
    await expect(b.accounts.createAccount(guest)).rejects.toThrow();
    await a.accounts.createSession({ tokenHash: 's1', accountId: 'a1', createdAt: 1, expiresAt: 9, revokedAt: null });
    expect((await b.accounts.session('s1'))?.accountId).toBe('a1');
    await b.accounts.revokeSessions({ accountId: 'a1' }, 5);
    expect((await a.accounts.session('s1'))?.revokedAt).toBe(5);
    for (let round = 0; round < 10; round++) {
      const claims = await Promise.all([
        a.accounts.claimAccount('a1', `Name${round}`, `name${round}`, 'scrypt$1', `name${round}`),
        b.accounts.claimAccount('a2', `NAME${round}`, `name${round}`, 'scrypt$2', `name${round}`),
      ]);
      expect(claims.filter(Boolean)).toHaveLength(1);
    }
    expect(await a.ratings.countAttempts([attemptOf('a1', 'task')], plusOne)).toEqual([true]);
    expect(await b.ratings.countAttempts([attemptOf('a1', 'task')], plusOne)).toEqual([false]);
    await Promise.all([a.close(), b.close()]);
  });

  it('counts attempts from two stores (processes) at once, and loses none', async () => {
    const url = await cluster().createDatabase(template);
    const [a, b] = await Promise.all([openPostgresStores(url), openPostgresStores(url)]);
    const tasks = ['t1', 't2', 't3', 't4', 't5'];
    // With plusOne, a rating's mu is the count of games that moved it, if none was lost.
    // Twenty rounds of two batches at once: other people at the same tasks in opposite orders (new
    // ones at first, then ones that exist); then one person in both (as in a race and solo at
    // once), each store at tasks of its own.
    for (let round = 0; round < 20; round++) {
      await Promise.all([
        a.ratings.countAttempts(
          tasks.map((task, i) => attemptOf(`a${round}-${i}`, task)),
          plusOne,
        ),
        b.ratings.countAttempts(
          [...tasks].reverse().map((task, i) => attemptOf(`b${round}-${i}`, task)),
          plusOne,
        ),
      ]);
      // A rating that exists (a new one's first writer holds the others back until it is done).
      await a.ratings.saveSolverRating({
        accountId: `both${round}`,
        edition: 'classic',
        mu: 0,
        sigma: 8,
        attempts: 0,
        updatedAt: 0,
      });
      await Promise.all([
        a.ratings.countAttempts(
          tasks.map((task) => attemptOf(`both${round}`, `a-${task}`)),
          plusOne,
        ),
        b.ratings.countAttempts(
          tasks.map((task) => attemptOf(`both${round}`, `b-${task}`)),
          plusOne,
        ),
      ]);
    }
    for (const task of tasks) expect(await a.ratings.puzzleRating(task)).toMatchObject({ mu: 40, attempts: 40 });
    expect(await b.ratings.solverRating('both7', 'classic')).toMatchObject({ mu: 10, attempts: 10 });
    await Promise.all([a.close(), b.close()]);
  });

  it('writes a journal entry on a connection of its own, while every other connection is busy', async () => {
    const stores = await openPostgresStores(await cluster().createDatabase(template));
    await stores.games.beginGame(live);
    // All ten of the store's other connections held, as a burst of ratings would hold them.
    // The main pool, reached through a store that uses it (the journal's connection is the games store's own).
    const db = (stores.ratings as unknown as { db: Kysely<unknown> }).db;
    const sleeps = Array.from({ length: 10 }, () => sql`select pg_sleep(3)`.execute(db));
    // Asked for first, the sleeps have the connections (a pool hands them out in turn).
    let freed = false;
    void Promise.race(sleeps).then(
      () => (freed = true),
      () => (freed = true),
    );
    try {
      await stores.games.journal(live.id, 0, claim);
      // Stored before any of them let its connection go.
      expect(freed).toBe(false);
      await Promise.all(sleeps);
      expect((await stores.games.liveGames())[0]?.entries).toEqual([{ seq: 0, entry: claim }]);
    } finally {
      await Promise.allSettled(sleeps);
      await stores.close();
    }
  });

  it('names the database it cannot reach, its password masked', async () => {
    const url = `postgres://ubongo:hunter2@127.0.0.1:${await freePort()}/ubongo`;
    const opening = openPostgresStores(url);
    await expect(opening).rejects.toThrow(DatabaseUrlError);
    await expect(opening).rejects.toThrow(
      /^cannot connect to postgres:\/\/ubongo:\*\*\*@127\.0\.0\.1:\d+\/ubongo: connect ECONNREFUSED/,
    );
    await expect(opening).rejects.not.toThrow(/hunter2/);
    const missing = `postgres://postgres:hunter2@${new URL(cluster().url).host}/nothing_here`;
    await expect(openPostgresStores(missing)).rejects.toThrow(
      /^cannot connect to .*\/nothing_here: database "nothing_here" does not exist$/,
    );
  });
});
