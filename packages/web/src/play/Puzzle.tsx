import type { Cell } from '@ubongo/core';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BoardScene } from './BoardScene.js';
import { Controls } from './Controls.js';
import { DropPreview, Needed, PieceLayer } from './draw.js';
import { Pieces } from './Pieces.js';
import type { PuzzleProps } from './props.js';
import { usePieceFocus, usePuzzleBoard } from './puzzle-board.js';

export type { BoardMove, Placements, PuzzleProps, ShownPlacement } from './props.js';

/** No cells, the same list each time (a prop that does not change). */
const NO_CELLS: readonly Cell[] = [];

/**
 * A board and its pieces: drag them with a mouse, finger or pen, or tap a piece and then where it
 * goes (tap to place); turn them (R, wheel, right click, button), turn them over (F, double tap,
 * button), or play with the keyboard (Tab to a piece, Enter to pick it up, arrows, R, F, Enter to
 * put it down, Escape to send it back); Undo (button, Ctrl+Z or Cmd+Z) takes moves back. When the
 * white area is covered exactly, `onComplete` gets the placements. The state is board.ts's (puzzle-state.ts keeps it, puzzle-board.ts works out the rest), the
 * pointer drag.ts's (and hand.ts's), the keys keys.ts's, the layout fit.ts's, the look draw.tsx's.
 */
function PuzzleBoard(props: PuzzleProps) {
  const { task, tray, solved = false, label, extraControls } = props;
  const { grid, region } = task;
  const { t } = useTranslation();
  const uid = useId().replace(/[^a-zA-Z0-9]/g, '');
  const b = usePuzzleBoard(props);
  const { given, disabled, svgRef, handRef, stageRef, preview, board, pieces, act, now, solvedUnseen } = b;
  const { compact, fitted, laid, status, printed, pointer, drag, held, active, undo, aimKey, taken, sizes, at } = b;
  const { selected, top, ring, target, movable, onPieceDown, onKeyDown, onFocus, onBlur } = usePieceFocus(props, b);

  // The board's picture: its space in picture units, and its size on the page.
  const viewBox = `0 0 ${fitted.space.w.toFixed(1)} ${fitted.height.toFixed(1)}`;
  const drawn = { width: `${fitted.room.w}px`, height: `${(fitted.height * fitted.scale).toFixed(1)}px` };
  const placedCount = pieces.filter((p) => p.at !== null).length;
  // Done: solved, out of time, or every piece pinned by the solution.
  const done = disabled || pieces.every((p) => p.pinned);

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
            // While dragging nothing inside takes the pointer (play.css): a mouse's right click turns the piece in hand.
            if (drag && e.target === e.currentTarget) pointer.onContextMenu(e, drag.index);
          }}
        >
          {/* Nothing in it until the room it has is measured: it would be laid out for nothing, at a size it will not have. */}
          {laid && (
            <BoardScene
              uid={uid}
              grid={grid}
              region={region}
              fitted={fitted}
              printed={printed}
              solvedUnseen={solvedUnseen}
            >
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
                onFocus={onFocus}
                onBlur={onBlur}
              />
            </BoardScene>
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
