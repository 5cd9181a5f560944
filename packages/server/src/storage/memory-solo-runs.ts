import type { RecordQuery, Review, SoloRecord, SoloRuns } from '../storage.js';
import { isListed } from '../leaderboards.js';
import type { Gate } from './memory-shared.js';
import { columns, parseStored } from './schemas.js';

/** A run as `solo_results` keeps it: its puzzles as JSON text, read back through the same parser. */
type SoloRow = Omit<SoloRecord, 'puzzles'> & { readonly puzzles: string };

/** The solo runs of a store in memory. */
export class MemorySoloRuns implements SoloRuns {
  // In saving order, like SQLite's rowids.
  private readonly solos: SoloRow[] = [];

  constructor(private readonly gate: Gate) {}

  saveSolo(r: SoloRecord): Promise<void> {
    return this.gate.run(() => {
      this.solos.push({
        ...r,
        puzzles: JSON.stringify(r.puzzles ?? []),
        dealing: r.dealing ?? 'shuffled',
        review: r.review ?? 'none',
        reasons: [...(r.reasons ?? [])],
      });
    });
  }

  soloResultsOf(accountId: string): Promise<SoloRecord[]> {
    return this.gate.run(() =>
      this.solos
        .map((r, i) => ({ r, id: i + 1 }))
        .filter(({ r }) => r.accountId === accountId)
        .reverse()
        .sort((a, b) => b.r.finishedAt - a.r.finishedAt)
        .map(({ r, id }) => copySolo(r, id)),
    );
  }

  /** The runs whose review is one of `under`, in saving order, with their row ids (for MemoryReviews; call inside the gate). */
  underReview(under: readonly Review[]): { id: number; run: SoloRecord }[] {
    return this.solos
      .map((r, i) => ({ r, id: i + 1 }))
      .filter(({ r }) => under.includes(r.review ?? 'none'))
      .map(({ r, id }) => ({ id, run: copySolo(r, id) }));
  }

  /** Sets the review of run `id` if it was ever held; the run after, if so (call inside the gate). */
  setReview(id: number, review: Review): SoloRecord | undefined {
    const row = this.solos[id - 1];
    if (!row || (row.review ?? 'none') === 'none') return undefined;
    this.solos[id - 1] = { ...row, review };
    return copySolo(this.solos[id - 1] as SoloRow, id);
  }

  records(q: RecordQuery): Promise<SoloRecord[]> {
    return this.gate.run(() => {
      const rows = this.solos
        .map((r, i) => ({ r, id: i + 1 }))
        .filter(
          ({ r }) =>
            isListed(r) &&
            r.mode === q.mode &&
            (q.limit === undefined || r.limit === q.limit) &&
            (q.side === undefined || r.side === q.side) &&
            (q.since === undefined || r.finishedAt >= q.since) &&
            // A count game is a record only once its puzzles are all solved.
            (q.mode !== 'count' || r.solved >= r.limit),
        );
      // The ORDER BY of `KyselySoloRuns.records`. Records equal on every key keep their saving order
      // here (`sort` is stable); a database promises no order for them, so the contract asks none.
      const rank = (a: SoloRow, b: SoloRow): number =>
        (q.mode === 'count' ? 0 : b.solved - a.solved) || a.ms - b.ms || a.finishedAt - b.finishedAt;
      return rows
        .sort((a, b) => rank(a.r, b.r))
        .slice(0, q.top ?? 10)
        .map(({ r, id }) => copySolo(r, id));
    });
  }
}

/** A copy of a run, as `solo_results` gives it back (row `id`, its place in saving order). */
function copySolo(r: SoloRow, id: number): SoloRecord {
  return {
    player: r.player,
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
    puzzles: parseStored(columns.puzzles, r.puzzles, `solo_results (id ${id})`, 'puzzles'),
    dealing: r.dealing ?? 'shuffled',
    review: r.review ?? 'none',
    reasons: [...(r.reasons ?? [])],
  };
}
