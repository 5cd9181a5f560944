import type { z } from 'zod';
import { parseStored } from './schemas.js';

/** Whether a store in memory is closed: its four parts close together, as a database's do. */
export class Gate {
  #closed = false;

  close(): void {
    this.#closed = true;
  }

  /** Runs `work` as a database call would: asynchronously, and failing once closed. */
  run<T>(work: () => T): Promise<T> {
    // A throw in a promise's executor rejects it, as a database fails: asynchronously.
    return new Promise((resolve) => {
      if (this.#closed) throw new Error('storage is closed');
      resolve(work());
    });
  }
}

/**
 * A copy through JSON and the schema a database's rows are read with: the store and its callers
 * share no object, and a value comes back with exactly the fields SQLite would give back.
 */
export function copy<T>(schema: z.ZodType<T>, value: unknown, where: string, column: string): T {
  return parseStored(schema, JSON.parse(JSON.stringify(value)), where, column);
}
