import type { Review, SoloRecord } from './store.js';

/**
 * A rated claim the plausibility model held (what no person does) or flagged for a reviewer
 * (`held` false: the claim stands, rated): the game, the player's seat and account, why, when.
 */
export interface HeldClaim {
  readonly gameId: string;
  readonly player: string;
  readonly accountId: string;
  readonly reasons: readonly string[];
  readonly at: number;
  /** False for a claim only flagged (kept for the review queue, rated as any other); true unless said. */
  readonly held?: boolean;
}

/** A result under review, or reviewed: a solo run or a rated claim, with its id for `Reviews.decide`. */
export type Reviewed = {
  /** `run-N` (a solo run's row) or `claim-N`. */
  readonly id: string;
  readonly review: Review;
  readonly reasons: readonly string[];
  readonly accountId: string | null;
  readonly at: number;
} & (
  | { readonly kind: 'run'; readonly run: SoloRecord & { readonly id: number } }
  | { readonly kind: 'claim'; readonly gameId: string; readonly player: string }
);

/** Who may review results (docs/accounts.md, "Reviewed results"): nobody special, a reviewer, an operator. */
export const ROLES = ['none', 'reviewer', 'operator'] as const;
export type Role = (typeof ROLES)[number];

/** An account's standing with review: its role, and whether it is banned from every board (since when). */
export interface Standing {
  readonly role: Role;
  readonly bannedAt: number | null;
}

/** Whether an account in this standing may review results: a reviewer or an operator, not banned. */
export const mayReview = (s: Standing): boolean => s.role !== 'none' && s.bannedAt === null;

/** A decision on a result: approved (reviewed, listed), rejected (off every board). */
export type Decision = 'approved' | 'rejected';

/**
 * Results under review: the solo runs (their `review`, their flags in `reasons`), the rated claims
 * held or flagged, and each account's standing (role, ban).
 */
export interface Reviews {
  /** Keeps a rated claim held or flagged (a game's result is not re-rated when it is decided). */
  holdClaim(claim: HeldClaim): Promise<void>;
  /** The players of game `gameId` whose claims were held (decided or not), each once: what a resumed game still knows of them. */
  heldPlayers(gameId: string): Promise<string[]>;
  /** The results held and not yet decided, or (`all`) every result ever held or decided, oldest first. */
  reviews(all?: boolean): Promise<Reviewed[]>;
  /**
   * The review queue's candidates, newest first, at most `top` of each kind: the runs that could
   * stand on a public board (verified, dealt shuffled, for Storm or the daily puzzle, by a claimed
   * account not banned) unreviewed or held, and the rated claims held or flagged and undecided.
   * The queue's order, and the reported runs added to it, are the caller's (review.ts).
   */
  queue(top: number): Promise<Reviewed[]>;
  /** Result `id` (`run-N` or `claim-N`) whatever its review, undefined if there is none. */
  result(id: string): Promise<Reviewed | undefined>;
  /** A person's decision on result `id`: the result as it now stands, undefined if there is none. */
  decide(id: string, decision: Decision): Promise<Reviewed | undefined>;
  /** An account's standing (role none, not banned, for an account never given one). */
  standing(accountId: string): Promise<Standing>;
  /** Gives an account a role. */
  setRole(accountId: string, role: Role): Promise<void>;
  /** Bans an account from every board as of `at` (its results stay kept, listed nowhere); a ban is kept once. */
  ban(accountId: string, at: number): Promise<void>;
}
