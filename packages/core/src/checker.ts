import type { Cell, GridName } from './grid.js';
import type { Puzzle } from './puzzle.js';
import type { Result } from './result.js';
import { err, ok } from './result.js';

/*
 * The independent checker. It shares no code with the geometry or the solver on purpose: it has
 * its own transforms (as integer matrices), its own congruence test and plain string sets, so
 * that a bug in the fast code cannot hide behind the same bug here. The server judges claims
 * with it.
 */

/** What can be wrong with a proposed solution. */
export const CLAIM_ERROR_CODES = [
  'claim/malformed',
  'claim/unknown-piece',
  'claim/piece-used-twice',
  'claim/missing-piece',
  'claim/wrong-shape',
  'claim/outside',
  'claim/overlap',
  'claim/uncovered',
] as const;
/** The code of a problem with a proposed solution. */
export type ClaimErrorCode = (typeof CLAIM_ERROR_CODES)[number];

/** One problem with a proposed solution: what, which placement (by index), which cells. */
export interface ClaimProblem {
  /** What kind of problem. */
  readonly code: ClaimErrorCode;
  /** A sentence for people. */
  readonly message: string;
  /** The index of the placement concerned, if one is. */
  readonly placement?: number;
  /** The cells concerned, if any. */
  readonly cells?: readonly Cell[];
}

/** A proposed placement as it arrives: a piece id and the cells it is said to cover. */
export interface ProposedPlacement {
  /** The piece's id, as in `Puzzle.pieces`. */
  readonly piece: string;
  /** The cells it covers. */
  readonly cells: readonly Cell[];
}

type Matrix = readonly [number, number, number, number];

const multiply = (a: Matrix, b: Matrix): Matrix => [
  a[0] * b[0] + a[1] * b[2],
  a[0] * b[1] + a[1] * b[3],
  a[2] * b[0] + a[3] * b[2],
  a[2] * b[1] + a[3] * b[3],
];

/** All rotations and reflections of a grid as matrices acting on (x, y) column vectors. */
function transforms(grid: GridName): Matrix[] {
  // Square: a quarter turn (x, y) -> (-y, x). Hex: a sixth turn (q, r) -> (-r, q + r).
  const turn: Matrix = grid === 'square' ? [0, -1, 1, 0] : [0, -1, 1, 1];
  const mirror: Matrix = [0, 1, 1, 0];
  const out: Matrix[] = [];
  let m: Matrix = [1, 0, 0, 1];
  for (let i = 0; i < (grid === 'square' ? 4 : 6); i++) {
    out.push(m, multiply(m, mirror));
    m = multiply(turn, m);
  }
  return out;
}

const key = (x: number, y: number): string => `${x},${y}`;

/** Whether `cells` is a translated, rotated or reflected copy of `shape`. */
export function congruent(grid: GridName, shape: readonly Cell[], cells: readonly Cell[]): boolean {
  if (shape.length !== cells.length) return false;
  const target = new Set(cells.map(([x, y]) => key(x, y)));
  if (target.size !== cells.length) return false;
  const anchor = cells.reduce((best, c) => (c[1] < best[1] || (c[1] === best[1] && c[0] < best[0]) ? c : best));
  for (const [a, b, c, d] of transforms(grid)) {
    const image = shape.map(([x, y]) => [a * x + b * y, c * x + d * y] as const);
    const first = image.reduce((best, p) => (p[1] < best[1] || (p[1] === best[1] && p[0] < best[0]) ? p : best));
    const dx = anchor[0] - first[0];
    const dy = anchor[1] - first[1];
    if (image.every(([x, y]) => target.has(key(x + dx, y + dy)))) return true;
  }
  return false;
}

function isCell(value: unknown): value is Cell {
  return Array.isArray(value) && value.length === 2 && value.every((v) => Number.isSafeInteger(v));
}

/**
 * Checks a proposed solution of `puzzle`: every piece used exactly once, each placement a copy of
 * its piece, every cell inside the region, no overlap, every region cell covered. Lists every
 * problem found, not just the first.
 */
export function checkSolution(puzzle: Puzzle, proposed: unknown): Result<true, readonly ClaimProblem[]> {
  if (!Array.isArray(proposed)) {
    return err([{ code: 'claim/malformed', message: 'a solution is a list of placements' }]);
  }
  const problems: ClaimProblem[] = [];
  const available = new Map<string, (readonly Cell[])[]>();
  for (const piece of puzzle.pieces) available.set(piece.id, [...(available.get(piece.id) ?? []), piece.cells]);
  const region = new Set(puzzle.region.map(([x, y]) => key(x, y)));
  const coveredBy = new Map<string, number>();
  const overlaps: Cell[] = [];
  const outside: Cell[] = [];

  proposed.forEach((raw: unknown, i) => {
    const entry = raw as { piece?: unknown; cells?: unknown } | null;
    if (typeof entry !== 'object' || entry === null || typeof entry.piece !== 'string' || !Array.isArray(entry.cells)) {
      problems.push({
        code: 'claim/malformed',
        placement: i,
        message: `placement ${i} needs a piece id and a list of cells`,
      });
      return;
    }
    const cells: unknown[] = entry.cells;
    if (!cells.every(isCell)) {
      problems.push({
        code: 'claim/malformed',
        placement: i,
        message: `placement ${i} has a cell that is not [x, y] in integers`,
      });
      return;
    }
    const shapes = available.get(entry.piece);
    if (shapes === undefined) {
      const known = puzzle.pieces.some((p) => p.id === entry.piece);
      problems.push({
        code: known ? 'claim/piece-used-twice' : 'claim/unknown-piece',
        placement: i,
        message: known
          ? `placement ${i} uses piece ${entry.piece} more often than the puzzle has it`
          : `placement ${i} uses piece ${entry.piece}, which is not in this puzzle`,
      });
      return;
    }
    const shape = shapes.pop() as readonly Cell[];
    if (shapes.length === 0) available.delete(entry.piece);
    if (!congruent(puzzle.grid, shape, cells)) {
      problems.push({
        code: 'claim/wrong-shape',
        placement: i,
        cells,
        message: `placement ${i} does not have the shape of piece ${entry.piece}`,
      });
    }
    for (const [x, y] of cells) {
      const k = key(x, y);
      if (!region.has(k)) outside.push([x, y]);
      else if (coveredBy.has(k)) overlaps.push([x, y]);
      else coveredBy.set(k, i);
    }
  });

  for (const id of available.keys()) {
    problems.push({ code: 'claim/missing-piece', message: `piece ${id} is not used` });
  }
  const list = (cells: readonly Cell[]): string => cells.map(([x, y]) => `[${x}, ${y}]`).join(' ');
  if (outside.length > 0) {
    problems.push({ code: 'claim/outside', cells: outside, message: `cells outside the region: ${list(outside)}` });
  }
  if (overlaps.length > 0) {
    problems.push({ code: 'claim/overlap', cells: overlaps, message: `cells covered twice: ${list(overlaps)}` });
  }
  const uncovered = puzzle.region.filter(([x, y]) => !coveredBy.has(key(x, y)));
  if (uncovered.length > 0) {
    problems.push({ code: 'claim/uncovered', cells: uncovered, message: `cells not covered: ${list(uncovered)}` });
  }
  return problems.length === 0 ? ok(true) : err(problems);
}
