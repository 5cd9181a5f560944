import { bounds, canonicalKey, cellKey, normalize, orientations, shapeKey } from './cells.js';
import type { Cell, Grid } from './grid.js';
import { gridOf } from './grid.js';
import type { Puzzle } from './puzzle.js';
import { piecesArea } from './puzzle.js';

// A puzzle compiled for the search (solver.ts explains it): the region's cells numbered in scan
// order, every placement of every shape as cell indexes (and masks from its anchor), the shapes
// with their multiplicities.

/** A puzzle compiled for the search: typed arrays the kernels walk, and what is needed to read a solution back. */
export interface Compiled {
  readonly n: number;
  /** Region cells in scan order. */
  readonly cells: readonly Cell[];
  /** Placements anchored at cell a are `start[a] .. start[a + 1] - 1`, grouped by shape. */
  readonly start: Int32Array;
  readonly shape: Int32Array;
  /** For each placement, the first placement of the next shape group at the same anchor. */
  readonly nextGroup: Int32Array;
  /** Cell indexes of each placement, `stride` slots each, anchor first. */
  readonly plCells: Int32Array;
  readonly stride: number;
  /** Each placement as a mask of the 32 cells from its anchor on (when `windowed`). */
  readonly relMask: Int32Array;
  readonly windowed: boolean;
  readonly words: number;
  readonly shapeSize: Int32Array;
  readonly multiplicity: Int32Array;
  /** The labels of the pieces of each shape, handed out in order to a solution's placements. */
  readonly shapePieces: readonly (readonly string[])[];
  /** The shape of each piece of the puzzle, in the puzzle's order. */
  readonly pieceShape: Int32Array;
  /** The grid and the region's cells, for the symmetry shortcut (computed when first needed). */
  readonly grid: Grid;
  readonly index: (x: number, y: number) => number;
  /** Why no search is needed: the pieces cannot possibly cover the region. */
  readonly impossible: boolean;
}

/** What the search needs of a shape: its free canonical key and every orientation. */
interface ShapeInfo {
  readonly key: string;
  /** Each orientation as offsets from its first cell (in row order): x0, y0, x1, y1, ... */
  readonly forms: readonly Int32Array[];
}

// Pieces repeat from puzzle to puzzle (a deck uses the same dozen), so their orientations are
// worked out once. The cache is bounded so that a stream of random shapes cannot grow it forever.
const shapeCache = new Map<string, ShapeInfo>();
const SHAPE_CACHE_LIMIT = 4096;

function shapeInfo(grid: Grid, cells: readonly Cell[]): ShapeInfo {
  const cacheKey = `${grid.name}:${cells.map(cellKey).join(' ')}`;
  let info = shapeCache.get(cacheKey);
  if (info === undefined) {
    const forms = orientations(grid, cells, 'free').map((form) => {
      const [fx, fy] = form[0] as Cell;
      return Int32Array.from(form.flatMap(([x, y]) => [x - fx, y - fy]));
    });
    info = { key: canonicalKey(grid, cells, 'free'), forms };
    if (shapeCache.size >= SHAPE_CACHE_LIMIT) shapeCache.clear();
    shapeCache.set(cacheKey, info);
  }
  return info;
}

/** The symmetries of the grid that map the region onto itself, as permutations of cell indexes. */
export function regionSymmetries(c: Compiled): Int32Array[] {
  const target = shapeKey(normalize(c.cells));
  const { minX: ox, minY: oy } = bounds(c.cells);
  const out: Int32Array[] = [];
  for (const g of c.grid.symmetries.slice(1)) {
    const image = c.cells.map(g);
    if (shapeKey(normalize(image)) !== target) continue;
    const { minX, minY } = bounds(image);
    out.push(Int32Array.from(image, ([x, y]) => c.index(x - minX + ox, y - minY + oy)));
  }
  return out;
}

/** Compiles a puzzle for the search: numbers its cells, lists every placement, groups the pieces by shape. */
export function compile(puzzle: Puzzle): Compiled {
  const grid = gridOf(puzzle.grid);
  const { minX, minY, maxX, maxY } = bounds(puzzle.region);
  const columnMajor = maxY - minY <= maxX - minX;
  const cells = [...puzzle.region].sort((a, b) =>
    columnMajor ? a[0] - b[0] || a[1] - b[1] : a[1] - b[1] || a[0] - b[0],
  );
  const n = cells.length;
  // Cell numbers by position in the bounding box, -1 outside the region.
  const width = maxX - minX + 1;
  const height = maxY - minY + 1;
  const box = new Int32Array(width * height).fill(-1);
  cells.forEach(([x, y], i) => (box[(y - minY) * width + (x - minX)] = i));
  const index = (x: number, y: number): number =>
    x < minX || x > maxX || y < minY || y > maxY ? -1 : (box[(y - minY) * width + (x - minX)] as number);

  const shapeIds = new Map<string, number>();
  const shapePieces: string[][] = [];
  const shapeForms: (readonly Int32Array[])[] = [];
  const pieceShape = new Int32Array(puzzle.pieces.length);
  for (const [pi, piece] of puzzle.pieces.entries()) {
    const info = shapeInfo(grid, piece.cells);
    let s = shapeIds.get(info.key);
    if (s === undefined) {
      s = shapePieces.length;
      shapeIds.set(info.key, s);
      shapePieces.push([]);
      shapeForms.push(info.forms);
    }
    shapePieces[s]?.push(piece.id);
    pieceShape[pi] = s;
  }
  const shapes = shapePieces.length;
  const shapeSize = Int32Array.from(shapeForms, (forms) => (forms[0]?.length ?? 0) / 2);
  const multiplicity = Int32Array.from(shapePieces, (p) => p.length);
  const stride = Math.max(...shapeSize);

  // Every placement: its cells (sorted, so the anchor comes first) and its shape.
  const found: number[] = [];
  const foundShape: number[] = [];
  const placeable = new Array<boolean>(shapes).fill(false);
  const idx = new Int32Array(stride);
  for (let s = 0; s < shapes; s++) {
    const size = shapeSize[s] as number;
    for (const form of shapeForms[s] ?? []) {
      for (const [tx, ty] of cells) {
        let k = 0;
        for (; k < size; k++) {
          const i = index(tx + (form[2 * k] as number), ty + (form[2 * k + 1] as number));
          if (i < 0) break;
          idx[k] = i;
        }
        if (k < size) continue;
        const sorted = idx.subarray(0, size).sort();
        for (let j = 0; j < stride; j++) found.push(j < size ? (sorted[j] as number) : 0);
        foundShape.push(s);
        placeable[s] = true;
      }
    }
  }

  // Group by anchor, then by shape (a stable counting sort on anchor * shapes + shape).
  const total = foundShape.length;
  const bucketOf = (p: number): number => (found[p * stride] as number) * shapes + (foundShape[p] as number);
  const bucketStart = new Int32Array(n * shapes + 1);
  for (let p = 0; p < total; p++) bucketStart[bucketOf(p) + 1] = (bucketStart[bucketOf(p) + 1] as number) + 1;
  for (let b = 0; b < n * shapes; b++) bucketStart[b + 1] = (bucketStart[b + 1] as number) + (bucketStart[b] as number);
  const fill = bucketStart.slice();
  const plCells = new Int32Array(total * stride);
  const shape = new Int32Array(total);
  const nextGroup = new Int32Array(total);
  const relMask = new Int32Array(total);
  let windowed = true;
  for (let p = 0; p < total; p++) {
    const b = bucketOf(p);
    const q = fill[b] as number;
    fill[b] = q + 1;
    shape[q] = foundShape[p] as number;
    nextGroup[q] = bucketStart[b + 1] as number;
    const anchor = found[p * stride] as number;
    let mask = 0;
    for (let j = 0; j < stride; j++) {
      const i = found[p * stride + j] as number;
      plCells[q * stride + j] = i;
      if (j >= (shapeSize[foundShape[p] as number] as number)) continue;
      if (i - anchor >= 32) windowed = false;
      else mask |= 1 << (i - anchor);
    }
    relMask[q] = mask;
  }
  const start = Int32Array.from({ length: n + 1 }, (_, a) => bucketStart[a * shapes] as number);

  return {
    n,
    cells,
    start,
    shape,
    nextGroup,
    plCells,
    stride,
    relMask,
    windowed,
    // One spare word for the window read past the last cell, one for the scan's end.
    words: ((n + 31) >>> 5) + 2,
    shapeSize,
    multiplicity,
    shapePieces,
    pieceShape,
    grid,
    index,
    impossible: piecesArea(puzzle) !== n || placeable.includes(false),
  };
}
