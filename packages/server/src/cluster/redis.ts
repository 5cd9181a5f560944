import { Redis } from 'ioredis';
import { maskUrl } from '../storage/index.js';

/*
 * Redis (UBONGO_REDIS_URL): what the processes of a cluster share besides the database. Colyseus's
 * RedisPresence and RedisDriver keep the rooms' listings and carry seat reservations between
 * processes; ours keeps the tasks in play (in-play.ts) and the sign-in buckets (limits.ts) there.
 */

/** Why the Redis a URL names cannot be used: a bad URL, or no answer. */
export class RedisUrlError extends Error {
  override readonly name = 'RedisUrlError';
}

/** Throws a `RedisUrlError` unless `raw` is a `redis://` or `rediss://` URL. */
export function checkRedisUrl(raw: string): void {
  if (!/^rediss?:\/\//i.test(raw)) throw new RedisUrlError(`must be a redis:// or rediss:// URL, got ${maskUrl(raw)}`);
  try {
    new URL(raw);
  } catch {
    throw new RedisUrlError(`is not a URL: ${maskUrl(raw)}`);
  }
}

/** An error's words; a refused connection to a name with two addresses is an AggregateError without any. */
function describe(e: unknown): string {
  if (e instanceof AggregateError && e.message === '')
    return [...new Set(e.errors.map((inner: unknown) => describe(inner)))].join('; ');
  return e instanceof Error ? e.message || e.name : String(e);
}

/**
 * A connection to the Redis `url` names, once it has answered PING; a bad URL, or a server that
 * does not answer within `timeoutMs`, throws a `RedisUrlError` naming the URL, its password masked.
 * Once connected, a lost connection is retried for as long as it takes (commands wait meanwhile).
 */
export async function connectRedis(url: string, log: (message: string) => void, timeoutMs = 5000): Promise<Redis> {
  checkRedisUrl(url);
  const where = maskUrl(url);
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    // The first connection is tried once: a start fails at once rather than waiting forever.
    retryStrategy: () => null,
    maxRetriesPerRequest: 1,
  });
  let last: unknown;
  redis.on('error', (e: unknown) => {
    last = e;
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (e) {
    redis.disconnect();
    throw new RedisUrlError(`cannot connect to ${where}: ${describe(last ?? e)}`, { cause: e });
  }
  // Connected: from now on a dropped connection is retried (a restart of Redis), and said once.
  redis.options.retryStrategy = (times: number) => Math.min(times * 200, 2000);
  redis.options.maxRetriesPerRequest = null;
  let down = false;
  redis.removeAllListeners('error');
  redis.on('error', (e: unknown) => {
    if (down) return;
    down = true;
    log(`Redis at ${where}: ${describe(e)}; retrying`);
  });
  redis.on('ready', () => {
    if (down) log(`Redis at ${where}: connected again`);
    down = false;
  });
  return redis;
}
