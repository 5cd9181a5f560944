// @vitest-environment jsdom
import type { ReplayAnswer } from '@ubongo/core';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { setUpI18n } from '../i18n.js';
import type * as NetModule from '../net.js';
import { Replay } from './Replay.js';

/*
 * The replay page of a game settled by a tie-break round: the round said as one, not as a round
 * past the game's last; the winner and how, as the end screen said; seats named as the game did.
 */

const answer = vi.hoisted(() => ({ replay: null as unknown }));
vi.mock('../net.js', async (importOriginal) => ({
  ...(await importOriginal<typeof NetModule>()),
  fetchReplay: () => Promise.resolve(answer.replay),
}));

beforeAll(async () => {
  await setUpI18n();
});
afterEach(cleanup);

const player = (id: string, points: number) => ({
  id,
  points,
  gems: { ruby: 0, sapphire: 0, emerald: 0, amber: 0 },
  jewels: {},
});

it('says a tie-break round as one, and who won and how', async () => {
  const round = { boards: [], solved: [] };
  answer.replay = {
    id: 'g1',
    edition: 'classic',
    seats: [
      { id: 'p1', name: 'Ana', kind: 'human', occupant: { kind: 'human', name: 'Ana' } },
      { id: 'p2', name: 'Bot 1 (expert)', kind: 'bot', occupant: { kind: 'bot', level: 'expert', number: 1 } },
    ],
    startedAt: 0,
    steps: [],
    matchesRecord: true,
    finished: true,
    rounds: [
      {
        ...round,
        round: 1,
        tieBreak: false,
        players: [player('p1', 4), player('p2', 4)],
        standings: [
          { player: 'p1', place: 1, tied: true },
          { player: 'p2', place: 1, tied: true },
        ],
      },
      {
        ...round,
        round: 2,
        tieBreak: true,
        solved: ['p1'],
        players: [player('p1', 4), player('p2', 4)],
        standings: [
          { player: 'p1', place: 1, tied: false },
          { player: 'p2', place: 2, tied: false },
        ],
      },
    ],
  } as unknown as ReplayAnswer;
  const { findByText, getByText, queryByTestId, getByTestId } = render(<Replay id="g1" />);
  await findByText('Round 1 of 1');
  expect(getByText('Round 1: every board')).toBeTruthy();
  // Who played, each name its own element (a person's a link to their profile).
  expect(getByText((_, el) => el?.tagName === 'P' && /Ana, Expert bot 1/.test(el.textContent))).toBeTruthy();
  expect(queryByTestId('decided')).toBeNull();
  act(() => {
    fireEvent.click(getByText('Next round'));
  });
  expect(getByText('Tie-break round')).toBeTruthy();
  expect(getByText('Tie-break round: every board')).toBeTruthy();
  expect(getByText('Final standings')).toBeTruthy();
  expect(getByTestId('decided').textContent).toBe(
    'Ana wins! Ana, Expert bot 1 were tied and played 1 tie-break round. Ana solved first and wins.',
  );
});
