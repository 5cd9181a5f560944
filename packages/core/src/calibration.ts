import type { Deck, TaskRef } from './deck.js';
import { taskOf } from './deck.js';

/*
 * The published calibration of the decks: each task's difficulty as play has measured it, on the
 * decks' scale of difficulty (docs/decks.md). What every player shares is ordered by it (the
 * campaign's levels, Storm's ramp, the daily's choice), so it changes only when it is published
 * again, never under a player's feet.
 *
 * Until a calibration is published, a task's calibrated difficulty is its static difficulty.
 */

/** A task's difficulty as published (its static difficulty while none is). The task must be the deck's. */
export function calibratedDifficulty(deck: Deck, task: TaskRef): number {
  return taskOf(deck, task).difficulty;
}
