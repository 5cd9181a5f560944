import type { ProposedPlacement } from '../checker.js';
import { congruent } from '../checker.js';
import type { Puzzle } from '../puzzle.js';
import type { RoundState } from './race-types.js';
import type { PlayerId } from './types.js';

/*
 * The boards of a round in play, as the table watches them fill (docs/protocol.md, "Progress"):
 * who may see them, what a player's report of their board may hold, and how a bot's board fills
 * over its solve time. Pure: the server keeps the reports and decides when to send them.
 */

/**
 * How many of one player's boards (`progress` reports that changed something) the server passes on:
 * a burst of `burst`, then one every `everyMs` of game time; the rest are refused (`message/too-fast`).
 * The web client sends at most one every 250 ms.
 */
export const BOARD_REPORTS = { burst: 5, everyMs: 150 } as const;

/** How far (in cells) a piece on the board may lie beyond the white area's box: pieces may hang over its edge. */
const OVERHANG = 6;

/**
 * Whether `viewer` (null: a watcher) may see where the pieces lie on the boards of `round`, the
 * round being played: a watcher may, and a seated player who has solved it or has no board in it;
 * a seated player still at their own board sees only how many pieces each has down, so that no
 * rival's solution is shown to someone who has not solved (between rounds the reveal shows all).
 */
export function seesBoards(round: RoundState | null, viewer: PlayerId | null): boolean {
  if (viewer === null) return true;
  if (!round) return false;
  return round.solved.includes(viewer) || !round.deals.some((d) => d.player === viewer);
}

/**
 * Why `placements` cannot be a player's board of `task` as it lies, or null when they can: at
 * most the task's pieces, each one of the task's (no more of a kind than it has), in its shape
 * (turned or turned over), touching the white area and near it. Not judged beyond that: pieces
 * may overlap or hang over the edge, as on a board being played.
 */
export function laidProblem(task: Puzzle, placements: readonly ProposedPlacement[]): string | null {
  if (placements.length > task.pieces.length) return `your task has ${task.pieces.length} pieces`;
  const white = new Set(task.region.map(([x, y]) => `${x},${y}`));
  const xs = task.region.map((c) => c[0]);
  const ys = task.region.map((c) => c[1]);
  const [minX, maxX] = [Math.min(...xs) - OVERHANG, Math.max(...xs) + OVERHANG];
  const [minY, maxY] = [Math.min(...ys) - OVERHANG, Math.max(...ys) + OVERHANG];
  const used = new Set<number>();
  for (const p of placements) {
    const i = task.pieces.findIndex(
      (q, k) => q.id === p.piece && !used.has(k) && congruent(task.grid, q.cells, p.cells),
    );
    if (i < 0) return `${p.piece} is not a piece of your task in its shape`;
    used.add(i);
    if (!p.cells.some(([x, y]) => white.has(`${x},${y}`))) return `${p.piece} is not on the board`;
    if (p.cells.some(([x, y]) => x < minX || x > maxX || y < minY || y > maxY)) return `${p.piece} is off the board`;
  }
  return null;
}

/**
 * A bot's board at `now` as it fills (docs/bots.md): the pieces of `solution` (the one it will
 * claim) land one by one, evenly over its time from `from` to its claim at `claimAt`, the last with
 * the claim itself. Says how many are down and when the next lands (null: none before the claim).
 */
export function botLaid(
  solution: readonly ProposedPlacement[],
  from: number,
  claimAt: number,
  now: number,
): { down: readonly ProposedPlacement[]; nextAt: number | null } {
  const n = solution.length;
  const span = Math.max(0, claimAt - from);
  const landsAt = (i: number): number => from + Math.round((span * (i + 1)) / n);
  let down = 0;
  while (down < n - 1 && landsAt(down) <= now) down++;
  return { down: solution.slice(0, down), nextAt: down < n - 1 ? landsAt(down) : null };
}
