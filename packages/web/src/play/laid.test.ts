import type { Cell } from '@ubongo/core';
import { describe, expect, it } from 'vitest';
import { newBoard, reduce } from './board.js';
import { laidOf, layAgain } from './laid.js';

// A board kept through a reload: what lies on it comes back as it lay, and nothing else does.

const region: Cell[] = [
  [0, 0],
  [1, 0],
  [2, 0],
  [0, 1],
  [1, 1],
  [2, 1],
];
const dealt = [
  {
    id: 'I3',
    cells: [
      [0, 0],
      [1, 0],
      [2, 0],
    ] as Cell[],
  },
  {
    id: 'L3',
    cells: [
      [0, 0],
      [1, 0],
      [0, 1],
    ] as Cell[],
  },
];

describe('laying a board again', () => {
  it('puts back the pieces down, turned as they were, with the trail', () => {
    let board = newBoard('square', region, dealt);
    board = reduce(board, { type: 'turn', piece: 1, how: 'rotate', pivot: null, time: 100 });
    board = reduce(board, { type: 'place', piece: 1, at: [0, 0], time: 400 });
    const laid = laidOf(board, 1_000);
    expect(laid.pieces).toEqual([{ piece: 'L3', cells: board.pieces[1]?.cells, at: [0, 0] }]);
    // Through JSON, as sessionStorage keeps it.
    const again = layAgain(newBoard('square', region, dealt), JSON.parse(JSON.stringify(laid)) as typeof laid);
    expect(again.pieces.map((p) => [p.id, p.at, p.cells])).toEqual(board.pieces.map((p) => [p.id, p.at, p.cells]));
    expect(again.trail).toEqual(board.trail);
    expect(again.noted).toBe(board.trail.length);
  });

  it('leaves out what is not a piece of the task in its shape', () => {
    const fresh = newBoard('square', region, dealt);
    const again = layAgain(fresh, {
      shownAt: 0,
      trail: [],
      pieces: [
        { piece: 'X9', cells: [[0, 0]], at: [0, 0] },
        {
          piece: 'I3',
          cells: [
            [0, 0],
            [1, 0],
            [1, 1],
          ],
          at: [0, 0],
        },
        {
          piece: 'L3',
          cells: [
            [0, 0],
            [1, 0],
            [0, 1],
          ],
          at: [1.5, 0] as unknown as Cell,
        },
      ],
    });
    expect(again.pieces.every((p) => p.at === null)).toBe(true);
  });
});
