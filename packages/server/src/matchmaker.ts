import { ErrorCode, matchMaker } from '@colyseus/core';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Limits } from './limits.js';
import { readJson, Refused } from './body.js';
import { addressOf, Buckets } from './limits.js';

/*
 * The matchmaker over HTTP, in place of the one Colyseus attaches (which answers any URL that
 * merely contains "/matchmake", reads bodies of any size and says 200 to every error):
 * `POST /matchmake/:method/:room` only, a capped JSON body, per-address limits, real status codes.
 */

const METHODS = ['create', 'joinOrCreate', 'join', 'joinById', 'reconnect'] as const;
type Method = (typeof METHODS)[number];

const ROUTE = /^\/matchmake\/([A-Za-z]+)\/([A-Za-z0-9_-]{1,64})$/;

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

export interface Matchmaker {
  /** Whether the request is the matchmaker's (its path), so that nothing else answers it. */
  owns(pathname: string): boolean;
  /** Answers a matchmaking request; `headers` go on every answer (CORS, security). */
  handle(req: IncomingMessage, res: ServerResponse, headers: Record<string, string>): Promise<void>;
}

/** The matchmaker route with `limits` applied per address. */
export function matchmaker(limits: Limits): Matchmaker {
  const rooms = new Buckets(limits.roomsPerMinute);
  const joins = new Buckets(limits.joinsPerMinute);
  const reconnects = new Buckets(limits.reconnectsPerMinute);
  const guesses = new Buckets(limits.codeGuessesPerMinute);

  /** Takes the address's allowance for `method`, or refuses with how long to wait. */
  function allow(method: Method, address: string): void {
    const [bucket, what] =
      method === 'create' || method === 'joinOrCreate'
        ? [rooms, 'new rooms']
        : method === 'reconnect'
          ? [reconnects, 'reconnections']
          : [joins, 'joins'];
    if (method === 'joinById' && !guesses.has(address)) {
      const wait = guesses.waitSeconds(address);
      throw new Refused(429, `too many unknown table codes from your address; try again in ${wait} s`, {
        'retry-after': String(wait),
      });
    }
    if (!bucket.take(address)) {
      const wait = bucket.waitSeconds(address);
      throw new Refused(429, `too many ${what} from your address; try again in ${wait} s`, {
        'retry-after': String(wait),
      });
    }
  }

  return {
    owns: (pathname) => pathname === '/matchmake' || pathname.startsWith('/matchmake/'),

    async handle(req, res, headers) {
      const answer = (status: number, body: unknown, extra: Record<string, string> = {}): void => {
        if (res.headersSent) return;
        res.writeHead(status, {
          ...headers,
          ...extra,
          'content-type': 'application/json; charset=utf-8',
          'cache-control': 'no-store',
        });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? '/', 'http://localhost');
      const route = ROUTE.exec(url.pathname);
      try {
        if (req.method === 'OPTIONS') {
          res.writeHead(204, headers);
          res.end();
          return;
        }
        if (!route) throw new Refused(404, 'the matchmaker is at POST /matchmake/:method/:room');
        if (req.method !== 'POST') throw new Refused(405, 'the matchmaker takes POST only');
        const method = METHODS.find((m) => m === route[1]);
        if (!method) throw new Refused(404, `no matchmaking method ${route[1]}; there are ${METHODS.join(', ')}`);
        if (matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN)
          throw new Refused(503, 'the server is restarting; try again in a moment', { 'retry-after': '5' });
        const address = addressOf(req, limits.trustProxy);
        allow(method, address);
        const options = await readJson(req, limits.bodyBytes);
        try {
          const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
          const reservation = (await matchMaker.controller.invokeMethod(method, route[2] ?? '', options, {
            headers: req.headers,
            ip: address,
            req,
            ...(token === undefined ? {} : { token }),
          })) as Record<string, unknown>;
          answer(200, reservation);
        } catch (e) {
          const code = (e as { code?: unknown }).code;
          // A code that matches no table spends one of the address's guesses.
          if (method === 'joinById' && code === ErrorCode.MATCHMAKE_INVALID_ROOM_ID) guesses.take(address);
          answer(statusOf(code), { code, error: e instanceof Error ? e.message : String(e) });
        }
      } catch (e) {
        if (e instanceof Refused) answer(e.status, { error: e.message }, e.headers);
        else throw e;
      }
    },
  };
}
