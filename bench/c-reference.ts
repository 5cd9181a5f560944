// The C reference of `npm run bench` (bench/c/solver.c): the problem it is handed, its build, its runs.
//
// The C program walks the tree our solver walks, so that the ratio of the two times is the price of
// the language and runtime, not of the algorithm. It is handed the problem compiled as
// packages/core/src/solver.ts compiles it, worked out here again from core's exported geometry
// (this file shares no code with the solver's internals, so that a change there cannot silently
// change both sides): region cells numbered in scan order along the short side, every placement
// under its anchor grouped by shape, and for the symmetry shortcut the orbit representatives with
// their weights. Both sides count search nodes the same way, so equal node counts show equal trees.
import type { Cell, Grid, Puzzle } from '@ubongo/core';
import { bounds, canonicalKey, cellKey, gridOf, normalize, orientations, shapeKey } from '@ubongo/core';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** As in the solver: smaller regions are counted without the symmetry shortcut. */
const SYMMETRY_MIN_CELLS = 30;

interface Shape {
  multiplicity: number;
  readonly size: number;
  /** Every free orientation of the shape's first piece, normalized (so sorted by row). */
  readonly forms: readonly (readonly Cell[])[];
}

interface Placement {
  readonly shape: number;
  /** Cell numbers, ascending: the anchor first. */
  readonly cells: readonly number[];
}

/**
 * The placements a piece of `s` occurs once in may be put down first, one per orbit under the
 * region's symmetries, each count weighed by the orbit's size: `[placement, weight]` pairs, or none
 * when the solver would not take the shortcut.
 */
function orbits(
  grid: Grid,
  cells: readonly Cell[],
  number: ReadonlyMap<string, number>,
  shapes: readonly Shape[],
  placements: readonly Placement[],
): [number, number][] {
  const n = cells.length;
  const area = shapes.reduce((sum, s) => sum + s.multiplicity * s.size, 0);
  const placeable = new Set(placements.map((p) => p.shape));
  if (area !== n || placeable.size < shapes.length || n < SYMMETRY_MIN_CELLS) return [];

  // The grid's symmetries that map the region onto itself, as permutations of cell numbers.
  const target = shapeKey(normalize(cells));
  const { minX, minY } = bounds(cells);
  const permutations: number[][] = [];
  for (const g of grid.symmetries.slice(1)) {
    const image = cells.map(g);
    if (shapeKey(normalize(image)) !== target) continue;
    const b = bounds(image);
    permutations.push(image.map(([x, y]) => number.get(cellKey([x - b.minX + minX, y - b.minY + minY])) ?? -1));
  }
  if (permutations.length === 0) return [];

  // The shape occurring once with the fewest placements; the first such on a tie, as in the solver.
  const placementsOf = shapes.map((_, s) => placements.flatMap((p, i) => (p.shape === s ? [i] : [])));
  let best = -1;
  for (const [s, shape] of shapes.entries()) {
    if (shape.multiplicity !== 1) continue;
    if (best < 0 || (placementsOf[s]?.length ?? 0) < (placementsOf[best]?.length ?? 0)) best = s;
  }
  if (best < 0) return [];

  const keyOf = (idx: readonly number[]): string => [...idx].sort((x, y) => x - y).join(',');
  const byKey = new Map((placementsOf[best] ?? []).map((i) => [keyOf(placements[i]?.cells ?? []), i] as const));
  const seen = new Set<number>();
  const out: [number, number][] = [];
  for (const i of placementsOf[best] ?? []) {
    if (seen.has(i)) continue;
    const own = placements[i]?.cells ?? [];
    const orbit = new Set([i]);
    for (const perm of permutations) {
      const image = byKey.get(keyOf(own.map((c) => perm[c] ?? -1)));
      if (image === undefined) throw new Error('a region symmetry mapped a placement outside the region');
      orbit.add(image);
    }
    for (const j of orbit) seen.add(j);
    out.push([i, orbit.size]);
  }
  return out;
}

/** The puzzle compiled as our solver compiles it, in the text format bench/c/solver.c reads. */
export function cProblem(puzzle: Puzzle): string {
  const grid = gridOf(puzzle.grid);
  const { minX, minY, maxX, maxY } = bounds(puzzle.region);
  const columnMajor = maxY - minY <= maxX - minX;
  const cells = [...puzzle.region].sort((a, b) =>
    columnMajor ? a[0] - b[0] || a[1] - b[1] : a[1] - b[1] || a[0] - b[0],
  );
  const number = new Map(cells.map((c, i) => [cellKey(c), i] as const));

  // Congruent pieces are one shape with a multiplicity, in the order their first piece comes.
  const shapeOf = new Map<string, Shape>();
  for (const piece of puzzle.pieces) {
    const key = canonicalKey(grid, piece.cells, 'free');
    const known = shapeOf.get(key);
    if (known) known.multiplicity++;
    else
      shapeOf.set(key, { multiplicity: 1, size: piece.cells.length, forms: orientations(grid, piece.cells, 'free') });
  }
  const shapes = [...shapeOf.values()];

  // Each orientation's first cell put on each region cell in scan order; then by anchor and shape
  // (the sort is stable, so within a group the order is that of generation, as in the solver).
  const placements: Placement[] = [];
  for (const [shape, { forms }] of shapes.entries()) {
    for (const form of forms) {
      const [fx, fy] = form[0] as Cell;
      for (const [tx, ty] of cells) {
        const idx = form.map(([x, y]) => number.get(cellKey([x - fx + tx, y - fy + ty])) ?? -1);
        if (!idx.includes(-1)) placements.push({ shape, cells: idx.sort((a, b) => a - b) });
      }
    }
  }
  placements.sort((p, q) => (p.cells[0] ?? 0) - (q.cells[0] ?? 0) || p.shape - q.shape);

  const presets = orbits(grid, cells, number, shapes, placements);
  return [
    'ubongo-c-reference 1',
    `cells ${cells.length}`,
    `shapes ${shapes.length}`,
    ...shapes.map((s) => `${s.multiplicity} ${s.size}`),
    `placements ${placements.length}`,
    ...placements.map((p) => `${p.shape} ${p.cells.length} ${p.cells.join(' ')}`),
    `orbits ${presets.length}`,
    ...presets.map(([p, w]) => `${p} ${w}`),
    '',
  ].join('\n');
}

/** The C reference built with the system's `cc -O3`, or why it was not. */
export type CReference = { readonly binary: string; readonly compileMs: number } | { readonly skipped: string };

/** Compiles bench/c/solver.c into `dir`; skipped when there is no `cc`. */
export function buildCReference(dir: string): CReference {
  const source = fileURLToPath(new URL('../c/solver.c', import.meta.url));
  const binary = join(dir, 'ubongo-c-reference');
  const start = performance.now();
  try {
    execFileSync('cc', ['-O3', '-o', binary, source], { stdio: ['ignore', 'inherit', 'inherit'] });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { skipped: 'no cc' };
    throw e;
  }
  return { binary, compileMs: performance.now() - start };
}

/** One run of the C reference: its answer, its own time (tables and search) and the whole process's. */
export interface CRun {
  readonly count: number;
  readonly nodes: number;
  readonly searchMs: number;
  readonly processMs: number;
}

/** Runs the C reference as a child process on a problem made by `cProblem`. */
export function runC(binary: string, problem: string): CRun {
  const start = performance.now();
  const out = execFileSync(binary, [], { input: problem, encoding: 'utf8' });
  const processMs = performance.now() - start;
  const [count, nodes, ns] = out.trim().split(' ').map(Number);
  if (count === undefined || nodes === undefined || ns === undefined || [count, nodes, ns].some(Number.isNaN))
    throw new Error(`the C reference answered ${JSON.stringify(out)}`);
  return { count, nodes, searchMs: ns / 1e6, processMs };
}
