import type { SoloDealing } from '../game/solo.js';
import type { AccountView, ReviewRole } from './accounts.js';
import type { BoardRunEntry } from './records.js';

// The review API's answers (docs/accounts.md, "Reviewed results"): the queue a reviewer works
// through, and what a decision answers.

/**
 * Where a result stands with review: unreviewed (listed, `none`), held for what no person does
 * (listed nowhere), approved by a person (`released`, its older name, reads the same), rejected.
 */
export type ReviewState = 'none' | 'held' | 'approved' | 'released' | 'rejected';

/** A player's report of the entry: why, and when (the reporter stays the operator's to know). */
export interface ReviewReport {
  readonly reason: string;
  readonly at: number;
}

/** What a queue entry is about: a solo run (its replay is `GET /api/runs/:id`), a rated game's claim, or a reported player. */
export type ReviewSubject =
  | {
      readonly kind: 'run';
      readonly run: BoardRunEntry & { readonly verified: boolean; readonly dealing: SoloDealing };
    }
  | { readonly kind: 'claim'; readonly game: string; readonly player: string }
  | { readonly kind: 'player' };

/**
 * An entry of the review queue: its id (`run-N`, `claim-N`, `player-ID`: what `POST
 * /api/review/:id` decides), whose it is, where it stands, the model's findings (`flags`: why it
 * is held, or what the timing model noticed) and the players' reports.
 */
export type ReviewEntry = {
  readonly id: string;
  readonly account: AccountView | null;
  readonly review: ReviewState;
  readonly flags: readonly string[];
  readonly reports: readonly ReviewReport[];
  readonly at: number;
} & ReviewSubject;

/** `GET /api/review`: the queue, the entries a reviewer should look at first, first (reported, flagged, held, then the rest, newest first). */
export interface ReviewQueueAnswer {
  readonly entries: readonly ReviewEntry[];
  /** The signed-in reviewer's role. */
  readonly role: Exclude<ReviewRole, 'none'>;
}

/** `POST /api/review/:id`: approve (listed, reviewed), reject (off every board), or ban the account (every entry off every board). */
export interface ReviewDecision {
  readonly decision: 'approve' | 'reject' | 'ban';
}

/** What a decision answers: the entry's id and where it now stands (a ban: `rejected`, its account banned). */
export interface ReviewDecided {
  readonly id: string;
  readonly review: ReviewState;
  readonly banned: boolean;
}
