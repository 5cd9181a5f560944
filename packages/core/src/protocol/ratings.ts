import type { RaceEdition } from '../game/race.js';
import type { PlayerId } from '../game/types.js';

// Ratings and seasons: the tasks' and the players' ratings, the boards, and a rated game's changes.

/** `GET /api/puzzles/:edition/:board/:side/:key`: a task's rating, learned from first attempts. */
export interface PuzzleAnswer {
  readonly task: string;
  readonly difficulty: number;
  /** On the players' scale: a task rated like a player it is even with. */
  readonly display: number;
  readonly mu: number;
  readonly sigma: number;
  /** First attempts counted so far (none: the rating is where the difficulty puts it). */
  readonly attempts: number;
}

/** `GET /api/leaderboard?edition=`: the best ratings of an edition. */
export interface LeaderboardAnswer {
  readonly edition: RaceEdition;
  /** Each with the username beside the display name, and the last rated game to replay. */
  readonly players: readonly {
    readonly id: string;
    readonly name: string;
    readonly username: string | null;
    readonly rating: RatingView;
    readonly game: string | null;
  }[];
  /** The cursor of the next page (`cursor=`), null at the end. */
  readonly next: string | null;
  /** The rated games of the edition a place on the board needs. */
  readonly minGames: number;
  /**
   * The viewer's own standing when the request carries a session (null without): their place on the
   * board (null when not on it), their rating (null before a rated game), and the rated games they
   * still need for a place (0 when they have one).
   */
  readonly you: { readonly place: number | null; readonly rating: RatingView | null; readonly missing: number } | null;
}

/** A season of rated play (docs/accounts.md, "Seasons"): its id (`YYYY-MM`, the month it starts), from and until when. */
export interface SeasonView {
  readonly id: string;
  readonly startsAt: number;
  readonly endsAt: number;
}

/** `GET /api/seasons`: the season under way and the past ones, newest first. */
export interface SeasonsAnswer {
  readonly current: SeasonView;
  readonly past: readonly SeasonView[];
}

/** `GET /api/seasons/:id/board?edition=`: a season's board, best first (the current one live, a past one as it ended). */
export interface SeasonBoardAnswer {
  readonly season: SeasonView;
  readonly edition: RaceEdition;
  /** Whether the season is over (its board is final). */
  readonly final: boolean;
  readonly players: readonly {
    readonly place: number;
    readonly id: string;
    readonly name: string;
    readonly username: string | null;
    /** The shown rating (at the season's end for a past one). */
    readonly rating: number;
    /** Rated games played in the season. */
    readonly games: number;
  }[];
  readonly next: string | null;
  /** The rated games in the season of the edition a place on its board needs. */
  readonly minGames: number;
  /**
   * The viewer's own standing when the request carries a session (null without): their place on the
   * board (null when not on it), their rated games in the season, and the games they still need
   * for a place (0 when they have one; a past season's board is final, so nothing is missing there).
   */
  readonly you: { readonly place: number | null; readonly games: number; readonly missing: number } | null;
}

/** `GET /api/players/:id/seasons`: the player's past seasons, newest first, each edition's final rating and place. */
export interface PlayerSeasonsAnswer {
  readonly seasons: readonly {
    readonly season: SeasonView;
    readonly edition: RaceEdition;
    readonly rating: number;
    readonly place: number;
    /** Players on that season's board. */
    readonly of: number;
    readonly games: number;
  }[];
}

/** A player's rating in one edition (openskill's Plackett-Luce model). */
export interface RatingView {
  readonly edition: RaceEdition;
  /** The skill estimate and its uncertainty. */
  readonly mu: number;
  readonly sigma: number;
  /** What leaderboards rank by: mu - 3 sigma, scaled (docs/accounts.md). */
  readonly display: number;
  readonly games: number;
  /** Fewer than 5 rated games: the rating is still settling (shown with a "?"). */
  readonly provisional: boolean;
  /** The uncertainty on the shown scale: 40 sigma, rounded (shown as "± n"). */
  readonly deviation: number;
}

/**
 * Why a rated player's rating moved less than the game alone would have moved it, or not at all
 * (docs/accounts.md, "Ratings that cannot be bought"): opponents met in rated games within the last
 * 7 days (`repeated-opponent`: the move shrinks), the day's rise reached its limit (`daily-cap`), a
 * closed group of accounts gave all it may (`closed-group`), or a solve that came faster than a
 * person can or without a hand's trail (`implausible`: rated last, below everyone).
 */
export const RATING_LIMITS = ['repeated-opponent', 'daily-cap', 'closed-group', 'implausible'] as const;
/** One of `RATING_LIMITS`. */
export type RatingLimit = (typeof RATING_LIMITS)[number];

/** A rated player's rating through one rated game, as the table is told at its end. */
export interface RatingChange {
  /** The player's id in the game. */
  readonly player: PlayerId;
  /** The shown rating before the game (a new player's 1500) and after it. */
  readonly before: number;
  readonly after: number;
  /** Fewer than 5 rated games, this one included: the rating is still settling. */
  readonly provisional: boolean;
  /** The uncertainty after the game on the shown scale (40 sigma, rounded). */
  readonly deviation: number;
  /** What kept the move short or at nothing, if anything. */
  readonly limits: readonly RatingLimit[];
}
