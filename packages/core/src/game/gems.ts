import type { Rng } from '../random.js';
import { randomInt } from '../random.js';

/** The gems (classic) and stones (Extreme): rubies, sapphires, emeralds, ambers. */
export const GEMS = ['ruby', 'sapphire', 'emerald', 'amber'] as const;
/** One kind of gem. */
export type Gem = (typeof GEMS)[number];
/** How many of each gem. */
export type Gems = Record<Gem, number>;

/** What a gem is worth at the end of the game. */
export const GEM_POINTS: Readonly<Gems> = { ruby: 4, sapphire: 3, emerald: 2, amber: 1 };

/** Fixed scoring (Polish rulebook): the gem each solving place takes, first to fourth. */
export const FIXED_SCORING: readonly Gem[] = ['ruby', 'sapphire', 'emerald', 'amber'];

/** The colours of the jewels of the original jewel-board edition. */
export const JEWEL_COLOURS = ['green', 'red', 'blue', 'violet', 'brown', 'yellow'] as const;
/** One jewel colour. */
export type JewelColour = (typeof JEWEL_COLOURS)[number];

/** No gems. */
export function noGems(): Gems {
  return { ruby: 0, sapphire: 0, emerald: 0, amber: 0 };
}

/** How many gems in all. */
export function gemCount(gems: Gems): number {
  return GEMS.reduce((n, g) => n + gems[g], 0);
}

/** The points of a collection: the sum of the gems' values. */
export function gemPoints(gems: Gems): number {
  return GEMS.reduce((n, g) => n + gems[g] * GEM_POINTS[g], 0);
}

/** Draws one gem at random from a bag (each gem equally likely), taking it out; undefined if empty. */
export function drawGem(bag: Gems, rng: Rng): Gem | undefined {
  const total = gemCount(bag);
  if (total === 0) return undefined;
  let k = randomInt(rng, total);
  for (const g of GEMS) {
    if (k < bag[g]) {
      bag[g]--;
      return g;
    }
    k -= bag[g];
  }
  return undefined;
}
