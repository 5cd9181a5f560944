import type { Cell } from '@ubongo/core';
import type { KeyboardEvent as ReactKeyboardEvent, PointerEvent as ReactPointerEvent, RefObject } from 'react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnounce } from '../announce.js';
import { keyboardInUse } from '../hooks.js';
import type { BoardState } from './board.js';
import { aimedAt } from './board.js';
import type { Drag } from './drag.js';
import { usePointer } from './drag.js';
import type { ShowPreview } from './draw.js';
import { pieceLetter } from './draw.js';
import { placeOf, useFit } from './fit.js';
import { boardStatus, coveredCells } from './geometry.js';
import { focusVisible, pieceKey, useBoardKeys } from './keys.js';
import { outlinePath } from './outline.js';
import type { PuzzleProps } from './props.js';
import { useCompletion, usePuzzleState } from './puzzle-state.js';

/* What Puzzle.tsx draws, worked out: the board's state, its layout, the pointer, the keys, the focus. */

/**
 * A new puzzle (a new round, the next task of a run) takes the focus, on its first piece, from
 * someone on the keyboard whose focus went nowhere (the last board or the Start button went) or
 * is on a button that deals the next puzzle: they go on without tabbing through the page again.
 */
function useFirstFocus(svgRef: RefObject<SVGSVGElement | null>, laid: boolean, disabled: boolean): void {
  const [startsWithFocus] = useState(!disabled);
  useEffect(() => {
    if (!laid || !startsWithFocus || !keyboardInUse()) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.id !== 'main' && !active.closest('[data-next-puzzle]')) return;
    svgRef.current?.querySelector<SVGGElement>('g.piece[tabindex="0"]')?.focus({ preventScroll: true });
  }, [laid, startsWithFocus, svgRef]);
}

/** Tap to place: the preview where the piece in hand would go, until a tap puts it there; its cell as a key. */
function useAimPreview(board: BoardState, drag: Drag | null, preview: RefObject<ShowPreview | null>): string {
  const pieces = board.pieces;
  const aim = drag ? null : aimedAt(board);
  const aimKey = aim ? `${aim[0]},${aim[1]}` : '';
  useLayoutEffect(() => {
    if (drag) return;
    preview.current?.(aimKey ? (aimKey.split(',').map(Number) as unknown as Cell) : null);
  }, [aimKey, drag, pieces, preview]);
  return aimKey;
}

/** A board's state, layout and pointer, worked out from its props (Puzzle.tsx draws them). */
export function usePuzzleBoard(props: PuzzleProps) {
  const { task, tray, shown, disabled = false, solved = false, onLift } = props;
  const { grid, region } = task;
  const given = tray ?? task.pieces;
  const { t } = useTranslation();
  const announce = useAnnounce();
  const svgRef = useRef<SVGSVGElement>(null);
  // The layer over the board that holds the piece in hand (drag.ts moves it).
  const handRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const preview = useRef<ShowPreview | null>(null);
  const { board, latest, now, act, callbacks } = usePuzzleState(props);
  // Solved before this board was drawn: where the pieces lay is not known.
  const [solvedUnseen] = useState(solved);
  const pieces = board.pieces;

  // The tray folds away once it is empty for good: every piece down, and solved, out of time or
  // pinned by the solution. With the whole set in the tray, once no more moves are made: what is
  // left in it was not needed, and goes with it.
  const compact =
    solvedUnseen || (disabled && tray !== undefined) || pieces.every((p) => p.at !== null && (disabled || p.pinned));
  const fitted = useFit(stageRef, task, given, {
    frozen: disabled || compact,
    compact,
    solvedUnseen,
  });
  const { laid } = fitted;
  useFirstFocus(svgRef, laid, disabled);

  const status = useMemo(() => boardStatus(region, pieces, tray === undefined), [region, pieces, tray]);
  const printed = useMemo(() => outlinePath(grid, region), [grid, region]);

  // A piece in the tray is drawn at the tray's scale (picked up by a tap or a key too: its preview
  // shows it on the board); one on the board, or dragged, at the board's.
  const sizeOf = (lying: BoardState['pieces'], i: number, dragged: number | null): number =>
    lying[i]?.at || i === dragged ? 1 : fitted.tray;
  const translation = (lying: BoardState['pieces'], i: number, f: number) => placeOf(grid, fitted, lying, i, f);

  const say = (what: 'lifted' | 'aimed', i: number): void => {
    const letter = pieceLetter(i);
    const target = latest.current.target;
    if (what === 'lifted') announce(t('puzzle.tapLifted', { letter }));
    else if (target) announce(t('puzzle.tapAimed', { letter, x: target[0] + 1, y: target[1] + 1 }));
  };
  const pointer = usePointer(
    {
      grid,
      region,
      fitted,
      disabled,
      state: () => latest.current,
      act,
      now,
      onLift,
      say,
      translation: (i: number) => translation(latest.current.pieces, i, sizeOf(latest.current.pieces, i, null)),
      sizeOf: (i: number) => sizeOf(latest.current.pieces, i, null),
    },
    svgRef,
    handRef,
    preview,
  );
  const { drag } = pointer;
  const held = board.held;
  const active = drag?.index ?? held;
  useCompletion(board, status.complete, { disabled, drag, shown }, callbacks);

  const undo = (): void => {
    if (disabled || drag) return;
    pointer.forgetTap();
    act({ type: 'undo', time: now() });
  };
  useBoardKeys(svgRef, drag?.index ?? null, pointer.turn, undo);
  const aimKey = useAimPreview(board, drag, preview);

  const taken = useMemo(
    () => (active === null ? [] : pieces.filter((_, k) => k !== active).flatMap(coveredCells)),
    [pieces, active],
  );
  const sizes = pieces.map((_, i) => sizeOf(pieces, i, drag?.index ?? null));
  // The piece dragged is drawn where the drag put it (the copy in hand is moved from there).
  const at = pieces.map((_, i) => (drag?.index === i ? drag.home : translation(pieces, i, sizes[i] ?? 1)));

  return {
    ...{ given, disabled, svgRef, handRef, stageRef, preview, board, latest, pieces, act, now, solvedUnseen },
    ...{ compact, fitted, laid, status, printed, pointer, drag, held, active, undo, aimKey, taken, sizes, at },
  };
}

/** The piece chosen (by a press, a key or the focus), the one drawn on top, the focus ring; and their handlers. */
export function usePieceFocus(
  { onLift }: PuzzleProps,
  { disabled, pieces, drag, held, latest, act, now, pointer }: ReturnType<typeof usePuzzleBoard>,
) {
  const [selected, setSelected] = useState<number | null>(null);
  // The piece last picked up (so, once down, the last one placed): drawn on top of the others.
  const [top, setTop] = useState<number | null>(null);
  const [ring, setRing] = useState<number | null>(null);

  const onPieceDown = (e: ReactPointerEvent, i: number): void => {
    setSelected(i);
    if (!pieces[i]?.pinned && !disabled && e.button === 0 && !drag) setTop(i);
    pointer.onPieceDown(e, i);
  };
  const onKeyDown = (e: ReactKeyboardEvent, i: number): void => {
    if (disabled) return;
    const wasHeld = latest.current.held;
    if (!pieceKey(e.key, i, latest.current, act, now(), pointer.turn)) return;
    e.preventDefault();
    setSelected(i);
    if (latest.current.held === i && wasHeld !== i) {
      setTop(i);
      onLift?.();
    }
    // Focus given by a click shows its ring once keys are used.
    setRing(focusVisible(e.currentTarget) ? i : null);
  };
  const onFocus = (e: { currentTarget: Element }, i: number): void => {
    setSelected(i);
    setRing(focusVisible(e.currentTarget) ? i : null);
  };
  const onBlur = (): void => {
    setRing(null);
  };
  const target = selected ?? held;
  const movable = target !== null && pieces[target]?.pinned === false;
  return { selected, top, ring, target, movable, onPieceDown, onKeyDown, onFocus, onBlur };
}
