import { describe, expect, it } from 'vitest';
import type { Same } from './protocol.js';
import {
  parseOccupant,
  practiceMessages,
  PROTOCOL_VERSION,
  raceJoinSchema,
  raceMessages,
  soloJoinSchema,
  soloMessages,
} from './protocol.js';

/** Compiles only when `T` is `true`: the checks below are made by `npm run typecheck`. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the parameter is the check
const holds = <T extends true>(): T | undefined => undefined;

describe('the check that schemas and protocol types agree', () => {
  it('sees a field added, dropped or changed at any depth, arrays and tuples included', () => {
    holds<Same<{ a: { b: number } }, { readonly a: { readonly b: number } }>>();
    holds<Same<{ a?: readonly string[] }, { readonly a?: readonly string[] }>>();
    // @ts-expect-error a nested optional field on one side only
    holds<Same<{ a: { b: number; c?: string } }, { a: { b: number } }>>();
    // @ts-expect-error an optional field in the items of an array
    holds<Same<{ a: { b: number; c?: string }[] }, { a: { b: number }[] }>>();
    // @ts-expect-error a tuple of another length
    holds<Same<{ cell: [number, number] }, { cell: [number, number, number] }>>();
    // @ts-expect-error a value of another type
    holds<Same<{ a: 'x' | 'y' }, { a: 'x' }>>();
    expect(holds()).toBeUndefined();
  });
});

describe('the schemas at the socket', () => {
  it('take what the protocol says and refuse anything more or less', () => {
    const placements = [{ piece: 'L4', cells: [[0, 0] as const] }];
    expect(raceMessages.claim.safeParse({ placements }).success).toBe(true);
    expect(raceMessages.claim.safeParse({ placements, extra: 1 }).success).toBe(false);
    expect(raceMessages.claim.safeParse({ placements: [{ ...placements[0], turn: 1 }] }).success).toBe(false);
    expect(raceMessages.start.safeParse({}).success).toBe(true);
    expect(raceMessages.start.safeParse({ now: true }).success).toBe(false);
    expect(practiceMessages.task.safeParse({ edition: 'jewels', board: 'C01', side: 'easy', key: '1' }).success).toBe(
      false,
    );
    expect(raceJoinSchema.safeParse({ protocol: PROTOCOL_VERSION, seatKey: '' }).success).toBe(false);
    expect(raceJoinSchema.safeParse({ protocol: PROTOCOL_VERSION, side: 'middle' }).success).toBe(false);
    expect(
      soloJoinSchema.safeParse({ protocol: PROTOCOL_VERSION, mode: 'count', limit: 7, side: 'easy' }).success,
    ).toBe(false);
    expect(
      soloJoinSchema.safeParse({ protocol: PROTOCOL_VERSION, mode: 'count', limit: 5, side: 'easy' }).success,
    ).toBe(true);
  });
});

describe('a stored seat read back', () => {
  it('gives who sat there when it is one, and nothing for what is not (or for an older record)', () => {
    for (const occupant of [
      { kind: 'human', name: 'Ana' },
      { kind: 'bot', level: 'expert', number: 2 },
      { kind: 'stand-in', level: 'casual', for: 'Ben' },
    ])
      expect(parseOccupant(occupant)).toEqual(occupant);
    for (const bad of [
      undefined,
      null,
      'Bot 1 (expert)',
      { kind: 'bot', level: 'godlike', number: 1 },
      { kind: 'bot', level: 'expert', number: 0 },
      { kind: 'bot', level: 'expert' },
      { kind: 'human', name: 'Ana', extra: 1 },
      { kind: 'ghost', name: 'Ana' },
    ])
      expect(parseOccupant(bad)).toBeUndefined();
  });
});

describe('a claim’s trail with lies (protocol 6)', () => {
  it('takes moves with and without a lie, refuses a lie of another shape, and the longest claim fits a message', async () => {
    const { MAX_MESSAGE_BYTES } = await import('./protocol.js');
    const { MAX_TRAIL_MOVES } = await import('@ubongo/core');
    const claim = soloMessages.claim;
    const placements = [{ piece: 'L4', cells: [[0, 0]] }];
    expect(
      claim.safeParse({
        placements,
        trail: [
          [10, 'turn', 'L4'],
          [20, 'place', 'L4', [1, -2, 7]],
        ],
      }).success,
    ).toBe(true);
    expect(claim.safeParse({ placements, trail: [[20, 'place', 'L4', [1, 2]]] }).success).toBe(false);
    expect(claim.safeParse({ placements, trail: [[20, 'place', 'L4', [1, 2, 12]]] }).success).toBe(false);
    expect(claim.safeParse({ placements, trail: [[20, 'place', 'L4', [1.5, 2, 3]]] }).success).toBe(false);
    // The widest claim a hand sends: 16 pieces of 5 cells on a board of two-digit cells, 400 moves
    // late in a day (ms to the 8th digit), each with a lie. (Lies of three-digit cells, which no
    // board has, would pass the limit by a few bytes: the claim would be refused as too large.)
    const widest = {
      placements: Array.from({ length: 16 }, (_, i) => ({
        piece: `#${i + 10}`,
        cells: Array.from({ length: 5 }, (_, k) => [10 + k, 10 + i]),
      })),
      trail: Array.from({ length: MAX_TRAIL_MOVES }, (_, i) => [
        86_000_000 + i,
        'place',
        `#${(i % 16) + 10}`,
        [-10, 99, 11],
      ]),
    };
    expect(claim.safeParse(widest).success).toBe(true);
    expect(JSON.stringify(widest).length).toBeLessThan(MAX_MESSAGE_BYTES);
  });
});
