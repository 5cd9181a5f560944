import type {
  Occupant,
  PracticeClientMessages,
  PracticeJoinOptions,
  RaceClientMessages,
  RaceJoinOptions,
  RatedClientMessages,
  RatedJoinOptions,
  SoloClientMessages,
  SoloJoinOptions,
} from '@ubongo/core';
import {
  BOARD_ID_PATTERN,
  BOT_LEVELS,
  CLASSIC_VARIANTS,
  DECK_EDITIONS,
  GAME_ROUNDS,
  CHALLENGE_ID_PATTERN,
  GHOST_KINDS,
  isDailyDate,
  HOURGLASS_SECONDS,
  MAX_TRAIL_MOVES,
  PIECE_SETS,
  PROTOCOL_VERSION,
  RACE_EDITIONS,
  REACTIONS,
  SIDES,
  SOLO_LIMITS,
  SOLO_MODES,
  TRAIL_KINDS,
} from '@ubongo/core';
import { z } from 'zod';

/*
 * The schemas the server checks every message against at the socket. The messages' types are
 * core's protocol module (the one source of truth, docs/protocol.md); each schema here is checked
 * against its type below, so a shape changed on one side only does not compile.
 */

export { PROTOCOL_VERSION };
/** The largest message the server reads, as JSON; larger ones are answered `message/too-large`. */
export const MAX_MESSAGE_BYTES = 16 * 1024;
/** The WebSocket frame limit: a frame larger than this closes the connection (the player may reconnect). */
export const MAX_FRAME_BYTES = 64 * 1024;
/** Spectators per room. */
export const MAX_SPECTATORS = 12;

const cell = z.tuple([z.number().int(), z.number().int()]).readonly();
const placement = z.strictObject({ piece: z.string().max(32), cells: z.array(cell).max(64).readonly() }).readonly();
const placements = z.array(placement).max(16).readonly();
/** A piece on a board as it lies (a `progress` report), small cells only. */
const boardPlacement = z
  .strictObject({
    piece: z.string().max(32),
    cells: z
      .array(z.tuple([z.number().int().min(-1000).max(1000), z.number().int().min(-1000).max(1000)]).readonly())
      .max(16)
      .readonly(),
  })
  .readonly();
const trailAt = z
  .number()
  .int()
  .min(0)
  .max(24 * 3600 * 1000);
/** Where a move left its piece (core's `TrailLie`): an origin cell and one of the grid's 8 or 12 turns. */
const trailLie = z
  .tuple([
    z.number().int().min(-1000).max(1000),
    z.number().int().min(-1000).max(1000),
    z.number().int().min(0).max(11),
  ])
  .readonly();
const trailMove = z.union([
  z.tuple([trailAt, z.enum(TRAIL_KINDS), z.string().max(32)]).readonly(),
  z.tuple([trailAt, z.enum(TRAIL_KINDS), z.string().max(32), trailLie]).readonly(),
]);
/** A claim: the placements and, for a judged solve, the moves that made them (core's trail.ts). */
const claim = z.strictObject({
  placements,
  trail: z.array(trailMove).max(MAX_TRAIL_MOVES).readonly().exactOptional(),
});
const empty = z.strictObject({});

/** Settings the host may change in the lobby. */
export const settingsSchema = z.strictObject({
  edition: z.enum(RACE_EDITIONS).exactOptional(),
  variant: z.enum(CLASSIC_VARIANTS).exactOptional(),
  hourglassSeconds: z.number().int().min(HOURGLASS_SECONDS.min).max(HOURGLASS_SECONDS.max).exactOptional(),
  rounds: z.number().int().min(GAME_ROUNDS.min).max(GAME_ROUNDS.max).exactOptional(),
  pieceSet: z.enum(PIECE_SETS).exactOptional(),
  rated: z.boolean().exactOptional(),
});

/** Options to create or join a race room. */
export const raceJoinSchema = z.object({
  protocol: z.number(),
  side: z.enum(SIDES).exactOptional(),
  spectate: z.boolean().exactOptional(),
  public: z.boolean().exactOptional(),
  settings: settingsSchema.exactOptional(),
  seatKey: z.string().min(1).max(64).exactOptional(),
});

/** What a player may send to a race room. */
export const raceMessages = {
  settings: settingsSchema,
  'add-bot': z.strictObject({ level: z.enum(BOT_LEVELS), side: z.enum(SIDES).exactOptional() }),
  'remove-seat': z.strictObject({ seat: z.number().int().min(0).max(3) }),
  side: z.strictObject({ side: z.enum(SIDES) }),
  ready: z.strictObject({ ready: z.boolean() }),
  start: empty,
  rematch: empty,
  claim,
  move: z.strictObject({ row: z.number().int() }),
  place: z.strictObject({ row: z.number().int() }),
  'lay-out': empty,
  // (The task's own count and the pieces' shapes are checked by the master: no task has more than
  // 16 pieces, no piece more than 16 cells.)
  progress: z.strictObject({
    down: z.number().int().min(0).max(16),
    placements: z.array(boardPlacement).max(16).readonly().exactOptional(),
  }),
  react: z.strictObject({ reaction: z.enum(REACTIONS) }),
} as const;

/** Options to create a solo room. */
export const soloJoinSchema = z.object({
  protocol: z.number(),
  mode: z.enum(SOLO_MODES),
  limit: z.union([z.literal(SOLO_LIMITS[0]), z.literal(SOLO_LIMITS[1]), z.literal(SOLO_LIMITS[2])]),
  side: z.enum(SIDES),
  pieceSet: z.enum(PIECE_SETS).exactOptional(),
  best: z
    .strictObject({ solved: z.number().int().min(0), ms: z.number().min(0) })
    .readonly()
    .exactOptional(),
  dealing: z.enum(['shuffled', 'level']).exactOptional(),
  course: z
    .discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('campaign'), level: z.number().int().min(1).max(10_000) }).readonly(),
      z.strictObject({ kind: z.literal('daily') }).readonly(),
      z.strictObject({ kind: z.literal('storm') }).readonly(),
      z.strictObject({ kind: z.literal('board'), id: z.string().regex(BOARD_ID_PATTERN) }).readonly(),
      z
        .strictObject({
          kind: z.literal('archive'),
          date: z.string().refine(isDailyDate, { error: 'date is a day, YYYY-MM-DD' }),
        })
        .readonly(),
    ])
    .exactOptional(),
  ghost: z.enum(GHOST_KINDS).exactOptional(),
  challenge: z.string().regex(CHALLENGE_ID_PATTERN).exactOptional(),
});

/** What a solo player may send. */
export const soloMessages = {
  start: empty,
  claim,
  skip: empty,
} as const;

/** Options to create a practice room. */
/** Which task to practise (practice's `task`, and the task a practice coming back goes on with). */
const practiceTask = z.strictObject({
  edition: z.enum(DECK_EDITIONS),
  board: z.string().max(8),
  side: z.enum(SIDES),
  key: z.string().max(8),
});

export const practiceJoinSchema = z.object({
  protocol: z.number(),
  task: practiceTask.exactOptional(),
  misses: z
    .strictObject({ run: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) })
    .readonly()
    .exactOptional(),
});

/** What a player may send to practice. */
export const practiceMessages = {
  task: practiceTask,
  claim: z.strictObject({ placements }),
  level: z.strictObject({ edition: z.enum(DECK_EDITIONS), side: z.enum(SIDES) }),
  hint: empty,
  solution: empty,
  missed: z.strictObject({ index: z.number().int().min(0).max(1000) }),
} as const;

/** Options to join an edition's rated queue. */
export const ratedJoinSchema = z.object({ protocol: z.number(), edition: z.enum(RACE_EDITIONS) });

/** What a player may send to the rated queue. */
export const ratedMessages = { bots: empty } as const;

/** Who sat in a seat, as a stored game keeps it: read back as the outside input it is. */
const occupantSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('human'), name: z.string().max(100) }).readonly(),
  z.strictObject({ kind: z.literal('bot'), level: z.enum(BOT_LEVELS), number: z.number().int().min(1) }).readonly(),
  z.strictObject({ kind: z.literal('stand-in'), level: z.enum(BOT_LEVELS), for: z.string().max(100) }).readonly(),
]);

/** A stored seat's occupant, or undefined if what is stored is not one (or nothing is, as in older records). */
export function parseOccupant(value: unknown): Occupant | undefined {
  const parsed = occupantSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

// The schemas against the protocol's types: the same values and the same keys at every depth
// (arrays by their items), so that a field added, dropped or changed on one side does not compile.
type Assignable<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type AllTrue<T> = T[keyof T] extends true ? true : false;
export type Same<A, B> =
  Assignable<A, B> extends false
    ? false
    : [A] extends [readonly (infer X)[]]
      ? [B] extends [readonly (infer Y)[]]
        ? Same<X, Y>
        : false
      : [A] extends [object]
        ? Assignable<keyof A, keyof B> extends true
          ? AllTrue<{ [K in keyof A & keyof B]-?: Same<NonNullable<A[K]>, NonNullable<B[K]>> }>
          : false
        : true;
type Agrees<S extends Record<string, z.ZodType>, M> =
  Same<keyof S, keyof M> extends true ? AllTrue<{ [K in keyof S & keyof M]-?: Same<z.output<S[K]>, M[K]> }> : false;
const agree = <T extends true>(value: T): T => value;
agree<Agrees<typeof raceMessages, RaceClientMessages>>(true);
agree<Agrees<typeof soloMessages, SoloClientMessages>>(true);
agree<Agrees<typeof practiceMessages, PracticeClientMessages>>(true);
agree<Agrees<typeof ratedMessages, RatedClientMessages>>(true);
agree<Same<Readonly<z.output<typeof ratedJoinSchema>>, RatedJoinOptions>>(true);
agree<Same<Readonly<z.output<typeof raceJoinSchema>>, RaceJoinOptions>>(true);
agree<Same<Readonly<z.output<typeof soloJoinSchema>>, SoloJoinOptions>>(true);
agree<Same<Readonly<z.output<typeof practiceJoinSchema>>, PracticeJoinOptions>>(true);
agree<Same<z.output<typeof occupantSchema>, Occupant>>(true);
