import type { TrailKind } from '@ubongo/core';
import { feel, moveHaptic } from '../haptics.js';
import { moveSound, play } from '../sound.js';

/**
 * A move of the hand on a board (Puzzle's onMove), heard and felt: a piece put down clicks and, on a
 * phone, ticks. One function for every board, the same at every render.
 */
export function boardMove(move: { readonly kind: TrailKind }): void {
  moveSound(move);
  moveHaptic(move);
}

/** My board solved: the fanfare, and on a phone a pattern to feel. */
export function solvedCue(): void {
  play('ubongo');
  feel('solve');
}
