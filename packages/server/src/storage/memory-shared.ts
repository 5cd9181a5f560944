/** Whether a store in memory is closed: its parts close together, as a database's do. */
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
