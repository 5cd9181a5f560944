import {
  BOT_LEVELS,
  CLASSIC_VARIANTS,
  GAME_ROUNDS,
  HOURGLASS_SECONDS,
  RACE_EDITIONS,
  SIDES,
  SOLO_LIMITS,
} from '@ubongo/core';
import { z } from 'zod';

/** The protocol version; clients send it when they join and are refused if it differs (docs/protocol.md). */
export const PROTOCOL_VERSION = 1;
/** The largest message the server reads, as JSON; larger ones are answered `message/too-large`. */
export const MAX_MESSAGE_BYTES = 4096;
/** The WebSocket frame limit: a frame larger than this closes the connection (the player may reconnect). */
export const MAX_FRAME_BYTES = 64 * 1024;
/** Messages a client may send: a burst of this many, refilled at this many per second. */
export const MESSAGE_BURST = 30;
export const MESSAGES_PER_SECOND = 15;
/** Spectators per room. */
export const MAX_SPECTATORS = 12;

const name = z.string().trim().min(1).max(24);
const cell = z.tuple([z.number().int(), z.number().int()]);
const placement = z.strictObject({ piece: z.string().max(32), cells: z.array(cell).max(64) });
const placements = z.array(placement).max(16);

/** Settings the host may change in the lobby. */
export const settingsSchema = z.strictObject({
  edition: z.enum(RACE_EDITIONS).optional(),
  variant: z.enum(CLASSIC_VARIANTS).optional(),
  hourglassSeconds: z.number().int().min(HOURGLASS_SECONDS.min).max(HOURGLASS_SECONDS.max).optional(),
  rounds: z.number().int().min(GAME_ROUNDS.min).max(GAME_ROUNDS.max).optional(),
});

/** Options to create or join a race room. */
export const raceJoinSchema = z.object({
  protocol: z.literal(PROTOCOL_VERSION),
  name,
  side: z.enum(SIDES).optional(),
  spectate: z.boolean().optional(),
  public: z.boolean().optional(),
  settings: settingsSchema.optional(),
});

/** What a player may send to a race room. */
export const raceMessages = {
  settings: settingsSchema,
  'add-bot': z.strictObject({ level: z.enum(BOT_LEVELS), side: z.enum(SIDES).optional() }),
  'remove-seat': z.strictObject({ seat: z.number().int().min(0).max(3) }),
  side: z.strictObject({ side: z.enum(SIDES) }),
  ready: z.strictObject({ ready: z.boolean() }),
  start: z.strictObject({}),
  rematch: z.strictObject({}),
  claim: z.strictObject({ placements }),
  move: z.strictObject({ row: z.number().int() }),
} as const;

/** Options to create a solo room: a solo variant, or practice on any deck task. */
export const soloJoinSchema = z.discriminatedUnion('mode', [
  z.object({
    protocol: z.literal(PROTOCOL_VERSION),
    name,
    mode: z.enum(['timed', 'count']),
    limit: z.union(SOLO_LIMITS.map((l) => z.literal(l))),
    side: z.enum(SIDES),
  }),
  z.object({ protocol: z.literal(PROTOCOL_VERSION), name, mode: z.literal('practice') }),
]);

const task = z.strictObject({
  edition: z.enum(['classic', 'extreme']),
  board: z.string().max(8),
  side: z.enum(SIDES),
  key: z.string().max(8),
});

/** What a solo player may send. */
export const soloMessages = {
  start: z.strictObject({}),
  claim: z.strictObject({ placements }),
  skip: z.strictObject({}),
  task,
  hint: z.strictObject({}),
  solution: z.strictObject({}),
} as const;

/** Why the server refused a message (besides the engines' own codes). */
export type MessageErrorCode =
  | 'message/malformed'
  | 'message/unknown'
  | 'message/too-large'
  | 'message/too-fast'
  | 'message/not-allowed'
  | 'message/wrong-phase';

/** The reply to a refused message: which message, why, and for a wrong placement each problem. */
export interface Rejected {
  readonly to: string;
  readonly code: string;
  readonly message: string;
  readonly problems?: readonly unknown[];
}
