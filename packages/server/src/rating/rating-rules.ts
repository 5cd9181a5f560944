import type { RaceEdition, RatingLimit } from '@ubongo/core';
import { rate, rating } from 'openskill';
import { rankOf } from '../leaderboards.js';
import type { PlayerRating, RatedGame, RatedRecord, Skill } from './store.js';

/*
 * The rules that keep a rating from being bought (docs/accounts.md, "Ratings that cannot be
 * bought"), pure: the storage-facing step is ratings.ts's `rateRace`.
 *
 * - A player is rated only against the *established* among the other rated players: accounts
 *   that have played rated games in the edition for a week, ten games, against five different
 *   accounts. Fresh accounts made to lose cost nothing to make, so beating them must be worth
 *   nothing; a newcomer beaten by (or beating) an established player still moves, so newcomers
 *   grow into ratings by playing. A game without an established opponent moves nobody's rating
 *   but counts as played (games, opponents) towards becoming established.
 * - The k-th rated game against the same account within 7 days moves a rating 1/k as far as the
 *   first (losses as gains, so that friends who play each other often are not drained); with
 *   several counted opponents, the mean of their factors.
 * - A rating rises at most 200 shown points (1500 + 40 (mu - 3 sigma)) above where it stood at the
 *   start of the UTC day, per account and edition: about two wins of a newcomer still settling,
 *   or ten straight of a settled player.
 * A move cut short (repeats, the cap) is the same move scaled, mu and sigma alike: part of a game.
 */

/** A day in ms. */
export const DAY = 24 * 60 * 60 * 1000;

/** What makes an account established in an edition (its rated games in that edition). */
export const ESTABLISHED = {
  /** Days since its first rated game. */
  days: 7,
  /** Rated games played. */
  games: 10,
  /** Different accounts met in them. */
  opponents: 5,
} as const;

/** The window in which games against the same account shrink, in days. */
export const REPEAT_DAYS = 7;

/** The most a shown rating rises in a UTC day above where it stood at its start. */
export const DAILY_GAIN = 200;

/** The shown rating's points per unit of mu - 3 sigma (ratings.ts's `displayOf`). */
export const SHOWN_PER_UNIT = 40;

/** Whether an account with this record is established at `now` (`ESTABLISHED`). */
export const isEstablished = (r: RatedRecord, now: number): boolean =>
  r.firstAt !== null &&
  now - r.firstAt >= ESTABLISHED.days * DAY &&
  r.games >= ESTABLISHED.games &&
  r.opponents >= ESTABLISHED.opponents;

/** The start of the UTC day of `at` (ms since 1970). */
export const dayStart = (at: number): number => Math.floor(at / DAY) * DAY;

/** A rated player of a game, with what the rules need to know of them. */
export interface Entrant {
  readonly accountId: string;
  /** 1 best; equal places tie. */
  readonly place: number;
  /** The rating before this game (none: a new player). */
  readonly before: PlayerRating | undefined;
  /** Whether the account is established (`isEstablished`) as the game ends. */
  readonly established: boolean;
  /** The rating it had when this UTC day began (none: a new player then). */
  readonly dayStart: Skill | undefined;
  /** Rated games against each account within `REPEAT_DAYS` before this one (missing: none). */
  readonly met: ReadonlyMap<string, number>;
}

/**
 * A rating after a game, with the player's place in it and what kept its move short or at nothing
 * (`limits`: no established opponent, repeated opponents, the day's cap).
 */
export type RatedResult = PlayerRating & { readonly place: number; readonly limits: readonly RatingLimit[] };

const skillOf = (r: Skill | undefined): Skill => (r ? { mu: r.mu, sigma: r.sigma } : rating());

/**
 * The ratings after a rated game of `edition` (see the rules above): one per entrant, each moved
 * against the established among the others only; a game of fewer than two rated players changes
 * nothing (and is not counted).
 */
export function rateGame(edition: RaceEdition, players: readonly Entrant[], now: number): RatedResult[] {
  if (players.length < 2) return [];
  return players.map((p) => {
    const before = skillOf(p.before);
    const counted = players.filter((o) => o !== p && o.established);
    let after = before;
    const limits: RatingLimit[] = [];
    if (counted.length === 0) limits.push('no-established-opponent');
    else {
      const table = [p, ...counted];
      const moved = rate(
        table.map((o) => [rating(skillOf(o.before))]),
        { rank: table.map((o) => o.place) },
      )[0]?.[0];
      const repeat = counted.reduce((sum, o) => sum + 1 / (1 + (p.met.get(o.accountId) ?? 0)), 0) / counted.length;
      if (repeat < 1) limits.push('repeated-opponent');
      const shrunk = moved ? toward(before, moved, repeat) : before;
      after = capped(before, shrunk, p.dayStart);
      if (after !== shrunk) limits.push('daily-cap');
    }
    return {
      accountId: p.accountId,
      edition,
      mu: after.mu,
      sigma: after.sigma,
      games: (p.before?.games ?? 0) + 1,
      updatedAt: now,
      place: p.place,
      limits,
    };
  });
}

/** The part `f` (0 to 1) of the move from `from` to `to`. */
const toward = (from: Skill, to: Skill, f: number): Skill => ({
  mu: from.mu + f * (to.mu - from.mu),
  sigma: from.sigma + f * (to.sigma - from.sigma),
});

/**
 * The move from `before` to `after`, cut short so that the shown rating ends at most
 * `DAILY_GAIN` above where it stood at the day's start (a new player's 1500 when none).
 * mu - 3 sigma is linear in mu and sigma, so a scaled move scales the rise alike.
 */
function capped(before: Skill, after: Skill, start: Skill | undefined): Skill {
  const limit = rankOf(skillOf(start)) + DAILY_GAIN / SHOWN_PER_UNIT;
  const rise = rankOf(after) - rankOf(before);
  if (rise <= 0 || rankOf(after) <= limit) return after;
  return toward(before, after, Math.max(0, limit - rankOf(before)) / rise);
}

/** What flags an account for trading wins with new accounts. */
export const WIN_TRADING = {
  /** The window looked at, in days; an opponent is new if its first rated game came within as many days before the game. */
  days: 30,
  /** Wins against new accounts at least. */
  wins: 10,
  /** ...that are more than this share of all its wins in the window. */
  share: 0.5,
} as const;

/**
 * Why an account's rated games of `edition` (those since `now` - `WIN_TRADING.days`) look like
 * win trading, or null: its wins (first alone among the rated players) come mostly from
 * accounts new to rated play and younger than it (their first rated game after its own,
 * `firstAt`), at least `WIN_TRADING.wins` of them. Accounts that started together (a new server's
 * first players) do not flag each other.
 */
export function winTrading(
  edition: RaceEdition,
  games: readonly RatedGame[],
  firstAt: number | null,
  now: number,
): string | null {
  const since = now - WIN_TRADING.days * DAY;
  const wins = games.filter(
    (g) =>
      g.at >= since &&
      g.place !== null &&
      g.others.length > 0 &&
      g.others.every((o) => o.place !== null && g.place !== null && o.place > g.place),
  );
  const fresh = wins.filter((g) =>
    g.others.every((o) => g.at - o.firstAt < WIN_TRADING.days * DAY && o.firstAt > (firstAt ?? g.at)),
  );
  if (fresh.length < WIN_TRADING.wins || fresh.length <= WIN_TRADING.share * wins.length) return null;
  return (
    `won ${fresh.length} of its ${wins.length} won rated ${edition} games in ${WIN_TRADING.days} days ` +
    `against accounts new to rated play (their first rated game under ${WIN_TRADING.days} days before, ` +
    'after its own): ' +
    'possible win trading'
  );
}
