import { describe, expect, it } from 'vitest';
import { sameCells, translate } from '../cells.js';
import type { Cell } from '../grid.js';
import { gridOf } from '../grid.js';
import { knownPiece } from '../pieces.js';
import type { TrailMove } from './trail.js';
import { isPositioned, lieOf, liePlacement, trailAt, trailLength } from './trail-replay.js';

const cellsOf = (id: string): readonly Cell[] => knownPiece(id)?.cells ?? [];

describe('lieOf and liePlacement', () => {
  it('round-trip every turn of every classic piece, anywhere on the board', () => {
    for (const id of ['I2', 'V3', 'T4', 'L4', 'S4', 'O4', 'Y5', 'L5', 'P5', 'Z5']) {
      const dealt = cellsOf(id);
      for (const turn of gridOf('square').symmetries) {
        const covered = translate(
          dealt.map(turn).map(([x, y]) => [x + 10, y + 10] as const),
          -7,
          -3,
        );
        const lie = lieOf('square', dealt, covered);
        expect(lie).toBeDefined();
        if (lie) expect(sameCells(liePlacement('square', dealt, lie), covered)).toBe(true);
      }
    }
  });

  it('says nothing for cells no turn of the piece covers', () => {
    expect(lieOf('square', cellsOf('L4'), cellsOf('T4'))).toBeUndefined();
    expect(lieOf('square', cellsOf('L4'), [])).toBeUndefined();
  });
});

describe('trailAt', () => {
  const pieces = [
    {
      id: 'I2',
      cells: [
        [0, 0],
        [1, 0],
      ] as Cell[],
    },
    {
      id: 'V3',
      cells: [
        [0, 0],
        [1, 0],
        [0, 1],
      ] as Cell[],
    },
  ];
  const trail: TrailMove[] = [
    [100, 'turn', 'I2'],
    [400, 'place', 'I2', [0, 0, 1]],
    [900, 'place', 'V3', [1, 0, 0]],
    [1300, 'back', 'I2'],
    [1800, 'place', 'I2', [2, 1, 0]],
  ];

  it('lays each piece as its latest move up to the moment left it', () => {
    expect(trailAt('square', pieces, trail, 0)).toEqual([]);
    expect(trailAt('square', pieces, trail, 400)).toEqual([
      {
        piece: 'I2',
        cells: [
          [0, 0],
          [0, 1],
        ],
      },
    ]);
    expect(trailAt('square', pieces, trail, 1300).map((p) => p.piece)).toEqual(['V3']);
    expect(trailAt('square', pieces, trail, 5000)).toEqual([
      {
        piece: 'I2',
        cells: [
          [2, 1],
          [3, 1],
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
    ]);
    expect(trailLength(trail)).toBe(1800);
  });

  it('tells a positioned trail from one sent before positions', () => {
    expect(isPositioned(trail)).toBe(true);
    expect(isPositioned(trail.map((m): TrailMove => [m[0], m[1], m[2]]))).toBe(false);
    expect(isPositioned([])).toBe(false);
  });
});
