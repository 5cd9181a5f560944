import type { Redis } from 'ioredis';
import type { IRateLimiterOptions, RateLimiterAbstract } from 'rate-limiter-flexible';
import { BurstyRateLimiter, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { monotonicNow } from '../clock.js';
import { limitKey } from './client-address.js';

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
 *
 * Windows run on a clock that does not jump. Redis keeps them with its own clock (EX and PTTL), so
 * this process's wall clock does not enter into them. In memory the library reads Date.now(): a
 * wall clock set back an hour told a key to wait an hour more. So the memory form is the same two
 * fixed windows counted here on the monotonic clock (clock.ts), `FixedWindows`, with the library's
 * answers; and no wait told is longer than the window it waits for.
 *
 * A key that is an IPv6 address is counted by its /64 (`limitKey`): one subscriber's block.
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

/** Makes one of the library's limiters in Redis. */
type Maker = (options: IRateLimiterOptions) => RateLimiterAbstract;

/** How long a window lasts, in ms: the steady one, and the one for the rest of the burst. */
function windows({ burst, refill, every }: Allowance): { steady: number; reserve: number } {
  return { steady: every * 1000, reserve: RESERVE_SPAN * (burst / refill) * every * 1000 };
}

function limitOf(make: Maker, name: string, allowance: Allowance): RateLimit {
  const { burst, refill, every } = allowance;
  const span = windows(allowance);
  const steady = make({ keyPrefix: name, points: refill, duration: every });
  const extra = burst - refill;
  // The rest of the burst, given back RESERVE_SPAN times slower than a bucket filled again.
  const reserve =
    extra > 0 ? make({ keyPrefix: `${name}burst`, points: extra, duration: span.reserve / 1000 }) : undefined;
  const limiter = reserve ? new BurstyRateLimiter(steady, reserve) : steady;
  const spent = (res: RateLimiterRes | null, points: number): boolean => res !== null && res.consumedPoints >= points;
  // Never longer than the window waited for (the steady one: a wait is the sooner of the two).
  const told = (ms: number): number => Math.min(span.steady, Math.max(1, ms));
  return {
    async take(key, points = 1) {
      try {
        await limiter.consume(key, points);
        return 0;
      } catch (e) {
        // Refused: the limiter rejects with its answer; anything else (Redis gone) is a fault.
        if (e instanceof RateLimiterRes) return told(e.msBeforeNext);
        throw e;
      }
    },
    async wait(key) {
      const [now, later] = await Promise.all([steady.get(key), reserve?.get(key) ?? null]);
      if (!spent(now, refill) || (reserve && !spent(later, extra))) return 0;
      return told(Math.min(now?.msBeforeNext ?? 0, later?.msBeforeNext ?? Infinity));
    },
  };
}

/**
 * Fixed windows of `ms` per key on a clock that does not jump, counted as the library counts them
 * in memory: a key's window starts at its first count and ends `ms` later, counts past the limit
 * included. Windows over are swept now and then, so that keys seen once do not pile up.
 */
export class FixedWindows {
  readonly #byKey = new Map<string, { count: number; endsAt: number }>();
  #sweepAt: number;

  constructor(
    readonly ms: number,
    private readonly now: () => number = monotonicNow,
  ) {
    this.#sweepAt = now() + ms;
  }

  /** Counts `points` (one unless said) for `key`: its count in the window now, and the ms until the window ends. */
  count(key: string, points = 1): { count: number; left: number } {
    const now = this.now();
    this.#sweep(now);
    let window = this.#byKey.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + this.ms };
      this.#byKey.set(key, window);
    }
    window.count += points;
    return { count: window.count, left: window.endsAt - now };
  }

  /** `key`'s count in the window now and the ms until it ends, counting nothing; null if it has none. */
  peek(key: string): { count: number; left: number } | null {
    const now = this.now();
    const window = this.#byKey.get(key);
    return window && window.endsAt > now ? { count: window.count, left: window.endsAt - now } : null;
  }

  /** How many keys are kept. */
  get size(): number {
    return this.#byKey.size;
  }

  #sweep(now: number): void {
    if (now < this.#sweepAt) return;
    this.#sweepAt = now + this.ms;
    for (const [key, window] of this.#byKey) if (window.endsAt <= now) this.#byKey.delete(key);
  }
}

/** An allowance kept in this process's memory, on the monotonic clock: two `FixedWindows`, as `limitOf` two of the library's. */
function localLimit(allowance: Allowance, now: () => number): RateLimit {
  const { burst, refill } = allowance;
  const span = windows(allowance);
  const extra = burst - refill;
  const steady = new FixedWindows(span.steady, now);
  const reserve = extra > 0 ? new FixedWindows(span.reserve, now) : undefined;
  const told = (ms: number): number => Math.min(span.steady, Math.max(1, Math.ceil(ms)));
  return {
    take(key, points = 1) {
      const first = steady.count(key, points);
      if (first.count <= refill) return Promise.resolve(0);
      const more = reserve?.count(key, points);
      if (more && more.count <= extra) return Promise.resolve(0);
      return Promise.resolve(told(Math.min(first.left, more?.left ?? Infinity)));
    },
    wait(key) {
      const first = steady.peek(key);
      const more = reserve?.peek(key) ?? null;
      const spent = (w: { count: number } | null, points: number): boolean => w !== null && w.count >= points;
      if (!spent(first, refill) || (reserve && !spent(more, extra))) return Promise.resolve(0);
      return Promise.resolve(told(Math.min(first?.left ?? 0, more?.left ?? Infinity)));
    },
  };
}

/** Allowances in this process's memory (a lone process, or what belongs to one socket). */
/** `limit` with its keys counted as `limitKey` says: an IPv6 address by its /64. */
function byLimitKey(limit: RateLimit): RateLimit {
  return {
    take: (key, points) => limit.take(limitKey(key), points),
    wait: (key) => limit.wait(limitKey(key)),
  };
}

export class LocalRateLimits implements RateLimits {
  // One limit a name, as one key prefix in Redis is one allowance whoever asks.
  readonly #byName = new Map<string, RateLimit>();

  /** `now`: the clock the windows run on (the monotonic one; a test may give its own). */
  constructor(private readonly now: () => number = monotonicNow) {}

  limit(name: string, allowance: Allowance): RateLimit {
    let limit = this.#byName.get(name);
    if (!limit) {
      limit = byLimitKey(localLimit(allowance, this.now));
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
    return byLimitKey(
      limitOf(
        (options) =>
          new RateLimiterRedis({
            ...options,
            storeClient: this.redis,
            keyPrefix: `${this.prefix}${options.keyPrefix ?? ''}`,
          }),
        name,
        allowance,
      ),
    );
  }
}
