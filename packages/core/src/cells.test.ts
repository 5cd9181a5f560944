import { describe, expect, it } from 'vitest';
import { canonical, canonicalKey, components, holes, isConnected, normalize, orientations, shapeKey } from './cells.js';
import type { Cell } from './grid.js';
import { HEX, SQUARE } from './grid.js';

describe('cell sets', () => {
  it('normalize translates to the origin, sorts by row and drops duplicates', () => {
    expect(
      normalize([
        [5, 3],
        [4, 4],
        [5, 3],
        [4, 3],
      ]),
    ).toEqual([
      [0, 0],
      [1, 0],
      [0, 1],
    ]);
  });

  it('canonical forms are equal exactly for congruent shapes under each kind', () => {
    const l: Cell[] = [
      [0, 0],
      [0, 1],
      [0, 2],
      [1, 2],
    ];
    const mirrored: Cell[] = [
      [1, 0],
      [1, 1],
      [1, 2],
      [0, 2],
    ];
    const turned: Cell[] = [
      [0, 0],
      [1, 0],
      [2, 0],
      [0, 1],
    ];
    expect(canonicalKey(SQUARE, l, 'free')).toBe(canonicalKey(SQUARE, mirrored, 'free'));
    expect(canonicalKey(SQUARE, l, 'one-sided')).not.toBe(canonicalKey(SQUARE, mirrored, 'one-sided'));
    expect(canonicalKey(SQUARE, l, 'one-sided')).toBe(canonicalKey(SQUARE, turned, 'one-sided'));
    expect(canonicalKey(SQUARE, l, 'fixed')).not.toBe(canonicalKey(SQUARE, turned, 'fixed'));
    expect(
      canonical(
        SQUARE,
        [
          [7, 7],
          [7, 8],
        ],
        'fixed',
      ),
    ).toEqual([
      [0, 0],
      [0, 1],
    ]);
  });

  it('counts orientations: 1 for the square tetromino, 8 for the L, 2 for the straight one', () => {
    expect(
      orientations(SQUARE, [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ]),
    ).toHaveLength(1);
    expect(
      orientations(SQUARE, [
        [0, 0],
        [0, 1],
        [0, 2],
        [1, 2],
      ]),
    ).toHaveLength(8);
    expect(
      orientations(SQUARE, [
        [0, 0],
        [0, 1],
        [0, 2],
        [0, 3],
      ]),
    ).toHaveLength(2);
    expect(
      orientations(HEX, [
        [0, 0],
        [1, 0],
        [2, 0],
      ]),
    ).toHaveLength(3);
    expect(
      orientations(HEX, [
        [0, 0],
        [1, 0],
        [0, 1],
      ]),
    ).toHaveLength(2);
  });

  it('connectivity follows each grid’s neighbours', () => {
    const diagonal: Cell[] = [
      [0, 0],
      [1, 1],
    ];
    expect(isConnected(SQUARE, diagonal)).toBe(false);
    expect(isConnected(HEX, diagonal)).toBe(false);
    expect(
      isConnected(HEX, [
        [0, 1],
        [1, 0],
      ]),
    ).toBe(true);
    expect(
      isConnected(SQUARE, [
        [0, 1],
        [1, 0],
      ]),
    ).toBe(false);
    expect(isConnected(SQUARE, [])).toBe(false);
    expect(
      components(SQUARE, [
        [0, 0],
        [2, 0],
        [3, 0],
      ])
        .map((c) => c.length)
        .sort(),
    ).toEqual([1, 2]);
  });

  it('finds holes: a ring of 8 squares, a ring of 6 hexagons', () => {
    const ring: Cell[] = [
      [0, 0],
      [1, 0],
      [2, 0],
      [0, 1],
      [2, 1],
      [0, 2],
      [1, 2],
      [2, 2],
    ];
    expect(holes(SQUARE, ring)).toEqual([[[1, 1]]]);
    expect(
      holes(
        SQUARE,
        ring.filter(([x, y]) => !(x === 1 && y === 0)),
      ),
    ).toEqual([]);
    // Without a corner the ring still closes: squares meeting at a corner do not let the hole out.
    expect(holes(SQUARE, ring.slice(1))).toEqual([[[1, 1]]]);
    const hexRing = HEX.neighbours.map(([q, r]) => [q + 5, r - 2] as const);
    expect(holes(HEX, hexRing)).toEqual([[[5, -2]]]);
    expect(holes(HEX, hexRing.slice(1))).toEqual([]);
    // A U of squares is open, even though its mouth is a single cell wide.
    expect(
      holes(SQUARE, [
        [0, 0],
        [2, 0],
        [0, 1],
        [1, 1],
        [2, 1],
      ]),
    ).toEqual([]);
  });

  it('shape keys compare sets', () => {
    expect(
      shapeKey(
        normalize([
          [1, 0],
          [0, 0],
        ]),
      ),
    ).toBe(
      shapeKey(
        normalize([
          [0, 0],
          [1, 0],
        ]),
      ),
    );
  });
});
