import type { Cell, ProposedPlacement, Puzzle as PuzzleTask, TrailKind, TrailMove } from '@ubongo/core';
import { MAX_TRAIL_MOVES } from '@ubongo/core';
import type {
  KeyboardEvent as ReactKeyboardEvent,
  MouseEvent as ReactMouseEvent,
  PointerEvent as ReactPointerEvent,
} from 'react';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keyboardInUse } from '../hooks.js';
import type { PieceState } from './geometry.js';
import type { Size } from './layout.js';
import {
  boardStatus,
  cellPolygon,
  centre,
  coveredCells,
  dropAt,
  extentOf,
  firstFit,
  flipped,
  offsetPx,
  pieceCells,
  placementsOf,
  rotated,
  toOrigin,
  touchesRegion,
} from './geometry.js';
import { arrange, fitScale, largest, referenceBoard, referenceSlot, turningBox } from './layout.js';
import { BoardCard, DropPreview, PIECE_COLOURS, PieceIcon, PieceLayer, pieceLetter } from './draw.js';
import type { ShowPreview } from './draw.js';
import { outlinePath, pieceTile } from './outline.js';

/** What the board sends when the white area is covered: each piece and the cells it covers. */
export type Placements = readonly ProposedPlacement[];

/** One move of the hand: what it did, to which piece, when (ms since the board was shown). */
export interface BoardMove {
  readonly kind: TrailKind;
  readonly piece: string;
  readonly at: number;
}

/** A piece on the board as the server describes it (a hint or the solution). */
export interface ShownPlacement {
  readonly piece: string;
  readonly cells: readonly Cell[];
}

export interface PuzzleProps {
  /** The puzzle as the server hands it out: the grid, the white area and the pieces with their shapes. */
  readonly task: PuzzleTask;
  /**
   * Playing as in the box: the whole set in the tray, the task's pieces among them. The board is
   * then done when the white area is covered exactly, whatever is left in the tray.
   */
  readonly tray?: PuzzleTask['pieces'] | undefined;
  /** Pieces a hint or the solution put down: they are pinned there. */
  readonly shown?: readonly ShownPlacement[];
  /** No more moves (solved, or the sand ran out). */
  readonly disabled?: boolean;
  /**
   * The server says this board is solved. Solved before this board was drawn (the page was
   * reloaded), where the pieces lay is not known here: the board is shown covered, the pieces put away.
   */
  readonly solved?: boolean;
  /**
   * Called once each time the white area becomes exactly covered, with the move trail that covered
   * it (its last MAX_TRAIL_MOVES moves), which a claim carries (core's trail.ts).
   */
  readonly onComplete?: (placements: Placements, trail: readonly TrailMove[]) => void;
  /** Called on each move of the hand (a piece put down, sent back, turned, turned over, a move undone). */
  readonly onMove?: (move: BoardMove) => void;
  /** Called when a piece is picked up (by a pointer or the keyboard). */
  readonly onLift?: () => void;
  /** The accessible name of the board. */
  readonly label: string;
}

interface Drag {
  readonly index: number;
  readonly pointerId: number;
  /** 'mouse', 'touch' or 'pen'. */
  readonly pointerType: string;
  /** Pointer minus the piece's translation. */
  readonly offset: readonly [number, number];
  /** The piece cell under the pointer, by its index in the piece's cells. */
  readonly grabbed: number;
  readonly startedAt: number;
  /** The piece's translation when the drag began: where it stays drawn (unseen) while its copy moves. */
  readonly home: readonly [number, number];
}

/** How many moves Undo goes back. */
const UNDO_DEPTH = 100;
/** The space assumed where nothing is laid out (jsdom), in screen pixels. */
const UNLAID: Size = { w: 640, h: 480 };
/** A press that moves less than this (picture units) and lets go within DOUBLE_TAP_MS is a tap. */
const TAP_TRAVEL = 6;
/** Two taps on a piece this close together (ms) turn it over. */
const DOUBLE_TAP_MS = 400;
/** Room around a piece in a layer of its own (picture units): its lifted shadow (styles.css) and its edges' strokes. */

/** No cells, the same list each time (a prop that does not change). */
const NO_CELLS: readonly Cell[] = [];

/**
 * A board and its pieces: drag them with a mouse, finger or pen, turn them (R, wheel, right click,
 * button), turn them over (F, double tap, button), or play with the keyboard (Tab to a piece,
 * Enter to pick it up, arrows, R, F, Enter to put it down, Escape to send it back); Undo (button,
 * Ctrl+Z or Cmd+Z) takes moves back. When the white area is covered exactly, `onComplete` gets the
 * placements.
 *
 * The board and the tray fill the space the page gives `.puzzle-stage`, at a scale fitted to the
 * largest board and pieces of a deck rather than to this task's, so that it stays put from one
 * task to the next.
 */
export function Puzzle({
  task,
  tray,
  shown,
  disabled = false,
  solved = false,
  onComplete,
  onMove,
  onLift,
  label,
}: PuzzleProps) {
  const { grid, region } = task;
  const given = tray ?? task.pieces;
  const { t } = useTranslation();
  const uid = useId().replace(/[^a-zA-Z0-9]/g, '');
  const svgRef = useRef<SVGSVGElement>(null);
  // The layer over the board that holds the piece in hand (see follow).
  const handRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const [pieces, setPieces] = useState<readonly PieceState[]>(() =>
    given.map((p) => ({ id: p.id, cells: pieceCells(p), at: null, pinned: false })),
  );
  // The arrangements before each move, the latest last, for Undo.
  const [past, setPast] = useState<readonly (readonly PieceState[])[]>([]);
  // The arrangement when the drag going on began: a drag is one move, however often it turns.
  const dragStart = useRef<readonly PieceState[] | null>(null);
  // What the last move was: arrow presses in a row on one piece are one move.
  const lastMove = useRef('');
  // Solved before this board was drawn: where the pieces lay is not known.
  const [solvedUnseen] = useState(solved);
  const [drag, setDrag] = useState<Drag | null>(null);
  // Where the pointer is during a drag, and how far it went. Moves do not re-render: the layer of
  // the piece in hand is moved directly (follow).
  const motion = useRef<{ pointer: [number, number]; travelled: number }>({ pointer: [0, 0], travelled: 0 });
  const [held, setHeld] = useState<number | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  // The piece last picked up (so, once down, the last one placed): drawn on top of the others.
  const [top, setTop] = useState<number | null>(null);
  // The piece with a keyboard focus ring, as a class: a piece drawn on top is a copy, which
  // :focus-visible does not reach.
  const [ring, setRing] = useState<number | null>(null);
  // Where the dragged piece would land if let go now, as shown; set only when that changes.
  const previewKey = useRef('');
  // The landing last shown (or found off the board), and for which cells.
  const lastLanding = useRef<{ at: Cell | null; cells: readonly Cell[] } | null>(null);
  const preview = useRef<ShowPreview | null>(null);
  const lastTap = useRef<{ index: number; at: number } | null>(null);
  const lastSent = useRef('');
  // The moves of the hand since the board was shown, the latest last (core's trail.ts).
  const shownAt = useRef(performance.now());
  const trail = useRef<TrailMove[]>([]);
  // The space the page gives the board and the tray, in screen pixels; null until measured, as the
  // page is first laid out (in a layout effect, before it is shown): the board is drawn from then on.
  const [room, setRoom] = useState<Size | null>(null);
  const laid = room !== null;

  useLayoutEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const measure = (): void => {
      const box = stage.getBoundingClientRect();
      const next = { w: Math.floor(box.width), h: Math.floor(box.height) };
      setRoom((now) => (now?.w === next.w && now.h === next.h ? now : next));
    };
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(stage);
    return () => {
      observer.disconnect();
    };
  }, []);

  // Hints and the solution pin pieces where the server says; the moves before them are not undone.
  useEffect(() => {
    if (!shown) return;
    setPast([]);
    lastMove.current = '';
    setPieces((now) => {
      const next = now.map((p) => ({ ...p }));
      const used = new Set<number>();
      for (const place of shown) {
        const i = next.findIndex((p, k) => p.id === place.piece && !used.has(k));
        const min: Cell = [Math.min(...place.cells.map((c) => c[0])), Math.min(...place.cells.map((c) => c[1]))];
        if (i < 0) continue;
        used.add(i);
        next[i] = { id: place.piece, cells: toOrigin(place.cells), at: min, pinned: true };
      }
      // Pieces in the way of pinned ones go back to the tray.
      const pinnedCells = new Set(next.filter((p) => p.pinned).flatMap((p) => coveredCells(p).map(String)));
      return next.map((p) =>
        !p.pinned && coveredCells(p).some((c) => pinnedCells.has(String(c))) ? { ...p, at: null } : p,
      );
    });
  }, [shown]);

  // A new puzzle (a new round, the next task of a run) takes the focus, on its first piece, from
  // someone on the keyboard whose focus went nowhere (the last board or the Start button went) or
  // is on a button that deals the next puzzle: they go on without tabbing through the page again.
  const startsWithFocus = useRef(!disabled);
  useEffect(() => {
    if (!laid || !startsWithFocus.current || !keyboardInUse()) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.id !== 'main' && !active.closest('[data-next-puzzle]')) return;
    svgRef.current?.querySelector<SVGGElement>('g.piece[tabindex="0"]')?.focus({ preventScroll: true });
  }, [laid]);

  // The tray folds away once it is empty for good: every piece down, and solved, out of time or
  // pinned by the solution. With the whole set in the tray, once no more moves are made: what is
  // left in it was not needed, and goes with it.
  const compact =
    solvedUnseen || (disabled && tray !== undefined) || pieces.every((p) => p.at !== null && (disabled || p.pinned));
  const board = useMemo(() => extentOf(grid, region), [grid, region]);
  const slots = useMemo(() => given.map((p) => turningBox(grid, pieceCells(p))), [grid, given]);
  // The scale fits the largest board and pieces a deck has; the whole set (the same in every task)
  // as it is. Once the board is done it stays as it was, whatever the page does around it.
  // A board drawn done has no room of its own (it takes what it draws): it is fitted to half the window's height.
  const measured = useMemo(
    () =>
      room && room.w > 0 && room.h > 0
        ? solvedUnseen
          ? { w: room.w, h: Math.max(room.h, Math.round(window.innerHeight / 2)) }
          : room
        : UNLAID,
    [room, solvedUnseen],
  );
  const live = useMemo(() => {
    const slot = referenceSlot(grid);
    const fit = fitScale(
      measured,
      largest(board, referenceBoard(grid)),
      tray ? slots : slots.map((s) => largest(s, slot)),
    );
    return { ...fit, room: measured };
  }, [measured, board, slots, grid, tray]);
  // (A board drawn done, after a reload, takes the space as first measured.)
  const kept = useRef(live);
  if ((!disabled && !compact) || kept.current.room === UNLAID) kept.current = live;
  const fit = disabled || compact ? kept.current : live;
  const layout = useMemo(() => {
    const space = { w: fit.room.w / fit.scale, h: fit.room.h / fit.scale };
    const placed = arrange(space, board, compact ? [] : slots, fit.side);
    const height = compact ? placed.height : space.h;
    const origin: [number, number] = [placed.board[0] - board.x, placed.board[1] - board.y];
    return { space, height, boardX: placed.board[0], boardY: placed.board[1], origin, slots: placed.slots };
  }, [fit, board, slots, compact]);

  const status = useMemo(() => boardStatus(region, pieces, tray === undefined), [region, pieces, tray]);
  // Each piece as one bevelled tile, and the white area's printed outline: a few paths, no filters.
  const tiles = useMemo(() => pieces.map((p) => pieceTile(grid, p.cells)), [grid, pieces]);
  const printed = useMemo(() => outlinePath(grid, region), [grid, region]);
  // The tray's piece for each piece the task needs: a task may need two of a kind.
  const needed = useMemo(() => {
    const used = new Set<number>();
    return task.pieces.map((p) => {
      const i = given.findIndex((q, k) => q.id === p.id && !used.has(k));
      used.add(i);
      return i;
    });
  }, [task.pieces, given]);

  useEffect(() => {
    // A board taken apart may be claimed again with the same arrangement (say the claim was lost).
    if (!status.complete) lastSent.current = '';
    if (!status.complete || disabled || drag || held !== null) return;
    if (pieces.every((p) => p.pinned) && shown && shown.length === pieces.length) return;
    const placements = placementsOf(pieces);
    const signature = JSON.stringify(placements);
    if (signature === lastSent.current) return;
    lastSent.current = signature;
    onComplete?.(placements, trail.current.slice(-MAX_TRAIL_MOVES));
  }, [status.complete, disabled, drag, held, pieces, shown, onComplete]);

  const translation = (i: number, piece: PieceState): [number, number] => {
    if (drag?.index === i) return [drag.home[0], drag.home[1]];
    if (piece.at) {
      const [dx, dy] = offsetPx(grid, piece.at);
      return [layout.origin[0] + dx, layout.origin[1] + dy];
    }
    // In the tray: in the middle of its slot.
    const e = extentOf(grid, piece.cells);
    const [sx, sy] = layout.slots[i] ?? [0, 0];
    const slot = slots[i] ?? e;
    return [sx + (slot.w - e.w) / 2 - e.x, sy + (slot.h - e.h) / 2 - e.y];
  };

  /**
   * Lays the pieces out as `next`, one move for Undo: a drag's turns and drop are one move, and so
   * are arrow presses in a row on one piece (`kind` says what the move is).
   */
  const rearrange = (next: readonly PieceState[], kind: string): void => {
    if (sameArrangement(next, pieces)) return;
    const oneMove = dragStart.current !== null || (kind.startsWith('nudge') && kind === lastMove.current);
    if (!oneMove) setPast((before) => [...before.slice(1 - UNDO_DEPTH), pieces]);
    lastMove.current = kind;
    setPieces(next);
  };

  const update = (i: number, change: (p: PieceState) => PieceState, kind = 'move'): void => {
    rearrange(
      pieces.map((p, k) => (k === i && !p.pinned ? change(p) : p)),
      kind,
    );
  };

  /**
   * Notes a move of the hand on piece `i` in the trail and tells `onMove`. Keyboard nudges of one
   * piece in a row (`merge`) are one move, at the time of the last.
   */
  const note = (kind: TrailKind, i: number, merge = false): void => {
    const piece = pieces[i];
    if (!piece || piece.pinned) return;
    const at = Math.round(performance.now() - shownAt.current);
    const moves = trail.current;
    const last = moves[moves.length - 1];
    if (merge && last?.[1] === kind && last[2] === piece.id) moves[moves.length - 1] = [at, kind, piece.id];
    else moves.push([at, kind, piece.id]);
    // Only the last moves are ever sent: the trail does not grow without end.
    if (moves.length > 2 * MAX_TRAIL_MOVES) moves.splice(0, moves.length - MAX_TRAIL_MOVES);
    onMove?.({ kind, piece: piece.id, at });
  };

  /** Takes the last move back. */
  const undo = (): void => {
    const previous = past[past.length - 1];
    if (disabled || drag || !previous) return;
    const changed = pieces.findIndex((p, k) => !sameArrangement([p], [previous[k] ?? p]));
    note('undo', Math.max(changed, 0));
    setPast(past.slice(0, -1));
    setPieces(previous);
    setHeld(null);
    lastTap.current = null;
    lastMove.current = 'undo';
  };

  /** Where the dragged piece lands if let go with the pointer at `pointer`. */
  const landing = (d: Drag, cells: readonly Cell[], pointer: readonly [number, number]): Cell =>
    dropAt(
      grid,
      cells,
      d.grabbed,
      pointer[0] - d.offset[0] - layout.origin[0],
      pointer[1] - d.offset[1] - layout.origin[1],
    );

  /** Shows the drop preview at `at` (none if null or if the piece would go back to the tray), if it moved. */
  const showPreview = (at: Cell | null, cells: readonly Cell[]): void => {
    // Most moves stay over the same cell: nothing to work out again.
    const last = lastLanding.current;
    if (last?.cells === cells && (last.at === at || (last.at && at && last.at[0] === at[0] && last.at[1] === at[1])))
      return;
    lastLanding.current = { at, cells };
    const onBoard = at && touchesRegion(region, cells, at) ? at : null;
    const k = onBoard ? `${onBoard[0]},${onBoard[1]}` : '';
    if (k === previewKey.current) return;
    previewKey.current = k;
    preview.current?.(onBoard);
  };

  /**
   * Turns or flips a piece: the one in hand about the cell under the pointer, one at rest about the
   * cell nearest its middle, so that on the board it stays in place. `lifted` is the drag going on,
   * if any: none once the pointer is up, as for the double tap that ends a drag.
   */
  const turn = (i: number, how: 'rotate' | 'flip', lifted: Drag | null = drag): void => {
    if (disabled) return;
    // A turn by any other means comes between two taps: they are no longer a double tap.
    lastTap.current = null;
    note(how === 'rotate' ? 'turn' : 'flip', i);
    const apply = (cells: readonly Cell[]): Cell[] => (how === 'rotate' ? rotated(grid, cells) : flipped(grid, cells));
    if (lifted?.index === i) {
      const piece = pieces[i];
      if (!piece) return;
      const next = apply(piece.cells);
      const before = centre(grid, piece.cells[lifted.grabbed] ?? [0, 0]);
      const after = centre(grid, next[lifted.grabbed] ?? [0, 0]);
      const shift = [after[0] - before[0], after[1] - before[1]] as const;
      // Updated from the drag as it stands, so that a drag already over stays over.
      setDrag((d) =>
        d?.pointerId === lifted.pointerId ? { ...d, offset: [d.offset[0] + shift[0], d.offset[1] + shift[1]] } : d,
      );
      if (previewKey.current)
        showPreview(
          landing(
            { ...lifted, offset: [lifted.offset[0] + shift[0], lifted.offset[1] + shift[1]] },
            next,
            motion.current.pointer,
          ),
          next,
        );
      update(i, (p) => ({ ...p, cells: next }), how);
      return;
    }
    update(
      i,
      (p) => {
        const next = apply(p.cells);
        if (!p.at) return { ...p, cells: next };
        const pivot = pivotIndex(p.cells);
        const a = p.cells[pivot] ?? [0, 0];
        const b = next[pivot] ?? [0, 0];
        return { ...p, cells: next, at: [p.at[0] + a[0] - b[0], p.at[1] + a[1] - b[1]] };
      },
      how,
    );
  };

  const toTray = (i: number): void => {
    lastTap.current = null;
    if (pieces[i]?.at) note('back', i);
    update(i, (p) => ({ ...p, at: null }), 'tray');
    if (held === i) setHeld(null);
  };

  const pickUp = (i: number): void => {
    const piece = pieces[i];
    if (!piece || piece.pinned || disabled) return;
    if (!piece.at) {
      const taken = pieces.filter((_, k) => k !== i).flatMap(coveredCells);
      const at = firstFit(region, taken, piece.cells);
      // Taken from the tray, moved with the arrows and put down: one move.
      update(i, (p) => ({ ...p, at }), `nudge:${i}`);
      note('place', i, true);
    }
    setHeld(i);
    setSelected(i);
    setTop(i);
    onLift?.();
  };

  const putDown = (i: number): void => {
    const piece = pieces[i];
    setHeld(null);
    if (piece?.at && !touchesRegion(region, piece.cells, piece.at)) toTray(i);
  };

  // Screen to picture units. During a drag the matrix is read once, at the start: reading it on
  // every move would force a layout each time.
  const screenToSvg = useRef<DOMMatrix | null>(null);
  const svgPoint = (e: { clientX: number; clientY: number }, fresh: boolean): [number, number] => {
    if (fresh || !screenToSvg.current) screenToSvg.current = svgRef.current?.getScreenCTM()?.inverse() ?? null;
    const m = screenToSvg.current;
    if (!m) return [e.clientX, e.clientY];
    // The matrix by hand: a DOMPoint made and transformed on every move costs more than the sums.
    return [m.a * e.clientX + m.c * e.clientY + m.e, m.b * e.clientX + m.d * e.clientY + m.f];
  };
  /** CSS pixels per picture unit: the board's scale as drawn (the matrix read as the drag began). */
  const unit = (): number => (screenToSvg.current ? 1 / screenToSvg.current.a : fit.scale);

  const onPointerDown = (e: ReactPointerEvent, i: number): void => {
    const piece = pieces[i];
    setSelected(i);
    if (e.button !== 0 || !piece || piece.pinned || disabled || drag) return;
    e.preventDefault();
    svgRef.current?.setPointerCapture(e.pointerId);
    const pointer = svgPoint(e, true);
    const [tx, ty] = translation(i, piece);
    const local: [number, number] = [pointer[0] - tx, pointer[1] - ty];
    let grabbed = 0;
    let best = Infinity;
    piece.cells.forEach((c, k) => {
      const [cx, cy] = centre(grid, c);
      const d = (cx - local[0]) ** 2 + (cy - local[1]) ** 2;
      if (d < best) {
        best = d;
        grabbed = k;
      }
    });
    if (held !== null) {
      if (held !== i) putDown(held);
      else setHeld(null);
    }
    motion.current = { pointer, travelled: 0 };
    dragStart.current = pieces;
    onLift?.();
    setDrag({
      index: i,
      pointerId: e.pointerId,
      pointerType: e.pointerType,
      offset: [pointer[0] - tx, pointer[1] - ty],
      grabbed,
      startedAt: e.timeStamp,
      home: [tx, ty],
    });
    setTop(i);
  };

  /**
   * Moves the piece in hand to follow the pointer. Its copy lies in a layer of its own over the
   * board (.hand-layer), moved by a CSS transform: the browser moves the layer as a picture,
   * without drawing the board, the pieces or the piece again. The piece itself stays unseen where
   * the drag began: were its own transform changed, its copy (a <use>) would be built again on
   * every move.
   */
  const follow = (d: Drag, pointer: readonly [number, number]): void => {
    const layer = handRef.current;
    if (!layer) return;
    const dx = (pointer[0] - d.offset[0] - d.home[0]) * unit();
    const dy = (pointer[1] - d.offset[1] - d.home[1]) * unit();
    layer.style.transform = `translate(${dx.toFixed(1)}px, ${dy.toFixed(1)}px)`;
  };

  /** Follows the pointer of a drag: where it is now, and how far it went. */
  const track = (e: { clientX: number; clientY: number }): [number, number] => {
    const pointer = svgPoint(e, false);
    const before = motion.current;
    motion.current = {
      pointer,
      travelled: before.travelled + Math.hypot(pointer[0] - before.pointer[0], pointer[1] - before.pointer[1]),
    };
    return pointer;
  };

  // Moves are heard by a listener of the window's own (below), not through React's events: they come
  // once a frame, and nothing of React's is needed to follow them.
  const onPointerMove = (e: PointerEvent): void => {
    if (drag?.pointerId !== e.pointerId) return;
    const pointer = track(e);
    follow(drag, pointer);
    // The preview waits until this is a drag, not a tap; then it renders only when the cell changes.
    const cells = pieces[drag.index]?.cells;
    if (cells && motion.current.travelled >= TAP_TRAVEL) showPreview(landing(drag, cells, pointer), cells);
  };

  const onPointerUp = (e: ReactPointerEvent): void => {
    if (drag?.pointerId !== e.pointerId) return;
    const i = drag.index;
    const piece = pieces[i];
    // Where the pointer lets go, should the last moves have been merged or dropped on the way.
    track(e);
    setDrag(null);
    showPreview(null, []);
    const start = dragStart.current;
    dragStart.current = null;
    if (!piece) return;
    const { pointer, travelled } = motion.current;
    const tap = travelled < TAP_TRAVEL && e.timeStamp - drag.startedAt < DOUBLE_TAP_MS;
    if (tap) {
      // A turn while pressed (R, the wheel) is a move of its own.
      if (start && !sameArrangement(start, pieces)) setPast((before) => [...before.slice(1 - UNDO_DEPTH), start]);
      // A double tap turns the piece over, as it lies: the drag this tap made is over.
      const prev = lastTap.current;
      if (prev?.index === i && e.timeStamp - prev.at < DOUBLE_TAP_MS) turn(i, 'flip', null);
      else lastTap.current = { index: i, at: e.timeStamp };
      return;
    }
    lastTap.current = null;
    const at = landing(drag, piece.cells, pointer);
    const onBoard = touchesRegion(region, piece.cells, at);
    const next = pieces.map((p, k) => (k === i && !p.pinned ? { ...p, at: onBoard ? at : null } : p));
    if (onBoard) note('place', i);
    else if (piece.at) note('back', i);
    // The drag, turns on the way included, is one move: from where it all was when it began.
    if (start && !sameArrangement(start, next)) setPast((before) => [...before.slice(1 - UNDO_DEPTH), start]);
    lastMove.current = 'drag';
    setPieces(next);
  };

  const onPointerCancel = (e: ReactPointerEvent): void => {
    if (drag?.pointerId !== e.pointerId) return;
    setDrag(null);
    showPreview(null, []);
    const start = dragStart.current;
    dragStart.current = null;
    if (start && !sameArrangement(start, pieces)) setPast((before) => [...before.slice(1 - UNDO_DEPTH), start]);
  };

  // A right click turns the piece, the one in hand too. A finger's long press may also say
  // contextmenu (Android does): while a finger or pen drags, it does nothing.
  const onContextMenu = (e: ReactMouseEvent, i: number): void => {
    e.preventDefault();
    if (drag && drag.pointerType !== 'mouse') return;
    turn(i, 'rotate');
  };

  const moveRef = useRef(onPointerMove);
  moveRef.current = onPointerMove;
  const dragRef = useRef(drag);
  dragRef.current = drag;
  useEffect(() => {
    // The drag's moves are heard first, at the window, and go no further: React listens to every
    // move at its root (twice, on the way down and up) though nothing of it wants them.
    const onMove = (e: PointerEvent): void => {
      if (dragRef.current?.pointerId !== e.pointerId) return;
      e.stopPropagation();
      moveRef.current(e);
    };
    window.addEventListener('pointermove', onMove, { capture: true });
    return () => {
      window.removeEventListener('pointermove', onMove, { capture: true });
    };
  }, []);

  // The wheel turns the piece under the pointer (or the one being dragged) without scrolling the page.
  const turnRef = useRef(turn);
  turnRef.current = turn;
  useEffect(() => {
    const svg = svgRef.current;
    if (!svg) return;
    // A wheel notch turns once; a trackpad's many small deltas add up to a notch first.
    let travel = 0;
    let lastTurn = 0;
    const onWheel = (e: WheelEvent): void => {
      const target = e.target instanceof Element ? e.target.closest('[data-index]') : null;
      const index = dragRef.current?.index ?? (target ? Number(target.getAttribute('data-index')) : NaN);
      if (Number.isNaN(index)) return;
      e.preventDefault();
      travel += Math.abs(e.deltaMode === 0 ? e.deltaY : e.deltaY * 40);
      if (travel < 50 || e.timeStamp - lastTurn < 150) return;
      travel = 0;
      lastTurn = e.timeStamp;
      turnRef.current(index, 'rotate');
    };
    svg.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      svg.removeEventListener('wheel', onWheel);
    };
  }, []);

  // R and F work on the piece being dragged, wherever the focus is.
  useEffect(() => {
    if (!drag) return;
    const onKey = (e: KeyboardEvent): void => {
      const k = e.key.toLowerCase();
      if (k === 'r' || k === 'f') {
        e.preventDefault();
        turnRef.current(drag.index, k === 'r' ? 'rotate' : 'flip');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [drag]);

  // Ctrl+Z (Cmd+Z on a Mac) takes the last move back, wherever the focus is but in a text field.
  const undoRef = useRef(undo);
  undoRef.current = undo;
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key.toLowerCase() !== 'z' || !(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey) return;
      const target = e.target;
      if (
        target instanceof HTMLInputElement ||
        target instanceof HTMLTextAreaElement ||
        (target instanceof HTMLElement && target.isContentEditable)
      )
        return;
      e.preventDefault();
      undoRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, []);

  const onKeyDown = (e: ReactKeyboardEvent, i: number): void => {
    const piece = pieces[i];
    if (!piece || piece.pinned || disabled) return;
    const k = e.key;
    const moves: Record<string, Cell> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const move = moves[k];
    let handled = true;
    if (move) {
      if (held !== i) pickUp(i);
      if (held === i || piece.at) {
        update(i, (p) => (p.at ? { ...p, at: [p.at[0] + move[0], p.at[1] + move[1]] } : p), `nudge:${i}`);
        note('place', i, true);
      }
    } else if (k === 'Enter' || k === ' ') {
      if (held === i) putDown(i);
      else pickUp(i);
    } else if (k === 'Escape') {
      toTray(i);
    } else if (k === 'r' || k === 'R') {
      turn(i, 'rotate');
    } else if (k === 'f' || k === 'F') {
      turn(i, 'flip');
    } else {
      handled = false;
    }
    if (handled) {
      e.preventDefault();
      setSelected(i);
      // Focus given by a click shows its ring once keys are used.
      setRing(focusVisible(e.currentTarget) ? i : null);
    }
  };

  // Where each piece is drawn (the one in hand: where its drag began, unseen; its copy moves).
  const transforms = pieces.map((p, i) => {
    const [tx, ty] = translation(i, p);
    return `translate(${tx.toFixed(1)},${ty.toFixed(1)})`;
  });
  // After any render in a drag (a turn in hand), the copy is put back under the pointer; after a drag, the layer back in place.
  useLayoutEffect(() => {
    if (drag) follow(drag, motion.current.pointer);
    else handRef.current?.style.removeProperty('transform');
  });

  // The board's picture: its space in picture units, and its size on the page.
  const viewBox = `0 0 ${layout.space.w.toFixed(1)} ${layout.height.toFixed(1)}`;
  const drawn = { width: `${fit.room.w}px`, height: `${(layout.height * fit.scale).toFixed(1)}px` };
  const placedCount = pieces.filter((p) => p.at !== null).length;
  // Done: solved, out of time, or every piece pinned by the solution.
  const done = disabled || pieces.every((p) => p.pinned);
  const movable = selected !== null && pieces[selected]?.pinned === false;
  const dragIndex = drag?.index ?? null;
  const taken = useMemo(
    () => (dragIndex === null ? [] : pieces.filter((_, k) => k !== dragIndex).flatMap(coveredCells)),
    [pieces, dragIndex],
  );
  const active = drag?.index ?? held;
  const describe = (p: PieceState, i: number): string => {
    const name = t('puzzle.piece', { letter: pieceLetter(i), cells: p.cells.length });
    if (!p.at) return `${name}, ${t('puzzle.inTray')}`;
    const where = t('puzzle.onBoard', { x: p.at[0] + 1, y: p.at[1] + 1 });
    const bad = coveredCells(p).some((c) => status.conflicts.has(`${c[0]},${c[1]}`));
    return `${name}, ${where}${held === i ? `, ${t('puzzle.held')}` : ''}${bad ? `, ${t('puzzle.conflict')}` : ''}`;
  };

  return (
    <div className={`puzzle${disabled ? ' puzzle-disabled' : ''}${compact ? ' compact' : ''}`}>
      {tray && (
        <p className="needed" data-testid="needed">
          {t('puzzle.needed')}{' '}
          {task.pieces.map((p, k) => {
            const i = needed[k] ?? -1;
            return (
              <PieceIcon
                key={k}
                grid={grid}
                cells={p.cells}
                colour={PIECE_COLOURS[i % PIECE_COLOURS.length] ?? '#888'}
                letter={pieceLetter(i)}
              />
            );
          })}
        </p>
      )}
      <div className="puzzle-stage" ref={stageRef}>
        <svg
          ref={svgRef}
          className={drag ? 'puzzle-svg dragging' : 'puzzle-svg'}
          viewBox={viewBox}
          style={drawn}
          role="group"
          aria-label={label}
          data-grid={grid}
          data-region={JSON.stringify(region)}
          data-needed={JSON.stringify(task.pieces.map((p) => p.id))}
          data-complete={status.complete}
          data-solved={solved}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerCancel}
          // A capture lost otherwise than by letting go (the browser took it back) ends the drag as a cancel would.
          onLostPointerCapture={onPointerCancel}
          onContextMenu={(e) => {
            e.preventDefault();
            // While dragging nothing inside takes the pointer (styles.css): a mouse's right click turns the piece in hand.
            if (drag && e.target === e.currentTarget) onContextMenu(e, drag.index);
          }}
        >
          {/* Nothing in it until the room it has is measured: it would be laid out for nothing, at a size it will not have. */}
          {laid && (
            <>
              <defs>
                {/* The light on a piece's face, from the upper left: one gradient for every piece. */}
                <linearGradient id={`sheen-${uid}`} x1="0" y1="0" x2="1" y2="1">
                  <stop offset="0" stopColor="#fff" stopOpacity="0.38" />
                  <stop offset="0.45" stopColor="#fff" stopOpacity="0" />
                  <stop offset="1" stopColor="#000" stopOpacity="0.14" />
                </linearGradient>
              </defs>
              {/* The board: a printed card on the table, its edge and its shadow under it. */}
              <BoardCard x={layout.boardX} y={layout.boardY} w={board.w} h={board.h} />
              <g transform={`translate(${layout.origin[0]},${layout.origin[1]})`}>
                {region.map((c) => (
                  <polygon
                    key={`${c[0]},${c[1]}`}
                    className={solvedUnseen ? 'cell covered' : 'cell'}
                    points={cellPolygon(grid, c)}
                    data-board-cell={`${c[0]},${c[1]}`}
                  />
                ))}
                <path className="region-line" d={printed} />
              </g>
              {solvedUnseen && (
                <text
                  className="solved-mark"
                  x={layout.boardX + board.w / 2}
                  y={layout.boardY + board.h / 2}
                  aria-hidden="true"
                >
                  ✓
                </text>
              )}
              {!solvedUnseen &&
                pieces.map((p, i) => {
                  const at = p.at;
                  // A folded tray's pieces go with it.
                  if (compact && !at) return null;
                  const middle = p.cells[pivotIndex(p.cells)] ?? [0, 0];
                  const [mx, my] = centre(grid, middle);
                  return (
                    <g
                      key={i}
                      id={`p-${uid}-${i}`}
                      className={`piece${selected === i ? ' selected' : ''}${active === i ? ' lifted' : ''}${p.pinned ? ' pinned' : ''}${ring === i ? ' ring' : ''}`}
                      transform={transforms[i]}
                      tabIndex={disabled || p.pinned ? -1 : 0}
                      role="button"
                      aria-label={describe(p, i)}
                      aria-roledescription={t('puzzle.pieceRole')}
                      data-index={i}
                      data-piece={p.id}
                      data-cells={JSON.stringify(p.cells)}
                      data-at={at ? `${at[0]},${at[1]}` : ''}
                      onPointerDown={(e) => {
                        onPointerDown(e, i);
                      }}
                      onContextMenu={(e) => {
                        onContextMenu(e, i);
                      }}
                      onKeyDown={(e) => {
                        onKeyDown(e, i);
                      }}
                      onFocus={(e) => {
                        setSelected(i);
                        setRing(focusVisible(e.currentTarget) ? i : null);
                      }}
                      onBlur={() => {
                        setRing(null);
                      }}
                      style={{ ['--piece' as string]: PIECE_COLOURS[i % PIECE_COLOURS.length] }}
                    >
                      {/* The tile's thickness, its face, then its cells (what a pointer takes hold of). */}
                      <path className="piece-side" d={tiles[i]?.face} />
                      <path className="piece-face" d={tiles[i]?.face} />
                      {p.cells.map((c, k) => {
                        const bad = at !== null && status.conflicts.has(`${c[0] + at[0]},${c[1] + at[1]}`);
                        return (
                          <polygon
                            key={k}
                            points={cellPolygon(grid, c)}
                            className={bad ? 'piece-cell bad' : 'piece-cell'}
                            data-cell={`${c[0]},${c[1]}`}
                          />
                        );
                      })}
                      <path className="piece-sheen" d={tiles[i]?.face} fill={`url(#sheen-${uid})`} />
                      <path className="piece-light" d={tiles[i]?.light} />
                      <path className="piece-dark" d={tiles[i]?.dark} />
                      <path className="piece-edge" d={tiles[i]?.face} />
                      <text x={mx} y={my} className="piece-letter" aria-hidden="true">
                        {pieceLetter(i)}
                      </text>
                    </g>
                  );
                })}
              {/* The piece last placed, on top; what is seen on top is what a pointer picks up there. */}
              {!solvedUnseen && top !== null && top !== active && (
                <use
                  href={`#p-${uid}-${top}`}
                  className="on-top"
                  data-index={top}
                  aria-hidden="true"
                  onPointerDown={(e) => {
                    onPointerDown(e, top);
                  }}
                  onContextMenu={(e) => {
                    onContextMenu(e, top);
                  }}
                />
              )}
            </>
          )}
        </svg>
        {/*
          Where the piece in hand would land: over the pieces at rest, under the piece in hand.
          Then the piece in hand, over everything. Each is a picture of its own, just the piece's
          size, that a drag moves with a transform: a move then draws nothing again, the browser
          moves a small picture, and lays out nothing of the board.
        */}
        <DropPreview
          grid={grid}
          region={region}
          taken={taken}
          cells={(dragIndex === null ? undefined : pieces[dragIndex]?.cells) ?? NO_CELLS}
          origin={layout.origin}
          scale={fit.scale}
          hatch={`clash-${uid}`}
          control={preview}
        />
        {active !== null && pieces[active] && (
          <PieceLayer
            ref={handRef}
            className="hand-layer"
            grid={grid}
            cells={pieces[active].cells}
            at={translation(active, pieces[active])}
            scale={fit.scale}
          >
            <use href={`#p-${uid}-${active}`} className="in-hand" />
          </PieceLayer>
        )}
      </div>
      {/* Nothing to do on a board that is done: no buttons that all say no. */}
      {!done && (
        <div className="puzzle-tools">
          <button
            type="button"
            disabled={!movable}
            onClick={() => {
              if (selected !== null) turn(selected, 'rotate');
            }}
          >
            <span className="tool-icon" aria-hidden="true">
              ⟳
            </span>{' '}
            {t('puzzle.rotate')}
          </button>
          <button
            type="button"
            disabled={!movable}
            onClick={() => {
              if (selected !== null) turn(selected, 'flip');
            }}
          >
            <span className="tool-icon" aria-hidden="true">
              ⇋
            </span>{' '}
            {t('puzzle.flip')}
          </button>
          <button
            type="button"
            disabled={!movable}
            onClick={() => {
              if (selected !== null) toTray(selected);
            }}
          >
            <span className="tool-icon" aria-hidden="true">
              ↩
            </span>{' '}
            {t('puzzle.toTray')}
          </button>
          <button
            type="button"
            disabled={!pieces.some((p) => p.at !== null && !p.pinned)}
            onClick={() => {
              lastTap.current = null;
              setHeld(null);
              pieces.forEach((p, k) => {
                if (p.at) note('back', k);
              });
              rearrange(
                pieces.map((p) => (p.pinned ? p : { ...p, at: null })),
                'clear',
              );
            }}
          >
            {t('puzzle.clear')}
          </button>
          <button type="button" disabled={past.length === 0} aria-keyshortcuts="Control+Z Meta+Z" onClick={undo}>
            <span className="tool-icon" aria-hidden="true">
              ↶
            </span>{' '}
            {t('puzzle.undo')}
          </button>
        </div>
      )}
      <p className="puzzle-status" aria-live="polite">
        {solvedUnseen
          ? t('puzzle.solved')
          : status.conflicts.size > 0
            ? t('puzzle.conflicts')
            : // Out of the pieces the task needs: with the whole set in the tray, not out of the set.
              t('puzzle.placed', { count: placedCount, total: task.pieces.length })}
      </p>
    </div>
  );
}

/** Whether two arrangements have every piece in the same place, turned the same way. */
function sameArrangement(a: readonly PieceState[], b: readonly PieceState[]): boolean {
  return (
    a.length === b.length &&
    a.every((p, i) => {
      const q = b[i];
      return (
        q !== undefined &&
        p.pinned === q.pinned &&
        String(p.at) === String(q.at) &&
        JSON.stringify(p.cells) === JSON.stringify(q.cells)
      );
    })
  );
}

/** Whether an element has the focus as the keyboard shows it (false where the browser cannot tell). */
function focusVisible(el: Element): boolean {
  try {
    return el.matches(':focus-visible');
  } catch {
    return false;
  }
}

/** The index of the cell nearest the middle of a piece: what it turns about. */
function pivotIndex(cells: readonly Cell[]): number {
  const mx = cells.reduce((s, c) => s + c[0], 0) / Math.max(cells.length, 1);
  const my = cells.reduce((s, c) => s + c[1], 0) / Math.max(cells.length, 1);
  let best = 0;
  let bestD = Infinity;
  cells.forEach(([x, y], k) => {
    const d = (x - mx) ** 2 + (y - my) ** 2;
    if (d < bestD) {
      bestD = d;
      best = k;
    }
  });
  return best;
}
