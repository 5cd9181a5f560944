import type { RaceEdition } from '@ubongo/core';

/** A season of rated play whose turn was taken: its id (`YYYY-MM`) and start (seasons.ts). */
export interface SeasonStart {
  readonly id: string;
  readonly startsAt: number;
}

/** The turn to a new season (seasons.ts): what it ends, and what it does to every rating. */
export interface SeasonTurn extends SeasonStart {
  /** When the turn is taken. */
  readonly at: number;
  /** The season it ends, whose board is kept as it stands (rated games from its start to this one's); none for the first. */
  readonly ending: SeasonStart | null;
  /** A rating's uncertainty after the turn, from what it was. */
  readonly widen: (sigma: number) => number;
  /** The shown number of a rating (ratings.ts). */
  readonly shown: (rating: { readonly mu: number; readonly sigma: number }) => number;
}

/** A player's place on a season's board, for an edition. */
export interface SeasonResult {
  readonly season: string;
  readonly edition: RaceEdition;
  readonly accountId: string;
  readonly place: number;
  readonly mu: number;
  readonly sigma: number;
  /** The shown rating at the season's end. */
  readonly rating: number;
  /** Rated games played in the season. */
  readonly games: number;
}

/** An account's rated games in the season under way, and its place on that season's board (null when not on it). */
export interface SeasonStanding {
  readonly games: number;
  readonly place: number | null;
}

/** An account's names, beside a board's entry. */
export interface Named {
  readonly name: string;
  readonly username: string | null;
}

/** Seasons of rated play (docs/accounts.md, "Seasons"): their turns and boards. */
export interface Seasons {
  /**
   * Takes a season's turn, once whatever the processes: the ending season's board is kept (claimed
   * accounts with leaderboards.ts's `RATING_BOARD.games` rated games in that season, best first)
   * and every rating's uncertainty widened, at once. False when the turn was taken already.
   */
  turnSeason(turn: SeasonTurn): Promise<boolean>;
  /** The seasons whose turn was taken, newest first. */
  seasonsTurned(): Promise<SeasonStart[]>;
  /** The board of the season under way (rated games since `since`), best first: claimed accounts with `RATING_BOARD.games` of them. */
  seasonBoard(
    edition: RaceEdition,
    since: number,
    top: number,
    skip?: number,
  ): Promise<(Named & { accountId: string; mu: number; sigma: number; games: number })[]>;
  /**
   * An account's standing in the season under way (from `since`): its rated games of the edition
   * in the season, and its place on the board (null when not on it).
   */
  seasonStanding(edition: RaceEdition, since: number, accountId: string): Promise<SeasonStanding>;
  /** A past season's board as it ended, best first. */
  seasonResults(season: string, edition: RaceEdition, top: number, skip?: number): Promise<(SeasonResult & Named)[]>;
  /** An account's places on past seasons' boards, newest season first, each with the number of players on that board. */
  playerSeasons(accountId: string): Promise<(SeasonResult & { of: number })[]>;
}
