import type { Cell, GridName } from '@ubongo/core';
import type { MouseEvent as ReactMouseEvent, PointerEvent as ReactPointerEvent, RefObject } from 'react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { BoardState, Turn } from './board.js';
import { aimedAt, pivotIndex } from './board.js';
import type { ShowPreview } from './draw.js';
import { cellAt, centre, touchLift } from './geometry.js';
import type { Drag, Hand, PointerContext } from './hand.js';
import { TAP_TRAVEL, useHand } from './hand.js';

/*
 * The pointer on the board, as a small state machine: idle; pressed on a piece (which is a drag
 * once it has moved TAP_TRAVEL, else a tap when let go); pressed on the ground (a tap, or
 * nothing). What a tap does (tap to place) is `tapPiece` and `tapGround`; the board's changes are
 * actions for board.ts. Moves do not re-render: the layer of the piece in hand is moved directly
 * (hand.ts).
 *
 * A finger's drag carries the piece (and its drop preview) `lift` above the contact point, once the
 * press is a drag: under the fingertip the cell it lands on could not be seen (docs/web.md). A
 * second finger on the screen during a finger's drag turns the piece in hand a step, as R does; it
 * neither cancels the drag nor starts one of its own.
 */

export type { Drag, PointerContext } from './hand.js';
export { TAP_TRAVEL } from './hand.js';

/** Two taps on a piece this close together (ms) turn it over. */
export const DOUBLE_TAP_MS = 400;

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

/** Puts the piece in hand down where its preview is, if `pointer` is on the preview. */
function onPreview(c: PointerContext, state: BoardState, pointer: readonly [number, number]): boolean {
  const { grid, fitted, act, now } = c;
  const cell = cellAt(grid, pointer[0] - fitted.origin[0], pointer[1] - fitted.origin[1]);
  if (state.held === null || !aimCells(state).has(`${cell[0]},${cell[1]}`)) return false;
  act({ type: 'place', piece: state.held, at: aimedAt(state), time: now() });
  return true;
}

/**
 * A tap on the ground at `pointer` (picture units), with `state` the board as the press found
 * it: on the preview it puts the piece in hand there; on another cell of the white area it shows
 * the preview there; off the board, in the tray, it sends the piece back. True if it did something.
 */
function tapGround(context: PointerContext, state: BoardState, pointer: readonly [number, number]): boolean {
  const { grid, region, fitted, act, now, say } = context;
  const held = state.held;
  if (held === null) return false;
  if (onPreview(context, state, pointer)) return true;
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
}

/**
 * The window's listeners while a piece is in hand: the drag's moves, a second finger (it turns the
 * piece in hand, as `turn` does) and the browser's own two-finger gestures (kept from starting).
 */
function useWindowGestures(ctx: RefObject<PointerContext>, h: Hand, turn: (i: number, how: Turn) => void): void {
  const { dragRef, motion, track, follow, landing, showPreview } = h;
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
  const h = useHand(ctx, svg, hand, preview);
  const { drag, dragRef, motion, previewKey, setDrag: setDragBoth, svgPoint, unit, track, landing, showPreview } = h;
  const ground = useRef<{ pointerId: number; at: [number, number] } | null>(null);
  const lastTap = useRef<{ index: number; at: number } | null>(null);

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

  /** A tap on piece `i`, `d` its press: the preview under it first, then a double tap, then pick up or put down. */
  const tapPiece = (d: Drag, e: ReactPointerEvent): void => {
    const { act, now, say } = ctx.current;
    const pointer = motion.current.pointer;
    // A tap on the preview puts the piece in hand there, whatever piece lies under it.
    if (onPreview(ctx.current, d.before, pointer)) {
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
      if (Math.hypot(at[0] - g.at[0], at[1] - g.at[1]) < TAP_TRAVEL) tapGround(ctx.current, ctx.current.state(), at);
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

  useWindowGestures(ctx, h, turn);

  /** Ends a pending double tap: a button or an undo comes between two taps. */
  const forgetTap = (): void => {
    lastTap.current = null;
  };

  return { drag, turn, forgetTap, onPieceDown, onGroundDown, onUp, onCancel, onContextMenu };
}
