/*
 * The server's two clocks. The wall clock (Date.now) says what date it is: it is for times shown
 * to people and stored (a game's start and end, an account's creation, a session's expiry), and it
 * may jump (an operator or NTP sets it back or forward). Everything that measures time passing
 * (game time, deadlines, waits, rate limits, idle times) runs on `monotonicNow`, which only goes
 * forward at the pace of real time, whatever the wall clock does.
 */

/** Milliseconds on a clock that never goes back nor jumps (performance.now: Node's hrtime), from an arbitrary origin. */
export const monotonicNow = (): number => performance.now();

/**
 * Game time. The engines take the time as an argument; the server reads it here. It starts at the
 * wall clock's reading when the server starts (so that stored game times read as dates), then runs
 * on the monotonic clock: a wall clock set back or forward moves no deadline. `timeScale` makes game
 * time run faster than real time (tests and demos use it; 1 in production), so an hourglass of 60
 * game seconds lasts 60 / timeScale real seconds. Deadlines are game time.
 */
export class GameClock {
  readonly #origin = monotonicNow();
  readonly #start: number;
  /** How far the date this clock says is from the wall clock's (0 unless a test gave its own date). */
  readonly #dateShift: number;

  /**
   * `notBefore`: game time starts no earlier than this (a restarted server continues after the
   * last time its journal holds, whatever the time scale or the wall clock says). `wallNow`: the
   * date now, in ms (Date.now; a test may give its own).
   */
  constructor(
    readonly timeScale: number = 1,
    notBefore = 0,
    wallNow: number = Date.now(),
  ) {
    if (!(timeScale > 0)) throw new RangeError('timeScale must be positive');
    this.#start = Math.max(wallNow, notBefore);
    this.#dateShift = wallNow - Date.now();
  }

  /**
   * The date now, in ms since 1970 (the wall clock, at real pace whatever the time scale): what day
   * it is, for what goes by the calendar (the daily puzzle's day and when its solution comes out).
   */
  date(): number {
    return Date.now() + this.#dateShift;
  }

  /** Game time now, in whole ms (it names games and is stored in integer columns). */
  now(): number {
    return Math.floor(this.#start + (monotonicNow() - this.#origin) * this.timeScale);
  }

  /** Real ms until game time `at`. */
  until(at: number): number {
    return Math.max(0, (at - this.now()) / this.timeScale);
  }
}
