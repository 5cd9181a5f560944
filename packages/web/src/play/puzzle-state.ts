import { MAX_TRAIL_MOVES } from '@ubongo/core';
import type { RefObject } from 'react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { BoardAction, BoardState } from './board.js';
import { newBoard, newMoves, reduce } from './board.js';
import type { Drag } from './drag.js';
import { placementsOf } from './geometry.js';
import { laidOf, layAgain } from './laid.js';
import type { PuzzleProps } from './props.js';

/* The board's state as Puzzle.tsx keeps it: board.ts's reducer, the clock its moves are timed by, what it tells. */

/** What the board tells its screen, the latest given. */
interface Told {
  readonly onMove: PuzzleProps['onMove'];
  readonly onComplete: PuzzleProps['onComplete'];
  readonly onPlacements: PuzzleProps['onPlacements'];
}

/** The board's state and the one way to change it. */
export interface PuzzleState {
  readonly board: BoardState;
  /** The board after the actions so far, for the next action in the same event: written by `act` only. */
  readonly latest: RefObject<BoardState>;
  /** Milliseconds since the board was shown (on this page's clock). */
  readonly now: () => number;
  readonly act: (action: BoardAction) => void;
  /** The latest `onMove`, `onComplete` and `onPlacements`. */
  readonly callbacks: RefObject<Told>;
}

/**
 * The board as board.ts reduces it, laid again from `initial` if given; each action's moves told
 * (`onMove`), where the pieces lie told when drawn and after each move (`onPlacements`), and the
 * pieces `shown` by a hint or the solution pinned.
 */
export function usePuzzleState({
  task,
  tray,
  shown,
  initial,
  onMove,
  onComplete,
  onPlacements,
}: PuzzleProps): PuzzleState {
  const { grid, region } = task;
  const given = tray ?? task.pieces;
  const [board, setBoard] = useState<BoardState>(() => {
    const fresh = newBoard(grid, region, given);
    return initial ? layAgain(fresh, initial) : fresh;
  });
  // The board after the actions so far, for the next action in the same event: written by `act` only.
  const latest = useRef(board);
  // When the board was first shown (on the wall clock: a board laid again after a reload counts on
  // from when it was first shown), and the same on this page's clock, which the moves are timed by.
  const [shownWall] = useState(() => initial?.shownAt ?? Date.now());
  const [shownAt] = useState(() => performance.now() - Math.max(0, Date.now() - shownWall));
  const callbacks = useRef<Told>({ onMove, onComplete, onPlacements });
  useLayoutEffect(() => {
    callbacks.current = { onMove, onComplete, onPlacements };
  });
  const pieces = board.pieces;

  const now = useCallback(() => Math.round(performance.now() - shownAt), [shownAt]);
  const act = useCallback((action: BoardAction): void => {
    const before = latest.current;
    const next = reduce(before, action);
    if (next === before) return;
    latest.current = next;
    setBoard(next);
    for (const [at, kind, piece] of newMoves(before, next)) callbacks.current.onMove?.({ kind, piece, at });
  }, []);

  // Where the pieces lie, told when drawn and after each move (a drag in progress moves none).
  const { trail } = board;
  useEffect(() => {
    callbacks.current.onPlacements?.(laidOf({ pieces, trail }, shownWall));
  }, [pieces, trail, shownWall]);

  // Hints and the solution pin pieces where the server says; the moves before them are not undone.
  useEffect(() => {
    if (shown) act({ type: 'pin', shown });
  }, [shown, act]);

  return { board, latest, now, act, callbacks };
}

/**
 * Tells `onComplete` once each time the white area is covered exactly (and nothing is in hand), with
 * the trail that covered it; a board the solution covered is not told.
 */
export function useCompletion(
  board: BoardState,
  complete: boolean,
  { disabled, drag, shown }: { disabled: boolean; drag: Drag | null; shown: PuzzleProps['shown'] },
  callbacks: RefObject<Told>,
): void {
  const lastSent = useRef('');
  const { pieces, held } = board;
  useEffect(() => {
    // A board taken apart may be claimed again with the same arrangement (say the claim was lost).
    if (!complete) lastSent.current = '';
    if (!complete || disabled || drag || held !== null) return;
    if (pieces.every((p) => p.pinned) && shown && shown.length === pieces.length) return;
    const placements = placementsOf(pieces);
    const signature = JSON.stringify(placements);
    if (signature === lastSent.current) return;
    lastSent.current = signature;
    callbacks.current.onComplete?.(placements, board.trail.slice(-MAX_TRAIL_MOVES));
  }, [complete, disabled, drag, held, pieces, shown, board.trail, callbacks]);
}
