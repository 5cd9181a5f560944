import type { Compiled } from './solver-compile.js';

/*
 * The count-only kernel (solver.ts explains the search), for regions of at most 64 cells and puzzles of at most 32 shapes (every
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
export function countKernel(
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
