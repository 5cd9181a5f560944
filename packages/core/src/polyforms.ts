import { canonical, cellKey, shapeKey } from './cells.js';
import type { Cell, Grid, SymmetryKind } from './grid.js';

/**
 * Every polyform of `size` cells on `grid`, one canonical representative per class under `kind`,
 * sorted by key. Grows each form of size n - 1 by one neighbouring cell: every polyform has a
 * cell whose removal leaves it connected, so nothing is missed.
 */
export function enumeratePolyforms(grid: Grid, kind: SymmetryKind, size: number): Cell[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`size must be a positive integer, got ${size}`);
  let level = new Map<string, Cell[]>([['0,0', [[0, 0]]]]);
  for (let n = 2; n <= size; n++) {
    const next = new Map<string, Cell[]>();
    for (const form of level.values()) {
      const inForm = new Set(form.map(cellKey));
      const tried = new Set<string>();
      for (const [x, y] of form) {
        for (const [dx, dy] of grid.neighbours) {
          const cell: Cell = [x + dx, y + dy];
          const key = cellKey(cell);
          if (inForm.has(key) || tried.has(key)) continue;
          tried.add(key);
          const grown = canonical(grid, [...form, cell], kind);
          const grownKey = shapeKey(grown);
          if (!next.has(grownKey)) next.set(grownKey, grown);
        }
      }
    }
    level = next;
  }
  return [...level.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, f]) => f);
}

/** How many polyforms of `size` cells there are on `grid` under `kind`. */
export function countPolyforms(grid: Grid, kind: SymmetryKind, size: number): number {
  return enumeratePolyforms(grid, kind, size).length;
}
