import type { RatingChange, RatingView } from '@ubongo/core';
import { rankOf } from '../leaderboards.js';
import type { Entrant } from './rating-rules.js';
import { rating } from 'openskill';
import {
  CLOSED_GROUP,
  closedGroup,
  closedGroupReason,
  inSmallGroup,
  metIn,
  DAY,
  dayStart,
  rateGame,
  REPEAT_DAYS,
  risesOf,
  SHOWN_PER_UNIT,
  WIN_TRADING,
  winTrading,
} from './rating-rules.js';
import type { RaceGame } from '../table/race-game.js';
import type { PlayerRating, RatedGame } from './store.js';
import type { Stores } from '../storage/stores.js';

/*
 * Ratings for players (docs/accounts.md): openskill's Weng-Lin Plackett-Luce model, made for
 * free-for-all games of any number of players, one rating per edition. A new player starts at
 * mu 25, sigma 25/3; leaderboards rank by mu - 3 sigma (a rating the player is very likely above),
 * shown on a familiar scale as 1500 + 40 (mu - 3 sigma), with its uncertainty, 40 sigma, as "± n".
 * The first 5 games are provisional (the web shows "1540?").
 * What a game may move, and against whom, is rating-rules.ts's (ratings that cannot be bought).
 */

/** Rated games before a rating is no longer provisional. */
export const PROVISIONAL_GAMES = 5;

/** The shown number of a rating. */
export const displayOf = (r: { mu: number; sigma: number }): number => Math.round(1500 + SHOWN_PER_UNIT * rankOf(r));

/** A rating's uncertainty on the shown scale (shown as "± n"). */
export const deviationOf = (r: { sigma: number }): number => Math.round(SHOWN_PER_UNIT * r.sigma);

/** Whether a seat's person can be rated: an account with a username (a guest cannot be). */
export const ratable = <S extends { readonly accountId?: string | undefined; readonly claimed?: boolean | undefined }>(
  s: S,
): s is S & { readonly accountId: string } => s.accountId !== undefined && s.claimed === true;

/**
 * Who a rated game rates (docs/accounts.md), at their place (`places` by player id; the last
 * place when missing): the seats whose person can be rated, a stand-in's too (leaving does not
 * dodge a loss), but not bots. A player whose solve came faster than a person can (or without a
 * hand's trail) is put last, below everyone, and the others keep their order among themselves:
 * such a claim can neither win a game nor void the others' result.
 */
export function ratedPlayers(
  seats: readonly {
    readonly id: string;
    readonly accountId?: string | undefined;
    readonly claimed?: boolean | undefined;
  }[],
  places: ReadonlyMap<string, number>,
  implausible: ReadonlySet<string>,
): { accountId: string; place: number }[] {
  const last = Math.max(places.size, ...places.values()) + 1;
  return seats.flatMap((s) =>
    ratable(s)
      ? [{ accountId: s.accountId, place: implausible.has(s.id) ? last : (places.get(s.id) ?? places.size) }]
      : [],
  );
}

/** A rating as players see it. */
export function ratingView(r: PlayerRating): RatingView {
  return {
    edition: r.edition,
    mu: r.mu,
    sigma: r.sigma,
    display: displayOf(r),
    games: r.games,
    provisional: r.games < PROVISIONAL_GAMES,
    deviation: deviationOf(r),
  };
}

/** What the rating step needs of the stores. */
export type RatingStore = Pick<Stores, 'accounts' | 'ratings'>;

/**
 * A rated game's end (race-master.ts): its rated players' ratings move by their places under the
 * rules of rating-rules.ts, and are stored; a player whose wins come mostly from accounts new to
 * rated play is flagged for review (`log` says when that fails). `now` is the time since 1970
 * (the rules count days). Says each rated player's rating before and after, for the table to see
 * (none when fewer than two were rated).
 */
export async function rateRace(
  stores: RatingStore,
  game: Pick<RaceGame, 'id' | 'edition' | 'view'>,
  seats: Parameters<typeof ratedPlayers>[0],
  implausible: ReadonlySet<string>,
  now: number,
  log: (message: string) => void,
): Promise<RatingChange[]> {
  const { edition } = game;
  const places = new Map(game.view(null).standings.map((s) => [s.player, s.place]));
  const today = dayStart(now);
  const firstAt = new Map<string, number | null>();
  const entrants = ratedPlayers(seats, places, implausible);
  const window = now - CLOSED_GROUP.days * DAY;
  const players = await Promise.all(
    entrants.map(async (p): Promise<Entrant> => {
      const [ratings, record, history, recent] = await Promise.all([
        stores.ratings.ratingsOf(p.accountId),
        stores.ratings.ratedRecord(p.accountId, edition),
        stores.ratings.ratingHistory(p.accountId, edition),
        stores.ratings.ratedGames(p.accountId, edition, Math.min(window, now - REPEAT_DAYS * DAY)),
      ]);
      const met = new Map<string, number>();
      for (const g of recent.filter((g) => g.at >= now - REPEAT_DAYS * DAY))
        for (const o of g.others) met.set(o.accountId, (met.get(o.accountId) ?? 0) + 1);
      firstAt.set(p.accountId, record.firstAt);
      const opponents = entrants.filter((o) => o !== p).map((o) => o.accountId);
      const mine = recent.filter((g) => g.at >= window);
      const theirs = new Map<string, RatedGame[]>();
      const read = async (ids: readonly string[]) => {
        const games = await Promise.all(ids.map((id) => stores.ratings.ratedGames(id, edition, window)));
        for (const [i, id] of ids.entries()) theirs.set(id, games[i] ?? []);
      };
      // The accounts met before are read only when this game is against small groups.
      await read(opponents);
      const table = [p.accountId, ...opponents];
      if (opponents.every((o) => inSmallGroup(o, table, theirs.get(o) ?? [])))
        await read(metIn(p.accountId, opponents, mine).filter((id) => !theirs.has(id)));
      return {
        ...p,
        before: ratings.find((r) => r.edition === edition),
        closed: closedGroup(p.accountId, opponents, mine, theirs, risesOf(history)),
        dayStart: history.filter((h) => h.at < today).at(-1),
        met,
      };
    }),
  );
  const rated = rateGame(edition, players, now);
  // Stored as ratings; what limited each move is the table's to hear, not the store's to keep.
  await stores.ratings.saveRatings(
    game.id,
    rated.map(({ accountId, edition: e, mu, sigma, games, updatedAt, place }) => ({
      accountId,
      edition: e,
      mu,
      sigma,
      games,
      updatedAt,
      place,
    })),
  );
  // Only a win can add to a pattern of wins; a rise a closed group capped is flagged too. The
  // ratings are stored: a flag that cannot be written is logged, and does not make the game unsaved.
  for (const r of rated) {
    const won = rated.every((o) => o === r || o.place > r.place);
    try {
      const games = won ? await stores.ratings.ratedGames(r.accountId, edition, now - WIN_TRADING.days * DAY) : [];
      const reason = r.limits.includes('closed-group')
        ? closedGroupReason(edition)
        : winTrading(edition, games, firstAt.get(r.accountId) ?? null, now);
      if (reason !== null) await stores.accounts.flagAccount(r.accountId, reason, now);
    } catch (e) {
      log(`could not check account ${r.accountId} for boosting: ${String(e)}`);
    }
  }
  return rated.flatMap((r): RatingChange[] => {
    const seat = seats.find((s) => s.accountId === r.accountId);
    if (!seat) return [];
    const before = players.find((p) => p.accountId === r.accountId)?.before;
    return [
      {
        player: seat.id,
        before: displayOf(before ?? rating()),
        after: displayOf(r),
        provisional: r.games < PROVISIONAL_GAMES,
        deviation: deviationOf(r),
        limits: implausible.has(seat.id) ? ['implausible', ...r.limits] : r.limits,
      },
    ];
  });
}
