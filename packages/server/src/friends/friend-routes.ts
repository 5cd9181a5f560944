import type { FriendsAnswer, InvitationsAnswer } from '@ubongo/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Accounts } from '../accounts/accounts.js';
import { AccountError } from '../accounts/accounts.js';
import type { Friendships } from './friends.js';
import { bearer } from '../http/http-common.js';
import type { Http } from '../http/http-common.js';
import type { Account } from '../accounts/store.js';

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
 * web client polls `GET /api/me/invitations`, which also keeps the account online for its friends.
 */
export function friendRoutes(app: Http, accounts: Accounts, friends: Friendships): void {
  const me = async (request: FastifyRequest): Promise<Account> => {
    const account = await accounts.bySession(bearer(request));
    if (!account) throw new AccountError(401, 'account/sign-in-first', 'sign in first');
    return account;
  };
  const base = { exposeHeadRoute: false } as const;

  app.get(
    '/api/me/friends',
    { ...base, schema: { summary: 'Your friends and where they are' } },
    async (request) => friends.list(await me(request)) satisfies Promise<FriendsAnswer>,
  );

  app.post(
    '/api/me/follows',
    { schema: { summary: 'Follow a player by username', body: followBody } },
    async (request) => friends.follow(await me(request), request.body.username),
  );

  app.delete(
    '/api/me/follows/:id',
    { schema: { summary: 'Stop following a player', params: idParams } },
    async (request, reply) => {
      await friends.unfollow(await me(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.post('/api/me/blocks', { schema: { summary: 'Block a player', body: blockBody } }, async (request) => ({
    blocked: await friends.block(await me(request), request.body.account),
  }));

  app.delete(
    '/api/me/blocks/:id',
    { schema: { summary: 'Stop blocking a player', params: idParams } },
    async (request, reply) => {
      await friends.unblock(await me(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/me/invitations',
    { ...base, schema: { summary: 'Invitations waiting for you (and you are online)' } },
    async (request) => friends.waiting(await me(request)) satisfies Promise<InvitationsAnswer>,
  );

  app.post(
    '/api/me/invitations',
    { schema: { summary: 'Invite a friend to your table', body: inviteBody } },
    async (request, reply) =>
      reply.code(201).send({ invited: await friends.invite(await me(request), request.body.to) }),
  );

  app.delete(
    '/api/me/invitations/:id',
    { schema: { summary: 'Decline (or clear) a friend’s invitation', params: idParams } },
    async (request, reply) => {
      await friends.decline(await me(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
