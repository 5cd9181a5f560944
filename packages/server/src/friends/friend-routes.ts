import { z } from 'zod';
import type { Friendships } from './friends.js';
import type { Http } from '../http/http-common.js';
import { route } from '../http/route.js';

const accountId = (words: string) => z.string({ error: words }).regex(/^[\w-]{1,64}$/, { error: words });

const followBody = z.strictObject({
  username: z
    .string({ error: 'username is a string of 1 to 64 characters' })
    .min(1, { error: 'username is a string of 1 to 64 characters' })
    .max(64, { error: 'username is a string of 1 to 64 characters' }),
});
const blockBody = z.strictObject({ account: accountId('account is an account’s id') });
const inviteBody = z.strictObject({ to: accountId('to is a friend’s account id') });
const idParams = z.object({ id: z.string().regex(/^[\w-]{1,64}$/) });

/**
 * The friends routes (docs/accounts.md, "Friends"; docs/protocol.md): the friends list, follows,
 * blocks and invitations of the signed-in account (401 without a session). Changes are limited per
 * account (friends.ts); the reads are charged to the address's API budget (api-budget.ts). The
 * web client polls `GET /api/me/invitations`, which also keeps the account online for its friends,
 * and says `DELETE /api/me/online` as its page closes.
 */
export function friendRoutes(app: Http, friends: Friendships): void {
  route(app, 'GET /api/me/friends', {}, ({ me }) => friends.list(me.account));

  route(app, 'POST /api/me/follows', { body: followBody }, ({ body, me }) => friends.follow(me.account, body.username));

  route(app, 'DELETE /api/me/follows/:id', { params: idParams }, ({ params, me }) =>
    friends.unfollow(me.account, params.id),
  );

  route(app, 'POST /api/me/blocks', { body: blockBody }, async ({ body, me }) => ({
    blocked: await friends.block(me.account, body.account),
  }));

  route(app, 'DELETE /api/me/blocks/:id', { params: idParams }, ({ params, me }) =>
    friends.unblock(me.account, params.id),
  );

  route(app, 'GET /api/me/invitations', {}, ({ me }) => friends.waiting(me.account));

  route(app, 'POST /api/me/invitations', { body: inviteBody }, async ({ body, me }) => ({
    invited: await friends.invite(me.account, body.to),
  }));

  route(app, 'DELETE /api/me/invitations/:id', { params: idParams }, ({ params, me }) =>
    friends.decline(me.account, params.id),
  );

  route(app, 'DELETE /api/me/online', {}, ({ me }) => friends.closed(me.account));
}
