import { ErrorCode, matchMaker } from '@colyseus/core';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Accounts } from '../accounts/accounts.js';
import type { Http } from './http-common.js';
import { pathOf, Refused } from './http-common.js';
import type { Limits } from '../net/limits.js';
import type { RateLimit, RateLimits } from '../net/rate-limit.js';
import { perMinute, waitSeconds } from '../net/rate-limit.js';
import { checkReconnection } from '../table/reconnection.js';

/*
 * The matchmaker over HTTP, in place of the one Colyseus attaches (which answers any URL that
 * merely contains "/matchmake", reads bodies of any size and says 200 to every error):
 * `POST /matchmake/:method/:room` only, a capped JSON body, per-address limits, real status codes.
 * Everything but the body is checked before the body is read.
 */

const METHODS = ['create', 'joinOrCreate', 'join', 'joinById', 'reconnect'] as const;
type Method = (typeof METHODS)[number];

const WHERE = 'the matchmaker is at POST /matchmake/:method/:room';
const ROOM = /^[A-Za-z0-9_-]{1,64}$/;
const params = z.object({ method: z.enum(METHODS), room: z.string().regex(ROOM) });

/** The HTTP status of a matchmaking error (Colyseus's codes, or an HTTP status a room threw). */
export function statusOf(code: unknown): number {
  if (typeof code === 'number' && code >= 400 && code < 600) return code;
  switch (code) {
    case ErrorCode.MATCHMAKE_NO_HANDLER:
      return 404;
    case ErrorCode.MATCHMAKE_INVALID_CRITERIA:
    case ErrorCode.INVALID_PAYLOAD:
      return 400;
    case ErrorCode.MATCHMAKE_INVALID_ROOM_ID:
      return 404;
    case ErrorCode.MATCHMAKE_EXPIRED:
      return 410;
    case ErrorCode.AUTH_FAILED:
      return 403;
    default:
      return 500;
  }
}

/** The matchmaker's limits per address: rooms made, joins, reconnections, table codes that match no table. */
interface Allowances {
  readonly rooms: RateLimit;
  readonly joins: RateLimit;
  readonly reconnects: RateLimit;
  readonly guesses: RateLimit;
}

/** Refuses with how long to wait when `limit` has nothing left for `address` (`take`: and takes one). */
async function allow(limit: RateLimit, address: string, what: string, take: boolean): Promise<void> {
  const ms = take ? await limit.take(address) : await limit.wait(address);
  if (ms === 0) return;
  const wait = waitSeconds(ms);
  throw new Refused(429, `too many ${what} from your address; try again in ${wait} s`, { 'retry-after': String(wait) });
}

/** Checks a matchmaking request before its body is read: its path, the server's state, the address's allowance. */
async function admit(request: FastifyRequest, allowances: Allowances): Promise<Method> {
  const [, , name = '', room = ''] = pathOf(request.url).split('/');
  if (!/^[A-Za-z]+$/.test(name) || !ROOM.test(room)) throw new Refused(404, WHERE);
  const method = METHODS.find((m) => m === name);
  if (!method) throw new Refused(404, `no matchmaking method ${name}; there are ${METHODS.join(', ')}`);
  if (matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN)
    throw new Refused(503, 'the server is restarting; try again in a moment', { 'retry-after': '5' });
  const address = request.ip;
  // Past its unknown codes, every join by code from the address waits.
  if (method === 'joinById') await allow(allowances.guesses, address, 'unknown table codes', false);
  if (method === 'create' || method === 'joinOrCreate') await allow(allowances.rooms, address, 'new rooms', true);
  else if (method === 'reconnect') await allow(allowances.reconnects, address, 'reconnections', true);
  else await allow(allowances.joins, address, 'joins', true);
  return method;
}

/**
 * The matchmaker's routes, with `limits` applied per address, kept where `rateLimits` keeps them; a
 * reconnection is for the session's account only (reconnection.ts).
 */
export function matchmakerRoutes(
  app: Http,
  limits: Limits,
  rateLimits: RateLimits,
  accounts: Pick<Accounts, 'bySession'>,
): void {
  const allowances: Allowances = {
    rooms: rateLimits.limit('rooms:', perMinute(limits.roomsPerMinute)),
    joins: rateLimits.limit('joins:', perMinute(limits.joinsPerMinute)),
    reconnects: rateLimits.limit('reconnects:', perMinute(limits.reconnectsPerMinute)),
    guesses: rateLimits.limit('code-guesses:', perMinute(limits.codeGuessesPerMinute)),
  };
  const methods = new WeakMap<FastifyRequest, Method>();

  app.post(
    '/matchmake/:method/:room',
    {
      schema: { summary: 'Reserve a seat (colyseus.js)', params, body: z.record(z.string(), z.unknown()) },
      onRequest: async (request) => {
        methods.set(request, await admit(request, allowances));
      },
    },
    async (request, reply) => {
      const method = methods.get(request) ?? request.params.method;
      const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (method === 'reconnect')
        await checkReconnection(request.params.room, request.body, (await accounts.bySession(token))?.id);
      try {
        const reservation = (await matchMaker.controller.invokeMethod(method, request.params.room, request.body, {
          headers: request.headers,
          ip: request.ip,
          req: request.raw,
          ...(token === undefined ? {} : { token }),
        })) as Record<string, unknown>;
        return reservation;
      } catch (e) {
        const code = (e as { code?: unknown }).code;
        // A code that matches no table spends one of the address's guesses.
        if (method === 'joinById' && code === ErrorCode.MATCHMAKE_INVALID_ROOM_ID)
          await allowances.guesses.take(request.ip);
        return reply.code(statusOf(code)).send({ code, error: e instanceof Error ? e.message : String(e) });
      }
    },
  );

  // Every other request under the matchmaker's path is refused there, never taken for a file.
  const others = ['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH'];
  app.route({
    method: others,
    url: '/matchmake/:method/:room',
    exposeHeadRoute: false,
    schema: { hide: true },
    handler: (request) => {
      const [, , name = '', room = ''] = pathOf(request.url).split('/');
      throw /^[A-Za-z]+$/.test(name) && ROOM.test(room)
        ? new Refused(405, 'the matchmaker takes POST only')
        : new Refused(404, WHERE);
    },
  });
  for (const url of ['/matchmake', '/matchmake/*'])
    app.route({
      method: [...others, 'POST'],
      url,
      exposeHeadRoute: false,
      schema: { hide: true },
      handler: () => {
        throw new Refused(404, WHERE);
      },
    });
}
