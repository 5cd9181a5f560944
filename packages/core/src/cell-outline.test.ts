import { describe, expect, it } from 'vitest';
import { cellCentre, cellCorners, cellsExtent, mirrorCell } from './cell-outline.js';
import type { Cell } from './grid.js';

describe('the cell outline', () => {
  it('puts a square’s corners half a side from its centre, clockwise from the upper left', () => {
    expect(cellCorners('square', [1, 2], 40)).toEqual([
      [40, 80],
      [80, 80],
      [80, 120],
      [40, 120],
    ]);
    expect(cellCorners('square', [0, 0], 40, 0.5)[0]).toEqual([0.5, 0.5]);
  });

  it('puts a hexagon’s six corners a radius from its centre, clockwise from the upper right', () => {
    const corners = cellCorners('hex', [2, -1], 24);
    const [cx, cy] = cellCentre('hex', [2, -1], 24);
    expect(corners).toHaveLength(6);
    for (const [x, y] of corners) expect(Math.hypot(x - cx, y - cy)).toBeCloseTo(24);
    const [first, second] = corners;
    expect(first?.[0]).toBeGreaterThan(cx);
    expect(first?.[1]).toBeLessThan(cy);
    // Clockwise on a screen whose y points down: the next corner is straight below the first.
    expect(second?.[0]).toBeCloseTo(first?.[0] ?? NaN);
    expect(second?.[1]).toBeGreaterThan(first?.[1] ?? NaN);
  });

  it('finds the box of the cells’ corners', () => {
    const cells: Cell[] = [
      [0, 0],
      [1, 0],
      [0, 1],
    ];
    expect(cellsExtent('square', cells, 40)).toEqual({ x: 0, y: 0, w: 80, h: 80 });
    for (const grid of ['square', 'hex'] as const) {
      const corners = cells.flatMap((c) => cellCorners(grid, c, 24));
      const box = cellsExtent(grid, cells, 24);
      expect(box.x).toBeCloseTo(Math.min(...corners.map((p) => p[0])));
      expect(box.y).toBeCloseTo(Math.min(...corners.map((p) => p[1])));
      expect(box.x + box.w).toBeCloseTo(Math.max(...corners.map((p) => p[0])));
      expect(box.y + box.h).toBeCloseTo(Math.max(...corners.map((p) => p[1])));
    }
    expect(cellsExtent('hex', [], 24)).toEqual({ x: 0, y: 0, w: 0, h: 0 });
  });

  it('mirrors a cell left to right: its centre’s x is negated, its row kept, twice is the identity', () => {
    for (const grid of ['square', 'hex'] as const)
      for (const c of [
        [0, 0],
        [3, -2],
        [-1, 4],
      ] as Cell[]) {
        const m = mirrorCell(grid, c);
        const [x, y] = cellCentre(grid, c, 10);
        const [mx, my] = cellCentre(grid, m, 10);
        expect(my).toBeCloseTo(y);
        // Squares mirror about the origin cell's middle, hexagons about its centre.
        expect(mx).toBeCloseTo(grid === 'square' ? 10 - x : -x);
        expect(mirrorCell(grid, m)).toEqual(c);
      }
  });
});
