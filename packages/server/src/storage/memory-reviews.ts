import type { Decision, HeldClaim, Reviewed, Reviews, Role, Standing } from '../solo/review-store.js';
import type { Review, SoloRecord } from '../solo/store.js';
import { claimDecision, parseReviewId, QUEUED_DEALINGS } from './kysely-reviews.js';
import type { Gate, MemoryStanding } from './memory-shared.js';
import type { MemorySoloRuns } from './memory-solo-runs.js';

const UNDER = (all: boolean): Review[] => (all ? ['held', 'approved', 'released', 'rejected'] : ['held']);

/** The results under review of a store in memory: its solo runs' reviews, the held and flagged claims, the standings. */
export class MemoryReviews implements Reviews {
  private readonly claims: (HeldClaim & { review: Review })[] = [];

  constructor(
    private readonly gate: Gate,
    private readonly soloRuns: MemorySoloRuns,
    private readonly standings: MemoryStanding,
  ) {}

  holdClaim(c: HeldClaim): Promise<void> {
    return this.gate.run(() => {
      this.claims.push({ ...c, reasons: [...c.reasons], review: c.held === false ? 'none' : 'held' });
    });
  }

  heldPlayers(gameId: string): Promise<string[]> {
    return this.gate.run(() =>
      [...new Set(this.claims.filter((c) => c.gameId === gameId && c.held !== false).map((c) => c.player))].sort(
        (a, b) => (a < b ? -1 : a > b ? 1 : 0),
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

  queue(top: number): Promise<Reviewed[]> {
    return this.gate.run(() => {
      const runs = this.soloRuns
        .underReview(['none', 'held'])
        .filter(
          ({ run }) =>
            run.verified &&
            (QUEUED_DEALINGS as readonly string[]).includes(run.dealing ?? 'shuffled') &&
            run.accountId !== null &&
            this.soloRuns.isClaimed(run.accountId) &&
            !this.standings.isBanned(run.accountId),
        )
        .reverse()
        .slice(0, top)
        .map(({ id, run }) => runOf(id, run));
      const claims = this.claims
        .flatMap((c, i) => (c.review === 'none' || c.review === 'held' ? [claimOf(c, i + 1)] : []))
        .reverse()
        .slice(0, top);
      return [...runs, ...claims];
    });
  }

  result(id: string): Promise<Reviewed | undefined> {
    return this.gate.run(() => {
      const which = parseReviewId(id);
      if (!which) return undefined;
      if (which.kind === 'run') {
        const run = this.soloRuns.runAt(which.row);
        return run ? runOf(which.row, run) : undefined;
      }
      const claim = this.claims[which.row - 1];
      return claim ? claimOf(claim, which.row) : undefined;
    });
  }

  decide(id: string, decision: Decision): Promise<Reviewed | undefined> {
    return this.gate.run(() => {
      const which = parseReviewId(id);
      if (!which) return undefined;
      if (which.kind === 'run') {
        const run = this.soloRuns.setReview(which.row, decision);
        return run ? runOf(which.row, run) : undefined;
      }
      const claim = this.claims[which.row - 1];
      if (!claim) return undefined;
      const review = claimDecision(claim.held !== false, decision);
      this.claims[which.row - 1] = { ...claim, review };
      return claimOf({ ...claim, review }, which.row);
    });
  }

  standing(accountId: string): Promise<Standing> {
    return this.gate.run(() => this.standings.of(accountId));
  }

  setRole(accountId: string, role: Role): Promise<void> {
    return this.gate.run(() => {
      this.standings.set(accountId, { role });
    });
  }

  ban(accountId: string, at: number): Promise<void> {
    return this.gate.run(() => {
      if (!this.standings.isBanned(accountId)) this.standings.set(accountId, { bannedAt: at });
    });
  }
}

const runOf = (id: number, run: SoloRecord): Reviewed => ({
  id: `run-${id}`,
  kind: 'run',
  run: { ...run, id },
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
