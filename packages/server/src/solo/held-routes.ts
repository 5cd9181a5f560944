import type { Http } from '../http/http-common.js';
import { entryOf } from '../accounts/profile.js';
import type { Stores } from '../storage/stores.js';
import { route } from '../http/route.js';

/** How many of an account's latest runs under review (or rejected) its own list shows. */
export const HELD_LISTED = 50;

/**
 * `GET /api/me/held`: the signed-in account's own runs held for review (docs/accounts.md, "Held
 * results"), which it alone sees: a held run is on no public page.
 */
export function heldRoutes(app: Http, { stores }: { readonly stores: Pick<Stores, 'soloRuns'> }): void {
  route(app, 'GET /api/me/held', {}, async ({ me: { account } }) => {
    // The latest held or rejected runs (a page: an account's runs are never all read at once).
    const runs = (await stores.soloRuns.soloResultsOf(account.id, { top: HELD_LISTED, review: 'held' })).flatMap((r) =>
      r.review === 'held' || r.review === 'rejected' ? [{ ...entryOf(r), review: r.review }] : [],
    );
    return { runs };
  });
}
