import { describe, expect, it } from 'vitest';
import { arenaAnswer, arenaResults, parseTimetable, timetableArenas, timetableFromEnv } from './arenas.js';
import type { Arena, ArenaEntry } from './store.js';

describe('arenas', () => {
  it('reads a timetable, and refuses a bad line saying how one looks', () => {
    expect(parseTimetable('classic/60/30, extreme/180/45/2')).toEqual([
      { edition: 'classic', everyMinutes: 60, minutes: 30, rounds: 3 },
      { edition: 'extreme', everyMinutes: 180, minutes: 45, rounds: 2 },
    ]);
    expect(parseTimetable('')).toEqual([]);
    for (const bad of [
      'chess/60/30',
      'classic/60',
      'classic/60/90',
      'classic/1/1',
      'classic/60/30/10',
      'classic/60/30/3/x',
    ])
      expect(() => parseTimetable(bad)).toThrow(/EDITION\/EVERY\/MINUTES/);
  });

  it('has an hourly classic arena unless told otherwise, and none when told off', () => {
    const hourly = [{ edition: 'classic', everyMinutes: 60, minutes: 30, rounds: 3 }];
    expect(timetableFromEnv(undefined)).toEqual(hourly);
    expect(timetableFromEnv(' ')).toEqual(hourly);
    expect(timetableFromEnv('off')).toEqual([]);
    expect(timetableFromEnv('extreme/120/20')).toEqual([
      { edition: 'extreme', everyMinutes: 120, minutes: 20, rounds: 3 },
    ]);
    expect(() => timetableFromEnv('of')).toThrow(/EDITION\/EVERY\/MINUTES/);
  });

  it('makes the arena of this period and the next, with ids of their own', () => {
    const hour = 3_600_000;
    const [now, next] = timetableArenas(
      { edition: 'classic', everyMinutes: 60, minutes: 30, rounds: 3 },
      5 * hour + 10,
    );
    expect(now).toMatchObject({ id: `classic-60m-${5 * hour}`, startsAt: 5 * hour, endsAt: 5 * hour + hour / 2 });
    expect(next).toMatchObject({ id: `classic-60m-${6 * hour}`, startsAt: 6 * hour });
  });

  it('gives points by place to rated players, none for nothing scored or an implausible solve', () => {
    const seats = [
      { id: 'p1', accountId: 'a', claimed: true },
      { id: 'p2', accountId: 'b', claimed: true },
      { id: 'p3', accountId: 'c', claimed: true },
      { id: 'p4', accountId: 'd', claimed: true },
    ];
    const standings = [
      { player: 'p2', place: 1, tied: false, score: 5 },
      { player: 'p1', place: 2, tied: true, score: 3 },
      { player: 'p3', place: 2, tied: true, score: 3 },
      { player: 'p4', place: 4, tied: false, score: 0 },
    ];
    expect(arenaResults(standings, seats, new Set())).toEqual([
      { accountId: 'a', points: 2, win: false },
      { accountId: 'b', points: 4, win: true },
      { accountId: 'c', points: 2, win: false },
      { accountId: 'd', points: 0, win: false },
    ]);
    expect(arenaResults(standings, seats, new Set(['p2']))[1]).toEqual({ accountId: 'b', points: 0, win: false });
    // A win whose rating move a closed group's cap cut gives no points either; the others keep theirs.
    const capped = arenaResults(standings, seats, new Set(), new Set(['p2']));
    expect(capped[1]).toEqual({ accountId: 'b', points: 0, win: false });
    expect(capped[0]).toEqual({ accountId: 'a', points: 2, win: false });
  });

  it('has nobody waiting in an arena that is over: a player back at its very end is entered, not waiting', async () => {
    const arena: Arena = { id: 'a1', name: '', edition: 'classic', rounds: 1, startsAt: 0, endsAt: 1000, createdAt: 0 };
    const entry: ArenaEntry = {
      arenaId: 'a1',
      accountId: 'acc',
      name: 'Ann',
      username: 'ann',
      joinedAt: 0,
      points: 4,
      wins: 1,
      games: 1,
      waitingSince: 990,
      seenAt: 990,
      table: null,
    };
    const stores = { arenaEntries: () => Promise.resolve([entry]) };
    const at = (now: number) => arenaAnswer(stores, arena, { now: () => now, timeScale: 1 }, 'acc');
    expect((await at(995)).you).toEqual({ entered: true, waiting: true, table: null });
    expect((await at(1000)).you).toEqual({ entered: true, waiting: false, table: null });
    expect((await at(1000)).podium.map((s) => s.account)).toEqual(['acc']);
  });
});
