import type { Client, Room } from '@colyseus/core';
import { ServerError } from '@colyseus/core';
import type { GameError, Rejected } from '@ubongo/core';
import { CLOSE_CODES } from '@ubongo/core';
import type { z } from 'zod';
import { socketAddress } from '../net/client-address.js';
import { monotonicNow } from '../clock.js';
import { MAX_MESSAGE_BYTES, PROTOCOL_VERSION } from '../protocol.js';
import type { RateLimit } from '../net/rate-limit.js';
import { LocalRateLimits } from '../net/rate-limit.js';
import type { RoomServices } from '../services.js';
import type { Timers } from './timers.js';
import { countLimitHit, countRefusal } from '../ops/tally.js';

/**
 * Reads a room's create or join options: a client of another protocol version is told which one
 * this server speaks; bad options are refused with the first problem and where it is.
 */
export function parseJoin<T>(schema: z.ZodType<T>, options: unknown): T {
  const protocol = (options as { protocol?: unknown } | null | undefined)?.protocol;
  if (protocol !== PROTOCOL_VERSION) throw new ServerError(400, `this server speaks protocol ${PROTOCOL_VERSION}`);
  const parsed = schema.safeParse(options);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    throw new ServerError(400, `bad options: ${issue?.message ?? 'malformed'}${where}`);
  }
  return parsed.data;
}

/** Sends a refusal to one client. */
export function reject(client: Client, rejected: Rejected): void {
  countRefusal(rejected.code);
  client.send('rejected', rejected);
}

/** The refusal of an engine's error, as a reply to message `to`. */
export function refusal(to: string, error: GameError): Rejected {
  return { to, code: error.code, message: error.message, ...(error.problems ? { problems: error.problems } : {}) };
}

/** A room's one way to send: each message type with its body's type from the protocol. */
export interface Sender<M> {
  /** To one client. */
  to<K extends keyof M & string>(client: Client, type: K, body: M[K]): void;
  /** To everyone in the room. */
  all<K extends keyof M & string>(type: K, body: M[K]): void;
}

/** The typed sender of a room whose server-to-client messages are `M` (core's protocol module). */
export function sender<M>(room: Room): Sender<M> {
  return {
    to: (client, type, body) => {
      client.send(type, body);
    },
    all: (type, body) => {
      room.broadcast(type, body);
    },
  };
}

function size(message: unknown): number {
  try {
    return JSON.stringify(message ?? null).length;
  } catch {
    return Infinity;
  }
}

/** Whom a room's message checks answer to: its log and the server's limits. */
export type Checks = Pick<RoomServices, 'log' | 'limits'>;

// Each address's message allowance, so that no one address can keep the event loop, which every
// room shares, busy, however many sockets it opens: a burst of `messageBurst`, then
// `messagesPerSecond`, for all its game sockets together. It is kept in this process whatever the
// server shares through Redis (a message is handled where its socket is); one a server (its limits).
const allowances = new WeakMap<Checks['limits'], RateLimit>();

function allowanceOf(limits: Checks['limits']): RateLimit {
  let allowance = allowances.get(limits);
  if (!allowance) {
    allowance = new LocalRateLimits().limit('message:', {
      burst: limits.messageBurst,
      refill: limits.messagesPerSecond,
      every: 1,
    });
    allowances.set(limits, allowance);
  }
  return allowance;
}

/** The key of a client's allowance: its address (noted when its socket opened), else the client alone. */
const allowanceKey = (client: Client): string => socketAddress(client.ref) ?? `session:${client.sessionId}`;

// Each client's refusals, so that one who keeps sending after being told to slow down is disconnected.
const refusals = new WeakMap<Client, { strikes: number; struckAt: number; toldAt: number }>();

/** Refusals are forgotten after this long without one. */
const STRIKES_FORGOTTEN_MS = 10_000;

/**
 * Stops reading a client's socket for `ms`: what it sends meanwhile waits in the kernel's buffers
 * (and then in the sender's), costing the server nothing, instead of being parsed and refused.
 */
function holdBack(client: Client, ms: number): void {
  const socket = (client as { ref?: { pause?: () => void; resume?: () => void } }).ref;
  if (!socket?.pause || !socket.resume) return;
  socket.pause();
  setTimeout(() => socket.resume?.(), ms).unref();
}

/**
 * Whether a client's message comes too fast (its address's allowance is spent). Past it the client's socket is not read
 * until the next message is allowed; the first refusal of a second is answered
 * (`message/too-fast`); `floodStrikes` refusals without a quiet spell of 10 s close the connection
 * (CLOSE_CODES.flood).
 */
async function tooFast(client: Client, type: string, limits: Checks['limits']): Promise<boolean> {
  const wait = await allowanceOf(limits).take(allowanceKey(client));
  const now = monotonicNow();
  const state = refusals.get(client) ?? { strikes: 0, struckAt: -Infinity, toldAt: -Infinity };
  refusals.set(client, state);
  if (now - state.struckAt > STRIKES_FORGOTTEN_MS) state.strikes = 0;
  if (wait === 0) return false;
  countLimitHit('messages');
  state.strikes++;
  state.struckAt = now;
  if (state.strikes >= limits.floodStrikes) {
    client.leave(CLOSE_CODES.flood, 'too many messages after being told to slow down');
    return true;
  }
  if (now - state.toldAt >= 1000) {
    state.toldAt = now;
    reject(client, {
      to: type,
      code: 'message/too-fast',
      message: `at most ${limits.messagesPerSecond} messages a second from one address`,
    });
  }
  holdBack(client, wait);
  return true;
}

// Each client's messages in the order they came: the limiter's answer takes more or fewer turns of
// the event loop (a burst drawn on costs more than a steady take), so each waits for the one before.
const queues = new WeakMap<Client, Promise<void>>();

/**
 * Runs `work` once the client's allowance has been asked, after every message the client sent
 * before it (a move and the claim after it never swap); a fault is logged, never thrown.
 */
function whenAllowed(client: Client, type: string, checks: Checks, work: () => void): void {
  const next = (queues.get(client) ?? Promise.resolve())
    .then(() => tooFast(client, type, checks.limits))
    .then((refused) => {
      if (!refused) work();
    })
    .catch((e: unknown) => {
      checks.log(`${type} from ${client.sessionId} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    });
  queues.set(client, next);
}

// When each room last heard from a client (a message or a join), for its idle time.
const lastHeard = new WeakMap<Room, number>();

/** Notes that a room heard from a client now. */
export function heard(room: Room): void {
  lastHeard.set(room, monotonicNow());
}

/**
 * Closes a room nobody has sent anything to for the server's idle time, unless `busy` says it has
 * work of its own (a game under way plays on with bots): each client is told why (CLOSE_CODES.idle).
 */
export function expireWhenIdle(room: Room, checks: Checks, timers: Timers, busy: () => boolean = () => false): void {
  heard(room);
  const idleMs = checks.limits.idleSeconds * 1000;
  timers.every(
    () => {
      if (busy()) heard(room);
      if (monotonicNow() - (lastHeard.get(room) ?? 0) < idleMs) return;
      for (const client of room.clients) client.leave(CLOSE_CODES.idle, 'nobody played here for a while');
      void room.disconnect(CLOSE_CODES.idle);
    },
    Math.max(1000, Math.min(30_000, idleMs / 4)),
  );
}

/** Runs a timer's work; an exception is logged instead of taking the process down. */
export function guarded(what: string, log: (message: string) => void, work: () => void): () => void {
  return () => {
    try {
      work();
    } catch (e) {
      log(`${what} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    }
  };
}

/**
 * Registers a message handler that checks the message first: the sender's rate, its size, then its shape against
 * the schema. A bad message gets a `rejected` reply and changes nothing; a handler that throws
 * is reported and answered, never allowed to take the room down.
 */
export function handle<T>(
  room: Room,
  type: string,
  schema: z.ZodType<T>,
  handler: (client: Client, data: T) => void,
  checks: Checks,
): void {
  const { log } = checks;
  room.onMessage(type, (client: Client, message: unknown) => {
    whenAllowed(client, type, checks, () => {
      checked(client, message);
    });
  });
  function checked(client: Client, message: unknown): void {
    heard(room);
    if (size(message) > MAX_MESSAGE_BYTES) {
      reject(client, {
        to: type,
        code: 'message/too-large',
        message: `messages are at most ${MAX_MESSAGE_BYTES} bytes`,
      });
      return;
    }
    const parsed = schema.safeParse(message ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
      reject(client, { to: type, code: 'message/malformed', message: `${issue?.message ?? 'malformed'}${where}` });
      return;
    }
    try {
      handler(client, parsed.data);
    } catch (e) {
      log(`room ${room.roomId}: ${type} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      reject(client, { to: type, code: 'message/failed', message: 'the server could not handle this message' });
    }
  }
}

/** The bodies of a set of message schemas, by message type. */
type Bodies<M extends Record<string, z.ZodType>> = { [K in keyof M]: z.infer<M[K]> };

/** `on(type, handler)` for a room's set of message schemas, each handler typed by its schema. */
export function registrar<M extends Record<string, z.ZodType>>(
  room: Room,
  schemas: M,
  checks: Checks,
): <K extends keyof M & string>(type: K, handler: (client: Client, data: Bodies<M>[K]) => void) => void {
  return (type, handler) => {
    handle(room, type, schemas[type] as unknown as z.ZodType<Bodies<M>[typeof type]>, handler, checks);
  };
}

/** Answers every message type the room does not know. */
export function rejectUnknown(room: Room, checks: Checks): void {
  room.onMessage('*', (client: Client, type: string | number) => {
    whenAllowed(client, String(type), checks, () => {
      heard(room);
      reject(client, { to: String(type), code: 'message/unknown', message: `unknown message type ${String(type)}` });
    });
  });
}
