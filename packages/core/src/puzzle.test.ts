import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makePuzzle, parsePuzzle, puzzleFromSpec } from './puzzle.js';
import { tiledPuzzleArb } from './test-support/arbitraries.js';

describe('parsePuzzle', () => {
  it('reads rows of text: # is a cell, row i is y = i, column j is x = j', () => {
    const r = parsePuzzle('{"grid": "square", "region": ["##.", ".##"], "pieces": ["I2", [[0,0],[1,0]]]}');
    expect(r.ok && r.value).toEqual({
      grid: 'square',
      region: [
        [0, 0],
        [1, 0],
        [1, 1],
        [2, 1],
      ],
      pieces: [
        {
          id: 'I2',
          cells: [
            [0, 0],
            [0, 1],
          ],
        },
        {
          id: '#2',
          cells: [
            [0, 0],
            [1, 0],
          ],
        },
      ],
    });
  });

  it('reads hex cells as axial [q, r] and translates explicit pieces to the origin', () => {
    const r = parsePuzzle('{"grid": "hex", "region": [[0,0],[1,0],[0,1]], "pieces": [[[3,3],[4,3],[3,4]]]}');
    expect(r.ok && r.value.pieces[0]?.cells).toEqual([
      [0, 0],
      [1, 0],
      [0, 1],
    ]);
  });

  it.each([
    ['{"grid": "square", "region": ["##"], "pieces": ["I2"]', 'puzzle/json', 'line 1 column 54'],
    ['[1, 2]', 'puzzle/type', '(top)'],
    ['{"region": ["##"], "pieces": ["I2"]}', 'puzzle/missing', 'grid'],
    ['{"grid": "triangle", "region": ["##"], "pieces": ["I2"]}', 'puzzle/grid', 'grid'],
    ['{"grid": "square", "pieces": ["I2"]}', 'puzzle/missing', 'region'],
    ['{"grid": "square", "region": [], "pieces": ["I2"]}', 'puzzle/empty', 'region'],
    ['{"grid": "square", "region": ["..."], "pieces": ["I2"]}', 'puzzle/empty', 'region'],
    ['{"grid": "square", "region": ["##", 3], "pieces": ["I2"]}', 'puzzle/type', 'region[1]'],
    ['{"grid": "hex", "region": ["##"], "pieces": ["I2"]}', 'puzzle/type', 'region'],
    ['{"grid": "square", "region": [[0,0],[0,1.5]], "pieces": ["I2"]}', 'puzzle/type', 'region[1][1]'],
    ['{"grid": "square", "region": [[0,0],[0,0]], "pieces": ["I2"]}', 'puzzle/duplicate-cell', 'region[1]'],
    ['{"grid": "square", "region": [[0,0],[0,99999]], "pieces": ["I2"]}', 'puzzle/too-large', 'region[1][1]'],
    ['{"grid": "square", "region": ["##"]}', 'puzzle/missing', 'pieces'],
    ['{"grid": "square", "region": ["##"], "pieces": "I2"}', 'puzzle/type', 'pieces'],
    ['{"grid": "square", "region": ["##"], "pieces": []}', 'puzzle/empty', 'pieces'],
    ['{"grid": "square", "region": ["##"], "pieces": ["I2", "Q7"]}', 'puzzle/unknown-piece', 'pieces[1]'],
    ['{"grid": "hex", "region": [[0,0],[1,0]], "pieces": ["I2"]}', 'puzzle/unknown-piece', 'pieces[0]'],
    ['{"grid": "square", "region": ["##"], "pieces": [[[0,0],[2,0]]]}', 'puzzle/disconnected-piece', 'pieces[0]'],
    ['{"grid": "square", "region": ["##"], "pieces": [[[0,0],"x"]]}', 'puzzle/type', 'pieces[0][1]'],
    ['{"grid": "square", "region": ["##"], "pieces": [7]}', 'puzzle/type', 'pieces[0]'],
    ['{"grid": "square", "region": ["##"], "pieces": [[]]}', 'puzzle/empty', 'pieces[0]'],
  ])('refuses %s with %s at %s', (text, code, path) => {
    const r = parsePuzzle(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe(code);
      expect(r.error.path).toBe(path);
      expect(r.error.message.length).toBeGreaterThan(5);
    }
  });

  it('never throws on arbitrary JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(typeof puzzleFromSpec(value).ok).toBe('boolean');
      }),
      { seed: 20261125, numRuns: 500 },
    );
  });
});

describe('makePuzzle', () => {
  it('writes square regions as rows of text and known pieces by id', () => {
    const r = parsePuzzle('{"grid": "square", "region": [[1,0],[0,1],[1,1]], "pieces": ["V3"]}');
    expect(r.ok && makePuzzle(r.value)).toBe(
      '{\n  "grid": "square",\n  "region": [\n    ".#",\n    "##"\n  ],\n  "pieces": ["V3"]\n}\n',
    );
  });

  it('round-trips: parsePuzzle(makePuzzle(p)) is p', () => {
    fc.assert(
      fc.property(tiledPuzzleArb(1, 5), (puzzle) => {
        const again = parsePuzzle(makePuzzle(puzzle));
        expect(again.ok && again.value).toEqual(puzzle);
      }),
      { seed: 7, numRuns: 200 },
    );
  });

  it('round-trips cells with negative coordinates', () => {
    const r = parsePuzzle('{"grid": "square", "region": [[-1,0],[0,0]], "pieces": ["I2"]}');
    const again = r.ok ? parsePuzzle(makePuzzle(r.value)) : r;
    expect(again).toEqual(r);
  });
});
