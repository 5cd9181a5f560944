/**
 * An account's attempt at a day's daily puzzle (docs/courses.md): taken as its first run of the day
 * starts, settled as that run is stored. Only an attempt counts for the day's board and the streak.
 */
export interface DailyAttempt {
  readonly accountId: string;
  /** The UTC date, `YYYY-MM-DD`. */
  readonly day: string;
  /** When the run started, on the server's clock. */
  readonly startedAt: number;
  /** The stored run, once stored (null: started, never stored, as when the player left). */
  readonly run: number | null;
  readonly solved: boolean;
  /**
   * The time of the solve (or of the run, unsolved), once settled; null while the attempt is not
   * settled (its run under way, or its server gone before it ended).
   */
  readonly ms: number | null;
  readonly verified: boolean;
}

/** A line of a day's board: a counted attempt, solved, verified, not held, by a claimed account not banned. */
export interface DailyBoardEntry {
  readonly accountId: string;
  readonly name: string;
  readonly username: string | null;
  readonly run: number;
  readonly ms: number;
  /** Whether a reviewer approved its run (leaderboards.ts's `isReviewed`). */
  readonly reviewed: boolean;
}

/** A page of a day's board: `top` entries after `offset`; `reviewed`: only the runs a reviewer approved. */
export interface DailyBoardPage {
  readonly top: number;
  readonly offset?: number;
  readonly reviewed?: boolean;
}

/** What settles a daily attempt: its stored run (none if it was left), and how it went. */
export interface DailySettling {
  readonly id: number | null;
  readonly solved: boolean;
  readonly ms: number;
  readonly verified: boolean;
}

/** The daily puzzle's attempts (migration 016, `daily_attempts`): one an account a day. */
export interface DailyAttempts {
  /** Takes `accountId`'s attempt of `day` if it has none yet: true if taken now, false if it was taken already. */
  takeDailyAttempt(accountId: string, day: string, startedAt: number): Promise<boolean>;
  /**
   * Settles a taken attempt with its stored run, or with no run (`id` null: the player left it
   * unfinished); a second settling changes nothing.
   */
  settleDailyAttempt(accountId: string, day: string, run: DailySettling): Promise<void>;
  dailyAttempt(accountId: string, day: string): Promise<DailyAttempt | undefined>;
  /**
   * The days of `accountId`'s solved, verified attempts whose run is not held or rejected, up to `day`
   * (included), newest first, at most `top`: what its streak counts.
   */
  dailySolvedDays(accountId: string, day: string, top: number): Promise<string[]>;
  /** How many days up to `day` (included) `accountId` took its attempt on, solved or not. */
  dailyDaysPlayed(accountId: string, day: string): Promise<number>;
  /**
   * The day's board, fastest first (then who started first): solved, verified attempts whose run is
   * not held or rejected, by claimed accounts not banned (as every public board), each marked reviewed or not. `offset` rows skipped.
   */
  dailyBoard(day: string, page: DailyBoardPage): Promise<DailyBoardEntry[]>;
  /**
   * The server's own secret for the daily's draw (migration 020, `server_secrets`), made once, on
   * first asking, and the same for every process of the server ever after.
   */
  dailySecret(): Promise<string>;
}
