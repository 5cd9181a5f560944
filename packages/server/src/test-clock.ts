import { GameClock } from './clock.js';

/**
 * Game time and the date as a test moves them (tests only): it runs `timeScale` times faster than
 * real time, as any GameClock, and can also stand still and be moved on by hand, so that what the
 * server measures (a solve's time, a queue's wait, a season's turn) is what the test says, however
 * busy the machine is.
 */
export class MovableClock extends GameClock {
  shift = 0;
  #held: number | null = null;

  override now(): number {
    return this.#held ?? super.now() + this.shift;
  }

  /** Game time stands still (a busy machine's players all arrive in the same instant)... */
  hold(): void {
    this.#held = this.now();
  }

  /** ...and goes on from where it stood. */
  release(): void {
    const held = this.#held;
    this.#held = null;
    if (held !== null) this.shift += held - this.now();
  }

  /** Game time (and the date) moved on by `ms`, standing still or not. */
  advance(ms: number): void {
    if (this.#held !== null) this.#held += ms;
    this.shift += ms;
  }

  override date(): number {
    return super.date() + this.shift;
  }
}
