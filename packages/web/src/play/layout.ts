import type { Cell, GridName } from '@ubongo/core';
import { cellAcross, extentOf, flipped, rotated } from './geometry.js';

/*
 * Where the board and the tray go in the space the page gives them, and the scale they are drawn
 * at: the largest at which this board and these pieces fit (docs/web.md, "The board's size").
 */

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

/** Room around the picture, between the board and the tray, and between two pieces in the tray. */
export const MARGIN = 8;
export const BOARD_GAP = 12;
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

/**
 * The pieces in the tray are drawn smaller than on the board, at this share of the board's scale,
 * so that the board may be drawn larger in the same room: a piece picked up (dragged, tapped,
 * lifted by a key) is drawn at the board's scale while in hand, and on the board.
 */
export const TRAY_SCALE = 0.5;
/** The least size (screen pixels) of a cell in the tray, whatever the board's scale: a finger still takes hold of it. */
export const MIN_TRAY_CELL_PX = 22;

/**
 * The share of the board's scale the tray is drawn at, the board drawn at `scale` screen pixels
 * per picture unit: TRAY_SCALE, larger where that would make cells smaller than MIN_TRAY_CELL_PX,
 * never larger than the board's. A tray cell's size in pixels grows with the board's scale.
 */
export function trayScale(grid: GridName, scale: number): number {
  return Math.min(1, Math.max(TRAY_SCALE, MIN_TRAY_CELL_PX / (cellAcross(grid) * scale)));
}

/** Slots drawn at `f` of the board's scale. */
export const shrunk = (slots: readonly Size[], f: number): Size[] => slots.map((s) => ({ w: s.w * f, h: s.h * f }));

/**
 * The largest scale (screen pixels per picture unit) allowed, and the smallest tried: at most cells
 * of 100 px (squares) or hexagons 104 px across, larger than any use of them.
 */
export const MAX_SCALE = 2.5;
const MIN_SCALE = 0.25;
/** How much larger the scale must be to put the tray beside the board in a tall space. */
const PREFERENCE = 7 / 6;

/**
 * The scale at which a board and slots fit a space of `px` screen pixels (up to MAX_SCALE;
 * MIN_SCALE if nothing fits), and the side of the tray that allows the larger; in a space taller
 * than wide (a phone), below the board unless beside it allows a scale larger by a sixth. `tray`:
 * the share of the board's scale the slots are drawn at, for a board at a scale (trayScale; the
 * board's own by default); it must not make the tray smaller on screen as the scale grows.
 */
export function fitScale(
  px: Size,
  board: Size,
  slots: readonly Size[],
  tray: (scale: number) => number = () => 1,
): { scale: number; side: TraySide; tray: number } {
  const best = (side: TraySide): number => {
    const fits = (s: number): boolean =>
      arrange({ w: px.w / s, h: px.h / s }, board, shrunk(slots, tray(s)), side).fits;
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
  if (wide ? right >= below : right > below * PREFERENCE) return { scale: right, side: 'right', tray: tray(right) };
  return { scale: below, side: 'below', tray: tray(below) };
}
