import type { TrailKind } from '@ubongo/core';
import { soundMuted } from './sound.js';

/*
 * Touch you can feel, where the device has a vibration motor and the browser lets a page use it
 * (`navigator.vibrate`: Chrome on Android; not Safari, not a desktop): a short tick when a piece
 * snaps down, a pattern when a board is solved. The sound's mute (sound.ts) silences these too: one
 * switch for "leave me in peace". Where there is no API, nothing happens and nothing breaks.
 */

/** What is felt, in ms: a single pulse, or pulses and pauses in turn. */
export const HAPTICS = {
  /** A piece put down: as short as a motor makes felt. */
  snap: 12,
  /** A board solved: three beats, the last long. */
  solve: [40, 60, 40, 60, 120],
} as const satisfies Readonly<Record<string, number | readonly number[]>>;

export type Haptic = keyof typeof HAPTICS;

/** The part of `navigator` this needs (absent members: no such API). */
interface Vibrating {
  readonly vibrate?: (pattern: number | number[]) => boolean;
  readonly userActivation?: { readonly hasBeenActive: boolean };
}

/** The page's navigator; none outside a browser. */
const pageNavigator = (): Vibrating | undefined => (typeof navigator === 'undefined' ? undefined : navigator);

/**
 * Vibrates for `haptic`, unless muted or the platform cannot; whether it asked the device to. Not
 * before the page's first gesture: Chrome refuses a vibration then, and says so in the console.
 */
export function feel(haptic: Haptic, nav: Vibrating | undefined = pageNavigator()): boolean {
  if (!nav || typeof nav.vibrate !== 'function' || soundMuted()) return false;
  if (nav.userActivation && !nav.userActivation.hasBeenActive) return false;
  const pattern = HAPTICS[haptic];
  try {
    return nav.vibrate(typeof pattern === 'number' ? pattern : [...pattern]);
  } catch {
    // A browser that has the method but throws (a sandboxed frame, say): it stays still.
    return false;
  }
}

/** The feel of a move of the hand on a board (Puzzle's onMove): a tick when a piece is put down. */
export function moveHaptic(move: { readonly kind: TrailKind }): void {
  if (move.kind === 'place') feel('snap');
}
