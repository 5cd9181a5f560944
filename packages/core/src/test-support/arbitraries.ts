import fc from 'fast-check';
import type { Grid, GridName, Piece, Puzzle } from '../index.js';
import { createRng, enumeratePolyforms, gridOf, normalize, pick, randomInt, sortCells, tiledPuzzle } from '../index.js';

const FORMS: Record<GridName, Piece[]> = { square: [], hex: [] };
for (const name of ['square', 'hex'] as const) {
  for (let size = 2; size <= 5; size++) {
    for (const cells of enumeratePolyforms(gridOf(name), 'free', size)) FORMS[name].push({ id: '', cells });
  }
}

/** A solvable puzzle of `min`..`max` random polyforms (2 to 5 cells each) on a grid, from a seed. */
export function tiledPuzzleFromSeed(grid: GridName, seed: number, min = 2, max = 4): Puzzle {
  const rng = createRng(seed);
  for (;;) {
    const count = min + randomInt(rng, max - min + 1);
    const pieces = Array.from({ length: count }, (_, i) => ({ ...pick(rng, FORMS[grid]), id: `#${i + 1}` }));
    const puzzle = tiledPuzzle(grid, pieces, rng);
    if (puzzle) return puzzle;
  }
}

/** Arbitrary solvable puzzles on either grid. */
export const tiledPuzzleArb = (min = 2, max = 4): fc.Arbitrary<Puzzle> =>
  fc
    .tuple(fc.constantFrom<GridName>('square', 'hex'), fc.integer({ min: 0, max: 0x7fffffff }))
    .map(([grid, seed]) => tiledPuzzleFromSeed(grid, seed, min, max));

/** The puzzle moved by a symmetry of its grid and a translation: the same puzzle, seen otherwise. */
export function transformPuzzle(puzzle: Puzzle, symmetry: number, dx: number, dy: number): Puzzle {
  const grid: Grid = gridOf(puzzle.grid);
  const s = grid.symmetries[symmetry % grid.symmetries.length];
  if (!s) throw new Error('no such symmetry');
  return {
    ...puzzle,
    region: sortCells(
      puzzle.region.map((c) => {
        const [x, y] = s(c);
        return [x + dx, y + dy] as const;
      }),
    ),
    pieces: puzzle.pieces.map((p) => ({ ...p, cells: normalize(p.cells.map(s)) })),
  };
}
