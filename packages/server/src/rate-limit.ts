import type { Redis } from 'ioredis';
import type { IRateLimiterOptions, RateLimiterAbstract } from 'rate-limiter-flexible';
import { BurstyRateLimiter, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/*
 * The server's one rate limiter (sign-ins, rooms, joins, reconnections, code guesses, socket
 * messages): rate-limiter-flexible, in this process's memory or in a Redis that every process of a
 * cluster shares, behind one interface, as Colyseus puts its presence.
 *
 * An allowance is a burst, then a steady refill, as the token buckets it replaces were. The
 * library counts in fixed windows, so it is two of them (its BurstyRateLimiter): `refill` points
 * a window of `every` seconds, and the rest of the burst in a window that starts when it is first
 * drawn on. A key gets its whole burst at once, then `refill` every `every` seconds, and after a
 * quiet spell as long as the burst's window it has its whole burst again. (A key that keeps
 * taking gets the burst back once a burst window too: at most twice the refill rate, where a
 * bucket gave exactly the rate.)
 */

/** How much a key may take: `burst` at once, then `refill` each `every` seconds. */
export interface Allowance {
  readonly burst: number;
  readonly refill: number;
  readonly every: number;
}

/** An allowance per key (an address, an account, a socket). */
export interface RateLimit {
  /** Takes one from `key`'s allowance: 0 when taken, else the milliseconds until one is free (nothing taken). */
  take(key: string): Promise<number>;
  /** The milliseconds until `key` may take one (0: now), taking nothing. */
  wait(key: string): Promise<number>;
}

/** Where allowances are kept; `name` keeps one kind of limit apart from the others. */
export interface RateLimits {
  limit(name: string, allowance: Allowance): RateLimit;
}

/**
 * `n` a minute: a burst of `n`, then one every 60/n seconds (Redis keeps whole seconds, so past
 * 60 a minute the refill is counted per second).
 */
export function perMinute(n: number): Allowance {
  return n <= 60 ? { burst: n, refill: 1, every: 60 / n } : { burst: n, refill: Math.ceil(n / 60), every: 1 };
}

/** Milliseconds as the whole seconds a refusal tells people to wait (at least 1). */
export const waitSeconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/** Makes one of the library's limiters, in memory or in Redis. */
type Maker = (options: IRateLimiterOptions) => RateLimiterAbstract;

function limitOf(make: Maker, name: string, { burst, refill, every }: Allowance): RateLimit {
  const steady = make({ keyPrefix: name, points: refill, duration: every });
  const extra = burst - refill;
  // The rest of the burst, given back in the time a bucket took to fill again.
  const reserve =
    extra > 0 ? make({ keyPrefix: `${name}burst`, points: extra, duration: (burst / refill) * every }) : undefined;
  const limiter = reserve ? new BurstyRateLimiter(steady, reserve) : steady;
  const spent = (res: RateLimiterRes | null, points: number): boolean => res !== null && res.consumedPoints >= points;
  return {
    async take(key) {
      try {
        await limiter.consume(key);
        return 0;
      } catch (e) {
        // Refused: the limiter rejects with its answer; anything else (Redis gone) is a fault.
        if (e instanceof RateLimiterRes) return Math.max(1, e.msBeforeNext);
        throw e;
      }
    },
    async wait(key) {
      const [now, later] = await Promise.all([steady.get(key), reserve?.get(key) ?? null]);
      if (!spent(now, refill) || (reserve && !spent(later, extra))) return 0;
      return Math.max(1, Math.min(now?.msBeforeNext ?? 0, later?.msBeforeNext ?? Infinity));
    },
  };
}

/** Allowances in this process's memory (a lone process, or what belongs to one socket). */
export class LocalRateLimits implements RateLimits {
  // One limit a name, as one key prefix in Redis is one allowance whoever asks.
  readonly #byName = new Map<string, RateLimit>();

  limit(name: string, allowance: Allowance): RateLimit {
    let limit = this.#byName.get(name);
    if (!limit) {
      limit = limitOf((options) => new RateLimiterMemory(options), name, allowance);
      this.#byName.set(name, limit);
    }
    return limit;
  }
}

/** Allowances in Redis under `prefix`, shared by every process that uses the same prefix. */
export class RedisRateLimits implements RateLimits {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'ubongo:limit:',
  ) {}

  limit(name: string, allowance: Allowance): RateLimit {
    return limitOf(
      (options) =>
        new RateLimiterRedis({
          ...options,
          storeClient: this.redis,
          keyPrefix: `${this.prefix}${options.keyPrefix ?? ''}`,
        }),
      name,
      allowance,
    );
  }
}
