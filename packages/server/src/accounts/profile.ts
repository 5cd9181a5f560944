import type { BoardRunEntry, PlayerRunsAnswer, ProfileAnswer } from '@ubongo/core';
import { isReviewed } from '../leaderboards.js';
import { deviationOf, displayOf, ratingView } from '../rating/ratings.js';
import type { ProgressOptions } from './progress.js';
import { progressOf } from './progress.js';
import type { StoredSoloRun } from '../solo/store.js';
import type { Stores } from '../storage/stores.js';

/** A stored solo run as people see it on a board: the account's public id, the verification stays in stores. */
export const entryOf = (r: StoredSoloRun): BoardRunEntry => ({
  run: r.id,
  player: r.player,
  username: r.username,
  account: r.accountId,
  mode: r.mode,
  limit: r.limit,
  side: r.side,
  solved: r.solved,
  skipped: r.skipped,
  ms: r.ms,
  seed: r.seed,
  finishedAt: r.finishedAt,
  reviewed: isReviewed(r.review),
});

/** A run in its player's own list: whether it was verified and how it was dealt, too. */
export const ownEntryOf = (r: StoredSoloRun): PlayerRunsAnswer['runs'][number] => ({
  ...entryOf(r),
  verified: r.verified,
  dealing: r.dealing ?? 'shuffled',
});

/**
 * A player's profile (`GET /api/players/:id`): ratings with their history, verified solo bests,
 * the courses' progress. Read from each run's summary (`soloSummary`): no page reads a run's
 * puzzles or trails.
 */
export async function profileOf(
  stores: Pick<Stores, 'accounts' | 'campaign' | 'daily' | 'ratings' | 'soloRuns'>,
  options: ProgressOptions,
  id: string,
): Promise<ProfileAnswer | undefined> {
  const account = await stores.accounts.account(id);
  if (!account) return undefined;
  const ratings = await stores.ratings.ratingsOf(id);
  const history = (
    await Promise.all(
      ratings.map(async (r) =>
        (await stores.ratings.ratingHistory(id, r.edition)).map((h) => ({
          edition: r.edition,
          game: h.gameId,
          display: displayOf(h),
          deviation: deviationOf(h),
          at: h.at,
        })),
      ),
    )
  ).flat();
  const [solo, progress] = await Promise.all([stores.soloRuns.soloSummary(id), progressOf(stores, options, id)]);
  return {
    account: { id: account.id, name: account.name, username: account.username, since: account.createdAt },
    ratings: ratings.map(ratingView),
    history,
    solo: {
      runs: solo.runs,
      best: solo.best.map(entryOf),
      averagePuzzleMs: solo.solvedCount > 0 ? Math.round(solo.solvedMs / solo.solvedCount) : null,
    },
    progress,
  };
}
