import type { Cell, GridName, TrailKind, TrailMove } from '@ubongo/core';
import { lieOf, MAX_TRAIL_MOVES } from '@ubongo/core';
import type { PieceState } from './geometry.js';
import { coveredCells, firstFit, flipped, pieceCells, rotated, toOrigin, touchesRegion } from './geometry.js';

/*
 * The board as a value: where each piece lies, the piece in hand, the moves Undo takes back and
 * the move trail a claim carries (core's trail.ts). Every change is an action given to `reduce`,
 * which returns the next state and reads no clock: an action that is a move of the hand says when
 * it was made. The component (Puzzle.tsx) renders a state and turns pointers and keys into actions.
 */

/** A piece's shape as dealt, for a new board. */
interface Dealt {
  readonly id: string;
  readonly cells: readonly Cell[];
}

/** How many moves Undo goes back. */
export const UNDO_DEPTH = 100;

export interface BoardState {
  readonly grid: GridName;
  /** The white area. */
  readonly region: readonly Cell[];
  readonly pieces: readonly PieceState[];
  /** The arrangements before each move, the latest last, for Undo. */
  readonly past: readonly (readonly PieceState[])[];
  /** What the last move was: arrow presses in a row on one piece are one move. */
  readonly last: string;
  /** The arrangement when the drag going on began (a drag is one move, however often it turns), or null. */
  readonly dragStart: readonly PieceState[] | null;
  /** The piece picked up by a tap or the keyboard, or null. */
  readonly held: number | null;
  /**
   * Tap to place: the board cell the held piece's `anchor` cell would be put down on, shown as a
   * preview until a tap puts it there; null while none is chosen.
   */
  readonly target: Cell | null;
  /** The held piece's cell, by its index in its cells, that goes on `target`. */
  readonly anchor: number;
  /** The moves of the hand since the board was shown, the latest last. */
  readonly trail: readonly TrailMove[];
  /** How many moves were ever noted (the trail is cut short): what is new since an earlier state. */
  readonly noted: number;
  /** Each kind of piece as dealt: a move's lie (core's `TrailLie`) is a turn of it. */
  readonly dealt: Readonly<Record<string, readonly Cell[]>>;
}

/** A piece shown on the board by the server (a hint or the solution). */
export interface Pinned {
  readonly piece: string;
  readonly cells: readonly Cell[];
}

/** The turns a piece can make. */
export type Turn = 'rotate' | 'flip';

/** What can happen to the board. `time`: when the hand made the move, in ms since the board was shown. */
export type BoardAction =
  /** Picks a piece up; `onto`: from the tray onto the first free place on the board (the keyboard). */
  | {
      readonly type: 'lift';
      readonly piece: number;
      readonly anchor?: number;
      readonly onto?: boolean;
      readonly time: number;
    }
  /** Puts the held piece down where it is: off the white area, back to the tray. */
  | { readonly type: 'drop'; readonly time: number }
  /** Puts a piece with its origin at `at` (a drag let go, a tap on the preview); off the white area or null, in the tray. */
  | { readonly type: 'place'; readonly piece: number; readonly at: Cell | null; readonly time: number }
  /** Moves a piece on the board by a cell offset (the arrows). */
  | { readonly type: 'nudge'; readonly piece: number; readonly by: Cell; readonly time: number }
  /** Shows where the held piece would go: its anchor cell on `cell` (tap to place). */
  | { readonly type: 'aim'; readonly cell: Cell | null }
  /** Turns a piece; on the board about its cell `pivot` (it stays in place), in hand as it is held. */
  | {
      readonly type: 'turn';
      readonly piece: number;
      readonly how: Turn;
      readonly pivot: number | null;
      readonly time: number;
    }
  | { readonly type: 'back'; readonly piece: number; readonly time: number }
  | { readonly type: 'clear'; readonly time: number }
  | { readonly type: 'undo'; readonly time: number }
  /** A drag begins: what follows until `end` or a `place` is one move. */
  | { readonly type: 'begin'; readonly piece: number; readonly time: number }
  /** A drag ends without putting the piece anywhere (a tap, or the pointer taken away). */
  | { readonly type: 'end' }
  /** Pins pieces where a hint or the solution shows them; the moves before are not undone. */
  | { readonly type: 'pin'; readonly shown: readonly Pinned[] };

/** A new board with every piece in the tray. */
export function newBoard(grid: GridName, region: readonly Cell[], pieces: readonly Dealt[]): BoardState {
  return {
    grid,
    region,
    pieces: pieces.map((p) => ({ id: p.id, cells: pieceCells(p), at: null, pinned: false })),
    past: [],
    last: '',
    dragStart: null,
    held: null,
    target: null,
    anchor: 0,
    trail: [],
    noted: 0,
    dealt: Object.fromEntries(pieces.map((p) => [p.id, p.cells])),
  };
}

/** Whether two arrangements have every piece in the same place, turned the same way. */
export function sameArrangement(a: readonly PieceState[], b: readonly PieceState[]): boolean {
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

/** The index of the cell nearest the middle of a piece: what it turns about. */
export function pivotIndex(cells: readonly Cell[]): number {
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

/** Where the held piece would be put down (its origin), shown as a preview; null if nowhere is chosen. */
export function aimedAt(state: BoardState): Cell | null {
  const piece = state.held === null ? undefined : state.pieces[state.held];
  const anchor = piece?.cells[state.anchor];
  if (!state.target || !anchor) return null;
  return [state.target[0] - anchor[0], state.target[1] - anchor[1]];
}

/**
 * Notes a move of the hand on piece `i` in the trail. Arrow presses on one piece in a row
 * (`merge`) are one move, at the time of the last. A pinned piece makes no moves.
 */
function note(state: BoardState, kind: TrailKind, i: number, time: number, merge = false): BoardState {
  const piece = state.pieces[i];
  if (!piece || piece.pinned) return state;
  const moves = [...state.trail];
  const last = moves[moves.length - 1];
  if (merge && last?.[1] === kind && last[2] === piece.id) moves[moves.length - 1] = [time, kind, piece.id];
  else moves.push([time, kind, piece.id]);
  // Only the last moves are ever sent: the trail does not grow without end.
  if (moves.length > 2 * MAX_TRAIL_MOVES) moves.splice(0, moves.length - MAX_TRAIL_MOVES);
  return { ...state, trail: moves, noted: state.noted + 1 };
}

/**
 * Lays the pieces out as `next`, one move for Undo: a drag's turns and drop are one move, and so
 * are arrow presses in a row on one piece (`kind` says what the move is).
 */
function rearrange(state: BoardState, next: readonly PieceState[], kind: string): BoardState {
  if (sameArrangement(next, state.pieces)) return state;
  const oneMove = state.dragStart !== null || (kind.startsWith('nudge') && kind === state.last);
  const past = oneMove ? state.past : [...state.past.slice(1 - UNDO_DEPTH), state.pieces];
  return { ...state, pieces: next, past, last: kind };
}

/** Changes piece `i` (not a pinned one). */
function update(state: BoardState, i: number, change: (p: PieceState) => PieceState, kind: string): BoardState {
  return rearrange(
    state,
    state.pieces.map((p, k) => (k === i && !p.pinned ? change(p) : p)),
    kind,
  );
}

/** A drag over: its start, if anything changed since, is the move Undo takes back. */
function endDrag(state: BoardState): BoardState {
  const start = state.dragStart;
  if (!start) return state;
  const past = sameArrangement(start, state.pieces) ? state.past : [...state.past.slice(1 - UNDO_DEPTH), start];
  return { ...state, dragStart: null, past };
}

const unheld = (state: BoardState): BoardState => ({ ...state, held: null, target: null });

function toTray(state: BoardState, i: number, time: number): BoardState {
  const piece = state.pieces[i];
  const noted = piece?.at ? note(state, 'back', i, time) : state;
  const next = update(noted, i, (p) => ({ ...p, at: null }), 'tray');
  return next.held === i ? unheld(next) : next;
}

function turn(state: BoardState, i: number, how: Turn, pivot: number | null, time: number): BoardState {
  const apply = (cells: readonly Cell[]): Cell[] =>
    how === 'rotate' ? rotated(state.grid, cells) : flipped(state.grid, cells);
  const noted = note(state, how === 'rotate' ? 'turn' : 'flip', i, time);
  return update(
    noted,
    i,
    (p) => {
      const next = apply(p.cells);
      if (!p.at || pivot === null) return { ...p, cells: next };
      const a = p.cells[pivot] ?? [0, 0];
      const b = next[pivot] ?? [0, 0];
      return { ...p, cells: next, at: [p.at[0] + a[0] - b[0], p.at[1] + a[1] - b[1]] };
    },
    how,
  );
}

function place(state: BoardState, i: number, at: Cell | null, time: number): BoardState {
  const piece = state.pieces[i];
  if (!piece || piece.pinned) return endDrag(state);
  const onBoard = at !== null && touchesRegion(state.region, piece.cells, at) ? at : null;
  const noted = onBoard ? note(state, 'place', i, time) : piece.at ? note(state, 'back', i, time) : state;
  const next = noted.pieces.map((p, k) => (k === i ? { ...p, at: onBoard } : p));
  if (noted.dragStart) return unheld(endDrag({ ...noted, pieces: next, last: 'drag' }));
  return unheld(rearrange(noted, next, 'place'));
}

/** Pins the pieces the server shows; pieces in the way of pinned ones go back to the tray. */
function pin(state: BoardState, shown: readonly Pinned[]): BoardState {
  const next = state.pieces.map((p) => ({ ...p }));
  const used = new Set<number>();
  for (const place of shown) {
    const i = next.findIndex((p, k) => p.id === place.piece && !used.has(k));
    if (i < 0) continue;
    used.add(i);
    const min: Cell = [Math.min(...place.cells.map((c) => c[0])), Math.min(...place.cells.map((c) => c[1]))];
    next[i] = { id: place.piece, cells: toOrigin(place.cells), at: min, pinned: true };
  }
  const pinnedCells = new Set(next.filter((p) => p.pinned).flatMap((p) => coveredCells(p).map(String)));
  const pieces = next.map((p) =>
    !p.pinned && coveredCells(p).some((c) => pinnedCells.has(String(c))) ? { ...p, at: null } : p,
  );
  const held = state.held !== null && pieces[state.held]?.pinned ? null : state.held;
  // A drag under way when the pins came starts from the pinned board: its undo must not unpin them.
  const dragStart = state.dragStart ? pieces : null;
  return { ...state, pieces, past: [], last: '', held, target: held === null ? null : state.target, dragStart };
}

/** The board after `action`, each move it noted that left its piece on the board saying where (core's trail-replay.ts). */
export function reduce(state: BoardState, action: BoardAction): BoardState {
  return withLies(state, step(state, action));
}

/**
 * The moves noted from `before` to `after` that leave their piece on the board, with its lie in
 * `after`: of two pieces of a kind, the one the move changed.
 */
function withLies(before: BoardState, after: BoardState): BoardState {
  const count = Math.min(after.noted - before.noted, after.trail.length);
  if (count <= 0) return after;
  const trail = [...after.trail];
  for (let n = trail.length - count; n < trail.length; n++) {
    const move = trail[n];
    if (!move || move[1] === 'back') continue;
    const [at, kind, id] = move;
    const candidates = after.pieces.filter((p) => p.id === id && p.at !== null && !p.pinned);
    const changed = candidates.find((p) => !before.pieces.some((q) => q.id === id && sameArrangement([p], [q])));
    const piece = changed ?? candidates[0];
    const dealt = after.dealt[id];
    const lie = piece && dealt ? lieOf(after.grid, dealt, coveredCells(piece)) : undefined;
    trail[n] = lie ? [at, kind, id, lie] : [at, kind, id];
  }
  return { ...after, trail };
}

function step(state: BoardState, action: BoardAction): BoardState {
  switch (action.type) {
    case 'lift': {
      const i = action.piece;
      const piece = state.pieces[i];
      if (!piece || piece.pinned) return state;
      let next = state;
      if (action.onto && !piece.at) {
        const taken = state.pieces.filter((_, k) => k !== i).flatMap(coveredCells);
        const at = firstFit(state.region, taken, piece.cells);
        // Taken from the tray, moved with the arrows and put down: one move.
        next = note(
          update(state, i, (p) => ({ ...p, at }), `nudge:${i}`),
          'place',
          i,
          action.time,
          true,
        );
      }
      const anchor = action.anchor ?? pivotIndex(piece.cells);
      return { ...next, held: i, anchor, target: null };
    }
    case 'drop': {
      const i = state.held;
      const piece = i === null ? undefined : state.pieces[i];
      if (i === null || !piece) return unheld(state);
      if (piece.at && !touchesRegion(state.region, piece.cells, piece.at)) return unheld(toTray(state, i, action.time));
      return unheld(state);
    }
    case 'place':
      return place(state, action.piece, action.at, action.time);
    case 'nudge': {
      const i = action.piece;
      if (!state.pieces[i]?.at) return state;
      const [dx, dy] = action.by;
      const moved = update(state, i, (p) => (p.at ? { ...p, at: [p.at[0] + dx, p.at[1] + dy] } : p), `nudge:${i}`);
      return note(moved, 'place', i, action.time, true);
    }
    case 'aim': {
      if (state.held === null) return state;
      const cell = action.cell;
      if (cell === null) return { ...state, target: null };
      return { ...state, target: [cell[0], cell[1]] };
    }
    case 'turn':
      return turn(state, action.piece, action.how, action.pivot, action.time);
    case 'back':
      return toTray(state, action.piece, action.time);
    case 'clear': {
      let next = unheld(state);
      state.pieces.forEach((p, k) => {
        if (p.at) next = note(next, 'back', k, action.time);
      });
      return rearrange(
        next,
        next.pieces.map((p) => (p.pinned ? p : { ...p, at: null })),
        'clear',
      );
    }
    case 'undo': {
      const previous = state.past[state.past.length - 1];
      if (state.dragStart || !previous) return state;
      // Each piece the undo moves is noted, so that a replay puts every one back (an undone Clear moves them all).
      const changed = state.pieces.flatMap((p, k) => (sameArrangement([p], [previous[k] ?? p]) ? [] : [k]));
      const noted = (changed.length > 0 ? changed : [0]).reduce((s, k) => note(s, 'undo', k, action.time), state);
      return { ...unheld(noted), pieces: previous, past: state.past.slice(0, -1), last: 'undo' };
    }
    case 'begin': {
      const i = action.piece;
      // Another piece in hand is put down first; this one, picked up again, is now dragged.
      const down =
        state.held !== null && state.held !== i ? step(state, { type: 'drop', time: action.time }) : unheld(state);
      return { ...down, dragStart: down.pieces };
    }
    case 'end':
      return endDrag(state);
    case 'pin':
      return pin(state, action.shown);
  }
}

/** The moves noted going from `before` to `after`, in order (what `onMove` is told). */
export function newMoves(before: BoardState, after: BoardState): readonly TrailMove[] {
  const count = after.noted - before.noted;
  return count > 0 ? after.trail.slice(-count) : [];
}
