/**
 * Game time. The engines take the time as an argument; the server reads it here. `timeScale`
 * makes game time run faster than the wall clock (tests and demos use it; 1 in production), so
 * an hourglass of 60 game seconds lasts 60 / timeScale real seconds. Deadlines are game time.
 */
export class GameClock {
  readonly #epoch = Date.now();

  constructor(readonly timeScale: number = 1) {
    if (!(timeScale > 0)) throw new RangeError('timeScale must be positive');
  }

  /** Game time now, in ms. */
  now(): number {
    return this.#epoch + (Date.now() - this.#epoch) * this.timeScale;
  }

  /** Real ms until game time `at`. */
  until(at: number): number {
    return Math.max(0, (at - this.now()) / this.timeScale);
  }
}
