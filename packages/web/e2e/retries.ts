import { afterAll } from 'vitest';

/*
 * How often a gesture of the scripted player (play.ts) needed a second try: a drag made again, a
 * double tap that did not flip and the Flip button used instead, a piece turned round once more.
 * The player still tries again silently (a person does); these counts are printed when each test
 * file ends, so that CI's logs show how often the gesture under test did not take the first time.
 * A count fails no test (yet).
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

// (vitest heads what a file prints with the file's name.)
afterAll(() => {
  const taken = takeRetries();
  const said = (Object.keys(taken) as Retry[]).map((kind) => `${kind}: ${taken[kind]}`).join(', ');
  console.warn(`second tries of the scripted player: ${said}`);
});
