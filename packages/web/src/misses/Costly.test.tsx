// @vitest-environment jsdom
import type { CostlyAnswer } from '@ubongo/core';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { setUpI18n } from '../i18n.js';
import type * as NetModule from '../net.js';
import { Costly } from './Costly.js';

/*
 * On one's own profile, what costs most (docs/courses.md, "What costs you most"): the boards and
 * pieces as the server ranks them, each a link into practice at its costliest task; and a plain
 * "nothing yet" before there is anything to show.
 */

const state = vi.hoisted(() => ({ answer: null as CostlyAnswer | null }));
vi.mock('../net.js', async (importOriginal) => ({
  ...(await importOriginal<typeof NetModule>()),
  fetchCostly: () => (state.answer ? Promise.resolve(state.answer) : Promise.reject(new Error('none'))),
}));

beforeAll(async () => {
  await setUpI18n();
});
afterEach(cleanup);

const task = { edition: 'classic', board: 'C07', side: 'hard', key: '3' } as const;

it('lists the costliest boards and pieces, each a link into practice at its task', async () => {
  state.answer = {
    runs: 12,
    boards: [{ edition: 'classic', board: 'C07', side: 'hard', played: 3, missed: 2, lostMs: 72_000, task }],
    pieces: [
      { edition: 'classic', board: 'C07', side: 'hard', played: 5, missed: 2, lostMs: 31_000, task, piece: 'Y5' },
    ],
  };
  const view = render(<Costly />);
  const board = await view.findByRole('link', { name: 'Board C07, hard side (Classic)' });
  expect(board.getAttribute('href')).toBe('#/practice/classic/C07/hard/3');
  view.getByText('3 played, 2 missed, 1:12 lost');
  const piece = view.getByRole('link', { name: 'Piece Y5 (Classic)' });
  expect(piece.getAttribute('href')).toBe('#/practice/classic/C07/hard/3');
  view.getByText('From your recent runs', { exact: false });
});

it('says there is nothing yet, rather than an empty list', async () => {
  state.answer = { runs: 0, boards: [], pieces: [] };
  const view = render(<Costly />);
  await view.findByText('Nothing yet: play a few runs, and the boards that cost you time show here.');
  // No board to practise: the one link is where to play some runs.
  expect(view.queryAllByRole('link').map((l) => l.getAttribute('href'))).toEqual(['#/storm']);
});
