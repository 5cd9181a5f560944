import type { Cell } from '@ubongo/core';
import type { RefObject } from 'react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { BoardAction, BoardState, Turn } from './board.js';
import { aimedAt } from './board.js';

/*
 * The board's keys and wheel: a piece's own keys (Enter, arrows, R, F, Escape), R and F on the
 * piece being dragged wherever the focus is, the wheel over a piece, and Ctrl+Z or Cmd+Z.
 */

const ARROWS: Readonly<Record<string, Cell>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** What a key does to piece `i`: true if it did something. */
export function pieceKey(
  key: string,
  i: number,
  state: BoardState,
  act: (action: BoardAction) => void,
  time: number,
  turn: (i: number, how: Turn) => void,
): boolean {
  const piece = state.pieces[i];
  if (!piece || piece.pinned) return false;
  const move = ARROWS[key];
  if (move) {
    // A piece picked up by a tap, its preview shown: the arrows move the preview.
    if (state.held === i && state.target) {
      act({ type: 'aim', cell: [state.target[0] + move[0], state.target[1] + move[1]] });
      return true;
    }
    if (state.held !== i || !piece.at) act({ type: 'lift', piece: i, onto: true, time });
    // The first arrow on a piece in the tray takes it onto the board; the next ones move it.
    if (piece.at) act({ type: 'nudge', piece: i, by: move, time });
  } else if (key === 'Enter' || key === ' ') {
    if (state.held === i && state.target) act({ type: 'place', piece: i, at: aimedAt(state), time });
    else if (state.held === i) act({ type: 'drop', time });
    else act({ type: 'lift', piece: i, onto: true, time });
  } else if (key === 'Escape') {
    act({ type: 'back', piece: i, time });
  } else if (key === 'r' || key === 'R') {
    turn(i, 'rotate');
  } else if (key === 'f' || key === 'F') {
    turn(i, 'flip');
  } else {
    return false;
  }
  return true;
}

/** Whether a key event is aimed at a text field, where keys type. */
function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLElement && target.isContentEditable)
  );
}

/**
 * The keys heard wherever the focus is, and the wheel over the board: `dragged` is the piece
 * being dragged (R and F turn it), `turn` turns a piece, `undo` takes the last move back.
 */
export function useBoardKeys(
  svg: RefObject<SVGSVGElement | null>,
  dragged: number | null,
  turn: (i: number, how: Turn) => void,
  undo: () => void,
): void {
  // Read by the listeners below: written after each render, never during one.
  const latest = useRef({ dragged, turn, undo });
  useLayoutEffect(() => {
    latest.current = { dragged, turn, undo };
  });

  // The wheel turns the piece under the pointer (or the one being dragged) without scrolling the page.
  useEffect(() => {
    const el = svg.current;
    if (!el) return;
    // A wheel notch turns once; a trackpad's many small deltas add up to a notch first.
    let travel = 0;
    let lastTurn = 0;
    const onWheel = (e: WheelEvent): void => {
      const target = e.target instanceof Element ? e.target.closest('[data-index]') : null;
      const index = latest.current.dragged ?? (target ? Number(target.getAttribute('data-index')) : NaN);
      if (Number.isNaN(index)) return;
      e.preventDefault();
      travel += Math.abs(e.deltaMode === 0 ? e.deltaY : e.deltaY * 40);
      if (travel < 50 || e.timeStamp - lastTurn < 150) return;
      travel = 0;
      lastTurn = e.timeStamp;
      latest.current.turn(index, 'rotate');
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      el.removeEventListener('wheel', onWheel);
    };
  }, [svg]);

  // R and F work on the piece being dragged, wherever the focus is.
  useEffect(() => {
    if (dragged === null) return;
    const onKey = (e: KeyboardEvent): void => {
      const k = e.key.toLowerCase();
      if (k === 'r' || k === 'f') {
        e.preventDefault();
        latest.current.turn(dragged, k === 'r' ? 'rotate' : 'flip');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [dragged]);

  // Ctrl+Z (Cmd+Z on a Mac) takes the last move back, wherever the focus is but in a text field.
  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key.toLowerCase() !== 'z' || !(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey) return;
      if (typing(e.target)) return;
      e.preventDefault();
      latest.current.undo();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, []);
}

/** Whether an element has the focus as the keyboard shows it (false where the browser cannot tell). */
export function focusVisible(el: Element): boolean {
  try {
    return el.matches(':focus-visible');
  } catch {
    return false;
  }
}
