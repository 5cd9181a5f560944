import { afterEach, describe, expect, it } from 'vitest';
import { feel, HAPTICS, moveHaptic } from './haptics.js';
import { setSound } from './sound.js';

/** A navigator with a motor, recording what it is asked to do. */
function phone(active = true): { nav: Parameters<typeof feel>[1]; felt: (number | number[])[] } {
  const felt: (number | number[])[] = [];
  return {
    felt,
    nav: {
      vibrate: (pattern) => {
        felt.push(pattern);
        return true;
      },
      userActivation: { hasBeenActive: active },
    },
  };
}

describe('haptics', () => {
  afterEach(() => {
    setSound({ muted: false });
  });

  it('ticks on a snap and plays a pattern on a solve', () => {
    const { nav, felt } = phone();
    expect(feel('snap', nav)).toBe(true);
    expect(feel('solve', nav)).toBe(true);
    expect(felt).toEqual([HAPTICS.snap, [...HAPTICS.solve]]);
    // The tick is short; the pattern is pulses and pauses, longer in all than the tick.
    expect(HAPTICS.snap).toBeLessThanOrEqual(20);
    expect(HAPTICS.solve.reduce((a, b) => a + b, 0)).toBeGreaterThan(HAPTICS.snap * 10);
  });

  it('is silenced by the sound’s mute, and back with it', () => {
    const { nav, felt } = phone();
    setSound({ muted: true });
    expect(feel('snap', nav)).toBe(false);
    expect(feel('solve', nav)).toBe(false);
    setSound({ muted: false });
    expect(feel('snap', nav)).toBe(true);
    expect(felt).toEqual([HAPTICS.snap]);
  });

  it('does nothing, and throws nothing, where there is no API or it throws', () => {
    expect(feel('snap', undefined)).toBe(false);
    expect(feel('snap', {})).toBe(false);
    const throwing = {
      vibrate: (): boolean => {
        throw new Error('not allowed');
      },
    };
    expect(feel('solve', throwing)).toBe(false);
  });

  it('waits for the page’s first gesture (Chrome refuses a vibration before one)', () => {
    const { nav, felt } = phone(false);
    expect(feel('snap', nav)).toBe(false);
    expect(felt).toEqual([]);
  });

  it('follows a board’s moves: a piece put down ticks; a turn, a flip, back to the tray, an undo do not', () => {
    const felt: unknown[] = [];
    const original = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    Object.defineProperty(globalThis, 'navigator', {
      configurable: true,
      value: { vibrate: (p: unknown) => felt.push(p) > 0 },
    });
    try {
      for (const kind of ['turn', 'flip', 'back', 'undo', 'place'] as const) moveHaptic({ kind });
    } finally {
      if (original) Object.defineProperty(globalThis, 'navigator', original);
      else Reflect.deleteProperty(globalThis, 'navigator');
    }
    expect(felt).toEqual([HAPTICS.snap]);
  });
});
