import type { RaceEdition } from '@ubongo/core';
import type { Kysely, RawBuilder, Selectable } from 'kysely';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Named, SeasonResult, Seasons, SeasonStart, SeasonTurn } from '../rating/season-store.js';
import { ESTABLISHED, RANK_SIGMAS } from '../leaderboards.js';
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

/** The seasons of a SQL database (`seasons`, `season_results`, over `ratings` and `rating_history`), for SQLite and PostgreSQL alike. */
export class KyselySeasons implements Seasons {
  constructor(private readonly db: Kysely<Tables>) {}

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
