import { describe, expect, it } from 'vitest';
import type { ProposedPlacement } from '../checker.js';
import { botLaid, seesBoards } from './boards-in-play.js';
import type { RoundState } from './race-types.js';

const round = {
  deals: [{ player: 'p1' }, { player: 'p2' }],
  solved: ['p2'],
} as unknown as RoundState;

describe('boards in play', () => {
  it('are seen by watchers and by seated players who solved or have no board; not by one still at theirs', () => {
    expect(seesBoards(round, null)).toBe(true);
    expect(seesBoards(round, 'p2')).toBe(true);
    expect(seesBoards(round, 'p3')).toBe(true);
    expect(seesBoards(round, 'p1')).toBe(false);
    expect(seesBoards(null, 'p1')).toBe(false);
  });

  it("fill a bot's board evenly over its time, the last piece left for its claim", () => {
    const solution: ProposedPlacement[] = ['a', 'b', 'c', 'd'].map((piece) => ({ piece, cells: [[0, 0]] }));
    expect(botLaid(solution, 1000, 5000, 1000)).toEqual({ down: [], nextAt: 2000 });
    expect(botLaid(solution, 1000, 5000, 2999).down.map((p) => p.piece)).toEqual(['a']);
    expect(botLaid(solution, 1000, 5000, 4000)).toEqual({ down: solution.slice(0, 3), nextAt: null });
    expect(botLaid(solution, 1000, 5000, 9000).down).toHaveLength(3);
    expect(botLaid([], 1000, 5000, 3000)).toEqual({ down: [], nextAt: null });
  });
});
