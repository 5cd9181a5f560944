import type { GuestAnswer, Placement, Puzzle, RoomName, Rooms, TrailMove } from '@ubongo/core';
import {
  canonicalKey,
  gridOf,
  humanFloorSeconds,
  knownPiece,
  lieOf,
  normalize,
  PROTOCOL_VERSION,
  solveFirst,
} from '@ubongo/core';
import type { Room } from 'colyseus.js';
import { Client } from 'colyseus.js';

interface Received {
  readonly type: string;
  readonly message: unknown;
}

/**
 * A room's join options, the protocol version filled in unless a test says otherwise; `name` is
 * the name of the guest account the player signs in with.
 */
type JoinOptions<R extends RoomName> = Omit<Rooms[R]['join'], 'protocol'> & {
  readonly protocol?: number;
  readonly name?: string;
};

/**
 * A colyseus.js client signed in to a new guest account named `name` (POST /api/accounts), as the
 * web client is on a first visit; `url` is the server's ws:// address.
 */
export async function signedIn(url: string, name = 'Player'): Promise<Client> {
  const res = await fetch(`${url.replace(/^ws/, 'http')}/api/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  if (!res.ok) throw new Error(`no guest account for ${name}: ${res.status} ${await res.text()}`);
  const { session } = (await res.json()) as GuestAnswer;
  const client = new Client(url);
  client.auth.token = session;
  return client;
}
/**
 * A colyseus.js client signed in to a new account named and claimed as `username` (a guest made by
 * POST /api/accounts, then POST /api/me/claim), and the account's id: a member, as rated tables
 * want. `url` is the server's ws:// address.
 */
export async function member(url: string, username: string): Promise<{ client: Client; id: string; session: string }> {
  const http = url.replace(/^ws/, 'http');
  const res = await fetch(`${http}/api/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: username }),
  });
  if (!res.ok) throw new Error(`no guest account for ${username}: ${res.status} ${await res.text()}`);
  const guest = (await res.json()) as GuestAnswer;
  const claimed = await fetch(`${http}/api/me/claim`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${guest.session}` },
    body: JSON.stringify({ username, password: 'a long password' }),
  });
  if (!claimed.ok) throw new Error(`no claim of ${username}: ${claimed.status} ${await claimed.text()}`);
  const client = new Client(url);
  client.auth.token = guest.session;
  return { client, id: guest.account.id, session: guest.session };
}
type Server<R extends RoomName> = Rooms[R]['server'];
type Sent<R extends RoomName> = Rooms[R]['client'];

/**
 * A test's player: a real colyseus.js client that keeps every message and can wait for one. What
 * it sends and receives is typed by core's protocol module, as the web client's are.
 */
export class Player<R extends RoomName> {
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
  static wrap<R extends RoomName>(client: Client, room: Room): Player<R> {
    return new Player<R>(client, room);
  }

  static async create<R extends RoomName>(url: string, roomName: R, options: JoinOptions<R>): Promise<Player<R>> {
    const { name, ...join } = options;
    const client = await signedIn(url, name);
    return new Player<R>(client, await client.create(roomName, { protocol: PROTOCOL_VERSION, ...join }));
  }

  /**
   * Joins the table `code` as a new guest named `options.name`, or with `session` as that session's
   * account (a seat's key opens the seat for its own account only).
   */
  static async join(
    url: string,
    code: string,
    options: JoinOptions<'race'>,
    session?: string,
  ): Promise<Player<'race'>> {
    const { name, ...join } = options;
    const client = session === undefined ? await signedIn(url, name) : new Client(url);
    if (session !== undefined) client.auth.token = session;
    return new Player<'race'>(client, await client.joinById(code, { protocol: PROTOCOL_VERSION, ...join }));
  }

  /** Reconnects after a drop, keeping what was received. */
  async reconnect(token: string): Promise<void> {
    this.room = await this.client.reconnect(token);
    this.#listen();
  }

  send<K extends keyof Sent<R> & string>(
    type: K,
    ...body: Sent<R>[K] extends Record<string, never> ? [] : [Sent<R>[K]]
  ): void {
    this.room.send(type, body[0] ?? {});
  }

  /** Sends anything at all: for tests of what the server does with messages that are wrong. */
  sendRaw(type: string, message: unknown): void {
    this.room.send(type, message);
  }

  /** The latest message of a type that satisfies `test`, waiting for one if none has come yet. */
  async waitFor<K extends keyof Server<R> & string>(
    type: K,
    test: (m: Server<R>[K]) => boolean = () => true,
    ms = 15_000,
  ): Promise<Server<R>[K]> {
    const deadline = Date.now() + ms;
    for (;;) {
      for (let i = this.received.length - 1; i >= 0; i--) {
        const r = this.received[i];
        // The server's messages are typed by the protocol; the tests trust them as the client does.
        if (r?.type === type && test(r.message as Server<R>[K])) return r.message as Server<R>[K];
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
  async next<K extends keyof Server<R> & string>(
    type: K,
    test: (m: Server<R>[K]) => boolean = () => true,
    ms = 15_000,
  ): Promise<Server<R>[K]> {
    const from = this.received.length;
    return this.waitFor(type, (m) => this.received.findIndex((r) => r.message === m) >= from && test(m), ms);
  }
}

/**
 * A solution of a task the server handed out, found with the engine's solver from the pieces'
 * shapes as the piece sets define them (not as the server sent them); a piece the server sent in
 * another shape than its id's is an error, so every test that solves checks the shapes too.
 */
export function solve(task: Puzzle): Placement[] {
  const pieces = task.pieces.map((p) => {
    const known = knownPiece(p.id);
    if (!known || known.grid !== task.grid) throw new Error(`the server sent an unknown piece ${p.id}`);
    const grid = gridOf(task.grid);
    if (canonicalKey(grid, p.cells, 'free') !== canonicalKey(grid, known.cells, 'free'))
      throw new Error(`the server sent piece ${p.id} in another shape: ${JSON.stringify(p.cells)}`);
    return { id: p.id, cells: normalize(known.cells) };
  });
  return [...(solveFirst({ ...task, pieces }).solution ?? [])];
}

/** How many claims `byHand` made in this process (each is timed a little differently). */
let handsMade = 0;

/**
 * A claim of `placements` as a hand makes it (the move trail the web client sends, core's
 * trail.ts): each piece, after a pause of thought, turned once or twice, then put down, the pauses
 * and the hand's moves of uneven length, as a person's are (a trail of even gaps is a program's to
 * the plausibility model, docs/accounts.md). Given the `task`, each piece is put down where it
 * lies, as the web client says it (core's trail-replay.ts).
 */
export function byHand(
  placements: readonly Placement[],
  task?: Puzzle,
): {
  placements: readonly Placement[];
  trail: readonly TrailMove[];
} {
  const lie = (p: Placement) => {
    const dealt = task?.pieces.find((q) => q.id === p.piece)?.cells;
    return task && dealt ? lieOf(task.grid, dealt, p.cells) : undefined;
  };
  // Each claim's hand a little other than the last: a trail replayed to the ms is a program's.
  const jitter = (handsMade++ * 37) % 211;
  const trail = placements.flatMap((p, i): TrailMove[] => {
    const start = 300 + 1500 * i + (i % 2) * 500 + jitter;
    const turns: TrailMove[] =
      i % 2 === 0
        ? [
            [start, 'turn', p.piece],
            [start + 170, 'turn', p.piece],
          ]
        : [[start + 90, 'turn', p.piece]];
    const where = lie(p);
    return [...turns, where ? [start + 550, 'place', p.piece, where] : [start + 550, 'place', p.piece]];
  });
  return { placements, trail };
}

/** How much longer than the floor each pause is, in turn: a person's times spread (docs/accounts.md). */
const PAUSES = [1, 1.45, 1.15, 1.9, 1.05, 1.3, 2.3, 1.2];
let pauses = 0;

/**
 * Waits as long as a person needs for any task of `task`'s size (the human floor at the hardest
 * difficulty, or up to 2.3 times longer, in turn: times that spread as a person's do), in real
 * time at the server's `timeScale`: a test that plays faster is, for the server, a program, and
 * one that always takes the same time is not a person either (docs/accounts.md).
 */
export async function humanPause(task: Puzzle, timeScale: number): Promise<void> {
  const spread = PAUSES[pauses++ % PAUSES.length] ?? 1;
  const ms = (humanFloorSeconds(10, task.pieces.length) * 1000 * spread) / timeScale;
  await new Promise((resolve) => setTimeout(resolve, ms + 20));
}
