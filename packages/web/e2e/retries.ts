import { afterAll } from 'vitest';

/*
 * How often a gesture of the scripted player (play.ts) needed a second try: a drag made again, a
 * double tap that did not flip and the Flip button used instead, a piece turned round once more.
 * The player still tries again (a person does); these counts are printed when each test file ends,
 * so that CI's logs show how often the gesture under test did not take the first time, and a file
 * whose gestures needed more than one second try in all fails with the counts (house issue 44:
 * one is a finger on a busy machine, more is a gesture that does not work).
 */

/** A second try of the scripted player. */
export type Retry = 'drag again' | 'double tap fell back to Flip' | 'orient retried';

const NONE: Readonly<Record<Retry, number>> = {
  'drag again': 0,
  'double tap fell back to Flip': 0,
  'orient retried': 0,
};

// One count per test file: vitest loads this module afresh in each.
let counts: Record<Retry, number> = { ...NONE };

/** Counts one second try of this kind. */
export function retried(kind: Retry): void {
  counts[kind] += 1;
}

/** The second tries counted since the last call (or since the file began), by kind; then none. */
export function takeRetries(): Record<Retry, number> {
  const taken = counts;
  counts = { ...NONE };
  return taken;
}

/** The most second tries a test file may need. */
export const MOST_RETRIES = 1;

// (vitest heads what a file prints with the file's name; a throw here fails the file.)
afterAll(() => {
  const taken = takeRetries();
  const said = (Object.keys(taken) as Retry[]).map((kind) => `${kind}: ${taken[kind]}`).join(', ');
  console.warn(`second tries of the scripted player: ${said}`);
  const all = Object.values(taken).reduce((a, b) => a + b, 0);
  if (all > MOST_RETRIES)
    throw new Error(`the scripted player needed ${all} second tries in this file (at most ${MOST_RETRIES}): ${said}`);
});
