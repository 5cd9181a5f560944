import type { SoloDealing } from '@ubongo/core';
import { findTask, predictedSeconds, taskPrior } from '@ubongo/core';
import { shippedDeck } from '@ubongo/core/decks';
import { expect, it } from 'vitest';
import type { SoloPuzzle } from '../solo/store.js';
import { openMemoryStores } from '../storage/memory.js';
import { costlyOf } from './costly.js';

/*
 * What costs a player most (docs/courses.md, "What costs you most"), from stored solve times in
 * the in-memory store: a solve costs its time over the time model's prediction for the player, a
 * miss its time and at least that; costs add up by board side and by piece. No server.
 */

const decks = { classic: shippedDeck('classic'), extreme: shippedDeck('extreme') };
const taskAt = (board: string, key: string) => {
  const task = findTask(decks.classic, { board, side: 'easy', key });
  if (!task) throw new Error(`no task ${board} ${key}`);
  return task;
};
/** The time model's prediction for a new player (skill 0) at a classic easy task, in ms. */
const expected = (board: string, key: string) =>
  predictedSeconds(taskPrior(taskAt(board, key).difficulty).mean, 0) * 1000;

const save = (stores: ReturnType<typeof openMemoryStores>, puzzles: SoloPuzzle[], dealing: SoloDealing = 'storm') =>
  stores.soloRuns.saveSolo({
    player: 'Ana',
    accountId: 'ana',
    seed: 1,
    finishedAt: 1_000,
    mode: 'timed',
    limit: 3,
    side: 'easy',
    solved: 0,
    skipped: 0,
    ms: 180_000,
    verified: true,
    dealing,
    puzzles,
  });

it('ranks board sides and pieces by the time they cost, each with its costliest task to practise', async () => {
  const stores = openMemoryStores();
  const slow = expected('C01', '1') + 40_000;
  await save(stores, [
    { board: 'C01', side: 'easy', key: '1', outcome: 'solved', ms: slow },
    // Faster than predicted: it costs nothing.
    { board: 'C02', side: 'easy', key: '1', outcome: 'solved', ms: 1_000 },
    { board: 'C03', side: 'easy', key: '2', outcome: 'skipped', ms: 2_000 },
  ]);
  await save(stores, [{ board: 'C01', side: 'easy', key: '2', outcome: 'unfinished', ms: 5_000 }], 'daily');
  // Someone else's runs are not read.
  await stores.soloRuns.saveSolo({
    player: 'Bea',
    accountId: 'bea',
    seed: 1,
    finishedAt: 1_000,
    mode: 'count',
    limit: 5,
    side: 'easy',
    solved: 0,
    skipped: 1,
    ms: 900_000,
    verified: true,
    puzzles: [{ board: 'C09', side: 'easy', key: '1', outcome: 'skipped', ms: 900_000 }],
  });
  const costly = await costlyOf(stores, decks, 'ana');
  expect(costly.runs).toBe(2);
  const c01 = 40_000 + Math.max(5_000, expected('C01', '2'));
  const c03 = Math.max(2_000, expected('C03', '2'));
  expect(costly.boards.map((b) => [b.board, b.played, b.missed, b.lostMs])).toEqual(
    [
      ['C01', 2, 1, Math.round(c01)],
      ['C03', 1, 1, Math.round(c03)],
    ].sort((a, b) => Number(b[3]) - Number(a[3])),
  );
  const first = costly.boards.find((b) => b.board === 'C01');
  // The costlier of C01's two tasks is where practice opens.
  const worse = 40_000 > Math.max(5_000, expected('C01', '2')) ? '1' : '2';
  expect(first?.task).toEqual({ edition: 'classic', board: 'C01', side: 'easy', key: worse });
  // Each piece of a costly task shares its cost; a piece of C01's first task is among them.
  const pieces = new Set(costly.pieces.map((p) => p.piece));
  expect(taskAt('C01', worse).pieces.some((p) => pieces.has(p))).toBe(true);
  expect(costly.pieces.length).toBeLessThanOrEqual(5);
  for (const p of costly.pieces) expect(findTask(decks.classic, p.task)?.pieces).toContain(p.piece);
  expect(await costlyOf(stores, decks, 'nobody')).toEqual({ runs: 0, boards: [], pieces: [] });
});
