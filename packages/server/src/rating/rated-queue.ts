/*
 * The rated queue's pairing (docs/accounts.md, "Rated quick match"), without sockets or clocks of
 * its own: who waits, at what shown rating, since when. Each player's window is the ratings they
 * may be paired with: it starts at RATED_QUEUE.window either side of their rating and widens by
 * `widenBy` every `widenEveryMs` of waiting (game time), up to `widest`. Two players may sit
 * together when each is inside the other's window (so a newcomer's narrow window is not overruled
 * by a long wait of the other's), and both are established in the edition, or neither is.
 *
 * Nearest ratings first: every pair that may sit together is taken in order of their difference
 * (the longer wait first among equal ones), and each table then takes the others who may sit with
 * all of its players, nearest its mean first, up to four. A table of fewer than four waits until
 * one of its players has waited `gatherMs`, so that a third and a fourth near them can come.
 */

/** The queue's numbers (game time). */
export const RATED_QUEUE = {
  /** The window at joining: this many rating points either side. */
  window: 100,
  /** It widens by this much... */
  widenBy: 50,
  /** ...for each such wait... */
  widenEveryMs: 10_000,
  /** ...up to this many points either side (reached after 100 s). */
  widest: 600,
  /** A table of 2 or 3 goes once one of its players has waited this long (4 go at once). */
  gatherMs: 5_000,
  /** After this wait a casual table with bots is offered. */
  botsAfterMs: 60_000,
  /** People at a table. */
  tableOf: 4,
} as const;

/** Someone waiting in the queue. */
export interface Waiting {
  /** Who (the room's session id). */
  readonly id: string;
  /** The shown rating in the edition. */
  readonly rating: number;
  readonly established: boolean;
  /** When they joined (game time). */
  readonly since: number;
}

/** How far either side of their rating a player may be paired, having waited since `since`. */
export function windowOf(since: number, now: number): number {
  const steps = Math.floor(Math.max(0, now - since) / RATED_QUEUE.widenEveryMs);
  return Math.min(RATED_QUEUE.widest, RATED_QUEUE.window + steps * RATED_QUEUE.widenBy);
}

/** Whether two waiting players may sit at one table at `now`. */
export function compatible(a: Waiting, b: Waiting, now: number): boolean {
  const gap = Math.abs(a.rating - b.rating);
  return a.established === b.established && gap <= windowOf(a.since, now) && gap <= windowOf(b.since, now);
}

/** The tables to seat at `now` (2 to 4 players each, nearest ratings first); the others wait on. */
export function tablesOf(waiting: readonly Waiting[], now: number): Waiting[][] {
  const pairs: [Waiting, Waiting][] = [];
  for (const [i, a] of waiting.entries())
    for (const b of waiting.slice(i + 1)) if (compatible(a, b, now)) pairs.push([a, b]);
  pairs.sort(
    ([a, b], [c, d]) =>
      Math.abs(a.rating - b.rating) - Math.abs(c.rating - d.rating) ||
      Math.min(a.since, b.since) - Math.min(c.since, d.since),
  );
  const seated = new Set<Waiting>();
  const tables: Waiting[][] = [];
  for (const [a, b] of pairs) {
    if (seated.has(a) || seated.has(b)) continue;
    const table = [a, b];
    const mean = (): number => table.reduce((sum, w) => sum + w.rating, 0) / table.length;
    const others = waiting
      .filter((w) => !seated.has(w) && !table.includes(w))
      .sort((x, y) => Math.abs(x.rating - mean()) - Math.abs(y.rating - mean()) || x.since - y.since);
    for (const w of others) {
      if (table.length >= RATED_QUEUE.tableOf) break;
      if (table.every((t) => compatible(t, w, now))) table.push(w);
    }
    const gathered = table.length >= RATED_QUEUE.tableOf || table.some((w) => now - w.since >= RATED_QUEUE.gatherMs);
    // Not yet: its players stay free, for a nearer pair of the same people to come.
    if (!gathered) continue;
    for (const w of table) seated.add(w);
    tables.push(table);
  }
  return tables;
}

/** The bots of a casual table offered to a player of this shown rating, after the wait. */
export function botsFor(rating: number): ['casual' | 'expert' | 'master', 'casual' | 'expert' | 'master'] {
  const level = rating < 1600 ? 'casual' : rating < 1900 ? 'expert' : 'master';
  return [level, level];
}
