import type { ApiAnswer, ApiRoute, ApiRoutes } from '@ubongo/core';
import { API } from '@ubongo/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AccountError } from '../accounts/accounts.js';
import type { Account } from '../accounts/store.js';
import type { Http } from './http-common.js';

/*
 * Every HTTP operation is registered here, from core's typed map (`ApiRoutes`, `API`): its method
 * and path, its summary, its success status and its session come from the map, its zod schemas
 * are checked against the map when the server compiles (what the contract lets a client send, the
 * schema takes), and its handler must return the map's answer. The session is resolved once per
 * request (`request.signedIn()`, session.ts).
 */

/** A signed-in request's account and the session token it came with. */
export interface SignedIn {
  readonly account: Account;
  readonly token: string;
}

/** A part of an operation's input, as its contract types it (nothing where it has none). */
type Part<R extends ApiRoute, K extends string> = ApiRoutes[R] extends { [P in K]: infer T } ? T : undefined;

/** The schema names of an operation's input parts, and the contract's names for them. */
interface PartNames {
  readonly params: 'params';
  readonly querystring: 'query';
  readonly body: 'body';
}

/** The zod schemas of an operation's input: one for each part the contract has. */
type Schemas<R extends ApiRoute> = {
  readonly [K in keyof PartNames as Part<R, PartNames[K]> extends undefined ? never : K]: z.ZodType;
};

/**
 * The schemas as given, where each takes whatever the contract lets a client send (checked when
 * the server compiles: a schema narrower than the contract is a type error naming the part).
 */
type Checked<R extends ApiRoute, S> = {
  readonly [K in keyof S]: K extends keyof PartNames
    ? S[K] extends z.ZodType
      ? Part<R, PartNames[K]> extends z.input<S[K]>
        ? S[K]
        : { readonly 'this schema does not take what the contract lets a client send': Part<R, PartNames[K]> }
      : never
    : never;
};

/** What a schema gives the handler once it has read the request. */
type Read<S, K extends string> = S extends { readonly [P in K]: infer T extends z.ZodType } ? z.output<T> : undefined;

/** The session a handler is given, by how its operation takes one. */
type Me<T> = T extends 'required' ? SignedIn : T extends 'optional' ? SignedIn | undefined : undefined;

/** What a handler is given: the request, its input as the schemas read it, and its session. */
export interface Call<R extends ApiRoute, S> {
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
  readonly params: Read<S, 'params'>;
  readonly query: Read<S, 'querystring'>;
  readonly body: Read<S, 'body'>;
  /** The signed-in account: always there where the session is required, never read where it is none. */
  readonly me: Me<(typeof API)[R]['session']>;
}

/** The answers a route's handler may give: the contract's, now or later. */
type Answer<R extends ApiRoute> =
  ApiAnswer<R> extends undefined ? void | Promise<void> : ApiAnswer<R> | Promise<ApiAnswer<R>>;

/** Refuses a request without a live session before its body is read: 401 `account/sign-in-first`. */
export async function needsSession(request: FastifyRequest): Promise<void> {
  if (!(await request.signedIn())) throw new AccountError(401, 'account/sign-in-first', 'sign in first');
}

/** Registers `name` (`'GET /api/records'`) on `app` with its input's schemas and its handler. */
export function route<R extends ApiRoute, S extends Schemas<R>>(
  app: Http,
  name: R,
  schemas: S & Checked<R, S>,
  handler: (call: Call<R, S>) => Answer<R>,
): void {
  const [method, url] = name.split(' ') as [string, string];
  const operation: { summary: string; status: number; session: string } = API[name];
  const required = operation.session === 'required';
  app.route({
    method: method as 'GET',
    url,
    ...(required ? { onRequest: needsSession, exposeHeadRoute: false } : {}),
    schema: { summary: operation.summary, ...(schemas as object) },
    handler: async (request, reply) => {
      const me = operation.session === 'none' ? undefined : await request.signedIn();
      // The schemas read the input (validatorCompiler): what they give is what `Read` says.
      const answer = await handler({
        request,
        reply,
        params: request.params,
        query: request.query,
        body: request.body,
        me,
      } as Call<R, S>);
      if (operation.status === 204) return reply.code(204).send();
      return reply.code(operation.status).send(answer);
    },
  });
}
