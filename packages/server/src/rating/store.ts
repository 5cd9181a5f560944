import type { Belief, DeckEdition, RaceEdition } from '@ubongo/core';

/** A deck task's rating (puzzles.ts), learned from players' first attempts. */
export interface PuzzleRating {
  /** `edition/board/side/key`. */
  readonly task: string;
  readonly mu: number;
  readonly sigma: number;
  readonly attempts: number;
  readonly updatedAt: number;
}

/** An attempt at a task, to be counted if it is its account's first (puzzles.ts). */
export interface Attempt {
  readonly accountId: string;
  readonly edition: DeckEdition;
  /** `edition/board/side/key`. */
  readonly task: string;
  /** The task's rating before anyone attempted it (from its difficulty). */
  readonly start: Skill;
  /** A solver rating before any attempt. */
  readonly fresh: Skill;
  readonly solved: boolean;
  readonly at: number;
  /** Its time: ms from the deal to the verified solve; not solved, to when it ended (censored there). */
  readonly ms: number;
  /** Where the time model's beliefs start (core's time-model.ts): the task's from its static difficulty, a new solver's. */
  readonly prior: { readonly task: Belief; readonly solver: Belief };
}

/** A task's belief in the time model (core's time-model.ts): its ln-seconds difficulty, learned from first attempts' times. */
export interface TaskTime {
  /** `edition/board/side/key`. */
  readonly task: string;
  readonly mean: number;
  readonly variance: number;
  readonly attempts: number;
  readonly updatedAt: number;
}

/** A solver's belief in the time model in one edition: their skill in ln-seconds (0: the casual bot). */
export interface SolverTime {
  readonly accountId: string;
  readonly edition: DeckEdition;
  readonly mean: number;
  readonly variance: number;
  readonly attempts: number;
  readonly updatedAt: number;
}

/** A first attempt as stored for the batch fit (`ubongo deck calibrate`): who, which task, its time, solved or censored, when. */
export interface TimedAttemptRecord {
  readonly accountId: string;
  /** `edition/board/side/key`. */
  readonly task: string;
  readonly ms: number;
  readonly solved: boolean;
  readonly at: number;
}

/** An openskill rating: mean and uncertainty. */
export interface Skill {
  readonly mu: number;
  readonly sigma: number;
}

/** One game of a solver against a task: both ratings after it. */
export type RateAttempt = (solver: Skill, task: Skill, solved: boolean) => { solver: Skill; task: Skill };

/** A player's rating in one edition (ratings.ts): openskill's mu and sigma, and how many games made it. */
export interface PlayerRating {
  readonly accountId: string;
  readonly edition: RaceEdition;
  readonly mu: number;
  readonly sigma: number;
  readonly games: number;
  readonly updatedAt: number;
}

/** An account's rated play in an edition, as its rating history says it (ratings that cannot be bought, rating-rules.ts). */
export interface RatedRecord {
  /** Rated games it played. */
  readonly games: number;
  /** When its first rated game ended; null: none. */
  readonly firstAt: number | null;
  /** Different accounts rated in the same games. */
  readonly opponents: number;
}

/** An account's rated game: when, its place, and the others rated in it (with their first rated game in the edition). */
export interface RatedGame {
  readonly gameId: string;
  readonly at: number;
  /** 1 best; null for a game rated before places were kept (2026-11-27). */
  readonly place: number | null;
  readonly others: readonly { readonly accountId: string; readonly place: number | null; readonly firstAt: number }[];
}

/** A player's level at solving an edition's puzzles, learned from first attempts as the puzzles' are. */
export interface SolverRating {
  readonly accountId: string;
  readonly edition: DeckEdition;
  readonly mu: number;
  readonly sigma: number;
  readonly attempts: number;
  readonly updatedAt: number;
}

/** Ratings: players' (rated races) with their history, puzzles' and solvers' (first attempts), the leaderboards. */
export interface Ratings {
  /** An account's ratings, one per edition it has played rated. */
  ratingsOf(accountId: string): Promise<PlayerRating[]>;
  /**
   * Stores the ratings a rated game gave, with a history entry each (game, rating after, the
   * player's place if given), at once.
   */
  saveRatings(gameId: string, ratings: readonly (PlayerRating & { readonly place?: number })[]): Promise<void>;
  /** An account's rated play in an edition (its history: games, the first, the accounts met). */
  ratedRecord(accountId: string, edition: RaceEdition): Promise<RatedRecord>;
  /** An account's rated games in an edition that ended at or after `since`, oldest first, with the others rated in each. */
  ratedGames(accountId: string, edition: RaceEdition, since: number): Promise<RatedGame[]>;
  /** An account's rating after each rated game in an edition, oldest first. */
  ratingHistory(
    accountId: string,
    edition: RaceEdition,
  ): Promise<{ gameId: string; mu: number; sigma: number; at: number }[]>;
  /**
   * Counts attempts at tasks, in their order, at once: an attempt that is its account's first at
   * its task is noted, and `rate` moves the task's rating (from the attempt's `start` when it has
   * none) and the account's solver rating in the edition (a new player's, `fresh`, when it has
   * none), each counting one attempt more; its time is kept (`timedAttempts`) and moves the task's
   * and the solver's time-model beliefs (`taskTimes`, `solverTime`; from the attempt's `prior`
   * when they have none) by core's `updateBeliefs`. Other attempts change nothing. Says of each attempt
   * whether it counted. Stores that share a database (processes) may count at once and lose
   * nothing: each rating read is locked until its new value is written.
   */
  countAttempts(attempts: readonly Attempt[], rate: RateAttempt): Promise<boolean[]>;
  puzzleRating(task: string): Promise<PuzzleRating | undefined>;
  savePuzzleRating(rating: PuzzleRating): Promise<void>;
  /** Every task rating whose key starts with `prefix` (e.g. `classic/`), by key. */
  puzzleRatings(prefix: string): Promise<PuzzleRating[]>;
  solverRating(accountId: string, edition: DeckEdition): Promise<SolverRating | undefined>;
  saveSolverRating(rating: SolverRating): Promise<void>;
  /** Every task's time-model belief whose key starts with `prefix` (e.g. `classic/`), by key (moved by `countAttempts`). */
  taskTimes(prefix: string): Promise<TaskTime[]>;
  /** An account's time-model belief in an edition; undefined before its first counted attempt. */
  solverTime(accountId: string, edition: DeckEdition): Promise<SolverTime | undefined>;
  /** Every first attempt counted at a task whose key starts with `prefix`, with its time, by when, account and task. */
  timedAttempts(prefix: string): Promise<TimedAttemptRecord[]>;
  /**
   * The best ratings of an edition by mu - 3 sigma (`top` of them after the first `skip`), with the
   * accounts' names and their last rated game: a public board, so claimed accounts with
   * leaderboards.ts's `RATING_BOARD` rated games of the edition.
   */
  leaderboard(
    edition: RaceEdition,
    top: number,
    skip?: number,
  ): Promise<(PlayerRating & { name: string; username: string | null; lastGame: string | null })[]>;
  /** How many of the edition's board (`leaderboard`) rank above `rating` (mu - 3 sigma, then account id): its place less one. */
  leaderboardAhead(edition: RaceEdition, rating: Pick<PlayerRating, 'accountId' | 'mu' | 'sigma'>): Promise<number>;
}
