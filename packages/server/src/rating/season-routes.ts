import type { RaceEdition, SeasonBoardAnswer, SeasonView } from '@ubongo/core';
import { RACE_EDITIONS } from '@ubongo/core';
import { z } from 'zod';
import type { Http } from '../http/http-common.js';
import { Refused } from '../http/http-common.js';
import { RATING_BOARD } from '../leaderboards.js';
import { displayOf } from './ratings.js';
import type { SeasonKeeper } from './seasons.js';
import { seasonById } from './seasons.js';
import type { Stores } from '../storage/stores.js';
import { route } from '../http/route.js';

/*
 * Seasons over HTTP (docs/accounts.md, "Seasons"): which season is under way and which are past,
 * a season's board per edition (the one under way live, a past one as it ended), a player's past
 * seasons. Each read takes the season's turn first if it is due.
 */

const boardWords = `edition is ${RACE_EDITIONS.join(', ')}; top is 1 to 100`;
const boardQuery = z.object({
  edition: z.enum(RACE_EDITIONS, { error: boardWords }),
  top: z
    .string()
    .regex(/^([1-9]|[1-9]\d|100)$/, { error: boardWords })
    .optional(),
  cursor: z
    .string()
    .regex(/^(0|[1-9]\d{0,5})$/, { error: 'cursor is the next of a page before' })
    .optional(),
});
const seasonParams = z.object({ id: z.string().regex(/^\d{4}-\d{2}$/) });
const playerId = z.object({ id: z.string().regex(/^[\w-]{1,64}$/) });

/** The season routes, over the server's seasons (`seasons`). */
export function seasonRoutes(
  app: Http,
  options: { readonly stores: Pick<Stores, 'accounts' | 'seasons'> },
  seasons: SeasonKeeper,
): void {
  const { stores } = options;
  // The viewer's standing on the board under way: a guest has none (boards list claimed accounts).
  const standingNow = async (
    viewer: { readonly id: string; readonly username: string | null },
    edition: RaceEdition,
    since: number,
  ): Promise<NonNullable<SeasonBoardAnswer['you']>> => {
    const { games, place } = await stores.seasons.seasonStanding(edition, since, viewer.id);
    return { place: viewer.username === null ? null : place, games, missing: Math.max(0, RATING_BOARD.games - games) };
  };
  // On a past season's board, as it ended.
  const standingThen = async (
    accountId: string,
    season: string,
    edition: RaceEdition,
  ): Promise<NonNullable<SeasonBoardAnswer['you']>> => {
    const mine = (await stores.seasons.playerSeasons(accountId)).find(
      (r) => r.season === season && r.edition === edition,
    );
    return { place: mine?.place ?? null, games: mine?.games ?? 0, missing: 0 };
  };

  route(app, 'GET /api/seasons', {}, async () => {
    const current = await seasons.current();
    return { current, past: await seasons.past() };
  });

  route(
    app,
    'GET /api/seasons/:id/board',
    { params: seasonParams, querystring: boardQuery },
    async ({ params, query, me }) => {
      const { edition, top, cursor } = query;
      const size = top === undefined ? 20 : Number(top);
      const skip = cursor === undefined ? 0 : Number(cursor);
      const current = await seasons.current();
      const id = params.id;
      if (id === current.id) {
        const board = await stores.seasons.seasonBoard(edition, current.startsAt, size + 1, skip);
        return {
          season: current,
          edition,
          final: false,
          players: board.slice(0, size).map((p, i) => ({
            place: skip + i + 1,
            id: p.accountId,
            name: p.name,
            username: p.username,
            rating: displayOf(p),
            games: p.games,
          })),
          next: board.length > size ? String(skip + size) : null,
          minGames: RATING_BOARD.games,
          you: me ? await standingNow(me.account, edition, current.startsAt) : null,
        } satisfies SeasonBoardAnswer;
      }
      const season: SeasonView | undefined = (await seasons.past()).find((s) => s.id === id);
      if (!season)
        throw new Refused(
          404,
          seasonById(id, seasons.months) && id > current.id
            ? `season ${id} has not begun`
            : `no season ${id}; the one under way is ${current.id}`,
        );
      const board = await stores.seasons.seasonResults(id, edition, size + 1, skip);
      return {
        season,
        edition,
        final: true,
        players: board.slice(0, size).map((p) => ({
          place: p.place,
          id: p.accountId,
          name: p.name,
          username: p.username,
          rating: p.rating,
          games: p.games,
        })),
        next: board.length > size ? String(skip + size) : null,
        minGames: RATING_BOARD.games,
        you: me ? await standingThen(me.account.id, id, edition) : null,
      } satisfies SeasonBoardAnswer;
    },
  );

  route(app, 'GET /api/players/:id/seasons', { params: playerId }, async ({ params }) => {
    const { id } = params;
    if (!(await stores.accounts.account(id))) throw new Refused(404, `no player ${id}`);
    await seasons.current();
    const past = new Map((await seasons.past()).map((s) => [s.id, s]));
    const results = await stores.seasons.playerSeasons(id);
    return {
      seasons: results.flatMap((r) => {
        const season = past.get(r.season);
        return season
          ? [{ season, edition: r.edition, rating: r.rating, place: r.place, of: r.of, games: r.games }]
          : [];
      }),
    };
  });
}
