import type { SeasonView } from '@ubongo/core';
import { rating } from 'openskill';
import { displayOf } from './ratings.js';
import type { Stores } from '../storage/stores.js';

/*
 * Seasons of rated play (docs/accounts.md, "Seasons"). A season is a run of `months` calendar
 * months (UTC), 3 unless the server says otherwise (UBONGO_SEASON_MONTHS), counted from January
 * 1970: with 3, the quarters of the year (January, April, July, October). Its id is the month it
 * starts, `YYYY-MM`. At a season's turn the ending season's board is kept as it stood and every
 * rating's uncertainty is widened (`widen`), so that a new season asks players to show their
 * strength again; the turn is taken by the first process to see the new season, once (the seasons
 * store's `turnSeason`).
 */

/** Months in a season unless configured. */
export const SEASON_MONTHS = 3;

/** The uncertainty added at a season's turn (in quadrature): half of openskill's beta, 25/12. */
export const SEASON_WIDEN = 25 / 12;

/** A new player's uncertainty, which a turn never goes past (openskill's 25/3). */
const FRESH_SIGMA = rating().sigma;

/** A rating's uncertainty after a season's turn: sqrt(sigma² + (25/12)²), at most a new player's. */
export const widen = (sigma: number): number => Math.min(FRESH_SIGMA, Math.hypot(sigma, SEASON_WIDEN));

/** The months since January 1970 of a time (UTC). */
const monthOf = (ms: number): number => {
  const d = new Date(ms);
  return (d.getUTCFullYear() - 1970) * 12 + d.getUTCMonth();
};

const startOfMonth = (month: number): number => Date.UTC(1970 + Math.floor(month / 12), month % 12, 1);

const idOf = (month: number): string =>
  `${String(1970 + Math.floor(month / 12)).padStart(4, '0')}-${String((month % 12) + 1).padStart(2, '0')}`;

/** The season of seasons of `months` months that `ms` falls in. */
export function seasonAt(ms: number, months: number): SeasonView {
  const first = Math.floor(monthOf(ms) / months) * months;
  return { id: idOf(first), startsAt: startOfMonth(first), endsAt: startOfMonth(first + months) };
}

/** The season named `id` (`YYYY-MM`, a month a season starts), or undefined when no season starts then. */
export function seasonById(id: string, months: number): SeasonView | undefined {
  const m = /^(\d{4})-(\d{2})$/.exec(id);
  if (!m) return undefined;
  const month = (Number(m[1]) - 1970) * 12 + Number(m[2]) - 1;
  if (month < 0 || Number(m[2]) > 12 || month % months !== 0) return undefined;
  return { id, startsAt: startOfMonth(month), endsAt: startOfMonth(month + months) };
}

/**
 * The seasons of a server: which one is under way (its turn taken first, if no process has taken
 * it yet), on the server's clock (`now`, the time rated games are stored at).
 */
export class SeasonKeeper {
  /** The last season whose turn this process saw taken. */
  #turned: string | undefined;
  #turning: Promise<void> | undefined;

  constructor(
    private readonly stores: Pick<Stores, 'seasons'>,
    private readonly now: () => number,
    readonly months: number = SEASON_MONTHS,
    private readonly log: (message: string) => void = () => undefined,
  ) {
    if (!Number.isInteger(months) || months < 1 || months > 24)
      throw new RangeError('a season is 1 to 24 months (UBONGO_SEASON_MONTHS)');
  }

  /** The season under way, its turn taken. */
  async current(): Promise<SeasonView> {
    const season = seasonAt(this.now(), this.months);
    if (this.#turned !== season.id) {
      this.#turning ??= this.#turn(season).finally(() => {
        this.#turning = undefined;
      });
      await this.#turning;
    }
    return season;
  }

  /** Takes the season's turn unless taken: it ends the latest season turned before it (none on a new server). */
  async #turn(season: SeasonView): Promise<void> {
    const turned = await this.stores.seasons.seasonsTurned();
    const latest = turned[0];
    // Taken already (by this process or another); or a clock set back before the latest turn, which takes none.
    if (latest && latest.startsAt >= season.startsAt) {
      this.#turned = season.id;
      return;
    }
    const took = await this.stores.seasons.turnSeason({
      id: season.id,
      startsAt: season.startsAt,
      at: this.now(),
      ending: latest ?? null,
      widen,
      shown: displayOf,
    });
    if (took) this.log(`season ${season.id} began${latest ? `: season ${latest.id} is over` : ''}`);
    this.#turned = season.id;
  }

  /** The seasons past, newest first (those whose turn was taken before the one under way). */
  async past(): Promise<SeasonView[]> {
    const current = await this.current();
    const turned = await this.stores.seasons.seasonsTurned();
    return turned.flatMap((s, i) => {
      if (s.id === current.id) return [];
      const after = turned[i - 1];
      const own = seasonById(s.id, this.months) ?? seasonAt(s.startsAt, this.months);
      // A season ends where the next one turned (a server that was off for a while: the gap is the older one's).
      return [{ id: s.id, startsAt: s.startsAt, endsAt: after ? after.startsAt : own.endsAt }];
    });
  }
}
