import type { DeckEdition, RaceEdition } from '@ubongo/core';
import type { Kysely, RawBuilder, Selectable } from 'kysely';
import { sql } from 'kysely';
import { z } from 'zod';
import type {
  Attempt,
  PlayerRating,
  PuzzleRating,
  RatedGame,
  RatedRecord,
  RateAttempt,
  Ratings,
  SolverRating,
  SolverTime,
  TaskTime,
  TimedAttemptRecord,
} from '../rating/store.js';
import type { Named, SeasonResult, Seasons, SeasonStart, SeasonTurn } from '../rating/season-store.js';
import { ESTABLISHED, RANK_SIGMAS } from '../leaderboards.js';
import { playAttempts, playTimes, solverKey } from './attempts.js';
import { rows as parsers } from './rows.js';
import { parseStored } from './schemas.js';
import type { Tables } from './tables.js';

const ratingOf = (raw: Tables['ratings']): PlayerRating => {
  const row = parseStored(parsers.ratings, raw, `ratings (account ${raw.account_id}, edition ${raw.edition})`);
  return {
    accountId: row.account_id,
    edition: row.edition,
    mu: row.mu,
    sigma: row.sigma,
    games: row.games,
    updatedAt: row.updated_at,
  };
};

const puzzleRatingOf = (raw: Selectable<Tables['puzzle_ratings']>): PuzzleRating => {
  const row = parseStored(parsers.puzzleRatings, raw, `puzzle_ratings (task ${raw.task})`);
  return { task: row.task, mu: row.mu, sigma: row.sigma, attempts: row.attempts, updatedAt: row.updated_at };
};

const historyRow = parsers.ratingHistory.pick({ game_id: true, mu: true, sigma: true, at: true });
const recordRow = z.object({ games: z.number().int(), first_at: z.number().nullable(), opponents: z.number().int() });
const playedRow = parsers.ratingHistory.pick({ game_id: true, at: true, place: true });
const otherRow = parsers.ratingHistory.pick({ game_id: true, account_id: true, place: true });
const firstRow = z.object({ account_id: z.string(), first_at: z.number() });
/** A leaderboard's row: a rating and its account's names. */
const namedRow = z.object({ name: z.string(), username: z.string().nullable() });

/** A season's board row: the rating, the account's names, the games of the season. */
const seasonRow = z.object({
  account_id: z.string(),
  mu: z.number(),
  sigma: z.number(),
  name: z.string(),
  username: z.string().nullable(),
  games: z.coerce.number().int(),
});

const seasonResultOf = (raw: Selectable<Tables['season_results']>): SeasonResult => {
  const where = `season_results (season ${raw.season}, edition ${raw.edition}, account ${raw.account_id})`;
  const row = parseStored(parsers.seasonResults, raw, where);
  return {
    season: row.season,
    edition: row.edition,
    accountId: row.account_id,
    place: row.place,
    mu: row.mu,
    sigma: row.sigma,
    rating: row.rating,
    games: row.games,
  };
};

const puzzleRow = (r: PuzzleRating): Tables['puzzle_ratings'] => ({
  task: r.task,
  mu: r.mu,
  sigma: r.sigma,
  attempts: r.attempts,
  updated_at: r.updatedAt,
});

const solverRatingOf = (raw: Selectable<Tables['solver_ratings']>): SolverRating => {
  const where = `solver_ratings (account ${raw.account_id}, edition ${raw.edition})`;
  const row = parseStored(parsers.solverRatings, raw, where);
  return {
    accountId: row.account_id,
    edition: row.edition,
    mu: row.mu,
    sigma: row.sigma,
    attempts: row.attempts,
    updatedAt: row.updated_at,
  };
};

const taskTimeOf = (raw: Selectable<Tables['task_times']>): TaskTime => {
  const row = parseStored(parsers.taskTimes, raw, `task_times (task ${raw.task})`);
  return { task: row.task, mean: row.mean, variance: row.variance, attempts: row.attempts, updatedAt: row.updated_at };
};

const taskTimeRow = (t: TaskTime): Tables['task_times'] => ({
  task: t.task,
  mean: t.mean,
  variance: t.variance,
  attempts: t.attempts,
  updated_at: t.updatedAt,
});

const solverTimeOf = (raw: Selectable<Tables['solver_times']>): SolverTime => {
  const row = parseStored(parsers.solverTimes, raw, `solver_times (account ${raw.account_id}, edition ${raw.edition})`);
  return {
    accountId: row.account_id,
    edition: row.edition,
    mean: row.mean,
    variance: row.variance,
    attempts: row.attempts,
    updatedAt: row.updated_at,
  };
};

const solverTimeRow = (t: SolverTime): Tables['solver_times'] => ({
  account_id: t.accountId,
  edition: t.edition,
  mean: t.mean,
  variance: t.variance,
  attempts: t.attempts,
  updated_at: t.updatedAt,
});

const timedAttemptOf = (raw: Selectable<Tables['timed_attempts']>): TimedAttemptRecord => {
  const row = parseStored(parsers.timedAttempts, raw, `timed_attempts (account ${raw.account_id}, task ${raw.task})`);
  return { accountId: row.account_id, task: row.task, ms: row.ms, solved: row.solved === 1, at: row.at };
};

/** The first item of each key, by key (the order every store takes its locks in). */
const byKey = <T>(items: readonly T[], key: (item: T) => string): T[] =>
  [...new Map([...items].reverse().map((item) => [key(item), item])).entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, item]) => item);

const solverRow = (r: SolverRating): Tables['solver_ratings'] => ({
  account_id: r.accountId,
  edition: r.edition,
  mu: r.mu,
  sigma: r.sigma,
  attempts: r.attempts,
  updated_at: r.updatedAt,
});

/** The ratings of a SQL database (players', their history, puzzles', solvers', first attempts), for SQLite and PostgreSQL alike. */
export class KyselyRatings implements Ratings, Seasons {
  constructor(private readonly db: Kysely<Tables>) {}

  async ratingsOf(accountId: string): Promise<PlayerRating[]> {
    const rows = await this.db
      .selectFrom('ratings')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('edition')
      .execute();
    return rows.map(ratingOf);
  }

  async saveRatings(gameId: string, ratings: readonly (PlayerRating & { readonly place?: number })[]): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      for (const r of ratings) {
        const row = {
          account_id: r.accountId,
          edition: r.edition,
          mu: r.mu,
          sigma: r.sigma,
          games: r.games,
          updated_at: r.updatedAt,
        };
        await tx
          .insertInto('ratings')
          .values(row)
          .onConflict((oc) => oc.columns(['account_id', 'edition']).doUpdateSet(row))
          .execute();
        await tx
          .insertInto('rating_history')
          .values({
            account_id: r.accountId,
            edition: r.edition,
            game_id: gameId,
            mu: r.mu,
            sigma: r.sigma,
            at: r.updatedAt,
            place: r.place ?? null,
          })
          .onConflict((oc) => oc.columns(['account_id', 'edition', 'game_id']).doNothing())
          .execute();
      }
    });
  }

  async ratingHistory(
    accountId: string,
    edition: RaceEdition,
  ): Promise<{ gameId: string; mu: number; sigma: number; at: number }[]> {
    const rows = await this.db
      .selectFrom('rating_history')
      .select(['game_id', 'mu', 'sigma', 'at'])
      .where('account_id', '=', accountId)
      .where('edition', '=', edition)
      .orderBy('at')
      .orderBy('game_id')
      .execute();
    return rows.map((raw) => {
      const where = `rating_history (account ${accountId}, edition ${edition}, game ${raw.game_id})`;
      const r = parseStored(historyRow, raw, where);
      return { gameId: r.game_id, mu: r.mu, sigma: r.sigma, at: r.at };
    });
  }

  async ratedRecord(accountId: string, edition: RaceEdition): Promise<RatedRecord> {
    const raw = await this.db
      .selectFrom('rating_history as h')
      .select((eb) => [
        sql<number>`count(*)`.as('games'),
        eb.fn.min('h.at').as('first_at'),
        eb
          .selectFrom('rating_history as o')
          .innerJoin('rating_history as m', (j) =>
            j.onRef('m.game_id', '=', 'o.game_id').onRef('m.edition', '=', 'o.edition'),
          )
          .where('m.account_id', '=', accountId)
          .where('m.edition', '=', edition)
          .where('o.account_id', '<>', accountId)
          .select(sql<number>`count(distinct o.account_id)`.as('n'))
          .as('opponents'),
      ])
      .where('h.account_id', '=', accountId)
      .where('h.edition', '=', edition)
      .executeTakeFirstOrThrow();
    const row = parseStored(recordRow, raw, `rating_history (account ${accountId}, edition ${edition})`);
    return { games: row.games, firstAt: row.first_at, opponents: row.opponents };
  }

  async ratedGames(accountId: string, edition: RaceEdition, since: number): Promise<RatedGame[]> {
    const mine = (
      await this.db
        .selectFrom('rating_history')
        .select(['game_id', 'at', 'place'])
        .where('account_id', '=', accountId)
        .where('edition', '=', edition)
        .where('at', '>=', since)
        .orderBy('at')
        .orderBy('game_id')
        .execute()
    ).map((raw) => parseStored(playedRow, raw, `rating_history (account ${accountId}, game ${raw.game_id})`));
    if (mine.length === 0) return [];
    const others = (
      await this.db
        .selectFrom('rating_history as h')
        .innerJoin('rating_history as o', (j) =>
          j.onRef('o.game_id', '=', 'h.game_id').onRef('o.edition', '=', 'h.edition'),
        )
        .select(['o.game_id', 'o.account_id', 'o.place'])
        .where('h.account_id', '=', accountId)
        .where('h.edition', '=', edition)
        .where('h.at', '>=', since)
        .where('o.account_id', '<>', accountId)
        .orderBy('o.account_id')
        .execute()
    ).map((raw) => parseStored(otherRow, raw, `rating_history (account ${raw.account_id}, game ${raw.game_id})`));
    // Each other account's first rated game, once per account (in slices: a query's parameters are few).
    const firsts = new Map<string, number>();
    const accounts = [...new Set(others.map((o) => o.account_id))];
    for (let i = 0; i < accounts.length; i += 500) {
      const rows = await this.db
        .selectFrom('rating_history')
        .select((eb) => ['account_id', eb.fn.min('at').as('first_at')])
        .where('edition', '=', edition)
        .where('account_id', 'in', accounts.slice(i, i + 500))
        .groupBy('account_id')
        .execute();
      for (const raw of rows) {
        const row = parseStored(firstRow, raw, `rating_history (account ${raw.account_id}, edition ${edition})`);
        firsts.set(row.account_id, row.first_at);
      }
    }
    const byGame = new Map<string, RatedGame['others'][number][]>();
    for (const o of others) {
      const list = byGame.get(o.game_id) ?? [];
      list.push({ accountId: o.account_id, place: o.place, firstAt: firsts.get(o.account_id) ?? 0 });
      byGame.set(o.game_id, list);
    }
    return mine.map((g) => ({ gameId: g.game_id, at: g.at, place: g.place, others: byGame.get(g.game_id) ?? [] }));
  }

  async countAttempts(attempts: readonly Attempt[], rate: RateAttempt): Promise<boolean[]> {
    if (attempts.length === 0) return [];
    // Every store takes its locks in one order (first attempts, then tasks, then solvers, then the
    // time model's tasks and solvers, each by key), so two processes counting at once wait for each
    // other rather than deadlock.
    const pairKey = (a: Attempt): string => `${a.accountId}\n${a.task}`;
    return this.db.transaction().execute(async (tx) => {
      const noted = await tx
        .insertInto('first_attempts')
        .values(byKey(attempts, pairKey).map((a) => ({ account_id: a.accountId, task: a.task, at: a.at })))
        .onConflict((oc) => oc.columns(['account_id', 'task']).doNothing())
        .returning(['account_id', 'task'])
        .execute();
      const firsts = new Set(noted.map((r) => `${r.account_id}\n${r.task}`));
      // An attempt counts if it noted its pair, and only the first of a pair given twice.
      const counted = attempts.map((a) => firsts.delete(pairKey(a)));
      const rated = attempts.filter((_, i) => counted[i]);
      if (rated.length === 0) return counted;
      // Each first attempt's time, for the batch fit (its pair is new: noted just now).
      await tx
        .insertInto('timed_attempts')
        .values(
          rated.map((a) => ({
            account_id: a.accountId,
            task: a.task,
            ms: Math.round(a.ms),
            solved: a.solved ? 1 : 0,
            at: a.at,
          })),
        )
        .onConflict((oc) => oc.columns(['account_id', 'task']).doNothing())
        .execute();
      // Each rating is read through an update that changes nothing (a missing one written as it
      // starts), which locks its row until this transaction ends.
      const tasks = await tx
        .insertInto('puzzle_ratings')
        .values(byKey(rated, (a) => a.task).map((a) => ({ task: a.task, ...a.start, attempts: 0, updated_at: a.at })))
        .onConflict((oc) => oc.column('task').doUpdateSet((eb) => ({ task: eb.ref('excluded.task') })))
        .returningAll()
        .execute();
      const solvers = await tx
        .insertInto('solver_ratings')
        .values(
          byKey(rated, solverKey).map((a) => ({
            account_id: a.accountId,
            edition: a.edition,
            ...a.fresh,
            attempts: 0,
            updated_at: a.at,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['account_id', 'edition']).doUpdateSet((eb) => ({ account_id: eb.ref('excluded.account_id') })),
        )
        .returningAll()
        .execute();
      const moved = playAttempts(
        attempts,
        counted,
        new Map(tasks.map((row) => [row.task, puzzleRatingOf(row)])),
        new Map(
          solvers.map((row) => [solverKey({ accountId: row.account_id, edition: row.edition }), solverRatingOf(row)]),
        ),
        rate,
      );
      await tx
        .insertInto('puzzle_ratings')
        .values(moved.puzzles.map(puzzleRow))
        .onConflict((oc) =>
          oc.column('task').doUpdateSet((eb) => ({
            mu: eb.ref('excluded.mu'),
            sigma: eb.ref('excluded.sigma'),
            attempts: eb.ref('excluded.attempts'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
      await tx
        .insertInto('solver_ratings')
        .values(moved.solvers.map(solverRow))
        .onConflict((oc) =>
          oc.columns(['account_id', 'edition']).doUpdateSet((eb) => ({
            mu: eb.ref('excluded.mu'),
            sigma: eb.ref('excluded.sigma'),
            attempts: eb.ref('excluded.attempts'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
      await this.#playTimes(tx, attempts, counted, rated);
      return counted;
    });
  }

  /**
   * The time model's beliefs moved by the counted attempts, in the same transaction and the same
   * way as the ratings: each read through an update that changes nothing (locked until the end),
   * after the ratings, by key.
   */
  async #playTimes(
    tx: Kysely<Tables>,
    attempts: readonly Attempt[],
    counted: readonly boolean[],
    rated: readonly Attempt[],
  ): Promise<void> {
    const tasks = await tx
      .insertInto('task_times')
      .values(
        byKey(rated, (a) => a.task).map((a) => ({ task: a.task, ...a.prior.task, attempts: 0, updated_at: a.at })),
      )
      .onConflict((oc) => oc.column('task').doUpdateSet((eb) => ({ task: eb.ref('excluded.task') })))
      .returningAll()
      .execute();
    const solvers = await tx
      .insertInto('solver_times')
      .values(
        byKey(rated, solverKey).map((a) => ({
          account_id: a.accountId,
          edition: a.edition,
          ...a.prior.solver,
          attempts: 0,
          updated_at: a.at,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['account_id', 'edition']).doUpdateSet((eb) => ({ account_id: eb.ref('excluded.account_id') })),
      )
      .returningAll()
      .execute();
    const moved = playTimes(
      attempts,
      counted,
      new Map(tasks.map((row) => [row.task, taskTimeOf(row)])),
      new Map(
        solvers.map((row) => [solverKey({ accountId: row.account_id, edition: row.edition }), solverTimeOf(row)]),
      ),
    );
    await tx
      .insertInto('task_times')
      .values(moved.tasks.map(taskTimeRow))
      .onConflict((oc) =>
        oc.column('task').doUpdateSet((eb) => ({
          mean: eb.ref('excluded.mean'),
          variance: eb.ref('excluded.variance'),
          attempts: eb.ref('excluded.attempts'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
    await tx
      .insertInto('solver_times')
      .values(moved.solvers.map(solverTimeRow))
      .onConflict((oc) =>
        oc.columns(['account_id', 'edition']).doUpdateSet((eb) => ({
          mean: eb.ref('excluded.mean'),
          variance: eb.ref('excluded.variance'),
          attempts: eb.ref('excluded.attempts'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }

  async puzzleRating(task: string): Promise<PuzzleRating | undefined> {
    const row = await this.db.selectFrom('puzzle_ratings').selectAll().where('task', '=', task).executeTakeFirst();
    return row && puzzleRatingOf(row);
  }

  async savePuzzleRating(r: PuzzleRating): Promise<void> {
    const row = puzzleRow(r);
    await this.db
      .insertInto('puzzle_ratings')
      .values(row)
      .onConflict((oc) => oc.column('task').doUpdateSet(row))
      .execute();
  }

  async puzzleRatings(prefix: string): Promise<PuzzleRating[]> {
    const rows = await this.db
      .selectFrom('puzzle_ratings')
      .selectAll()
      .where('task', '>=', prefix)
      .where('task', '<', `${prefix}\uffff`)
      .orderBy('task')
      .execute();
    return rows.map(puzzleRatingOf);
  }

  async solverRating(accountId: string, edition: DeckEdition): Promise<SolverRating | undefined> {
    const row = await this.db
      .selectFrom('solver_ratings')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('edition', '=', edition)
      .executeTakeFirst();
    return row && solverRatingOf(row);
  }

  async saveSolverRating(r: SolverRating): Promise<void> {
    const row = solverRow(r);
    await this.db
      .insertInto('solver_ratings')
      .values(row)
      .onConflict((oc) => oc.columns(['account_id', 'edition']).doUpdateSet(row))
      .execute();
  }

  async taskTimes(prefix: string): Promise<TaskTime[]> {
    const rows = await this.db
      .selectFrom('task_times')
      .selectAll()
      .where('task', '>=', prefix)
      .where('task', '<', `${prefix}\uffff`)
      .orderBy('task')
      .execute();
    return rows.map(taskTimeOf);
  }

  async solverTime(accountId: string, edition: DeckEdition): Promise<SolverTime | undefined> {
    const row = await this.db
      .selectFrom('solver_times')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('edition', '=', edition)
      .executeTakeFirst();
    return row && solverTimeOf(row);
  }

  async timedAttempts(prefix: string): Promise<TimedAttemptRecord[]> {
    const rows = await this.db
      .selectFrom('timed_attempts')
      .selectAll()
      .where('task', '>=', prefix)
      .where('task', '<', `${prefix}\uffff`)
      .orderBy('at')
      .orderBy('account_id')
      .orderBy('task')
      .execute();
    return rows.map(timedAttemptOf);
  }

  async leaderboard(
    edition: RaceEdition,
    top: number,
    skip = 0,
  ): Promise<(PlayerRating & { name: string; username: string | null; lastGame: string | null })[]> {
    // A public board: claimed accounts with a history of rated games (leaderboards.ts's `ESTABLISHED`).
    const history = (what: RawBuilder<unknown>) =>
      sql<number | string>`(select ${what} from rating_history h
        where h.account_id = ratings.account_id and h.edition = ratings.edition)`;
    const rows = await this.db
      .selectFrom('ratings')
      .innerJoin('accounts', 'accounts.id', 'ratings.account_id')
      .selectAll('ratings')
      .select(['accounts.name', 'accounts.username'])
      .select(
        sql<string | null>`(select h.game_id from rating_history h
          where h.account_id = ratings.account_id and h.edition = ratings.edition
          order by h.at desc, h.game_id desc limit 1)`.as('last_game'),
      )
      .where('ratings.edition', '=', edition)
      .where('accounts.username', 'is not', null)
      .where(history(sql`count(*)`), '>=', ESTABLISHED.runs)
      .where(history(sql`count(distinct h.at / 86400000)`), '>=', ESTABLISHED.days)
      .orderBy(sql`mu - ${sql.lit(RANK_SIGMAS)} * sigma`, 'desc')
      .orderBy('ratings.account_id')
      .limit(top)
      .offset(skip)
      .execute();
    return rows.map((r) => ({
      ...ratingOf(r),
      ...parseStored(namedRow, { name: r.name, username: r.username }, `accounts (id ${r.account_id})`),
      lastGame: r.last_game,
    }));
  }

  /**
   * The public board's players of an edition (claimed, with a history of rated games before `to`)
   * who played a rated game from `from` to `to`, best first, with those games counted.
   */
  async #seasonPlayers(db: Kysely<Tables>, edition: RaceEdition, from: number, to: number, top: number, skip: number) {
    const history = (what: RawBuilder<unknown>) =>
      sql<number | string>`(select ${what} from rating_history h
        where h.account_id = ratings.account_id and h.edition = ratings.edition and h.at < ${to})`;
    const rows = await db
      .selectFrom('ratings')
      .innerJoin('accounts', 'accounts.id', 'ratings.account_id')
      .select(['ratings.account_id', 'ratings.mu', 'ratings.sigma', 'accounts.name', 'accounts.username'])
      .select(history(sql`count(*) filter (where h.at >= ${from})`).as('games'))
      .where('ratings.edition', '=', edition)
      .where('accounts.username', 'is not', null)
      .where(history(sql`count(*) filter (where h.at >= ${from})`), '>', 0)
      .where(history(sql`count(*)`), '>=', ESTABLISHED.runs)
      .where(history(sql`count(distinct h.at / 86400000)`), '>=', ESTABLISHED.days)
      .orderBy(sql`mu - ${sql.lit(RANK_SIGMAS)} * sigma`, 'desc')
      .orderBy('ratings.account_id')
      .limit(top)
      .offset(skip)
      .execute();
    return rows.map((r) => {
      const row = parseStored(seasonRow, r, `ratings (account ${r.account_id}, edition ${edition})`);
      return {
        accountId: row.account_id,
        mu: row.mu,
        sigma: row.sigma,
        name: row.name,
        username: row.username,
        games: row.games,
      };
    });
  }

  async turnSeason(turn: SeasonTurn): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const taken = await tx
        .insertInto('seasons')
        .values({ id: turn.id, starts_at: turn.startsAt, turned_at: turn.at })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .execute();
      if (taken.length === 0) return false;
      const { ending } = turn;
      const ratings = (await tx.selectFrom('ratings').selectAll().execute()).map(ratingOf);
      if (ending)
        for (const edition of new Set(ratings.map((r) => r.edition))) {
          const board = await this.#seasonPlayers(tx, edition, ending.startsAt, turn.startsAt, 1_000_000, 0);
          for (const [i, p] of board.entries())
            await tx
              .insertInto('season_results')
              .values({
                season: ending.id,
                edition,
                account_id: p.accountId,
                place: i + 1,
                mu: p.mu,
                sigma: p.sigma,
                rating: turn.shown(p),
                games: p.games,
              })
              .execute();
        }
      for (const r of ratings)
        await tx
          .updateTable('ratings')
          .set({ sigma: turn.widen(r.sigma) })
          .where('account_id', '=', r.accountId)
          .where('edition', '=', r.edition)
          .execute();
      return true;
    });
  }

  async seasonsTurned(): Promise<SeasonStart[]> {
    const rows = await this.db.selectFrom('seasons').selectAll().orderBy('starts_at', 'desc').execute();
    return rows.map((raw) => {
      const row = parseStored(parsers.seasons, raw, `seasons (id ${raw.id})`);
      return { id: row.id, startsAt: row.starts_at };
    });
  }

  seasonBoard(
    edition: RaceEdition,
    since: number,
    top: number,
    skip = 0,
  ): Promise<(Named & { accountId: string; mu: number; sigma: number; games: number })[]> {
    return this.#seasonPlayers(this.db, edition, since, Number.MAX_SAFE_INTEGER, top, skip);
  }

  async seasonResults(season: string, edition: RaceEdition, top: number, skip = 0): Promise<(SeasonResult & Named)[]> {
    const rows = await this.db
      .selectFrom('season_results')
      .innerJoin('accounts', 'accounts.id', 'season_results.account_id')
      .selectAll('season_results')
      .select(['accounts.name', 'accounts.username'])
      .where('season', '=', season)
      .where('edition', '=', edition)
      .orderBy('place')
      .limit(top)
      .offset(skip)
      .execute();
    return rows.map(({ name, username, ...r }) => ({
      ...seasonResultOf(r),
      ...parseStored(namedRow, { name, username }, `accounts (id ${r.account_id})`),
    }));
  }

  async playerSeasons(accountId: string): Promise<(SeasonResult & { of: number })[]> {
    const rows = await this.db
      .selectFrom('season_results as r')
      .selectAll('r')
      .select(
        sql<
          number | string
        >`(select count(*) from season_results o where o.season = r.season and o.edition = r.edition)`.as('board'),
      )
      .where('r.account_id', '=', accountId)
      .orderBy('r.season', 'desc')
      .orderBy('r.edition')
      .execute();
    return rows.map(({ board, ...r }) => ({ ...seasonResultOf(r), of: Number(board) }));
  }
}
