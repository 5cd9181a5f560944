// `npm start`: the game server on PORT (2567), data in UBONGO_DATA_DIR (./data) or in the
// PostgreSQL database DATABASE_URL names, and the built web client (packages/web/dist, or
// UBONGO_WEB_DIR) at its root. With UBONGO_REDIS_URL it is one of several processes sharing that
// Redis and the database, reached by clients at UBONGO_PUBLIC_ADDRESS (docs/operations.md).
import type { TimetableEntry } from './arena/arenas.js';
import { timetableFromEnv } from './arena/arenas.js';
import { AddressInUseError } from './cluster/address-hold.js';
import { checkPublicAddress } from './cluster/public-address.js';
import { limitsFromEnv } from './net/limits.js';
import type { Limits } from './net/limits.js';
import { checkRedisUrl, RedisUrlError } from './cluster/redis.js';
import { METRICS_LINE, ServerMetrics } from './metrics.js';
import { logOptionsFromEnv, makeLogger } from './ops/log.js';
import { startServer } from './server.js';
import { checkDatabaseUrl, DatabaseUrlError, maskUrl } from './storage/index.js';

// Log lines: JSON (a log collector's) unless UBONGO_LOG says pretty; pretty by default in a terminal.
const logOptions = logOptionsFromEnv(process.env, process.stderr.isTTY);
const logger = makeLogger(typeof logOptions === 'string' ? {} : logOptions);

function fail(message: string): never {
  logger.fatal(message);
  process.exit(2);
}
if (typeof logOptions === 'string') fail(logOptions);

const port = Number(process.env['PORT'] ?? 2567);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`PORT must be a port number, got ${process.env['PORT']}`);
const timeScale = Number(process.env['UBONGO_TIME_SCALE'] ?? 1);
if (!(timeScale > 0)) fail(`UBONGO_TIME_SCALE must be a positive number, got ${process.env['UBONGO_TIME_SCALE']}`);
const dataDir = process.env['UBONGO_DATA_DIR'] ?? './data';
// Set and not empty, it names PostgreSQL; otherwise SQLite in the data folder.
const databaseUrl = process.env['DATABASE_URL'] || undefined;
try {
  if (databaseUrl !== undefined) checkDatabaseUrl(databaseUrl);
} catch (e) {
  fail(`DATABASE_URL: ${e instanceof Error ? e.message : String(e)}`);
}
const data = databaseUrl === undefined ? dataDir : maskUrl(databaseUrl);
const redisUrl = process.env['UBONGO_REDIS_URL'] || undefined;
try {
  if (redisUrl !== undefined) checkRedisUrl(redisUrl);
} catch (e) {
  fail(`UBONGO_REDIS_URL: ${e instanceof Error ? e.message : String(e)}`);
}
const publicAddress = process.env['UBONGO_PUBLIC_ADDRESS'] || undefined;
const badAddress = publicAddress === undefined ? undefined : checkPublicAddress(publicAddress);
if (badAddress !== undefined) fail(`UBONGO_PUBLIC_ADDRESS: ${badAddress}`);
// Processes sharing a Redis are told apart, and reached, by their addresses.
if (redisUrl !== undefined && publicAddress === undefined)
  fail('UBONGO_REDIS_URL: a process of a cluster needs UBONGO_PUBLIC_ADDRESS, the address its players reach it at');
const webDir = process.env['UBONGO_WEB_DIR'];
let limits: Limits;
try {
  limits = limitsFromEnv(process.env);
} catch (e) {
  fail(e instanceof Error ? e.message : String(e));
}
const sourceMaps = process.env['UBONGO_SOURCE_MAPS'] === '1';
// Arenas made by a timetable (docs/arenas.md): unset, a classic arena every hour for 30 minutes; `off`, none.
let arenaTimetable: TimetableEntry[] = [];
try {
  arenaTimetable = timetableFromEnv(process.env['UBONGO_ARENAS']);
} catch (e) {
  fail(`UBONGO_ARENAS: ${e instanceof Error ? e.message : String(e)}`);
}
const seasonMonths = Number(process.env['UBONGO_SEASON_MONTHS'] ?? 3);
if (!Number.isInteger(seasonMonths) || seasonMonths < 1 || seasonMonths > 24)
  fail(
    `UBONGO_SEASON_MONTHS must be a whole number of months from 1 to 24, got ${process.env['UBONGO_SEASON_MONTHS']}`,
  );
// For the bench: the process measures itself and prints its figures on SIGUSR2 (metrics.ts).
const metrics = process.env['UBONGO_METRICS'] === '1' ? new ServerMetrics() : undefined;
if (metrics)
  process.on('SIGUSR2', () => {
    // Not a log line: the bench's figures, read from stdout (bench/flood.ts).
    process.stdout.write(`${METRICS_LINE}${JSON.stringify(metrics.take())}\n`);
  });

// Opens GET /metrics to other addresses than loopback, with `Authorization: Bearer <token>`.
const metricsToken = process.env['UBONGO_METRICS_TOKEN'] || undefined;

const server = await startServer({
  port,
  dataDir,
  logger,
  timeScale,
  limits,
  sourceMaps,
  arenaTimetable,
  seasonMonths,
  ...(webDir ? { webDir } : {}),
  ...(databaseUrl === undefined ? {} : { databaseUrl }),
  ...(redisUrl === undefined ? {} : { redisUrl }),
  ...(publicAddress === undefined ? {} : { publicAddress }),
  ...(metrics === undefined ? {} : { metrics }),
  ...(metricsToken === undefined ? {} : { metricsToken }),
}).catch((e: unknown) => {
  if (e instanceof DatabaseUrlError) fail(`DATABASE_URL: ${e.message}`);
  if (e instanceof RedisUrlError) fail(`UBONGO_REDIS_URL: ${e.message}`);
  if (e instanceof AddressInUseError) fail(`UBONGO_PUBLIC_ADDRESS: ${e.message}`);
  fail(`cannot start on port ${port} with data in ${data}: ${e instanceof Error ? e.message : String(e)}`);
});
// A graceful stop: rooms are disposed (their games saved), then the database is closed.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    logger.info(`${signal}, stopping`);
    // A stop that takes a while says what it still waits for, every 10 seconds.
    setInterval(() => {
      const waiting = new Map<string, number>();
      for (const kind of process.getActiveResourcesInfo()) waiting.set(kind, (waiting.get(kind) ?? 0) + 1);
      logger.info(`still stopping, waiting on ${[...waiting].map(([k, n]) => `${n} ${k}`).join(', ')}`);
    }, 10_000).unref();
    server
      .close()
      .then(() => process.exit(0))
      .catch((e: unknown) => {
        logger.fatal({ err: e }, 'stopping failed');
        process.exit(1);
      });
  });
}

// Said once the stop is in hand: whoever reads it may stop the process at once.
const cluster = redisUrl === undefined ? '' : `, shared through Redis at ${maskUrl(redisUrl)}`;
const reached = publicAddress === undefined ? '' : `, reached at ${publicAddress}`;
logger.info(`listening on http://localhost:${server.port} (data in ${data}${cluster}${reached})`);
