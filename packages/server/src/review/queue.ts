import type { AccountView, ReviewEntry, ReviewReport } from '@ubongo/core';
import { ownEntryOf } from '../accounts/profile.js';
import type { StoredReport } from '../accounts/report-store.js';
import type { Reviewed } from '../solo/review-store.js';
import type { Stores } from '../storage/stores.js';

/** How many entries of each kind the queue reads (the newest): a page, never every result. */
export const QUEUE_SIZE = 50;

/** The stores the queue is read from. */
export type QueueStores = Pick<Stores, 'accounts' | 'reviews' | 'reports' | 'soloRuns'>;

/** A report's key: the queue entry it raises (`run-N` or `player-ID`). */
const keyOf = (r: StoredReport): string => `${r.kind}-${r.target}`;

/**
 * How soon an entry is looked at (docs/accounts.md, "Reviewed results"): reported first (most
 * reports first), then flagged by the timing model, then held for what no person does, then the
 * rest; newest first within each.
 */
export function queueOrder(a: ReviewEntry, b: ReviewEntry): number {
  const rank = (e: ReviewEntry): number =>
    e.reports.length > 0 ? 0 : e.review === 'held' ? 2 : e.flags.length > 0 ? 1 : 3;
  return rank(a) - rank(b) || b.reports.length - a.reports.length || b.at - a.at;
}

/**
 * The review queue (`GET /api/review`): the results that could stand on a public board and wait
 * for a person (unreviewed or held, `Reviews.queue`), the rated claims held or flagged, and every
 * entry players reported since it was last decided (a run already approved comes back so), each
 * with its reports, in `queueOrder`.
 */
export async function reviewQueue(stores: QueueStores): Promise<ReviewEntry[]> {
  const [queued, open] = await Promise.all([stores.reviews.queue(QUEUE_SIZE), stores.reports.reports(true)]);
  const reports = new Map<string, ReviewReport[]>();
  for (const r of open) reports.set(keyOf(r), [...(reports.get(keyOf(r)) ?? []), { reason: r.reason, at: r.at }]);
  const results = new Map(queued.map((r) => [r.id, r]));
  // Reported runs the queue's page did not hold (approved already, or older): read one by one, a page of them.
  const missing = [...reports.keys()].filter((k) => k.startsWith('run-') && !results.has(k)).slice(0, QUEUE_SIZE);
  for (const id of missing) {
    const run = await stores.soloRuns.soloRun(Number(id.slice('run-'.length)));
    // A rejected run, or a banned account's, is off every board already: a report has nothing left to raise.
    if (!run || run.review === 'rejected') continue;
    if (run.accountId !== null && (await stores.reviews.standing(run.accountId)).bannedAt !== null) continue;
    const { accountId, reasons, review, finishedAt } = run;
    results.set(id, {
      id,
      kind: 'run',
      run,
      accountId,
      reasons: reasons ?? [],
      review: review ?? 'none',
      at: finishedAt,
    });
  }
  const views = new Map<string, AccountView | null>();
  const viewOf = async (id: string | null): Promise<AccountView | null> => {
    if (id === null) return null;
    if (!views.has(id)) {
      const a = await stores.accounts.account(id);
      views.set(id, a ? { id: a.id, name: a.name, username: a.username } : null);
    }
    return views.get(id) ?? null;
  };
  const entries: ReviewEntry[] = [];
  for (const r of results.values()) entries.push(entryOf(r, await viewOf(r.accountId), reports.get(r.id) ?? []));
  for (const [key, said] of reports) {
    if (!key.startsWith('player-')) continue;
    const account = await viewOf(key.slice('player-'.length));
    if (!account) continue;
    const banned = (await stores.reviews.standing(account.id)).bannedAt !== null;
    if (banned) continue;
    const at = Math.max(...said.map((s) => s.at));
    entries.push({ id: key, kind: 'player', account, review: 'none', flags: [], reports: said, at });
  }
  return entries.sort(queueOrder);
}

/** A result under review as the queue shows it. */
function entryOf(r: Reviewed, account: AccountView | null, reports: ReviewReport[]): ReviewEntry {
  const common = { id: r.id, account, review: r.review, flags: r.reasons, reports, at: r.at };
  return r.kind === 'run'
    ? { ...common, kind: 'run', run: ownEntryOf({ ...r.run, username: account?.username ?? null }) }
    : { ...common, kind: 'claim', game: r.gameId, player: r.player };
}
