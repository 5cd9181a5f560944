import type { Attempt, Skill } from '@ubongo/server';
import { openSqliteStores, puzzleDisplay } from '@ubongo/server';
import { difficultyOfTask, findTask, solverPrior, taskPrior } from '@ubongo/core';
import { shippedDeck } from '@ubongo/core/decks';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Io } from './io.js';
import { main } from './main.js';

// `ubongo deck export --format json|csv`: the open dataset, from the shipped decks and a real
// SQLite file's learned ratings.

async function ubongo(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: Io = { out: (t) => (out += t), err: (t) => (err += t), readFile: (p) => readFileSync(p, 'utf8') };
  const code = await main(args, io);
  return { code, out, err };
}

/** RFC 4180, read back by hand: quoted fields with doubled quotes, CRLF lines. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

const HEADER =
  'edition,board,side,key,pieces,region,area,solutions,difficulty,calibrated,learned,attempts,measured,measuredAttempts';

describe('ubongo deck export --format', () => {
  it('csv: a row for every task of both decks, read back to the decks’ own values', async () => {
    const r = await ubongo('deck', 'export', '--format', 'csv');
    expect(r.code).toBe(0);
    const [header, ...rows] = parseCsv(r.out);
    expect(header?.join(',')).toBe(HEADER);
    expect(rows).toHaveLength(864);
    // Every row's values are its task's, whatever the quoting.
    const classic = shippedDeck('classic');
    const board = classic.boards[4];
    const task = board?.sides.hard.tasks[2];
    if (!board || !task) throw new Error('fixture');
    const row = rows.find((x) => x[1] === board.id && x[2] === 'hard' && x[3] === task.key);
    expect(row).toEqual([
      'classic',
      board.id,
      'hard',
      task.key,
      task.pieces.join(' '),
      board.sides.hard.region.map(([x, y]) => `${x},${y}`).join(' '),
      String(board.sides.hard.region.length),
      String(task.solutions),
      String(task.difficulty),
      String(task.difficulty),
      '',
      '0',
      '',
      '0',
    ]);
    expect(new Set(rows.map((x) => x[0]))).toEqual(new Set(['classic', 'extreme']));
  });

  it('json: the licence and the tasks, one edition when asked, the same bytes each time', async () => {
    const r = await ubongo('deck', 'export', '--format', 'json', '--edition', 'extreme');
    expect(r.code).toBe(0);
    const data = JSON.parse(r.out) as { license: string; tasks: { edition: string; region: unknown[] }[] };
    expect(data.license).toBe('CC0-1.0');
    expect(data.tasks).toHaveLength(432);
    expect(data.tasks.every((t) => t.edition === 'extreme' && t.region.length > 0)).toBe(true);
    expect((await ubongo('deck', 'export', '--format', 'json', '--edition', 'extreme')).out).toBe(r.out);
  });

  it('with a database: each task’s learned rating and the attempts it rests on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ubongo-dataset-'));
    const stores = await openSqliteStores(dir);
    const rating = { task: 'classic/C02/easy/5', mu: 31.5, sigma: 4, attempts: 7, updatedAt: 1 };
    await stores.ratings.savePuzzleRating(rating);
    await stores.close();
    const out = join(dir, 'tasks.csv');
    const r = await ubongo(
      'deck',
      'export',
      '--format',
      'csv',
      '--edition',
      'classic',
      '--data-dir',
      dir,
      '--out',
      out,
    );
    expect(r.code).toBe(0);
    expect(r.err).toContain(`432 tasks written to ${out}`);
    const rows = parseCsv(readFileSync(out, 'utf8')).slice(1);
    const learned = rows.filter((x) => x[10] !== '');
    expect(learned).toHaveLength(1);
    expect(learned[0]?.slice(1, 4)).toEqual(['C02', 'easy', '5']);
    expect(learned[0]?.slice(10)).toEqual([String(Math.round(puzzleDisplay(rating))), '7', '', '0']);
  });

  it('with a database: each task’s time-model difficulty and the timed first attempts it rests on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ubongo-dataset-'));
    const stores = await openSqliteStores(dir);
    const task = { board: 'C03', side: 'hard', key: '2' } as const;
    const difficulty = findTask(shippedDeck('classic'), task)?.difficulty ?? 0;
    // Two first attempts far slower than the prior says: the task is harder than its static difficulty.
    const attempt = (accountId: string): Attempt => ({
      accountId,
      edition: 'classic',
      task: `classic/${task.board}/${task.side}/${task.key}`,
      start: { mu: 25, sigma: 8 },
      fresh: { mu: 25, sigma: 8 },
      solved: true,
      at: 1,
      ms: 200_000,
      prior: { task: taskPrior(difficulty), solver: solverPrior() },
    });
    const keep = (solver: Skill, t: Skill) => ({ solver, task: t });
    expect(await stores.ratings.countAttempts([attempt('a1'), attempt('a2')], keep)).toEqual([true, true]);
    const [belief] = await stores.ratings.taskTimes('classic/');
    await stores.close();
    const r = await ubongo('deck', 'export', '--format', 'json', '--edition', 'classic', '--data-dir', dir);
    expect(r.code).toBe(0);
    const data = JSON.parse(r.out) as {
      tasks: { board: string; side: string; key: string; measured: number | null; measuredAttempts: number }[];
    };
    const measured = data.tasks.filter((t) => t.measured !== null);
    expect(measured).toEqual([
      expect.objectContaining({
        ...task,
        measured: Math.round(difficultyOfTask(belief?.mean ?? 0) * 100) / 100,
        measuredAttempts: 2,
      }),
    ]);
    expect(measured[0]?.measured).toBeGreaterThan(difficulty);
  });

  it.each([
    [['--format', 'xml'], /--format must be json or csv, got xml/],
    [['--format', 'csv', '--edition', 'deluxe'], /expected classic or extreme, got deluxe/],
    [['--format', 'csv', 'classic'], /takes --edition/],
    [['--format', 'csv', '--data-dir', '/tmp', '--database-url', 'postgres://x'], /not both/],
  ])('refuses %j with a clear error and exit 2', async (args, words) => {
    const r = await ubongo('deck', 'export', ...args);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(words);
    expect(r.out).toBe('');
  });
});
