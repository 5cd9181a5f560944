import type { DeckEdition, RaceEdition } from '@ubongo/core';
import type { Kysely, RawBuilder } from 'kysely';
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
import { RANK_SIGMAS, RATING_BOARD } from '../leaderboards.js';
import {
  countAttempts,
  puzzleRatingOf,
  puzzleRow,
  solverRatingOf,
  solverRow,
  solverTimeOf,
  taskTimeOf,
  timedAttemptOf,
} from './kysely-attempts.js';
import { rows as parsers } from './rows.js';
import { parseStored } from './schemas.js';
import type { Tables } from './tables.js';

export const ratingOf = (raw: Tables['ratings']): PlayerRating => {
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

const historyRow = parsers.ratingHistory.pick({ game_id: true, mu: true, sigma: true, at: true });
const recordRow = z.object({ games: z.number().int(), first_at: z.number().nullable(), opponents: z.number().int() });
const playedRow = parsers.ratingHistory.pick({ game_id: true, at: true, place: true });
const otherRow = parsers.ratingHistory.pick({ game_id: true, account_id: true, place: true });
const firstRow = z.object({ account_id: z.string(), first_at: z.number() });
/** A leaderboard's row: a rating and its account's names. */
export const namedRow = z.object({ name: z.string(), username: z.string().nullable() });

/** The ratings of a SQL database (players', their history, puzzles', solvers', first attempts), for SQLite and PostgreSQL alike. */
export class KyselyRatings implements Ratings {
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

  countAttempts(attempts: readonly Attempt[], rate: RateAttempt): Promise<boolean[]> {
    return countAttempts(this.db, attempts, rate);
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

  /** The edition's public board (claimed accounts with `RATING_BOARD` rated games), unordered. */
  #board(edition: RaceEdition) {
    const history = (what: RawBuilder<unknown>) =>
      sql<number | string>`(select ${what} from rating_history h
        where h.account_id = ratings.account_id and h.edition = ratings.edition)`;
    return this.db
      .selectFrom('ratings')
      .innerJoin('accounts', 'accounts.id', 'ratings.account_id')
      .where('ratings.edition', '=', edition)
      .where('accounts.username', 'is not', null)
      .where(history(sql`count(*)`), '>=', RATING_BOARD.games);
  }

  async leaderboard(
    edition: RaceEdition,
    top: number,
    skip = 0,
  ): Promise<(PlayerRating & { name: string; username: string | null; lastGame: string | null })[]> {
    const rows = await this.#board(edition)
      .selectAll('ratings')
      .select(['accounts.name', 'accounts.username'])
      .select(
        sql<string | null>`(select h.game_id from rating_history h
          where h.account_id = ratings.account_id and h.edition = ratings.edition
          order by h.at desc, h.game_id desc limit 1)`.as('last_game'),
      )
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

  async leaderboardAhead(
    edition: RaceEdition,
    rating: Pick<PlayerRating, 'accountId' | 'mu' | 'sigma'>,
  ): Promise<number> {
    const rank = sql`mu - ${sql.lit(RANK_SIGMAS)} * sigma`;
    const mine = rating.mu - RANK_SIGMAS * rating.sigma;
    const row = await this.#board(edition)
      .select(sql<number | string>`count(*)`.as('ahead'))
      .where((eb) =>
        eb.or([eb(rank, '>', mine), eb.and([eb(rank, '=', mine), eb('ratings.account_id', '<', rating.accountId)])]),
      )
      .executeTakeFirstOrThrow();
    return Number(row.ahead);
  }
}
