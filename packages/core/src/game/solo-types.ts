import type { ProposedPlacement } from '../checker.js';
import type { DieFace, PieceSet, Side, TaskRef } from '../deck.js';
import type { Puzzle } from '../puzzle.js';
import type { Rng } from '../random.js';
import type { Deal } from './race.js';
import type { PlayerId } from './types.js';

/** The two solo variants. */
export const SOLO_MODES = ['timed', 'count'] as const;
/** `timed`: most puzzles in the time; `count`: the puzzles in the least time. */
export type SoloMode = (typeof SOLO_MODES)[number];
/** A run deals at most this many puzzles (solved or set aside), which bounds its state. */
export const SOLO_MAX_PUZZLES = 500;
/** The lengths the rulebooks give: minutes (timed) or puzzles (count). */
export const SOLO_LIMITS = [5, 10, 20] as const;

/**
 * How a run deals: boards shuffled (the rulebooks'), the tasks nearest the player's level (never a
 * record), or a course's tasks in the course's order (the campaign's level, the daily puzzle,
 * Storm's ramp: each has boards of its own, never the solo boards), or a ghost's: shuffled boards
 * dealt as a recorded run was (its seed), raced against it (never a record: the tasks were known),
 * or a board a player made (docs/boards.md: its own times board).
 */
export const SOLO_DEALINGS = ['shuffled', 'level', 'campaign', 'daily', 'storm', 'ghost', 'board', 'archive'] as const;
export type SoloDealing = (typeof SOLO_DEALINGS)[number];

/** How a solo game is set up. */
export interface SoloConfig {
  /** The player. */
  readonly player: PlayerId;
  /** Which variant. */
  readonly mode: SoloMode;
  /** Minutes (timed) or puzzles (count): 5, 10 or 20. */
  readonly limit: number;
  /** Easy or hard boards. */
  readonly side: Side;
  /** The pieces handed out: the task's only (the default), or the whole set as in the box. */
  readonly pieceSet?: PieceSet;
  /**
   * The tasks to deal from, in place of the shuffled boards with a roll of the die each (dealing at
   * the player's level): dealt in a shuffled order, shuffled again once all are dealt.
   */
  readonly pool?: readonly { readonly board: string; readonly key: DieFace }[];
  /**
   * A course: these tasks, dealt in this order, in place of shuffled boards (the campaign's level,
   * the daily puzzle). The run ends when the last is solved or set aside (or, timed,
   * when the time is up); a count run's limit is then the course's length. The tasks may be of
   * either deck (the engine's), each on its own side.
   */
  readonly tasks?: readonly TaskRef[];
  /**
   * A clock that moves (Storm, docs/courses.md): a timed run whose deadline a fast solve pushes
   * back and a set-aside brings forward (`SoloClock`). The run ends when the deadline comes.
   */
  readonly clock?: SoloClock;
}

/**
 * The rules of a clock that moves. A solve within `fastMs` of its deal gives back
 * `soloClockBonus(clock, combo)` ms (the combo counting this solve); a slower solve gives back
 * nothing but keeps the combo. A set-aside costs `skipMs` and ends the combo; if that leaves no
 * time, the run ends there and then.
 */
export interface SoloClock {
  /** A solve within this many ms of its deal is fast. */
  readonly fastMs: number;
  /** What a fast solve gives back, at a combo below `comboEvery`. */
  readonly bonusMs: number;
  /** Every this many solves in a row add `comboBonusMs` to a fast solve's bonus... */
  readonly comboEvery: number;
  readonly comboBonusMs: number;
  /** ...up to this bonus. */
  readonly maxBonusMs: number;
  /** What setting a task aside costs. */
  readonly skipMs: number;
}

/** The ms a fast solve gives back at `combo` solves in a row (this one counted). */
export function soloClockBonus(clock: SoloClock, combo: number): number {
  return Math.min(clock.maxBonusMs, clock.bonusMs + clock.comboBonusMs * Math.floor(combo / clock.comboEvery));
}

/** One puzzle of a solo game and what became of it. */
export interface SoloEntry {
  readonly deal: Deal;
  readonly outcome: 'solved' | 'skipped';
  /** When, in ms since the start. */
  readonly at: number;
}

/** The whole state of a solo game. */
export interface SoloState {
  readonly config: SoloConfig;
  readonly rng: Rng;
  readonly phase: 'waiting' | 'playing' | 'finished';
  readonly deck: readonly string[];
  readonly discard: readonly string[];
  readonly current: Deal | null;
  readonly startedAt: number | null;
  /** Timed games end at this moment. */
  readonly endsAt: number | null;
  readonly finishedAt: number | null;
  readonly log: readonly SoloEntry[];
  /** Solves in a row since the start or the last set-aside. */
  readonly combo: number;
}

/** What a solo player may do; `tick` comes from the referee. */
export type SoloAction =
  | { readonly type: 'start' }
  | { readonly type: 'claim'; readonly placements: readonly ProposedPlacement[] }
  | { readonly type: 'skip' }
  | { readonly type: 'tick' };

/** What happened. */
export type SoloEvent =
  | { readonly type: 'puzzle'; readonly deal: Deal }
  /** `clockMs`, `combo`: a clock that moves only (`SoloConfig.clock`): what the step did to the deadline, and the combo after it. */
  | {
      readonly type: 'solved';
      readonly solved: number;
      readonly at: number;
      readonly clockMs?: number;
      readonly combo?: number;
    }
  | { readonly type: 'skipped'; readonly at: number; readonly clockMs?: number; readonly combo?: number }
  | { readonly type: 'finished'; readonly result: SoloResult };

/** How a solo game went: the record to beat. */
export interface SoloResult {
  readonly mode: SoloMode;
  readonly limit: number;
  readonly side: Side;
  /** Puzzles solved. */
  readonly solved: number;
  /** Puzzles set aside. */
  readonly skipped: number;
  /** Time taken, in ms (the whole limit for a timed game). */
  readonly ms: number;
}

/** What the player sees of a solo game: its settings, where it stands, the puzzle to solve. */
export interface SoloView {
  readonly phase: SoloState['phase'];
  readonly mode: SoloMode;
  readonly limit: number;
  readonly side: Side;
  readonly startedAt: number | null;
  /** Timed games end at this moment. */
  readonly endsAt: number | null;
  readonly solved: number;
  readonly skipped: number;
  /** The board, side and die face dealt. */
  readonly current: Deal | null;
  /** The current puzzle, checked: the grid, the white area and the pieces' shapes. */
  readonly task: Puzzle | null;
  /** Playing with the whole set as in the box: the pieces in front of you; null otherwise. */
  readonly set: Puzzle['pieces'] | null;
  readonly result: SoloResult | null;
  /**
   * A clock that moves (`SoloConfig.clock`): its rules, the solves in a row, the best run of them,
   * and when the task on the board was dealt (ms since the start; a solve before `dealtAt + fastMs` is fast).
   */
  readonly clock?: {
    readonly rules: SoloClock;
    readonly combo: number;
    readonly bestCombo: number;
    readonly dealtAt: number;
  };
}

/** The longest run of solves without a set-aside in a log. */
export function bestComboOf(log: readonly { readonly outcome: string }[]): number {
  let best = 0;
  let combo = 0;
  for (const e of log) {
    combo = e.outcome === 'solved' ? combo + 1 : 0;
    best = Math.max(best, combo);
  }
  return best;
}

/**
 * Compares two results of the same mode and limit: positive when `a` is the better record. Timed:
 * more puzzles solved, then less time. Count: a complete run beats an incomplete one, then less time.
 */
export function compareSoloResults(a: SoloResult, b: SoloResult): number {
  switch (a.mode) {
    case 'timed':
      return a.solved - b.solved || b.ms - a.ms;
    case 'count': {
      const complete = (r: SoloResult): number => (r.solved >= r.limit ? 1 : 0);
      return complete(a) - complete(b) || (complete(a) === 1 ? b.ms - a.ms : a.solved - b.solved);
    }
  }
}

/**
 * Whether `result` is a new best against `best` (none yet: any complete count run, any timed run
 * with a solve: nothing solved is nobody's best).
 */
export function isNewBest(result: SoloResult, best: SoloResult | null): boolean {
  if (result.mode === 'count' && result.solved < result.limit) return false;
  if (result.solved === 0) return false;
  return best === null || compareSoloResults(result, best) > 0;
}
