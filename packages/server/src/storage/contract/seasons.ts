import { describe, expect, it } from 'vitest';
import type { Opener } from './fixtures.js';

/** What every `Seasons` must do: a season's turn once, the ending season's board kept, every uncertainty widened; boards and a player's seasons. */

const DAY = 86_400_000;
const SEASON_TWO = 100 * DAY;

export function seasonsContract(name: string, open: Opener<'accounts' | 'games' | 'ratings' | 'seasons'>): void {
  describe(`${name}: seasons`, () => {
    it('takes a season’s turn once, keeps the ending season’s board and widens every rating', async () => {
      const stores = await open();
      const account = { id: 'a1', secretHash: 'ab', name: 'Ana', username: null, passwordHash: null, createdAt: 1 };
      for (const [id, who] of [
        ['a1', 'ana'],
        ['a2', 'ben'],
        ['a3', 'cy'],
        ['a4', 'dee'],
      ] as const) {
        await stores.accounts.createAccount({ ...account, id, name: who.toUpperCase() });
        if (id !== 'a4') expect(await stores.accounts.claimAccount(id, who, who, 'h', who)).toBe(true);
      }
      const r = (accountId: string, mu: number, sigma: number, at: number) =>
        ({ accountId, edition: 'classic', mu, sigma, games: 1, updatedAt: at }) as const;
      const turn = (id: string, startsAt: number, ending: { id: string; startsAt: number } | null) => ({
        id,
        startsAt,
        at: startsAt + 5,
        ending,
        widen: (sigma: number) => sigma + 1,
        shown: (x: { mu: number; sigma: number }) => Math.round(1500 + 40 * (x.mu - 3 * x.sigma)),
      });
      expect(await stores.seasons.seasonsTurned()).toEqual([]);
      expect(await stores.seasons.turnSeason(turn('1970-01', 0, null))).toBe(true);
      // Once: a second process's turn to the same season does nothing.
      expect(await stores.seasons.turnSeason(turn('1970-01', 0, null))).toBe(false);
      // Three days of rated games: a1 and a2 play each day, a3 once, a4 is a guest.
      await stores.ratings.saveRatings('g1', [
        r('a1', 30, 4, DAY),
        r('a2', 27, 3, DAY),
        r('a3', 26, 5, DAY),
        r('a4', 40, 1, DAY),
      ]);
      await stores.ratings.saveRatings('g2', [
        r('a1', 31, 4, 2 * DAY),
        r('a2', 28, 3, 2 * DAY),
        r('a4', 40, 1, 2 * DAY),
      ]);
      await stores.ratings.saveRatings('g3', [
        r('a1', 32, 3, 3 * DAY),
        r('a2', 29, 2, 3 * DAY),
        r('a4', 40, 1, 3 * DAY),
      ]);
      // The season under way: a1 (32 - 9 = 23) above a2 (29 - 6 = 23, a2 > a1 by id: a1 first), then
      // a3 from its one game (26 - 15 = 11); the guest a4 not there.
      const live = await stores.seasons.seasonBoard('classic', 0, 10);
      expect(live.map((p) => [p.accountId, p.name, p.username, p.games])).toEqual([
        ['a1', 'ANA', 'ana', 3],
        ['a2', 'BEN', 'ben', 3],
        ['a3', 'CY', 'cy', 1],
      ]);
      // Each one's standing: games in the season and place; the guest's games count, with no place.
      const standing = (id: string, since = 0) => stores.seasons.seasonStanding('classic', since, id);
      expect(await standing('a2')).toEqual({ games: 3, place: 2 });
      expect(await standing('a3')).toEqual({ games: 1, place: 3 });
      expect(await standing('a4')).toEqual({ games: 3, place: null });
      expect(await standing('nobody')).toEqual({ games: 0, place: null });
      expect(await standing('a1', 2 * DAY + 1)).toEqual({ games: 1, place: 1 });
      expect(await standing('a3', 2 * DAY + 1)).toEqual({ games: 0, place: null });
      expect(await stores.seasons.seasonBoard('classic', 3 * DAY + 1, 10)).toEqual([]);
      expect((await stores.seasons.seasonBoard('classic', 0, 1, 1)).map((p) => p.accountId)).toEqual(['a2']);
      expect(await stores.seasons.turnSeason(turn('1970-04', SEASON_TWO, { id: '1970-01', startsAt: 0 }))).toBe(true);
      expect(await stores.seasons.seasonsTurned()).toEqual([
        { id: '1970-04', startsAt: SEASON_TWO },
        { id: '1970-01', startsAt: 0 },
      ]);
      expect(
        (await stores.seasons.seasonResults('1970-01', 'classic', 10)).map((p) => [
          p.accountId,
          p.place,
          p.rating,
          p.games,
          p.name,
        ]),
      ).toEqual([
        ['a1', 1, 2420, 3, 'ANA'],
        ['a2', 2, 2420, 3, 'BEN'],
        ['a3', 3, 1940, 1, 'CY'],
      ]);
      expect(await stores.seasons.seasonResults('1970-01', 'jewels', 10)).toEqual([]);
      expect((await stores.seasons.seasonResults('1970-01', 'classic', 10, 1)).map((p) => p.accountId)).toEqual([
        'a2',
        'a3',
      ]);
      // Every rating widened, mu kept.
      expect((await stores.ratings.ratingsOf('a1'))[0]).toMatchObject({ mu: 32, sigma: 4 });
      expect((await stores.ratings.ratingsOf('a4'))[0]).toMatchObject({ mu: 40, sigma: 2 });
      expect(await stores.seasons.playerSeasons('a2')).toEqual([
        {
          season: '1970-01',
          edition: 'classic',
          accountId: 'a2',
          place: 2,
          mu: 29,
          sigma: 2,
          rating: 2420,
          games: 3,
          of: 3,
        },
      ]);
      expect(await stores.seasons.playerSeasons('a4')).toEqual([]);
      // The new season's board is empty until someone plays in it.
      expect(await stores.seasons.seasonBoard('classic', SEASON_TWO, 10)).toEqual([]);
      await stores.close();
    });
  });
}
