import type { DeckEdition, Side } from '@ubongo/core';
import type { Redis } from 'ioredis';

/** A task of a deck, as practice names it. */
export interface TaskOfDeck {
  readonly edition: DeckEdition;
  readonly board: string;
  readonly side: Side;
  readonly key: string;
}

const keyOf = (t: TaskOfDeck): string => `${t.edition}/${t.board}/${t.side}/${t.key}`;

/**
 * The tasks each account has been dealt in a solo run or a race still in play, by the room that
 * dealt them: practice will not show their solutions to that account (docs/accounts.md). Rooms
 * deal and clear without waiting; `has` sees every deal made before it, in any process.
 */
export interface InPlay {
  /** `account` has `task` in front of it in `room` (replacing what it had there). */
  deal(room: string, account: string, task: TaskOfDeck): void;
  /** Nothing is in play in `room` any more (a round or a run ended, the room closed). */
  clear(room: string): void;
  /** Whether `account` has `task` in play anywhere. */
  has(account: string, task: TaskOfDeck): Promise<boolean>;
}

/** The tasks in play of one process's rooms, in its memory (a lone process). */
export class LocalInPlay implements InPlay {
  /** By room: each account's task there. */
  readonly #byRoom = new Map<string, Map<string, string>>();

  deal(room: string, account: string, task: TaskOfDeck): void {
    let tasks = this.#byRoom.get(room);
    if (!tasks) {
      tasks = new Map();
      this.#byRoom.set(room, tasks);
    }
    tasks.set(account, keyOf(task));
  }

  clear(room: string): void {
    this.#byRoom.delete(room);
  }

  has(account: string, task: TaskOfDeck): Promise<boolean> {
    const key = keyOf(task);
    for (const tasks of this.#byRoom.values()) if (tasks.get(account) === key) return Promise.resolve(true);
    return Promise.resolve(false);
  }
}

/** How long a deal is kept in Redis at most: the deals of a process killed mid-round go away by themselves. */
export const IN_PLAY_TTL_SECONDS = 3600;

/**
 * The tasks in play of every process's rooms, in Redis: a hash per account, a field per room.
 * Commands on one connection run in the order sent, so a deal, a clear and the next deal land in
 * order without waiting for each other.
 */
export class RedisInPlay implements InPlay {
  /** The accounts each of this process's rooms has dealt to, so that a clear knows whose fields to drop. */
  readonly #dealt = new Map<string, Set<string>>();

  constructor(
    private readonly redis: Redis,
    private readonly log: (message: string) => void,
    private readonly prefix = 'ubongo:in-play:',
  ) {}

  deal(room: string, account: string, task: TaskOfDeck): void {
    let accounts = this.#dealt.get(room);
    if (!accounts) {
      accounts = new Set();
      this.#dealt.set(room, accounts);
    }
    accounts.add(account);
    const key = this.prefix + account;
    this.redis
      .multi()
      .hset(key, room, keyOf(task))
      .expire(key, IN_PLAY_TTL_SECONDS)
      .exec()
      .catch((e: unknown) => {
        this.log(`could not note a task in play in Redis: ${String(e)}`);
      });
  }

  clear(room: string): void {
    const accounts = this.#dealt.get(room);
    if (!accounts) return;
    this.#dealt.delete(room);
    for (const account of accounts)
      this.redis.hdel(this.prefix + account, room).catch((e: unknown) => {
        this.log(`could not clear a task in play in Redis: ${String(e)}`);
      });
  }

  async has(account: string, task: TaskOfDeck): Promise<boolean> {
    return (await this.redis.hvals(this.prefix + account)).includes(keyOf(task));
  }
}
