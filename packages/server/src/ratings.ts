import type { RaceEdition, RatingView } from '@ubongo/core';
import { rate, rating } from 'openskill';
import { rankOf } from './leaderboards.js';
import type { RaceGame } from './race-game.js';
import type { PlayerRating, Storage } from './storage.js';

/*
 * Ratings for players (docs/accounts.md): openskill's Weng-Lin Plackett-Luce model, made for
 * free-for-all games of any number of players, one rating per edition. A new player starts at
 * mu 25, sigma 25/3; leaderboards rank by mu - 3 sigma (a rating the player is very likely above),
 * shown on a familiar scale as 1500 + 40 (mu - 3 sigma). The first 5 games are provisional.
 */

/** Rated games before a rating is no longer provisional. */
export const PROVISIONAL_GAMES = 5;

/** The shown number of a rating. */
export const displayOf = (r: { mu: number; sigma: number }): number => Math.round(1500 + 40 * rankOf(r));

/** Whether a seat's person can be rated: an account with a username (a guest cannot be). */
export const ratable = <S extends { readonly accountId?: string | undefined; readonly claimed?: boolean | undefined }>(
  s: S,
): s is S & { readonly accountId: string } => s.accountId !== undefined && s.claimed === true;

/**
 * Who a rated game rates (docs/accounts.md), at their place (`places` by player id; the last
 * place when missing): the seats whose person can be rated, a stand-in's too (leaving does not
 * dodge a loss), but not bots nor a player whose solve came faster than a person can.
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
  return seats.flatMap((s) =>
    ratable(s) && !implausible.has(s.id) ? [{ accountId: s.accountId, place: places.get(s.id) ?? places.size }] : [],
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
  };
}

/**
 * The ratings after a rated game of `edition`: each rated player's place (1 best; equal places are
 * a tie) and rating before (none: a new player), as `ratedPlayers` picks them; a game needs two
 * rated players to move anything.
 */
export function rateGame(
  edition: RaceEdition,
  players: readonly { accountId: string; place: number; before: PlayerRating | undefined }[],
  now: number,
): PlayerRating[] {
  if (players.length < 2) return [];
  const before = players.map((p) => (p.before ? rating({ mu: p.before.mu, sigma: p.before.sigma }) : rating()));
  const after = rate(
    before.map((r) => [r]),
    { rank: players.map((p) => p.place) },
  );
  return players.map((p, i) => {
    const r = after[i]?.[0] ?? before[i] ?? rating();
    return {
      accountId: p.accountId,
      edition,
      mu: r.mu,
      sigma: r.sigma,
      games: (p.before?.games ?? 0) + 1,
      updatedAt: now,
    };
  });
}

/** A rated game's end (race-master.ts): its rated players' ratings move by their places, and are stored. */
export async function rateRace(
  storage: Pick<Storage, 'ratingsOf' | 'saveRatings'>,
  game: Pick<RaceGame, 'id' | 'edition' | 'view'>,
  seats: Parameters<typeof ratedPlayers>[0],
  implausible: ReadonlySet<string>,
  now: number,
): Promise<void> {
  const places = new Map(game.view(null).standings.map((s) => [s.player, s.place]));
  const players = await Promise.all(
    ratedPlayers(seats, places, implausible).map(async (p) => ({
      ...p,
      before: (await storage.ratingsOf(p.accountId)).find((r) => r.edition === game.edition),
    })),
  );
  await storage.saveRatings(game.id, rateGame(game.edition, players, now));
}
