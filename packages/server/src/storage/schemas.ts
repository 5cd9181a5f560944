import type {
  DeckEdition,
  Occupant,
  RaceAction,
  RaceConfig,
  RaceEdition,
  RaceResult,
  Side,
  SoloMode,
} from '@ubongo/core';
import {
  RATING_LIMITS,
  BOT_LEVELS,
  CLASSIC_VARIANTS,
  DECK_EDITIONS,
  PIECE_SETS,
  RACE_EDITIONS,
  SIDES,
  SOLO_DEALINGS,
  SOLO_MODES,
  TRAIL_KINDS,
} from '@ubongo/core';
import { z } from 'zod';
import type { Same } from '../protocol.js';
import type { GameRecord, JournalEntry, JournalSeat, LiveArena, LiveTable, StoredSeat } from '../table/store.js';
import type { SoloPuzzle } from '../solo/store.js';
import { LINK_KINDS } from '../friends/store.js';

/*
 * What the stores read back is outside input, as a message from a socket is: every row is parsed
 * once, where it leaves the database (rows.ts; the memory store's JSON values too), and a corrupt
 * one is an error that names its table and key. These are the schemas of the stored JSON values
 * and names, checked against the storage types below as protocol.ts checks the socket's against
 * core's.
 *
 * Not the socket's schemas themselves: those freeze what they give (`.readonly()`), and a store
 * hands its callers copies of their own to change; and they bound what a client may send, where
 * a stored value was accepted once and is read back as it was.
 */

/** A stored value that is not what the store wrote: which table, which row, which field, what is wrong. */
export class CorruptRowError extends Error {
  override readonly name = 'CorruptRowError';
}

/**
 * `value`, read from `column` of the row `where` names (`journal (game g1, seq 4)`), or the whole
 * row if no column is named, parsed by `schema` (a JSON column's parses its text as JSON first).
 */
export function parseStored<T>(schema: z.ZodType<T>, value: unknown, where: string, column?: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = [...(column === undefined ? [] : [column]), ...(issue?.path ?? []).map(String)].join('.');
  throw new CorruptRowError(`${where}: ${path === '' ? '' : `${path}: `}${issue?.message ?? 'not what was stored'}`);
}

/** A text column holding JSON that `schema` parses. */
export function json<T>(schema: z.ZodType<T>): z.ZodType<T, string> {
  return z
    .string()
    .transform((text, ctx): unknown => {
      try {
        return JSON.parse(text);
      } catch (e) {
        ctx.issues.push({
          code: 'custom',
          message: `not JSON (${e instanceof Error ? e.message : String(e)})`,
          input: text,
        });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

export const raceEdition = z.enum(RACE_EDITIONS);
export const deckEdition = z.enum(DECK_EDITIONS);
export const side = z.enum(SIDES);
export const soloMode = z.enum(SOLO_MODES);
/** What one account is to another (migration 021). */
export const linkKind = z.enum(LINK_KINDS);
export const soloDealing = z.enum(SOLO_DEALINGS);

const cell = z.tuple([z.number().int(), z.number().int()]);
// A stored move, with where it left its piece (protocol 6) or without (a trail stored before).
const trailMove = z.union([
  z.tuple([z.number(), z.enum(TRAIL_KINDS), z.string()]),
  z.tuple([
    z.number(),
    z.enum(TRAIL_KINDS),
    z.string(),
    z.tuple([z.number().int(), z.number().int(), z.number().int()]),
  ]),
]);
const placement = z.object({ piece: z.string(), cells: z.array(cell) });

export const raceConfig = z.object({
  edition: raceEdition,
  variant: z.enum(CLASSIC_VARIANTS),
  players: z.array(z.object({ id: z.string(), side })),
  hourglassSeconds: z.number(),
  rounds: z.number().int(),
  pieceSet: z.enum(PIECE_SETS).exactOptional(),
  startRows: z.array(z.number().int()).exactOptional(),
});

export const raceAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start-round') }),
  z.object({
    type: z.literal('claim'),
    player: z.string(),
    placements: z.array(placement),
    trail: z.array(trailMove).exactOptional(),
  }),
  z.object({ type: z.literal('move'), player: z.string(), row: z.number().int() }),
  z.object({ type: z.literal('tick') }),
  z.object({ type: z.literal('place'), player: z.string(), row: z.number().int() }),
  z.object({ type: z.literal('lay-out'), player: z.string() }),
]);

export const raceResult = z.object({
  winners: z.array(z.string()),
  scores: z.record(z.string(), z.union([z.number(), z.array(z.number())])),
  tieBreakRounds: z.number().int(),
});

const occupant = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('human'), name: z.string() }),
  z.object({ kind: z.literal('bot'), level: z.enum(BOT_LEVELS), number: z.number().int() }),
  z.object({ kind: z.literal('stand-in'), level: z.enum(BOT_LEVELS), for: z.string() }),
]);

export const storedSeats = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    kind: z.enum(['human', 'bot']),
    level: z.string().exactOptional(),
    occupant: occupant.exactOptional(),
    accountId: z.string().exactOptional(),
  }),
);

export const gameActions = z.array(z.object({ at: z.number(), action: raceAction }));

export const journalSeats = z.array(
  z.object({
    id: z.string(),
    occupant,
    side,
    keyHash: z.string().exactOptional(),
    accountId: z.string().exactOptional(),
    claimed: z.boolean().exactOptional(),
    host: z.boolean().exactOptional(),
  }),
);

/** The arena a game under way is played for (`LiveArena`). */
export const liveArena = z.object({ arenaId: z.string(), accounts: z.array(z.string()) });

/** A table between games (`LiveTable`), its code and time aside (columns of their own). */
export const tableBody = z.object({
  public: z.boolean(),
  settings: z.object({
    edition: raceEdition,
    variant: z.enum(CLASSIC_VARIANTS),
    hourglassSeconds: z.number(),
    rounds: z.number().int(),
    pieceSet: z.enum(PIECE_SETS),
    rated: z.boolean(),
  }),
  seats: z.array(
    z.object({
      id: z.string(),
      occupant,
      side,
      ready: z.boolean(),
      keyHash: z.string().exactOptional(),
      accountId: z.string().exactOptional(),
      claimed: z.boolean().exactOptional(),
      host: z.boolean().exactOptional(),
    }),
  ),
  host: z.number().int(),
  game: z.string().nullable(),
  ratings: z
    .array(
      z.object({
        player: z.string(),
        before: z.number(),
        after: z.number(),
        provisional: z.boolean(),
        // A table saved before ratings moved from game one (2026-11-29) has no deviation, and may
        // name the gate then in force: it still loads (the gate dropped, the deviation unknown: 0).
        deviation: z.number().default(0),
        limits: z
          .array(z.enum([...RATING_LIMITS, 'no-established-opponent']))
          .transform((limits) => limits.filter((l) => l !== 'no-established-opponent')),
      }),
    )
    .exactOptional(),
});

export const journalEntry = z.discriminatedUnion('kind', [
  z.object({ at: z.number(), kind: z.literal('action'), action: raceAction }),
  z.object({ at: z.number(), kind: z.literal('stand-in'), player: z.string() }),
]);

export const soloPuzzles = z.array(
  z.object({
    board: z.string(),
    side,
    key: z.string(),
    outcome: z.enum(['solved', 'skipped', 'unfinished']),
    ms: z.number(),
    trail: z.array(trailMove).exactOptional(),
  }),
);

/** The JSON columns' parsers, made once: text in, checked value out. */
export const columns = {
  config: json(raceConfig),
  storedSeats: json(storedSeats),
  journalSeats: json(journalSeats),
  liveArena: json(liveArena),
  actions: json(gameActions),
  result: json(raceResult),
  entry: json(journalEntry),
  puzzles: json(soloPuzzles),
  tableBody: json(tableBody),
};

// The schemas against the storage types: as readonly as the types (the values given back are
// the caller's own, so not frozen), the same keys and values at every depth.
type DeepReadonly<T> = T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;
type Agrees<S extends z.ZodType, T> = Same<DeepReadonly<z.output<S>>, T>;
const agree = <T extends true>(value: T): T => value;
agree<Agrees<typeof raceConfig, RaceConfig>>(true);
agree<Agrees<typeof raceAction, RaceAction>>(true);
agree<Agrees<typeof raceResult, RaceResult>>(true);
agree<Agrees<typeof occupant, Occupant>>(true);
agree<Agrees<typeof storedSeats, readonly StoredSeat[]>>(true);
agree<Agrees<typeof gameActions, GameRecord['actions']>>(true);
agree<Agrees<typeof journalSeats, readonly JournalSeat[]>>(true);
agree<Agrees<typeof liveArena, LiveArena>>(true);
agree<Agrees<typeof journalEntry, JournalEntry>>(true);
agree<Agrees<typeof tableBody, Omit<LiveTable, 'code' | 'savedAt'>>>(true);
agree<Agrees<typeof soloPuzzles, readonly SoloPuzzle[]>>(true);
agree<Agrees<typeof raceEdition, RaceEdition>>(true);
agree<Agrees<typeof deckEdition, DeckEdition>>(true);
agree<Agrees<typeof side, Side>>(true);
agree<Agrees<typeof soloMode, SoloMode>>(true);
