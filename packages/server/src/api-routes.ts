import type {
  DeckEdition,
  DeckIndex,
  DeckSide,
  Health,
  LeaderboardAnswer,
  PuzzleAnswer,
  RecordsAnswer,
} from '@ubongo/core';
import { findTask, PROTOCOL_VERSION, RACE_EDITIONS } from '@ubongo/core';
import { z } from 'zod';
import { monotonicNow } from './clock.js';
import type { Http, HttpOptions } from './http-common.js';
import { Refused } from './http-common.js';
import { entryOf, profileOf } from './profile.js';
import { puzzleDisplay, startOf, taskKey } from './puzzles.js';
import { ratingView } from './ratings.js';
import { replayOf } from './replay.js';

/** The leaderboards' periods: the last day, the last seven days, all time (ms back from now). */
const PERIODS = { day: 86_400_000, week: 7 * 86_400_000, all: Infinity } as const;

/** The boards and tasks of each deck, without solutions: what practice offers to choose from. */
const tasksOf = (side: DeckSide): { tasks: { key: string; difficulty: number }[] } => ({
  tasks: side.tasks.map((t) => ({ key: t.key, difficulty: t.difficulty })),
});

function deckIndex(decks: HttpOptions['decks']): DeckIndex {
  return {
    decks: Object.values(decks).map((deck) => ({
      edition: deck.edition,
      grid: deck.grid,
      boards: deck.boards.map((b) => ({
        id: b.id,
        sides: { easy: tasksOf(b.sides.easy), hard: tasksOf(b.sides.hard) },
      })),
    })),
  };
}

/** A query's field that is one of `values`, refused with `words` otherwise. */
const oneOf = <T extends string>(values: readonly [T, ...T[]], words: string) =>
  z.enum(values, { error: words }).optional();

/** `top=1..100`, written as people write numbers (no `+`, no leading zero). */
const top = (words: string) =>
  z
    .string()
    .regex(/^([1-9]|[1-9]\d|100)$/, { error: words })
    .optional();

// The fields in the order their problems are told: the first one wrong is named.
const recordsQuery = z.object({
  mode: z.enum(['timed', 'count'], { error: 'mode is timed or count' }),
  period: oneOf(['day', 'week', 'all'], 'period is day, week or all'),
  limit: oneOf(['5', '10', '20'], 'limit is 5, 10 or 20'),
  side: oneOf(['easy', 'hard'], 'side is easy or hard'),
  top: top('top is 1 to 100'),
});

const leaderboardWords = `edition is ${RACE_EDITIONS.join(', ')}; top is 1 to 100`;
const leaderboardQuery = z.object({
  edition: z.enum(RACE_EDITIONS, { error: leaderboardWords }),
  top: top(leaderboardWords),
});

const gameId = z.object({ id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) });
const playerId = z.object({ id: z.string().regex(/^[\w-]{1,64}$/) });
const puzzleParams = z.object({
  edition: z.enum(['classic', 'extreme']),
  board: z.string().regex(/^[\w-]{1,16}$/),
  side: z.enum(['easy', 'hard']),
  key: z.string().regex(/^[\w-]{1,16}$/),
});

/** The read-only API: health, games and replays, records, players, leaderboards, puzzles, decks, this API's own description. */
export function apiRoutes(app: Http, options: HttpOptions): void {
  const { storage, decks, startedAt } = options;
  const index = deckIndex(decks);

  app.get(
    '/healthz',
    { schema: { summary: 'Health' } },
    () =>
      ({
        status: 'ok',
        protocol: PROTOCOL_VERSION,
        uptimeSeconds: Math.round((monotonicNow() - startedAt) / 1000),
      }) satisfies Health,
  );

  app.get('/api/games/:id', { schema: { summary: 'A stored game', params: gameId } }, async (request) => {
    const game = await storage.game(request.params.id);
    if (!game) throw new Refused(404, `no game ${request.params.id}`);
    return game;
  });

  app.get('/api/games/:id/replay', { schema: { summary: 'A game replayed', params: gameId } }, async (request) => {
    const replay = await replayOf(storage, decks, request.params.id);
    if (!replay) throw new Refused(404, `no game ${request.params.id}`);
    return replay;
  });

  app.get('/api/records', { schema: { summary: 'Solo records', querystring: recordsQuery } }, async (request) => {
    const { mode, period, limit, side, top } = request.query;
    const records = await storage.records({
      mode,
      ...(limit === undefined ? {} : { limit: Number(limit) }),
      ...(side === undefined ? {} : { side }),
      ...(top === undefined ? {} : { top: Number(top) }),
      ...(period === undefined || period === 'all' ? {} : { since: Date.now() - PERIODS[period] }),
    });
    return { records: records.map(entryOf) } satisfies RecordsAnswer;
  });

  app.get('/api/players/:id', { schema: { summary: 'A player’s profile', params: playerId } }, async (request) => {
    const profile = await profileOf(storage, request.params.id);
    if (!profile) throw new Refused(404, `no player ${request.params.id}`);
    return profile;
  });

  app.get(
    '/api/leaderboard',
    { schema: { summary: 'A leaderboard', querystring: leaderboardQuery } },
    async (request) => {
      const { edition, top } = request.query;
      const board = await storage.leaderboard(edition, top === undefined ? 20 : Number(top));
      return {
        edition,
        players: board.map((r) => ({ id: r.accountId, name: r.name, rating: ratingView(r) })),
      } satisfies LeaderboardAnswer;
    },
  );

  app.get(
    '/api/puzzles/:edition/:board/:side/:key',
    { schema: { summary: 'A task’s rating', params: puzzleParams } },
    async (request) => {
      const { edition, board, side, key } = request.params;
      const ref = { board, side, key };
      const task = findTask(decks[edition as DeckEdition], ref);
      if (!task) throw new Refused(404, `no task ${key} on ${edition} board ${board} ${side}`);
      const rated = await storage.puzzleRating(taskKey(edition, ref));
      const r = rated ?? { ...startOf(task.difficulty), attempts: 0 };
      return {
        task: taskKey(edition, ref),
        difficulty: task.difficulty,
        display: puzzleDisplay(r),
        mu: r.mu,
        sigma: r.sigma,
        attempts: r.attempts,
      } satisfies PuzzleAnswer;
    },
  );

  app.get('/api/decks', { schema: { summary: 'The decks practice offers' } }, () => index);

  // Made from the routes' schemas above and elsewhere (@fastify/swagger).
  app.get('/api/openapi.json', { schema: { summary: 'This API, as OpenAPI 3' } }, () => app.swagger());
}
