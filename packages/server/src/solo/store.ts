import type { Side, SoloDealing, SoloMode, SoloPuzzleTime, SoloRecordEntry, TrailMove } from '@ubongo/core';
import type { ListedDealing } from '../leaderboards.js';

/** A finished solo game, the record a player tries to beat: its result, who, with which seed, when. */
export interface SoloRecord extends SoloRecordEntry {
  /** The account that played it (null for results stored before accounts). */
  readonly accountId: string | null;
  /** False when a solve came faster than a person can (docs/accounts.md): kept, never listed. */
  readonly verified: boolean;
  /** Each puzzle of the run, in order (none for runs stored before they were kept). */
  readonly puzzles?: readonly SoloPuzzle[];
  /** How the run was dealt: shuffled boards (the default), or tasks at the player's level, never listed. */
  readonly dealing?: SoloDealing;
  /** Where the run stands with review (`Reviews`): 'none' (unreviewed) until held or a person decides. */
  readonly review?: Review;
  /** Why the run was held, or what the plausibility model flagged in it for a reviewer (none if nothing). */
  readonly reasons?: readonly string[];
}

/**
 * A result's review (docs/accounts.md, "Reviewed results"): none (listed, unreviewed: new results,
 * flagged or not); held for what no person does (kept, shown to its owner as under review, never
 * listed nor rated); approved by a reviewer (listed, reviewed; `released` is the name it had before,
 * read the same); rejected by a reviewer (kept, never listed).
 */
export const REVIEWS = ['none', 'held', 'approved', 'released', 'rejected'] as const;

export type Review = (typeof REVIEWS)[number];

/** A puzzle of a solo run (its time from its deal to its solve, setting aside or the run's end), with the moves of a solve. */
export interface SoloPuzzle extends SoloPuzzleTime {
  readonly trail?: readonly TrailMove[];
}

/** Which solo records to list. */
export interface RecordQuery {
  readonly mode: SoloMode;
  readonly limit?: number;
  readonly side?: Side;
  /** How many to list (10 unless said). */
  readonly top?: number;
  /** How many of the list to pass over first (a page's cursor: the place it starts at). */
  readonly skip?: number;
  /** Only results finished at or after this time (a leaderboard of today, of this week). */
  readonly since?: number;
  /**
   * Whose runs: `public` for a public board (claimed accounts not banned, each account once: its
   * best), `anyone` for every listed run (what an operator or a test looks at).
   */
  readonly from: 'public' | 'anyone';
  /** Only runs a reviewer approved (`REVIEWED`): what a ghost's "best", podiums and records offer. */
  readonly reviewed?: boolean;
  /**
   * Which board: the solo records (runs dealt shuffled, the default) or Storm's highs (Storm's runs:
   * `LISTED` but for the dealing, docs/courses.md).
   */
  readonly dealing?: ListedDealing;
  /** Only this account's runs (its own highs). */
  readonly accountId?: string;
}

/**
 * A stored solo run as lists give it: its row `id` (what its replay is fetched by), its result and
 * each puzzle's time, never the puzzles' move trails (`soloRun` alone reads those); the account's
 * username beside the display name (null for a guest or no account).
 */
export interface StoredSoloRun extends SoloRecord {
  readonly id: number;
  readonly username: string | null;
}

/** A page of an account's runs, newest first: `before` is the cursor the last page gave (`runCursor`). */
export interface RunPage {
  readonly top: number;
  readonly before?: { readonly finishedAt: number; readonly id: number };
  /**
   * Which runs by review: 'public' leaves out those held or rejected (leaderboards.ts's
   * `UNLISTED_REVIEWS`: on no public page), 'held' is those alone (their owner's list); every run if unsaid.
   */
  readonly review?: 'public' | 'held';
}

/** An account's solo runs in sum, read without a run's puzzles: what a profile shows. */
export interface SoloSummary {
  /** Verified runs. */
  readonly runs: number;
  /** Over the verified runs: the puzzles solved, and their time (a run's own puzzles where kept, else its time). */
  readonly solvedCount: number;
  readonly solvedMs: number;
  /** The best listed run of each setting (mode, length, side), by setting. */
  readonly best: readonly StoredSoloRun[];
}

/** What `pruneTrails` drops: unverified runs' trails older than a time; an account's beyond a count. */
export interface TrailPruning {
  /** The trails of unverified runs finished before this time go. */
  readonly unverifiedBefore: number;
  /** Each account keeps the trails of at most this many runs: its listed bests, then its newest. */
  readonly keepPerAccount: number;
  /** Only this account's runs (a run just stored); every account's unless said. */
  readonly accountId?: string;
}

/** Solo runs: each finished one, the records they make, an account's own, its trails (a run's campaign mark is `CampaignMarks`', its reports `Reports`'). */
export interface SoloRuns {
  /** Stores a finished run; its id (`StoredSoloRun.id`). */
  saveSolo(record: SoloRecord): Promise<number>;
  /**
   * The best listed results (leaderboards.ts's `listable`): most solved then fastest (timed),
   * fastest complete runs (count), from the accounts `query.from` says (a public board: each one's best).
   */
  records(query: RecordQuery): Promise<StoredSoloRun[]>;
  /** An account's solo results, verified or not, newest first (a page of them, given `page`). */
  soloResultsOf(accountId: string, page?: RunPage): Promise<StoredSoloRun[]>;
  /** An account's runs in sum (`SoloSummary`), read from each run's summary. */
  soloSummary(accountId: string): Promise<SoloSummary>;
  /** One run with its puzzles' move trails where still kept (what its replay shows). */
  soloRun(id: number): Promise<StoredSoloRun | undefined>;
  /** Drops move trails as `rules` says (never a listed best's); how many runs lost theirs. */
  pruneTrails(rules: TrailPruning): Promise<number>;
}
