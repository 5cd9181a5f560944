import type { RaceEdition } from '@ubongo/core';
import type { Kysely, RawBuilder, Selectable } from 'kysely';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Named, SeasonResult, Seasons, SeasonStanding, SeasonStart, SeasonTurn } from '../rating/season-store.js';
import { RANK_SIGMAS, RATING_BOARD } from '../leaderboards.js';
import { namedRow, ratingOf } from './kysely-ratings.js';
import { rows as parsers } from './rows.js';
import { parseStored } from './schemas.js';
import type { Tables } from './tables.js';

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

/** An account's rated games of the ratings row's edition from `from` to `to` (a subquery beside `ratings`). */
const seasonGames = (from: number, to: number): RawBuilder<number | string> =>
  sql<number | string>`(select count(*) from rating_history h
    where h.account_id = ratings.account_id and h.edition = ratings.edition and h.at >= ${from} and h.at < ${to})`;

/** The seasons of a SQL database (`seasons`, `season_results`, over `ratings` and `rating_history`), for SQLite and PostgreSQL alike. */
export class KyselySeasons implements Seasons {
  constructor(private readonly db: Kysely<Tables>) {}

  /**
   * The board's players of an edition (claimed, with `RATING_BOARD.games` rated games from `from` to
   * `to`), best first, with those games counted.
   */
  async #seasonPlayers(db: Kysely<Tables>, edition: RaceEdition, from: number, to: number, top: number, skip: number) {
    const rows = await this.#listed(db, edition, from, to)
      .select(['ratings.account_id', 'ratings.mu', 'ratings.sigma', 'accounts.name', 'accounts.username'])
      .select(seasonGames(from, to).as('games'))
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

  /** The ratings of an edition's board from `from` to `to`: claimed accounts with `RATING_BOARD.games` rated games then. */
  #listed(db: Kysely<Tables>, edition: RaceEdition, from: number, to: number) {
    return db
      .selectFrom('ratings')
      .innerJoin('accounts', 'accounts.id', 'ratings.account_id')
      .where('ratings.edition', '=', edition)
      .where('accounts.username', 'is not', null)
      .where(seasonGames(from, to), '>=', RATING_BOARD.games);
  }

  async seasonStanding(edition: RaceEdition, since: number, accountId: string): Promise<SeasonStanding> {
    const mine = await this.#listed(this.db, edition, since, Number.MAX_SAFE_INTEGER)
      .select(['ratings.mu', 'ratings.sigma'])
      .where('ratings.account_id', '=', accountId)
      .executeTakeFirst();
    const played = await this.db
      .selectFrom('rating_history')
      .select((eb) => eb.fn.countAll().as('games'))
      .where('account_id', '=', accountId)
      .where('edition', '=', edition)
      .where('at', '>=', since)
      .executeTakeFirst();
    const games = Number(played?.games ?? 0);
    if (!mine) return { games, place: null };
    const rank = mine.mu - RANK_SIGMAS * mine.sigma;
    const ahead = await this.#listed(this.db, edition, since, Number.MAX_SAFE_INTEGER)
      .select((eb) => eb.fn.countAll().as('ahead'))
      .where((eb) =>
        eb.or([
          eb(sql`mu - ${sql.lit(RANK_SIGMAS)} * sigma`, '>', rank),
          eb.and([eb(sql`mu - ${sql.lit(RANK_SIGMAS)} * sigma`, '=', rank), eb('ratings.account_id', '<', accountId)]),
        ]),
      )
      .executeTakeFirst();
    return { games, place: 1 + Number(ahead?.ahead ?? 0) };
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
