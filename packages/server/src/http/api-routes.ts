import type { DeckEdition, LeaderboardAnswer, RaceEdition, TaskRef } from '@ubongo/core';
import { dailyOverAt, deckIndexOf, findTask, PROTOCOL_VERSION, puzzleOf, RACE_EDITIONS } from '@ubongo/core';
import { z } from 'zod';
import { monotonicNow } from '../clock.js';
import type { Http, HttpOptions } from './http-common.js';
import { Refused } from './http-common.js';
import type { SignedIn } from './route.js';
import { route } from './route.js';
import { RATING_BOARD, UNLISTED_REVIEWS } from '../leaderboards.js';
import { entryOf, ownEntryOf, profileOf } from '../accounts/profile.js';
import { puzzleDisplay, startOf, taskKey } from '../rating/puzzles.js';
import { ratingView } from '../rating/ratings.js';
import { replayOf } from '../table/replay.js';
import { dailyDayOfRun } from '../solo/courses/daily-day.js';
import type { SoloRecord } from '../solo/store.js';
import { mayReview } from '../solo/review-store.js';
import type { Stores } from '../storage/stores.js';

/** Whether a run may be shown on a public page: not held for review nor rejected. */
const isPublicRun = (run: Pick<SoloRecord, 'review'>): boolean =>
  !(UNLISTED_REVIEWS as readonly string[]).includes(run.review ?? 'none');

/** The leaderboards' periods: the last day, the last seven days, all time (ms back from now). */
const PERIODS = { day: 86_400_000, week: 7 * 86_400_000, all: Infinity } as const;

/** A query's field that is one of `values`, refused with `words` otherwise. */
const oneOf = <T extends string>(values: readonly [T, ...T[]], words: string) =>
  z.enum(values, { error: words }).optional();

/** `top=1..100`, written as people write numbers (no `+`, no leading zero). */
const top = (words: string) =>
  z
    .string()
    .regex(/^([1-9]|[1-9]\d|100)$/, { error: words })
    .optional();

/** A ranked list's cursor: how many of it the pages before held (what `next` says). */
const placeCursor = (words: string) =>
  z
    .string()
    .regex(/^(0|[1-9]\d{0,5})$/, { error: words })
    .optional();

// The fields in the order their problems are told: the first one wrong is named.
const recordsQuery = z.object({
  mode: z.enum(['timed', 'count'], { error: 'mode is timed or count' }),
  period: oneOf(['day', 'week', 'all'], 'period is day, week or all'),
  limit: oneOf(['5', '10', '20'], 'limit is 5, 10 or 20'),
  side: oneOf(['easy', 'hard'], 'side is easy or hard'),
  reviewed: oneOf(['true', 'false'], 'reviewed is true or false'),
  top: top('top is 1 to 100'),
  cursor: placeCursor('cursor is the next of a page before'),
});

const runsQuery = z.object({
  top: top('top is 1 to 100'),
  cursor: z
    .string()
    .regex(/^\d{1,16}\.\d{1,16}$/, { error: 'cursor is the next of a page before' })
    .optional(),
});

const runId = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/) });

const leaderboardWords = `edition is ${RACE_EDITIONS.join(', ')}; top is 1 to 100`;
const leaderboardQuery = z.object({
  edition: z.enum(RACE_EDITIONS, { error: leaderboardWords }),
  top: top(leaderboardWords),
  cursor: placeCursor('cursor is the next of a page before'),
});

const gameId = z.object({ id: z.string().regex(/^[A-Za-z0-9-]{1,64}$/) });
const playerId = z.object({ id: z.string().regex(/^[\w-]{1,64}$/) });
const puzzleParams = z.object({
  edition: z.enum(['classic', 'extreme']),
  board: z.string().regex(/^[\w-]{1,16}$/),
  side: z.enum(['easy', 'hard']),
  key: z.string().regex(/^[\w-]{1,16}$/),
});

/** Whether the signed-in account has played `day`'s daily attempt to its end (stored, or left). */
async function dayPlayed(stores: Pick<Stores, 'daily'>, me: SignedIn | undefined, day: string): Promise<boolean> {
  return me !== undefined && ((await stores.daily.dailyAttempt(me.account.id, day))?.ms ?? null) !== null;
}

/**
 * The viewer's own standing on an edition's rating board: their place (none when not listed: a
 * guest, or too few rated games), their rating, and the rated games a place still needs.
 */
async function yourPlace(
  stores: Pick<Stores, 'ratings'>,
  edition: RaceEdition,
  viewer: { readonly id: string; readonly username: string | null },
): Promise<NonNullable<LeaderboardAnswer['you']>> {
  const mine = (await stores.ratings.ratingsOf(viewer.id)).find((r) => r.edition === edition);
  const missing = Math.max(0, RATING_BOARD.games - (mine?.games ?? 0));
  const listed = mine !== undefined && viewer.username !== null && missing === 0;
  return {
    place: listed ? 1 + (await stores.ratings.leaderboardAhead(edition, mine)) : null,
    rating: mine ? ratingView(mine) : null,
    missing,
  };
}

/** What the read-only API reads: the server's options, and of its stores those it calls. */
type ApiOptions = Omit<HttpOptions, 'stores'> & {
  readonly stores: Pick<Stores, 'accounts' | 'campaign' | 'daily' | 'games' | 'ratings' | 'reviews' | 'soloRuns'>;
};

/** The read-only API: health, games and replays, records, players, leaderboards, puzzles, decks, this API's own description. */
export function apiRoutes(app: Http, options: ApiOptions): void {
  const { stores, decks, startedAt } = options;
  const solos = stores.soloRuns;
  const index = deckIndexOf(Object.values(decks));

  route(app, 'GET /healthz', {}, () => ({
    status: 'ok',
    protocol: PROTOCOL_VERSION,
    uptimeSeconds: Math.round((monotonicNow() - startedAt) / 1000),
  }));

  route(app, 'GET /api/games/:id', { params: gameId }, async ({ params }) => {
    const game = await stores.games.game(params.id);
    if (!game) throw new Refused(404, `no game ${params.id}`);
    return game;
  });

  route(app, 'GET /api/games/:id/replay', { params: gameId }, async ({ params }) => {
    const replay = await replayOf(stores, decks, params.id);
    if (!replay) throw new Refused(404, `no game ${params.id}`);
    return replay;
  });

  route(app, 'GET /api/records', { querystring: recordsQuery }, async ({ query }) => {
    const { mode, period, limit, side, reviewed, top, cursor } = query;
    const size = top === undefined ? 10 : Number(top);
    const skip = cursor === undefined ? 0 : Number(cursor);
    // One more than the page, to know whether there is a next.
    const records = await solos.records({
      from: 'public',
      mode,
      ...(limit === undefined ? {} : { limit: Number(limit) }),
      ...(side === undefined ? {} : { side }),
      // Each player's best among the results a reviewer approved (docs/accounts.md, "Reviewed results").
      ...(reviewed === 'true' ? { reviewed: true } : {}),
      top: size + 1,
      skip,
      ...(period === undefined || period === 'all' ? {} : { since: Date.now() - PERIODS[period] }),
    });
    return {
      records: records.slice(0, size).map(entryOf),
      next: records.length > size ? String(skip + size) : null,
    };
  });

  route(app, 'GET /api/players/:id/runs', { params: playerId, querystring: runsQuery }, async ({ params, query }) => {
    const { id } = params;
    if (!(await stores.accounts.account(id))) throw new Refused(404, `no player ${id}`);
    const size = query.top === undefined ? 20 : Number(query.top);
    const [at, run] = query.cursor?.split('.').map(Number) ?? [];
    const before = at === undefined || run === undefined ? undefined : { finishedAt: at, id: run };
    // A run held for review, or rejected, is on no public page (docs/accounts.md, "Held results").
    const runs = await solos.soloResultsOf(id, { top: size + 1, review: 'public', ...(before ? { before } : {}) });
    const last = runs[size - 1];
    return {
      runs: runs.slice(0, size).map(ownEntryOf),
      next: runs.length > size && last ? `${last.finishedAt}.${last.id}` : null,
    };
  });

  route(app, 'GET /api/runs/:id', { params: runId }, async ({ params, me }) => {
    const run = await solos.soloRun(Number(params.id));
    // A held or rejected run is on no public page: its owner sees it under review (GET /api/me/held),
    // a reviewer from the review queue (and an operator with `ubongo admin review show`).
    const reviewer = me !== undefined && mayReview(await stores.reviews.standing(me.account.id));
    if (!run || (!isPublicRun(run) && !reviewer)) throw new Refused(404, `no run ${params.id}`);
    // A daily puzzle's run would show the day's solution: it is shown once the day it was played on
    // is over, and before then only to a player whose own attempt of that day is over (both by the
    // daily's clock: daily-day.ts).
    if (run.dealing === 'daily' && !reviewer) {
      const day = await dailyDayOfRun(decks, stores, run);
      if (options.clock.date() < dailyOverAt(day) && !(await dayPlayed(stores, me, day)))
        throw new Refused(403, `run ${params.id} is a daily puzzle’s: it is shown once that day is over`);
    }
    const puzzles = run.puzzles ?? [];
    // The task as dealt, from the deck that has it (a course's may be Extreme's): what plays a trail back.
    const taskOf = (ref: TaskRef) => {
      const deck = Object.values(decks).find((d) => findTask(d, ref));
      return deck ? { task: puzzleOf(deck, ref) } : {};
    };
    return {
      run: ownEntryOf(run),
      puzzles: puzzles.map((p) => ({ ...p, ...taskOf(p) })),
      trails: puzzles.some((p) => p.trail !== undefined),
    };
  });

  route(app, 'GET /api/players/:id', { params: playerId }, async ({ params }) => {
    const profile = await profileOf(stores, options, params.id);
    if (!profile) throw new Refused(404, `no player ${params.id}`);
    return profile;
  });

  route(app, 'GET /api/leaderboard', { querystring: leaderboardQuery }, async ({ query, me }) => {
    const { edition, top, cursor } = query;
    const size = top === undefined ? 20 : Number(top);
    const skip = cursor === undefined ? 0 : Number(cursor);
    const board = await stores.ratings.leaderboard(edition, size + 1, skip);
    return {
      edition,
      players: board.slice(0, size).map((r) => ({
        id: r.accountId,
        name: r.name,
        username: r.username,
        rating: ratingView(r),
        game: r.lastGame,
      })),
      next: board.length > size ? String(skip + size) : null,
      minGames: RATING_BOARD.games,
      you: me ? await yourPlace(stores, edition, me.account) : null,
    };
  });

  route(app, 'GET /api/puzzles/:edition/:board/:side/:key', { params: puzzleParams }, async ({ params }) => {
    const { edition, board, side, key } = params;
    const ref = { board, side, key };
    const task = findTask(decks[edition as DeckEdition], ref);
    if (!task) throw new Refused(404, `no task ${key} on ${edition} board ${board} ${side}`);
    const rated = await stores.ratings.puzzleRating(taskKey(edition, ref));
    const r = rated ?? { ...startOf(task.difficulty), attempts: 0 };
    return {
      task: taskKey(edition, ref),
      difficulty: task.difficulty,
      display: puzzleDisplay(r),
      mu: r.mu,
      sigma: r.sigma,
      attempts: r.attempts,
    };
  });

  route(app, 'GET /api/decks', {}, () => index);

  // Made from the routes' schemas above and elsewhere (@fastify/swagger).
  route(app, 'GET /api/openapi.json', {}, () => app.swagger() as unknown as Readonly<Record<string, unknown>>);
}
