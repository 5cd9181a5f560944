import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DancingLinks } from 'dancing-links';
import { orientations } from './cells.js';
import { checkSolution } from './checker.js';
import { gridOf } from './grid.js';
import { parsePuzzle } from './puzzle.js';
import type { Puzzle } from './puzzle.js';
import { countSolutions, solutions, solveFirst, Solver } from './solver.js';
import { tiledPuzzleArb, tiledPuzzleFromSeed, transformPuzzle } from './test-support/arbitraries.js';
import { bruteForceCount } from './test-support/brute-force.js';

const PENTOMINOES = (
  JSON.parse(readFileSync(new URL('../../../examples/pentominoes-6x10.json', import.meta.url), 'utf8')) as {
    pieces: unknown[];
  }
).pieces;

function puzzle(spec: object): Puzzle {
  const r = parsePuzzle(JSON.stringify(spec));
  if (!r.ok) throw new Error(`${r.error.path}: ${r.error.message}`);
  return r.value;
}

const rectangle = (w: number, h: number): string[] => Array.from({ length: h }, () => '#'.repeat(w));

describe('known tiling counts', () => {
  it('the 12 pentominoes tile a 6x10 rectangle in 9356 ways (4 x 2339)', () => {
    expect(countSolutions(puzzle({ grid: 'square', region: rectangle(6, 10), pieces: PENTOMINOES })).count).toBe(9356);
  });

  it.each([
    [20, 3, 8],
    [15, 4, 1472],
  ])('the 12 pentominoes tile a %ix%i rectangle in %i ways', (w, h, n) => {
    expect(countSolutions(puzzle({ grid: 'square', region: rectangle(w, h), pieces: PENTOMINOES })).count).toBe(n);
  });

  it('the 12 pentominoes tile the 8x8 square without its centre in 520 ways (8 x 65)', () => {
    const region = rectangle(8, 8).map((row, y) => (y === 3 || y === 4 ? '###..###' : row));
    expect(countSolutions(puzzle({ grid: 'square', region, pieces: PENTOMINOES })).count).toBe(520);
  });

  it('dominoes are interchangeable: a 2x10 strip has 89 tilings (Fibonacci), a 3x4 block 11', () => {
    expect(
      countSolutions(puzzle({ grid: 'square', region: rectangle(10, 2), pieces: Array(10).fill('I2') })).count,
    ).toBe(89);
    expect(countSolutions(puzzle({ grid: 'square', region: rectangle(4, 3), pieces: Array(6).fill('I2') })).count).toBe(
      11,
    );
  });

  // With the single cell in the centre, the ring splits into two arcs in 3 ways; with it on the
  // ring (6 places), one bent trihex must turn at the centre and the other arc is then forced.
  it('a hexagon of 7 cells: a single cell and two bent trihexes cover it in 9 ways; straight ones never', () => {
    const hexagon = [
      [0, 0],
      [1, 0],
      [0, 1],
      [-1, 1],
      [-1, 0],
      [0, -1],
      [1, -1],
    ];
    const arc = [
      [1, -1],
      [1, 0],
      [0, 1],
    ];
    const arcs = puzzle({ grid: 'hex', region: hexagon, pieces: [arc, arc, [[0, 0]]] });
    expect(countSolutions(arcs).count).toBe(9);
    expect(bruteForceCount(arcs)).toBe(9);
    const line = [
      [0, 0],
      [1, 0],
      [2, 0],
    ];
    expect(countSolutions(puzzle({ grid: 'hex', region: hexagon, pieces: [line, line, [[0, 0]]] })).count).toBe(0);
  });
});

describe('hex and square puzzles against brute force', () => {
  it.each(['square', 'hex'] as const)('%s: 60 seeded puzzles of 2 to 4 pieces', (grid) => {
    for (let seed = 1; seed <= 60; seed++) {
      const p = tiledPuzzleFromSeed(grid, seed, 2, 4);
      expect({ seed, count: countSolutions(p).count }).toEqual({ seed, count: bruteForceCount(p) });
    }
  });
});

describe('no solution', () => {
  it('when the areas differ, without searching', () => {
    const r = countSolutions(puzzle({ grid: 'square', region: ['###'], pieces: ['I2'] }));
    expect(r).toEqual({ count: 0, stats: { nodes: 0, complete: true } });
  });

  it('when a piece fits nowhere', () => {
    expect(solveFirst(puzzle({ grid: 'square', region: ['##', '##'], pieces: ['I4'] })).solution).toBeUndefined();
  });

  it('when the shapes do not fit together', () => {
    const r = countSolutions(puzzle({ grid: 'square', region: ['###', '#.#'], pieces: ['I3', 'I2'] }));
    expect(r.count).toBe(0);
    expect(r.stats.complete).toBe(true);
  });
});

describe('the search API', () => {
  const p = puzzle({ grid: 'square', region: rectangle(5, 4), pieces: ['L4', 'L4', 'I4', 'O4', 'S4'] });

  it('streams every solution once, each valid, as many as counted', () => {
    const all = [...solutions(p)];
    expect(all.length).toBe(countSolutions(p).count);
    expect(all.length).toBe(bruteForceCount(p));
    const keys = all.map((s) => JSON.stringify(s.map((pl) => [...pl.cells].sort()).sort()));
    expect(new Set(keys).size).toBe(all.length);
    for (const s of all) expect(checkSolution(p, s)).toEqual({ ok: true, value: true });
  });

  it('gives placements in the order of the pieces, each piece once', () => {
    const s = solveFirst(p).solution;
    expect(s?.map((pl) => pl.piece)).toEqual(['L4', 'L4', 'I4', 'O4', 'S4']);
  });

  it('counts the rest after next()', () => {
    const solver = new Solver(p);
    solver.next();
    solver.next();
    expect(solver.count()).toBe(countSolutions(p).count - 2);
  });

  it('stops at maxNodes and says the search is incomplete', () => {
    const big = puzzle({ grid: 'square', region: rectangle(6, 10), pieces: PENTOMINOES });
    const r = countSolutions(big, { maxNodes: 1000 });
    expect(r.stats.complete).toBe(false);
    expect(r.stats.nodes).toBeLessThanOrEqual(1001);
    const first = solveFirst(big, { maxNodes: 5 });
    expect(first.stats.complete).toBe(false);
  });

  it.each([
    [5, 6, [0, 1, 2, 3, 4, 5]],
    [10, 3, [0, 1, 2, 3, 4, 6]],
    [5, 8, [1, 2, 3, 4, 5, 6, 10, 11]],
  ])('the symmetry shortcut (%ix%i, used from 30 cells) counts what the plain search streams', (w, h, chosen) => {
    const pieces = chosen.map((i) => PENTOMINOES[i]);
    const q = puzzle({ grid: 'square', region: rectangle(w, h), pieces });
    const streamed = [...solutions(q)].length;
    expect(streamed).toBeGreaterThan(0);
    expect(countSolutions(q).count).toBe(streamed);
  });

  it('counts a symmetric region the same with and without the symmetry shortcut', () => {
    const q = puzzle({ grid: 'square', region: rectangle(4, 4), pieces: ['L4', 'L4', 'O4', 'I4'] });
    const viaNext = [...solutions(q)].length;
    expect(viaNext).toBeGreaterThan(0);
    expect(countSolutions(q).count).toBe(viaNext);
  });
});

describe('large regions without symmetry', () => {
  /** An independent count with the npm package dancing-links (pieces told apart, so all distinct here). */
  function dlxCount(p: Puzzle): number {
    const index = new Map(p.region.map((c, i) => [c.join(), i] as const));
    const rows: { data: number; columnIndices: number[] }[] = [];
    p.pieces.forEach((piece, k) => {
      for (const form of orientations(gridOf(p.grid), piece.cells)) {
        const [fx, fy] = form[0] ?? [0, 0];
        for (const [tx, ty] of p.region) {
          const cols = form.map(([x, y]) => index.get([x - fx + tx, y - fy + ty].join()));
          if (cols.every((c) => c !== undefined))
            rows.push({ data: k, columnIndices: [...(cols as number[]), p.region.length + k] });
        }
      }
    });
    const solver = new DancingLinks<number>().createSolver({ columns: p.region.length + p.pieces.length });
    solver.addSparseConstraints(rows);
    return solver.findAll().length;
  }

  const region = rectangle(6, 7).map((row, y) => (y === 0 ? '..####' : row));
  const eight = puzzle({ grid: 'square', region, pieces: PENTOMINOES.slice(0, 8) });

  it('counts and streams what dancing-links counts', () => {
    const expected = dlxCount(eight);
    expect(expected).toBeGreaterThan(0);
    expect(countSolutions(eight).count).toBe(expected);
    const all = [...solutions(eight)];
    expect(all).toHaveLength(expected);
    for (const s of all) expect(checkSolution(eight, s).ok).toBe(true);
  });

  it('stops at maxNodes, and counts the rest after next()', () => {
    const r = countSolutions(eight, { maxNodes: 500 });
    expect(r.stats.complete).toBe(false);
    const solver = new Solver(eight);
    solver.next();
    expect(solver.count()).toBe(countSolutions(eight).count - 1);
    expect(solver.stats.complete).toBe(true);
  });
});

describe('properties', () => {
  it('a rotated or reflected (and moved) puzzle has the same count', () => {
    fc.assert(
      fc.property(
        tiledPuzzleArb(2, 5),
        fc.nat(11),
        fc.integer({ min: -5, max: 5 }),
        fc.integer({ min: -5, max: 5 }),
        (p, s, dx, dy) => {
          expect(countSolutions(transformPuzzle(p, s, dx, dy)).count).toBe(countSolutions(p).count);
        },
      ),
      { seed: 11, numRuns: 150 },
    );
  });

  it('every solution passes the independent checker', () => {
    fc.assert(
      fc.property(tiledPuzzleArb(2, 6), (p) => {
        let n = 0;
        for (const s of solutions(p)) {
          expect(checkSolution(p, s).ok).toBe(true);
          if (++n >= 50) break;
        }
        expect(n).toBeGreaterThan(0);
      }),
      { seed: 12, numRuns: 150 },
    );
  });

  it('the count-only kernel and the resumable search agree, square and hex (seeded)', () => {
    // A fresh count() takes the kernel; a count() after next() resumes the general search.
    fc.assert(
      fc.property(tiledPuzzleArb(2, 7), (p) => {
        const kernel = new Solver(p);
        const counted = kernel.count();
        const resumed = new Solver(p);
        const total = (resumed.next() ? 1 : 0) + resumed.count();
        expect(total).toBe(counted);
        expect(resumed.stats.complete && kernel.stats.complete).toBe(true);
        // Below 30 cells no symmetry shortcut is taken: the two walk the same tree, node for node.
        if (p.region.length < 30) expect(kernel.stats.nodes).toBe(resumed.stats.nodes);
      }),
      { seed: 20261126, numRuns: 300 },
    );
  });

  it('the kernel stops at maxNodes like the general search, and says so', () => {
    fc.assert(
      fc.property(tiledPuzzleArb(4, 7), fc.integer({ min: 1, max: 40 }), (p, maxNodes) => {
        const whole = countSolutions(p);
        const cut = countSolutions(p, { maxNodes });
        if (whole.stats.nodes < maxNodes) expect(cut.stats.complete).toBe(true);
        if (cut.stats.complete) {
          expect(cut.count).toBe(whole.count);
          expect(cut.stats.nodes).toBe(whole.stats.nodes);
        } else {
          // Stopped at the limit (one more for a symmetry preset), with no more than the whole count.
          expect(cut.stats.nodes).toBeGreaterThanOrEqual(maxNodes);
          expect(cut.stats.nodes).toBeLessThanOrEqual(maxNodes + 1);
          expect(cut.count).toBeLessThanOrEqual(whole.count);
        }
      }),
      { seed: 20261127, numRuns: 200 },
    );
  });

  it('count() equals the number of streamed solutions, on symmetric regions too', () => {
    const rects = fc
      .tuple(
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 2, max: 5 }),
        fc.array(fc.constantFrom('I2', 'I3', 'V3', 'L4', 'O4', 'T4', 'S4', 'I4'), { minLength: 1, maxLength: 5 }),
      )
      .filter(([w, h, ids]) => ids.reduce((a, id) => a + Number(id[1]), 0) === w * h);
    fc.assert(
      fc.property(rects, ([w, h, ids]) => {
        const q = puzzle({ grid: 'square', region: rectangle(w, h), pieces: ids });
        expect(countSolutions(q).count).toBe([...solutions(q)].length);
      }),
      { seed: 13, numRuns: 150 },
    );
  });
});
