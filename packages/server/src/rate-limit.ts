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
 * drawn on and lasts RESERVE_SPAN times as long as a bucket took to fill. A key gets its whole
 * burst at once, then `refill` every `every` seconds; the rest of the burst comes back once that
 * long window is over. So a key that keeps taking gets at most 1/RESERVE_SPAN more than the
 * refill rate (the reserve once a long window), where a window as short as the bucket's filling
 * would have let it take twice the rate.
 */

/** How many times a bucket's filling time the rest of a burst takes to come back. */
export const RESERVE_SPAN = 10;

/** How much a key may take: `burst` at once, then `refill` each `every` seconds. */
export interface Allowance {
  readonly burst: number;
  readonly refill: number;
  readonly every: number;
}

/** An allowance per key (an address, an account, a socket). */
export interface RateLimit {
  /**
   * Takes `points` (one unless said) from `key`'s allowance: 0 when taken, else the milliseconds
   * until they are free (nothing taken).
   */
  take(key: string, points?: number): Promise<number>;
  /** The milliseconds until `key` may take one (0: now), taking nothing. */
  wait(key: string): Promise<number>;
}

/** Where allowances are kept; `name` keeps one kind of limit apart from the others. */
export interface RateLimits {
  limit(name: string, allowance: Allowance): RateLimit;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * `n` a minute: a burst of `n`, then `n` a minute again, given back in whole seconds (Redis keeps
 * its windows in whole seconds): 30 is one every 2 s, 25 five every 12 s, 90 three every 2 s.
 */
export function perMinute(n: number): Allowance {
  const whole = Math.max(1, Math.round(n));
  const g = gcd(whole, 60);
  return { burst: whole, refill: whole / g, every: 60 / g };
}

/** Milliseconds as the whole seconds a refusal tells people to wait (at least 1). */
export const waitSeconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

/** Makes one of the library's limiters, in memory or in Redis. */
type Maker = (options: IRateLimiterOptions) => RateLimiterAbstract;

function limitOf(make: Maker, name: string, { burst, refill, every }: Allowance): RateLimit {
  const steady = make({ keyPrefix: name, points: refill, duration: every });
  const extra = burst - refill;
  // The rest of the burst, given back RESERVE_SPAN times slower than a bucket filled again.
  const reserve =
    extra > 0
      ? make({ keyPrefix: `${name}burst`, points: extra, duration: RESERVE_SPAN * (burst / refill) * every })
      : undefined;
  const limiter = reserve ? new BurstyRateLimiter(steady, reserve) : steady;
  const spent = (res: RateLimiterRes | null, points: number): boolean => res !== null && res.consumedPoints >= points;
  return {
    async take(key, points = 1) {
      try {
        await limiter.consume(key, points);
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
