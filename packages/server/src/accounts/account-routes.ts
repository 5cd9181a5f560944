import type { GuestAnswer } from '@ubongo/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Accounts } from './accounts.js';
import { AccountError, viewOf } from './accounts.js';
import { bearer } from '../http/http-common.js';
import type { Http } from '../http/http-common.js';
import type { Account } from './store.js';

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

/** The account and session of each request to a route that needs them, found before its body is read. */
const signedIn = new WeakMap<FastifyRequest, { account: Account; token: string }>();

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
export function accountRoutes(app: Http, accounts: Accounts): void {
  /** Signs the request in before anything else is read: 401 without a live session. */
  const session = async (request: FastifyRequest): Promise<void> => {
    const token = bearer(request);
    const account = await accounts.bySession(token);
    if (!account || token === undefined) throw new AccountError(401, 'account/sign-in-first', 'sign in first');
    signedIn.set(request, { account, token });
  };
  const me = (request: FastifyRequest): { account: Account; token: string } => {
    const found = signedIn.get(request);
    if (!found) throw new Error('a route that needs a session ran without one');
    return found;
  };

  app.post('/api/accounts', { schema: { summary: 'A new guest account', body: guestBody } }, async (request, reply) =>
    reply.code(201).send((await accounts.guest(request.body.name, request.ip)) satisfies GuestAnswer),
  );

  app.post('/api/sessions', { schema: { summary: 'Sign in', body: signInBody } }, async (request) => {
    const body = request.body;
    const credentials =
      'secret' in body ? { id: body.id, secret: body.secret } : { username: body.username, password: body.password };
    return accounts.signIn(credentials, request.ip);
  });

  const auth = { onRequest: session, exposeHeadRoute: false } as const;

  app.delete('/api/sessions', { ...auth, schema: { summary: 'Sign out' } }, async (request, reply) => {
    await accounts.signOut(me(request).token);
    return reply.code(204).send();
  });

  app.get('/api/me', { ...auth, schema: { summary: 'The signed-in account' } }, (request) => ({
    account: viewOf(me(request).account),
  }));

  app.post('/api/me/claim', { ...auth, schema: { summary: 'Claim a username', body: claimBody } }, async (request) => {
    const { username, password } = request.body;
    return { account: await accounts.claim(me(request).account, username, password, request.ip) };
  });

  app.post(
    '/api/me/password',
    { ...auth, schema: { summary: 'Change the password', body: passwordBody } },
    async (request, reply) => {
      const { account, token } = me(request);
      await accounts.changePassword(account, token, request.body.old, request.body.new);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/me/name',
    { ...auth, schema: { summary: 'Change the name shown', body: nameBody } },
    async (request) => ({
      account: await accounts.rename(me(request).account, request.body.name),
    }),
  );

  // Another method on an account path: signed in first, as every account route but two is, then 405.
  for (const [url, served] of Object.entries(SERVED))
    app.route({
      method: METHODS.filter((m) => !served.includes(m)),
      url,
      ...auth,
      schema: { hide: true },
      handler: (request, reply) => reply.code(405).send({ error: `not ${request.method} here` }),
    });
}
