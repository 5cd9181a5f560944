import { expect, it } from 'vitest';
import { canonicalKey, isConnected, holes } from './cells.js';
import { SQUARE } from './grid.js';
import { CLASSIC_PIECES, knownPiece } from './pieces.js';

it('the classic set has 12 different pieces and 48 cells, as docs/rules.md §6.1 lists them', () => {
  expect(CLASSIC_PIECES.map((p) => p.id)).toEqual([
    'I2',
    'I3',
    'V3',
    'T4',
    'L4',
    'I4',
    'S4',
    'O4',
    'Y5',
    'L5',
    'P5',
    'Z5',
  ]);
  expect(CLASSIC_PIECES.reduce((n, p) => n + p.cells.length, 0)).toBe(48);
  expect(new Set(CLASSIC_PIECES.map((p) => canonicalKey(SQUARE, p.cells, 'free'))).size).toBe(12);
  for (const p of CLASSIC_PIECES) {
    expect(isConnected(SQUARE, p.cells)).toBe(true);
    expect(holes(SQUARE, p.cells)).toEqual([]);
    expect(Number(p.id.slice(1))).toBe(p.cells.length);
  }
  expect(knownPiece('Z5')?.cells).toEqual([
    [0, 0],
    [1, 0],
    [1, 1],
    [1, 2],
    [2, 2],
  ]);
  expect(knownPiece('X5')).toBeUndefined();
});
