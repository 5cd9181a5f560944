import type { SeasonKeeper } from '../rating/seasons.js';
import type { GameClock } from '../clock.js';
import type { Deck, DeckEdition } from '@ubongo/core';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Accounts } from '../accounts/accounts.js';
import type { Friendships } from '../friends/friends.js';
import type { Limits } from '../net/limits.js';
import type { RateLimits } from '../net/rate-limit.js';
import type { Stores } from '../storage/stores.js';
import type { MetricsAccess } from '../ops/metrics-route.js';

/** The server's Fastify, each route's params, query and body typed by its zod schema. */
export type Http = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The session token a request carries (`Authorization: Bearer ...`), if any. */
export const bearer = (request: FastifyRequest): string | undefined =>
  /^Bearer ([\w-]{20,100})$/.exec(request.headers.authorization ?? '')?.[1];

/**
 * An HTTP request the server refuses: the status, the words (`{error}`), headers to add, and where
 * a client says why in its own words, a code and its values (`{code, params}`).
 */
export class Refused extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
    readonly detail?: { readonly code: string; readonly params?: Readonly<Record<string, string | number>> },
  ) {
    super(message);
  }
}

/** A request's path as sent (still percent-encoded), without its query. */
export const pathOf = (url: string): string => new URL(url, 'http://localhost').pathname;

/** What the HTTP side serves with. */
export interface HttpOptions {
  readonly stores: Stores;
  readonly decks: Readonly<Record<DeckEdition, Deck>>;
  /** When the process started, on the monotonic clock (clock.ts): its uptime. */
  readonly startedAt: number;
  /** The built web client, if any. */
  readonly webDir: string | undefined;
  readonly accounts: Accounts;
  /** Friends: follows, blocks, where friends are, invitations (friends.ts). */
  readonly friends: Friendships;
  readonly limits: Limits;
  /** Where the per-address limits are kept: this process, or the Redis a cluster shares. */
  readonly rateLimits: RateLimits;
  /** Whether the client's source maps (`.map`) are served; not in production. */
  readonly sourceMaps: boolean;
  readonly log: (message: string) => void;
  /** `GET /metrics` and who may read it (ops/metrics-route.ts); not served when not given. */
  readonly metrics?: MetricsAccess;
  /** Fastify's own logger (ops/log.ts): requests' lines carry their id; none when not given. */
  readonly logger?: FastifyBaseLogger;
  /** Game time (clock.ts): what day the daily puzzle is on. */
  readonly clock: GameClock;
  /** The seasons of rated play (seasons.ts): their routes are served when given. */
  readonly seasons?: SeasonKeeper;
}
