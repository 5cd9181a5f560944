import type { ReviewDecided, ReviewDecision } from '@ubongo/core';
import { z } from 'zod';
import type { Http } from '../http/http-common.js';
import { Refused } from '../http/http-common.js';
import { route } from '../http/route.js';
import type { Reviews } from '../solo/review-store.js';
import { mayReview } from '../solo/review-store.js';
import type { QueueStores } from './queue.js';
import { reviewQueue } from './queue.js';

const entryId = z.object({
  id: z.string().regex(/^(run-[1-9]\d{0,15}|claim-[1-9]\d{0,15}|player-[\w-]{1,64})$/, {
    error: 'id is a queue entry’s: run-N, claim-N or player-ID',
  }),
});

const decisionBody = z.strictObject({
  decision: z.enum(['approve', 'reject', 'ban'], { error: 'decision is approve, reject or ban' }),
});

/** The reviewer's role, refused (403) unless they may review (docs/accounts.md, "Reviewed results"). */
async function reviewerRole(reviews: Pick<Reviews, 'standing'>, accountId: string): Promise<'reviewer' | 'operator'> {
  const standing = await reviews.standing(accountId);
  if (!mayReview(standing) || standing.role === 'none')
    throw new Refused(403, 'only reviewers and operators review results (an operator appoints reviewers)');
  return standing.role;
}

/**
 * A person's decision on queue entry `id` by `reviewer` at `at` (docs/accounts.md, "Reviewed
 * results"): a result approved is listed and marked reviewed; rejected, it is off every board it
 * stood on; a ban takes every result of its account off every board. A reported player is approved
 * (the reports dismissed) or banned. Each settles the entry's open reports. Refused (and nothing
 * changed): an entry that is not there, a reviewer's own, a reported player rejected.
 */
export async function decideEntry(
  stores: Pick<QueueStores, 'accounts' | 'reviews' | 'reports'>,
  reviewer: string,
  id: string,
  decision: ReviewDecision['decision'],
  at: number,
): Promise<ReviewDecided> {
  if (id.startsWith('player-')) {
    const account = id.slice('player-'.length);
    if (!(await stores.accounts.account(account))) throw new Refused(404, `no player ${account}`);
    if (account === reviewer) throw new Refused(403, 'a reviewer does not decide on their own results');
    if (decision === 'reject')
      throw new Refused(400, 'a reported player is approved (the reports dismissed) or banned, not rejected');
    if (decision === 'ban') await stores.reviews.ban(account, at);
    await stores.reports.settleReports('player', account, at);
    return { id, review: decision === 'ban' ? 'rejected' : 'approved', banned: decision === 'ban' };
  }
  const result = await stores.reviews.result(id);
  if (!result) throw new Refused(404, `no result ${id}`);
  if (result.accountId === reviewer) throw new Refused(403, 'a reviewer does not decide on their own results');
  if (decision === 'ban') {
    if (result.accountId === null) throw new Refused(400, `result ${id} has no account to ban`);
    await stores.reviews.ban(result.accountId, at);
    await stores.reports.settleReports('player', result.accountId, at);
  }
  const decided = await stores.reviews.decide(id, decision === 'approve' ? 'approved' : 'rejected');
  if (!decided) throw new Refused(404, `no result ${id}`);
  if (result.kind === 'run') await stores.reports.settleReports('run', id.slice('run-'.length), at);
  return { id, review: decided.review, banned: decision === 'ban' };
}

/**
 * `GET /api/review` (the queue) and `POST /api/review/:id` (a decision), for the reviewers and
 * operators `ubongo admin role` appoints; everyone else is refused 403. Each decision is logged
 * with who made it.
 */
export function reviewRoutes(app: Http, { stores }: { readonly stores: QueueStores }): void {
  route(app, 'GET /api/review', {}, async ({ me }) => {
    const role = await reviewerRole(stores.reviews, me.account.id);
    return { role, entries: await reviewQueue(stores) };
  });

  route(app, 'POST /api/review/:id', { params: entryId, body: decisionBody }, async ({ params, body, me, request }) => {
    await reviewerRole(stores.reviews, me.account.id);
    const decided = await decideEntry(stores, me.account.id, params.id, body.decision, Date.now());
    request.log.info({ reviewer: me.account.id, entry: params.id, decision: body.decision }, 'review decided');
    return decided;
  });
}
