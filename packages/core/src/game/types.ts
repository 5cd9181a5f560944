import type { ClaimErrorCode, ClaimProblem } from '../checker.js';
import type { Side } from '../deck.js';

/** A player's id within a game (`p1`, or whatever the server chooses). */
export type PlayerId = string;

/** The hourglass: seconds per turn of the sand, as docs/rules.md §1.4 decides. */
export const HOURGLASS_SECONDS = { min: 20, max: 300, default: 60 } as const;
/** Rounds in a game: 9, or fewer for casual games and tests. */
export const GAME_ROUNDS = { min: 1, max: 9, default: 9 } as const;

/** Why an action or a configuration was refused. */
export const GAME_ERROR_CODES = [
  'config/invalid',
  'action/malformed',
  'action/wrong-phase',
  'action/not-in-game',
  'action/already-solved',
  'action/not-solved',
  'action/already-moved',
  'action/already-laid-out',
  'action/too-far',
  'action/finished',
  'action/limit',
  'claim/too-late',
] as const;
/** The code of a refusal: the game's own, or the checker's `claim/...` codes for a wrong placement. */
export type GameErrorCode = (typeof GAME_ERROR_CODES)[number] | ClaimErrorCode;

/** A refused action: what, why in words, and for a wrong placement every problem the checker found. */
export interface GameError {
  /** What kind of refusal. */
  readonly code: GameErrorCode;
  /** A sentence for people. */
  readonly message: string;
  /** For a wrong placement: each problem with its cells. */
  readonly problems?: readonly ClaimProblem[];
}

/** One seat of a game: who, and which side of the boards they play. */
export interface SeatConfig {
  /** The player's id. */
  readonly id: PlayerId;
  /** Easy (3 pieces) or hard (4 pieces): chosen per player. */
  readonly side: Side;
}
