import type { Cell, GridName } from '@ubongo/core';
import type { ReactNode } from 'react';
import { BoardCard, Sheen } from './draw.js';
import type { Fitted } from './fit.js';
import { cellPolygon } from './geometry.js';

/**
 * The board's picture inside Puzzle.tsx's svg: the sheen, the printed card, its white area and
 * outline; then the pieces (`children`), or a tick over a board solved before it was drawn.
 */
export function BoardScene({
  uid,
  grid,
  region,
  fitted,
  printed,
  solvedUnseen,
  children,
}: {
  uid: string;
  grid: GridName;
  region: readonly Cell[];
  fitted: Fitted;
  /** The white area's outline (outline.ts). */
  printed: string;
  solvedUnseen: boolean;
  children: ReactNode;
}) {
  return (
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
        children
      )}
    </>
  );
}
