import type { ProposedPlacement, Puzzle as PuzzleTask } from '@ubongo/core';
import { cellPolygon, extentOf } from './geometry.js';
import { PIECE_COLOURS } from './Puzzle.js';

/**
 * A board as a still picture: its white area and the pieces where `placements` put them, each in
 * the colour it has on the board in play (by its place among the task's pieces). For the reveal
 * between rounds and the replays; `label` names it for screen readers.
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
  const pad = 4;
  // Two pieces of a kind take the task's two places for that kind, in order.
  const used = new Set<number>();
  const colourOf = (piece: string): string => {
    const i = task.pieces.findIndex((p, k) => p.id === piece && !used.has(k));
    used.add(i);
    return PIECE_COLOURS[Math.max(i, 0) % PIECE_COLOURS.length] ?? '#999';
  };
  return (
    <svg
      className="board-picture"
      viewBox={`${(box.x - pad).toFixed(1)} ${(box.y - pad).toFixed(1)} ${(box.w + 2 * pad).toFixed(1)} ${(box.h + 2 * pad).toFixed(1)}`}
      role="img"
      aria-label={label}
    >
      {region.map((c) => (
        <polygon key={`r${c[0]},${c[1]}`} className="cell" points={cellPolygon(grid, c)} />
      ))}
      {placements.map((p, k) => {
        const colour = colourOf(p.piece);
        return (
          <g key={k} className="picture-piece" style={{ fill: colour }}>
            {p.cells.map((c) => (
              <polygon key={`${c[0]},${c[1]}`} points={cellPolygon(grid, c)} />
            ))}
          </g>
        );
      })}
    </svg>
  );
}
