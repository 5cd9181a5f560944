import { describe, expect, it } from 'vitest';
import { holes, isConnected, shapeKey, canonical } from './cells.js';
import type { Grid, SymmetryKind } from './grid.js';
import { HEX, SQUARE } from './grid.js';
import { enumeratePolyforms } from './polyforms.js';

// Published counts (OEIS): A000105, A000988, A001168 for polyominoes; A000228, A006535, A001207 for
// polyhexes. Sizes 1 to 8.
const KNOWN: Record<'square' | 'hex', Record<SymmetryKind, number[]>> = {
  square: {
    free: [1, 1, 2, 5, 12, 35, 108, 369],
    'one-sided': [1, 1, 2, 7, 18, 60, 196, 704],
    fixed: [1, 2, 6, 19, 63, 216, 760, 2725],
  },
  hex: {
    free: [1, 1, 3, 7, 22, 82, 333, 1448],
    'one-sided': [1, 1, 3, 10, 33, 147, 620, 2821],
    fixed: [1, 3, 11, 44, 186, 814, 3652, 16689],
  },
};

// Polyforms with at least one hole (OEIS A001419 for polyominoes, A038144 for polyhexes), sizes 1 to 8.
const WITH_HOLES = { square: [0, 0, 0, 0, 0, 0, 1, 6], hex: [0, 0, 0, 0, 0, 1, 2, 13] };

describe.each<[string, Grid]>([
  ['square', SQUARE],
  ['hex', HEX],
])('%s polyforms', (name, grid) => {
  const known = KNOWN[name as 'square' | 'hex'];
  it.each(['free', 'one-sided', 'fixed'] as const)('%s counts match the published series', (kind) => {
    const counts = known[kind].map((_, i) => enumeratePolyforms(grid, kind, i + 1).length);
    expect(counts).toEqual(known[kind]);
  });

  it('every form is connected, canonical and distinct', () => {
    const forms = enumeratePolyforms(grid, 'free', 6);
    for (const f of forms) {
      expect(isConnected(grid, f)).toBe(true);
      expect(shapeKey(canonical(grid, f, 'free'))).toBe(shapeKey(f));
    }
    expect(new Set(forms.map(shapeKey)).size).toBe(forms.length);
  });

  it('counts the forms with holes', () => {
    const counts = WITH_HOLES[name as 'square' | 'hex'].map(
      (_, i) => enumeratePolyforms(grid, 'free', i + 1).filter((f) => holes(grid, f).length > 0).length,
    );
    expect(counts).toEqual(WITH_HOLES[name as 'square' | 'hex']);
  });
});

it('rejects a size that is not a positive integer', () => {
  expect(() => enumeratePolyforms(SQUARE, 'free', 0)).toThrow(RangeError);
});
