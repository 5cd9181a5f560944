import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { migrations, SQLITE_TYPES } from './migrations.js';
import { openSqliteStores } from './sqlite.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const DAY = 86_400_000;
const solved = (ms: number, trail?: unknown) => ({
  board: 'C01',
  side: 'easy',
  key: '1',
  outcome: 'solved',
  ms,
  ...(trail ? { trail } : {}),
});

it('carries the runs stored before 009: trails to solo_trails, summaries, accounts already established', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ubongo-009-'));
  dirs.push(dir);
  // A database as 008 left it, with runs in it.
  const db = new Kysely<unknown>({
    dialect: new SqliteDialect({ database: new Database(join(dir, 'ubongo.sqlite')) }),
  });
  const before = Object.fromEntries(Object.entries(migrations(SQLITE_TYPES)).filter(([name]) => name < '009'));
  const { error } = await new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(before) },
  }).migrateToLatest();
  expect(error).toBeUndefined();
  const raw = new Database(join(dir, 'ubongo.sqlite'));
  raw
    .prepare(
      'insert into accounts (id, secret_hash, name, username, username_key, created_at) values (?, ?, ?, ?, ?, 1)',
    )
    .run('a1', 'x', 'Ana', 'ana', 'ana');
  const insert = raw.prepare(
    `insert into solo_results (player, mode, limit_value, side, solved, skipped, ms, seed, finished_at, account_id, verified, puzzles, dealing)
     values ('Ana', 'timed', 5, 'easy', ?, 0, ?, 1, ?, 'a1', 1, ?, 'shuffled')`,
  );
  const trail = [[700, 'place', 'L4']];
  insert.run(2, 300_000, 1, JSON.stringify([solved(1000, trail), solved(3000, trail)]));
  insert.run(3, 300_000, 2, '[]');
  insert.run(1, 300_000, DAY + 1, JSON.stringify([solved(5000)]));
  // A row whose puzzles cannot be read stays as it was: reading it says so (dealt at a level: on no board).
  raw.exec(`insert into solo_results (player, mode, limit_value, side, solved, skipped, ms, seed, finished_at, account_id, verified, puzzles, dealing)
     values ('Ana', 'timed', 5, 'easy', 1, 0, 300000, 1, 3, 'a1', 1, '{not json', 'level')`);
  raw.close();
  await db.destroy();

  const stores = await openSqliteStores(dir);
  try {
    const summary = await stores.soloRuns.soloSummary('a1');
    expect(summary.runs).toBe(4);
    // 2 in 4 s, 3 in its time, 1 in 5 s; the unreadable row counted as nothing solved.
    expect([summary.solvedCount, summary.solvedMs]).toEqual([2 + 3 + 1, 4000 + 300_000 + 5000]);
    const first = await stores.soloRuns.soloRun(1);
    expect(first?.puzzles).toEqual([solved(1000, trail), solved(3000, trail)]);
    await expect(stores.soloRuns.soloResultsOf('a1')).rejects.toThrow(/solo_results \(id 4\): puzzles/);
    expect(await stores.soloRuns.soloResultsOf('a1', { top: 2, before: { finishedAt: 3, id: 4 } })).toMatchObject([
      { id: 2, puzzles: [] },
      { id: 1, puzzles: [solved(1000), solved(3000)] },
    ]);
    // Claimed: on the public board at once, once (its best), unreviewed.
    expect((await stores.soloRuns.records({ from: 'public', mode: 'timed' })).map((r) => [r.id, r.review])).toEqual([
      [2, 'none'],
    ]);
  } finally {
    await stores.close();
  }
});
