import type { IncomingMessage } from 'node:http';

/*
 * What one address may take of the server, so that no one client can starve the others
 * (docs/operations.md lists each limit, its default and its variable). Every limit answers with
 * a clear error: HTTP 413 or 429 with words, a `rejected` message, or a WebSocket close with a
 * reason.
 */

/** The server's limits; every field has a default (`DEFAULT_LIMITS`). */
export interface Limits {
  /** The largest request body read (the matchmaker's join options), in bytes. */
  readonly bodyBytes: number;
  /** Open game connections (WebSockets) from one address. */
  readonly connectionsPerAddress: number;
  /** Tables, solo runs and practice rooms one address may create: a burst, refilled per minute. */
  readonly roomsPerMinute: number;
  /** Joins of existing tables (by code or quick match) per address per minute. */
  readonly joinsPerMinute: number;
  /** Reconnection attempts per address per minute. */
  readonly reconnectsPerMinute: number;
  /** Table codes that match no table, per address per minute; past it every join by code waits. */
  readonly codeGuessesPerMinute: number;
  /** A lobby, a finished table or a solo run nobody has sent anything to for this long is closed. */
  readonly idleSeconds: number;
  /** Messages refused as too fast, in a row, before the sender is disconnected. */
  readonly floodStrikes: number;
  /** Lines of the log per minute; the rest are counted and summed up once a minute. */
  readonly logLinesPerMinute: number;
  /** Origins other than the page's own allowed to call the matchmaker and open game sockets. */
  readonly allowedOrigins: readonly string[];
  /** Whether the client's address is read from X-Forwarded-For (behind a proxy of ours, issue 15). */
  readonly trustProxy: boolean;
}

export const DEFAULT_LIMITS: Limits = {
  bodyBytes: 8 * 1024,
  connectionsPerAddress: 40,
  roomsPerMinute: 30,
  joinsPerMinute: 60,
  reconnectsPerMinute: 30,
  codeGuessesPerMinute: 20,
  idleSeconds: 600,
  floodStrikes: 50,
  logLinesPerMinute: 120,
  allowedOrigins: [],
  trustProxy: false,
};

/** The environment variable of each limit (`npm start` reads them; docs/operations.md). */
export const LIMIT_VARIABLES: Readonly<Record<Exclude<keyof Limits, 'allowedOrigins' | 'trustProxy'>, string>> = {
  bodyBytes: 'UBONGO_MAX_BODY_BYTES',
  connectionsPerAddress: 'UBONGO_MAX_CONNECTIONS_PER_ADDRESS',
  roomsPerMinute: 'UBONGO_ROOMS_PER_MINUTE',
  joinsPerMinute: 'UBONGO_JOINS_PER_MINUTE',
  reconnectsPerMinute: 'UBONGO_RECONNECTS_PER_MINUTE',
  codeGuessesPerMinute: 'UBONGO_CODE_GUESSES_PER_MINUTE',
  idleSeconds: 'UBONGO_IDLE_SECONDS',
  floodStrikes: 'UBONGO_FLOOD_STRIKES',
  logLinesPerMinute: 'UBONGO_LOG_LINES_PER_MINUTE',
};

/**
 * The limits from an environment: each variable a positive whole number; `UBONGO_ALLOWED_ORIGINS`
 * a comma-separated list of origins (`https://example.org`); `UBONGO_TRUST_PROXY=1`. Throws with the
 * variable's name and value when one is not.
 */
export function limitsFromEnv(env: Readonly<Record<string, string | undefined>>): Limits {
  const limits: Record<string, unknown> = { ...DEFAULT_LIMITS };
  for (const [key, name] of Object.entries(LIMIT_VARIABLES)) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number above 0, got ${raw}`);
    limits[key] = value;
  }
  const origins = env['UBONGO_ALLOWED_ORIGINS'];
  if (origins) {
    const list = origins.split(',').map((o) => o.trim());
    for (const origin of list)
      if (!/^https?:\/\/[\w.-]+(:\d+)?$/.test(origin))
        throw new Error(
          `UBONGO_ALLOWED_ORIGINS holds ${JSON.stringify(origin)}, not an origin like https://example.org`,
        );
    limits['allowedOrigins'] = list;
  }
  const trust = env['UBONGO_TRUST_PROXY'];
  if (trust !== undefined && trust !== '') {
    if (trust !== '0' && trust !== '1') throw new Error(`UBONGO_TRUST_PROXY is 0 or 1, got ${trust}`);
    limits['trustProxy'] = trust === '1';
  }
  return limits as unknown as Limits;
}

/** The address a request comes from: the socket's, or the proxy's word for it when trusted. */
export function addressOf(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? 'unknown';
}

/**
 * Token buckets by key: each key may spend `burst` at once, refilled at `perMinute`. Keys idle
 * long enough to be full again are forgotten, so the map stays as small as the traffic.
 */
export class Buckets {
  readonly #buckets = new Map<string, { tokens: number; at: number }>();
  #swept = 0;

  constructor(
    readonly perMinute: number,
    readonly burst: number = perMinute,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token for `key`; false (and nothing taken) when there is none. */
  take(key: string): boolean {
    const bucket = this.#refill(key);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Whether `key` has a token left, without taking it. */
  has(key: string): boolean {
    return this.#refill(key).tokens >= 1;
  }

  /** Seconds until `key` has a token again. */
  waitSeconds(key: string): number {
    const bucket = this.#refill(key);
    return bucket.tokens >= 1 ? 0 : Math.ceil(((1 - bucket.tokens) * 60) / this.perMinute);
  }

  #refill(key: string): { tokens: number; at: number } {
    const now = this.now();
    this.#sweep(now);
    const bucket = this.#buckets.get(key) ?? { tokens: this.burst, at: now };
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 60_000) * this.perMinute);
    bucket.at = now;
    this.#buckets.set(key, bucket);
    return bucket;
  }

  #sweep(now: number): void {
    if (now - this.#swept < 60_000) return;
    this.#swept = now;
    const full = (this.burst / this.perMinute) * 60_000;
    for (const [key, bucket] of this.#buckets) if (now - bucket.at > full) this.#buckets.delete(key);
  }
}

/**
 * Token buckets that may be shared by processes: `take` resolves to 0 when it took a token for
 * `key`, or to the seconds until there is one (nothing taken).
 */
export interface SharedBuckets {
  take(key: string): Promise<number>;
}

/** `Buckets` in this process's memory, as `SharedBuckets` (a lone process). */
export function localBuckets(buckets: Buckets): SharedBuckets {
  return {
    take: (key) => Promise.resolve(buckets.take(key) ? 0 : buckets.waitSeconds(key)),
  };
}

// Buckets's arithmetic, in Redis, so that a take is one step whichever process asks: refill by the
// time passed, take a token if there is one, keep the bucket until it would be full again.
const TAKE = `
local burst = tonumber(ARGV[1])
local perMinute = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local bucket = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(bucket[1]) or burst
local at = tonumber(bucket[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) / 60000 * perMinute)
local wait = 0
if tokens >= 1 then tokens = tokens - 1 else wait = math.ceil((1 - tokens) * 60 / perMinute) end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(burst / perMinute * 60000))
return wait
`;

/** The subset of an ioredis client the shared buckets use. */
export interface RedisScripts {
  eval(script: string, keys: number, ...args: (string | number)[]): Promise<unknown>;
}

/** Token buckets in Redis under `prefix`, shared by every process that uses the same prefix. */
export function redisBuckets(
  redis: RedisScripts,
  prefix: string,
  perMinute: number,
  burst: number = perMinute,
  now: () => number = Date.now,
): SharedBuckets {
  return {
    take: async (key) => Number(await redis.eval(TAKE, 1, prefix + key, burst, perMinute, now())),
  };
}

/** Counts of open things by key (connections by address). */
export class Counter {
  readonly #counts = new Map<string, number>();

  get(key: string): number {
    return this.#counts.get(key) ?? 0;
  }

  add(key: string): void {
    this.#counts.set(key, this.get(key) + 1);
  }

  remove(key: string): void {
    const n = this.get(key) - 1;
    if (n > 0) this.#counts.set(key, n);
    else this.#counts.delete(key);
  }
}

/**
 * A log that writes at most `perMinute` lines a minute; past that, lines are counted and one line
 * says how many were left out when the minute is over (so a flood of failures cannot fill a disk).
 */
export function rateLimitedLog(
  write: (message: string) => void,
  perMinute: number,
  now: () => number = Date.now,
): (message: string) => void {
  let windowStart = now();
  let written = 0;
  let dropped = 0;
  return (message) => {
    const t = now();
    if (t - windowStart >= 60_000) {
      if (dropped > 0) write(`${dropped} log lines left out in the last minute`);
      windowStart = t;
      written = 0;
      dropped = 0;
    }
    if (written < perMinute) {
      written++;
      write(message);
    } else dropped++;
  };
}
