import { campaignProgress } from './campaign.js';
import type { Http, HttpOptions } from '../../http/http-common.js';
import type { Stores } from '../../storage/stores.js';
import { route } from '../../http/route.js';

/**
 * `GET /api/me/campaign`: the signed-in account's campaign (docs/protocol.md, "HTTP"): every level
 * by world with whether it is open, its best stars and best time, and the level to play next.
 */
export function campaignRoutes(
  app: Http,
  { stores, decks }: Pick<HttpOptions, 'decks'> & { readonly stores: Pick<Stores, 'campaign'> },
): void {
  route(app, 'GET /api/me/campaign', {}, ({ me }) => campaignProgress(stores.campaign, decks, me.account.id));
}
