// @vitest-environment jsdom
import type { DailyArchiveAnswer } from '@ubongo/core';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { setUpI18n } from '../i18n.js';
import type * as NetModule from '../net.js';
import { DailyArchive } from './daily-archive.js';

/*
 * The daily archive's list (docs/courses.md, "The daily archive"): the past days the server lists,
 * each with what this account did on it and a button that plays it, and older days a page at a
 * time, asked for by the cursor the server gave. It decides no day: it shows what it is sent.
 */

const task = { board: 'C07', side: 'hard', key: '3' } as const;
const pages: Record<string, DailyArchiveAnswer> = {
  newest: {
    days: [
      { date: '2026-11-28', edition: 'classic', task, attempt: { solved: true, ms: 48_000, run: 4 } },
      { date: '2026-11-27', edition: 'classic', task, attempt: { solved: false, ms: 90_000, run: 3 } },
      { date: '2026-11-26', edition: 'extreme', task, attempt: null },
    ],
    next: '2026-11-26',
  },
  '2026-11-26': { days: [{ date: '2026-11-25', edition: 'classic', task, attempt: null }], next: null },
};
const asked: (string | undefined)[] = [];
vi.mock('../net.js', async (importOriginal) => ({
  ...(await importOriginal<typeof NetModule>()),
  fetchDailyArchive: (before?: string) => {
    asked.push(before);
    const page = pages[before ?? 'newest'];
    return page ? Promise.resolve(page) : Promise.reject(new Error('no page'));
  },
}));

beforeAll(async () => {
  await setUpI18n();
});
afterEach(cleanup);

it('lists past days with your attempts, plays the one chosen, and reads older days by the cursor', async () => {
  const played: string[] = [];
  const view = render(<DailyArchive busy={false} onPlay={(date) => played.push(date)} />);
  await view.findByText('2026-11-28');
  view.getByText('you solved it in 0:48');
  view.getByText('not solved');
  view.getByText('not played');
  fireEvent.click(view.getByRole('button', { name: 'Play the puzzle of 2026-11-27 (unranked)' }));
  expect(played).toEqual(['2026-11-27']);
  fireEvent.click(view.getByRole('button', { name: 'Older days' }));
  await view.findByText('2026-11-25');
  expect(asked).toEqual([undefined, '2026-11-26']);
  // The first day reached: no older days to ask for.
  expect(view.queryByRole('button', { name: 'Older days' })).toBeNull();
});
