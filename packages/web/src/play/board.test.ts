import type { Cell, TrailMove } from '@ubongo/core';
import { knownPiece, normalize, sortCells, trailAt } from '@ubongo/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BoardAction, BoardState } from './board.js';
import { aimedAt, newBoard, newMoves, reduce, sameArrangement, UNDO_DEPTH } from './board.js';
import { coveredCells } from './geometry.js';

/*
 * The board's state without a DOM: the moves a hand makes, what Undo takes back and the trail a
 * claim carries, with seeded properties over any sequence of actions.
 */

const region: Cell[] = [0, 1, 2, 3].flatMap((y) => [0, 1, 2].map((x) => [x, y] as const));
const ids = ['I4', 'L4', 'L4'];
const start = (): BoardState =>
  newBoard(
    'square',
    region,
    ids.map((id) => ({ id, cells: normalize(knownPiece(id)?.cells ?? []) })),
  );

/** The actions a hand can make on the board above, at time `time`. */
const action = (time: number): fc.Arbitrary<BoardAction> => {
  const piece = fc.integer({ min: 0, max: ids.length - 1 });
  const cell = fc.tuple(fc.integer({ min: -2, max: 4 }), fc.integer({ min: -2, max: 5 }));
  return fc.oneof(
    fc.record({ type: fc.constant('place' as const), piece, at: fc.option(cell), time: fc.constant(time) }),
    fc.record({
      type: fc.constant('nudge' as const),
      piece,
      by: fc.constantFrom<Cell>([1, 0], [-1, 0], [0, 1], [0, -1]),
      time: fc.constant(time),
    }),
    fc.record({
      type: fc.constant('turn' as const),
      piece,
      how: fc.constantFrom('rotate' as const, 'flip' as const),
      pivot: fc.option(fc.integer({ min: 0, max: 3 })),
      time: fc.constant(time),
    }),
    fc.record({ type: fc.constant('back' as const), piece, time: fc.constant(time) }),
    fc.record({ type: fc.constant('clear' as const), time: fc.constant(time) }),
    fc.record({ type: fc.constant('lift' as const), piece, onto: fc.boolean(), time: fc.constant(time) }),
    fc.record({ type: fc.constant('drop' as const), time: fc.constant(time) }),
    fc.record({ type: fc.constant('aim' as const), cell: fc.option(cell) }),
  );
};

/** A sequence of actions, ten ms apart. */
const actions = (max: number): fc.Arbitrary<BoardAction[]> =>
  fc
    .integer({ min: 0, max })
    .chain((n) => fc.tuple(...Array.from({ length: n }, (_, k) => action(10 * (k + 1)))))
    .map((list) => [...list]);

const run = (list: readonly BoardAction[], from = start()): BoardState => list.reduce(reduce, from);
const seed = 3232;

describe('the board state', () => {
  it('leaves every piece in the tray or on whole cells, whole, after any sequence of actions (also undone)', () => {
    fc.assert(
      fc.property(actions(40), fc.integer({ min: 0, max: 10 }), (list, undos) => {
        let state = run(list);
        for (let k = 0; k < undos; k++) state = reduce(state, { type: 'undo', time: 1000 + k });
        state.pieces.forEach((p, i) => {
          expect(p.at === null || p.at.every(Number.isInteger)).toBe(true);
          expect(p.cells.every((c) => c.every(Number.isInteger))).toBe(true);
          expect(p.cells).toHaveLength(normalize(knownPiece(ids[i] ?? '')?.cells ?? []).length);
          expect(p.pinned).toBe(false);
        });
      }),
      { seed, numRuns: 300 },
    );
  });

  it('undoing n steps returns the arrangement of n steps before (arrow presses in a row are one step)', () => {
    fc.assert(
      fc.property(actions(40), (list) => {
        // What a player counts as steps: each change of the arrangement, a run of arrow presses
        // (or a keyboard pick-up and the presses after it) on one piece being one.
        const steps = [start().pieces];
        let state = start();
        let run: number | null = null;
        for (const a of list) {
          const next = reduce(state, a);
          if (!sameArrangement(next.pieces, state.pieces)) {
            const nudge = a.type === 'nudge' || (a.type === 'lift' && a.onto === true);
            if (nudge && run === a.piece) steps[steps.length - 1] = next.pieces;
            else steps.push(next.pieces);
            run = nudge ? a.piece : null;
          }
          state = next;
        }
        const depth = Math.min(steps.length - 1, UNDO_DEPTH);
        for (let n = 1; n <= depth; n++) {
          state = reduce(state, { type: 'undo', time: 5000 + n });
          expect(sameArrangement(state.pieces, steps[steps.length - 1 - n] ?? [])).toBe(true);
        }
        // Nothing more to take back.
        expect(reduce(state, { type: 'undo', time: 9000 })).toBe(state);
      }),
      { seed, numRuns: 300 },
    );
  });

  it('plays its trail back to the board as it lies, after any sequence of actions (also undone)', () => {
    // Pieces of three kinds: a replay tells pieces apart by their kind.
    const kinds = ['I4', 'L4', 'T4'];
    const dealt = kinds.map((id) => ({ id, cells: normalize(knownPiece(id)?.cells ?? []) }));
    const lying = (state: BoardState): string[] =>
      state.pieces.filter((p) => p.at !== null).map((p) => `${p.id} ${JSON.stringify(sortCells(coveredCells(p)))}`);
    fc.assert(
      fc.property(actions(40), fc.integer({ min: 0, max: 6 }), (list, undos) => {
        let state = run(list, newBoard('square', region, dealt));
        for (let k = 0; k < undos; k++) state = reduce(state, { type: 'undo', time: 1000 + k });
        const played = trailAt('square', dealt, state.trail, Infinity).map(
          (p) => `${p.piece} ${JSON.stringify(sortCells(p.cells))}`,
        );
        expect(played.sort()).toEqual(lying(state).sort());
      }),
      { seed, numRuns: 300 },
    );
  });

  it('records every move in the trail, in order, each as the move it was', () => {
    fc.assert(
      fc.property(actions(40), (list) => {
        let state = start();
        const told: TrailMove[] = [];
        for (const a of list) {
          const next = reduce(state, a);
          for (const m of newMoves(state, next)) {
            // Told the moves this action made, with its time.
            expect(m[0]).toBe('time' in a ? a.time : NaN);
            const kinds: Record<BoardAction['type'], readonly string[]> = {
              place: ['place', 'back'],
              nudge: ['place'],
              lift: ['place'],
              turn: [a.type === 'turn' && a.how === 'flip' ? 'flip' : 'turn'],
              back: ['back'],
              clear: ['back'],
              drop: ['back'],
              undo: ['undo'],
              aim: [],
              begin: [],
              end: [],
              pin: [],
            };
            expect(kinds[a.type]).toContain(m[1]);
            // A move in a run of arrow presses on one piece replaces the last.
            const last = told[told.length - 1];
            if (last && last[1] === m[1] && last[2] === m[2] && (a.type === 'nudge' || a.type === 'lift'))
              told[told.length - 1] = m;
            else told.push(m);
          }
          // A move that changes where a piece lies, or turns it, is in the trail.
          if (!sameArrangement(next.pieces, state.pieces)) expect(next.noted).toBeGreaterThan(state.noted);
          state = next;
        }
        expect(state.trail).toEqual(told);
        // In order of time.
        state.trail.forEach((m, k) => {
          expect(m[0]).toBeGreaterThanOrEqual(state.trail[k - 1]?.[0] ?? 0);
        });
      }),
      { seed, numRuns: 300 },
    );
  });

  it('makes a drag one move, its turns included, and a tap inside it none', () => {
    let state = reduce(start(), { type: 'begin', piece: 1, time: 1 });
    state = reduce(state, { type: 'turn', piece: 1, how: 'rotate', pivot: null, time: 2 });
    state = reduce(state, { type: 'place', piece: 1, at: [0, 0], time: 3 });
    expect(state.past).toHaveLength(1);
    expect(state.dragStart).toBeNull();
    expect(state.trail.map((m) => m[1])).toEqual(['turn', 'place']);
    const back = reduce(state, { type: 'undo', time: 4 });
    expect(sameArrangement(back.pieces, start().pieces)).toBe(true);
    const tap = reduce(reduce(state, { type: 'begin', piece: 0, time: 5 }), { type: 'end' });
    expect(tap.past).toEqual(state.past);
  });

  it('tap to place: a held piece aimed at a cell puts its anchor cell there', () => {
    let state = reduce(start(), { type: 'lift', piece: 1, anchor: 2, time: 1 });
    expect(state.held).toBe(1);
    expect(state.pieces[1]?.at).toBeNull();
    state = reduce(state, { type: 'aim', cell: [2, 3] });
    const anchor = state.pieces[1]?.cells[2] ?? [0, 0];
    const at = aimedAt(state);
    expect(at).toEqual([2 - anchor[0], 3 - anchor[1]]);
    // A turn keeps the anchor cell on the target.
    const turned = reduce(state, { type: 'turn', piece: 1, how: 'rotate', pivot: null, time: 2 });
    const a2 = turned.pieces[1]?.cells[2] ?? [0, 0];
    expect(aimedAt(turned)).toEqual([2 - a2[0], 3 - a2[1]]);
    const placed = reduce(turned, { type: 'place', piece: 1, at: aimedAt(turned), time: 3 });
    expect(placed.held).toBeNull();
    expect(placed.pieces[1]?.at).toEqual(aimedAt(turned));
    expect(placed.trail.map((m) => m[1])).toEqual(['turn', 'place']);
  });

  it('pins a hinted piece and sends the pieces in its way back to the tray; the moves before are not undone', () => {
    let state = reduce(start(), { type: 'place', piece: 0, at: [0, 0], time: 1 });
    state = reduce(state, {
      type: 'pin',
      shown: [
        {
          piece: 'L4',
          cells: [
            [0, 0],
            [0, 1],
            [0, 2],
            [1, 2],
          ],
        },
      ],
    });
    expect(state.pieces[1]?.pinned).toBe(true);
    expect(state.pieces[0]?.at).toBeNull();
    expect(state.past).toEqual([]);
  });

  it('a hint that comes during a drag stays pinned when that drag is undone', () => {
    let state = reduce(start(), { type: 'begin', piece: 2, time: 1 });
    const hint = {
      piece: 'L4',
      cells: [
        [0, 0],
        [0, 1],
        [0, 2],
        [1, 2],
      ] as Cell[],
    };
    state = reduce(state, { type: 'pin', shown: [hint] });
    state = reduce(state, { type: 'place', piece: 2, at: [1, 0], time: 2 });
    const undone = reduce(state, { type: 'undo', time: 3 });
    expect(undone.pieces[1]?.pinned).toBe(true);
    expect(undone.pieces[1]?.at).toEqual([0, 0]);
  });
});
