import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ClaimErrorCode } from './checker.js';
import { checkSolution } from './checker.js';
import type { Cell } from './grid.js';
import { parsePuzzle } from './puzzle.js';
import type { Puzzle } from './puzzle.js';
import { solveFirst } from './solver.js';
import { tiledPuzzleArb } from './test-support/arbitraries.js';

const r = parsePuzzle('{"grid": "square", "region": ["###", "##.", "#.."], "pieces": ["V3", "I3"]}');
if (!r.ok) throw new Error('fixture');
const p: Puzzle = r.value;
const good = [
  {
    piece: 'I3',
    cells: [
      [0, 0],
      [0, 1],
      [0, 2],
    ],
  },
  {
    piece: 'V3',
    cells: [
      [1, 0],
      [2, 0],
      [1, 1],
    ],
  },
];

const codes = (proposed: unknown): ClaimErrorCode[] => {
  const result = checkSolution(p, proposed);
  return result.ok ? [] : result.error.map((e) => e.code);
};

describe('checkSolution', () => {
  it('accepts a correct solution in any order', () => {
    expect(checkSolution(p, good)).toEqual({ ok: true, value: true });
    expect(checkSolution(p, [...good].reverse()).ok).toBe(true);
  });

  it.each<[string, unknown, ClaimErrorCode[]]>([
    ['not a list', { piece: 'I3' }, ['claim/malformed']],
    [
      'a placement without cells',
      [{ piece: 'I3' }, good[1]],
      ['claim/malformed', 'claim/missing-piece', 'claim/uncovered'],
    ],
    [
      'a non-integer cell',
      [{ piece: 'I3', cells: [[0, 0.5]] }, good[1]],
      ['claim/malformed', 'claim/missing-piece', 'claim/uncovered'],
    ],
    [
      'an unknown piece',
      [{ piece: 'O4', cells: good[0]?.cells }, good[1]],
      ['claim/unknown-piece', 'claim/missing-piece', 'claim/uncovered'],
    ],
    ['a piece used twice', [good[0], good[1], good[0]], ['claim/piece-used-twice']],
    ['a missing piece', [good[1]], ['claim/missing-piece', 'claim/uncovered']],
    [
      'the wrong shape',
      [
        {
          piece: 'I3',
          cells: [
            [0, 0],
            [0, 1],
            [1, 1],
          ],
        },
        {
          piece: 'V3',
          cells: [
            [1, 0],
            [2, 0],
            [0, 2],
          ],
        },
      ],
      ['claim/wrong-shape', 'claim/wrong-shape'],
    ],
    [
      'cells outside',
      [
        {
          piece: 'I3',
          cells: [
            [0, 1],
            [0, 2],
            [0, 3],
          ],
        },
        good[1],
      ],
      ['claim/outside', 'claim/uncovered'],
    ],
    [
      'an overlap',
      [
        {
          piece: 'I3',
          cells: [
            [0, 0],
            [1, 0],
            [2, 0],
          ],
        },
        {
          piece: 'V3',
          cells: [
            [0, 1],
            [1, 1],
            [1, 0],
          ],
        },
      ],
      ['claim/overlap', 'claim/uncovered'],
    ],
  ])('names what is wrong: %s', (_what, proposed, expected) => {
    expect(codes(proposed)).toEqual(expected);
  });

  it('says which cells are wrong', () => {
    const result = checkSolution(p, [good[1]]);
    expect(!result.ok && result.error.find((e) => e.code === 'claim/uncovered')?.cells).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
    ]);
  });

  it('accepts hex pieces turned by a sixth and mirrored', () => {
    const hex = parsePuzzle(
      '{"grid": "hex", "region": [[0,0],[1,0],[1,1],[0,2]], "pieces": [[[0,0],[1,0],[1,1]], [[0,0]]]}',
    );
    if (!hex.ok) throw new Error('fixture');
    expect(
      checkSolution(hex.value, [
        {
          piece: '#1',
          cells: [
            [0, 0],
            [1, 0],
            [1, 1],
          ],
        },
        { piece: '#2', cells: [[0, 2]] },
      ]).ok,
    ).toBe(true);
    expect(
      checkSolution(hex.value, [
        {
          piece: '#1',
          cells: [
            [1, 0],
            [1, 1],
            [0, 2],
          ],
        },
        { piece: '#2', cells: [[0, 0]] },
      ]).ok,
    ).toBe(true);
  });

  it('rejects every corruption of a solution: a moved cell, a swapped piece, a dropped placement', () => {
    fc.assert(
      fc.property(tiledPuzzleArb(2, 5), fc.nat(), fc.nat(), fc.integer({ min: 0, max: 2 }), (puzzle, i, j, how) => {
        const solution = solveFirst(puzzle).solution;
        if (!solution) throw new Error('a tiled puzzle has a solution');
        const k = i % solution.length;
        const placement = solution[k] as { piece: string; cells: readonly Cell[] };
        const corrupted = [...solution];
        if (how === 0) {
          // Move one cell of one placement by one step.
          const cells = [...placement.cells];
          const [x, y] = cells[j % cells.length] as Cell;
          cells[j % cells.length] = [x + 1, y];
          corrupted[k] = { ...placement, cells };
        } else if (how === 1) {
          corrupted.splice(k, 1);
        } else {
          // Claim a piece of another shape for these cells, or a piece that is not there.
          const other = puzzle.pieces.find((pc) => pc.cells.length !== placement.cells.length);
          corrupted[k] = { ...placement, piece: other?.id ?? 'nope' };
        }
        expect(checkSolution(puzzle, corrupted).ok).toBe(false);
      }),
      { seed: 14, numRuns: 300 },
    );
  });
});
