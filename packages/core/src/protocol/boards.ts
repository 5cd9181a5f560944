import type { GridName } from '../grid.js';
import type { TimedEntry } from './courses.js';
import type { BoardProblem } from '../player-board.js';
import type { Puzzle, PuzzleError, PuzzleSpec } from '../puzzle.js';

// The HTTP API's words about boards players make (docs/boards.md): one made, one served, its times.

/** `POST /api/boards`: a board in the puzzle file format (docs/puzzle-format.md), with a name to show. */
export type BoardRequest = PuzzleSpec & { readonly name?: string };

/** A board's id: its share code too (`/boards/:id`), eight letters and digits without look-alikes. */
export const BOARD_ID_PATTERN = /^[23456789abcdefghjkmnpqrstuvwxyz]{8}$/;

/** `POST /api/boards` made it: its id (the share code) and what the solver measured. */
export interface BoardMade {
  readonly id: string;
  readonly solutions: number;
  readonly difficulty: number;
}

/**
 * Why `POST /api/boards` refused a board (422, an `ApiErrorAnswer`): the puzzle file's problem
 * (`puzzle/...`, parsed as `ubongo solve` parses it) or the board's (`board/...`), where (`path`),
 * and the cell (`x`, `y`) or the piece (its index in `pieces`) it is about.
 */
export interface BoardRefusal {
  readonly error: string;
  readonly code: PuzzleError['code'] | BoardProblem['code'];
  readonly params: { readonly path: string; readonly x?: number; readonly y?: number; readonly piece?: number };
}

/** `GET /api/boards/:id`: a shared board, its file form and its checked puzzle, who made it, what it measured. */
export interface BoardAnswer {
  readonly id: string;
  readonly name: string;
  readonly grid: GridName;
  /** The board as the puzzle file format writes it (what Export saves, `ubongo solve` reads). */
  readonly spec: PuzzleSpec;
  readonly puzzle: Puzzle;
  readonly solutions: number;
  readonly difficulty: number;
  readonly author: { readonly account: string; readonly name: string; readonly username: string | null };
  readonly createdAt: number;
}

/** `GET /api/boards/:id/times`: the board's own times board, fastest first, as every board: reviewed or not. */
export interface BoardTimesAnswer {
  readonly id: string;
  readonly entries: readonly TimedEntry[];
}
