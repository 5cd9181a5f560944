import type { Cell, Puzzle } from '../index.js';
import { gridOf } from '../index.js';

/**
 * Counts the tilings of a puzzle by brute force, for tests: every piece in turn tries every image
 * of every placement that lies inside the region, overlaps are skipped, and complete covers are
 * collected as sets of cell sets, so that swapping two pieces of the same shape counts once.
 * Slow on purpose and written apart from the solver.
 */
export function bruteForceCount(puzzle: Puzzle): number {
  const grid = gridOf(puzzle.grid);
  const region = new Set(puzzle.region.map((c) => c.join()));
  const placementsOf = (cells: readonly Cell[]): string[][] => {
    const out = new Map<string, string[]>();
    for (const s of grid.symmetries) {
      const image = cells.map(s);
      for (const [rx, ry] of puzzle.region) {
        const [fx, fy] = image[0] as Cell;
        const moved = image.map(([x, y]) => `${x - fx + rx},${y - fy + ry}`);
        if (moved.every((k) => region.has(k))) out.set([...moved].sort().join(' '), moved);
      }
    }
    return [...out.values()];
  };
  const options = puzzle.pieces.map((p) => placementsOf(p.cells));
  const tilings = new Set<string>();
  const used = new Set<string>();
  const chosen: string[] = [];
  const visit = (i: number): void => {
    if (i === options.length) {
      if (used.size === region.size) tilings.add([...chosen].sort().join(' | '));
      return;
    }
    for (const cells of options[i] ?? []) {
      if (cells.some((k) => used.has(k))) continue;
      for (const k of cells) used.add(k);
      chosen.push([...cells].sort().join(' '));
      visit(i + 1);
      chosen.pop();
      for (const k of cells) used.delete(k);
    }
  };
  visit(0);
  return tilings.size;
}
