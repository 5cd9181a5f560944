import type { Attempt, Skill } from '@ubongo/server';
import { openSqliteStores } from '@ubongo/server';
import {
  calibratedDifficultyIn,
  CALIBRATION_MIN_ATTEMPTS,
  findTask,
  parseCalibration,
  solverPrior,
  taskPrior,
} from '@ubongo/core';
import { shippedDeck } from '@ubongo/core/decks';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CALIBRATION_FILE } from './deck.js';
import type { Io } from './io.js';
import { main } from './main.js';

// `ubongo deck calibrate`: the batch fit over a real SQLite file's timed first attempts, written
// to a snapshot that core's calibratedDifficultyIn reads (never the shipped one: --out).

async function ubongo(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: Io = { out: (t) => (out += t), err: (t) => (err += t), readFile: (p) => readFileSync(p, 'utf8') };
  const code = await main(args, io);
  return { code, out, err };
}

const classic = shippedDeck('classic');
const slow = { board: 'C05', side: 'easy', key: '3' } as const;
const few = { board: 'C06', side: 'hard', key: '1' } as const;
const difficultyOf = (t: typeof slow | typeof few): number => findTask(classic, t)?.difficulty ?? 0;

/** A first attempt of `accountId` at `task`, timed `ms`; the openskill ratings are not what this test is about. */
const attempt = (accountId: string, task: typeof slow | typeof few, ms: number, solved: boolean): Attempt => ({
  accountId,
  edition: 'classic',
  task: `classic/${task.board}/${task.side}/${task.key}`,
  start: { mu: 25, sigma: 8 },
  fresh: { mu: 25, sigma: 8 },
  solved,
  at: 1,
  ms,
  prior: { task: taskPrior(difficultyOf(task)), solver: solverPrior() },
});
const keep = (solver: Skill, task: Skill) => ({ solver, task });

describe('ubongo deck calibrate', () => {
  it('fits the stored attempts into a snapshot that calibratedDifficultyIn reads, a task with too few kept static', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ubongo-calibrate-'));
    const stores = await openSqliteStores(dir);
    const attempts: Attempt[] = [];
    // 25 solvers take three minutes over a task the prior puts at well under a minute, a few of
    // them giving up; 3 attempts only at another task.
    for (let i = 0; i < 25; i++) attempts.push(attempt(`p${i}`, slow, 180_000 + i * 1000, i % 5 !== 0));
    for (let i = 0; i < 3; i++) attempts.push(attempt(`p${i}`, few, 2_000, true));
    expect(await stores.ratings.countAttempts(attempts, keep)).toEqual(attempts.map(() => true));
    await stores.close();
    const out = join(dir, 'calibration.json');
    const r = await ubongo('deck', 'calibrate', '--data-dir', dir, '--out', out);
    expect(r.code).toBe(0);
    expect(r.err).toBe(
      `28 first attempts, 2 tasks fitted, 1 with ${CALIBRATION_MIN_ATTEMPTS} or more (published): written to ${out}\n`,
    );
    const read = parseCalibration(readFileSync(out, 'utf8'));
    if (!read.ok) throw new Error(read.error.message);
    const snapshot = read.value;
    expect(snapshot.attempts).toBe(28);
    expect(snapshot.tasks['classic/C05/easy/3']?.attempts).toBe(25);
    expect(snapshot.tasks['classic/C06/hard/1']?.attempts).toBe(3);
    // The slow task is published harder than its static difficulty; the other keeps its static one.
    const fitted = calibratedDifficultyIn(snapshot, classic, slow);
    expect(fitted).toBe(snapshot.tasks['classic/C05/easy/3']?.difficulty);
    expect(fitted).toBeGreaterThan(difficultyOf(slow) + 1);
    expect(calibratedDifficultyIn(snapshot, classic, few)).toBe(difficultyOf(few));
  });

  it('on a database with no timed attempt writes the snapshot shipped: no task', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ubongo-calibrate-'));
    const out = join(dir, 'calibration.json');
    const r = await ubongo('deck', 'calibrate', '--data-dir', dir, '--out', out);
    expect(r.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(CALIBRATION_FILE, 'utf8'));
  });

  it('refuses an edition and two databases, exit 2', async () => {
    expect((await ubongo('deck', 'calibrate', 'classic')).err).toMatch(/takes no edition/);
    const both = await ubongo('deck', 'calibrate', '--data-dir', '/tmp', '--database-url', 'postgres://x');
    expect(both.code).toBe(2);
    expect(both.err).toMatch(/not both/);
  });
});
