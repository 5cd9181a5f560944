import type { Puzzle } from '@ubongo/core';
import { knownPiece, normalize, solveFirst } from '@ubongo/core';
import type { Room } from 'colyseus.js';
import { Client } from 'colyseus.js';
import { PROTOCOL_VERSION } from '../protocol.js';

interface Received {
  readonly type: string;
  readonly message: unknown;
}

/** A test's player: a real colyseus.js client that keeps every message and can wait for one. */
export class Player {
  readonly received: Received[] = [];
  #waiters: (() => void)[] = [];

  private constructor(
    readonly client: Client,
    public room: Room,
  ) {
    this.#listen();
  }

  #listen(): void {
    this.room.onMessage('*', (type, message) => {
      this.received.push({ type: String(type), message });
      for (const w of this.#waiters.splice(0)) w();
    });
  }

  /** A player around a room joined some other way (joinOrCreate, say). */
  static wrap(client: Client, room: Room): Player {
    return new Player(client, room);
  }

  static async create(url: string, roomName: string, options: Record<string, unknown>): Promise<Player> {
    const client = new Client(url);
    return new Player(client, await client.create(roomName, { protocol: PROTOCOL_VERSION, ...options }));
  }

  static async join(url: string, code: string, options: Record<string, unknown>): Promise<Player> {
    const client = new Client(url);
    return new Player(client, await client.joinById(code, { protocol: PROTOCOL_VERSION, ...options }));
  }

  /** Reconnects after a drop, keeping what was received. */
  async reconnect(token: string): Promise<void> {
    this.room = await this.client.reconnect(token);
    this.#listen();
  }

  send(type: string, message: unknown = {}): void {
    this.room.send(type, message);
  }

  /** The latest message of a type that satisfies `test`, waiting for one if none has come yet. */
  async waitFor<T = Record<string, unknown>>(
    type: string,
    test: (m: T) => boolean = () => true,
    ms = 15_000,
  ): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      for (let i = this.received.length - 1; i >= 0; i--) {
        const r = this.received[i];
        if (r?.type === type && test(r.message as T)) return r.message as T;
      }
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no ${type} message came that passes the test; last ones: ${JSON.stringify(this.received.slice(-3)).slice(0, 600)}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The next message of a type from now on. */
  async next<T = Record<string, unknown>>(type: string, test: (m: T) => boolean = () => true, ms = 15_000): Promise<T> {
    const from = this.received.length;
    return this.waitFor<T>(type, (m) => this.received.findIndex((r) => r.message === m) >= from && test(m), ms);
  }
}

/** A solution of a task given as region and piece ids, found with the engine's solver. */
export function solve(
  grid: Puzzle['grid'],
  region: readonly (readonly [number, number])[],
  pieces: readonly string[],
): { piece: string; cells: readonly (readonly [number, number])[] }[] {
  const puzzle: Puzzle = {
    grid,
    region,
    pieces: pieces.map((id) => ({ id, cells: normalize(knownPiece(id)?.cells ?? []) })),
  };
  return [...(solveFirst(puzzle).solution ?? [])];
}
