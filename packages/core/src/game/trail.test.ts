import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { humanFloorSeconds } from './human-floor.js';
import type { TrailMove } from './trail.js';
import { judgeSolve, MAX_TRAIL_MOVES, TRAIL_SLACK_MS } from './trail.js';

const PIECES = ['I3', 'L4', 'T4', 'Z5', 'P5'];

/** A hand's trail: each piece turned, then put down, `gap` ms after the one before. */
function hand(pieces: readonly string[], gap: number): TrailMove[] {
  return pieces.flatMap((p, i): TrailMove[] => [
    [100 + gap * i, 'turn', p],
    [100 + gap * i + gap / 2, 'place', p],
  ]);
}

describe('judgeSolve', () => {
  it('takes a hand’s solve at or over the floor, whatever the difficulty, pieces and pace', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 10.5, noNaN: true }),
        fc.integer({ min: 2, max: 5 }),
        fc.integer({ min: 300, max: 3000 }),
        fc.double({ min: 0, max: 60_000, noNaN: true }),
        (difficulty, n, gap, extra) => {
          const pieces = PIECES.slice(0, n);
          const trail = hand(pieces, gap);
          const last = trail[trail.length - 1]?.[0] ?? 0;
          const took = Math.max(humanFloorSeconds(difficulty, n) * 1000, last) + extra;
          expect(judgeSolve({ took, difficulty, pieces, trail })).toEqual({ plausible: true });
        },
      ),
      { seed: 13 },
    );
  });

  it('refuses anything under the floor, trail or not', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 10.5, noNaN: true }), fc.double({ min: 0, max: 0.999 }), (d, part) => {
        const took = humanFloorSeconds(d, 3) * 1000 * part;
        const verdict = judgeSolve({ took, difficulty: d, pieces: PIECES.slice(0, 3), trail: hand(PIECES, 400) });
        expect(verdict.plausible ? 'plausible' : verdict.reason).toMatch(/^under the human floor of/);
      }),
      { seed: 13 },
    );
  });

  it.each<[string, readonly TrailMove[] | undefined, RegExp]>([
    ['no trail', undefined, /^with no move trail$/],
    ['an empty trail', [], /^with no move trail$/],
    ['a piece never put down', hand(PIECES.slice(0, 2), 500), /^with piece T4 never put down$/],
    [
      'a trail going back',
      [
        [900, 'place', 'I3'],
        [400, 'place', 'L4'],
        [1200, 'place', 'T4'],
      ],
      /^with a trail going back in time at 0\.40 s$/,
    ],
    ['a trail longer than the time seen', hand(PIECES.slice(0, 3), 4000), /^with a trail of 10\.10 s$/],
    [
      'more moves than a hand makes',
      [
        ...Array.from({ length: 150 }, (_, i): TrailMove => [i * 20, 'turn', 'I3']),
        ...hand(PIECES.slice(0, 3), 400).map(([at, kind, piece]): TrailMove => [3000 + at, kind, piece]),
      ],
      /^with 156 moves, faster than a hand$/,
    ],
    [
      'pieces put down in a burst',
      [
        [3000, 'place', 'I3'],
        [3010, 'place', 'L4'],
        [3020, 'place', 'T4'],
      ],
      /^with 2 pieces put down within 150 ms of the one before$/,
    ],
  ])('refuses %s', (_, trail, reason) => {
    const verdict = judgeSolve({ took: 6000, difficulty: 3, pieces: PIECES.slice(0, 3), trail });
    expect(verdict.plausible ? 'plausible' : verdict.reason).toMatch(reason);
  });

  it('forgives a slip, and a cut trail its first pieces', () => {
    const slip: TrailMove[] = [...hand(PIECES.slice(0, 3), 800), [2600, 'place', 'I3'], [2650, 'place', 'T4']];
    expect(judgeSolve({ took: 6000, difficulty: 3, pieces: PIECES.slice(0, 3), trail: slip }).plausible).toBe(true);
    // The last MAX_TRAIL_MOVES moves only: the first pieces put down may be cut off.
    const long = Array.from({ length: MAX_TRAIL_MOVES }, (_, i): TrailMove => [i * 200, 'turn', 'L4']);
    const took = MAX_TRAIL_MOVES * 200 - TRAIL_SLACK_MS;
    expect(judgeSolve({ took, difficulty: 3, pieces: PIECES.slice(0, 3), trail: long }).plausible).toBe(true);
  });

  it('judges a trail by its times and kinds: the same with lies (protocol 6) as without', () => {
    const cases: [number, readonly TrailMove[]][] = [
      [6000, hand(PIECES.slice(0, 3), 800)],
      [6000, hand(PIECES.slice(0, 2), 500)],
      [6000, hand(PIECES.slice(0, 3), 4000)],
      [100, hand(PIECES.slice(0, 3), 800)],
    ];
    for (const [took, trail] of cases) {
      const placed = trail.map((m, i): TrailMove => (m[1] === 'place' ? [m[0], m[1], m[2], [i, 2, i % 8]] : m));
      const solve = { took, difficulty: 3, pieces: PIECES.slice(0, 3) };
      expect(judgeSolve({ ...solve, trail: placed })).toEqual(judgeSolve({ ...solve, trail }));
    }
  });
});
