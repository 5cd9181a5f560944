import type { RaceEdition, RatingView } from '@ubongo/core';
import { ordinal, rate, rating } from 'openskill';
import type { PlayerRating } from './storage.js';

/*
 * Ratings for players (docs/accounts.md): openskill's Weng-Lin Plackett-Luce model, made for
 * free-for-all games of any number of players, one rating per edition. A new player starts at
 * mu 25, sigma 25/3; leaderboards rank by mu - 3 sigma (a rating the player is very likely above),
 * shown on a familiar scale as 1500 + 40 (mu - 3 sigma). The first 5 games are provisional.
 */

/** Rated games before a rating is no longer provisional. */
export const PROVISIONAL_GAMES = 5;

/** The shown number of a rating. */
export const displayOf = (r: { mu: number; sigma: number }): number => Math.round(1500 + 40 * ordinal(r));

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
 * a tie) and rating before (none: a new player). Players who are not rated (bots, implausible
 * solves) are left out by the caller; a game needs two rated players to move anything.
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
