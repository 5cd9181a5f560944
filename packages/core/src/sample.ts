import { cellKey, normalize, orientations } from './cells.js';
import type { Cell } from './grid.js';
import { gridOf } from './grid.js';
import type { Piece, Puzzle } from './puzzle.js';
import type { Rng } from './random.js';
import { pick, randomInt } from './random.js';

/**
 * A puzzle that is solvable by construction: the pieces are laid one by one, each in a random
 * orientation and touching the ones before, and the region is what they cover. The region is
 * normalized to the origin. Returns undefined if a piece found no free spot after many tries.
 */
export function tiledPuzzle(grid: Puzzle['grid'], pieces: readonly Piece[], rng: Rng): Puzzle | undefined {
  const g = gridOf(grid);
  const covered = new Map<string, Cell>();
  for (const piece of pieces) {
    const forms = orientations(g, piece.cells, 'free');
    let placed = false;
    for (let attempt = 0; attempt < 200 && !placed; attempt++) {
      const form = pick(rng, forms);
      let dx = 0;
      let dy = 0;
      if (covered.size > 0) {
        // Put one cell of the piece on a free neighbour of a covered cell.
        const [x, y] = pick(rng, [...covered.values()]);
        const [nx, ny] = pick(rng, g.neighbours);
        const [px, py] = form[randomInt(rng, form.length)] as Cell;
        dx = x + nx - px;
        dy = y + ny - py;
      }
      const cells = form.map(([x, y]) => [x + dx, y + dy] as const);
      if (cells.some((c) => covered.has(cellKey(c)))) continue;
      for (const c of cells) covered.set(cellKey(c), c);
      placed = true;
    }
    if (!placed) return undefined;
  }
  return { grid, region: normalize([...covered.values()]), pieces };
}
