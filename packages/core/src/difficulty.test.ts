import { describe, expect, it } from 'vitest';
import { boardShapeProblems, regionCompactness, regionSpan } from './board-shape.js';
import { difficultyOf, measureTask } from './difficulty.js';
import { parsePuzzle } from './puzzle.js';

describe('difficultyOf', () => {
  it('is half of (sum of log2 placements - log2 solutions), to one decimal', () => {
    expect(difficultyOf({ solutions: 1, placements: [8, 16, 4] })).toBe(4.5);
    expect(difficultyOf({ solutions: 4, placements: [8, 16, 4] })).toBe(3.5);
    expect(difficultyOf({ solutions: 0, placements: [8] })).toBe(Infinity);
  });

  it('grows with pieces that fit in more ways and falls with more solutions', () => {
    expect(difficultyOf({ solutions: 1, placements: [10, 10, 10] })).toBeGreaterThan(
      difficultyOf({ solutions: 1, placements: [5, 10, 10] }),
    );
    expect(difficultyOf({ solutions: 2, placements: [10, 10, 10] })).toBeLessThan(
      difficultyOf({ solutions: 1, placements: [10, 10, 10] }),
    );
  });

  it('measures a task with the solver', () => {
    const r = parsePuzzle('{"grid": "square", "region": ["###", "###", "###"], "pieces": ["I3", "I3", "I3"]}');
    if (!r.ok) throw new Error('fixture');
    // Three straight trominoes in a 3x3 box: 3 rows + 3 columns = 6 placements each; 2 tilings (rows, or columns).
    expect(measureTask(r.value)).toEqual({ solutions: 2, nodes: expect.any(Number) as number, placements: [6, 6, 6] });
  });
});

describe('board shapes', () => {
  const limits = { maxSpan: 6, minCompactness: 2.4 };
  it('accepts a compact blob and names what is wrong with others', () => {
    const blob = [
      [1, 0],
      [2, 0],
      [0, 1],
      [1, 1],
      [2, 1],
      [3, 1],
      [0, 2],
      [1, 2],
      [2, 2],
      [1, 3],
      [2, 3],
      [3, 3],
    ] as const;
    expect(boardShapeProblems('square', blob, limits)).toEqual([]);
    const rectangle = [0, 1, 2].flatMap((y) => [0, 1, 2, 3].map((x) => [x, y] as const));
    expect(boardShapeProblems('square', rectangle, limits)).toEqual(['is a plain rectangle']);
    const line = Array.from({ length: 8 }, (_, x) => [x, 0] as const);
    expect(boardShapeProblems('square', line, limits)).toEqual([
      'is 8 by 1 cells, more than 6 across',
      'is a plain rectangle',
      'is too straggly (1.75 neighbours per cell, at least 2.4)',
    ]);
    const ring = [
      [0, 0],
      [1, 0],
      [2, 0],
      [0, 1],
      [2, 1],
      [0, 2],
      [1, 2],
      [2, 2],
    ] as const;
    expect(boardShapeProblems('square', ring, limits)).toContain('has a hole');
  });

  it('measures hexagon regions along their three axes', () => {
    const flower = [
      [0, 0],
      [1, 0],
      [0, 1],
      [-1, 1],
      [-1, 0],
      [0, -1],
      [1, -1],
    ] as const;
    expect(regionSpan('hex', flower)).toEqual({ width: 3, height: 3 });
    expect(regionCompactness('hex', flower)).toBeCloseTo(24 / 7);
  });
});
