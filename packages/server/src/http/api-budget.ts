import { API } from '@ubongo/core';
import type { Http, HttpOptions } from './http-common.js';
import { Refused } from './http-common.js';
import { waitSeconds } from '../net/rate-limit.js';

/**
 * What each operation costs against its address's budget (`UBONGO_API_POINTS_PER_MINUTE`,
 * docs/operations.md), by `'METHOD /path'` as core's map (`API`) says: about what it costs the
 * database. An operation of cost 0 is not charged (the matchmaker's, the accounts' and friends'
 * changes have limits of their own; files none).
 */
export const API_COSTS: Readonly<Record<string, number>> = Object.fromEntries(
  Object.entries(API).flatMap(([route, operation]) => (operation.cost > 0 ? [[route, operation.cost]] : [])),
);

/** How long an answer over budget waits before it is sent. */
export const REFUSAL_DELAY_MS = 1000;

/** The charged requests of one address the server works on at once; the others wait their turn. */
export const API_CONCURRENCY = 2;

/** Requests of one address that may wait their turn; past them, 429 at once. */
export const API_QUEUE = 16;

/** The budget's window: a sixth of a minute's points every 10 s, so that a burst is a sixth of them. */
const WINDOWS_A_MINUTE = 6;

/** One address's charged requests under way, and those waiting their turn. */
interface Turns {
  active: number;
  readonly waiting: (() => void)[];
}

/**
 * Charges each request to a route of `API_COSTS` against its address's budget, kept where the
 * other per-address limits are (this process, or the Redis a cluster shares): fixed windows of 10 s
 * each holding a sixth of `apiPointsPerMinute`. Over budget: 429 with Retry-After and `{error}`,
 * before anything is read, sent after `REFUSAL_DELAY_MS`. And an address has at most
 * `API_CONCURRENCY` of them worked on at once in this process (up to `API_QUEUE` more wait their
 * turn, the rest are refused): many parallel requests of one client queue behind each other, not
 * in front of everyone else's.
 */
export function apiBudget(app: Http, options: Pick<HttpOptions, 'limits' | 'rateLimits'>): void {
  const points = Math.max(1, Math.ceil(options.limits.apiPointsPerMinute / WINDOWS_A_MINUTE));
  const budget = options.rateLimits.limit('api-points:', {
    burst: points,
    refill: points,
    every: 60 / WINDOWS_A_MINUTE,
  });
  const turns = new Map<string, Turns>();
  const refuse = (seconds: number, words: string) => new Refused(429, words, { 'retry-after': String(seconds) });
  app.addHook('onRequest', async (request, reply) => {
    // A HEAD is its GET, as Fastify answers it.
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const cost = API_COSTS[`${method} ${request.routeOptions.url ?? ''}`];
    if (cost === undefined) return;
    const address = request.ip;
    let mine = turns.get(address);
    if (!mine) {
      mine = { active: 0, waiting: [] };
      turns.set(address, mine);
    }
    const held = mine;
    // The turn is given on when the answer is done or the client has gone, once; a request that
    // goes while it waits leaves the queue.
    const turn: { state: 'waiting' | 'active' | 'done' } = { state: 'waiting' };
    let wake: (() => void) | undefined;
    reply.raw.once('close', () => {
      if (turn.state === 'waiting' && wake) {
        held.waiting.splice(held.waiting.indexOf(wake), 1);
        turn.state = 'done';
        wake();
        return;
      }
      if (turn.state !== 'active') return;
      turn.state = 'done';
      const next = held.waiting.shift();
      if (next) next();
      else if (--held.active === 0) turns.delete(address);
    });
    if (held.active >= API_CONCURRENCY) {
      if (held.waiting.length >= API_QUEUE) {
        turn.state = 'done';
        throw refuse(1, 'too many requests at once from this address: try again in 1 s');
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        held.waiting.push(resolve);
      });
      // Gone while it waited: nothing more to do.
      if (turn.state === 'done') throw refuse(1, 'the client has gone');
    } else held.active++;
    turn.state = 'active';
    const ms = await budget.take(address, Math.min(cost, points));
    if (ms > 0) {
      const seconds = waitSeconds(ms);
      // The refusal waits a while: a client asking again at once is slowed to a few a second per
      // connection, rather than costing the server a refusal as fast as it can ask.
      await new Promise((resolve) => setTimeout(resolve, REFUSAL_DELAY_MS));
      throw refuse(seconds, `too many requests from this address: try again in ${seconds} s`);
    }
  });
}
