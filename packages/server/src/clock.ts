/**
 * Game time. The engines take the time as an argument; the server reads it here. `timeScale`
 * makes game time run faster than the wall clock (tests and demos use it; 1 in production), so
 * an hourglass of 60 game seconds lasts 60 / timeScale real seconds. Deadlines are game time.
 */
export class GameClock {
  readonly #epoch = Date.now();
  readonly #start: number;

  /**
   * `notBefore`: game time starts no earlier than this (a restarted server continues after the
   * last time its journal holds, whatever the time scale).
   */
  constructor(
    readonly timeScale: number = 1,
    notBefore = 0,
  ) {
    if (!(timeScale > 0)) throw new RangeError('timeScale must be positive');
    this.#start = Math.max(this.#epoch, notBefore);
  }

  /** Game time now, in ms. */
  now(): number {
    return this.#start + (Date.now() - this.#epoch) * this.timeScale;
  }

  /** Real ms until game time `at`. */
  until(at: number): number {
    return Math.max(0, (at - this.now()) / this.timeScale);
  }
}
