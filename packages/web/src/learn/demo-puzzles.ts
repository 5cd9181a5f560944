import type { ProposedPlacement, Puzzle as PuzzleTask } from '@ubongo/core';

/* The boards the home page's live board solves, and the how-to's pictures draw. */

/** How a piece lies in the tray, from the way it lies in the solution: turned (degrees, clockwise) and flipped. */
export interface TrayPose {
  readonly turn: number;
  readonly flip: boolean;
}

/** A board of the game that the demo solves: the task, one solution (in the order of its pieces) and how the pieces wait in the tray. */
export interface DemoPuzzle {
  /** Where it comes from in the shipped decks: deck, board, side and task (die face or colour). */
  readonly from: {
    readonly deck: 'classic' | 'extreme';
    readonly board: string;
    readonly side: 'easy' | 'hard';
    readonly key: string;
  };
  readonly task: PuzzleTask;
  /** The i-th placement is the i-th piece's. */
  readonly solution: readonly ProposedPlacement[];
  /** The i-th piece's pose in the tray. */
  readonly tray: readonly TrayPose[];
}

/*
 * Three boards of the shipped decks with one of their tasks: an easy and a hard classic side and an
 * easy Extreme side. DemoBoard.test.tsx checks each against the deck and its solution with core's checker.
 */
export const DEMO_PUZZLES: readonly DemoPuzzle[] = [
  {
    from: { deck: 'classic', board: 'C26', side: 'easy', key: '1' },
    task: {
      grid: 'square',
      // prettier-ignore
      region: [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0], [0, 1], [1, 1], [2, 1], [3, 1], [4, 1], [2, 2], [4, 2]],
      pieces: [
        // prettier-ignore
        { id: 'I3', cells: [[0, 0], [0, 1], [0, 2]] },
        // prettier-ignore
        { id: 'L4', cells: [[0, 0], [1, 0], [1, 1], [1, 2]] },
        // prettier-ignore
        { id: 'Z5', cells: [[0, 0], [1, 0], [1, 1], [1, 2], [2, 2]] },
      ],
    },
    solution: [
      // prettier-ignore
      { piece: 'I3', cells: [[4, 0], [4, 1], [4, 2]] },
      // prettier-ignore
      { piece: 'L4', cells: [[1, 0], [2, 0], [3, 0], [3, 1]] },
      // prettier-ignore
      { piece: 'Z5', cells: [[0, 0], [0, 1], [1, 1], [2, 1], [2, 2]] },
    ],
    tray: [
      { turn: 90, flip: false },
      { turn: 0, flip: true },
      { turn: -90, flip: false },
    ],
  },
  {
    from: { deck: 'classic', board: 'C25', side: 'hard', key: '3' },
    task: {
      grid: 'square',
      // prettier-ignore
      region: [[1, 0], [2, 0], [0, 1], [1, 1], [2, 1], [3, 1], [0, 2], [1, 2], [2, 2], [3, 2], [4, 2], [1, 3], [2, 3], [3, 3], [4, 3]],
      pieces: [
        // prettier-ignore
        { id: 'V3', cells: [[0, 0], [0, 1], [1, 1]] },
        // prettier-ignore
        { id: 'T4', cells: [[1, 0], [0, 1], [1, 1], [1, 2]] },
        // prettier-ignore
        { id: 'S4', cells: [[0, 0], [0, 1], [1, 1], [1, 2]] },
        // prettier-ignore
        { id: 'O4', cells: [[0, 0], [1, 0], [0, 1], [1, 1]] },
      ],
    },
    solution: [
      // prettier-ignore
      { piece: 'V3', cells: [[0, 1], [0, 2], [1, 2]] },
      // prettier-ignore
      { piece: 'T4', cells: [[1, 3], [2, 2], [2, 3], [3, 3]] },
      // prettier-ignore
      { piece: 'S4', cells: [[3, 1], [3, 2], [4, 2], [4, 3]] },
      // prettier-ignore
      { piece: 'O4', cells: [[1, 0], [1, 1], [2, 0], [2, 1]] },
    ],
    tray: [
      { turn: 180, flip: false },
      { turn: 90, flip: false },
      { turn: 0, flip: true },
      { turn: 0, flip: false },
    ],
  },
  {
    from: { deck: 'extreme', board: 'E12', side: 'easy', key: 'yellow' },
    task: {
      grid: 'hex',
      // prettier-ignore
      region: [[1, 0], [2, 0], [3, 0], [0, 1], [1, 1], [2, 1], [3, 1], [4, 1], [0, 2], [1, 2], [2, 2], [3, 2], [2, 3]],
      pieces: [
        // prettier-ignore
        { id: 'yellow-1', cells: [[0, 0], [1, 0], [0, 1], [1, 1]] },
        // prettier-ignore
        { id: 'yellow-3', cells: [[0, 0], [1, 0], [1, 1], [0, 2]] },
        // prettier-ignore
        { id: 'yellow-9', cells: [[0, 0], [0, 1], [1, 1], [2, 1], [0, 2]] },
      ],
    },
    solution: [
      // prettier-ignore
      { piece: 'yellow-1', cells: [[1, 1], [1, 2], [2, 1], [2, 2]] },
      // prettier-ignore
      { piece: 'yellow-3', cells: [[0, 1], [0, 2], [1, 0], [2, 0]] },
      // prettier-ignore
      { piece: 'yellow-9', cells: [[2, 3], [3, 0], [3, 1], [3, 2], [4, 1]] },
    ],
    tray: [
      { turn: 60, flip: false },
      { turn: 0, flip: true },
      { turn: -120, flip: false },
    ],
  },
];

/** The picture's size (picture units): the board in the left part, the tray in the right. */
