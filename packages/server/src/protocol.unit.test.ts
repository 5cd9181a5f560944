import { describe, expect, it } from 'vitest';
import type { Same } from './protocol.js';
import {
  parseOccupant,
  practiceMessages,
  PROTOCOL_VERSION,
  raceJoinSchema,
  raceMessages,
  soloJoinSchema,
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
