/** A wait that can be called off. */
export interface Timer {
  clear(): void;
}

/** A wait never set. */
const NEVER: Timer = { clear: () => undefined };

/** The longest wait Node's setTimeout keeps (about 24.8 days); a longer one fires at once. */
const LONGEST = 2 ** 31 - 1;

/**
 * A room's waits, on Node's own timers: each fires when it is due. Colyseus's room clock fires its
 * waits only on its ticks, which ride on the state patches sent every 50 ms; our rooms send no
 * state (their players get messages), so they turn the patches off (2,500 tables made 50,000
 * empty patch ticks a second) and wait with these instead. When the room goes they are closed:
 * whatever is still waiting is called off, and a wait set afterwards (by work that was under way,
 * such as a journal write that ends after the room) is never set.
 */
export class Timers {
  readonly #live = new Set<ReturnType<typeof setTimeout>>();
  readonly #repeating = new Set<ReturnType<typeof setInterval>>();
  #closed = false;

  /** Runs `run` in `ms` milliseconds, unless cleared first (as setTimeout); never once closed. */
  after(run: () => void, ms: number): Timer {
    if (this.#closed) return NEVER;
    const id = setTimeout(
      () => {
        this.#live.delete(id);
        run();
      },
      Math.min(LONGEST, Math.max(0, ms)),
    );
    this.#live.add(id);
    return {
      clear: () => {
        clearTimeout(id);
        this.#live.delete(id);
      },
    };
  }

  /** Runs `run` every `ms` milliseconds, until cleared (as setInterval); never once closed. */
  every(run: () => void, ms: number): Timer {
    if (this.#closed) return NEVER;
    const id = setInterval(run, Math.min(LONGEST, Math.max(1, ms)));
    this.#repeating.add(id);
    return {
      clear: () => {
        clearInterval(id);
        this.#repeating.delete(id);
      },
    };
  }

  /** Calls off every wait still to come, and any set later: the room is gone. */
  close(): void {
    this.#closed = true;
    for (const id of this.#live) clearTimeout(id);
    for (const id of this.#repeating) clearInterval(id);
    this.#live.clear();
    this.#repeating.clear();
  }

  /** How many waits are still to come. */
  get size(): number {
    return this.#live.size + this.#repeating.size;
  }
}
