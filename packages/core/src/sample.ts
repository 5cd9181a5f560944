import { cellKey, normalize, orientations } from './cells.js';
import type { Cell } from './grid.js';
import { gridOf } from './grid.js';
import type { Piece, Puzzle } from './puzzle.js';
import type { Rng } from './random.js';
import { pick } from './random.js';

/**
 * Lays the pieces one by one, each touching the ones before (the first at the origin), and
 * returns the cells they cover, normalized. A spot is a random orientation with a random cell of
 * it on a random free neighbour of a covered cell. With `compact`, each piece takes the best of
 * `attempts` spots, best meaning the most edges shared with what is already there (blobs like the
 * printed boards); without, the first free spot. Undefined if a piece found no free spot.
 */
export function layPieces(
  grid: Puzzle['grid'],
  pieces: readonly Pick<Piece, 'cells'>[],
  rng: Rng,
  options: { readonly attempts: number; readonly compact: boolean },
): Cell[] | undefined {
  const g = gridOf(grid);
  const covered = new Map<string, Cell>();
  for (const piece of pieces) {
    const forms = orientations(g, piece.cells, 'free');
    let best: Cell[] | undefined;
    let bestScore = -1;
    for (let attempt = 0; attempt < options.attempts; attempt++) {
      const form = pick(rng, forms);
      let dx = 0;
      let dy = 0;
      if (covered.size > 0) {
        const [x, y] = pick(rng, [...covered.values()]);
        const [nx, ny] = pick(rng, g.neighbours);
        const [px, py] = pick(rng, form);
        dx = x + nx - px;
        dy = y + ny - py;
      }
      const cells = form.map(([x, y]) => [x + dx, y + dy] as const);
      if (cells.some((c) => covered.has(cellKey(c)))) continue;
      let score = 0;
      if (options.compact) {
        for (const [x, y] of cells)
          for (const [nx, ny] of g.neighbours) if (covered.has(cellKey([x + nx, y + ny]))) score++;
      }
      if (score > bestScore) {
        best = cells;
        bestScore = score;
      }
      if (!options.compact) break;
    }
    if (!best) return undefined;
    for (const c of best) covered.set(cellKey(c), c);
  }
  return normalize([...covered.values()]);
}

/**
 * A puzzle that is solvable by construction: the pieces laid one by one at random, each touching
 * the ones before, and the region is what they cover. Undefined if a piece found no free spot
 * after many tries.
 */
export function tiledPuzzle(grid: Puzzle['grid'], pieces: readonly Piece[], rng: Rng): Puzzle | undefined {
  const region = layPieces(grid, pieces, rng, { attempts: 200, compact: false });
  return region && { grid, region, pieces };
}
