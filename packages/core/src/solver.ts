import type { Cell } from './grid.js';
import type { Puzzle } from './puzzle.js';
import type { Compiled } from './solver-compile.js';
import { compile, regionSymmetries } from './solver-compile.js';
import { countKernel } from './solver-count.js';
import type { SearchState } from './solver-kernel.js';
import { firstEmpty, newState, run } from './solver-kernel.js';

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
 * around it only hands out copies. The puzzle is compiled into those arrays in solver-compile.ts;
 * the search's state and its hot loop, `run`, are in solver-kernel.ts; the count-only kernel, which
 * walks the same tree keeping only what counting needs, in solver-count.ts.
 */

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

/** The solution on a placement stack, as placements of the puzzle's pieces. */
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
