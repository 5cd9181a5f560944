/*
 * What the leaderboards list, and in which order: the one home of each rule, for the rooms, the
 * HTTP API and every store (the SQL stores filter and sort by these same values). It imports
 * nothing, so that any store can use it without an import circle.
 */

/** How many sigmas below mu a ranked rating lies (openskill's `ordinal`, docs/accounts.md). */
export const RANK_SIGMAS = 3;

/** The rating a player is very likely above, mu - 3 sigma: what leaderboards rank by and the shown number measures. */
export const rankOf = (r: { readonly mu: number; readonly sigma: number }): number => r.mu - RANK_SIGMAS * r.sigma;

/**
 * A listed solo run (records, bests): verified, and dealt shuffled (a run dealt at the player's
 * level was picked for them, so its times do not compare).
 */
export const LISTED = { verified: true, dealing: 'shuffled' } as const;

/** The dealings a board lists: the solo records' (shuffled) and Storm's highs' (`RecordQuery.dealing`). */
export const LISTED_DEALINGS = ['shuffled', 'storm'] as const;
export type ListedDealing = (typeof LISTED_DEALINGS)[number];

/**
 * The runs judged as a whole by the run model when they finish (docs/accounts.md, "Held results"):
 * every run whose result can stand on a board or earn something (the solo boards, the campaign's
 * stars, the daily's board, Storm's highs); not a run dealt at the player's level, which nothing lists.
 */
export const isJudged = (r: { readonly dealing?: string | undefined }): boolean =>
  (r.dealing ?? 'shuffled') !== 'level';

/** The reviews that keep a run off every board: held (what no person does), or rejected (solo/store.ts REVIEWS). */
export const UNLISTED_REVIEWS = ['held', 'rejected'] as const;

/** The reviews of a result a person looked at and let stand: approved (`released`, before reviews had that name). */
export const REVIEWED = ['approved', 'released'] as const;

/** Whether a result counts as reviewed (docs/accounts.md, "Reviewed results"): only a person's approval makes it so. */
export const isReviewed = (review: string | undefined): boolean =>
  (REVIEWED as readonly string[]).includes(review ?? 'none');

/**
 * Whether a run is listed (`LISTED`, and not held or rejected); a run stored before dealing was kept
 * was dealt shuffled. `on`: the board's dealing (Storm's highs list Storm's runs so).
 */
export const isListed = (
  r: {
    readonly verified: boolean;
    readonly dealing?: string | undefined;
    readonly review?: string | undefined;
  },
  on: ListedDealing = LISTED.dealing,
): boolean =>
  r.verified === LISTED.verified &&
  (r.dealing ?? 'shuffled') === on &&
  !(UNLISTED_REVIEWS as readonly string[]).includes(r.review ?? 'none');

/**
 * A history: at least `runs` results finished on at least `days` different UTC days. The solo
 * boards no longer ask for it (a claimed account's first result is listed at once, unreviewed:
 * docs/accounts.md); a season's board does (rating/).
 */
export const ESTABLISHED = { runs: 3, days: 2 } as const;

/**
 * Who a rating board lists (the edition's leaderboard, a season's board): a claimed account with at
 * least `games` rated games in the edition (in the season, for a season's board). One: a new player
 * is on the board from their first rated game, marked provisional (docs/accounts.md, "Ratings").
 */
export const RATING_BOARD = { games: 1 } as const;

/** The UTC day a time falls on, as a whole number of days since 1970 (what `ESTABLISHED.days` counts). */
export const dayOf = (ms: number): number => Math.floor(ms / 86_400_000);

/** Whether `runs` (an account's verified results) make it established, given that it is claimed. */
export const isEstablished = (runs: readonly { readonly finishedAt: number }[]): boolean =>
  runs.length >= ESTABLISHED.runs && new Set(runs.map((r) => dayOf(r.finishedAt))).size >= ESTABLISHED.days;
