import { describe, expect, it } from 'vitest';
import { normalize, shapeKey } from './cells.js';
import type { Cell, Grid } from './grid.js';
import { HEX, SQUARE, symmetriesOf } from './grid.js';

const key = (cells: readonly Cell[]): string => shapeKey(normalize(cells));

// An asymmetric shape has as many distinct images as the grid has symmetries.
const SQUARE_CHIRAL: Cell[] = [
  [0, 0],
  [1, 0],
  [1, 1],
  [1, 2],
  [2, 2],
  [0, 3],
];
const HEX_CHIRAL: Cell[] = [
  [0, 0],
  [1, 0],
  [2, 0],
  [2, 1],
  [0, 2],
  [1, 1],
];

describe.each<[string, Grid, Cell[], number, number]>([
  ['square', SQUARE, SQUARE_CHIRAL, 4, 8],
  ['hex', HEX, HEX_CHIRAL, 6, 12],
])('%s grid', (_name, grid, chiral, neighbours, symmetries) => {
  it('has its neighbours and symmetries', () => {
    expect(grid.neighbours).toHaveLength(neighbours);
    expect(grid.symmetries).toHaveLength(symmetries);
    expect(new Set(grid.symmetries.map((s) => key(chiral.map(s)))).size).toBe(symmetries);
  });

  it('symmetries fix the origin and map neighbours to neighbours', () => {
    const offsets = new Set(grid.neighbours.map((c) => c.join()));
    for (const s of grid.symmetries) {
      expect(s([0, 0])).toEqual([0, 0]);
      for (const n of grid.neighbours) expect(offsets.has(s(n).join())).toBe(true);
    }
  });

  it('the group is closed: composing two symmetries gives one of them', () => {
    const images = new Set(grid.symmetries.map((s) => key(chiral.map(s))));
    for (const a of grid.symmetries)
      for (const b of grid.symmetries) expect(images.has(key(chiral.map((c) => a(b(c)))))).toBe(true);
  });

  it('one-sided keeps the rotations, fixed only the identity', () => {
    expect(symmetriesOf(grid, 'one-sided')).toHaveLength(symmetries / 2);
    expect(symmetriesOf(grid, 'fixed')).toHaveLength(1);
    const rotated = new Set(symmetriesOf(grid, 'one-sided').map((s) => key(chiral.map(s))));
    const mirrored = grid.symmetries.slice(symmetries / 2).map((s) => key(chiral.map(s)));
    for (const m of mirrored) expect(rotated.has(m)).toBe(false);
  });
});

describe('hex transforms', () => {
  it('rotation is (q, r) -> (-r, q + r) and reflection is (q, r) -> (r, q)', () => {
    expect(HEX.symmetries[1]?.([2, 3])).toEqual([-3, 5]);
    expect(HEX.symmetries[6]?.([2, 3])).toEqual([3, 2]);
    let c: Cell = [2, 3];
    for (let i = 0; i < 6; i++) c = HEX.symmetries[1]?.(c) ?? c;
    expect(c).toEqual([2, 3]);
  });
});
