import type { Cell, GridName } from '@ubongo/core';
import type { MouseEvent as ReactMouseEvent, PointerEvent as ReactPointerEvent, RefObject } from 'react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { BoardAction, BoardState, Turn } from './board.js';
import { aimedAt, pivotIndex } from './board.js';
import type { ShowPreview } from './draw.js';
import type { Fitted } from './fit.js';
import { cellAt, centre, dropAt, touchesRegion, touchLift } from './geometry.js';

/*
 * The pointer on the board, as a small state machine: idle; pressed on a piece (which is a drag
 * once it has moved TAP_TRAVEL, else a tap when let go); pressed on the ground (a tap, or
 * nothing). What a tap does (tap to place) is `tapPiece` and `tapGround`; the board's changes are
 * actions for board.ts. Moves do not re-render: the layer of the piece in hand is moved directly.
 *
 * A finger's drag carries the piece (and its drop preview) `lift` above the contact point, once the
 * press is a drag: under the fingertip the cell it lands on could not be seen (docs/web.md). A
 * second finger on the screen during a finger's drag turns the piece in hand a step, as R does; it
 * neither cancels the drag nor starts one of its own.
 */

/** A press that moves less than this (picture units) is a tap; more, a drag. */
export const TAP_TRAVEL = 6;
/** Two taps on a piece this close together (ms) turn it over. */
export const DOUBLE_TAP_MS = 400;

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

/** The cell of a piece nearest a point given in the piece's own frame. */
function nearestCell(grid: GridName, cells: readonly Cell[], local: readonly [number, number]): number {
  let grabbed = 0;
  let best = Infinity;
  cells.forEach((c, k) => {
    const [cx, cy] = centre(grid, c);
    const d = (cx - local[0]) ** 2 + (cy - local[1]) ** 2;
    if (d < best) {
      best = d;
      grabbed = k;
    }
  });
  return grabbed;
}

/** The board cells the held piece's preview takes (tap to place), as keys. */
function aimCells(state: BoardState): Set<string> {
  const at = aimedAt(state);
  const piece = state.held === null ? undefined : state.pieces[state.held];
  if (!at || !piece) return new Set();
  return new Set(piece.cells.map(([x, y]) => `${x + at[0]},${y + at[1]}`));
}

export function usePointer(
  context: PointerContext,
  svg: RefObject<SVGSVGElement | null>,
  hand: RefObject<HTMLDivElement | null>,
  preview: RefObject<ShowPreview | null>,
) {
  // Read afresh by listeners of the window's own: written after each render, never during one.
  const ctx = useRef(context);
  useLayoutEffect(() => {
    ctx.current = context;
  });
  const [drag, setDrag] = useState<Drag | null>(null);
  const dragRef = useRef<Drag | null>(null);
  // Where the pointer is during a press, and how far it went.
  const motion = useRef<{ pointer: [number, number]; travelled: number }>({ pointer: [0, 0], travelled: 0 });
  const ground = useRef<{ pointerId: number; at: [number, number] } | null>(null);
  const lastTap = useRef<{ index: number; at: number } | null>(null);
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

  /** Turns a piece: the one in hand about the cell under the pointer, one at rest about its middle. */
  const turn = (i: number, how: Turn): void => {
    const c = ctx.current;
    if (c.disabled) return;
    // A turn by any other means comes between two taps: they are no longer a double tap.
    lastTap.current = null;
    const d = dragRef.current;
    const piece = c.state().pieces[i];
    if (!piece) return;
    if (d?.index === i) {
      c.act({ type: 'turn', piece: i, how, pivot: null, time: c.now() });
      const next = c.state().pieces[i]?.cells ?? piece.cells;
      const before = centre(c.grid, piece.cells[d.grabbed] ?? [0, 0]);
      const after = centre(c.grid, next[d.grabbed] ?? [0, 0]);
      const moved = { ...d, offset: [d.offset[0] + after[0] - before[0], d.offset[1] + after[1] - before[1]] as const };
      setDragBoth(moved);
      if (previewKey.current) showPreview(landing(moved, next, motion.current.pointer), next);
      return;
    }
    c.act({ type: 'turn', piece: i, how, pivot: pivotIndex(piece.cells), time: c.now() });
  };

  const onPieceDown = (e: ReactPointerEvent, i: number): void => {
    const c = ctx.current;
    const before = c.state();
    const piece = before.pieces[i];
    if (e.button !== 0 || !piece || piece.pinned || c.disabled || dragRef.current) return;
    e.preventDefault();
    e.stopPropagation();
    svg.current?.setPointerCapture(e.pointerId);
    const pointer = svgPoint(e, true);
    const [tx, ty] = c.translation(i);
    motion.current = { pointer, travelled: 0 };
    c.act({ type: 'begin', piece: i, time: c.now() });
    c.onLift?.();
    // The point taken hold of, in the piece's own units: a piece taken from the tray grows to the
    // board's scale about it, so that it stays under the pointer.
    const f = c.sizeOf(i);
    const local = [(pointer[0] - tx) / f, (pointer[1] - ty) / f] as const;
    const grabbed = nearestCell(c.grid, piece.cells, local);
    const lift = e.pointerType === 'touch' ? touchLift(c.grid, unit()) / unit() : 0;
    const d = { index: i, pointerId: e.pointerId, pointerType: e.pointerType, grabbed, before, lift };
    setDragBoth({ ...d, offset: local, home: [pointer[0] - local[0], pointer[1] - local[1]] });
  };

  /** A press on the board's picture away from the pieces: a tap there shows or puts down the piece in hand. */
  const onGroundDown = (e: ReactPointerEvent): void => {
    if (e.button !== 0 || dragRef.current || ctx.current.disabled) return;
    ground.current = { pointerId: e.pointerId, at: svgPoint(e, true) };
  };

  /** Puts the piece in hand down where its preview is, if `pointer` is on the preview. */
  const onPreview = (state: BoardState, pointer: readonly [number, number]): boolean => {
    const { grid, fitted, act, now } = ctx.current;
    const cell = cellAt(grid, pointer[0] - fitted.origin[0], pointer[1] - fitted.origin[1]);
    if (state.held === null || !aimCells(state).has(`${cell[0]},${cell[1]}`)) return false;
    act({ type: 'place', piece: state.held, at: aimedAt(state), time: now() });
    return true;
  };

  /**
   * A tap on the ground at `pointer` (picture units), with `state` the board as the press found
   * it: on the preview it puts the piece in hand there; on another cell of the white area it shows
   * the preview there; off the board, in the tray, it sends the piece back. True if it did something.
   */
  const tapGround = (state: BoardState, pointer: readonly [number, number]): boolean => {
    const { grid, region, fitted, act, now, say } = ctx.current;
    const held = state.held;
    if (held === null) return false;
    if (onPreview(state, pointer)) return true;
    const cell = cellAt(grid, pointer[0] - fitted.origin[0], pointer[1] - fitted.origin[1]);
    if (region.some((c) => c[0] === cell[0] && c[1] === cell[1])) {
      act({ type: 'aim', cell });
      say('aimed', held);
      return true;
    }
    const onCard =
      pointer[0] >= fitted.boardX - 6 &&
      pointer[0] <= fitted.boardX + fitted.board.w + 6 &&
      pointer[1] >= fitted.boardY - 6 &&
      pointer[1] <= fitted.boardY + fitted.board.h + 6;
    if (onCard) return false;
    act({ type: 'back', piece: held, time: now() });
    return true;
  };

  /** A tap on piece `i`, `d` its press: the preview under it first, then a double tap, then pick up or put down. */
  const tapPiece = (d: Drag, e: ReactPointerEvent): void => {
    const { act, now, say } = ctx.current;
    const pointer = motion.current.pointer;
    // A tap on the preview puts the piece in hand there, whatever piece lies under it.
    if (onPreview(d.before, pointer)) {
      lastTap.current = null;
      return;
    }
    const prev = lastTap.current;
    if (prev?.index === d.index && e.timeStamp - prev.at < DOUBLE_TAP_MS) {
      // A double tap turns the piece over, as it lies, and leaves it down.
      turn(d.index, 'flip');
      return;
    }
    lastTap.current = { index: d.index, at: e.timeStamp };
    // A tap on the piece in hand puts it down where it is; on another, picks that one up.
    if (d.before.held === d.index) return;
    act({ type: 'lift', piece: d.index, anchor: d.grabbed, time: now() });
    say('lifted', d.index);
  };

  const onUp = (e: ReactPointerEvent): void => {
    const g = ground.current;
    if (g?.pointerId === e.pointerId) {
      ground.current = null;
      const at = svgPoint(e, false);
      if (Math.hypot(at[0] - g.at[0], at[1] - g.at[1]) < TAP_TRAVEL) tapGround(ctx.current.state(), at);
      return;
    }
    const d = dragRef.current;
    if (d?.pointerId !== e.pointerId) return;
    const { act, now, state } = ctx.current;
    // Where the pointer lets go, should the last moves have been merged or dropped on the way.
    track(e);
    setDragBoth(null);
    showPreview(null, []);
    const piece = state().pieces[d.index];
    if (!piece) return;
    if (motion.current.travelled < TAP_TRAVEL) {
      // A turn while pressed (R, the wheel) is a move of its own.
      act({ type: 'end' });
      tapPiece(d, e);
      return;
    }
    lastTap.current = null;
    act({ type: 'place', piece: d.index, at: landing(d, piece.cells, motion.current.pointer), time: now() });
  };

  const onCancel = (e: ReactPointerEvent): void => {
    if (ground.current?.pointerId === e.pointerId) ground.current = null;
    if (dragRef.current?.pointerId !== e.pointerId) return;
    setDragBoth(null);
    showPreview(null, []);
    ctx.current.act({ type: 'end' });
  };

  // A right click turns the piece, the one in hand too. A finger's long press may also say
  // contextmenu (Android does): while a finger or pen drags, it does nothing.
  const onContextMenu = (e: ReactMouseEvent, i: number): void => {
    e.preventDefault();
    const d = dragRef.current;
    if (d && d.pointerType !== 'mouse') return;
    turn(i, 'rotate');
  };

  useEffect(() => {
    // The drag's moves are heard first, at the window, and go no further: React listens to every
    // move at its root (twice, on the way down and up) though nothing of it wants them.
    const onMove = (e: PointerEvent): void => {
      const d = dragRef.current;
      if (d?.pointerId !== e.pointerId) return;
      e.stopPropagation();
      const pointer = track(e);
      follow(d, pointer);
      // The preview waits until this is a drag, not a tap; then it renders only when the cell changes.
      const cells = ctx.current.state().pieces[d.index]?.cells;
      if (cells && motion.current.travelled >= TAP_TRAVEL) showPreview(landing(d, cells, pointer), cells);
    };
    // A second finger during a finger's drag turns the piece in hand, wherever it touches; it goes
    // no further (it would pick up a piece, press a button or start the browser's pinch zoom, which
    // takes the first finger away: a cancel).
    const secondFinger = (e: PointerEvent): void => {
      const d = dragRef.current;
      if (d?.pointerType !== 'touch' || e.pointerType !== 'touch' || e.pointerId === d.pointerId) return;
      e.preventDefault();
      e.stopPropagation();
      turn(d.index, 'rotate');
    };
    // Two fingers on the screen during a finger's drag: the browser's own gesture for them (a pinch
    // zoom, which would take the first finger away) never starts. One finger's gestures are left alone.
    const touching = (e: TouchEvent): void => {
      if (dragRef.current?.pointerType === 'touch' && e.touches.length > 1 && e.cancelable) e.preventDefault();
    };
    window.addEventListener('pointermove', onMove, { capture: true });
    window.addEventListener('pointerdown', secondFinger, { capture: true });
    window.addEventListener('touchstart', touching, { capture: true, passive: false });
    window.addEventListener('touchmove', touching, { capture: true, passive: false });
    return () => {
      window.removeEventListener('pointermove', onMove, { capture: true });
      window.removeEventListener('pointerdown', secondFinger, { capture: true });
      window.removeEventListener('touchstart', touching, { capture: true });
      window.removeEventListener('touchmove', touching, { capture: true });
    };
    // The listener reads everything through refs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // After any render in a drag (a turn in hand), the copy is put back under the pointer; after a drag, the layer back in place.
  useLayoutEffect(() => {
    if (drag) follow(drag, motion.current.pointer);
    else hand.current?.style.removeProperty('transform');
  });

  /** Ends a pending double tap: a button or an undo comes between two taps. */
  const forgetTap = (): void => {
    lastTap.current = null;
  };

  return { drag, turn, forgetTap, onPieceDown, onGroundDown, onUp, onCancel, onContextMenu };
}
