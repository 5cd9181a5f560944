import type { CampaignProgress } from '@ubongo/core';
import { AccountError } from '../../accounts/accounts.js';
import { campaignProgress } from './campaign.js';
import type { Http, HttpOptions } from '../../http/http-common.js';
import type { Stores } from '../../storage/stores.js';

/**
 * `GET /api/me/campaign`: the signed-in account's campaign (docs/protocol.md, "HTTP"): every level
 * by world with whether it is open, its best stars and best time, and the level to play next.
 */
export function campaignRoutes(
  app: Http,
  { stores, accounts, decks }: Pick<HttpOptions, 'accounts' | 'decks'> & { readonly stores: Pick<Stores, 'campaign'> },
): void {
  app.get(
    '/api/me/campaign',
    { exposeHeadRoute: false, schema: { summary: 'The signed-in account’s campaign: levels, stars, best times' } },
    async (request) => {
      const token = /^Bearer ([\w-]{20,100})$/.exec(request.headers.authorization ?? '')?.[1];
      const account = await accounts.bySession(token);
      if (!account) throw new AccountError(401, 'account/sign-in-first', 'sign in first');
      return (await campaignProgress(stores.campaign, decks, account.id)) satisfies CampaignProgress;
    },
  );
}
