import type { SoloGhost, SoloPuzzleTime, SoloResult } from '@ubongo/core';

/*
 * Racing a ghost, by the numbers (docs/courses.md, "Racing a ghost"): the running lead or lag
 * while the run is under way, and who won at its end. Both come from times the client holds
 * already: the ghost's puzzles as the server sent them (when each was dealt and how long it
 * took), and the player's solves as the server said them (its events' `at`, then the stored
 * run's puzzle times). The server decides nothing of a race: these are comparisons of its numbers.
 */

/** When the ghost made each of its solves (game ms into the run), in order. */
export function ghostSolveTimes(ghost: SoloGhost): number[] {
  return ghost.puzzles.filter((p) => p.outcome === 'solved').map((p) => p.from + p.ms);
}

/** When the player made each solve (game ms into the run), from the stored run's puzzle times, in order. */
export function solveTimesOf(puzzles: readonly SoloPuzzleTime[]): number[] {
  const times: number[] = [];
  let at = 0;
  for (const p of puzzles) {
    at += p.ms;
    if (p.outcome === 'solved') times.push(at);
  }
  return times;
}

/**
 * The lead or lag at a moment (`ms`: the player's time minus the ghost's for the same solve, so
 * below 0 is ahead), on the solve it is about (`puzzle`, 1 for the first). Settled (`live` false)
 * when both made that solve; running (`live`) while one of them has and the other not yet: then it
 * grows with the clock, the one behind at least that far behind.
 */
export interface Split {
  readonly puzzle: number;
  readonly ms: number;
  readonly live: boolean;
}

/**
 * The split at game time `now`: `mine` the player's solve times so far, `ghost` all the ghost's
 * (those after `now` are not made yet). Null before either has solved anything.
 */
export function splitAt(mine: readonly number[], ghost: readonly number[], now: number): Split | null {
  const m = mine.filter((t) => t <= now).length;
  const g = ghost.filter((t) => t <= now).length;
  if (m === g) {
    const mineAt = mine[m - 1];
    const ghostAt = ghost[g - 1];
    return mineAt === undefined || ghostAt === undefined ? null : { puzzle: m, ms: mineAt - ghostAt, live: false };
  }
  // One is a solve ahead: the other is behind by the time since it, and counting.
  if (g > m) return { puzzle: m + 1, ms: Math.max(0, now - (ghost[m] ?? now)), live: true };
  return { puzzle: g + 1, ms: -Math.max(0, now - (mine[g] ?? now)), live: true };
}

/**
 * Who won a race (`won`: the player), and by how much: `puzzles` solved more, or else `ms`.
 * A run of a number of puzzles: more solved wins, then the shorter time. A timed run: more solved
 * wins, then the earlier last solve. Under a tenth of a second apart is a tie (the times are shown
 * to tenths).
 */
export interface Verdict {
  readonly outcome: 'won' | 'lost' | 'tie';
  readonly puzzles: number;
  readonly ms: number;
}

const TIE_MS = 50;

/** The race's verdict: the player's result and puzzle times (the server's) against the ghost's. */
export function verdictOf(result: SoloResult, puzzles: readonly SoloPuzzleTime[], ghost: SoloGhost): Verdict {
  const ghostResult = ghost.result;
  const more = result.solved - ghostResult.solved;
  if (more !== 0) return { outcome: more > 0 ? 'won' : 'lost', puzzles: Math.abs(more), ms: 0 };
  let mine = result.ms;
  let theirs = ghostResult.ms;
  if (result.mode === 'timed') {
    // The same count in the same minutes: the one who got there first.
    mine = solveTimesOf(puzzles).at(-1) ?? 0;
    theirs = ghostSolveTimes(ghost).at(-1) ?? 0;
  }
  const ms = theirs - mine;
  if (Math.abs(ms) < TIE_MS) return { outcome: 'tie', puzzles: 0, ms: 0 };
  return { outcome: ms > 0 ? 'won' : 'lost', puzzles: 0, ms: Math.abs(ms) };
}

/**
 * A time apart, in seconds as a race says it: tenths under ten seconds ("2.4"), whole seconds
 * from there ("11"), in the language's digits. `whole`: always whole seconds, rounded down (a
 * running split that ticks once a second).
 */
export function secondsApart(ms: number, language: string, whole = false): string {
  const s = Math.abs(ms) / 1000;
  const tenths = !whole && s < 10;
  const value = tenths ? Math.round(s * 10) / 10 : whole ? Math.floor(s) : Math.round(s);
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: tenths ? 1 : 0,
    maximumFractionDigits: tenths ? 1 : 0,
  }).format(value);
}

/**
 * A time apart as a race says it: seconds under a minute (`secondsApart`), minutes and seconds
 * from there ("3:42"), whole seconds (rounded down when `whole`, as `secondsApart`).
 */
export function timeApart(ms: number, language: string, whole = false): { unit: 'seconds' | 'clock'; value: string } {
  const abs = Math.abs(ms);
  if (abs < 60_000) return { unit: 'seconds', value: secondsApart(abs, language, whole) };
  const s = whole ? Math.floor(abs / 1000) : Math.round(abs / 1000);
  return { unit: 'clock', value: `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}` };
}
