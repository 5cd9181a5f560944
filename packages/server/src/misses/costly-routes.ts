import type { Http, HttpOptions } from '../http/http-common.js';
import { route } from '../http/route.js';
import type { Stores } from '../storage/stores.js';
import { costlyOf } from './costly.js';

/** `GET /api/me/costly` (docs/protocol.md, "HTTP"): the boards and pieces that cost the signed-in account most. */
export function costlyRoutes(
  app: Http,
  { stores, decks }: Pick<HttpOptions, 'decks'> & { readonly stores: Pick<Stores, 'soloRuns' | 'ratings'> },
): void {
  route(app, 'GET /api/me/costly', {}, ({ me }) => costlyOf(stores, decks, me.account.id));
}
