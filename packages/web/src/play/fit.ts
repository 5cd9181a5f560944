import type { Cell, GridName, Puzzle as PuzzleTask } from '@ubongo/core';
import type { RefObject } from 'react';
import { useLayoutEffect, useMemo, useState } from 'react';
import type { PieceState } from './geometry.js';
import { extentOf, offsetPx, pieceCells } from './geometry.js';
import type { Size } from './layout.js';
import { arrange, fitScale, shrunk, trayScale, turningBox } from './layout.js';

/** The space assumed where nothing is laid out (jsdom), in screen pixels. */
const UNLAID: Size = { w: 640, h: 480 };

/** The board and the tray as laid out on the page: the scale, and where each box lies in picture units. */
export interface Fitted {
  /** Whether the room was measured (the board is drawn from then on). */
  readonly laid: boolean;
  /** The white area's box. */
  readonly board: { x: number; y: number; w: number; h: number };
  /** Each tray piece's turning box, at the tray's scale. */
  readonly slots: readonly Size[];
  readonly scale: number;
  /** The share of the board's scale the pieces in the tray are drawn at (layout.ts, trayScale). */
  readonly tray: number;
  /** The room on the page, in screen pixels. */
  readonly room: Size;
  /** The picture's space (picture units) and the height it takes. */
  readonly space: Size;
  readonly height: number;
  readonly boardX: number;
  readonly boardY: number;
  /** Where board cell [0, 0]'s origin is drawn. */
  readonly origin: readonly [number, number];
  /** Each tray slot's upper left corner. */
  readonly slotAt: readonly (readonly [number, number])[];
}

/**
 * Measures the space the page gives `.puzzle-stage` and fits the board and the tray in it, at the
 * largest scale at which they fit with the tray drawn smaller (trayScale), in the middle of the space from top to bottom. `frozen`: the board is done, and stays as it was whatever the page does around it;
 * `compact`: the tray is folded away; `solvedUnseen`: a board drawn done takes half the window.
 */
export function useFit(
  stage: RefObject<HTMLDivElement | null>,
  task: PuzzleTask,
  given: PuzzleTask['pieces'],
  { frozen, compact, solvedUnseen }: { frozen: boolean; compact: boolean; solvedUnseen: boolean },
): Fitted {
  const { grid, region } = task;
  // The space, in screen pixels; null until measured, as the page is first laid out (in a layout
  // effect, before it is shown).
  const [room, setRoom] = useState<Size | null>(null);
  useLayoutEffect(() => {
    const el = stage.current;
    if (!el) return;
    const measure = (): void => {
      const box = el.getBoundingClientRect();
      const next = { w: Math.floor(box.width), h: Math.floor(box.height) };
      setRoom((now) => (now?.w === next.w && now.h === next.h ? now : next));
    };
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      observer.disconnect();
    };
  }, [stage]);

  const board = useMemo(() => extentOf(grid, region), [grid, region]);
  const slots = useMemo(() => given.map((p) => turningBox(grid, pieceCells(p))), [grid, given]);
  const measured = useMemo(
    () =>
      room && room.w > 0 && room.h > 0
        ? solvedUnseen
          ? { w: room.w, h: Math.max(room.h, Math.round(window.innerHeight / 2)) }
          : room
        : UNLAID,
    [room, solvedUnseen],
  );
  // The largest scale at which this board and these pieces fit: a small board is drawn large.
  const live = useMemo(
    () => ({ ...fitScale(measured, board, slots, (s) => trayScale(grid, s)), room: measured }),
    [measured, board, slots, grid],
  );
  // Kept from the last render before the board was done (derived state, set while rendering as
  // React allows; a board drawn done after a reload takes the space as first measured).
  const [kept, setKept] = useState(live);
  if (!frozen && kept !== live) setKept(live);
  if (frozen && kept.room === UNLAID && live.room !== UNLAID) setKept(live);
  const fit = frozen ? kept : live;
  return useMemo(() => {
    const space = { w: fit.room.w / fit.scale, h: fit.room.h / fit.scale };
    const small = shrunk(slots, fit.tray);
    const laidOut = arrange(space, board, compact ? [] : small, fit.side);
    // What is left over from top to bottom goes half above, half below: no empty felt under the tray.
    const dy = compact ? 0 : Math.max(0, (space.h - laidOut.height) / 2);
    const placed = {
      ...laidOut,
      board: [laidOut.board[0], laidOut.board[1] + dy] as const,
      slots: laidOut.slots.map(([x, y]) => [x, y + dy] as const),
    };
    const origin: Cell = [placed.board[0] - board.x, placed.board[1] - board.y];
    return {
      laid: room !== null,
      board,
      slots: small,
      scale: fit.scale,
      tray: fit.tray,
      room: fit.room,
      space,
      height: compact ? placed.height : space.h,
      boardX: placed.board[0],
      boardY: placed.board[1],
      origin,
      slotAt: placed.slots,
    };
  }, [fit, board, slots, compact, room]);
}

/**
 * Where piece `i` of `pieces` is drawn (its translation): on the board, or in the middle of its slot
 * in the tray, drawn at `f` of the board's scale (the tray's, or the board's for a piece in hand).
 */
export function placeOf(
  grid: GridName,
  fitted: Fitted,
  pieces: readonly PieceState[],
  i: number,
  f: number = fitted.tray,
): [number, number] {
  const piece = pieces[i];
  if (!piece) return [0, 0];
  if (piece.at) {
    const [dx, dy] = offsetPx(grid, piece.at);
    return [fitted.origin[0] + dx, fitted.origin[1] + dy];
  }
  const e = extentOf(grid, piece.cells);
  const [sx, sy] = fitted.slotAt[i] ?? [0, 0];
  const slot = fitted.slots[i] ?? e;
  return [sx + (slot.w - f * e.w) / 2 - f * e.x, sy + (slot.h - f * e.h) / 2 - f * e.y];
}
