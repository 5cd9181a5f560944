import type { Cell, GridName } from '@ubongo/core';
import type { BoardState } from './board.js';
import { flipped, rotated } from './geometry.js';
import type { LaidBoard } from './props.js';

/*
 * A board as it lies, and laid again (a reload mid-round): Puzzle.tsx reports the one
 * (`onPlacements`) and starts from the other (`initial`).
 */

/** The board as it lies: the pieces down (not those pinned by a hint), the trail, when it was first shown. */
export function laidOf(board: Pick<BoardState, 'pieces' | 'trail'>, shownAt: number): LaidBoard {
  return {
    pieces: board.pieces.flatMap((p) => (p.at === null || p.pinned ? [] : [{ piece: p.id, cells: p.cells, at: p.at }])),
    trail: board.trail,
    shownAt,
  };
}

const isCell = (c: unknown): c is Cell =>
  Array.isArray(c) && c.length === 2 && c.every((n) => typeof n === 'number' && Number.isInteger(n));

const shapeKey = (cells: readonly Cell[]): string =>
  cells
    .map(([x, y]) => `${x},${y}`)
    .sort()
    .join(' ');

/** Whether `cells` are `piece` as the board turns it (turned and turned over as the board does it). */
function sameShape(grid: GridName, piece: readonly Cell[], cells: readonly Cell[]): boolean {
  if (piece.length !== cells.length) return false;
  const wanted = shapeKey(cells);
  for (let side of [piece, flipped(grid, piece)]) {
    for (let turn = 0; turn < 6; turn++) {
      if (shapeKey(side) === wanted) return true;
      side = rotated(grid, side);
    }
  }
  return false;
}

/**
 * `board` (new, every piece in the tray) with the pieces of `laid` put back where they lay: each
 * on the first piece of its id still in the tray whose shape it is (turned or turned over), with
 * the trail so far. What is not such a piece is left out: `laid` comes from storage the page does
 * not control.
 */
export function layAgain(board: BoardState, laid: LaidBoard): BoardState {
  const pieces = [...board.pieces];
  for (const { piece, cells, at } of Array.isArray(laid.pieces) ? laid.pieces : []) {
    if (!isCell(at) || !Array.isArray(cells) || !cells.every(isCell)) continue;
    const i = pieces.findIndex((p) => p.id === piece && p.at === null && sameShape(board.grid, p.cells, cells));
    const found = pieces[i];
    if (found) pieces[i] = { ...found, cells, at };
  }
  const trail = Array.isArray(laid.trail) ? laid.trail : [];
  return { ...board, pieces, trail, noted: trail.length };
}
