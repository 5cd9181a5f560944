import type { Puzzle } from '@ubongo/core';
import { cellKey, gridOf, orientations } from '@ubongo/core';
import { DancingLinks } from 'dancing-links';

/**
 * Counts a puzzle's solutions with the npm package dancing-links (Knuth's DLX): one column per
 * region cell and one per piece, one row per placement of a piece. Pieces are told apart, so this
 * equals our count only when all pieces have different shapes (the benchmark's puzzles do).
 */
export function dlxCount(puzzle: Puzzle): number {
  const grid = gridOf(puzzle.grid);
  const index = new Map(puzzle.region.map((c, i) => [cellKey(c), i] as const));
  const n = puzzle.region.length;
  const rows: { data: number; columnIndices: number[] }[] = [];
  puzzle.pieces.forEach((piece, p) => {
    for (const form of orientations(grid, piece.cells, 'free')) {
      const [fx, fy] = form[0] ?? [0, 0];
      for (const [tx, ty] of puzzle.region) {
        const columns: number[] = [];
        for (const [x, y] of form) {
          const i = index.get(cellKey([x - fx + tx, y - fy + ty]));
          if (i === undefined) break;
          columns.push(i);
        }
        if (columns.length === form.length) rows.push({ data: p, columnIndices: [...columns, n + p] });
      }
    }
  });
  const solver = new DancingLinks<number>().createSolver({ columns: n + puzzle.pieces.length });
  solver.addSparseConstraints(rows);
  return solver.findAll().length;
}
