import type { ProposedPlacement } from '../checker.js';
import { checkSolution } from '../checker.js';
import type { Deck, DieFace, PieceSet, Side, TaskKey, TaskRef } from '../deck.js';
import { boxSetOf, DIE_FACES, findTask, PIECE_SETS, puzzleOf as deckPuzzle, SIDES } from '../deck.js';
import type { Mutable } from '../draft.js';
import { draft } from '../draft.js';
import type { Puzzle } from '../puzzle.js';
import type { Rng } from '../random.js';
import { createRng, randomInt, shuffle } from '../random.js';
import type { Result } from '../result.js';
import { err, ok } from '../result.js';
import type { Deal } from './race.js';
import { claimRefusal } from './refusal.js';
import type { GameError, PlayerId } from './types.js';

/*
 * The solo variants of the classic rulebooks (docs/rules.md §5): as many puzzles as possible in
 * 5, 10 or 20 minutes (`timed`), or 5, 10 or 20 puzzles as fast as possible (`count`). A puzzle
 * may be set aside and a new one drawn. Each puzzle is a new board and a new roll of the die.
 */

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
 * dealt as a recorded run was (its seed), raced against it (never a record: the tasks were known).
 */
export const SOLO_DEALINGS = ['shuffled', 'level', 'campaign', 'daily', 'storm', 'ghost'] as const;
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

type Step = Result<{ state: SoloState; events: SoloEvent[] }, GameError>;

const refuse = (code: GameError['code'], message: string): { ok: false; error: GameError } => err({ code, message });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isOneOf = <T extends string>(list: readonly T[], v: unknown): v is T =>
  typeof v === 'string' && (list as readonly string[]).includes(v);

/** What is wrong with a well-shaped configuration, if anything: the lengths the rulebooks give. */
function checkSoloConfig(config: SoloConfig): string | undefined {
  if (config.player.length === 0) return 'the player needs an id';
  const { tasks } = config;
  if (tasks !== undefined) {
    if (tasks.length === 0 || tasks.length > SOLO_MAX_PUZZLES) return `a course holds 1 to ${SOLO_MAX_PUZZLES} tasks`;
    if (config.pool !== undefined) return 'a course deals its own tasks, not a pool';
    if (config.mode === 'count' && config.limit !== tasks.length) return "a course's count is its number of tasks";
    if (config.mode === 'timed' && !(Number.isInteger(config.limit) && config.limit >= 1 && config.limit <= 20))
      return "a timed course's limit is 1 to 20 minutes";
    return checkClock(config);
  }
  if (config.clock !== undefined) return "a clock that moves is a course's";
  if (!(SOLO_LIMITS as readonly number[]).includes(config.limit)) return 'the limit is 5, 10 or 20';
  if (config.pool?.length === 0) return 'a pool holds tasks of the deck';
  return undefined;
}

/** What is wrong with a course's clock that moves, if anything. */
function checkClock(config: SoloConfig): string | undefined {
  const { clock } = config;
  if (clock === undefined) return undefined;
  if (config.mode !== 'timed') return "a clock that moves is a timed run's";
  const ms = [clock.fastMs, clock.bonusMs, clock.comboBonusMs, clock.maxBonusMs, clock.skipMs];
  if (!ms.every((v) => Number.isInteger(v) && v >= 0 && v <= 600_000)) return "a clock's times are 0 to 600000 ms";
  if (!(Number.isInteger(clock.comboEvery) && clock.comboEvery >= 1))
    return "a clock's combo step is a whole number from 1";
  return undefined;
}

const CLOCK_FIELDS = ['fastMs', 'bonusMs', 'comboEvery', 'comboBonusMs', 'maxBonusMs', 'skipMs'] as const;

/**
 * Reads a configuration that comes from outside (a message, a stored run, a file) into the checked
 * type the engine takes, or says what is wrong with it. Whether a pool's tasks are the deck's is
 * the engine's to say (`setup`): it has the deck.
 */
export function parseSoloConfig(raw: unknown): Result<SoloConfig, GameError> {
  if (!isObject(raw)) return refuse('config/invalid', 'a configuration is an object');
  const { player, mode, limit, side, pieceSet, pool, tasks, clock } = raw;
  if (typeof player !== 'string') return refuse('config/invalid', 'the player needs an id');
  if (!isOneOf(SOLO_MODES, mode)) return refuse('config/invalid', 'mode is timed or count');
  if (typeof limit !== 'number') return refuse('config/invalid', 'the limit is 5, 10 or 20');
  if (!isOneOf(SIDES, side)) return refuse('config/invalid', 'the side is easy or hard');
  if (pieceSet !== undefined && !isOneOf(PIECE_SETS, pieceSet))
    return refuse('config/invalid', 'the piece set is task or box');
  const pooled: { board: string; key: DieFace }[] = [];
  if (pool !== undefined) {
    if (!Array.isArray(pool)) return refuse('config/invalid', 'a pool holds tasks of the deck');
    for (const t of pool as unknown[]) {
      if (!isObject(t) || typeof t['board'] !== 'string' || !isOneOf(DIE_FACES, t['key']))
        return refuse('config/invalid', 'a pool holds tasks of the deck');
      pooled.push({ board: t['board'], key: t['key'] });
    }
  }
  const course: TaskRef[] = [];
  if (tasks !== undefined) {
    if (!Array.isArray(tasks)) return refuse('config/invalid', 'a course holds tasks of the deck');
    for (const t of tasks as unknown[]) {
      if (!isObject(t) || typeof t['board'] !== 'string' || !isOneOf(SIDES, t['side']) || typeof t['key'] !== 'string')
        return refuse('config/invalid', 'a course holds tasks of the deck');
      course.push({ board: t['board'], side: t['side'], key: t['key'] });
    }
  }
  let rules: SoloClock | undefined;
  if (clock !== undefined) {
    if (!isObject(clock) || !CLOCK_FIELDS.every((f) => typeof clock[f] === 'number'))
      return refuse('config/invalid', 'a clock lists its times');
    const n = (f: (typeof CLOCK_FIELDS)[number]): number => clock[f] as number;
    rules = {
      fastMs: n('fastMs'),
      bonusMs: n('bonusMs'),
      comboEvery: n('comboEvery'),
      comboBonusMs: n('comboBonusMs'),
      maxBonusMs: n('maxBonusMs'),
      skipMs: n('skipMs'),
    };
  }
  const config: SoloConfig = {
    player,
    mode,
    limit,
    side,
    ...(pieceSet === undefined ? {} : { pieceSet }),
    ...(pool === undefined ? {} : { pool: pooled }),
    ...(tasks === undefined ? {} : { tasks: course }),
    ...(rules === undefined ? {} : { clock: rules }),
  };
  const problem = checkSoloConfig(config);
  return problem ? refuse('config/invalid', problem) : ok(config);
}

/** Reads an action that comes from outside into the checked type; a claim's placements are the checker's to judge. */
export function parseSoloAction(raw: unknown): Result<SoloAction, GameError> {
  if (!isObject(raw) || typeof raw['type'] !== 'string')
    return refuse('action/malformed', 'an action is an object with a type');
  const type = raw['type'];
  switch (type) {
    case 'start':
    case 'skip':
    case 'tick':
      return ok({ type });
    case 'claim': {
      const placements = raw['placements'];
      if (!Array.isArray(placements)) return refuse('action/malformed', 'a claim lists its placements');
      return ok({ type, placements: placements as ProposedPlacement[] });
    }
    default:
      return refuse('action/malformed', `unknown action ${type}`);
  }
}

/** The solo referee for a (classic) deck. */
export interface SoloEngine {
  setup(config: SoloConfig, seed: number): Result<SoloState, GameError>;
  apply(state: SoloState, action: SoloAction, now: number): Step;
  /** The current puzzle, for the player. */
  puzzleOf(deal: Deal): Puzzle;
  /** What the player sees. */
  view(state: SoloState): SoloView;
  result(state: SoloState): SoloResult | undefined;
}

/** The solo engine for a deck. */
export function soloEngine(deck: Deck): SoloEngine {
  const puzzleOf = (deal: Deal): Puzzle => deckPuzzle(deck, deal);

  /** Deals the next puzzle; says false when a course has none left (the run is then over). */
  function draw(s: Mutable<SoloState>, events: SoloEvent[]): boolean {
    const { pool, tasks } = s.config;
    if (tasks) {
      // The course's tasks in order: the deck holds the indices still to deal.
      const task = tasks[Number(s.deck.shift())];
      if (!task) return false;
      s.current = { player: s.config.player, board: task.board, side: task.side, key: task.key as TaskKey };
      events.push({ type: 'puzzle', deal: s.current });
      return true;
    }
    if (pool && pool.length > 0) {
      // The deck holds the pool's indices.
      if (s.deck.length === 0) s.deck = shuffle(s.rng, [...pool.keys()].map(String));
      const task = pool[Number(s.deck.shift())] ?? pool[0];
      if (task) {
        s.current = { player: s.config.player, board: task.board, side: s.config.side, key: task.key };
        events.push({ type: 'puzzle', deal: s.current });
        return true;
      }
    }
    if (s.deck.length === 0) {
      s.deck = shuffle(s.rng, s.discard);
      s.discard = [];
    }
    const board = s.deck.shift() as string;
    const key = DIE_FACES[randomInt(s.rng, DIE_FACES.length)] as DieFace;
    s.current = { player: s.config.player, board, side: s.config.side, key };
    events.push({ type: 'puzzle', deal: s.current });
    return true;
  }

  function result(state: SoloState): SoloResult | undefined {
    if (state.phase !== 'finished' || state.startedAt === null || state.finishedAt === null) return undefined;
    const { mode, limit, side } = state.config;
    return {
      mode,
      limit,
      side,
      solved: state.log.filter((e) => e.outcome === 'solved').length,
      skipped: state.log.filter((e) => e.outcome === 'skipped').length,
      ms: state.finishedAt - state.startedAt,
    };
  }

  function finish(s: Mutable<SoloState>, at: number, events: SoloEvent[]): void {
    s.phase = 'finished';
    s.finishedAt = at;
    if (s.current) s.discard.push(s.current.board);
    s.current = null;
    const r = result(s);
    if (r) events.push({ type: 'finished', result: r });
  }

  function view(state: SoloState): SoloView {
    const count = (outcome: SoloEntry['outcome']): number => state.log.filter((e) => e.outcome === outcome).length;
    return {
      phase: state.phase,
      mode: state.config.mode,
      limit: state.config.limit,
      side: state.config.side,
      startedAt: state.startedAt,
      endsAt: state.endsAt,
      solved: count('solved'),
      skipped: count('skipped'),
      current: state.current,
      task: state.current ? puzzleOf(state.current) : null,
      set: state.current && state.config.pieceSet === 'box' ? boxSetOf(deck, state.current) : null,
      result: result(state) ?? null,
      ...(state.config.clock
        ? {
            clock: {
              rules: state.config.clock,
              combo: state.combo,
              bestCombo: bestComboOf(state.log),
              dealtAt: dealtAt(state),
            },
          }
        : {}),
    };
  }

  /** When the task on the board was dealt, in ms since the start. */
  const dealtAt = (state: SoloState): number => state.log.at(-1)?.at ?? 0;

  /** A claim, a skip or the referee's tick, once the game has started. */
  function play(
    s: Mutable<SoloState>,
    action: Exclude<SoloAction, { type: 'start' }>,
    now: number,
    events: SoloEvent[],
  ): Step {
    if (s.phase !== 'playing' || s.startedAt === null || s.current === null)
      return refuse('action/wrong-phase', 'the game has not started');
    const at = now - s.startedAt;
    if (s.endsAt !== null && now >= s.endsAt) {
      // Time is up: nothing counts after it; the referee's tick ends the game.
      if (action.type !== 'tick') return refuse('claim/too-late', 'the time is up');
      finish(s, s.endsAt, events);
      return ok({ state: s, events });
    }
    if (action.type === 'tick') return ok({ state: s, events });
    if (s.log.length >= SOLO_MAX_PUZZLES)
      return refuse('action/limit', `a run deals at most ${SOLO_MAX_PUZZLES} puzzles`);
    const deal = s.current;
    const { clock } = s.config;
    switch (action.type) {
      case 'skip': {
        s.log.push({ deal, outcome: 'skipped', at });
        s.discard.push(deal.board);
        s.combo = 0;
        if (!clock || s.endsAt === null) {
          events.push({ type: 'skipped', at });
          if (!draw(s, events)) finish(s, now, events);
          return ok({ state: s, events });
        }
        // A clock that moves: the set-aside costs time; with no time left the run ends now.
        s.endsAt = Math.max(now, s.endsAt - clock.skipMs);
        events.push({ type: 'skipped', at, clockMs: -clock.skipMs, combo: 0 });
        if (s.endsAt <= now || !draw(s, events)) finish(s, now, events);
        return ok({ state: s, events });
      }
      case 'claim': {
        const check = checkSolution(puzzleOf(deal), action.placements);
        if (!check.ok) return err(claimRefusal(check.error));
        const dealt = dealtAt(s);
        s.log.push({ deal, outcome: 'solved', at });
        s.discard.push(deal.board);
        const solved = s.log.filter((e) => e.outcome === 'solved').length;
        s.combo += 1;
        if (clock && s.endsAt !== null) {
          // A clock that moves: a fast solve gives back time, more as the combo grows.
          const back = at - dealt <= clock.fastMs ? soloClockBonus(clock, s.combo) : 0;
          s.endsAt += back;
          events.push({ type: 'solved', solved, at, clockMs: back, combo: s.combo });
        } else events.push({ type: 'solved', solved, at });
        if (s.config.mode === 'count' && solved >= s.config.limit) finish(s, now, events);
        else if (!draw(s, events)) finish(s, now, events);
        return ok({ state: s, events });
      }
    }
  }

  return {
    puzzleOf,
    view,
    result,
    setup(config, seed) {
      // Checked values only (parseSoloConfig reads outside ones): the lengths, and the deck's own.
      const problem = checkSoloConfig(config);
      if (problem) return refuse('config/invalid', problem);
      const { pool, tasks } = config;
      if (tasks) {
        if (tasks.some((t) => !findTask(deck, t))) return refuse('config/invalid', 'a course holds tasks of the deck');
      } else if (deck.edition !== 'classic') return refuse('config/invalid', 'solo games use the classic deck');
      if (pool?.some((t) => !deck.boards.some((b) => b.id === t.board) || !DIE_FACES.includes(t.key)))
        return refuse('config/invalid', 'a pool holds tasks of the deck');
      const rng = createRng(seed);
      return ok({
        config,
        rng,
        phase: 'waiting',
        // A course deals in its own order; anything else shuffled.
        deck: tasks
          ? [...tasks.keys()].map(String)
          : shuffle(rng, pool ? [...pool.keys()].map(String) : deck.boards.map((b) => b.id)),
        discard: [],
        current: null,
        startedAt: null,
        endsAt: null,
        finishedAt: null,
        log: [],
        combo: 0,
      });
    },
    apply(state, action, now) {
      if (!Number.isFinite(now)) return refuse('action/malformed', 'the time must be a number');
      if (state.phase === 'finished') return refuse('action/finished', 'the game is over');
      const s = draft(state);
      const events: SoloEvent[] = [];
      switch (action.type) {
        case 'start':
          if (s.phase !== 'waiting') return refuse('action/wrong-phase', 'the game has started');
          s.phase = 'playing';
          s.startedAt = now;
          s.endsAt = s.config.mode === 'timed' ? now + s.config.limit * 60_000 : null;
          s.combo = 0;
          if (!draw(s, events)) finish(s, now, events);
          return ok({ state: s, events });
        case 'claim':
        case 'skip':
        case 'tick':
          return play(s, action, now, events);
        default: {
          // Typed callers cannot get here; an unchecked one is refused, not obeyed.
          const unknown: never = action;
          return refuse('action/malformed', `unknown action ${String((unknown as { type?: unknown }).type)}`);
        }
      }
    },
  };
}
