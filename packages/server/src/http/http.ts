import { costlyRoutes } from '../misses/costly-routes.js';
import { seasonRoutes } from '../rating/season-routes.js';
import fastifyCors from '@fastify/cors';
import { existsSync } from 'node:fs';
import fastifyHelmet from '@fastify/helmet';
import fastifySwagger from '@fastify/swagger';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { OPENAPI } from './openapi.js';
import { accountRoutes } from '../accounts/account-routes.js';
import { apiBudget } from './api-budget.js';
import { AccountError } from '../accounts/accounts.js';
import { apiRoutes } from './api-routes.js';
import { arenaRoutes } from '../arena/arena-routes.js';
import { campaignRoutes } from '../solo/courses/campaign-routes.js';
import { dailyRoutes } from '../solo/courses/daily-routes.js';
import { stormRoutes } from '../solo/courses/storm-routes.js';
import { friendRoutes } from '../friends/friend-routes.js';
import { heldRoutes } from '../solo/held-routes.js';
import { liveRoutes } from '../table/live.js';
import type { Limits } from '../net/limits.js';
import { matchmakerRoutes } from './matchmaker.js';
import type { HttpOptions } from './http-common.js';
import { pathOf, Refused } from './http-common.js';
import { reportRoutes } from '../accounts/report-routes.js';
import { boardRoutes } from '../boards/board-routes.js';
import { ChallengeBook } from '../challenges/challenges.js';
import { challengeRoutes } from '../challenges/challenge-routes.js';
import { reviewRoutes } from '../review/routes.js';
import { sessions } from './session.js';
import { NOT_BUILT, webFiles } from './web-files.js';
import { countHttpRefusals, metricsRoute } from '../ops/metrics-route.js';

/** The content security policy: the page loads only its own scripts, styles, images and fonts and talks only to its own origin (the game socket included). */
const CSP: Readonly<Record<string, readonly string[]>> = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // React and the board set style attributes.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  mediaSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The headers on every answer (helmet sets them here; nginx in front of a cluster serves the
 * client's files with the same): no framing, no sniffing, no referrer.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': Object.entries(CSP)
    .map(([name, values]) => `${kebab(name)} ${values.join(' ')}`)
    .join('; '),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};

/** The answer to an error a route threw or Fastify found: the statuses and words docs/protocol.md lists. */
function errorHandler(limits: Limits, log: (message: string) => void, logged: boolean) {
  return (e: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (e instanceof AccountError) {
      if (e.retryAfter !== undefined) void reply.header('retry-after', String(e.retryAfter));
      return reply.code(e.status).send({ error: e.message, code: e.code, ...(e.params ? { params: e.params } : {}) });
    }
    if (e instanceof Refused)
      return reply
        .code(e.status)
        .headers(e.headers)
        .send({ error: e.message, ...(e.detail ?? {}) });
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply
        .code(413)
        .header('connection', 'close')
        .send({ error: `request bodies are at most ${limits.bodyBytes} bytes` });
    if (e.validation) {
      // A path that is not one of ours is nowhere, as it was before routes had schemas.
      if (e.validationContext === 'params') return reply.code(404).send({ error: `nothing at ${pathOf(request.url)}` });
      return reply.code(400).send({ error: e.validation[0]?.message ?? e.message });
    }
    if (e.statusCode !== undefined && e.statusCode >= 400 && e.statusCode < 500)
      return reply.code(e.statusCode).send({ error: e.message });
    const failed = `http ${request.method} ${request.url.slice(0, 200)} failed`;
    // Through the request's logger (its id with it) when Fastify has one.
    if (logged) request.log.error({ err: e }, failed);
    else log(`${failed}: ${e.stack ?? e.message}`);
    return reply.code(500).send({ error: 'internal error' });
  };
}

/** Fastify says each request came and was answered at info: kept for a log set to debug (or trace), else left out. */
function requestLevel(logger: FastifyBaseLogger): string {
  return logger.level === 'debug' || logger.level === 'trace' ? logger.level : 'warn';
}

/**
 * The HTTP side (docs/protocol.md): the matchmaker, health, game records and replays, solo
 * records, accounts, the OpenAPI document, the web client. Colyseus's game socket is served on
 * the same Node server (`app.server`).
 */
export async function httpApp(options: HttpOptions): Promise<FastifyInstance> {
  const { limits, log } = options;
  const app = Fastify({
    // Requests' own lines (came, answered) are debug: a busy server says only what went wrong.
    ...(options.logger ? { loggerInstance: options.logger.child({}, { level: requestLevel(options.logger) }) } : {}),
    bodyLimit: limits.bodyBytes,
    // The client's address for the per-address limits (request.ip): Fastify walks X-Forwarded-For
    // from the socket's peer leftwards past the trusted proxies, as clientAddress does.
    trustProxy: (address: string) => limits.trustProxy.has(address),
    // Slow clients' deadlines (net-guard.ts) are checked each second, not every 30 s.
    http: { connectionsCheckingInterval: 1000 },
    // Paths are matched as sent: /healthz/ is not /healthz.
    routerOptions: { ignoreTrailingSlash: false },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(errorHandler(limits, log, options.logger !== undefined));
  countHttpRefusals(app);

  // Every body is read as JSON whatever its declared type (colyseus.js and fetch say different
  // ones); none is an empty object.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    let value: unknown;
    try {
      value = text === '' ? {} : JSON.parse(text);
    } catch {
      done(new Refused(400, 'the request body is not JSON'));
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      done(new Refused(400, 'the request body is a JSON object'));
    else done(null, value);
  });
  // A request with no body and no content type reaches no parser: it is the empty object too, as
  // an empty body is (`curl -X POST .../api/accounts` makes a guest).
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined && request.method !== 'GET' && request.method !== 'HEAD') request.body = {};
    done();
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP as Record<string, string[]> },
    xContentTypeOptions: true,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Only the headers above, as before helmet: the rest would change what browsers allow.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  // Only origins on the allowed list get an answer their pages may read (the page's own origin
  // needs none); never with credentials.
  await app.register(fastifyCors, {
    origin: [...limits.allowedOrigins],
    methods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'Accept', 'Authorization'],
    maxAge: 600,
    strictPreflight: false,
  });
  await app.register(fastifySwagger, OPENAPI);

  // Answers in JSON are never cached: they say how things are now.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control') && String(reply.getHeader('content-type')).startsWith('application/json'))
      void reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request.url);
    if (request.method === 'OPTIONS') return reply.code(204).send();
    if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(405).send({ error: 'only GET here' });
    if (path === '/' || path === '/index.html')
      return reply.code(200).removeHeader('cache-control').type('text/html; charset=utf-8').send(NOT_BUILT);
    // Whatever a file route had set before it found no file goes.
    reply.removeHeader('cache-control');
    return reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send({ error: `nothing at ${path}` });
  });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  sessions(typed, options.accounts);
  apiBudget(typed, options);
  matchmakerRoutes(typed, limits, options.rateLimits, options.accounts);
  accountRoutes(typed, options.accounts, options.stores.reviews);
  heldRoutes(typed, options);
  campaignRoutes(typed, options);
  costlyRoutes(typed, options);
  apiRoutes(typed, options);
  dailyRoutes(typed, options);
  stormRoutes(typed, options);
  arenaRoutes(typed, options);
  reportRoutes(typed, options);
  boardRoutes(typed, options);
  challengeRoutes(typed, new ChallengeBook(options.stores, () => options.clock.date()));
  reviewRoutes(typed, options);
  friendRoutes(typed, options.friends);
  if (options.seasons) seasonRoutes(typed, options, options.seasons);
  liveRoutes(typed);
  if (options.metrics) metricsRoute(app, options.metrics);
  // A client not built is not served: `/` says how to build it (the not-found handler above), and
  // @fastify/static, now that Fastify logs, is not asked to warn of a missing folder at every start.
  if (options.webDir !== undefined && existsSync(options.webDir))
    await app.register(webFiles, { webDir: options.webDir, sourceMaps: options.sourceMaps });

  await app.ready();
  return app;
}
