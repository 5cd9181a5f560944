import { HUMAN_SECONDS_PER_PIECE, humanFloorSeconds } from './human-floor.js';

/**
 * A board's move trail: what a player's hand did between the deal and the claim, sent with the
 * claim and kept with the game (docs/accounts.md). The server judges a solve by what it measured
 * itself (the time from the deal to the claim) and by the trail's number and pace of moves.
 */

/** What a move did: a piece put down on the board (or moved on it), sent back, turned a quarter, turned over, or a move taken back. */
export const TRAIL_KINDS = ['place', 'back', 'turn', 'flip', 'undo'] as const;
export type TrailKind = (typeof TRAIL_KINDS)[number];

/**
 * Where a move left its piece on the board: the cell of its origin (the smallest x and y of the
 * cells it covers) and its orientation, the index in the grid's `symmetries` of the turn that takes
 * the piece as dealt to it (the first such index for a symmetric piece). Made and read by
 * trail-replay.ts.
 */
export type TrailLie = readonly [x: number, y: number, orientation: number];

/**
 * One move: when (ms since the board was shown, on the player's clock), what, which piece and,
 * for a move that left the piece on the board (put down, or turned or taken back there), where
 * (`TrailLie`). Trails sent before protocol 6 have no lies: their replay is the end placements.
 */
export type TrailMove =
  | readonly [at: number, kind: TrailKind, piece: string]
  | readonly [at: number, kind: TrailKind, piece: string, lie: TrailLie];

/** The most moves a claim carries: a longer trail is sent as its last moves (and is not checked for pieces never put down). */
export const MAX_TRAIL_MOVES = 400;
/** How much longer than the server's measure a trail may run (the claim's trip, the deal's trip, clocks). */
export const TRAIL_SLACK_MS = 2000;
/** The fastest sustained pace of a hand, in moves a second over the time the server measured. */
export const MAX_MOVES_PER_SECOND = 12;
/** The least time between two pieces put down by hand, one after the other: a drag, however quick, takes this long. */
export const MIN_PLACE_GAP_MS = 150;

/**
 * Why a solve was not a person's: faster than the task's human floor (`floor`), or not made by a
 * hand (`hand`: no trail, a piece never put down, moves too fast or out of order).
 */
export type Implausibility = 'floor' | 'hand';

/** A solve judged: plausible for a person, or not, why in words and which kind (`Implausibility`). */
export type Verdict =
  { readonly plausible: true } | { readonly plausible: false; readonly reason: string; readonly kind: Implausibility };

/** What the server knows of a solve. */
export interface Solve {
  /** Milliseconds from the deal to the claim, on the server's clock. */
  readonly took: number;
  /** The task's difficulty and the pieces of the accepted placements. */
  readonly difficulty: number;
  readonly pieces: readonly string[];
  /** The trail the claim carried, if any. */
  readonly trail: readonly TrailMove[] | undefined;
}

const seconds = (ms: number): string => (ms / 1000).toFixed(2);

/**
 * Whether a person could have made this solve. In order: the server's own measure against the
 * human floor of the task (`humanFloorSeconds`); a trail at all; every piece of the placements put
 * down by hand (for a whole trail; the server also plays it back: trail-replay.ts's
 * `endsInPlacements`); a trail no longer than the time the server saw (plus
 * `TRAIL_SLACK_MS`) and never going back in time; no more than `MAX_MOVES_PER_SECOND` over the
 * server's time; pieces put down no closer together than `MIN_PLACE_GAP_MS`. The trail's times are
 * the player's word: these catch a program that sends a solver's answer, not one that imitates a
 * hand, which the floor alone stops from being faster than a person.
 */
export function judgeSolve({ took, difficulty, pieces, trail }: Solve): Verdict {
  const floor = humanFloorSeconds(difficulty, pieces.length) * 1000;
  const no = (reason: string): Verdict => ({ plausible: false, reason, kind: 'hand' });
  if (took < floor) return { plausible: false, reason: `under the human floor of ${seconds(floor)} s`, kind: 'floor' };
  if (trail === undefined || trail.length === 0) return no('with no move trail');
  if (trail.length < MAX_TRAIL_MOVES) {
    const put = new Set(trail.filter((m) => m[1] === 'place').map((m) => m[2]));
    const missing = pieces.find((p) => !put.has(p));
    if (missing !== undefined) return no(`with piece ${missing} never put down`);
  }
  let last = 0;
  let lastPlace: { at: number; piece: string } | undefined;
  let close = 0;
  for (const [at, kind, piece] of trail) {
    if (!(at >= last)) return no(`with a trail going back in time at ${seconds(at)} s`);
    last = at;
    if (kind === 'place') {
      if (lastPlace && lastPlace.piece !== piece && at - lastPlace.at < MIN_PLACE_GAP_MS) close++;
      lastPlace = { at, piece };
    }
  }
  if (last > took + TRAIL_SLACK_MS) return no(`with a trail of ${seconds(last)} s`);
  if (trail.length > MAX_MOVES_PER_SECOND * Math.max(took / 1000, HUMAN_SECONDS_PER_PIECE))
    return no(`with ${trail.length} moves, faster than a hand`);
  // A slip (a piece nudged, then put down again at once) happens; pieces put down in a burst do not.
  if (close > pieces.length / 2)
    return no(`with ${close} pieces put down within ${MIN_PLACE_GAP_MS} ms of the one before`);
  return { plausible: true };
}
