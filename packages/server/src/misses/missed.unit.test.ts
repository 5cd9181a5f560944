import type { SoloDealing } from '@ubongo/core';
import { findTask } from '@ubongo/core';
import { shippedDeck } from '@ubongo/core/decks';
import { describe, expect, it } from 'vitest';
import type { SoloPuzzle, SoloRecord } from '../solo/store.js';
import { openMemoryStores } from '../storage/memory.js';
import { missedBoards } from './missed.js';

/*
 * Which boards a stored run missed, as practice deals them (docs/courses.md, "Learn from the
 * misses"): read from the stored run in the in-memory store, only for its own account, only for a
 * Storm, daily or campaign run. No server, no socket.
 */

const decks = { classic: shippedDeck('classic'), extreme: shippedDeck('extreme') };

const puzzle = (board: string, key: string, outcome: SoloPuzzle['outcome'], side: 'easy' | 'hard' = 'easy') => ({
  board,
  side,
  key,
  outcome,
  ms: 10_000,
});

const run = (dealing: SoloDealing, puzzles: SoloPuzzle[], accountId = 'ana'): SoloRecord => ({
  player: 'Ana',
  accountId,
  seed: 7,
  finishedAt: 1_000_000,
  mode: 'timed',
  limit: 3,
  side: 'easy',
  solved: puzzles.filter((p) => p.outcome === 'solved').length,
  skipped: puzzles.filter((p) => p.outcome === 'skipped').length,
  ms: 180_000,
  verified: true,
  dealing,
  puzzles,
});

describe('the boards a run missed', () => {
  it('are the run’s set aside and unfinished boards, in its order, each once, with their decks', async () => {
    const stores = openMemoryStores();
    const extreme = decks.extreme.boards[0];
    const extremeKey = extreme?.sides.easy.tasks[0]?.key ?? '';
    const id = await stores.soloRuns.saveSolo(
      run('storm', [
        puzzle('C01', '1', 'solved'),
        puzzle('C02', '2', 'skipped'),
        puzzle('C03', '3', 'solved'),
        puzzle('C02', '2', 'skipped'),
        puzzle(extreme?.id ?? '', extremeKey, 'skipped'),
        puzzle('C04', '4', 'unfinished', 'hard'),
      ]),
    );
    const missed = await missedBoards(stores.soloRuns, decks, 'ana', id);
    expect(missed).toEqual({
      ok: true,
      value: {
        run: id,
        course: 'storm',
        tasks: [
          { edition: 'classic', board: 'C02', side: 'easy', key: '2' },
          { edition: 'extreme', board: extreme?.id, side: 'easy', key: extremeKey },
          { edition: 'classic', board: 'C04', side: 'hard', key: '4' },
        ],
      },
    });
    // Every board dealt is one its deck has.
    if (missed.ok) for (const t of missed.value.tasks) expect(findTask(decks[t.edition], t)).toBeDefined();
  });

  it('are read for the run’s own account only: another’s run is as unknown as none', async () => {
    const stores = openMemoryStores();
    const id = await stores.soloRuns.saveSolo(run('daily', [puzzle('C05', '1', 'unfinished')], 'bea'));
    expect(await missedBoards(stores.soloRuns, decks, 'ana', id)).toEqual({
      ok: false,
      error: { code: 'misses/no-run', message: `you have no run ${id}` },
    });
    expect((await missedBoards(stores.soloRuns, decks, 'ana', id + 1)).ok).toBe(false);
    expect((await missedBoards(stores.soloRuns, decks, 'bea', id)).ok).toBe(true);
  });

  it('are a Storm, daily or campaign run’s only, and only when it missed any', async () => {
    const stores = openMemoryStores();
    const solo = await stores.soloRuns.saveSolo(run('shuffled', [puzzle('C05', '1', 'skipped')]));
    const campaign = await stores.soloRuns.saveSolo(run('campaign', [puzzle('C06', '2', 'skipped')]));
    const clean = await stores.soloRuns.saveSolo(run('daily', [puzzle('C07', '3', 'solved')]));
    const code = async (id: number) => {
      const missed = await missedBoards(stores.soloRuns, decks, 'ana', id);
      return missed.ok ? missed.value.course : missed.error.code;
    };
    expect(await code(solo)).toBe('misses/not-a-course');
    expect(await code(campaign)).toBe('campaign');
    expect(await code(clean)).toBe('misses/none');
  });
});
