import { bounds, canonicalKey, cellKey, normalize, orientations, shapeKey } from './cells.js';
import type { Cell, Grid } from './grid.js';
import { gridOf } from './grid.js';
import type { Puzzle } from './puzzle.js';
import { piecesArea } from './puzzle.js';

/** One piece laid on the region: the piece's label (its id, or `#n`) and the cells it covers. */
export interface Placement {
  /** The piece's id as in `Puzzle.pieces`. */
  readonly piece: string;
  /** The region cells it covers. */
  readonly cells: readonly Cell[];
}

/** A solution: one placement per piece of the puzzle, in the order of `Puzzle.pieces`. */
export type Solution = readonly Placement[];

/** What a search cost. */
export interface SolveStats {
  /** Search nodes: pieces put down during the search. */
  readonly nodes: number;
  /** False when the search stopped at `maxNodes` before it was finished. */
  readonly complete: boolean;
}

/** Limits for a search. */
export interface SolveOptions {
  /** Stop after this many nodes; the result then says `complete: false`. */
  readonly maxNodes?: number;
}

/*
 * How the search works. Region cells are numbered so that the scan runs along the region's short
 * side, and every placement is stored under its lowest-numbered cell, its anchor. The search
 * always fills the first empty cell: every cell before it is covered, so any placement that covers
 * it is anchored there. Pieces of the same shape are one shape with a multiplicity, so a tiling is
 * found once however many copies there are.
 *
 * The board is a bitset in 32-bit words. When every placement spans fewer than 32 cells in scan
 * order (always so for Ubongo boards and the 6x10 rectangle), each placement is also a 32-bit mask
 * relative to its anchor, so a fit test is one AND against the 32 cells from the anchor on, and
 * the next empty cell is a count of trailing ones. Otherwise the search tests cell by cell.
 *
 * The state lives in typed arrays and the hot loop is a plain module-level function; the class
 * around it only hands out copies.
 */
interface Compiled {
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
function regionSymmetries(c: Compiled): Int32Array[] {
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

function compile(puzzle: Puzzle): Compiled {
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

/** The mutable state of one search. */
interface SearchState {
  readonly c: Compiled;
  /** Occupied cells; bits past the last cell are set, so they read as covered. */
  readonly board: Int32Array;
  readonly left: Int32Array;
  readonly anchorAt: Int32Array;
  readonly tryAt: Int32Array;
  readonly placedAt: Int32Array;
  depth: number;
  nodes: number;
  done: boolean;
}

function setCell(board: Int32Array, i: number, on: boolean): void {
  const w = i >>> 5;
  const bit = 1 << (i & 31);
  board[w] = on ? (board[w] as number) | bit : (board[w] as number) & ~bit;
}

/** The first empty cell at or after `from`, or `n` when there is none. */
function firstEmpty(board: Int32Array, from: number, n: number): number {
  let w = from >>> 5;
  let free = ~(board[w] as number) & (-1 << (from & 31));
  while (free === 0) {
    w++;
    if (w << 5 >= n) return n;
    free = ~(board[w] as number);
  }
  const i = (w << 5) + 31 - Math.clz32(free & -free);
  return i < n ? i : n;
}

/** A fresh search, with the placements `preset` already on the board (their shapes used up). */
function newState(c: Compiled, preset: readonly number[] = []): SearchState {
  const depthMax = c.shapePieces.reduce((sum, p) => sum + p.length, 0) + 1;
  const board = new Int32Array(c.words);
  for (let i = c.n; i < c.words * 32; i++) setCell(board, i, true);
  const left = Int32Array.from(c.multiplicity);
  for (const p of preset) {
    const s = c.shape[p] as number;
    left[s] = (left[s] as number) - 1;
    for (let k = 0; k < (c.shapeSize[s] as number); k++) setCell(board, c.plCells[p * c.stride + k] as number, true);
  }
  const st: SearchState = {
    c,
    board,
    left,
    anchorAt: new Int32Array(depthMax),
    tryAt: new Int32Array(depthMax),
    placedAt: new Int32Array(depthMax),
    depth: 0,
    nodes: 0,
    done: c.impossible || c.n === 0,
  };
  const first = firstEmpty(board, 0, c.n);
  if (first === c.n) st.done = true;
  st.anchorAt[0] = first;
  st.tryAt[0] = c.start[first] ?? 0;
  return st;
}

/** Puts placement `p` on the board, or takes it off. */
function toggle(st: SearchState, p: number, on: boolean): void {
  const { board, left } = st;
  const { plCells, stride, shape, shapeSize } = st.c;
  const s = shape[p] as number;
  left[s] = (left[s] as number) + (on ? -1 : 1);
  for (let k = p * stride, last = k + (shapeSize[s] as number); k < last; k++) setCell(board, plCells[k] as number, on);
}

/**
 * Runs the search until `want` more solutions are found (counting them only, unless `record` is
 * given, which is called with the placement stack of each), the search is exhausted, or `maxNodes`
 * is passed. Returns the number of solutions found.
 */
function run(
  st: SearchState,
  want: number,
  maxNodes: number,
  record: ((placed: Int32Array, depth: number) => void) | undefined,
): number {
  if (st.done) return 0;
  const { board, left, anchorAt, tryAt, placedAt } = st;
  const { n, start, shape, nextGroup, plCells, stride, shapeSize, relMask, windowed } = st.c;
  let depth = st.depth;
  let nodes = st.nodes;
  let found = 0;
  for (;;) {
    const a = anchorAt[depth] as number;
    const w = a >>> 5;
    const sh = a & 31;
    // The 32 cells from the anchor on, as bits.
    const win =
      sh === 0 ? (board[w] as number) : ((board[w] as number) >>> sh) | ((board[w + 1] as number) << (32 - sh));
    const end = start[a + 1] as number;
    let p = tryAt[depth] as number;
    let chosen = -1;
    while (p < end) {
      const s = shape[p] as number;
      if (left[s] === 0) {
        p = nextGroup[p] as number;
        continue;
      }
      if (windowed) {
        if ((win & (relMask[p] as number)) === 0) {
          chosen = p;
          break;
        }
      } else {
        const last = p * stride + (shapeSize[s] as number);
        let k = p * stride + 1;
        for (; k < last; k++) {
          const i = plCells[k] as number;
          if ((((board[i >>> 5] as number) >>> (i & 31)) & 1) !== 0) break;
        }
        if (k === last) {
          chosen = p;
          break;
        }
      }
      p++;
    }
    if (chosen < 0) {
      // Nothing more fits at this anchor: take back the placement below and try its successor.
      if (depth === 0) {
        st.done = true;
        break;
      }
      depth--;
      toggle(st, placedAt[depth] as number, false);
      continue;
    }
    toggle(st, chosen, true);
    placedAt[depth] = chosen;
    tryAt[depth] = chosen + 1;
    nodes++;
    let b: number;
    const freeAhead = windowed ? ~(win | (relMask[chosen] as number)) : 0;
    if (freeAhead !== 0) b = a + 31 - Math.clz32(freeAhead & -freeAhead);
    else b = firstEmpty(board, a + 1, n);
    if (b >= n) {
      found++;
      if (record) record(placedAt, depth + 1);
      toggle(st, chosen, false);
      if (found >= want) break;
      continue;
    }
    if (nodes >= maxNodes) {
      toggle(st, chosen, false);
      tryAt[depth] = chosen;
      break;
    }
    depth++;
    anchorAt[depth] = b;
    tryAt[depth] = start[b] as number;
  }
  st.depth = depth;
  st.nodes = nodes;
  return found;
}

function toSolution(c: Compiled, placed: ArrayLike<number>, count: number): Placement[] {
  const handedOut = new Int32Array(c.shapePieces.length);
  const placements: Placement[] = [];
  for (let d = 0; d < count; d++) {
    const p = placed[d] as number;
    const s = c.shape[p] as number;
    const cells: Cell[] = [];
    for (let k = 0; k < (c.shapeSize[s] as number); k++)
      cells.push(c.cells[c.plCells[p * c.stride + k] as number] as Cell);
    const nth = handedOut[s] as number;
    handedOut[s] = nth + 1;
    placements.push({ piece: c.shapePieces[s]?.[nth] ?? '?', cells });
  }
  return placements;
}

/*
 * The count-only kernel, for regions of at most 64 cells and puzzles of at most 32 shapes (every
 * Ubongo board, the pentomino rectangles). It walks the same tree as `run` (the first empty cell,
 * the placements anchored there, shape by shape) but keeps only what counting needs: the board is
 * two 32-bit integers and the shapes still available a bitmask, all passed down the recursion; a
 * shape's placements at a cell are one range, visited only while the shape is available (a used
 * piece costs nothing, where `run` steps over its group at every cell); a fit is one AND against
 * the 32 cells from the anchor on; a piece goes on the board as two ORs. The tables and counters
 * are module state set up by `countKernel`: a count runs to its end before anything else can run.
 */
let kLo: Int32Array = new Int32Array(0);
let kHi: Int32Array = new Int32Array(0);
/** Each placement as a mask of the 32 cells from its anchor on. */
let kRel: Int32Array = new Int32Array(0);
/** Placements of shape s anchored at cell a: `kRange[a * kShapes + s] .. kRange[a * kShapes + s + 1] - 1`. */
let kRange: Int32Array = new Int32Array(0);
/** The shapes with a placement anchored at each cell, as a bitmask. */
let kAt: Int32Array = new Int32Array(0);
let kLeft: Int32Array = new Int32Array(0);
let kShapes = 0;
let kNodes = 0;
let kMaxNodes = 0;
let kStopped = false;

/** Counts the tilings of the empty cells of (lo, hi) (cells past the region set) with the shapes in `avail`. */
function countFrom(lo: number, hi: number, avail: number): number {
  // The first empty cell (the lowest clear bit) and the 32 cells from it on.
  let a: number;
  let win: number;
  if (lo !== -1) {
    a = 31 - Math.clz32(~lo & (lo + 1));
    win = a === 0 ? lo : (lo >>> a) | (hi << (32 - a));
  } else {
    a = 63 - Math.clz32(~hi & (hi + 1));
    // Past the last word the board reads as full.
    win = a === 32 ? hi : (hi >>> (a - 32)) | (-1 << (64 - a));
  }
  let total = 0;
  for (let m = avail & (kAt[a] as number); m !== 0;) {
    const bit = m & -m;
    m ^= bit;
    const s = 31 - Math.clz32(bit);
    const left = kLeft[s] as number;
    const rest = left === 1 ? avail ^ bit : avail;
    kLeft[s] = left - 1;
    const r = a * kShapes + s;
    for (let p = kRange[r] as number, end = kRange[r + 1] as number; p < end; p++) {
      if ((win & (kRel[p] as number)) !== 0) continue;
      kNodes++;
      const nlo = lo | (kLo[p] as number);
      const nhi = hi | (kHi[p] as number);
      if (nlo === -1 && nhi === -1) total++;
      else {
        if (kNodes >= kMaxNodes) {
          kStopped = true;
          break;
        }
        total += countFrom(nlo, nhi, rest);
        if (kStopped) break;
      }
    }
    kLeft[s] = left;
    if (kStopped) break;
  }
  return total;
}

/** The kernel's tables for a compiled puzzle: placements as absolute masks, ranges by cell and shape. */
interface KernelTables {
  readonly lo: Int32Array;
  readonly hi: Int32Array;
  readonly range: Int32Array;
  readonly at: Int32Array;
}

// Built once per puzzle: the symmetry shortcut runs the kernel once per orbit on the same tables.
const kernelTables = new WeakMap<Compiled, KernelTables>();

function tablesOf(c: Compiled): KernelTables {
  const cached = kernelTables.get(c);
  if (cached) return cached;
  const shapes = c.multiplicity.length;
  const total = c.shape.length;
  const lo = new Int32Array(total);
  const hi = new Int32Array(total);
  const range = new Int32Array(c.n * shapes + 1);
  const at = new Int32Array(c.n);
  for (let p = 0; p < total; p++) {
    const s = c.shape[p] as number;
    const anchor = c.plCells[p * c.stride] as number;
    for (let k = p * c.stride, last = k + (c.shapeSize[s] as number); k < last; k++) {
      const i = c.plCells[k] as number;
      if (i < 32) lo[p] = (lo[p] as number) | (1 << i);
      else hi[p] = (hi[p] as number) | (1 << (i - 32));
    }
    // Placements come sorted by anchor, then shape: each (anchor, shape) is one range.
    range[anchor * shapes + s + 1] = p + 1;
    at[anchor] = (at[anchor] as number) | (1 << s);
  }
  // An empty range starts (and ends) where the one before it ended.
  for (let r = 1; r < range.length; r++) range[r] = Math.max(range[r] as number, range[r - 1] as number);
  const tables = { lo, hi, range, at };
  kernelTables.set(c, tables);
  return tables;
}

/**
 * Counts the solutions with the count-only kernel, the placements `preset` already down (their
 * shapes used up). Undefined when the kernel does not apply (over 64 cells, over 32 shapes, or a
 * placement reaching 32 cells or more past its anchor); `run` counts those.
 */
function countKernel(
  c: Compiled,
  maxNodes: number,
  preset: readonly number[] = [],
): { count: number; nodes: number; complete: boolean } | undefined {
  const shapes = c.multiplicity.length;
  if (c.n > 64 || shapes > 32 || !c.windowed) return undefined;
  if (c.impossible || c.n === 0) return { count: 0, nodes: 0, complete: true };
  const { lo, hi, range, at } = tablesOf(c);
  // Cells past the region read as covered.
  let boardLo = c.n >= 32 ? 0 : -1 << c.n;
  let boardHi = c.n >= 64 ? 0 : c.n <= 32 ? -1 : -1 << (c.n - 32);
  const left = Int32Array.from(c.multiplicity);
  for (const p of preset) {
    boardLo |= lo[p] as number;
    boardHi |= hi[p] as number;
    const s = c.shape[p] as number;
    left[s] = (left[s] as number) - 1;
  }
  let avail = 0;
  for (let s = 0; s < shapes; s++) if ((left[s] as number) > 0) avail |= 1 << s;
  [kLo, kHi, kRel, kRange, kAt, kLeft] = [lo, hi, c.relMask, range, at, left];
  kShapes = shapes;
  kNodes = 0;
  kMaxNodes = maxNodes;
  kStopped = false;
  const count = boardLo === -1 && boardHi === -1 ? 1 : countFrom(boardLo, boardHi, avail);
  return { count, nodes: kNodes, complete: !kStopped };
}

const SYMMETRY_MIN_CELLS = 30;

/**
 * Counts every solution using the region's symmetry: a piece that occurs once is put down in one
 * placement of each orbit under the region's symmetries, the rest is counted, and each count is
 * weighed by its orbit's size. Exact, since a symmetry maps the solutions with that piece at one
 * placement one-to-one onto those with it at the image placement. Returns undefined when the
 * region has no symmetry or no piece occurs once.
 */
function countBySymmetry(
  c: Compiled,
  maxNodes: number,
): { count: number; nodes: number; complete: boolean } | undefined {
  // Small searches are over before the orbits would be worked out.
  if (c.impossible || c.n < SYMMETRY_MIN_CELLS) return undefined;
  const symmetries = regionSymmetries(c);
  if (symmetries.length === 0) return undefined;
  // The unique shape with the fewest placements gives the fewest orbits to search.
  let best = -1;
  let bestPlacements = Infinity;
  const placementsOf = (s: number): number[] => {
    const out: number[] = [];
    for (let p = 0; p < c.shape.length; p++) if (c.shape[p] === s) out.push(p);
    return out;
  };
  for (let s = 0; s < c.multiplicity.length; s++) {
    if (c.multiplicity[s] !== 1) continue;
    const count = placementsOf(s).length;
    if (count < bestPlacements) {
      best = s;
      bestPlacements = count;
    }
  }
  if (best < 0) return undefined;
  const placements = placementsOf(best);
  const keyOf = (idx: readonly number[]): string => [...idx].sort((x, y) => x - y).join(',');
  const cellsOf = (p: number): number[] =>
    Array.from(c.plCells.subarray(p * c.stride, p * c.stride + (c.shapeSize[best] as number)));
  const byKey = new Map(placements.map((p) => [keyOf(cellsOf(p)), p] as const));
  const seen = new Set<number>();
  let count = 0;
  let nodes = 0;
  for (const p of placements) {
    if (seen.has(p)) continue;
    const orbit = new Set([p]);
    for (const perm of symmetries) {
      const image = byKey.get(keyOf(cellsOf(p).map((i) => perm[i] as number)));
      if (image === undefined) throw new Error('a region symmetry mapped a placement outside the region');
      orbit.add(image);
    }
    for (const q of orbit) seen.add(q);
    nodes += 1;
    const fast = countKernel(c, maxNodes - nodes, [p]);
    if (fast) {
      nodes += fast.nodes;
      count += fast.count * orbit.size;
      if (!fast.complete) return { count, nodes, complete: false };
      continue;
    }
    const st = newState(c, [p]);
    // A preset that covers the whole region is itself the one solution.
    let sub = st.done && firstEmpty(st.board, 0, c.n) === c.n ? 1 : 0;
    while (!st.done && nodes + st.nodes < maxNodes)
      sub += run(st, Number.MAX_SAFE_INTEGER, maxNodes - nodes, undefined);
    nodes += st.nodes;
    if (!st.done) return { count: count + sub * orbit.size, nodes, complete: false };
    count += sub * orbit.size;
  }
  return { count, nodes, complete: true };
}

/**
 * A resumable exact-cover search over one puzzle. Each call of `next()` gives the next solution;
 * `count()` counts the rest without building them.
 */
export class Solver {
  readonly #c: Compiled;
  readonly #state: SearchState;
  readonly #maxNodes: number;
  readonly #order: ReadonlyMap<string, number>;
  #countNodes = 0;
  #countIncomplete = false;
  #started = false;

  /** Prepares the search; nothing is searched until `next()` or `count()`. */
  constructor(puzzle: Puzzle, options: SolveOptions = {}) {
    this.#c = compile(puzzle);
    this.#state = newState(this.#c);
    this.#maxNodes = options.maxNodes ?? Number.MAX_SAFE_INTEGER;
    this.#order = new Map(puzzle.pieces.map((p, i) => [p.id, i] as const));
  }

  /** The next solution, or `undefined` when there are no more (or the node limit was reached). */
  next(): Solution | undefined {
    this.#started = true;
    let solution: Placement[] | undefined;
    run(this.#state, 1, this.#maxNodes, (placed, depth) => {
      solution = toSolution(this.#c, placed, depth);
    });
    return solution?.sort((a, b) => (this.#order.get(a.piece) ?? 0) - (this.#order.get(b.piece) ?? 0));
  }

  /** Counts the solutions not yet handed out by `next()`. */
  count(): number {
    if (!this.#started) {
      this.#started = true;
      // A fresh count: by the region's symmetry, else the count-only kernel, else the general search.
      const whole = countBySymmetry(this.#c, this.#maxNodes) ?? countKernel(this.#c, this.#maxNodes);
      if (whole) {
        this.#countNodes = whole.nodes;
        this.#countIncomplete = !whole.complete;
        this.#state.done = true;
        return whole.count;
      }
    }
    let total = 0;
    while (!this.#state.done && this.#state.nodes < this.#maxNodes) {
      total += run(this.#state, Number.MAX_SAFE_INTEGER, this.#maxNodes, undefined);
    }
    return total;
  }

  /** How many ways each piece (in the puzzle's order) fits inside the region on its own. */
  placementCounts(): number[] {
    const perShape = new Array<number>(this.#c.shapePieces.length).fill(0);
    for (const s of this.#c.shape) perShape[s] = (perShape[s] ?? 0) + 1;
    return Array.from(this.#c.pieceShape, (s) => perShape[s] ?? 0);
  }

  /** What the search has cost so far. */
  get stats(): SolveStats {
    return { nodes: this.#state.nodes + this.#countNodes, complete: this.#state.done && !this.#countIncomplete };
  }
}

/** The first solution found, if any, and what finding it cost. */
export function solveFirst(
  puzzle: Puzzle,
  options: SolveOptions = {},
): { solution: Solution | undefined; stats: SolveStats } {
  const solver = new Solver(puzzle, options);
  const solution = solver.next();
  return { solution, stats: solver.stats };
}

/** Every solution, one at a time; the generator's return value is the search's cost. */
export function* solutions(puzzle: Puzzle, options: SolveOptions = {}): Generator<Solution, SolveStats> {
  const solver = new Solver(puzzle, options);
  for (let s = solver.next(); s; s = solver.next()) yield s;
  return solver.stats;
}

/** The number of solutions and what counting them cost. */
export function countSolutions(puzzle: Puzzle, options: SolveOptions = {}): { count: number; stats: SolveStats } {
  const solver = new Solver(puzzle, options);
  const count = solver.count();
  return { count, stats: solver.stats };
}
