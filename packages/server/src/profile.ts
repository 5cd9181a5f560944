import type { ProfileAnswer, SoloRecordEntry } from '@ubongo/core';
import { displayOf, ratingView } from './ratings.js';
import { bestListedRuns } from './solo-bests.js';
import type { SoloRecord, Storage } from './storage.js';

/** A stored solo result as people see it: the account and the verification stay in storage. */
export const entryOf = (r: SoloRecord): SoloRecordEntry => ({
  player: r.player,
  mode: r.mode,
  limit: r.limit,
  side: r.side,
  solved: r.solved,
  skipped: r.skipped,
  ms: r.ms,
  seed: r.seed,
  finishedAt: r.finishedAt,
});

/** A player's profile (`GET /api/players/:id`): ratings with their history, verified solo bests. */
export async function profileOf(
  storage: Pick<Storage, 'account' | 'ratingsOf' | 'ratingHistory' | 'soloResultsOf'>,
  id: string,
): Promise<ProfileAnswer | undefined> {
  const account = await storage.account(id);
  if (!account) return undefined;
  const ratings = await storage.ratingsOf(id);
  const history = (
    await Promise.all(
      ratings.map(async (r) =>
        (await storage.ratingHistory(id, r.edition)).map((h) => ({
          edition: r.edition,
          game: h.gameId,
          display: displayOf(h),
          at: h.at,
        })),
      ),
    )
  ).flat();
  // A run held for review, or rejected, shows nowhere public (docs/accounts.md, "Held results").
  const verified = (await storage.soloResultsOf(id)).filter(
    (r) => r.verified && r.review !== 'held' && r.review !== 'rejected',
  );
  let solvedMs = 0;
  let solvedCount = 0;
  for (const r of verified) {
    // A run's own puzzles where it kept them; its time shared out over its solves before that.
    const solved = r.puzzles?.filter((p) => p.outcome === 'solved') ?? [];
    solvedMs += solved.length > 0 ? solved.reduce((sum, p) => sum + p.ms, 0) : r.solved > 0 ? r.ms : 0;
    solvedCount += solved.length > 0 ? solved.length : r.solved;
  }
  return {
    account: { id: account.id, name: account.name, username: account.username, since: account.createdAt },
    ratings: ratings.map(ratingView),
    history,
    solo: {
      runs: verified.length,
      best: [...bestListedRuns(verified).values()].map(entryOf),
      averagePuzzleMs: solvedCount > 0 ? Math.round(solvedMs / solvedCount) : null,
    },
  };
}
