import type { RaceEdition } from '../game/race.js';
import type { StormHighs } from './courses.js';
import type { RatingView } from './ratings.js';
import type { BoardRunEntry, SoloRecordEntry } from './records.js';

// The account API's answers (docs/accounts.md): guest accounts, sessions, profiles, held runs.

/** An account as its owner sees it: its id, the name shown at tables, and its username once claimed. */
export interface AccountView {
  readonly id: string;
  readonly name: string;
  readonly username: string | null;
}

/** `POST /api/accounts`: a new guest account, its secret (the browser keeps it) and a session. */
export interface GuestAnswer {
  readonly account: AccountView;
  readonly secret: string;
  readonly session: string;
}

/** `POST /api/sessions` (sign in): the account and a new session token. */
export interface SessionAnswer {
  readonly account: AccountView;
  readonly session: string;
}

/** Who may review results (docs/accounts.md, "Reviewed results"): nobody special, a reviewer an operator appointed, an operator. */
export type ReviewRole = 'none' | 'reviewer' | 'operator';

/** `GET /api/me`: the signed-in account and its role with review (`none` for a banned account). */
export interface SignedInAnswer {
  readonly account: AccountView;
  readonly role: ReviewRole;
}

/** `GET /api/me`, and the answers that change the account. */
export interface MeAnswer {
  readonly account: AccountView;
}

/** `GET /api/players/:id`: a player's profile. */
export interface ProfileAnswer {
  readonly account: {
    readonly id: string;
    readonly name: string;
    readonly username: string | null;
    readonly since: number;
  };
  /** One per edition played rated. */
  readonly ratings: readonly RatingView[];
  /**
   * The rating shown after each rated game, per edition, oldest first, with the game to replay and
   * its uncertainty then (`deviation`, shown as "± n").
   */
  readonly history: readonly {
    readonly edition: RaceEdition;
    readonly game: string;
    readonly display: number;
    readonly deviation: number;
    readonly at: number;
  }[];
  /**
   * Verified solo results: how many, the best per mode, length and side (of runs dealt shuffled),
   * and the mean time of a solved puzzle (null before the first).
   */
  readonly solo: {
    readonly runs: number;
    readonly best: readonly BoardRunEntry[];
    readonly averagePuzzleMs: number | null;
  };
  /** The courses' progress: campaign stars, the daily streak, Storm highs. */
  readonly progress: ProfileProgress;
}

/** A profile's courses (docs/accounts.md, "Profiles"): what counts there, as the courses count it. */
export interface ProfileProgress {
  /** Stars earned of the most there are (3 a level), and levels solved of all the campaign's. */
  readonly campaign: {
    readonly stars: number;
    readonly maxStars: number;
    readonly levels: number;
    readonly totalLevels: number;
  };
  /**
   * Days with a counted solved daily attempt: the streak now (as `GET /api/daily` counts it), the
   * longest, how many in all, and the days an attempt was taken (solved or not).
   */
  readonly daily: {
    readonly streak: number;
    readonly longest: number;
    readonly solved: number;
    readonly played: number;
  };
  /** The best listed Storm score of the UTC day, of the ISO week and of all time (null: none). */
  readonly storm: StormHighs;
}

/**
 * `GET /api/me/held`: the signed-in account's solo runs held for review (docs/accounts.md, "Held
 * results"), newest first: under review (`held`), or kept off the boards by an operator (`rejected`).
 */
export interface HeldAnswer {
  readonly runs: readonly (SoloRecordEntry & { readonly review: 'held' | 'rejected' })[];
}
