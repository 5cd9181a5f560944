import type { Cell, GridName } from './grid.js';

/*
 * How a cell is drawn: its centre, its corners, the box a set of cells takes, and a cell mirrored
 * left to right. One place for the sums that the printed sheets (svg.ts) and the web's board both
 * draw with, for cells of size `s`: a square's side, or a hexagon's radius (pointy-top hexagons).
 */

const SQRT3 = Math.sqrt(3);

/** A point in picture units, y pointing down. */
export type Point = readonly [number, number];

/** The centre of a cell in picture units, for cells of size `s` (square side, or hexagon radius). */
export function cellCentre(grid: GridName, [x, y]: Cell, s: number): [number, number] {
  return grid === 'square' ? [(x + 0.5) * s, (y + 0.5) * s] : [s * SQRT3 * (x + y / 2), s * 1.5 * y];
}

/**
 * A cell's corners, clockwise on the screen (its inside lies right of each edge), drawn `inset`
 * units inside its true outline (a seam between neighbours): a square from its upper left corner,
 * a hexagon from its upper right one.
 */
export function cellCorners(grid: GridName, cell: Cell, s: number, inset = 0): Point[] {
  const [cx, cy] = cellCentre(grid, cell, s);
  if (grid === 'square') {
    const h = s / 2 - inset;
    return [
      [cx - h, cy - h],
      [cx + h, cy - h],
      [cx + h, cy + h],
      [cx - h, cy + h],
    ];
  }
  const r = s - inset;
  return Array.from({ length: 6 }, (_, k) => {
    const a = ((60 * k - 30) * Math.PI) / 180;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)] as const;
  });
}

/** A box in picture units: its upper left corner, its width and its height. */
export interface Extent {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

/** The box a set of cells takes up when drawn with size `s` (no cells: an empty box at the origin). */
export function cellsExtent(grid: GridName, cells: readonly Cell[], s: number): Extent {
  if (cells.length === 0) return { x: 0, y: 0, w: 0, h: 0 };
  // Half a cell's width and height about its centre.
  const rx = grid === 'square' ? s / 2 : (s * SQRT3) / 2;
  const ry = grid === 'square' ? s / 2 : s;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const c of cells) {
    const [cx, cy] = cellCentre(grid, c, s);
    x0 = Math.min(x0, cx - rx);
    y0 = Math.min(y0, cy - ry);
    x1 = Math.max(x1, cx + rx);
    y1 = Math.max(y1, cy + ry);
  }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/**
 * A cell mirrored left to right about the origin's column, rows kept: (x, y) -> (-x, y) on
 * squares, (q, r) -> (-q - r, r) on hexagons (axial, pointy-top). What turning a piece over does.
 */
export function mirrorCell(grid: GridName, [x, y]: Cell): Cell {
  return grid === 'square' ? [-x + 0, y] : [-x - y + 0, y];
}
