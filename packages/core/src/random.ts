/** A seeded random generator whose whole state is one JSON-safe number (mulberry32). */
export interface Rng {
  /** The generator's state, an unsigned 32-bit integer; copy the object to fork the sequence. */
  state: number;
}

/** A generator seeded with `seed` (any integer; only its low 32 bits count). */
export function createRng(seed: number): Rng {
  return { state: seed >>> 0 };
}

/** The next unsigned 32-bit integer; advances `rng`. */
export function nextUint32(rng: Rng): number {
  rng.state = (rng.state + 0x6d2b79f5) >>> 0;
  let t = rng.state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

/** A uniform integer from 0 to `n - 1`; advances `rng`. */
export function randomInt(rng: Rng, n: number): number {
  if (!Number.isInteger(n) || n <= 0) throw new RangeError(`randomInt needs a positive integer, got ${n}`);
  return Math.floor((nextUint32(rng) / 0x1_0000_0000) * n);
}

/** A uniformly chosen element of a non-empty list; advances `rng`. */
export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError('pick needs a non-empty list');
  return items[randomInt(rng, items.length)] as T;
}

/** A shuffled copy of a list (Fisher-Yates); advances `rng`. */
export function shuffle<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(rng, i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
