import type { Redis } from 'ioredis';
import { z } from 'zod';

/*
 * Invitations to a table (docs/accounts.md, "Friends"): one from each friend at most (a new one
 * replaces it), each for a while; the invited account's client polls for them. In this process's
 * memory alone, or in the Redis a cluster shares.
 */

/** How long an invitation stands: long enough to finish a round elsewhere, not so long that the table is gone. */
export const INVITATION_SECONDS = 600;

/** An invitation as kept: who to, from whom, to which table's code; wall-clock ms. */
export interface StoredInvitation {
  readonly to: string;
  readonly from: string;
  readonly code: string;
  readonly at: number;
  readonly expiresAt: number;
}

/** The invitations waiting for each account. */
export interface Invitations {
  /** Keeps `invitation`, in place of any earlier one from the same account to the same account. */
  invite(invitation: StoredInvitation): Promise<void>;
  /** The invitations to `account` that stand at `now`, newest first. */
  to(account: string, now: number): Promise<StoredInvitation[]>;
  /** Drops the invitation from `from` to `to`, if there is one. */
  drop(to: string, from: string): Promise<void>;
}

const newestFirst = (a: StoredInvitation, b: StoredInvitation): number =>
  b.at - a.at || (a.from < b.from ? -1 : a.from > b.from ? 1 : 0);

/** The invitations of a lone process, in its memory. */
export class LocalInvitations implements Invitations {
  /** By the invited account: each inviter's invitation. */
  readonly #to = new Map<string, Map<string, StoredInvitation>>();

  invite(invitation: StoredInvitation): Promise<void> {
    let from = this.#to.get(invitation.to);
    if (!from) {
      from = new Map();
      this.#to.set(invitation.to, from);
    }
    from.set(invitation.from, { ...invitation });
    return Promise.resolve();
  }

  to(account: string, now: number): Promise<StoredInvitation[]> {
    const from = this.#to.get(account);
    if (!from) return Promise.resolve([]);
    for (const [inviter, invitation] of from) if (invitation.expiresAt <= now) from.delete(inviter);
    if (from.size === 0) this.#to.delete(account);
    return Promise.resolve([...from.values()].sort(newestFirst));
  }

  drop(to: string, from: string): Promise<void> {
    this.#to.get(to)?.delete(from);
    return Promise.resolve();
  }
}

const storedSchema = z.object({ code: z.string(), at: z.number(), expiresAt: z.number() });

/** The invitations of every process, in Redis: a hash per invited account, a field per inviter, expiring with the latest. */
export class RedisInvitations implements Invitations {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'ubongo:invitations:',
  ) {}

  async invite(invitation: StoredInvitation): Promise<void> {
    const key = this.prefix + invitation.to;
    const { code, at, expiresAt } = invitation;
    await this.redis
      .multi()
      .hset(key, invitation.from, JSON.stringify({ code, at, expiresAt }))
      .expire(key, INVITATION_SECONDS)
      .exec();
  }

  async to(account: string, now: number): Promise<StoredInvitation[]> {
    const raw = await this.redis.hgetall(this.prefix + account);
    const found: StoredInvitation[] = [];
    const expired: string[] = [];
    for (const [from, value] of Object.entries(raw)) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        parsed = undefined;
      }
      const stored = storedSchema.safeParse(parsed);
      // What cannot be read (another version's) or has expired goes.
      if (!stored.success || stored.data.expiresAt <= now) expired.push(from);
      else found.push({ to: account, from, ...stored.data });
    }
    if (expired.length > 0) await this.redis.hdel(this.prefix + account, ...expired);
    return found.sort(newestFirst);
  }

  async drop(to: string, from: string): Promise<void> {
    await this.redis.hdel(this.prefix + to, from);
  }
}
