import type { ExtremeColour } from './extreme.js';
import { EXTREME_COLOURS } from './extreme.js';
import { normalize } from './cells.js';
import type { Cell, GridName } from './grid.js';
import type { Puzzle } from './puzzle.js';
import type { Placement } from './solver.js';

/** The editions that have a deck of puzzle boards. */
export const DECK_EDITIONS = ['classic', 'extreme'] as const;
/** `classic` (squares, die faces) or `extreme` (hexagons, colours). */
export type DeckEdition = (typeof DECK_EDITIONS)[number];

/** The two sides of a board. */
export const SIDES = ['easy', 'hard'] as const;
/** `easy` or `hard`. */
export type Side = (typeof SIDES)[number];

/** The faces of the die, which select a task on a classic board. */
export const DIE_FACES = ['1', '2', '3', '4', '5', '6'] as const;
/** A die face, `1` to `6`. */
export type DieFace = (typeof DIE_FACES)[number];

/** What selects a task: a die face (classic) or a colour (Extreme). */
export type TaskKey = DieFace | ExtremeColour;

/** What a deck of an edition is made of: the rules the generator follows and the verifier checks. */
export interface DeckRules {
  readonly edition: DeckEdition;
  readonly grid: GridName;
  readonly boards: number;
  readonly keys: readonly TaskKey[];
  readonly sides: Readonly<
    Record<Side, { readonly pieces: number; readonly minArea: number; readonly maxArea: number }>
  >;
  readonly maxSpan: number;
  readonly minCompactness: number;
}

/** The rules of each deck (docs/rules.md §2.2, §3.1 and §6; the areas are those of the printed boards). */
export const DECK_RULES: Readonly<Record<DeckEdition, DeckRules>> = {
  classic: {
    edition: 'classic',
    grid: 'square',
    boards: 36,
    keys: DIE_FACES,
    sides: { easy: { pieces: 3, minArea: 11, maxArea: 13 }, hard: { pieces: 4, minArea: 14, maxArea: 18 } },
    maxSpan: 6,
    minCompactness: 2.5,
  },
  extreme: {
    edition: 'extreme',
    grid: 'hex',
    boards: 54,
    keys: EXTREME_COLOURS,
    sides: { easy: { pieces: 3, minArea: 13, maxArea: 15 }, hard: { pieces: 4, minArea: 18, maxArea: 20 } },
    maxSpan: 6,
    minCompactness: 3.8,
  },
};

/** One task of a board side: the pieces to use when its key comes up, and one way to do it. */
export interface DeckTask {
  /** The die face or colour that selects it. */
  readonly key: TaskKey;
  /** The ids of its pieces. */
  readonly pieces: readonly string[];
  /** How hard it is (see difficultyOf). */
  readonly difficulty: number;
  /** How many tilings it has. */
  readonly solutions: number;
  /** One solution, for hints and for checking. */
  readonly solution: readonly Placement[];
}

/** One side of a board: the white area and its tasks, one per key. */
export interface DeckSide {
  /** The cells to cover. */
  readonly region: readonly Cell[];
  /** The tasks, in key order. */
  readonly tasks: readonly DeckTask[];
}

/** A double-sided board. */
export interface DeckBoard {
  /** `C01`..`C36` or `E01`..`E54`. */
  readonly id: string;
  /** The easy and the hard side. */
  readonly sides: Readonly<Record<Side, DeckSide>>;
}

/** A whole deck, as shipped (docs/decks.md). */
export interface Deck {
  /** Which edition. */
  readonly edition: DeckEdition;
  /** Which grid. */
  readonly grid: GridName;
  /** The generator's seed; generating again with it gives the same deck. */
  readonly seed: number;
  /** The piece set: id to cells. */
  readonly pieces: Readonly<Record<string, readonly Cell[]>>;
  /** The boards. */
  readonly boards: readonly DeckBoard[];
}

/** The id of the n-th board (from 0) of a deck. */
export function boardId(edition: DeckEdition, n: number): string {
  return `${edition === 'classic' ? 'C' : 'E'}${String(n + 1).padStart(2, '0')}`;
}

/** Which task of a deck: a board, a side, and the die face or colour that selects it. */
export interface TaskRef {
  /** The board's id in the deck. */
  readonly board: string;
  /** The side. */
  readonly side: Side;
  /** The die face or colour. */
  readonly key: string;
}

/** The task a reference stands for, or undefined when the deck has no such task. */
export function findTask(deck: Deck, ref: TaskRef): DeckTask | undefined {
  return deck.boards.find((b) => b.id === ref.board)?.sides[ref.side].tasks.find((t) => t.key === ref.key);
}

/** The task a reference stands for; the reference must come from the deck (an invariant, so it throws). */
export function taskOf(deck: Deck, ref: TaskRef): DeckTask {
  const task = findTask(deck, ref);
  if (!task) throw new Error(`no task ${ref.key} on ${deck.edition} board ${ref.board} ${ref.side}`);
  return task;
}

/** A side's task as a puzzle: the side's white area and the task's pieces with their shapes. */
export function taskPuzzle(deck: Deck, side: DeckSide, task: DeckTask): Puzzle {
  return {
    grid: deck.grid,
    region: side.region,
    pieces: task.pieces.map((id) => ({ id, cells: normalize(deck.pieces[id] ?? []) })),
  };
}

/** The task a reference stands for, as a checked puzzle; the reference must come from the deck. */
export function puzzleOf(deck: Deck, ref: TaskRef): Puzzle {
  const side = deck.boards.find((b) => b.id === ref.board)?.sides[ref.side];
  if (!side) throw new Error(`no ${deck.edition} board ${ref.board}`);
  return taskPuzzle(deck, side, taskOf(deck, ref));
}

/** What a player is handed for a task: only its pieces, or the whole set as in the box (docs/rules.md §1.8). */
export const PIECE_SETS = ['task', 'box'] as const;
/** `task` or `box`. */
export type PieceSet = (typeof PIECE_SETS)[number];

/**
 * The whole set a player has in front of them for a task, as in the box: the 12 classic pieces,
 * or in Extreme the 13 pieces of the task's colour.
 */
export function boxSetOf(deck: Deck, ref: TaskRef): Puzzle['pieces'] {
  const ids = Object.keys(deck.pieces).filter((id) => deck.edition === 'classic' || id.startsWith(`${ref.key}-`));
  return ids.map((id) => ({ id, cells: normalize(deck.pieces[id] ?? []) }));
}
