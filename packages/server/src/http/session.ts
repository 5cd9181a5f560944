import type { FastifyRequest } from 'fastify';
import type { Accounts } from '../accounts/accounts.js';
import { bearer } from './http-common.js';
import type { Http } from './http-common.js';
import type { SignedIn } from './route.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's account and session token, if it carries a live session: looked up once, when first asked. */
    signedIn(): Promise<SignedIn | undefined>;
  }
}

/**
 * The one place a request's session is resolved (docs/accounts.md): its `Authorization: Bearer`
 * token looked up at most once per request, whichever hooks and handlers ask.
 */
export function sessions(app: Http, accounts: Pick<Accounts, 'bySession'>): void {
  const found = new WeakMap<FastifyRequest, Promise<SignedIn | undefined>>();
  app.decorateRequest('signedIn', function (this: FastifyRequest): Promise<SignedIn | undefined> {
    let signedIn = found.get(this);
    if (!signedIn) {
      const token = bearer(this);
      signedIn =
        token === undefined
          ? Promise.resolve(undefined)
          : accounts.bySession(token).then((account) => (account ? { account, token } : undefined));
      found.set(this, signedIn);
    }
    return signedIn;
  });
}
