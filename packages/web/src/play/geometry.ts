import type { Cell, GridName } from '@ubongo/core';
import { cellCentre, cellCorners, cellsExtent, gridOf, mirrorCell } from '@ubongo/core';

/*
 * The board's geometry for the client: where cells are drawn, which cell a point falls in, and
 * pieces turned and moved. Pixel positions are linear in cell coordinates on both grids, so moving
 * a piece by a cell offset moves its picture by `offsetPx(offset)`.
 */

/** Picture units per cell: a square's side, or a hexagon's radius. */
export function cellSize(grid: GridName): number {
  return grid === 'square' ? 40 : 24;
}

/** A cell's size across (picture units): a square's side, a hexagon's width from flat side to flat side. */
export function cellAcross(grid: GridName): number {
  return grid === 'square' ? cellSize(grid) : Math.sqrt(3) * cellSize(grid);
}

/** The distance between two rows of cells (picture units): a square's side, three quarters of a hexagon's height. */
export function rowPitch(grid: GridName): number {
  return grid === 'square' ? cellSize(grid) : 1.5 * cellSize(grid);
}

/** The least distance (CSS pixels) a piece dragged by touch rides above the finger's contact point. */
export const TOUCH_LIFT_PX = 64;

/**
 * How far above the finger's contact point (CSS pixels) a piece dragged by touch and its drop
 * preview ride, the board drawn at `scale` CSS pixels per picture unit: a row and a half, at least
 * TOUCH_LIFT_PX. The cell held then clears a fingertip (about 10 mm, some 40 to 60 CSS pixels on a
 * phone) by a whole row, so that the cell it lands on is seen before the finger lets go.
 */
export function touchLift(grid: GridName, scale: number): number {
  return Math.max(TOUCH_LIFT_PX, 1.5 * rowPitch(grid) * scale);
}

/** How far the picture moves when cells move by `offset`. */
export function offsetPx(grid: GridName, offset: Cell): [number, number] {
  const s = cellSize(grid);
  const [ax, ay] = cellCentre(grid, offset, s);
  const [ox, oy] = cellCentre(grid, [0, 0], s);
  return [ax - ox, ay - oy];
}

/** The centre of a cell in picture units. */
export function centre(grid: GridName, cell: Cell): [number, number] {
  return cellCentre(grid, cell, cellSize(grid));
}

/** The cell under a point (picture units). */
export function cellAt(grid: GridName, x: number, y: number): Cell {
  const s = cellSize(grid);
  if (grid === 'square') return [Math.floor(x / s) + 0, Math.floor(y / s) + 0];
  // Pointy-top axial coordinates, rounded through cube coordinates.
  const r = y / (1.5 * s);
  const q = x / (Math.sqrt(3) * s) - r / 2;
  const cz = -q - r;
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rz = Math.round(cz);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const dz = Math.abs(rz - cz);
  if (dq > dr && dq > dz) rq = -rr - rz;
  else if (dr > dz) rr = -rq - rz;
  return [rq + 0, rr + 0];
}

/** The cells moved so that their smallest coordinates are 0, in the same order (the order names each cell). */
export function toOrigin(cells: readonly Cell[]): Cell[] {
  const minX = Math.min(...cells.map((c) => c[0]));
  const minY = Math.min(...cells.map((c) => c[1]));
  return cells.map(([x, y]) => [x - minX + 0, y - minY + 0] as const);
}

/** A piece turned a step clockwise (60 degrees on hexagons, 90 on squares), moved back to the origin. */
export function rotated(grid: GridName, cells: readonly Cell[]): Cell[] {
  const turn = gridOf(grid).symmetries[1];
  return turn ? toOrigin(cells.map(turn)) : [...cells];
}

/** A piece turned over (mirrored left to right), moved back to the origin. */
export function flipped(grid: GridName, cells: readonly Cell[]): Cell[] {
  return toOrigin(cells.map((c) => mirrorCell(grid, c)));
}

/** A piece's cells as the server hands them out, moved to the origin. */
export function pieceCells(piece: { readonly cells: readonly Cell[] }): Cell[] {
  return toOrigin(piece.cells.length > 0 ? piece.cells : [[0, 0]]);
}

/** The box a set of cells takes up when drawn, in picture units. */
export function extentOf(grid: GridName, cells: readonly Cell[]): { x: number; y: number; w: number; h: number } {
  return cellsExtent(grid, cells, cellSize(grid));
}

/** The outline of a cell as polygon points, half a unit inside its true outline (a seam between cells). */
export function cellPolygon(grid: GridName, cell: Cell): string {
  return cellCorners(grid, cell, cellSize(grid), 0.5)
    .map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`)
    .join(' ');
}

/** A piece's place: where its cells are on the board, or `null` in the tray. */
export interface PieceState {
  readonly id: string;
  /** Its cells as turned now, from the origin. */
  readonly cells: readonly Cell[];
  /** Where on the board its origin lies, or null while it is in the tray. */
  readonly at: Cell | null;
  /** Put there by a hint or the solution: it does not move. */
  readonly pinned: boolean;
}

/** The board cells a piece covers, or none in the tray. */
export function coveredCells(piece: PieceState): Cell[] {
  const at = piece.at;
  return at ? piece.cells.map(([x, y]) => [x + at[0], y + at[1]] as const) : [];
}

const key = ([x, y]: Cell): string => `${x},${y}`;

/**
 * How the board stands: the cells each piece covers that are off the white area or under another
 * piece, and whether the white area is covered exactly by the pieces on it (by all the pieces
 * unless `everyPiece` is false, as when the whole set is in the tray).
 */
export function boardStatus(
  region: readonly Cell[],
  pieces: readonly PieceState[],
  everyPiece = true,
): { complete: boolean; conflicts: Set<string> } {
  const white = new Set(region.map(key));
  const count = new Map<string, number>();
  for (const p of pieces) for (const c of coveredCells(p)) count.set(key(c), (count.get(key(c)) ?? 0) + 1);
  const conflicts = new Set<string>();
  for (const [k, n] of count) if (n > 1 || !white.has(k)) conflicts.add(k);
  const complete =
    (!everyPiece || pieces.every((p) => p.at !== null)) &&
    conflicts.size === 0 &&
    [...white].every((k) => count.get(k) === 1);
  return { complete, conflicts };
}

/** The placements to claim: each piece on the board with the board cells it covers. */
export function placementsOf(pieces: readonly PieceState[]): { piece: string; cells: [number, number][] }[] {
  return pieces
    .filter((p) => p.at !== null)
    .map((p) => ({ piece: p.id, cells: coveredCells(p).map(([x, y]) => [x, y]) }));
}

const keySets = new WeakMap<readonly Cell[], ReadonlySet<string>>();

/**
 * The keys of a list of cells, made once per list: a drag asks about the white area on every move.
 * A list of cells is never changed once made (a board's, or the other pieces' in a drag).
 */
function keysOf(cells: readonly Cell[]): ReadonlySet<string> {
  let keys = keySets.get(cells);
  if (!keys) {
    keys = new Set(cells.map(key));
    keySets.set(cells, keys);
  }
  return keys;
}

/** Whether a piece at `at` would lie over the white area at least in part (else it goes back to the tray). */
export function touchesRegion(region: readonly Cell[], cells: readonly Cell[], at: Cell): boolean {
  const white = keysOf(region);
  return cells.some(([x, y]) => white.has(key([x + at[0], y + at[1]])));
}

/** Where a piece first fits on the free part of the white area, scanning row by row; else over its first cell. */
export function firstFit(region: readonly Cell[], taken: readonly Cell[], cells: readonly Cell[]): Cell {
  const free = new Set(region.map(key));
  for (const c of taken) free.delete(key(c));
  const anchor = cells[0] ?? [0, 0];
  const sorted = [...region].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  for (const target of sorted) {
    const at: Cell = [target[0] - anchor[0], target[1] - anchor[1]];
    if (cells.every(([x, y]) => free.has(key([x + at[0], y + at[1]])))) return at;
  }
  const first = sorted[0] ?? [0, 0];
  return [first[0] - anchor[0], first[1] - anchor[1]];
}

/**
 * Where a dragged piece lands if let go now: the board cell under its grabbed cell's centre,
 * minus that cell. `x`, `y` are where the piece's origin is drawn, relative to the board's origin.
 */
export function dropAt(grid: GridName, cells: readonly Cell[], grabbed: number, x: number, y: number): Cell {
  const cell = cells[grabbed] ?? [0, 0];
  const [gx, gy] = centre(grid, cell);
  const target = cellAt(grid, x + gx, y + gy);
  return [target[0] - cell[0], target[1] - cell[1]];
}

/**
 * The board cells a piece put down at `at` would take, each marked as fitting (a white cell no
 * other piece covers) or not (under another piece, or off the white area); none when it would
 * not touch the white area, as it then goes back to the tray. `taken`: the other pieces' cells.
 */
export function dropPreview(
  region: readonly Cell[],
  taken: readonly Cell[],
  cells: readonly Cell[],
  at: Cell,
): { cell: Cell; fits: boolean }[] {
  if (!touchesRegion(region, cells, at)) return [];
  const white = keysOf(region);
  const covered = keysOf(taken);
  return cells.map(([x, y]) => {
    const cell: Cell = [x + at[0], y + at[1]];
    const k = key(cell);
    return { cell, fits: white.has(k) && !covered.has(k) };
  });
}
