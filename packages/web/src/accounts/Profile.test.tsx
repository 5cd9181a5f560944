// @vitest-environment jsdom
import type { AccountView, ProfileAnswer } from '@ubongo/core';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import type * as AccountModule from '../account.js';
import { setUpI18n } from '../i18n.js';
import type * as NetModule from '../net.js';
import { Profile } from './Profile.js';

/*
 * A player's page as it shows their progress: the rating graph with its band of uncertainty (and
 * its words for a screen reader), the campaign's stars, the daily streak and Storm's highs; and,
 * for a player with nothing yet, a plain "nothing yet" for each course, never a made-up number.
 */

const state = vi.hoisted(() => ({ profile: null as ProfileAnswer | null }));
vi.mock('../net.js', async (importOriginal) => ({
  ...(await importOriginal<typeof NetModule>()),
  fetchProfile: () => (state.profile ? Promise.resolve(state.profile) : Promise.reject(new Error('no profile'))),
  fetchPlayerSeasons: () => Promise.resolve({ seasons: [] }),
  fetchPlayerArenas: () => Promise.resolve({ arenas: [] }),
}));
vi.mock('../account.js', async (importOriginal) => ({
  ...(await importOriginal<typeof AccountModule>()),
  useAccount: (): AccountView | null => null,
}));

const DAY = 86_400_000;
const base: ProfileAnswer = {
  account: { id: 'a1', name: 'Ivy', username: 'ivy', since: Date.UTC(2026, 10, 1) },
  ratings: [],
  history: [],
  solo: { runs: 0, best: [], averagePuzzleMs: null },
  progress: {
    campaign: { stars: 0, maxStars: 150, levels: 0, totalLevels: 50 },
    daily: { streak: 0, longest: 0, solved: 0, played: 0 },
    storm: { day: null, week: null, all: null },
  },
};

beforeAll(async () => {
  await setUpI18n();
});
beforeEach(() => {
  state.profile = null;
});
afterEach(cleanup);

it('draws each edition’s rating after every game with its band, and says it in words', async () => {
  const at = Date.UTC(2026, 10, 20);
  state.profile = {
    ...base,
    // Widened by a season's turn since the last game: the graph ends at 1900 ± 240, the words say ± 250 now.
    ratings: [{ edition: 'classic', mu: 28, sigma: 6.25, display: 1875, games: 3, provisional: true, deviation: 250 }],
    history: [
      { edition: 'classic', game: 'g1', display: 1740, deviation: 280, at },
      { edition: 'classic', game: 'g2', display: 1680, deviation: 260, at: at + DAY },
      { edition: 'classic', game: 'g3', display: 1900, deviation: 240, at: at + 2 * DAY },
    ],
  };
  const view = render(<Profile id="a1" />);
  const graph = await view.findByRole('img', { name: /^Classic rating after each rated game/ });
  expect(graph.getAttribute('aria-label')).toBe(
    'Classic rating after each rated game: from 1740 to 1900, lowest 1680, highest 1900; uncertainty now ± 250.',
  );
  expect(graph.querySelector('.rating-graph-band')?.getAttribute('d')).toMatch(/^M.*Z$/);
  expect(graph.querySelectorAll('.rating-graph-dot')).toHaveLength(3);
  // The scale's round values span the band: 1900 + 240 and 1680 - 260.
  const ticks = [...graph.querySelectorAll('.rating-graph-tick text')].map((t) => Number(t.textContent));
  expect(Math.min(...ticks)).toBeLessThanOrEqual(1420);
  expect(Math.max(...ticks)).toBeGreaterThanOrEqual(2140);
  view.getByText('The rating after each rated game; the shaded band is its uncertainty (±).');
});

it('shows the campaign’s stars, the daily streak and Storm’s highs', async () => {
  state.profile = {
    ...base,
    progress: {
      campaign: { stars: 4, maxStars: 150, levels: 2, totalLevels: 50 },
      daily: { streak: 2, longest: 3, solved: 5, played: 6 },
      storm: { day: 7, week: 9, all: 12 },
    },
  };
  const view = render(<Profile id="a1" />);
  const progress = await view.findByRole('region', { name: 'Progress' });
  expect(progress.textContent).toContain('4 of 150 stars');
  expect(progress.textContent).toContain('2 of 50 levels solved');
  expect(progress.textContent).toContain('Streak: 2 days');
  expect(progress.textContent).toContain('Longest streak: 3 days');
  expect(progress.textContent).toContain('Solved on 5 of 6 days played');
  expect(progress.textContent).toContain('Best score: 12');
  expect(progress.textContent).toContain('This week: 9');
});

it('says plainly that a new player has nothing yet, and draws no graph', async () => {
  state.profile = base;
  const view = render(<Profile id="a1" />);
  const progress = await view.findByRole('region', { name: 'Progress' });
  expect(progress.textContent).toContain('No campaign stars yet.');
  expect(progress.textContent).toContain('No daily puzzle played yet.');
  expect(progress.textContent).toContain('No Storm score yet.');
  expect(progress.textContent).not.toMatch(/\d/);
  view.getByText('No rated games yet.');
  expect(view.queryByRole('img')).toBeNull();
});

it('keeps a Storm best of an earlier week apart from this week’s none', async () => {
  state.profile = { ...base, progress: { ...base.progress, storm: { day: null, week: null, all: 12 } } };
  const view = render(<Profile id="a1" />);
  const progress = await view.findByRole('region', { name: 'Progress' });
  expect(progress.textContent).toContain('Best score: 12');
  expect(progress.textContent).toContain('Nothing yet this week');
});
