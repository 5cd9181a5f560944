import { z } from 'zod';
import type { Accounts } from './accounts.js';
import { viewOf } from './accounts.js';
import { needsSession, route } from '../http/route.js';
import type { Http } from '../http/http-common.js';
import type { Reviews } from '../solo/review-store.js';
import { mayReview } from '../solo/review-store.js';

/** A field of a body that must be a string, refused in the words clients have always read. */
const text = (key: string) => z.string({ error: `${key} is a string` });

const guestBody = z.object({ name: text('name').optional() });
// A guest signs in with its id and secret; a claimed account with its username and password.
const signInBody = z.union(
  [z.object({ id: z.string(), secret: z.string() }), z.object({ username: z.string(), password: z.string() })],
  {
    error: (issue) => {
      const body = (issue.input ?? {}) as Record<string, unknown>;
      if (typeof body['id'] === 'string') return 'secret is a string';
      return typeof body['username'] === 'string' ? 'password is a string' : 'username is a string';
    },
  },
);
const claimBody = z.object({ username: text('username'), password: text('password') });
const passwordBody = z.object({ old: text('old'), new: text('new') });
const nameBody = z.object({ name: text('name') });

/** The account paths and the methods each answers. */
const SERVED: Readonly<Record<string, readonly string[]>> = {
  '/api/accounts': ['POST'],
  '/api/sessions': ['POST', 'DELETE'],
  '/api/me': ['GET'],
  '/api/me/claim': ['POST'],
  '/api/me/password': ['POST'],
  '/api/me/name': ['POST'],
};
const METHODS = ['GET', 'HEAD', 'POST', 'DELETE', 'PUT', 'PATCH'];

/** The account routes (docs/accounts.md); guests, claims and sign-ins are limited (accounts.ts). */
export function accountRoutes(app: Http, accounts: Accounts, reviews: Pick<Reviews, 'standing'>): void {
  route(app, 'POST /api/accounts', { body: guestBody }, ({ body, request }) => accounts.guest(body.name, request.ip));

  route(app, 'POST /api/sessions', { body: signInBody }, ({ body, request }) =>
    accounts.signIn(
      'secret' in body ? { id: body.id, secret: body.secret } : { username: body.username, password: body.password },
      request.ip,
    ),
  );

  route(app, 'DELETE /api/sessions', {}, async ({ me }) => {
    await accounts.signOut(me.token);
  });

  // The role tells the web client whether to offer the review screen (the review routes decide for themselves).
  // A banned account reviews nothing, whatever its role.
  route(app, 'GET /api/me', {}, async ({ me }) => {
    const standing = await reviews.standing(me.account.id);
    return { account: viewOf(me.account), role: mayReview(standing) ? standing.role : 'none' };
  });

  route(app, 'POST /api/me/claim', { body: claimBody }, async ({ body, me, request }) => ({
    account: await accounts.claim(me.account, body.username, body.password, request.ip),
  }));

  route(app, 'POST /api/me/password', { body: passwordBody }, async ({ body, me }) => {
    await accounts.changePassword(me.account, me.token, body.old, body.new);
  });

  route(app, 'POST /api/me/name', { body: nameBody }, async ({ body, me }) => ({
    account: await accounts.rename(me.account, body.name),
  }));

  // Another method on an account path: signed in first, as every account route but two is, then 405.
  for (const [url, served] of Object.entries(SERVED))
    app.route({
      method: METHODS.filter((m) => !served.includes(m)),
      url,
      onRequest: needsSession,
      exposeHeadRoute: false,
      schema: { hide: true },
      handler: (request, reply) => reply.code(405).send({ error: `not ${request.method} here` }),
    });
}
