import type { FriendPlace } from '@ubongo/core';
import { FRIEND_PLACES } from '@ubongo/core';
import type { Redis } from 'ioredis';
import { z } from 'zod';

/*
 * Where each account is, for its friends (docs/accounts.md, "Friends"): the rooms say who is in
 * them (a table's lobby or game, solo, practice), and the web client's poll for invitations says who
 * has the game open (online) until its page says, as it closes, that it no longer has. In this process's memory alone, or in the Redis a cluster shares.
 */

/** How long a poll keeps an account online: a few of the web client's polls (every 5 s) may be lost. */
export const ONLINE_SECONDS = 20;

/** How long a room's note is kept in Redis at most: the notes of a process killed without a goodbye go away by themselves. */
export const WHEREABOUTS_TTL_SECONDS = 3600;

/** Where accounts are; rooms note without waiting, reads see every note made before them, in any process. */
export interface Whereabouts {
  /** `account` is in `room`, at `place` (replacing what it had there). */
  note(room: string, account: string, place: FriendPlace): void;
  /** `account` is no longer in `room`. */
  leave(room: string, account: string): void;
  /** Nobody is in `room` any more (it closed). */
  clear(room: string): void;
  /** `account` has the game open now (its client polled). */
  online(account: string): Promise<void>;
  /** `account` closed the game (its page said so as it went): no longer online, whatever its last poll. */
  offline(account: string): Promise<void>;
  /** Where each of `accounts` is, the most telling place (`FRIEND_PLACES`' order) of each; absent: offline. */
  placesOf(accounts: readonly string[]): Promise<Map<string, FriendPlace>>;
}

/** The most telling of an account's places, if it has any. */
export function mostTelling(places: readonly FriendPlace[]): FriendPlace | undefined {
  return [...places].sort((a, b) => FRIEND_PLACES.indexOf(a.kind) - FRIEND_PLACES.indexOf(b.kind))[0];
}

/** Where the accounts of one process's rooms are, in its memory (a lone process); `now` in ms. */
export class LocalWhereabouts implements Whereabouts {
  /** By account: its place in each room. */
  readonly #places = new Map<string, Map<string, FriendPlace>>();
  /** By account: until when it is online. */
  readonly #online = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  note(room: string, account: string, place: FriendPlace): void {
    let rooms = this.#places.get(account);
    if (!rooms) {
      rooms = new Map();
      this.#places.set(account, rooms);
    }
    rooms.set(room, place);
  }

  leave(room: string, account: string): void {
    const rooms = this.#places.get(account);
    rooms?.delete(room);
    if (rooms?.size === 0) this.#places.delete(account);
  }

  clear(room: string): void {
    for (const account of [...this.#places.keys()]) this.leave(room, account);
  }

  online(account: string): Promise<void> {
    const now = this.now();
    this.#online.set(account, now + ONLINE_SECONDS * 1000);
    // The expired go as others come: the map never holds more than the accounts online lately.
    for (const [other, until] of this.#online) if (until <= now) this.#online.delete(other);
    return Promise.resolve();
  }

  offline(account: string): Promise<void> {
    this.#online.delete(account);
    return Promise.resolve();
  }

  placesOf(accounts: readonly string[]): Promise<Map<string, FriendPlace>> {
    const found = new Map<string, FriendPlace>();
    const now = this.now();
    for (const account of accounts) {
      const places = [...(this.#places.get(account)?.values() ?? [])];
      if ((this.#online.get(account) ?? 0) > now) places.push({ kind: 'online' });
      const place = mostTelling(places);
      if (place) found.set(account, place);
    }
    return Promise.resolve(found);
  }
}

/** A stored place: read back through a parser, as every stored value is. */
const placeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('lobby'), code: z.string() }),
  z.object({ kind: z.literal('game'), code: z.string() }),
  z.object({ kind: z.literal('solo') }),
  z.object({ kind: z.literal('practice') }),
  z.object({ kind: z.literal('online') }),
]);

/**
 * Where the accounts of every process's rooms are, in Redis: a hash per account, a field per room
 * (as in-play.ts keeps tasks), and a key per account online that expires by itself.
 */
export class RedisWhereabouts implements Whereabouts {
  /** The accounts each of this process's rooms has noted, so that a clear knows whose fields to drop. */
  readonly #noted = new Map<string, Set<string>>();

  constructor(
    private readonly redis: Redis,
    private readonly log: (message: string) => void,
    private readonly prefix = 'ubongo:where:',
  ) {}

  note(room: string, account: string, place: FriendPlace): void {
    let accounts = this.#noted.get(room);
    if (!accounts) {
      accounts = new Set();
      this.#noted.set(room, accounts);
    }
    accounts.add(account);
    const key = `${this.prefix}room:${account}`;
    this.redis
      .multi()
      .hset(key, room, JSON.stringify(place))
      .expire(key, WHEREABOUTS_TTL_SECONDS)
      .exec()
      .catch((e: unknown) => {
        this.log(`could not note where an account is in Redis: ${String(e)}`);
      });
  }

  leave(room: string, account: string): void {
    this.#noted.get(room)?.delete(account);
    this.redis.hdel(`${this.prefix}room:${account}`, room).catch((e: unknown) => {
      this.log(`could not clear where an account is in Redis: ${String(e)}`);
    });
  }

  clear(room: string): void {
    const accounts = this.#noted.get(room);
    if (!accounts) return;
    this.#noted.delete(room);
    for (const account of accounts) this.leave(room, account);
  }

  async online(account: string): Promise<void> {
    await this.redis.set(`${this.prefix}online:${account}`, '1', 'EX', ONLINE_SECONDS);
  }

  async offline(account: string): Promise<void> {
    await this.redis.del(`${this.prefix}online:${account}`);
  }

  async placesOf(accounts: readonly string[]): Promise<Map<string, FriendPlace>> {
    const found = new Map<string, FriendPlace>();
    if (accounts.length === 0) return found;
    const batch = this.redis.pipeline();
    for (const account of accounts) {
      batch.hvals(`${this.prefix}room:${account}`);
      batch.exists(`${this.prefix}online:${account}`);
    }
    const answers = (await batch.exec()) ?? [];
    accounts.forEach((account, i) => {
      const [roomsError, rooms] = answers[2 * i] ?? [];
      const [onlineError, online] = answers[2 * i + 1] ?? [];
      if (roomsError) throw roomsError;
      if (onlineError) throw onlineError;
      const places: FriendPlace[] = [];
      for (const raw of rooms as string[]) {
        // A value this version cannot read (another version's) is no place, not an error.
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw);
        } catch {
          continue;
        }
        const place = placeSchema.safeParse(parsed);
        if (place.success) places.push(place.data);
      }
      if (online === 1) places.push({ kind: 'online' });
      const place = mostTelling(places);
      if (place) found.set(account, place);
    });
    return found;
  }
}
