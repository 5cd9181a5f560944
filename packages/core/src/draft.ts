/*
 * The engines apply an action to a copy of the state, never to the state they were given: a
 * refused action changes nothing, and a caller may keep the old state. Core has no structuredClone
 * (no DOM or Node types here), and a JSON round trip would say nothing of what a state may hold.
 */

/** A deeply writable version of a readonly type: what an engine edits while it applies an action. */
export type Mutable<T> = { -readonly [K in keyof T]: Mutable<T[K]> };

/** A deep copy of plain data (objects, arrays, strings, numbers, booleans, null) that may be edited. */
export function draft<T>(value: T): Mutable<T> {
  return copy(value) as Mutable<T>;
}

function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy);
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = copy(v);
    return out;
  }
  return value;
}
