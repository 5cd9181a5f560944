import type { PuzzleSpec } from '@ubongo/core';
import { GRID_NAMES, puzzleFromSpec } from '@ubongo/core';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { Same } from '../protocol.js';
import { json } from './schemas.js';
import type { Tables } from './tables.js';

/*
 * The rows of boards players make (boards/store.ts): apart from rows.ts so that the boards'
 * columns are in one place. A board's file is read back through the puzzle format's own checker.
 */

/** A board's file: JSON text the puzzle format's parser accepts. */
const spec = json(
  z.unknown().refine((value) => puzzleFromSpec(value).ok, { error: 'not a puzzle file the parser accepts' }),
).transform((value) => value as PuzzleSpec);

/** A row of `player_boards`. */
export const playerBoards = z.object({
  id: z.string(),
  account_id: z.string(),
  name: z.string(),
  grid: z.string().pipe(z.enum(GRID_NAMES)),
  spec,
  solutions: z.number().int().min(1),
  difficulty: z.number(),
  created_at: z.number(),
  hidden_at: z.number().nullable(),
});

/** A row of `board_times`. */
export const boardTimes = z.object({
  run_id: z.number(),
  board_id: z.string(),
  account_id: z.string(),
  ms: z.number().min(0),
  at: z.number(),
});

const agree = <T extends true>(value: T): T => value;
agree<Same<z.input<typeof playerBoards>, Selectable<Tables['player_boards']>>>(true);
agree<Same<z.input<typeof boardTimes>, Selectable<Tables['board_times']>>>(true);
