// @vitest-environment jsdom
import type { Puzzle, TrailMove } from '@ubongo/core';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { setUpI18n } from '../i18n.js';
import { TrailPlayer } from './TrailPlayer.js';

/*
 * A trail played back: the board as the moves laid it at the scrubber's moment, played in time at
 * the speed chosen; a trail kept before positions shows its end and says so.
 */

beforeAll(async () => {
  await setUpI18n();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const task: Puzzle = {
  grid: 'square',
  region: [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
    [2, 1],
  ],
  pieces: [
    {
      id: 'I2',
      cells: [
        [0, 0],
        [1, 0],
      ],
    },
    {
      id: 'V3',
      cells: [
        [0, 0],
        [1, 0],
        [0, 1],
      ],
    },
  ],
};
const trail: TrailMove[] = [
  [500, 'place', 'I2', [0, 0, 0]],
  [1500, 'place', 'V3', [0, 1, 4]],
];
const piecesShown = (root: HTMLElement): number => root.querySelectorAll('.picture-piece').length;

it('shows the board at the scrubber’s moment, and plays the moves in time at the speed chosen', () => {
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
  const { container, getByRole } = render(<TrailPlayer task={task} trail={trail} label="Board B1" />);
  const scrubber = getByRole('slider', { name: /Board B1/ });
  // It opens at the end: both pieces down.
  expect(piecesShown(container)).toBe(2);
  fireEvent.change(scrubber, { target: { value: '600' } });
  expect(piecesShown(container)).toBe(1);
  expect(scrubber.getAttribute('aria-valuetext')).toBe('0:00.6 of 0:01.5');
  fireEvent.change(scrubber, { target: { value: '0' } });
  expect(piecesShown(container)).toBe(0);
  fireEvent.click(getByRole('button', { name: '4×' }));
  fireEvent.click(getByRole('button', { name: 'Play' }));
  // At 4×, 200 ms played are 800 ms of moves: the first piece down, not the second.
  act(() => {
    vi.advanceTimersByTime(200);
  });
  expect(piecesShown(container)).toBe(1);
  act(() => {
    vi.advanceTimersByTime(400);
  });
  expect(piecesShown(container)).toBe(2);
  // At the end it stops, and Play starts it again.
  expect(getByRole('button', { name: 'Play' })).toBeTruthy();
});

it('shows a trail kept before moves said where their pieces went as its end, and says so', () => {
  const old: TrailMove[] = trail.map((m): TrailMove => [m[0], m[1], m[2]]);
  const end = [{ piece: 'I2', cells: task.pieces[0]?.cells ?? [] }];
  const { container, queryByRole, getByText } = render(
    <TrailPlayer task={task} trail={old} label="Board B1" end={end} />,
  );
  expect(queryByRole('slider')).toBeNull();
  expect(piecesShown(container)).toBe(1);
  expect(getByText(/only the end is shown/)).toBeTruthy();
});
