import type { HeldAnswer } from '@ubongo/core';
import { AccountError } from '../accounts/accounts.js';
import type { Http, HttpOptions } from '../http/http-common.js';
import { entryOf } from '../accounts/profile.js';
import type { Stores } from '../storage/stores.js';

/** How many of an account's latest runs under review (or rejected) its own list shows. */
export const HELD_LISTED = 50;

/**
 * `GET /api/me/held`: the signed-in account's own runs held for review (docs/accounts.md, "Held
 * results"), which it alone sees: a held run is on no public page.
 */
export function heldRoutes(
  app: Http,
  { stores, accounts }: Pick<HttpOptions, 'accounts'> & { readonly stores: Pick<Stores, 'soloRuns'> },
): void {
  app.get(
    '/api/me/held',
    {
      exposeHeadRoute: false,
      schema: { summary: 'The signed-in account’s runs under review' },
    },
    async (request) => {
      const token = /^Bearer ([\w-]{20,100})$/.exec(request.headers.authorization ?? '')?.[1];
      const account = await accounts.bySession(token);
      if (!account) throw new AccountError(401, 'account/sign-in-first', 'sign in first');
      // The latest held or rejected runs (a page: an account's runs are never all read at once).
      const runs = (await stores.soloRuns.soloResultsOf(account.id, { top: HELD_LISTED, review: 'held' })).flatMap(
        (r) => (r.review === 'held' || r.review === 'rejected' ? [{ ...entryOf(r), review: r.review }] : []),
      );
      return { runs } satisfies HeldAnswer;
    },
  );
}
