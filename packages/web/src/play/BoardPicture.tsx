import type { ProposedPlacement, Puzzle as PuzzleTask } from '@ubongo/core';
import { cellPolygon, extentOf } from './geometry.js';
import { outlinePath, pieceTile } from './outline.js';
import { BoardCard, pieceColour } from './draw.js';
import { PiecePattern } from '../seeing/patterns.js';

/**
 * A board as a still picture: its white area and the pieces where `placements` put them, each in
 * the colour it has on the board in play (by its place among the task's pieces), drawn as the
 * board in play draws them: a printed card, bevelled tiles. For the reveal between rounds and the
 * replays; `label` names it for screen readers.
 */
export function BoardPicture({
  task,
  placements,
  label,
}: {
  task: PuzzleTask;
  placements: readonly ProposedPlacement[];
  label: string;
}) {
  const { grid, region } = task;
  const all = [...region, ...placements.flatMap((p) => p.cells)];
  const box = extentOf(grid, all.length > 0 ? all : [[0, 0]]);
  // The card's margin around the white area, and room for its edge and shadow.
  const margin = 5;
  const pad = margin + 6;
  // Two pieces of a kind take the task's two places for that kind, in order.
  const used = new Set<number>();
  const placeOf = (piece: string): number => {
    const i = task.pieces.findIndex((p, k) => p.id === piece && !used.has(k));
    used.add(i);
    return Math.max(i, 0);
  };
  return (
    <svg
      className="board-picture"
      viewBox={`${(box.x - pad).toFixed(1)} ${(box.y - pad).toFixed(1)} ${(box.w + 2 * pad).toFixed(1)} ${(box.h + 2 * pad).toFixed(1)}`}
      role="img"
      aria-label={label}
    >
      <BoardCard x={box.x} y={box.y} w={box.w} h={box.h} margin={margin} />
      {region.map((c) => (
        <polygon key={`r${c[0]},${c[1]}`} className="cell" points={cellPolygon(grid, c)} />
      ))}
      <path className="region-line" d={outlinePath(grid, region)} />
      {placements.map((p, k) => {
        const place = placeOf(p.piece);
        const tile = pieceTile(grid, p.cells);
        return (
          <g key={k} className="picture-piece" style={{ fill: pieceColour(p.piece, place) }}>
            <path className="picture-face" d={tile.face} />
            {p.cells.map((c) => (
              <polygon key={`${c[0]},${c[1]}`} className="picture-cell" points={cellPolygon(grid, c)} />
            ))}
            <PiecePattern d={tile.face} i={place} />
            <path className="piece-light" d={tile.light} />
            <path className="piece-dark" d={tile.dark} />
          </g>
        );
      })}
    </svg>
  );
}
