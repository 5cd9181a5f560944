import type { HeldClaim, Reviewed, Reviews } from '../solo/review-store.js';
import type { Review, SoloRecord } from '../solo/store.js';
import { parseReviewId } from './kysely-reviews.js';
import type { Gate } from './memory-shared.js';
import type { MemorySoloRuns } from './memory-solo-runs.js';

const UNDER = (all: boolean): Review[] => (all ? ['held', 'released', 'rejected'] : ['held']);

/** The held results of a store in memory: its solo runs' reviews, and the held claims. */
export class MemoryReviews implements Reviews {
  private readonly claims: (HeldClaim & { review: Review })[] = [];

  constructor(
    private readonly gate: Gate,
    private readonly soloRuns: MemorySoloRuns,
  ) {}

  holdClaim(c: HeldClaim): Promise<void> {
    return this.gate.run(() => {
      this.claims.push({ ...c, reasons: [...c.reasons], review: 'held' });
    });
  }

  heldPlayers(gameId: string): Promise<string[]> {
    return this.gate.run(() =>
      [...new Set(this.claims.filter((c) => c.gameId === gameId).map((c) => c.player))].sort((a, b) =>
        a < b ? -1 : a > b ? 1 : 0,
      ),
    );
  }

  reviews(all = false): Promise<Reviewed[]> {
    return this.gate.run(() => {
      const under = UNDER(all);
      const runs = this.soloRuns.underReview(under).map(({ id, run }) => runOf(id, run));
      const claims = this.claims.flatMap((c, i) => (under.includes(c.review) ? [claimOf(c, i + 1)] : []));
      return [...runs, ...claims].sort((a, b) => a.at - b.at);
    });
  }

  decide(id: string, review: 'released' | 'rejected'): Promise<Reviewed | undefined> {
    return this.gate.run(() => {
      const which = parseReviewId(id);
      if (!which) return undefined;
      if (which.kind === 'run') {
        const run = this.soloRuns.setReview(which.row, review);
        return run ? runOf(which.row, run) : undefined;
      }
      const claim = this.claims[which.row - 1];
      if (!claim) return undefined;
      this.claims[which.row - 1] = { ...claim, review };
      return claimOf({ ...claim, review }, which.row);
    });
  }
}

const runOf = (id: number, run: SoloRecord): Reviewed => ({
  id: `run-${id}`,
  kind: 'run',
  run,
  accountId: run.accountId,
  reasons: run.reasons ?? [],
  review: run.review ?? 'none',
  at: run.finishedAt,
});

const claimOf = (c: HeldClaim & { review: Review }, id: number): Reviewed => ({
  id: `claim-${id}`,
  kind: 'claim',
  gameId: c.gameId,
  player: c.player,
  accountId: c.accountId,
  reasons: [...c.reasons],
  review: c.review,
  at: c.at,
});
