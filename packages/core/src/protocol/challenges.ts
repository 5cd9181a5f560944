import type { Side } from '../deck.js';
import type { SoloDealing, SoloMode } from '../game/solo.js';

// The HTTP API's words about challenges (docs/challenges.md): a recorded solo run sent to a friend,
// who races its ghost on the same tasks; the verdict, once raced.

/** Where a challenge stands: open (sent, not yet raced), raced (with its verdict), declined, expired (a week passed). */
export const CHALLENGE_STATUSES = ['open', 'raced', 'declined', 'expired'] as const;
export type ChallengeStatus = (typeof CHALLENGE_STATUSES)[number];

/** How long a challenge stays open: a week. */
export const CHALLENGE_DAYS = 7;

/** A challenge's id: ten letters and digits without look-alikes. */
export const CHALLENGE_ID_PATTERN = /^[23456789abcdefghjkmnpqrstuvwxyz]{10}$/;

/** `POST /api/challenges`: send your stored run `run` to a friend, by username or account id. */
export interface ChallengeRequest {
  readonly to: string;
  readonly run: number;
}

/** `POST /api/challenges` made it. */
export interface ChallengeMade {
  readonly id: string;
  readonly expiresAt: number;
}

/** One side of a challenge: who, and how their run went (the sender's always; the recipient's once raced). */
export interface ChallengeSide {
  readonly account: string;
  readonly name: string;
  readonly username: string | null;
  /** The stored run (`#/run/ID`); null for the recipient until they race. */
  readonly run: number | null;
  readonly solved: number | null;
  readonly ms: number | null;
}

/** Who won a raced challenge: the sender (`from`), the recipient (`to`), or neither (the same result). */
export type ChallengeWinner = 'from' | 'to' | 'tie';

/**
 * What the challenged run was: its setting (mode, limit, side), and how it was dealt (a shuffled
 * solo setting, a campaign level, the daily, a past day, a shared board, a ghost race: `SoloDealing`),
 * with the board's id where it is a shared board's.
 */
export interface ChallengeSetting {
  readonly dealing: SoloDealing;
  readonly mode: SoloMode;
  readonly limit: number;
  readonly side: Side;
  readonly tasks: number;
  readonly board?: string;
}

/** A challenge as `GET /api/challenges` lists it, decided by the server: its status, the time it expires, the verdict. */
export interface ChallengeEntry {
  readonly id: string;
  readonly status: ChallengeStatus;
  readonly from: ChallengeSide;
  readonly to: ChallengeSide;
  readonly setting: ChallengeSetting;
  readonly createdAt: number;
  readonly expiresAt: number;
  /** Raced: who won. Null otherwise. */
  readonly winner: ChallengeWinner | null;
  /** Whether the signed-in account may race it now (its recipient, open, not expired). */
  readonly raceable: boolean;
  /**
   * The run the signed-in account may send the other back as a rematch (`POST /api/challenges`
   * with it), once raced: the recipient's race, or the sender's own run again. Null otherwise.
   */
  readonly rematch: number | null;
  /** Raced by leaving the race under way: lost, with no run of the recipient's. */
  readonly forfeited: boolean;
}

/** `GET /api/challenges`: the challenges sent to the signed-in account and those it sent, newest first. */
export interface ChallengesAnswer {
  readonly received: readonly ChallengeEntry[];
  readonly sent: readonly ChallengeEntry[];
  /** The server's date now (what "time left" is counted from). */
  readonly now: number;
}
