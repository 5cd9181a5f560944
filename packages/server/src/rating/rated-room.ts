import type { Client } from '@colyseus/core';
import { matchMaker, Room, ServerError } from '@colyseus/core';
import type { BotLevel, RaceEdition, RatedServerMessages } from '@ubongo/core';
import { MATCHMAKE_ERROR_CODES } from '@ubongo/core';
import { randomBytes } from 'node:crypto';
import { heard, parseJoin, registrar, reject, rejectUnknown } from '../rooms/messages.js';
import { ratedJoinSchema, ratedMessages } from '../protocol.js';
import type { Waiting } from './rated-queue.js';
import { botsFor, RATED_QUEUE, tablesOf, windowOf } from './rated-queue.js';
import { isEstablished } from './rating-rules.js';
import { displayOf } from './ratings.js';
import type { RoomServices } from '../services.js';
import type { Account } from '../accounts/store.js';

/** Sends one of the rated queue's messages, its body typed by the protocol. */
const send = <K extends keyof RatedServerMessages>(client: Client, type: K, body: RatedServerMessages[K]): void => {
  client.send(type, body);
};

/** Someone in the queue: their place in the pairing, their connection and account, what they were told last. */
interface Queued extends Waiting {
  readonly client: Client;
  readonly accountId: string;
  told: string;
}

/**
 * An edition's rated queue in this process (docs/accounts.md, "Rated quick match"): who waits, and
 * the tick that seats them. Every rated room of the edition in the process joins its players to the
 * one queue, so that rooms Colyseus made at once (joins that came together, a busy process) never
 * split it. It seats the nearest ratings together (rated-queue.ts) at a new rated table in this
 * process and tells them its code; past the wait, a player may take a casual table with bots.
 */
export class EditionQueue {
  readonly #queue = new Map<string, Queued>();
  #ticking: ReturnType<typeof setInterval> | undefined;

  constructor(
    readonly edition: RaceEdition,
    private readonly services: RoomServices,
  ) {}

  /** A player with a username joins, at their shown rating in the edition; the same account elsewhere leaves. */
  async join(client: Client, auth: Account): Promise<void> {
    const { stores, clock } = this.services;
    const [ratings, record] = await Promise.all([
      stores.ratings.ratingsOf(auth.id),
      stores.ratings.ratedRecord(auth.id, this.edition),
    ]);
    const mine = ratings.find((r) => r.edition === this.edition);
    const now = clock.now();
    for (const q of this.#queue.values()) if (q.accountId === auth.id) this.#drop(q);
    this.#queue.set(client.sessionId, {
      id: client.sessionId,
      client,
      accountId: auth.id,
      rating: displayOf(mine ?? { mu: 25, sigma: 25 / 3 }),
      established: isEstablished(record, now),
      since: now,
      told: '',
    });
    this.#ticking ??= setInterval(
      () => {
        this.#tick();
      },
      Math.max(25, 1000 / clock.timeScale),
    );
    this.#tick();
  }

  leave(sessionId: string): void {
    this.#queue.delete(sessionId);
    if (this.#queue.size > 0 || this.#ticking === undefined) return;
    clearInterval(this.#ticking);
    this.#ticking = undefined;
  }

  #drop(q: Queued): void {
    this.leave(q.id);
    q.client.leave();
  }

  /** Seats whoever can be seated, then tells each of the others where they stand, if that changed. */
  #tick(): void {
    const now = this.services.clock.now();
    for (const table of tablesOf([...this.#queue.values()], now)) {
      const people = table.flatMap((w) => this.#queue.get(w.id) ?? []);
      for (const q of people) this.leave(q.id);
      void this.#seat(people, true, []);
    }
    for (const q of this.#queue.values()) {
      const window = windowOf(q.since, now);
      const said = `${window}/${this.#queue.size}`;
      if (said === q.told) continue;
      q.told = said;
      send(q.client, 'queue', {
        edition: this.edition,
        rating: q.rating,
        established: q.established,
        low: q.rating - window,
        high: q.rating + window,
        since: q.since,
        serverNow: now,
        timeScale: this.services.clock.timeScale,
        botsAt: q.since + RATED_QUEUE.botsAfterMs,
        waiting: this.#queue.size,
      });
    }
  }

  /** A player past the wait takes a casual table with bots near their rating instead. */
  async bots(client: Client): Promise<void> {
    const q = this.#queue.get(client.sessionId);
    const now = this.services.clock.now();
    if (!q || now < q.since + RATED_QUEUE.botsAfterMs) {
      reject(client, {
        to: 'bots',
        code: 'message/wrong-phase',
        message: `a table with bots is offered after ${RATED_QUEUE.botsAfterMs / 1000} s in the queue`,
      });
      return;
    }
    this.leave(q.id);
    await this.#seat([q], false, botsFor(q.rating));
  }

  /** A new table (in this process, where the order waits for it) for `people`; each is told its code. */
  async #seat(people: readonly Queued[], rated: boolean, bots: readonly BotLevel[]): Promise<void> {
    const key = randomBytes(12).toString('base64url');
    const matches = this.services.matches;
    matches?.set(key, { edition: this.edition, accounts: people.map((q) => q.accountId), rated, bots });
    try {
      const room = await matchMaker.handleCreateRoom('race', { match: key });
      for (const q of people) send(q.client, 'matched', { code: room.roomId, rated });
    } catch (e) {
      matches?.delete(key);
      this.services.log(`rated queue ${this.edition}: no table made: ${String(e)}`);
      for (const q of people)
        reject(q.client, { to: 'bots', code: 'message/not-saved', message: 'no table could be made; try again' });
    }
  }
}

/** Each server's queues (by its rooms' services), per edition. */
const queues = new WeakMap<RoomServices, Map<RaceEdition, EditionQueue>>();

/** This server's queue of an edition, made when first asked for. */
function queueOf(services: RoomServices, edition: RaceEdition): EditionQueue {
  const mine = queues.get(services) ?? new Map<RaceEdition, EditionQueue>();
  queues.set(services, mine);
  const queue = mine.get(edition) ?? new EditionQueue(edition, services);
  mine.set(edition, queue);
  return queue;
}

/**
 * An edition's rated queue as a room (`filterBy(['edition'])`), which Colyseus finds wherever it
 * runs, Redis or not, so that one process owns each edition's queue; its players wait in the
 * process's `EditionQueue`. Leaving the room leaves the queue.
 */
export class RatedRoom extends Room {
  services!: RoomServices;
  #queue!: EditionQueue;

  override onCreate(options: unknown): void {
    this.patchRate = 0;
    this.#queue = queueOf(this.services, parseJoin(ratedJoinSchema, options).edition);
    this.maxClients = 1000;
    const on = registrar(this, ratedMessages, this.services);
    on('bots', (client) => {
      void this.#queue.bots(client);
    });
    rejectUnknown(this, this.services);
  }

  override async onJoin(client: Client, options: unknown, auth?: Account): Promise<void> {
    const { edition } = parseJoin(ratedJoinSchema, options);
    if (edition !== this.#queue.edition) throw new ServerError(400, `this is the ${this.#queue.edition} queue`);
    if (!auth || auth.username === null)
      throw new ServerError(
        MATCHMAKE_ERROR_CODES.ratedNeedsUsername,
        'rated play is for players with a username (message/needs-username)',
      );
    heard(this);
    await this.#queue.join(client, auth);
  }

  override onLeave(client: Client): void {
    this.#queue.leave(client.sessionId);
  }
}
