import type { Cell, GridName } from '@ubongo/core';
import type { RefObject } from 'react';
import { useLayoutEffect, useRef, useState } from 'react';
import type { BoardAction, BoardState } from './board.js';
import type { ShowPreview } from './draw.js';
import type { Fitted } from './fit.js';
import { dropAt, touchesRegion } from './geometry.js';

/*
 * The piece in hand under the pointer (drag.ts's press machine moves it): where the pointer is and
 * how far it went, the piece's own layer following it by a CSS transform, and the drop preview
 * following the cell it would land on. Moves do not re-render.
 */

/** A press that moves less than this (picture units) is a tap; more, a drag. */
export const TAP_TRAVEL = 6;

/** A piece pressed or dragged. */
export interface Drag {
  readonly index: number;
  readonly pointerId: number;
  /** 'mouse', 'touch' or 'pen'. */
  readonly pointerType: string;
  /** The point taken hold of, in the piece's own units (pointer minus translation, at the board's scale). */
  readonly offset: readonly [number, number];
  /** The piece cell under the pointer, by its index in the piece's cells. */
  readonly grabbed: number;
  /** The piece's translation, at the board's scale, when the drag began: where it stays drawn (unseen) while its copy moves. */
  readonly home: readonly [number, number];
  /** The board as the press found it: a tap on a piece acts on what was in hand before. */
  readonly before: BoardState;
  /** How far above the pointer (picture units) the piece rides once this is a drag: a finger's `touchLift`, else 0. */
  readonly lift: number;
}

/** What the pointer machine works with, read afresh at each event. */
export interface PointerContext {
  readonly grid: GridName;
  readonly region: readonly Cell[];
  readonly fitted: Fitted;
  readonly disabled: boolean;
  /** The board as it is now (after the actions so far in this event). */
  readonly state: () => BoardState;
  readonly act: (action: BoardAction) => void;
  /** Milliseconds since the board was shown. */
  readonly now: () => number;
  /** Where piece `i` is drawn (picture units). */
  readonly translation: (i: number) => [number, number];
  /** The share of the board's scale piece `i` is drawn at now (smaller in the tray). */
  readonly sizeOf: (i: number) => number;
  readonly onLift: (() => void) | undefined;
  /** Says something to screen readers. */
  readonly say: (what: 'lifted' | 'aimed', piece: number) => void;
}

/** The piece in hand and the pointer carrying it: what drag.ts's handlers read and move. */
export interface Hand {
  /** The piece pressed or dragged, as last rendered. */
  readonly drag: Drag | null;
  /** The same, as it is now (set by `setDrag`). */
  readonly dragRef: RefObject<Drag | null>;
  /** Where the pointer is during a press, and how far it went. */
  readonly motion: RefObject<{ pointer: [number, number]; travelled: number }>;
  /** The cell the drop preview shows, as a key ('' for none). */
  readonly previewKey: RefObject<string>;
  readonly setDrag: (d: Drag | null) => void;
  /** A pointer's place in picture units; `fresh` reads the board's place on the page again (as a press begins). */
  readonly svgPoint: (e: { clientX: number; clientY: number }, fresh: boolean) => [number, number];
  /** CSS pixels per picture unit: the board's scale as drawn. */
  readonly unit: () => number;
  /** Moves the copy of the piece in hand (its own layer) to follow the pointer, by a CSS transform. */
  readonly follow: (d: Drag, pointer: readonly [number, number]) => void;
  /** Notes the pointer's move (how far it went), and says where it is in picture units. */
  readonly track: (e: { clientX: number; clientY: number }) => [number, number];
  /** The cell the piece in hand would land on with the pointer at `pointer`. */
  readonly landing: (d: Drag, cells: readonly Cell[], pointer: readonly [number, number]) => Cell;
  /** Shows the drop preview at `at` (none if null, or if the piece would go back to the tray), if it moved. */
  readonly showPreview: (at: Cell | null, cells: readonly Cell[]) => void;
}

/** The piece in hand and the pointer carrying it, read through `ctx` (the latest context). */
export function useHand(
  ctx: RefObject<PointerContext>,
  svg: RefObject<SVGSVGElement | null>,
  hand: RefObject<HTMLDivElement | null>,
  preview: RefObject<ShowPreview | null>,
): Hand {
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  // Where the pointer is during a press, and how far it went.
  const motion = useRef<{ pointer: [number, number]; travelled: number }>({ pointer: [0, 0], travelled: 0 });
  const previewKey = useRef('');
  const lastLanding = useRef<{ at: Cell | null; cells: readonly Cell[] } | null>(null);
  // Screen to picture units, read once as a press begins: reading it on every move forces a layout.
  const screenToSvg = useRef<DOMMatrix | null>(null);

  const setDragBoth = (d: Drag | null): void => {
    dragRef.current = d;
    setDrag(d);
  };
  const svgPoint = (e: { clientX: number; clientY: number }, fresh: boolean): [number, number] => {
    if (fresh || !screenToSvg.current) screenToSvg.current = svg.current?.getScreenCTM()?.inverse() ?? null;
    const m = screenToSvg.current;
    if (!m) return [e.clientX, e.clientY];
    return [m.a * e.clientX + m.c * e.clientY + m.e, m.b * e.clientX + m.d * e.clientY + m.f];
  };
  /** CSS pixels per picture unit: the board's scale as drawn. */
  const unit = (): number => (screenToSvg.current ? 1 / screenToSvg.current.a : ctx.current.fitted.scale);

  /** Moves the copy of the piece in hand (its own layer) to follow the pointer, by a CSS transform. */
  const follow = (d: Drag, pointer: readonly [number, number]): void => {
    const layer = hand.current;
    if (!layer) return;
    const [px, py] = heldAt(d, pointer);
    const dx = (px - d.offset[0] - d.home[0]) * unit();
    const dy = (py - d.offset[1] - d.home[1]) * unit();
    layer.style.transform = `translate(${dx.toFixed(1)}px, ${dy.toFixed(1)}px)`;
  };
  /** Where the grabbed cell is held: the pointer, or above a finger once the press is a drag. */
  const heldAt = (d: Drag, pointer: readonly [number, number]): [number, number] =>
    motion.current.travelled >= TAP_TRAVEL ? [pointer[0], pointer[1] - d.lift] : [pointer[0], pointer[1]];
  const track = (e: { clientX: number; clientY: number }): [number, number] => {
    const pointer = svgPoint(e, false);
    const before = motion.current;
    motion.current = {
      pointer,
      travelled: before.travelled + Math.hypot(pointer[0] - before.pointer[0], pointer[1] - before.pointer[1]),
    };
    return pointer;
  };
  const landing = (d: Drag, cells: readonly Cell[], pointer: readonly [number, number]): Cell => {
    const { grid, fitted } = ctx.current;
    const [px, py] = heldAt(d, pointer);
    return dropAt(grid, cells, d.grabbed, px - d.offset[0] - fitted.origin[0], py - d.offset[1] - fitted.origin[1]);
  };
  /** Shows the drop preview at `at` (none if null, or if the piece would go back to the tray), if it moved. */
  const showPreview = (at: Cell | null, cells: readonly Cell[]): void => {
    const last = lastLanding.current;
    if (last?.cells === cells && (last.at === at || (last.at && at && last.at[0] === at[0] && last.at[1] === at[1])))
      return;
    lastLanding.current = { at, cells };
    const onBoard = at && touchesRegion(ctx.current.region, cells, at) ? at : null;
    const k = onBoard ? `${onBoard[0]},${onBoard[1]}` : '';
    if (k === previewKey.current) return;
    previewKey.current = k;
    preview.current?.(onBoard);
  };

  // After any render in a drag (a turn in hand), the copy is put back under the pointer; after a drag, the layer back in place.
  useLayoutEffect(() => {
    if (drag) follow(drag, motion.current.pointer);
    else hand.current?.style.removeProperty('transform');
  });

  return {
    drag,
    dragRef,
    motion,
    previewKey,
    setDrag: setDragBoth,
    svgPoint,
    unit,
    follow,
    track,
    landing,
    showPreview,
  };
}
