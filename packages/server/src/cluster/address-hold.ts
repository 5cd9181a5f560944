import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { monotonicNow } from '../clock.js';

/*
 * A process of a cluster is reached at its public address, and it owns the games it begins under
 * that address (a restart under the same address resumes them). Two running processes under one
 * address would split its players and resume each other's games, so each holds its address in
 * Redis while it runs: a key that it refreshes and that lapses soon after the process dies.
 */

/** Why a process cannot have its public address: another running process has it. */
export class AddressInUseError extends Error {
  override readonly name = 'AddressInUseError';
}

/** A public address held in Redis; `release` lets it go (on a graceful stop). */
export interface AddressHold {
  release(): Promise<void>;
}

export interface HoldOptions {
  /** How long the key outlives the last refresh (a process killed with kill -9 holds its address that long). */
  readonly ttlMs?: number;
  /** How long a start waits for the key of a process that may have died to lapse. */
  readonly waitMs?: number;
}

// Refreshes the key only while it is still this process's (a lapsed key taken over stays the other's).
const REFRESH = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * Holds `address` for this process. A key left by a process that died lapses within `ttlMs`, so the
 * start waits that long (saying so) before it gives up with an `AddressInUseError`: a process
 * restarted at once after a crash starts a few seconds late; a second process under a running one's
 * address does not start.
 */
export async function holdAddress(
  redis: Redis,
  address: string,
  log: (message: string) => void,
  { ttlMs = 6000, waitMs = ttlMs + 2000 }: HoldOptions = {},
): Promise<AddressHold> {
  const key = `ubongo:process:${address}`;
  const me = `${hostname()} pid ${process.pid} ${randomUUID()}`;
  const giveUpAt = monotonicNow() + waitMs;
  let said = false;
  for (;;) {
    if ((await redis.set(key, me, 'PX', ttlMs, 'NX')) === 'OK') break;
    const holder = (await redis.get(key)) ?? 'a process';
    if (monotonicNow() >= giveUpAt)
      throw new AddressInUseError(
        `${address} is the address of a running process (${holder}); each process needs an address of its own`,
      );
    if (!said) {
      log(`${address} is held by ${holder}; waiting up to ${Math.ceil(waitMs / 1000)} s for it to lapse`);
      said = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  let lost = false;
  const refresh = setInterval(() => {
    redis.eval(REFRESH, 1, key, me, ttlMs).then(
      (kept) => {
        // Redis lost the key (a restart without persistence, a stall past the TTL): take it again.
        if (kept === 0 && !lost) {
          lost = true;
          log(`lost the hold on ${address} in Redis; taking it again`);
        }
        if (kept === 0)
          void redis.set(key, me, 'PX', ttlMs, 'NX').then((ok) => {
            if (ok === 'OK') lost = false;
          });
      },
      () => undefined, // Redis is down: the connection says so, and retries.
    );
  }, ttlMs / 3);
  refresh.unref();
  return {
    async release() {
      clearInterval(refresh);
      await redis.eval(RELEASE, 1, key, me).catch(() => undefined);
    },
  };
}
