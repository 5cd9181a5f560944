import type { DeckEdition, Side } from '../deck.js';
import type { SoloClock } from '../game/solo.js';
import type { Puzzle } from '../puzzle.js';
import type { Placement } from '../solver.js';

// The courses (docs/courses.md): campaign levels, the daily puzzle, Storm: what a run of each came
// to, and their HTTP answers.

/**
 * A course: a campaign level (numbered from 1), today's daily puzzle, a Storm run, a board a player
 * made (by its id), or a past day's daily puzzle (unranked).
 */
export type SoloCourse =
  | { readonly kind: 'campaign'; readonly level: number }
  | { readonly kind: 'daily' }
  | { readonly kind: 'storm' }
  | { readonly kind: 'board'; readonly id: string }
  | { readonly kind: 'archive'; readonly date: string };

/** What a course's run came to, beyond the run's own result (`recorded.course`), by the course's kind. */
export type CourseOutcome = CampaignOutcome | DailyOutcome | StormOutcome;

/**
 * What a Storm run came to (docs/courses.md, "Storm"). `score`: the tasks solved. `counted`: the
 * run counts for the highs (an account's run, verified, not held). `highs`: the account's own
 * highs now, this run counted (null where it has none). `missed`: every task set aside or left on
 * the board at the end, in the run's order (`index` into `recorded.puzzles`), drawn with a
 * solution from the deck.
 */
export interface StormOutcome {
  readonly kind: 'storm';
  readonly score: number;
  readonly bestCombo: number;
  readonly counted: boolean;
  readonly highs: StormHighs;
  readonly missed: readonly StormMissed[];
}

/** Best scores of the UTC day, the ISO week (from Monday) and all time; null where there is none. */
export interface StormHighs {
  readonly day: number | null;
  readonly week: number | null;
  readonly all: number | null;
}

/** A task a Storm run missed, with a solution. */
export interface StormMissed {
  /** Its place in the run (`recorded.puzzles[index]`). */
  readonly index: number;
  readonly task: { readonly board: string; readonly side: Side; readonly key: string };
  readonly puzzle: Puzzle;
  readonly solution: readonly Placement[];
}

/** A line of a Storm board (`GET /api/storm/highs`). */
export interface StormHighEntry {
  readonly place: number;
  readonly account: string;
  readonly player: string;
  readonly username: string | null;
  /** The stored run (`#/run/ID`). */
  readonly run: number;
  readonly score: number;
  /** How long the run lasted. */
  readonly ms: number;
  /** Whether a reviewer approved the run (`BoardRunEntry.reviewed`). */
  readonly reviewed: boolean;
}

/**
 * `GET /api/storm/highs`: the best Storm runs of the UTC day, of the ISO week and of all time (runs
 * verified, not held or rejected, by claimed accounts not banned, one a player, as every public board), best first; for
 * a signed-in account, its own highs.
 */
export interface StormHighsAnswer {
  /** The UTC day, `YYYY-MM-DD`. */
  readonly day: string;
  /** The ISO week's Monday, `YYYY-MM-DD`. */
  readonly week: string;
  readonly boards: {
    readonly day: readonly StormHighEntry[];
    readonly week: readonly StormHighEntry[];
    readonly all: readonly StormHighEntry[];
  };
  /** The signed-in account's own highs; absent without a session. */
  readonly mine?: StormHighs;
  /** Storm's rules, for the screen to say (docs/courses.md): its minutes, its clock, and the ramp's steps (tasks a bucket). */
  readonly rules: { readonly minutes: number; readonly clock: SoloClock; readonly ramp: readonly number[] };
}

/** What a campaign level's run came to (docs/protocol.md, "The campaign"). */
export interface CampaignOutcome {
  readonly kind: 'campaign';
  readonly level: number;
  /** Stars this run earned (0: not solved, not verified, or held). */
  readonly stars: 0 | 1 | 2 | 3;
  /** The level's best stars and best time (ms) now, this run counted; 0 and null before any. */
  readonly bestStars: 0 | 1 | 2 | 3;
  readonly bestMs: number | null;
  /** The level's thresholds: 3 stars within `three` ms, 2 within `two`. */
  readonly thresholds: { readonly three: number; readonly two: number };
  /** The next level's number when this run opened it (undefined: it was open already, or none). */
  readonly opened?: number;
  /** The next level, if there is one, and whether it is open now. */
  readonly next?: { readonly level: number; readonly open: boolean };
}

/** `GET /api/me/campaign`: the account's campaign, every level with its stars and best time. */
export interface CampaignProgress {
  /** The level to play next: the first level open and never solved (the last level once all are). */
  readonly current: number;
  readonly worlds: readonly {
    readonly world: number;
    readonly edition: DeckEdition;
    readonly levels: readonly CampaignLevelProgress[];
  }[];
}

/** One level of `CampaignProgress`. */
export interface CampaignLevelProgress {
  readonly level: number;
  readonly open: boolean;
  readonly stars: 0 | 1 | 2 | 3;
  readonly bestMs: number | null;
  readonly thresholds: { readonly three: number; readonly two: number };
}

/**
 * What a daily run came to (docs/courses.md, "The daily puzzle"). `counted`: the run was the
 * account's attempt of the day (its first run of the day); otherwise it was practice and changed
 * nothing. `ms`: the puzzle's time (from its deal to its solve, or to the end unsolved). `place`:
 * the attempt's place on the day's board, if it is listed there. `streak`: days in a row, ending
 * today, with a counted solved attempt. The share line is made of `date`, `ms` and `streak`.
 */
export interface DailyOutcome {
  readonly kind: 'daily';
  /** The UTC date, `YYYY-MM-DD`. */
  readonly date: string;
  readonly counted: boolean;
  readonly solved: boolean;
  readonly ms: number;
  readonly place: number | null;
  readonly streak: number;
}

/** An account's attempt at today's daily puzzle (`GET /api/daily`): null while not taken. */
export interface DailyAttemptView {
  /** Once the run is stored; false while it is under way, or if it was left. */
  readonly solved: boolean;
  /** The puzzle's time, once stored. */
  readonly ms: number | null;
  /** The stored run (`#/run/ID`), once stored. */
  readonly run: number | null;
  /** Its place on the day's board, if listed. */
  readonly place: number | null;
}

/** `GET /api/daily`: today (UTC, the server's clock) and, for a signed-in account, its attempt and streak. */
export interface DailyAnswer {
  readonly date: string;
  /**
   * The day before, whose task and solution are public (`GET /api/daily/:date/solution`) from an hour
   * into today, UTC; null before then, and before the first day.
   */
  readonly yesterday: string | null;
  /** The signed-in account's attempt of today, null while not taken; absent without a session. */
  readonly attempt?: DailyAttemptView | null;
  /** The signed-in account's streak: days in a row with a counted solved attempt, to today (or yesterday, while today is not taken). */
  readonly streak?: number;
}

/** One place on a board of times (the daily's, a shared board's): whose run, and its time. */
export interface TimedEntry {
  readonly place: number;
  readonly account: string;
  readonly player: string;
  readonly username: string | null;
  readonly run: number;
  readonly ms: number;
  /** Whether a reviewer approved the run (`BoardRunEntry.reviewed`). */
  readonly reviewed: boolean;
}

/** `GET /api/daily/:date/board`: a page of the day's board, fastest first, and the cursor of the next. */
export interface DailyBoardAnswer {
  readonly date: string;
  readonly entries: readonly TimedEntry[];
  readonly next: string | null;
}

/** `GET /api/daily/:date/solution` (a past day only): the day's task as a checked puzzle, and a solution from the deck. */
export interface DailySolutionAnswer {
  readonly date: string;
  readonly edition: DeckEdition;
  readonly task: { readonly board: string; readonly side: Side; readonly key: string };
  readonly puzzle: Puzzle;
  readonly solution: readonly Placement[];
}

/**
 * `GET /api/daily/archive`: past days of the daily puzzle (days that are over), newest first, a page
 * of them; each playable again from the archive, unranked (docs/courses.md, "The daily archive").
 * For a signed-in account, its attempt of each day (null where it took none).
 */
export interface DailyArchiveAnswer {
  readonly days: readonly {
    /** The UTC date, `YYYY-MM-DD`. */
    readonly date: string;
    readonly edition: DeckEdition;
    readonly task: { readonly board: string; readonly side: Side; readonly key: string };
    readonly attempt?: { readonly solved: boolean; readonly ms: number | null; readonly run: number | null } | null;
  }[];
  /** The `before` of the next page (older days), null at the first day. */
  readonly next: string | null;
}
