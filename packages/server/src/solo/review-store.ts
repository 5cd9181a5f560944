import type { Review, SoloRecord } from './store.js';

/** A rated claim the plausibility model held: the game, the player's seat and account, why, when. */
export interface HeldClaim {
  readonly gameId: string;
  readonly player: string;
  readonly accountId: string;
  readonly reasons: readonly string[];
  readonly at: number;
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
  | { readonly kind: 'run'; readonly run: SoloRecord }
  | { readonly kind: 'claim'; readonly gameId: string; readonly player: string }
);

/** Held results: the solo runs the plausibility model held (their `review`), the rated claims it held. */
export interface Reviews {
  /** Keeps a rated claim held (a game's result is not re-rated when it is released). */
  holdClaim(claim: HeldClaim): Promise<void>;
  /** The players of game `gameId` whose claims were held (decided or not), each once: what a resumed game still knows of them. */
  heldPlayers(gameId: string): Promise<string[]>;
  /** The results held and not yet decided, or (`all`) every result ever held, oldest first. */
  reviews(all?: boolean): Promise<Reviewed[]>;
  /** An operator's decision on result `id`: the result as it now stands, undefined if there is none. */
  decide(id: string, review: 'released' | 'rejected'): Promise<Reviewed | undefined>;
}
