import type { Cell, GridName } from '@ubongo/core';
import { useMemo } from 'react';
import { BoardCard } from '../play/draw.js';
import { cellPolygon, extentOf } from '../play/geometry.js';
import { outlinePath, pieceTile } from '../play/outline.js';
import { PiecePattern } from '../seeing/patterns.js';

/* The board and a piece as the home page's live board draws them (DemoBoard.tsx), and the how-to pictures too. */

/** The cell nearest a piece's middle, where the board writes its letter. */
export function letterCell(cells: readonly Cell[]): Cell {
  const mx = cells.reduce((s, c) => s + c[0], 0) / Math.max(cells.length, 1);
  const my = cells.reduce((s, c) => s + c[1], 0) / Math.max(cells.length, 1);
  let best: Cell = cells[0] ?? [0, 0];
  for (const c of cells) if ((c[0] - mx) ** 2 + (c[1] - my) ** 2 < (best[0] - mx) ** 2 + (best[1] - my) ** 2) best = c;
  return best;
}

/**
 * A board as the board in play draws it (Puzzle.tsx): the printed card, its white cells and the
 * line around them, in picture units.
 */
export function BoardDrawing({ grid, region }: { grid: GridName; region: readonly Cell[] }) {
  const box = useMemo(() => extentOf(grid, region), [grid, region]);
  const line = useMemo(() => outlinePath(grid, region), [grid, region]);
  return (
    <>
      <BoardCard x={box.x} y={box.y} w={box.w} h={box.h} />
      {region.map((c) => (
        <polygon key={`${c[0]},${c[1]}`} className="cell" points={cellPolygon(grid, c)} />
      ))}
      <path className="region-line" d={line} />
    </>
  );
}

/**
 * A piece as the board in play draws it: one bevelled tile (its thickness, face, lit and shaded
 * bevel and edge) in the colour `--piece` of the group around it, in picture units.
 */
export function PieceTile({ grid, cells, place }: { grid: GridName; cells: readonly Cell[]; place: number }) {
  const tile = useMemo(() => pieceTile(grid, cells), [grid, cells]);
  return (
    <>
      <path className="piece-side" d={tile.face} />
      <path className="piece-face" d={tile.face} />
      <PiecePattern d={tile.face} i={place} />
      <path className="piece-light" d={tile.light} />
      <path className="piece-dark" d={tile.dark} />
      <path className="piece-edge" d={tile.face} />
    </>
  );
}
