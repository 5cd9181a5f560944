import fc from 'fast-check';
import { rate, rating } from 'openskill';
import { describe, expect, it } from 'vitest';
import { rankOf } from '../leaderboards.js';
import type { Entrant } from './rating-rules.js';
import {
  DAILY_GAIN,
  DAY,
  ESTABLISHED,
  isEstablished,
  rateGame,
  SHOWN_PER_UNIT,
  WIN_TRADING,
  winTrading,
} from './rating-rules.js';
import { displayOf, ratedPlayers } from './ratings.js';
import type { PlayerRating, RatedGame } from './store.js';

/*
 * The rules that keep ratings from being bought, without a server: known answers (openskill's own
 * example for two new players, 27.635 / 8.066) and seeded properties over sequences of games.
 */

const NOW = Date.UTC(2026, 10, 27, 12);

const ratingOf = (accountId: string, mu: number, sigma: number, games = 20): PlayerRating => ({
  accountId,
  edition: 'classic',
  mu,
  sigma,
  games,
  updatedAt: NOW - DAY,
});

const entrant = (accountId: string, place: number, over: Partial<Entrant> = {}): Entrant => ({
  accountId,
  place,
  before: undefined,
  closed: null,
  dayStart: undefined,
  met: new Map(),
  ...over,
});

describe('who the rated queue counts as established', () => {
  it('takes a week since the first rated game, ten games and five different opponents', () => {
    const ok = { games: ESTABLISHED.games, firstAt: NOW - ESTABLISHED.days * DAY, opponents: ESTABLISHED.opponents };
    expect(isEstablished(ok, NOW)).toBe(true);
    expect(isEstablished({ ...ok, firstAt: NOW - ESTABLISHED.days * DAY + 1 }, NOW)).toBe(false);
    expect(isEstablished({ ...ok, games: ESTABLISHED.games - 1 }, NOW)).toBe(false);
    expect(isEstablished({ ...ok, opponents: ESTABLISHED.opponents - 1 }, NOW)).toBe(false);
    expect(isEstablished({ games: 0, firstAt: null, opponents: 0 }, NOW)).toBe(false);
  });
});

describe('a rated game', () => {
  it('moves two new players from their first game, the winner up; one player alone moves nothing', () => {
    const [a, b] = rateGame('classic', [entrant('a', 1), entrant('b', 2)], NOW);
    expect(a).toMatchObject({ accountId: 'a', games: 1, place: 1, limits: [] });
    expect(b).toMatchObject({ accountId: 'b', games: 1, place: 2, limits: [] });
    expect(a && displayOf(a)).toBeGreaterThan(1500);
    expect(b && displayOf(b)).toBeLessThan(1500);
    expect(rateGame('classic', [entrant('a', 1)], NOW)).toEqual([]);
  });

  it('rates two players as openskill does (its example: 27.635 and 22.365, sigma 8.066)', () => {
    const [a, b] = rateGame('classic', [entrant('a', 1), entrant('b', 2)], NOW);
    expect(a?.mu).toBeCloseTo(27.635389, 5);
    expect(b?.mu).toBeCloseTo(22.364611, 5);
    expect(a?.sigma).toBeCloseTo(8.065901, 5);
    expect(a && displayOf(a)).toBe(1638);
    // Nothing kept either move short.
    expect([a?.limits, b?.limits]).toEqual([[], []]);
  });

  it('moves a newcomer and a settled player alike, each as openskill rates the game', () => {
    const pro = ratingOf('pro', 30, 3);
    const [p, n] = rateGame('classic', [entrant('pro', 1, { before: pro, dayStart: pro }), entrant('new', 2)], NOW);
    const alone = rate([[rating({ mu: 30, sigma: 3 })], [rating()]], { rank: [1, 2] });
    expect(p?.mu).toBeCloseTo(alone[0][0].mu, 9);
    expect(p?.games).toBe(21);
    expect(n?.mu).toBeCloseTo(alone[1][0].mu, 9);
    expect(n?.mu).toBeLessThan(25);
  });

  it('rates each against all the others, as openskill rates a game of four', () => {
    const a = ratingOf('a', 25, 5);
    const c = ratingOf('c', 25, 5);
    const after = rateGame(
      'classic',
      [
        entrant('a', 1, { before: a, dayStart: a }),
        entrant('b', 2),
        entrant('c', 3, { before: c, dayStart: c }),
        entrant('d', 4),
      ],
      NOW,
    );
    const all = rate([[rating({ mu: 25, sigma: 5 })], [rating()], [rating({ mu: 25, sigma: 5 })], [rating()]], {
      rank: [1, 2, 3, 4],
    });
    // Each is rated from its own seat: its move is what openskill gives that seat in the game of four.
    for (const [i, r] of after.entries()) expect(r.mu).toBeCloseTo(all[i]?.[0]?.mu ?? 0, 9);
  });

  it('moves the k-th game against the same account within the window 1/k as far, losses as gains', () => {
    const before = ratingOf('a', 25, 5);
    const game = (met: number) =>
      rateGame(
        'classic',
        [
          entrant('a', 2, { before, dayStart: before, met: new Map([['b', met]]) }),
          entrant('b', 1, { before: ratingOf('b', 25, 5) }),
        ],
        NOW,
      )[0];
    const first = game(0);
    expect(first?.limits).toEqual([]);
    expect(game(1)?.limits).toEqual(['repeated-opponent']);
    for (const k of [2, 3, 10]) {
      const kth = game(k - 1);
      expect(((kth?.mu ?? 0) - 25) / ((first?.mu ?? 0) - 25)).toBeCloseTo(1 / k, 9);
      expect(((kth?.sigma ?? 0) - 5) / ((first?.sigma ?? 0) - 5)).toBeCloseTo(1 / k, 9);
    }
  });

  it('stops the shown rating at 200 above where the UTC day began', () => {
    // Up 190 today already: a win worth more (a settling player's) stops at +200.
    const start = ratingOf('a', 25, 25 / 3);
    const now = { mu: start.mu + 190 / SHOWN_PER_UNIT, sigma: start.sigma };
    const [a] = rateGame(
      'classic',
      [
        entrant('a', 1, { before: { ...start, ...now }, dayStart: start }),
        entrant('b', 2, { before: ratingOf('b', 40, 25 / 3) }),
      ],
      NOW,
    );
    expect(rankOf(a ?? start) - rankOf(start)).toBeCloseTo(DAILY_GAIN / SHOWN_PER_UNIT, 9);
    expect(displayOf(a ?? start) - displayOf(start)).toBe(DAILY_GAIN);
    expect(a?.limits).toEqual(['daily-cap']);
    // A loss is never cut.
    const [l] = rateGame(
      'classic',
      [
        entrant('a', 2, { before: { ...start, ...now }, dayStart: start }),
        entrant('b', 1, { before: ratingOf('b', 40, 25 / 3) }),
      ],
      NOW,
    );
    expect(l?.mu).toBeLessThan(now.mu);
    expect(l?.limits).toEqual([]);
  });

  it('never lifts a rating more than 200 shown points a UTC day, whatever the games (seeded)', () => {
    const opponent = fc.record({
      id: fc.constantFrom('o1', 'o2', 'o3', 'o4', 'o5', 'o6'),
      mu: fc.double({ min: 0, max: 60, noNaN: true }),
      sigma: fc.double({ min: 0.5, max: 25 / 3, noNaN: true }),
    });
    const game = fc.record({
      // Time to the next game: minutes to a day and a half.
      gap: fc.integer({ min: 60_000, max: 36 * 60 * 60 * 1000 }),
      others: fc.uniqueArray(opponent, { minLength: 1, maxLength: 3, selector: (o) => o.id }),
      places: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 4, maxLength: 4 }),
    });
    fc.assert(
      fc.property(fc.array(game, { minLength: 1, maxLength: 40 }), (games) => {
        let at = NOW;
        let mine: PlayerRating | undefined;
        let dayStart: PlayerRating | undefined;
        let day = Math.floor(at / DAY);
        const history: { at: number; others: string[] }[] = [];
        for (const g of games) {
          at += g.gap;
          if (Math.floor(at / DAY) !== day) {
            day = Math.floor(at / DAY);
            dayStart = mine;
          }
          const met = new Map<string, number>();
          for (const h of history.filter((h) => h.at >= at - 7 * DAY))
            for (const o of h.others) met.set(o, (met.get(o) ?? 0) + 1);
          const players = [
            entrant('me', g.places[0] ?? 1, { before: mine, dayStart, met }),
            ...g.others.map((o, i) =>
              entrant(o.id, g.places[i + 1] ?? 1, {
                before: ratingOf(o.id, o.mu, o.sigma),
              }),
            ),
          ];
          const after = rateGame('classic', players, at)[0];
          if (!after) throw new Error('no rating');
          const floor = rankOf(dayStart ?? { mu: 25, sigma: 25 / 3 });
          expect(rankOf(after)).toBeLessThanOrEqual(
            Math.max(floor + DAILY_GAIN / SHOWN_PER_UNIT, rankOf(mine ?? after)) + 1e-9,
          );
          history.push({ at, others: g.others.map((o) => o.id) });
          mine = after;
        }
      }),
      { seed: 33, numRuns: 300 },
    );
  });
});

describe('who is rated', () => {
  const seats = [
    { id: 'p1', accountId: 'a1', claimed: true },
    { id: 'p2', accountId: 'a2', claimed: true },
    { id: 'p3', accountId: 'a3', claimed: true },
    { id: 'p4' },
  ];
  const places = new Map([
    ['p1', 1],
    ['p2', 2],
    ['p3', 3],
    ['p4', 4],
  ]);

  it('puts a player of an implausible solve last, the others in their order', () => {
    expect(ratedPlayers(seats, places, new Set(['p1']))).toEqual([
      { accountId: 'a1', place: 5 },
      { accountId: 'a2', place: 2 },
      { accountId: 'a3', place: 3 },
    ]);
    // The loser's implausible claim voids nothing: both are rated, the loser last.
    expect(
      ratedPlayers(
        seats.slice(0, 2),
        new Map([
          ['p1', 1],
          ['p2', 2],
        ]),
        new Set(['p2']),
      ),
    ).toEqual([
      { accountId: 'a1', place: 1 },
      { accountId: 'a2', place: 3 },
    ]);
    expect(ratedPlayers(seats, places, new Set())).toHaveLength(3);
  });
});

describe('win trading', () => {
  const won = (at: number, firstAt: number): RatedGame => ({
    gameId: `g${at}`,
    at,
    place: 1,
    others: [{ accountId: `x${at}`, place: 2, firstAt }],
  });

  it('flags wins mostly against accounts new to rated play and younger than it, ten at least', () => {
    const mine = NOW - 100 * DAY;
    const fresh = Array.from({ length: WIN_TRADING.wins }, (_, i) => won(NOW - i * 1000, NOW - i * 1000 - DAY));
    expect(winTrading('classic', fresh, mine, NOW)).toMatch(/^won 10 of its 10 won rated classic games in 30 days/);
    expect(winTrading('classic', fresh.slice(1), mine, NOW)).toBeNull();
    // As many wins against old accounts: not mostly new ones.
    const old = fresh.map((g) => won(g.at - 1, NOW - 100 * DAY));
    expect(winTrading('classic', [...fresh, ...old], mine, NOW)).toBeNull();
    // Accounts that started no later than it (a new server's first players) are not new to it.
    const together = fresh.map((g) => won(g.at, NOW - 20 * DAY));
    expect(winTrading('classic', together, mine, NOW)).toMatch(/^won 10 /);
    expect(winTrading('classic', together, NOW - 20 * DAY, NOW)).toBeNull();
    // Losses and shared firsts are no wins; games older than the window do not count.
    const lost = fresh.map((g) => ({ ...g, place: 2, others: g.others.map((o) => ({ ...o, place: 1 })) }));
    expect(winTrading('classic', lost, mine, NOW)).toBeNull();
    const tied = fresh.map((g) => ({ ...g, others: g.others.map((o) => ({ ...o, place: 1 })) }));
    expect(winTrading('classic', tied, mine, NOW)).toBeNull();
    expect(winTrading('classic', fresh, mine, NOW + 31 * DAY)).toBeNull();
  });
});
