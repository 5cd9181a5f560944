import { describe, expect, it } from 'vitest';
import { averageRating, liveEntryOf, liveKindOf, parseLiveEntry } from './live.js';
import type { Seat } from './seats.js';

const seat = (over: Partial<Seat>): Seat => ({
  id: 'p1',
  occupant: { kind: 'human', name: 'Ana' },
  side: 'easy',
  connected: true,
  ready: true,
  ...over,
});

describe('the live page’s entries', () => {
  it('lists rated tables and quick matches, not casual private tables', () => {
    expect(liveKindOf(false, { rated: true })).toBe('rated');
    expect(liveKindOf(true, { rated: false })).toBe('casual');
    expect(liveKindOf(false, { rated: false })).toBeNull();
    // An arena's table (rated, private) is listed first, as the arena's.
    expect(liveKindOf(false, { rated: true }, true)).toBe('arena');
  });

  it('names each seat as the page shows it, and averages the rated players’ ratings', () => {
    const entry = liveEntryOf({
      code: 'ABC234',
      kind: 'rated',
      view: { edition: 'classic', rounds: 3, round: { number: 2 } },
      seats: [
        seat({ accountId: 'a1', username: 'ana' }),
        seat({ id: 'p2', occupant: { kind: 'human', name: 'Ben' }, accountId: 'b1' }),
        seat({ id: 'p3', occupant: { kind: 'bot', level: 'expert', number: 1 } }),
        seat({ id: 'p4', occupant: { kind: 'stand-in', level: 'casual', for: 'Cy' } }),
      ],
      watchers: 2,
      ratings: new Map([
        ['a1', 1600],
        ['b1', 1401],
      ]),
      startedAt: 5,
    });
    expect(entry).toEqual({
      code: 'ABC234',
      kind: 'rated',
      edition: 'classic',
      round: 2,
      rounds: 3,
      players: [
        { kind: 'human', name: 'Ana', username: 'ana', account: 'a1', rating: 1600 },
        { kind: 'human', name: 'Ben', account: 'b1', rating: 1401 },
        { kind: 'bot', name: '', level: 'expert' },
        { kind: 'stand-in', name: 'Cy', level: 'casual' },
      ],
      rating: 1501,
      watchers: 2,
      startedAt: 5,
    });
    expect(averageRating([{ kind: 'bot', name: '' }])).toBeNull();
    // What a listing keeps reads back as it was.
    expect(parseLiveEntry(JSON.parse(JSON.stringify({ started: true, live: entry })))).toEqual(entry);
  });

  it('reads a listing without an entry, or with one that does not parse, as none', () => {
    expect(parseLiveEntry(undefined)).toBeNull();
    expect(parseLiveEntry({ started: false, live: null })).toBeNull();
    expect(parseLiveEntry({ live: { code: 'X', kind: 'tournament' } })).toBeNull();
  });
});
