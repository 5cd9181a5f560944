import { bounds, cellKey } from './cells.js';
import type { Cell, GridName } from './grid.js';

/** Letters for the pieces of a drawing, in order. */
export const PIECE_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The letter of the n-th piece in drawings (from 0). */
export function pieceLetter(n: number): string {
  return PIECE_LETTERS[n] ?? '?';
}

/**
 * Draws cells as text, one character per cell: `marks` maps a cell key (`"x,y"`) to its
 * character, `background` cells without a mark are drawn as `.`. Square cells sit two columns
 * apart; hex rows are shifted half a cell each, so the hexagons look staggered.
 */
export function drawCells(
  grid: GridName,
  marks: ReadonlyMap<string, string>,
  background: readonly Cell[] = [],
): string {
  const cells: Cell[] = [...background];
  for (const k of marks.keys()) {
    const [x, y] = k.split(',').map(Number);
    cells.push([x ?? 0, y ?? 0]);
  }
  if (cells.length === 0) return '';
  const column = ([x, y]: Cell): number => (grid === 'square' ? 2 * x : 2 * x + y);
  const { minY, maxY } = bounds(cells);
  const left = Math.min(...cells.map(column));
  const rows: string[][] = Array.from({ length: maxY - minY + 1 }, () => []);
  const put = (cell: Cell, ch: string): void => {
    const row = rows[cell[1] - minY] as string[];
    const col = column(cell) - left;
    while (row.length < col) row.push(' ');
    row[col] = ch;
  };
  for (const cell of background) put(cell, '.');
  for (const [k, ch] of marks) {
    const [x, y] = k.split(',').map(Number);
    put([x ?? 0, y ?? 0], ch);
  }
  return rows.map((r) => r.join('').trimEnd()).join('\n');
}

/** Draws a shape with `#` for each cell. */
export function drawShape(grid: GridName, cells: readonly Cell[]): string {
  return drawCells(grid, new Map(cells.map((c) => [cellKey(c), '#'] as const)));
}

/** Draws a solution on its region, one letter per placement in order (uncovered cells as `.`). */
export function drawSolution(
  grid: GridName,
  region: readonly Cell[],
  placements: readonly { readonly cells: readonly Cell[] }[],
): string {
  const marks = new Map<string, string>();
  placements.forEach((p, i) => {
    for (const c of p.cells) marks.set(cellKey(c), pieceLetter(i));
  });
  return drawCells(grid, marks, region);
}
