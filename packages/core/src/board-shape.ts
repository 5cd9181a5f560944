import { bounds, cellKey, holes, isConnected } from './cells.js';
import type { Cell } from './grid.js';
import { gridOf } from './grid.js';
import type { GridName } from './grid.js';

/** How far apart the two farthest cells are, in steps (rows/columns on squares, hex distance on hexagons). */
export function regionSpan(grid: GridName, cells: readonly Cell[]): { width: number; height: number } {
  if (grid === 'square') {
    const { minX, minY, maxX, maxY } = bounds(cells);
    return { width: maxX - minX + 1, height: maxY - minY + 1 };
  }
  // On hexagons: the extent along the three axes q, r and s = -q - r, the widest two as the size.
  const qs = cells.map(([q]) => q);
  const rs = cells.map(([, r]) => r);
  const ss = cells.map(([q, r]) => -q - r);
  const extents = [qs, rs, ss].map((v) => Math.max(...v) - Math.min(...v) + 1).sort((a, b) => b - a);
  return { width: extents[0] ?? 0, height: extents[1] ?? 0 };
}

/** The mean number of region neighbours per cell: 4 is a full square grid, 6 a full hexagonal one. */
export function regionCompactness(grid: GridName, cells: readonly Cell[]): number {
  const set = new Set(cells.map(cellKey));
  let links = 0;
  for (const [x, y] of cells)
    for (const [dx, dy] of gridOf(grid).neighbours) if (set.has(cellKey([x + dx, y + dy]))) links++;
  return links / cells.length;
}

/** What keeps a region from looking like an Ubongo board: the limits it breaks. */
export interface BoardShapeLimits {
  /** At most this many cells across, either way. */
  readonly maxSpan: number;
  /** At least this many neighbours per cell on average (see regionCompactness). */
  readonly minCompactness: number;
}

/**
 * The reasons a region does not look like an Ubongo board: boards are one connected piece
 * without holes, compact (within `maxSpan`, no long arms) but not a plain rectangle.
 */
export function boardShapeProblems(grid: GridName, cells: readonly Cell[], limits: BoardShapeLimits): string[] {
  const problems: string[] = [];
  if (!isConnected(gridOf(grid), cells)) problems.push('is not connected');
  if (holes(gridOf(grid), cells).length > 0) problems.push('has a hole');
  const { width, height } = regionSpan(grid, cells);
  if (width > limits.maxSpan || height > limits.maxSpan) {
    problems.push(`is ${width} by ${height} cells, more than ${limits.maxSpan} across`);
  }
  if (grid === 'square' && width * height === cells.length) problems.push('is a plain rectangle');
  const compactness = regionCompactness(grid, cells);
  if (compactness < limits.minCompactness) {
    problems.push(`is too straggly (${compactness.toFixed(2)} neighbours per cell, at least ${limits.minCompactness})`);
  }
  return problems;
}
