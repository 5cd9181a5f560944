import type { Cell, Grid, SymmetryKind } from './grid.js';
import { symmetriesOf } from './grid.js';

/** A short text key for one cell, `"x,y"`. */
export function cellKey(cell: Cell): string {
  return `${cell[0]},${cell[1]}`;
}

/** Orders cells by row (y, then x): the order every normalized cell list is in. */
export function compareCells(a: Cell, b: Cell): number {
  return a[1] - b[1] || a[0] - b[0];
}

/** The cells sorted by row, without duplicates. */
export function sortCells(cells: readonly Cell[]): Cell[] {
  const sorted = [...cells].sort(compareCells);
  return sorted.filter((c, i) => i === 0 || compareCells(c, sorted[i - 1] as Cell) !== 0);
}

/** The smallest and largest coordinates of a non-empty list of cells. */
export function bounds(cells: readonly Cell[]): {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
} {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of cells) {
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
  }
  return { minX, minY, maxX, maxY };
}

/** The cells moved by `(dx, dy)`. */
export function translate(cells: readonly Cell[], dx: number, dy: number): Cell[] {
  return cells.map(([x, y]) => [x + dx, y + dy] as const);
}

/** The cells translated so that their smallest x and y are 0, sorted by row, without duplicates. */
export function normalize(cells: readonly Cell[]): Cell[] {
  if (cells.length === 0) return [];
  const { minX, minY } = bounds(cells);
  return sortCells(translate(cells, -minX, -minY));
}

/** A text key of a normalized cell list; equal keys mean equal sets. */
export function shapeKey(normalized: readonly Cell[]): string {
  return normalized.map(cellKey).join(' ');
}

/** Whether two cell lists hold the same cells (in any order, ignoring duplicates). */
export function sameCells(a: readonly Cell[], b: readonly Cell[]): boolean {
  return shapeKey(sortCells(a)) === shapeKey(sortCells(b));
}

/** Every distinct normalized image of the cells under the symmetry group `kind`. */
export function orientations(grid: Grid, cells: readonly Cell[], kind: SymmetryKind = 'free'): Cell[][] {
  const seen = new Set<string>();
  const out: Cell[][] = [];
  for (const s of symmetriesOf(grid, kind)) {
    const image = normalize(cells.map(s));
    const key = shapeKey(image);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(image);
    }
  }
  return out;
}

/** The canonical representative of the cells under `kind`: the image with the smallest key. */
export function canonical(grid: Grid, cells: readonly Cell[], kind: SymmetryKind): Cell[] {
  let best: Cell[] = [];
  let bestKey: string | undefined;
  for (const s of symmetriesOf(grid, kind)) {
    const image = normalize(cells.map(s));
    const key = shapeKey(image);
    if (bestKey === undefined || key < bestKey) {
      best = image;
      bestKey = key;
    }
  }
  return best;
}

/** The key of the canonical form: equal keys mean congruent under `kind`. */
export function canonicalKey(grid: Grid, cells: readonly Cell[], kind: SymmetryKind): string {
  return shapeKey(canonical(grid, cells, kind));
}

/** The edge-connected components of a set of cells. */
export function components(grid: Grid, cells: readonly Cell[]): Cell[][] {
  const todo = new Map(cells.map((c) => [cellKey(c), c] as const));
  const out: Cell[][] = [];
  for (const [startKey, start] of todo) {
    todo.delete(startKey);
    const part: Cell[] = [start];
    for (let i = 0; i < part.length; i++) {
      const [x, y] = part[i] as Cell;
      for (const [dx, dy] of grid.neighbours) {
        const key = cellKey([x + dx, y + dy]);
        const next = todo.get(key);
        if (next) {
          todo.delete(key);
          part.push(next);
        }
      }
    }
    out.push(part);
  }
  return out;
}

/** Whether the cells form one edge-connected piece (an empty set is not connected). */
export function isConnected(grid: Grid, cells: readonly Cell[]): boolean {
  return cells.length > 0 && components(grid, cells).length === 1;
}

/** The holes of a set of cells: each enclosed group of empty cells, as a list of its cells. */
export function holes(grid: Grid, cells: readonly Cell[]): Cell[][] {
  if (cells.length === 0) return [];
  const { minX, minY, maxX, maxY } = bounds(cells);
  const filled = new Set(cells.map(cellKey));
  // Flood the empty cells of the bounding box grown by one from its corner; what stays dry is a hole.
  const inBox = (x: number, y: number): boolean => x >= minX - 1 && x <= maxX + 1 && y >= minY - 1 && y <= maxY + 1;
  const outside = new Set<string>([cellKey([minX - 1, minY - 1])]);
  const queue: Cell[] = [[minX - 1, minY - 1]];
  for (let i = 0; i < queue.length; i++) {
    const [x, y] = queue[i] as Cell;
    for (const [dx, dy] of grid.neighbours) {
      const nx = x + dx;
      const ny = y + dy;
      const key = cellKey([nx, ny]);
      if (inBox(nx, ny) && !filled.has(key) && !outside.has(key)) {
        outside.add(key);
        queue.push([nx, ny]);
      }
    }
  }
  const enclosed: Cell[] = [];
  for (let y = minY; y <= maxY; y++) {
    for (let x = minX; x <= maxX; x++) {
      const key = cellKey([x, y]);
      if (!filled.has(key) && !outside.has(key)) enclosed.push([x, y]);
    }
  }
  return components(grid, enclosed);
}
