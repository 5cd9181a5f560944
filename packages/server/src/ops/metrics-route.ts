import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TrustedProxies } from '../net/client-address.js';
import { LOOPBACK, trustedProxies } from '../net/client-address.js';
import { addressOf } from '../net/limits.js';
import type { Prometheus } from './prometheus.js';
import { countLimitHit, countRefusal } from './tally.js';

/** Who may read `/metrics`: the loopback addresses, and whoever shows the operator's token. */
export interface MetricsAccess {
  readonly prometheus: Prometheus;
  /** `UBONGO_METRICS_TOKEN`: `Authorization: Bearer <token>` opens `/metrics` from anywhere; none, loopback only. */
  readonly token: string | undefined;
  /** The proxies trusted to say the client's address (limits.ts): a request they forward is from its client. */
  readonly trustProxy: TrustedProxies;
}

const loopback = trustedProxies(LOOPBACK);

/** Whether two texts are the same, in a time that does not say how much of them is. */
function same(a: string, b: string): boolean {
  const digest = (s: string): Buffer => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/**
 * `GET /metrics`, Prometheus's text format (docs/operations.md): answered to the loopback
 * addresses (a request an nginx in front forwards from outside is its client's, not loopback) and
 * to `Authorization: Bearer $UBONGO_METRICS_TOKEN`; others get 403. It is no API operation: the
 * per-address API budget does not charge it, and it is not in the OpenAPI document.
 */
export function metricsRoute(app: FastifyInstance, access: MetricsAccess): void {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const address = addressOf(request.raw, access.trustProxy);
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const allowed =
      loopback.has(address) || (access.token !== undefined && token !== undefined && same(token, access.token));
    if (!allowed)
      return reply.code(403).send({
        error: 'the metrics are for the operator: from this machine, or with the metrics token (UBONGO_METRICS_TOKEN)',
      });
    const { body, type } = await access.prometheus.text();
    return reply.code(200).header('cache-control', 'no-store').type(type).send(body);
  });
}

/**
 * Counts the HTTP side's refusals (any 4xx answer) by code: an error's own (`account/...`), else
 * `http/<status>`; a 429 is a per-address limit hit (the API budget's, the matchmaker's, the
 * accounts' limits).
 */
export function countHttpRefusals(app: FastifyInstance): void {
  const codes = new WeakMap<object, string>();
  app.addHook('onError', (request, _reply, error, done) => {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.includes('/')) codes.set(request, code);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    if (status >= 400 && status < 500) countRefusal(codes.get(request) ?? `http/${status}`);
    if (status === 429) countLimitHit('http');
    done();
  });
}
