/**
 * Counts the process keeps as things happen, for its metrics (prometheus.ts): refusals by their
 * code, and per-address limits hit. They are the process's (as Prometheus counts a process), so
 * the places that refuse need nothing handed to them to count.
 */
export interface Tally {
  /** Refusals by code: a game message's (`rejected`), an HTTP request's (its error code, or `http/<status>`). */
  readonly refusals: Map<string, number>;
  /** Per-address limits hit, by limit: `messages`, `game-connections`, `http`. */
  readonly limitHits: Map<string, number>;
}

/** The process's tally. */
export const tally: Tally = { refusals: new Map(), limitHits: new Map() };

const add = (counts: Map<string, number>, key: string): void => {
  counts.set(key, (counts.get(key) ?? 0) + 1);
};

/** A refusal was sent, its code `code`. */
export function countRefusal(code: string): void {
  add(tally.refusals, code);
}

/** A per-address limit was hit (`limit`: `messages`, `game-connections`, `http`). */
export function countLimitHit(limit: string): void {
  add(tally.limitHits, limit);
}
