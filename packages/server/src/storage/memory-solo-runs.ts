import { compareSoloResults } from '@ubongo/core';
import type { Account } from '../accounts/store.js';
import type {
  RecordQuery,
  Review,
  RunPage,
  SoloRecord,
  SoloRuns,
  SoloSummary,
  StoredSoloRun,
  TrailPruning,
} from '../solo/store.js';
import { isListed, isReviewed, UNLISTED_REVIEWS } from '../leaderboards.js';
import type { Gate, MemoryStanding } from './memory-shared.js';
import { columns, parseStored } from './schemas.js';
import { hasTrails, solvedOf, withoutTrails } from './solo-summary.js';

/** A run as `solo_results` keeps it: its puzzles (without trails) as JSON text, read back through the same parser. */
type SoloRow = Omit<SoloRecord, 'puzzles'> & {
  readonly id: number;
  readonly puzzles: string;
  readonly solvedCount: number;
  readonly solvedMs: number;
};

/** The order of a setting's best first (the SQL stores' `BEST_FIRST`): core's comparison, then who finished first. */
const bestFirst = (a: SoloRow, b: SoloRow): number =>
  compareSoloResults(b, a) || a.finishedAt - b.finishedAt || a.id - b.id;

/** A run that counts for its account's history: verified, and not held or rejected. */
const isCounted = (r: Pick<SoloRecord, 'verified' | 'review'>): boolean =>
  r.verified && !(UNLISTED_REVIEWS as readonly string[]).includes(r.review ?? 'none');

/** The solo runs of a store in memory; `accountOf` finds an account of the same set (for its username). */
export class MemorySoloRuns implements SoloRuns {
  // In saving order, like SQLite's rowids (a run's id is its place, from 1).
  private readonly solos: SoloRow[] = [];
  /** `solo_trails`: a run's puzzles with their moves, by run id. */
  private readonly trails = new Map<number, string>();

  constructor(
    private readonly gate: Gate,
    private readonly accountOf: (id: string) => Account | undefined,
    private readonly standings: MemoryStanding,
  ) {}

  saveSolo(r: SoloRecord): Promise<number> {
    return this.gate.run(() => {
      const puzzles = r.puzzles ?? [];
      const solved = solvedOf(r);
      const id = this.solos.length + 1;
      this.solos.push({
        ...r,
        id,
        puzzles: JSON.stringify(withoutTrails(puzzles)),
        dealing: r.dealing ?? 'shuffled',
        solvedCount: solved.count,
        solvedMs: solved.ms,
        review: r.review ?? 'none',
        reasons: [...(r.reasons ?? [])],
      });
      if (hasTrails(puzzles)) this.trails.set(id, JSON.stringify(puzzles));
      return id;
    });
  }

  soloResultsOf(accountId: string, page?: RunPage): Promise<StoredSoloRun[]> {
    return this.gate.run(() => {
      const before = page?.before;
      const mine = this.solos
        .filter((r) => r.accountId === accountId)
        .filter((r) => {
          const unlisted = (UNLISTED_REVIEWS as readonly string[]).includes(r.review ?? 'none');
          return page?.review === 'public' ? !unlisted : page?.review === 'held' ? unlisted : true;
        })
        .filter(
          (r) =>
            !before || r.finishedAt < before.finishedAt || (r.finishedAt === before.finishedAt && r.id < before.id),
        )
        .sort((a, b) => b.finishedAt - a.finishedAt || b.id - a.id);
      return (page ? mine.slice(0, page.top) : mine).map((r) => this.copy(r));
    });
  }

  soloSummary(accountId: string): Promise<SoloSummary> {
    return this.gate.run(() => {
      const verified = this.verifiedOf(accountId);
      return {
        runs: verified.length,
        solvedCount: verified.reduce((n, r) => n + r.solvedCount, 0),
        solvedMs: verified.reduce((n, r) => n + r.solvedMs, 0),
        best: this.bestsOf(accountId).map((r) => this.copy(r)),
      };
    });
  }

  soloRun(id: number): Promise<StoredSoloRun | undefined> {
    return this.gate.run(() => {
      const row = this.solos[id - 1];
      if (!row) return undefined;
      const run = this.copy(row);
      const trails = this.trails.get(id);
      return trails === undefined
        ? run
        : { ...run, puzzles: parseStored(columns.puzzles, trails, `solo_trails (run ${id})`, 'puzzles') };
    });
  }

  records(q: RecordQuery): Promise<StoredSoloRun[]> {
    return this.gate.run(() => {
      const rows = this.solos.filter(
        (r) =>
          isListed(r, q.dealing) &&
          (q.accountId === undefined || r.accountId === q.accountId) &&
          (q.from === 'anyone' || this.isPublic(r.accountId)) &&
          (q.reviewed !== true || isReviewed(r.review)) &&
          r.mode === q.mode &&
          (q.limit === undefined || r.limit === q.limit) &&
          (q.side === undefined || r.side === q.side) &&
          (q.since === undefined || r.finishedAt >= q.since) &&
          // A count game is a record only once its puzzles are all solved.
          (q.mode !== 'count' || r.solved >= r.limit),
      );
      // The ORDER BY of `KyselySoloRuns.records`.
      const rank = (a: SoloRow, b: SoloRow): number =>
        (q.mode === 'count' ? 0 : b.solved - a.solved) || a.ms - b.ms || a.finishedAt - b.finishedAt || a.id - b.id;
      const ranked = rows.sort(rank);
      // A public board lists players, not runs: each account's best once.
      const seen = new Set<string | null>();
      const board = ranked.filter((r) => {
        if (q.from !== 'public') return true;
        if (seen.has(r.accountId)) return false;
        seen.add(r.accountId);
        return true;
      });
      const skip = q.skip ?? 0;
      return board.slice(skip, skip + (q.top ?? 10)).map((r) => this.copy(r));
    });
  }

  pruneTrails(rules: TrailPruning): Promise<number> {
    return this.gate.run(() => {
      let dropped = 0;
      for (const id of [...this.trails.keys()]) {
        const r = this.solos[id - 1];
        if (rules.accountId !== undefined && r?.accountId !== rules.accountId) continue;
        if (r && !r.verified && r.finishedAt < rules.unverifiedBefore && this.trails.delete(id)) dropped++;
      }
      const byAccount = new Map<string, SoloRow[]>();
      for (const id of this.trails.keys()) {
        const r = this.solos[id - 1];
        if (r?.accountId == null || (rules.accountId !== undefined && r.accountId !== rules.accountId)) continue;
        // A run held for review keeps its trails until it is decided: they are what is reviewed.
        if (r.review === 'held') continue;
        byAccount.set(r.accountId, [...(byAccount.get(r.accountId) ?? []), r]);
      }
      for (const [accountId, runs] of byAccount) {
        if (runs.length <= rules.keepPerAccount) continue;
        const bests = new Set(this.bestsOf(accountId).map((r) => r.id));
        const newest = runs.sort((a, b) => b.finishedAt - a.finishedAt || b.id - a.id);
        const room = Math.max(0, rules.keepPerAccount - newest.filter((r) => bests.has(r.id)).length);
        for (const r of newest.filter((x) => !bests.has(x.id)).slice(room)) if (this.trails.delete(r.id)) dropped++;
      }
      return dropped;
    });
  }

  /** The runs of an account that count for its history: verified, and not held or rejected (the SQL stores' `counted`). */
  private verifiedOf(accountId: string): SoloRow[] {
    return this.solos.filter((r) => r.accountId === accountId && isCounted(r));
  }

  /** The runs whose review is one of `under`, in saving order, with their ids (for MemoryReviews; call inside the gate). */
  underReview(under: readonly Review[]): { id: number; run: SoloRecord }[] {
    return this.solos.filter((r) => under.includes(r.review ?? 'none')).map((r) => ({ id: r.id, run: this.copy(r) }));
  }

  /** Run `id`, undefined if there is none (call inside the gate). */
  runAt(id: number): SoloRecord | undefined {
    const row = this.solos[id - 1];
    return row ? this.copy(row) : undefined;
  }

  /** Sets the review of run `id` (a person's decision); the run after, undefined if there is none (call inside the gate). */
  setReview(id: number, review: Review): SoloRecord | undefined {
    const row = this.solos[id - 1];
    if (!row) return undefined;
    const changed = { ...row, review };
    this.solos[id - 1] = changed;
    return this.copy(changed);
  }

  /** The best listed run of each setting, by mode, length and side (the SQL stores' order). */
  private bestsOf(accountId: string): SoloRow[] {
    const best = new Map<string, SoloRow>();
    for (const r of this.solos) {
      if (r.accountId !== accountId || !isListed(r)) continue;
      const setting = `${r.mode}/${String(r.limit).padStart(4, '0')}/${r.side}`;
      const held = best.get(setting);
      if (!held || bestFirst(r, held) < 0) best.set(setting, r);
    }
    return [...best.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, r]) => r);
  }

  /** Whether a stored run is neither held nor rejected (the daily's board). */
  isListedRun(id: number): boolean {
    const row = this.solos[id - 1];
    return row !== undefined && !(UNLISTED_REVIEWS as readonly string[]).includes(row.review ?? 'none');
  }

  /** The review of a stored run (call inside the gate). */
  reviewOf(id: number): Review | undefined {
    return this.solos[id - 1]?.review;
  }

  /** Whether an account's results are on public boards: claimed, and not banned. */
  isPublicAccount(accountId: string): boolean {
    return this.isPublic(accountId);
  }

  /** Whether an account has a username (call inside the gate). */
  isClaimed(accountId: string): boolean {
    return (this.accountOf(accountId)?.username ?? null) !== null;
  }

  private isPublic(accountId: string | null): boolean {
    return accountId !== null && this.isClaimed(accountId) && !this.standings.isBanned(accountId);
  }

  /** A copy of a run, as `solo_results` gives it back, with its account's username. */
  private copy(r: SoloRow): StoredSoloRun {
    return {
      id: r.id,
      player: r.player,
      username: r.accountId === null ? null : (this.accountOf(r.accountId)?.username ?? null),
      mode: r.mode,
      limit: r.limit,
      side: r.side,
      solved: r.solved,
      skipped: r.skipped,
      ms: r.ms,
      seed: r.seed,
      finishedAt: r.finishedAt,
      accountId: r.accountId,
      verified: r.verified,
      puzzles: parseStored(columns.puzzles, r.puzzles, `solo_results (id ${r.id})`, 'puzzles'),
      dealing: r.dealing ?? 'shuffled',
      review: r.review ?? 'none',
      reasons: [...(r.reasons ?? [])],
    };
  }
}
