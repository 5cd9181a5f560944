import { bounds, normalize, sameCells, translate } from '../cells.js';
import type { Placement } from '../solver.js';
import type { Cell, GridName } from '../grid.js';
import { gridOf } from '../grid.js';
import type { Piece, Puzzle } from '../puzzle.js';
import type { TrailLie, TrailMove } from './trail.js';

/*
 * A board's trail played back: where a move left its piece (`lieOf`, made by the client as the
 * move is noted), the cells that lie covers (`liePlacement`), and the board at any moment of the
 * trail (`trailAt`). A lie is the piece's orientation as a turn of the piece as dealt, and its
 * origin: the replay needs the task's pieces, which every replay has.
 */

/** The lie of a piece as dealt (`dealt`, its cells anywhere) covering `covered`; undefined if no turn of it does. */
export function lieOf(grid: GridName, dealt: readonly Cell[], covered: readonly Cell[]): TrailLie | undefined {
  if (covered.length === 0) return undefined;
  const target = normalize(covered);
  const k = gridOf(grid).symmetries.findIndex((s) => sameCells(normalize(dealt.map(s)), target));
  if (k < 0) return undefined;
  const { minX, minY } = bounds(covered);
  return [minX, minY, k];
}

/** The cells a piece as dealt covers lying as `lie` (none for an orientation the grid has not). */
export function liePlacement(grid: GridName, dealt: readonly Cell[], lie: TrailLie): Cell[] {
  const turn = gridOf(grid).symmetries[lie[2]];
  if (!turn) return [];
  return translate(normalize(dealt.map(turn)), lie[0], lie[1]);
}

/** Whether a trail says where its pieces went (sent at protocol 6 or later), so that it can be played back. */
export function isPositioned(trail: readonly TrailMove[]): boolean {
  return trail.some((m) => m[1] === 'place') && trail.every((m) => m[1] !== 'place' || m.length === 4);
}

/** A piece on the board at a moment of a trail. */
export interface TrailPlacement {
  readonly piece: string;
  readonly cells: readonly Cell[];
}

/**
 * The pieces on the board `ms` after it was shown, as a positioned trail laid them: each piece as
 * its latest move up to then left it (on the board where a move says where, in the tray for a move
 * that does not), in the order of the task's pieces. Two pieces of one kind are told apart as the
 * board told them: by the latest move naming the kind.
 */
export function trailAt(
  grid: GridName,
  pieces: readonly Piece[],
  trail: readonly TrailMove[],
  ms: number,
): TrailPlacement[] {
  const lies = new Map<string, TrailLie | null>();
  for (const move of trail) {
    if (move[0] > ms) break;
    lies.set(move[2], move.length === 4 ? move[3] : null);
  }
  const out: TrailPlacement[] = [];
  const seen = new Set<string>();
  for (const piece of pieces) {
    if (seen.has(piece.id)) continue;
    seen.add(piece.id);
    const lie = lies.get(piece.id);
    if (!lie) continue;
    const cells = liePlacement(grid, piece.cells, lie);
    if (cells.length > 0) out.push({ piece: piece.id, cells });
  }
  return out;
}

/** When a trail's last move was made (0 for none): how long its replay runs. */
export function trailLength(trail: readonly TrailMove[]): number {
  return trail.reduce((last, m) => Math.max(last, m[0]), 0);
}

/**
 * Whether a whole trail, played back (trail-replay.ts), leaves every piece where the claim put it. A
 * trail that does not say where its pieces lay (a place without a lie), or lays them off the
 * board, does not end there: its replay would show another board than the one solved.
 */
export function endsInPlacements(
  puzzle: Puzzle,
  trail: readonly TrailMove[],
  placements: readonly Placement[],
): boolean {
  if (trail.some((m) => m[1] === 'place' && m.length !== 4)) return false;
  // The replay shows one piece of each kind (two of one kind as the latest move naming it left it).
  const end = new Map(trailAt(puzzle.grid, puzzle.pieces, trail, Infinity).map((p) => [p.piece, p.cells]));
  const kinds = new Set(placements.map((p) => p.piece));
  if (end.size !== kinds.size) return false;
  return [...kinds].every((kind) => {
    const cells = end.get(kind);
    return cells !== undefined && placements.some((p) => p.piece === kind && sameCells(p.cells, cells));
  });
}
