import type { GameClock } from '../clock.js';
import { guarded } from '../rooms/messages.js';
import type { Timer, Timers } from '../rooms/timers.js';

/**
 * One wait of a room's until a game time (clock.ts), set again to move it: a room's next referee
 * step, a quick-match start, the end of the wait for people after a restart. What it runs is
 * guarded (messages.ts): a throw is logged, not lost with the room.
 */
export class Alarm {
  #timer: Timer | undefined;

  /** `services`: asked when a wait is set (a room is handed its services after it is built). */
  constructor(
    private readonly timers: Timers,
    private readonly services: () => {
      readonly clock: Pick<GameClock, 'until'>;
      readonly log: (message: string) => void;
    },
  ) {}

  /** Runs `run` just after game time `at` (and not sooner than `atLeastMs` real ms), instead of the wait set before. */
  set(what: string, at: number, run: () => void, atLeastMs = 0): void {
    this.clear();
    const { clock, log } = this.services();
    this.#timer = this.timers.after(guarded(what, log, run), Math.max(atLeastMs, clock.until(at) + 1));
  }

  /** Calls the wait off. */
  clear(): void {
    this.#timer?.clear();
    this.#timer = undefined;
  }
}
