import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { Same } from '../protocol.js';
import { columns, deckEdition, linkKind, raceEdition, side, soloDealing, soloMode } from './schemas.js';
import { accountStanding, heldClaims, reasons, review } from './review-rows.js';
import type { Tables } from './tables.js';

/*
 * Each table's row as it leaves the database, parsed whole: numbers are numbers, a name column
 * holds one of core's names, a JSON column's text is the value its schema says. What goes in is
 * checked against the tables' types below (a column added or changed on one side only does not
 * compile); what comes out is the stores' to map.
 */

/** A text column holding one of a list of names. */
const named = <T extends Readonly<Record<string, string>>>(names: z.ZodEnum<T>) => z.string().pipe(names);

const games = z.object({
  id: z.string(),
  edition: named(raceEdition),
  config: columns.config,
  seed: z.number(),
  seats: columns.storedSeats,
  actions: columns.actions,
  result: columns.result.nullable(),
  started_at: z.number(),
  finished_at: z.number(),
});

const liveGames = z.object({
  id: z.string(),
  room: z.string(),
  public: z.number(),
  rated: z.number(),
  owner: z.string(),
  config: columns.config,
  seed: z.number(),
  started_at: z.number(),
  seats: columns.journalSeats,
  // '' for a game played for no arena.
  arena: z.union([z.literal(''), columns.liveArena]),
});

const journal = z.object({ game_id: z.string(), seq: z.number().int(), entry: columns.entry, voided: z.number() });

const soloResults = z.object({
  id: z.number(),
  player: z.string(),
  mode: named(soloMode),
  limit_value: z.number(),
  side: named(side),
  solved: z.number(),
  skipped: z.number(),
  ms: z.number(),
  seed: z.number(),
  finished_at: z.number(),
  account_id: z.string().nullable(),
  verified: z.number(),
  puzzles: columns.puzzles,
  dealing: named(soloDealing),
  review: named(review),
  review_reasons: reasons,
  solved_count: z.number(),
  solved_ms: z.number(),
});

const ratings = z.object({
  account_id: z.string(),
  edition: named(raceEdition),
  mu: z.number(),
  sigma: z.number(),
  games: z.number(),
  updated_at: z.number(),
});

const seasons = z.object({ id: z.string(), starts_at: z.number(), turned_at: z.number() });

const seasonResults = z.object({
  season: z.string(),
  edition: named(raceEdition),
  account_id: z.string(),
  place: z.number().int().positive(),
  mu: z.number(),
  sigma: z.number(),
  rating: z.number().int(),
  games: z.number().int(),
});

const puzzleRatings = z.object({
  task: z.string(),
  mu: z.number(),
  sigma: z.number(),
  attempts: z.number(),
  updated_at: z.number(),
});

const solverRatings = z.object({
  account_id: z.string(),
  edition: named(deckEdition),
  mu: z.number(),
  sigma: z.number(),
  attempts: z.number(),
  updated_at: z.number(),
});

const taskTimes = z.object({
  task: z.string(),
  mean: z.number(),
  variance: z.number().positive(),
  attempts: z.number().int().min(0),
  updated_at: z.number(),
});

const solverTimes = z.object({
  account_id: z.string(),
  edition: named(deckEdition),
  mean: z.number(),
  variance: z.number().positive(),
  attempts: z.number().int().min(0),
  updated_at: z.number(),
});

const timedAttempts = z.object({
  account_id: z.string(),
  task: z.string(),
  ms: z.number().min(0),
  solved: z.number().int().min(0).max(1),
  at: z.number(),
});

const ratingHistory = z.object({
  account_id: z.string(),
  edition: z.string(),
  game_id: z.string(),
  mu: z.number(),
  sigma: z.number(),
  at: z.number(),
  place: z.number().int().positive().nullable(),
});

const liveTables = z.object({
  code: z.string(),
  owner: z.string(),
  body: columns.tableBody,
  saved_at: z.number(),
});

const reports = z.object({
  reporter: z.string(),
  kind: named(z.enum(['run', 'player', 'board'])),
  target: z.string(),
  reason: z.string(),
  at: z.number(),
  settled_at: z.number().nullable(),
});

const campaignProgress = z.object({
  account_id: z.string(),
  level: z.number().int().min(1),
  stars: z.number().int().min(1).max(3),
  best_ms: z.number().min(0),
  updated_at: z.number(),
});

const dailyAttempts = z.object({
  account_id: z.string(),
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  started_at: z.number(),
  run_id: z.number().nullable(),
  solved: z.number(),
  ms: z.number().nullable(),
  verified: z.number(),
});

const accountLinks = z.object({
  from_id: z.string(),
  to_id: z.string(),
  kind: named(linkKind),
  at: z.number(),
});

const serverSecrets = z.object({ value: z.string().min(32) });

const arenas = z.object({
  id: z.string(),
  name: z.string(),
  edition: named(raceEdition),
  rounds: z.number().int().min(1),
  starts_at: z.number(),
  ends_at: z.number(),
  created_at: z.number(),
});

const arenaEntries = z.object({
  arena_id: z.string(),
  account_id: z.string(),
  joined_at: z.number(),
  points: z.number().int().min(0),
  wins: z.number().int().min(0),
  games: z.number().int().min(0),
  waiting_since: z.number().nullable(),
  seen_at: z.number(),
  table_code: z.string().nullable(),
});

/** The rows' parsers, by table. */
export const rows = {
  accountLinks,
  arenas,
  arenaEntries,
  dailyAttempts,
  serverSecrets,
  reports,
  campaignProgress,
  games,
  liveGames,
  liveTables,
  journal,
  soloResults,
  ratings,
  puzzleRatings,
  solverRatings,
  taskTimes,
  solverTimes,
  timedAttempts,
  ratingHistory,
  heldClaims,
  accountStanding,
  seasons,
  seasonResults,
};

const agree = <T extends true>(value: T): T => value;
agree<Same<z.input<typeof games>, Selectable<Tables['games']>>>(true);
agree<Same<z.input<typeof liveGames>, Selectable<Tables['live_games']>>>(true);
agree<Same<z.input<typeof journal>, Selectable<Tables['journal']>>>(true);
agree<Same<z.input<typeof liveTables>, Selectable<Tables['live_tables']>>>(true);
agree<Same<z.input<typeof soloResults>, Selectable<Tables['solo_results']>>>(true);
agree<Same<z.input<typeof ratings>, Selectable<Tables['ratings']>>>(true);
agree<Same<z.input<typeof puzzleRatings>, Selectable<Tables['puzzle_ratings']>>>(true);
agree<Same<z.input<typeof solverRatings>, Selectable<Tables['solver_ratings']>>>(true);
agree<Same<z.input<typeof taskTimes>, Selectable<Tables['task_times']>>>(true);
agree<Same<z.input<typeof solverTimes>, Selectable<Tables['solver_times']>>>(true);
agree<Same<z.input<typeof timedAttempts>, Selectable<Tables['timed_attempts']>>>(true);
agree<Same<z.input<typeof reports>, Selectable<Tables['reports']>>>(true);
agree<Same<z.input<typeof ratingHistory>, Selectable<Tables['rating_history']>>>(true);
agree<Same<z.input<typeof seasons>, Selectable<Tables['seasons']>>>(true);
agree<Same<z.input<typeof seasonResults>, Selectable<Tables['season_results']>>>(true);
agree<Same<z.input<typeof campaignProgress>, Selectable<Tables['campaign_progress']>>>(true);
agree<Same<z.input<typeof heldClaims>, Selectable<Tables['held_claims']>>>(true);
agree<Same<z.input<typeof accountStanding>, Selectable<Tables['account_standing']>>>(true);
agree<Same<z.input<typeof dailyAttempts>, Selectable<Tables['daily_attempts']>>>(true);
agree<Same<z.input<typeof accountLinks>, Selectable<Tables['account_links']>>>(true);
agree<Same<z.input<typeof arenas>, Selectable<Tables['arenas']>>>(true);
agree<Same<z.input<typeof arenaEntries>, Selectable<Tables['arena_entries']>>>(true);
