import type { Cell, GridName } from '@ubongo/core';
import { cellCentre, gridOf } from '@ubongo/core';

/*
 * The board's geometry for the client: where cells are drawn, which cell a point falls in, and
 * pieces turned and moved. Pixel positions are linear in cell coordinates on both grids, so moving
 * a piece by a cell offset moves its picture by `offsetPx(offset)`.
 */

/** Picture units per cell: a square's side, or a hexagon's radius. */
export function cellSize(grid: GridName): number {
  return grid === 'square' ? 40 : 24;
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
  // Square: (x, y) -> (-x, y). Hexagons (axial, pointy-top): (q, r) -> (-q - r, r) keeps rows.
  return toOrigin(cells.map(([x, y]) => (grid === 'square' ? [-x + 0, y] : [-x - y + 0, y])));
}

/** A piece's cells as the server hands them out, moved to the origin. */
export function pieceCells(piece: { readonly cells: readonly Cell[] }): Cell[] {
  return toOrigin(piece.cells.length > 0 ? piece.cells : [[0, 0]]);
}

/** The box a set of cells takes up when drawn, in picture units. */
export function extentOf(grid: GridName, cells: readonly Cell[]): { x: number; y: number; w: number; h: number } {
  const s = cellSize(grid);
  const rx = grid === 'square' ? s / 2 : (s * Math.sqrt(3)) / 2;
  const ry = grid === 'square' ? s / 2 : s;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const c of cells) {
    const [cx, cy] = centre(grid, c);
    x0 = Math.min(x0, cx - rx);
    y0 = Math.min(y0, cy - ry);
    x1 = Math.max(x1, cx + rx);
    y1 = Math.max(y1, cy + ry);
  }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** The outline of a cell as polygon points, centred on its centre. */
export function cellPolygon(grid: GridName, cell: Cell): string {
  const s = cellSize(grid);
  const [cx, cy] = centre(grid, cell);
  const h = s / 2 - 0.5;
  const corners: [number, number][] =
    grid === 'square'
      ? [
          [cx - h, cy - h],
          [cx + h, cy - h],
          [cx + h, cy + h],
          [cx - h, cy + h],
        ]
      : Array.from({ length: 6 }, (_, k) => {
          const a = ((60 * k - 30) * Math.PI) / 180;
          return [cx + (s - 0.5) * Math.cos(a), cy + (s - 0.5) * Math.sin(a)];
        });
  return corners.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
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

/** A width and a height, in picture units unless said otherwise. */
export interface Size {
  readonly w: number;
  readonly h: number;
}

/** The larger of two sizes, side by side. */
export const largest = (a: Size, b: Size): Size => ({ w: Math.max(a.w, b.w), h: Math.max(a.h, b.h) });

/**
 * The box a piece needs in the tray to be turned and flipped where it lies without reaching its
 * neighbours: as wide as its widest way round, as tall as its tallest.
 */
export function turningBox(grid: GridName, cells: readonly Cell[]): Size {
  let box: Size = { w: 0, h: 0 };
  let now: readonly Cell[] = cells;
  const steps = grid === 'square' ? 4 : 6;
  for (let k = 0; k < 2 * steps; k++) {
    box = largest(box, extentOf(grid, now));
    now = k === steps - 1 ? flipped(grid, now) : rotated(grid, now);
  }
  return box;
}

/**
 * What the scale is fitted to, so that it stays put from task to task: a board six cells across
 * each way and, for each piece dealt, the turning box of a piece four cells long, the largest of
 * the shipped decks (docs/decks.md: every board spans at most six cells). Anything larger gets room
 * of its own, at a smaller scale.
 */
export function referenceBoard(grid: GridName): Size {
  const s = cellSize(grid);
  return grid === 'square' ? { w: 6 * s, h: 6 * s } : { w: 6 * Math.sqrt(3) * s, h: 9.5 * s };
}
export function referenceSlot(grid: GridName): Size {
  const s = cellSize(grid);
  return grid === 'square' ? { w: 4 * s, h: 4 * s } : { w: 4 * Math.sqrt(3) * s, h: 6.5 * s };
}

/** Room around the picture, between the board and the tray, and between two pieces in the tray. */
export const MARGIN = 12;
export const BOARD_GAP = 16;
export const SLOT_GAP = 8;

/** Where the tray goes: under the board (tall spaces, phones) or to its right (wide spaces). */
export type TraySide = 'below' | 'right';

/** The board and the tray laid out in a space: each box's top left corner, and what they take up. */
export interface Arrangement {
  readonly side: TraySide;
  readonly board: readonly [number, number];
  readonly slots: readonly (readonly [number, number])[];
  /** The height the board and the tray take, margins included. */
  readonly height: number;
  /** Whether it all fits in the space. */
  readonly fits: boolean;
}

/** Slots in rows (shelves) as wide as `width`, in order: the indices of each row. */
function shelves(slots: readonly Size[], width: number): number[][] {
  const rows: number[][] = [];
  let row: number[] = [];
  let used = 0;
  slots.forEach((s, i) => {
    const need = row.length === 0 ? s.w : used + SLOT_GAP + s.w;
    if (row.length > 0 && need > width) {
      rows.push(row);
      row = [i];
      used = s.w;
    } else {
      row.push(i);
      used = need;
    }
  });
  if (row.length > 0) rows.push(row);
  return rows;
}

/**
 * The board and the pieces' slots laid out in `space` (picture units): the board at the top (its
 * middle under the tray's middle when the tray is below; at the left when it is to the right),
 * the slots packed in rows in the tray, each as large as the piece needs and no larger.
 */
export function arrange(space: Size, board: Size, slots: readonly Size[], side: TraySide): Arrangement {
  const rowsOf = (width: number): { rows: number[][]; width: number; height: number } => {
    const rows = shelves(slots, width);
    const widths = rows.map((r) => r.reduce((sum, i) => sum + (slots[i]?.w ?? 0), 0) + (r.length - 1) * SLOT_GAP);
    const heights = rows.map((r) => Math.max(...r.map((i) => slots[i]?.h ?? 0)));
    return {
      rows,
      width: Math.max(0, ...widths),
      height: heights.reduce((a, b) => a + b, 0) + Math.max(0, rows.length - 1) * SLOT_GAP,
    };
  };
  const widest = Math.max(0, ...slots.map((s) => s.w));
  const at: [number, number][] = slots.map(() => [0, 0]);
  const place = (rows: number[][], x0: number, y0: number, width: number, centred: boolean): void => {
    let y = y0;
    for (const row of rows) {
      const rowW = row.reduce((sum, i) => sum + (slots[i]?.w ?? 0), 0) + (row.length - 1) * SLOT_GAP;
      const rowH = Math.max(...row.map((i) => slots[i]?.h ?? 0));
      let x = centred ? x0 + (width - rowW) / 2 : x0;
      for (const i of row) {
        const s = slots[i] ?? { w: 0, h: 0 };
        at[i] = [x, y + (rowH - s.h) / 2];
        x += s.w + SLOT_GAP;
      }
      y += rowH + SLOT_GAP;
    }
  };
  if (side === 'below') {
    const width = space.w - 2 * MARGIN;
    const tray = rowsOf(width);
    place(tray.rows, MARGIN, MARGIN + board.h + BOARD_GAP, width, true);
    const height = MARGIN + board.h + (slots.length > 0 ? BOARD_GAP + tray.height : 0) + MARGIN;
    return {
      side,
      board: [(space.w - board.w) / 2, MARGIN],
      slots: at,
      height,
      fits: height <= space.h + 0.01 && board.w <= width + 0.01 && widest <= width + 0.01,
    };
  }
  const width = space.w - 2 * MARGIN - board.w - BOARD_GAP;
  const tray = rowsOf(width);
  // The board and the tray together, in the middle of the space.
  const used = board.w + (slots.length > 0 ? BOARD_GAP + tray.width : 0);
  const x0 = MARGIN + Math.max(0, (space.w - 2 * MARGIN - used) / 2);
  place(tray.rows, x0 + board.w + BOARD_GAP, MARGIN, tray.width, false);
  const height = MARGIN + Math.max(board.h, tray.height) + MARGIN;
  return {
    side,
    board: [x0, MARGIN],
    slots: at,
    height,
    fits: height <= space.h + 0.01 && widest <= width + 0.01,
  };
}

/** The largest scale (screen pixels per picture unit) allowed, and the smallest tried. */
export const MAX_SCALE = 1.5;
const MIN_SCALE = 0.25;
/** How much larger the scale must be to put the tray beside the board in a tall space. */
const PREFERENCE = 7 / 6;

/**
 * The scale at which a board and slots fit a space of `px` screen pixels (up to MAX_SCALE;
 * MIN_SCALE if nothing fits), and the side of the tray that allows the larger; in a space taller
 * than wide (a phone), below the board unless beside it allows a scale larger by a sixth.
 */
export function fitScale(px: Size, board: Size, slots: readonly Size[]): { scale: number; side: TraySide } {
  const best = (side: TraySide): number => {
    const fits = (s: number): boolean => arrange({ w: px.w / s, h: px.h / s }, board, slots, side).fits;
    if (fits(MAX_SCALE)) return MAX_SCALE;
    if (!fits(MIN_SCALE)) return MIN_SCALE;
    let lo = MIN_SCALE;
    let hi = MAX_SCALE;
    for (let k = 0; k < 24; k++) {
      const mid = (lo + hi) / 2;
      if (fits(mid)) lo = mid;
      else hi = mid;
    }
    return lo;
  };
  const below = best('below');
  const right = best('right');
  const wide = px.w > px.h;
  if (wide ? right >= below : right > below * PREFERENCE) return { scale: right, side: 'right' };
  return { scale: below, side: 'below' };
}
