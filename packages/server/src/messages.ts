import type { Client, Room } from '@colyseus/core';
import type { z } from 'zod';
import type { Rejected } from './protocol.js';
import { MAX_MESSAGE_BYTES, MESSAGE_BURST, MESSAGES_PER_SECOND } from './protocol.js';

/** Sends a refusal to one client. */
export function reject(client: Client, rejected: Rejected): void {
  client.send('rejected', rejected);
}

function size(message: unknown): number {
  try {
    return JSON.stringify(message ?? null).length;
  } catch {
    return Infinity;
  }
}

// Each client's message allowance (a token bucket), so that one client cannot keep the event
// loop, which every room shares, busy.
const allowance = new WeakMap<Client, { tokens: number; at: number }>();

function tooFast(client: Client): boolean {
  const now = Date.now();
  const bucket = allowance.get(client) ?? { tokens: MESSAGE_BURST, at: now };
  bucket.tokens = Math.min(MESSAGE_BURST, bucket.tokens + ((now - bucket.at) / 1000) * MESSAGES_PER_SECOND);
  bucket.at = now;
  allowance.set(client, bucket);
  if (bucket.tokens < 1) return true;
  bucket.tokens -= 1;
  return false;
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
  log: (message: string) => void,
): void {
  room.onMessage(type, (client: Client, message: unknown) => {
    if (tooFast(client)) {
      reject(client, {
        to: type,
        code: 'message/too-fast',
        message: `at most ${MESSAGES_PER_SECOND} messages a second`,
      });
      return;
    }
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
  });
}

/** The bodies of a set of message schemas, by message type. */
type Bodies<M extends Record<string, z.ZodType>> = { [K in keyof M]: z.infer<M[K]> };

/** `on(type, handler)` for a room's set of message schemas, each handler typed by its schema. */
export function registrar<M extends Record<string, z.ZodType>>(
  room: Room,
  schemas: M,
  log: (message: string) => void,
): <K extends keyof M & string>(type: K, handler: (client: Client, data: Bodies<M>[K]) => void) => void {
  return (type, handler) => {
    handle(room, type, schemas[type] as unknown as z.ZodType<Bodies<M>[typeof type]>, handler, log);
  };
}

/** Answers every message type the room does not know. */
export function rejectUnknown(room: Room): void {
  room.onMessage('*', (client: Client, type: string | number) => {
    if (tooFast(client)) return;
    reject(client, { to: String(type), code: 'message/unknown', message: `unknown message type ${String(type)}` });
  });
}
