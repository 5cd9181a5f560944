import type { Cell, GridName } from '@ubongo/core';
import type { ReactNode } from 'react';
import { centre } from '../play/geometry.js';
import { PIECE_COLOURS } from '../play/draw.js';
import { BoardDrawing, letterCell, PieceTile } from './board-drawing.js';

/* What the how-to page's pictures are drawn with (HowToPictures.tsx, howto-scoring.tsx): the board's look, at one size. */

/** A drawn shape: cells in board units, a colour and a letter. */
export interface Shape {
  readonly cells: readonly Cell[];
  readonly colour: string;
  readonly letter: string;
}

export const colourOf = (i: number): string => PIECE_COLOURS[i % PIECE_COLOURS.length] ?? '#888';

/** A piece drawn as on the board: one tile in its colour, its letter on the cell nearest its middle. */
export function PieceShape({
  grid,
  shape,
  at = [0, 0],
}: {
  grid: GridName;
  shape: Shape;
  at?: readonly [number, number];
}) {
  const [lx, ly] = centre(grid, letterCell(shape.cells));
  return (
    <g
      className="piece"
      transform={`translate(${at[0].toFixed(1)},${at[1].toFixed(1)})`}
      style={{ ['--piece' as string]: shape.colour }}
    >
      <PieceTile grid={grid} cells={shape.cells} place={shape.letter ? shape.letter.charCodeAt(0) - 65 : 0} />
      {shape.letter && (
        <text x={lx} y={ly} className="piece-letter">
          {shape.letter}
        </text>
      )}
    </g>
  );
}

/** A board as the board in play draws it, with pieces on it. */
export function Board({ grid, region, placed }: { grid: GridName; region: readonly Cell[]; placed: readonly Shape[] }) {
  return (
    <>
      <BoardDrawing grid={grid} region={region} />
      {placed.map((s, i) => (
        <PieceShape key={i} grid={grid} shape={s} />
      ))}
    </>
  );
}

/** Screen pixels per picture unit: every picture draws a cell the same size (where the page has room). */
export const PIXELS = 0.75;

/** The picture's frame: an SVG of the board's look, sized to what it draws. */
export function Frame({ box, children }: { box: { x: number; y: number; w: number; h: number }; children: ReactNode }) {
  const pad = 10;
  const w = box.w + 2 * pad;
  const h = box.h + 2 * pad;
  return (
    <svg
      className="howto-svg"
      viewBox={`${(box.x - pad).toFixed(1)} ${(box.y - pad).toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}`}
      style={{ width: `${(w * PIXELS).toFixed(0)}px`, aspectRatio: `${w.toFixed(1)} / ${h.toFixed(1)}` }}
    >
      {children}
    </svg>
  );
}
