import type { Http, HttpOptions } from './http-common.js';
import { Refused } from './http-common.js';
import { waitSeconds } from './rate-limit.js';

/**
 * What each read of the API costs against its address's budget (`UBONGO_API_POINTS_PER_MINUTE`,
 * docs/operations.md), by route: about what it costs the database. A route not named here is
 * not charged (the matchmaker's and the accounts' routes have limits of their own, files none).
 */
export const API_COSTS: Readonly<Record<string, number>> = {
  '/healthz': 1,
  '/api/decks': 1,
  '/api/openapi.json': 1,
  '/api/puzzles/:edition/:board/:side/:key': 1,
  '/api/games/:id': 3,
  '/api/records': 3,
  '/api/leaderboard': 3,
  '/api/players/:id/runs': 3,
  '/api/players/:id': 5,
  '/api/runs/:id': 5,
  '/api/games/:id/replay': 10,
  '/api/reports': 5,
};

/** How long an answer over budget waits before it is sent. */
export const REFUSAL_DELAY_MS = 1000;

/**
 * Charges each request to a route of `API_COSTS` against its address's budget, kept where the
 * other per-address limits are (this process, or the Redis a cluster shares): a fixed window of a
 * minute holding `apiPointsPerMinute` points. Over budget: 429 with Retry-After and `{error}`,
 * before anything is read, sent after `REFUSAL_DELAY_MS`.
 */
export function apiBudget(app: Http, options: Pick<HttpOptions, 'limits' | 'rateLimits'>): void {
  const points = options.limits.apiPointsPerMinute;
  const budget = options.rateLimits.limit('api-points:', { burst: points, refill: points, every: 60 });
  app.addHook('onRequest', async (request) => {
    const cost = API_COSTS[request.routeOptions.url ?? ''];
    if (cost === undefined) return;
    const ms = await budget.take(request.ip, Math.min(cost, points));
    if (ms > 0) {
      const seconds = waitSeconds(ms);
      // The refusal waits a while: a client asking again at once is slowed to a few a second per
      // connection, rather than costing the server a refusal as fast as it can ask.
      await new Promise((resolve) => setTimeout(resolve, REFUSAL_DELAY_MS));
      throw new Refused(429, `too many requests from this address: try again in ${seconds} s`, {
        'retry-after': String(seconds),
      });
    }
  });
}
