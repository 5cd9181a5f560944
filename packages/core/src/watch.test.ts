import { describe, expect, it } from 'vitest';
import type { LiveEntry } from './watch.js';
import { compareLive } from './watch.js';

const game = (code: string, extra: Partial<LiveEntry>): LiveEntry => ({
  code,
  kind: 'casual',
  edition: 'classic',
  round: 1,
  rounds: 3,
  players: [],
  rating: null,
  watchers: 0,
  startedAt: 1000,
  ...extra,
});

describe('compareLive', () => {
  it('lists arenas, then rated games by average rating, highest first, then casual games, newest first', () => {
    const games = [
      game('CASUAL1', { startedAt: 1 }),
      game('RATED1', { kind: 'rated', rating: 1450 }),
      game('CASUAL2', { startedAt: 2 }),
      game('ARENA1', { kind: 'arena', rating: 1400 }),
      game('RATED2', { kind: 'rated', rating: 1700 }),
      game('RATED3', { kind: 'rated', rating: null }),
      game('ARENA2', { kind: 'arena', rating: 1600 }),
    ];
    expect([...games].sort(compareLive).map((g) => g.code)).toEqual([
      'ARENA2',
      'ARENA1',
      'RATED2',
      'RATED1',
      'RATED3',
      'CASUAL2',
      'CASUAL1',
    ]);
  });

  it('orders games that are alike by their code, so that the list does not shuffle', () => {
    expect([game('B', {}), game('A', {})].sort(compareLive).map((g) => g.code)).toEqual(['A', 'B']);
  });
});
