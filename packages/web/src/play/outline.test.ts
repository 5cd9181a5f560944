import type { Cell, GridName } from '@ubongo/core';
import { knownPiece } from '@ubongo/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellSize, centre } from './geometry.js';
import { lampFor, outlineLoops, outlinePath, pieceTile, tilePaths } from './outline.js';

type Point = readonly [number, number];

/** Shoelace: positive for a loop clockwise on screen (y down), negative for a hole. */
const area = (loop: readonly Point[]): number =>
  loop.reduce((sum, [x, y], k) => {
    const [nx, ny] = loop[(k + 1) % loop.length] ?? [x, y];
    return sum + (x * ny - nx * y) / 2;
  }, 0);

const cellArea = (grid: GridName): number => {
  const s = cellSize(grid);
  return grid === 'square' ? s * s : ((3 * Math.sqrt(3)) / 2) * s * s;
};

/** The loops of an SVG path made of M, L and Z only. */
const loopsOf = (d: string): Point[][] =>
  d
    .split('Z')
    .filter((part) => part.length > 0)
    .map((part) =>
      part
        .slice(1)
        .split('L')
        .map((xy) => xy.split(' ').map(Number) as unknown as Point),
    );

describe('outlineLoops', () => {
  it('draws a square as its four corners and an L as six', () => {
    expect(outlineLoops('square', [[0, 0]])).toEqual([
      [
        [0, 0],
        [40, 0],
        [40, 40],
        [0, 40],
      ],
    ]);
    const l = outlineLoops('square', knownPiece('L4')?.cells ?? []);
    expect(l).toHaveLength(1);
    expect(l[0]).toHaveLength(6);
  });

  it('gives a ring two loops: the outside clockwise, the hole the other way round', () => {
    const ring: Cell[] = [0, 1, 2]
      .flatMap((y) => [0, 1, 2].map((x) => [x, y] as const))
      .filter(([x, y]) => x !== 1 || y !== 1);
    const loops = outlineLoops('square', ring);
    expect(loops.map((l) => l.length).sort()).toEqual([4, 4]);
    expect(loops.map(area).sort((a, b) => a - b)).toEqual([-1600, 9 * 1600]);
    // As printed around a white area: one path, both loops.
    expect(
      loopsOf(outlinePath('square', ring))
        .map(area)
        .sort((a, b) => a - b),
    ).toEqual([-1600, 9 * 1600]);
  });

  it('keeps two squares touching at a corner apart', () => {
    const loops = outlineLoops('square', [
      [0, 0],
      [1, 1],
    ]);
    expect(loops.map((l) => l.length)).toEqual([4, 4]);
  });

  it.each(['square', 'hex'] as const)('encloses exactly the area of the cells, any set of %s cells', (grid) => {
    const cell = fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 }));
    fc.assert(
      fc.property(fc.uniqueArray(cell, { minLength: 1, maxLength: 20, selector: (c) => c.join(',') }), (cells) => {
        const loops = outlineLoops(grid, cells);
        const total = loops.reduce((sum, l) => sum + area(l), 0);
        expect(total).toBeCloseTo(cells.length * cellArea(grid), 3);
        // Every corner of every loop is a corner of a cell of the set.
        for (const loop of loops) expect(loop.length).toBeGreaterThanOrEqual(grid === 'square' ? 4 : 6);
      }),
      { seed: 12, numRuns: 300 },
    );
  });
});

/** The mean of a loop's corners: where a strip of a bevel lies. */
const middle = (loop: readonly Point[]): Point => [
  loop.reduce((s, p) => s + p[0], 0) / loop.length,
  loop.reduce((s, p) => s + p[1], 0) / loop.length,
];

describe('tilePaths', () => {
  it('draws a square tile inset by the gap, lit on its top and left edges', () => {
    const { face, light, dark } = tilePaths('square', [[0, 0]], 1, 4);
    expect(loopsOf(face).map(area)).toEqual([38 * 38]);
    const [cx, cy] = centre('square', [0, 0]);
    const lit = loopsOf(light).map(middle);
    const shaded = loopsOf(dark).map(middle);
    expect(lit).toHaveLength(2);
    expect(shaded).toHaveLength(2);
    // Each lit strip lies above or left of the middle, each shaded one below or right of it.
    for (const [x, y] of lit) expect(x + y).toBeLessThan(cx + cy);
    for (const [x, y] of shaded) expect(x + y).toBeGreaterThan(cx + cy);
  });

  it('lights a tile drawn turned from the upper left of the screen, not of the tile', () => {
    const L: Cell[] = [
      [0, 0],
      [0, 1],
      [0, 2],
      [1, 2],
    ];
    const upright = pieceTile('square', L);
    expect(lampFor(0, false)).toEqual([-1, -1]);
    expect(pieceTile('square', L, lampFor(360, false))).toEqual(upright);
    // Turned half round, its lit edges are those that face down and right as it lies.
    const half = pieceTile('square', L, lampFor(180, false));
    expect(half.light).toBe(upright.dark);
    expect(half.dark).toBe(upright.light);
    // A quarter turn clockwise: the lamp is at the tile's lower left; mirrored, at its upper right.
    expect(lampFor(90, false)).toEqual([-1, 1]);
    expect(lampFor(0, true)).toEqual([1, -1]);
    // Each edge of the turned tile faces the screen's upper left when it is lit, away when not.
    for (const [turn, flip] of [
      [90, false],
      [270, true],
      [60, false],
      [120, true],
    ] as const) {
      for (const grid of ['square', 'hex'] as const) {
        if (grid === 'square' && turn % 90) continue;
        const tile = pieceTile(grid, L, lampFor(turn, flip));
        const a = (turn * Math.PI) / 180;
        const toScreen = ([x, y]: Point): Point => {
          const fx = flip ? -x : x;
          return [fx * Math.cos(a) - y * Math.sin(a), fx * Math.sin(a) + y * Math.cos(a)];
        };
        const faceLoop = loopsOf(tile.face)[0] ?? [];
        const [cx, cy] = toScreen(middle(faceLoop));
        const side = (strip: readonly Point[]): number => {
          const [x, y] = toScreen(middle(strip));
          return x - cx + (y - cy);
        };
        // On the screen, lit strips lie on the upper left of the tile's middle more than shaded ones do.
        const lit = loopsOf(tile.light).map(side);
        const shaded = loopsOf(tile.dark).map(side);
        expect(Math.max(...lit)).toBeLessThan(Math.max(...shaded));
        expect(Math.min(...lit)).toBeLessThan(Math.min(...shaded));
      }
    }
  });

  it('gives a piece one strip per edge of its outline, the strips inside its face', () => {
    for (const grid of ['square', 'hex'] as const) {
      const cells: Cell[] = [
        [0, 0],
        [1, 0],
        [1, 1],
      ];
      const { face, light, dark } = pieceTile(grid, cells);
      const corners = outlineLoops(grid, cells).reduce((n, l) => n + l.length, 0);
      expect(loopsOf(light).length + loopsOf(dark).length).toBe(corners);
      const faceArea = loopsOf(face).reduce((s, l) => s + area(l), 0);
      const strips = [...loopsOf(light), ...loopsOf(dark)].reduce((s, l) => s + area(l), 0);
      expect(faceArea).toBeLessThan(cells.length * cellArea(grid));
      expect(strips).toBeGreaterThan(0);
      expect(strips).toBeLessThan(faceArea / 2);
    }
  });
});
