import type { Compiled } from './solver-compile.js';

// The search's mutable kernel (solver.ts explains the search): one search's state in typed arrays,
// and `run`, the hot loop that walks it. `Solver` drives it and hands out copies.

/** The mutable state of one search. */
export interface SearchState {
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
export function firstEmpty(board: Int32Array, from: number, n: number): number {
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
export function newState(c: Compiled, preset: readonly number[] = []): SearchState {
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
export function run(
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
