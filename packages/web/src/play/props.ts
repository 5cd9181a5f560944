import type { Cell, ProposedPlacement, Puzzle as PuzzleTask, TrailKind, TrailMove } from '@ubongo/core';
import type { ReactNode } from 'react';

/* What a board is given and what it tells (Puzzle.tsx). */

/** What the board sends when the white area is covered: each piece and the cells it covers. */
export type Placements = readonly ProposedPlacement[];

/** One move of the hand: what it did, to which piece, when (ms since the board was shown). */
export interface BoardMove {
  readonly kind: TrailKind;
  readonly piece: string;
  readonly at: number;
}

/** A piece on the board as the server describes it (a hint or the solution). */
export interface ShownPlacement {
  readonly piece: string;
  readonly cells: readonly Cell[];
}

/**
 * A board as it lies (`onPlacements`), to lay it again after a reload (`initial`): the pieces down,
 * the move trail so far, and when the board was first shown.
 */
export interface LaidBoard {
  /** Each piece on the board: its id, its cells as turned (from its origin), where its origin lies. */
  readonly pieces: readonly { readonly piece: string; readonly cells: readonly Cell[]; readonly at: Cell }[];
  /** The moves so far (what a claim carries), their times from `shownAt`. */
  readonly trail: readonly TrailMove[];
  /** When the board was first shown, on the wall clock (ms since 1970): a board laid again counts on from it. */
  readonly shownAt: number;
}

export interface PuzzleProps {
  /** The puzzle as the server hands it out: the grid, the white area and the pieces with their shapes. */
  readonly task: PuzzleTask;
  /**
   * Playing as in the box: the whole set in the tray, the task's pieces among them. The board is
   * then done when the white area is covered exactly, whatever is left in the tray.
   */
  readonly tray?: PuzzleTask['pieces'] | undefined;
  /** Pieces a hint or the solution put down: they are pinned there. */
  readonly shown?: readonly ShownPlacement[];
  /** No more moves (solved, or the sand ran out). */
  readonly disabled?: boolean;
  /**
   * The server says this board is solved. Solved before this board was drawn (the page was
   * reloaded), where the pieces lay is not known here: the board is shown covered, the pieces put away.
   */
  readonly solved?: boolean;
  /**
   * Called once each time the white area becomes exactly covered, with the move trail that covered
   * it (its last MAX_TRAIL_MOVES moves), which a claim carries (core's trail.ts).
   */
  readonly onComplete?: (placements: Placements, trail: readonly TrailMove[]) => void;
  /**
   * The board as it lay when the page was left (reloaded), to lay again: its pieces go where they
   * were, turned as they were, and its moves count on. Read once, when the board is drawn; a piece
   * that is not the task's (or not in that shape) stays in the tray.
   */
  readonly initial?: LaidBoard | null | undefined;
  /** Called with the board as it lies, when drawn and after each change of where the pieces lie. */
  readonly onPlacements?: (laid: LaidBoard) => void;
  /** Called on each move of the hand (a piece put down, sent back, turned, turned over, a move undone). */
  readonly onMove?: (move: BoardMove) => void;
  /** Called when a piece is picked up (by a pointer or the keyboard). */
  readonly onLift?: () => void;
  /** The accessible name of the board. */
  readonly label: string;
  /** What the screen puts at the end of the board's buttons (on a phone, at the bottom, in a thumb's reach). */
  readonly extraControls?: ReactNode;
}
