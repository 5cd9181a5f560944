import type { Cell } from '@ubongo/core';
import { MAX_TRAIL_MOVES } from '@ubongo/core';
import type { KeyboardEvent as ReactKeyboardEvent, PointerEvent as ReactPointerEvent } from 'react';
import { memo, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnnounce } from '../announce.js';
import { keyboardInUse } from '../hooks.js';
import type { BoardAction, BoardState } from './board.js';
import { aimedAt, newBoard, newMoves, reduce } from './board.js';
import { Controls } from './Controls.js';
import type { ShowPreview } from './draw.js';
import { BoardCard, DropPreview, Needed, PieceLayer, pieceLetter, Sheen } from './draw.js';
import { placeOf, useFit } from './fit.js';
import { boardStatus, cellPolygon, coveredCells, placementsOf } from './geometry.js';
import { usePointer } from './drag.js';
import { focusVisible, pieceKey, useBoardKeys } from './keys.js';
import { laidOf, layAgain } from './laid.js';
import { outlinePath } from './outline.js';
import { Pieces } from './Pieces.js';
import type { PuzzleProps } from './props.js';

export type { BoardMove, Placements, PuzzleProps, ShownPlacement } from './props.js';

/** No cells, the same list each time (a prop that does not change). */
const NO_CELLS: readonly Cell[] = [];

/**
 * A board and its pieces: drag them with a mouse, finger or pen, or tap a piece and then where it
 * goes (tap to place); turn them (R, wheel, right click, button), turn them over (F, double tap,
 * button), or play with the keyboard (Tab to a piece, Enter to pick it up, arrows, R, F, Enter to
 * put it down, Escape to send it back); Undo (button, Ctrl+Z or Cmd+Z) takes moves back. When the
 * white area is covered exactly, `onComplete` gets the placements. The state is board.ts's, the
 * pointer drag.ts's, the keys keys.ts's, the layout fit.ts's, the look draw.tsx's.
 */
function PuzzleBoard({
  task,
  tray,
  shown,
  disabled = false,
  solved = false,
  onComplete,
  onMove,
  onLift,
  label,
  extraControls,
  initial,
  onPlacements,
}: PuzzleProps) {
  const { grid, region } = task;
  const given = tray ?? task.pieces;
  const { t } = useTranslation();
  const announce = useAnnounce();
  const uid = useId().replace(/[^a-zA-Z0-9]/g, '');
  const svgRef = useRef<SVGSVGElement>(null);
  // The layer over the board that holds the piece in hand (drag.ts moves it).
  const handRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const preview = useRef<ShowPreview | null>(null);
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
  const [selected, setSelected] = useState<number | null>(null);
  // The piece last picked up (so, once down, the last one placed): drawn on top of the others.
  const [top, setTop] = useState<number | null>(null);
  const [ring, setRing] = useState<number | null>(null);
  // Solved before this board was drawn: where the pieces lay is not known.
  const [solvedUnseen] = useState(solved);
  const lastSent = useRef('');
  const callbacks = useRef({ onMove, onComplete, onPlacements });
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

  // A new puzzle (a new round, the next task of a run) takes the focus, on its first piece, from
  // someone on the keyboard whose focus went nowhere (the last board or the Start button went) or
  // is on a button that deals the next puzzle: they go on without tabbing through the page again.
  const [startsWithFocus] = useState(!disabled);
  useEffect(() => {
    if (!laid || !startsWithFocus || !keyboardInUse()) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.id !== 'main' && !active.closest('[data-next-puzzle]')) return;
    svgRef.current?.querySelector<SVGGElement>('g.piece[tabindex="0"]')?.focus({ preventScroll: true });
  }, [laid, startsWithFocus]);

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

  useEffect(() => {
    // A board taken apart may be claimed again with the same arrangement (say the claim was lost).
    if (!status.complete) lastSent.current = '';
    if (!status.complete || disabled || drag || held !== null) return;
    if (pieces.every((p) => p.pinned) && shown && shown.length === pieces.length) return;
    const placements = placementsOf(pieces);
    const signature = JSON.stringify(placements);
    if (signature === lastSent.current) return;
    lastSent.current = signature;
    callbacks.current.onComplete?.(placements, board.trail.slice(-MAX_TRAIL_MOVES));
  }, [status.complete, disabled, drag, held, pieces, shown, board.trail]);

  const undo = (): void => {
    if (disabled || drag) return;
    pointer.forgetTap();
    act({ type: 'undo', time: now() });
  };
  useBoardKeys(svgRef, drag?.index ?? null, pointer.turn, undo);

  // Tap to place: the preview where the piece in hand would go, until a tap puts it there.
  const aim = drag ? null : aimedAt(board);
  const aimKey = aim ? `${aim[0]},${aim[1]}` : '';
  useLayoutEffect(() => {
    if (drag) return;
    preview.current?.(aimKey ? (aimKey.split(',').map(Number) as unknown as Cell) : null);
  }, [aimKey, drag, pieces]);

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

  // The board's picture: its space in picture units, and its size on the page.
  const viewBox = `0 0 ${fitted.space.w.toFixed(1)} ${fitted.height.toFixed(1)}`;
  const drawn = { width: `${fitted.room.w}px`, height: `${(fitted.height * fitted.scale).toFixed(1)}px` };
  const placedCount = pieces.filter((p) => p.at !== null).length;
  // Done: solved, out of time, or every piece pinned by the solution.
  const done = disabled || pieces.every((p) => p.pinned);
  const target = selected ?? held;
  const movable = target !== null && pieces[target]?.pinned === false;
  const taken = useMemo(
    () => (active === null ? [] : pieces.filter((_, k) => k !== active).flatMap(coveredCells)),
    [pieces, active],
  );
  const sizes = pieces.map((_, i) => sizeOf(pieces, i, drag?.index ?? null));
  // The piece dragged is drawn where the drag put it (the copy in hand is moved from there).
  const at = pieces.map((_, i) => (drag?.index === i ? drag.home : translation(pieces, i, sizes[i] ?? 1)));

  return (
    <div className={`puzzle${disabled ? ' puzzle-disabled' : ''}${compact ? ' compact' : ''}`}>
      {tray && <Needed grid={grid} pieces={task.pieces} given={given} />}
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
          data-held={held ?? ''}
          data-aim={aimKey}
          onPointerDown={pointer.onGroundDown}
          onPointerUp={pointer.onUp}
          onPointerCancel={pointer.onCancel}
          // A capture lost otherwise than by letting go (the browser took it back) ends the drag as a cancel would.
          onLostPointerCapture={pointer.onCancel}
          onContextMenu={(e) => {
            e.preventDefault();
            // While dragging nothing inside takes the pointer (styles.css): a mouse's right click turns the piece in hand.
            if (drag && e.target === e.currentTarget) pointer.onContextMenu(e, drag.index);
          }}
        >
          {/* Nothing in it until the room it has is measured: it would be laid out for nothing, at a size it will not have. */}
          {laid && (
            <>
              <Sheen id={`sheen-${uid}`} />
              {/* The board: a printed card on the table, its edge and its shadow under it. */}
              <BoardCard x={fitted.boardX} y={fitted.boardY} w={fitted.board.w} h={fitted.board.h} />
              <g transform={`translate(${fitted.origin[0]},${fitted.origin[1]})`}>
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
              {solvedUnseen ? (
                <text
                  className="solved-mark"
                  x={fitted.boardX + fitted.board.w / 2}
                  y={fitted.boardY + fitted.board.h / 2}
                  aria-hidden="true"
                >
                  ✓
                </text>
              ) : (
                <Pieces
                  grid={grid}
                  pieces={pieces}
                  at={at}
                  sizes={sizes}
                  uid={uid}
                  selected={selected}
                  active={active}
                  held={held}
                  ring={ring}
                  top={top}
                  compact={compact}
                  disabled={disabled}
                  conflicts={status.conflicts}
                  onPointerDown={onPieceDown}
                  onContextMenu={pointer.onContextMenu}
                  onKeyDown={onKeyDown}
                  onFocus={(e, i) => {
                    setSelected(i);
                    setRing(focusVisible(e.currentTarget) ? i : null);
                  }}
                  onBlur={() => {
                    setRing(null);
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
          cells={(active === null ? undefined : pieces[active]?.cells) ?? NO_CELLS}
          origin={fitted.origin}
          scale={fitted.scale}
          hatch={`clash-${uid}`}
          control={preview}
        />
        {active !== null && pieces[active] && (
          <PieceLayer
            ref={handRef}
            className="hand-layer"
            grid={grid}
            cells={pieces[active].cells}
            at={drag ? drag.home : (at[active] ?? [0, 0])}
            scale={fitted.scale}
          >
            <use href={`#p-${uid}-${active}`} className="in-hand" />
          </PieceLayer>
        )}
      </div>
      {/* Nothing to do on a board that is done: no buttons that all say no. */}
      {!done && (
        <Controls
          movable={movable}
          canClear={pieces.some((p) => p.at !== null && !p.pinned)}
          canUndo={board.past.length > 0}
          onTool={(tool) => {
            pointer.forgetTap();
            if (tool === 'undo') undo();
            else if (tool === 'clear') act({ type: 'clear', time: now() });
            else if (target === null) return;
            else if (tool === 'back') act({ type: 'back', piece: target, time: now() });
            else pointer.turn(target, tool);
          }}
          extra={extraControls}
        />
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

/** The board, rendered again only when its props change (a clock ticking beside it does not). */
export const Puzzle = memo(PuzzleBoard);
