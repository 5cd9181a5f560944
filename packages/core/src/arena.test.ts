import { describe, expect, it } from 'vitest';
import { arenaPoints, arenaStandings, arenaStatus, arenaTables, arenaTableSizes } from './arena.js';

describe('arenas', () => {
  it('gives points by place, none to a player who scored nothing', () => {
    expect([1, 2, 3, 4].map((p) => arenaPoints(p, true))).toEqual([4, 2, 1, 0]);
    expect(arenaPoints(1, false)).toBe(0);
  });

  it('splits the waiting into tables of 2 to 4, as even as can be', () => {
    const table: [number, number[]][] = [
      [0, []],
      [1, []],
      [2, [2]],
      [3, [3]],
      [4, [4]],
      [5, [3, 2]],
      [6, [3, 3]],
      [7, [4, 3]],
      [8, [4, 4]],
      [9, [3, 3, 3]],
      [13, [4, 3, 3, 3]],
    ];
    for (const [n, sizes] of table) expect(arenaTableSizes(n)).toEqual(sizes);
    for (let n = 2; n < 40; n++) {
      const sizes = arenaTableSizes(n);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(n);
      expect(sizes.every((s) => s >= 2 && s <= 4)).toBe(true);
    }
  });

  it('seats near ratings together, the order of coming back breaking ties', () => {
    const waiting = [
      { id: 'a', r: 1500 },
      { id: 'b', r: 1900 },
      { id: 'c', r: 1510 },
      { id: 'd', r: 1880 },
      { id: 'e', r: 1500 },
    ];
    expect(arenaTables(waiting, (p) => p.r).map((t) => t.map((p) => p.id))).toEqual([
      ['b', 'd', 'c'],
      ['a', 'e'],
    ]);
  });

  it('orders standings by points, wins, fewer games, then who came first; equals share a place', () => {
    const t = (account: string, points: number, wins: number, games: number, joinedAt: number) => ({
      account,
      points,
      wins,
      games,
      joinedAt,
    });
    const standings = arenaStandings([t('a', 6, 1, 3, 1), t('b', 8, 1, 3, 2), t('c', 6, 1, 3, 0), t('d', 6, 1, 2, 5)]);
    expect(standings.map((s) => [s.account, s.place])).toEqual([
      ['b', 1],
      ['d', 2],
      ['c', 3],
      ['a', 3],
    ]);
  });

  it('runs from its start to its end', () => {
    const arena = { startsAt: 100, endsAt: 200 };
    expect([99, 100, 199, 200].map((n) => arenaStatus(arena, n))).toEqual([
      'upcoming',
      'running',
      'running',
      'finished',
    ]);
  });
});
