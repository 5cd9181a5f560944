import type { RaceEdition, RatingLimit } from '@ubongo/core';
import { rate, rating } from 'openskill';
import { rankOf } from '../leaderboards.js';
import type { PlayerRating, RatedGame, RatedRecord, Skill } from './store.js';

/*
 * The rules that keep a rating from being bought (docs/accounts.md, "Ratings that cannot be
 * bought"), pure: the storage-facing step is ratings.ts's `rateRace`.
 *
 * Every rated game moves every rated player's rating, from the first game on: the games are
 * judged, not the newcomer. A new rating's uncertainty (sigma) is shown beside it instead.
 * - The k-th rated game against the same account within 7 days moves a rating 1/k as far as the
 *   first (losses as gains, so that friends who play each other often are not drained); with
 *   several opponents, the mean of their factors.
 * - A rating rises at most 200 shown points (1500 + 40 (mu - 3 sigma)) above where it stood at the
 *   start of the UTC day, per account and edition.
 * - A closed group gives little: when every opponent of a game is of a small group (has met only a
 *   few accounts in 30 days), the net rise such games gave in 30 days is capped (`CLOSED_GROUP`).
 *   Fresh accounts cost nothing to make, so neither they nor a ring of a few may lift anyone far.
 * A move cut short (repeats, the caps) is the same move scaled, mu and sigma alike: part of a game.
 */

/** A day in ms. */
export const DAY = 24 * 60 * 60 * 1000;

/**
 * What makes an account established in an edition (its rated games in that edition). Ratings move
 * without it; the rated queue pairs the established with each other (rated-queue.ts).
 */
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
  /**
   * The net rise (shown points) closed games gave it in the last `CLOSED_GROUP.days`, when this game
   * is one (`closedGroup`); null when it is not.
   */
  readonly closed: number | null;
  /** The rating it had when this UTC day began (none: a new player then). */
  readonly dayStart: Skill | undefined;
  /** Rated games against each account within `REPEAT_DAYS` before this one (missing: none). */
  readonly met: ReadonlyMap<string, number>;
}

/**
 * A rating after a game, with the player's place in it and what kept its move short (`limits`:
 * repeated opponents, the day's cap, a closed group's cap).
 */
export type RatedResult = PlayerRating & { readonly place: number; readonly limits: readonly RatingLimit[] };

const skillOf = (r: Skill | undefined): Skill => (r ? { mu: r.mu, sigma: r.sigma } : rating());

/**
 * The ratings after a rated game of `edition` (see the rules above): one per entrant, each moved
 * against all the others; a game of fewer than two rated players changes nothing (and is not counted).
 */
export function rateGame(edition: RaceEdition, players: readonly Entrant[], now: number): RatedResult[] {
  if (players.length < 2) return [];
  return players.map((p) => {
    const before = skillOf(p.before);
    const others = players.filter((o) => o !== p);
    const table = [p, ...others];
    const moved = rate(
      table.map((o) => [rating(skillOf(o.before))]),
      { rank: table.map((o) => o.place) },
    )[0]?.[0];
    const limits: RatingLimit[] = [];
    const repeat = others.reduce((sum, o) => sum + 1 / (1 + (p.met.get(o.accountId) ?? 0)), 0) / others.length;
    if (repeat < 1) limits.push('repeated-opponent');
    const shrunk = moved ? toward(before, moved, repeat) : before;
    const start = rankOf(skillOf(p.dayStart));
    const daily = capRise(before, shrunk, start + DAILY_GAIN / SHOWN_PER_UNIT - rankOf(before));
    if (daily !== shrunk) limits.push('daily-cap');
    const after = p.closed === null ? daily : capRise(before, daily, (CLOSED_GROUP.gain - p.closed) / SHOWN_PER_UNIT);
    if (after !== daily) limits.push('closed-group');
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
 * The move from `before` to `after`, cut short so that mu - 3 sigma rises by at most `most` (none
 * when `most` is below 0); a loss is never cut. mu - 3 sigma is linear in mu and sigma, so a scaled
 * move scales the rise alike.
 */
function capRise(before: Skill, after: Skill, most: number): Skill {
  const rise = rankOf(after) - rankOf(before);
  if (rise <= 0 || rise <= most) return after;
  return toward(before, after, Math.max(0, most) / rise);
}

/** What caps the rise a closed group of accounts gives each other (docs/accounts.md). */
export const CLOSED_GROUP = {
  /** The window looked at, in days. */
  days: 30,
  /** An opponent is of a small group when it, the accounts it met in the window and the game's players are at most this many. */
  size: 12,
  /** The most net rise, in shown points, games against small groups give an account in the window. */
  gain: 150,
} as const;

/**
 * Whether `id` is of a small group in a game of `players` (ids, its own included): it, the accounts
 * it met in `games` (its rated games of the edition in the window) and the game's players number at
 * most `CLOSED_GROUP.size`. A fresh account made to lose, and each member of a ring of a few
 * accounts that play each other, is; a player who meets many is not.
 */
export const inSmallGroup = (id: string, players: readonly string[], games: readonly RatedGame[]): boolean =>
  new Set([id, ...players, ...games.flatMap((g) => g.others.map((o) => o.accountId))]).size <= CLOSED_GROUP.size;

/**
 * Whether a game of `me` against `opponents` is closed (every opponent of a small group,
 * `inSmallGroup`), and if so the net rise (shown points) that `me`'s closed games of the window gave
 * it before this one; null when it is not. `mine`: `me`'s rated games of the edition in the window;
 * `theirs`: the window's games of each account `me` met there and of this game's opponents;
 * `rises`: the shown rise of each of `me`'s games (by game id, `risesOf`). Past games are judged
 * as their opponents stand now, so a ring that played long ago is a ring today.
 */
export function closedGroup(
  me: string,
  opponents: readonly string[],
  mine: readonly RatedGame[],
  theirs: ReadonlyMap<string, readonly RatedGame[]>,
  rises: ReadonlyMap<string, number>,
): number | null {
  const closed = (others: readonly string[]): boolean =>
    others.every((o) => inSmallGroup(o, [me, ...others], theirs.get(o) ?? []));
  if (!closed(opponents)) return null;
  return mine
    .filter((g) => closed(g.others.map((o) => o.accountId)))
    .reduce((sum, g) => sum + (rises.get(g.gameId) ?? 0), 0);
}

/** Every account `me` met in `mine` (its rated games), and `opponents`, `me` aside. */
export const metIn = (me: string, opponents: readonly string[], mine: readonly RatedGame[]): string[] => [
  ...new Set([...opponents, ...mine.flatMap((g) => g.others.map((o) => o.accountId))].filter((id) => id !== me)),
];

/** The shown rise each game of a rating history gave (by game id), from a new player's rating before the first. */
export function risesOf(history: readonly { gameId: string; mu: number; sigma: number }[]): Map<string, number> {
  let before: Skill = rating();
  const rises = new Map<string, number>();
  for (const h of history) {
    rises.set(h.gameId, SHOWN_PER_UNIT * (rankOf(h) - rankOf(before)));
    before = h;
  }
  return rises;
}

/** Why an account whose rise a closed group capped is flagged for review. */
export const closedGroupReason = (edition: RaceEdition): string =>
  `its rise from rated ${edition} games against small groups of accounts (each meeting at most ` +
  `${CLOSED_GROUP.size - 1} others) reached the cap of ${CLOSED_GROUP.gain} in ${CLOSED_GROUP.days} days: ` +
  'possible rating boosting';

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
