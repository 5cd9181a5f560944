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

it('plays back each board of a round whose claim kept its moves, and shows an older one’s end', async () => {
  const task = {
    grid: 'square',
    region: [
      [0, 0],
      [1, 0],
      [2, 0],
    ],
    pieces: [
      {
        id: 'I2',
        cells: [
          [0, 0],
          [1, 0],
        ],
      },
      { id: 'I1', cells: [[0, 0]] },
    ],
  };
  const placements = [
    {
      piece: 'I2',
      cells: [
        [0, 0],
        [1, 0],
      ],
    },
    { piece: 'I1', cells: [[2, 0]] },
  ];
  const board = (player: string) => ({
    player,
    deal: { player, board: `B${player}`, side: 'easy', key: '1' },
    task,
    placements,
    solved: true,
    gains: [],
  });
  const started = { at: 0, action: { type: 'start-round' }, events: [{ type: 'round-started', round: 1 }] };
  const claim = (player: string, trail: unknown[]) => ({
    at: 5000,
    action: { type: 'claim', player, placements, trail },
    events: [],
  });
  answer.replay = {
    id: 'g2',
    edition: 'classic',
    seats: [
      { id: 'p1', name: 'Ana', kind: 'human' },
      { id: 'p2', name: 'Bea', kind: 'human' },
    ],
    startedAt: 0,
    steps: [
      started,
      // Ana's moves say where each piece went; Bea's were kept before they did.
      claim('p1', [
        [400, 'place', 'I2', [0, 0, 0]],
        [900, 'place', 'I1', [2, 0, 0]],
      ]),
      claim('p2', [
        [400, 'place', 'I2'],
        [900, 'place', 'I1'],
      ]),
    ],
    matchesRecord: true,
    finished: true,
    rounds: [
      {
        round: 1,
        tieBreak: false,
        solved: ['p1', 'p2'],
        boards: [board('p1'), board('p2')],
        players: [player('p1', 5), player('p2', 3)],
        standings: [
          { player: 'p1', place: 1, tied: false },
          { player: 'p2', place: 2, tied: false },
        ],
      },
    ],
  } as unknown as ReplayAnswer;
  const { findByText, getAllByRole, container } = render(<Replay id="g2" />);
  await findByText('The moves of this round');
  const players = container.querySelectorAll('.trail-player');
  expect([...players].map((p) => p.getAttribute('data-positioned'))).toEqual(['true', 'false']);
  const [slider] = getAllByRole('slider');
  if (!slider) throw new Error('no scrubber');
  expect(slider.getAttribute('aria-label')).toBe('Moment of the replay: Ana, board Bp1');
  const shown = (): number => players[0]?.querySelectorAll('.picture-piece').length ?? -1;
  expect(shown()).toBe(2);
  act(() => {
    fireEvent.change(slider, { target: { value: '500' } });
  });
  expect(shown()).toBe(1);
  // Bea's board as it ended, and why it is not played.
  expect(players[1]?.querySelectorAll('.picture-piece').length).toBe(2);
  expect(players[1]?.textContent).toMatch(/only the end is shown/);
});
