import type { ProposedPlacement } from '../checker.js';
import { checkSolution } from '../checker.js';
import type { Deck, DieFace, TaskKey } from '../deck.js';
import { boxSetOf, DIE_FACES, puzzleOf as deckPuzzle } from '../deck.js';
import type { Mutable } from '../draft.js';
import { draft } from '../draft.js';
import type { Puzzle } from '../puzzle.js';
import { randomInt, shuffle } from '../random.js';
import type { Result } from '../result.js';
import { err, ok } from '../result.js';
import type { Deal } from './race.js';
import { claimRefusal } from './refusal.js';
import { refuse, setup } from './solo-setup.js';
import type { SoloAction, SoloConfig, SoloEntry, SoloEvent, SoloResult, SoloState, SoloView } from './solo-types.js';
import { bestComboOf, SOLO_MAX_PUZZLES, soloClockBonus } from './solo-types.js';
import type { GameError } from './types.js';

/*
 * The solo variants of the classic rulebooks (docs/rules.md §5): as many puzzles as possible in
 * 5, 10 or 20 minutes (`timed`), or 5, 10 or 20 puzzles as fast as possible (`count`). A puzzle
 * may be set aside and a new one drawn. Each puzzle is a new board and a new roll of the die.
 */

export * from './solo-types.js';
export { parseSoloAction, parseSoloConfig } from './solo-setup.js';

type Step = Result<{ state: SoloState; events: SoloEvent[] }, GameError>;

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

/** How the run went, once it is over. */
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

/** The run is over at `at`: the board is cleared and the result told. */
function finish(s: Mutable<SoloState>, at: number, events: SoloEvent[]): void {
  s.phase = 'finished';
  s.finishedAt = at;
  if (s.current) s.discard.push(s.current.board);
  s.current = null;
  const r = result(s);
  if (r) events.push({ type: 'finished', result: r });
}

/** When the task on the board was dealt, in ms since the start. */
const dealtAt = (state: SoloState): number => state.log.at(-1)?.at ?? 0;

/** What the player sees. */
function view(deck: Deck, state: SoloState): SoloView {
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
    task: state.current ? deckPuzzle(deck, state.current) : null,
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

/** A claim, a skip or the referee's tick, once the game has started. */
function play(
  deck: Deck,
  s: Mutable<SoloState>,
  action: Exclude<SoloAction, { type: 'start' }>,
  now: number,
  events: SoloEvent[],
): Step {
  if (s.phase !== 'playing' || s.startedAt === null || s.current === null)
    return refuse('action/wrong-phase', 'the game has not started');
  if (s.endsAt !== null && now >= s.endsAt) {
    // Time is up: nothing counts after it; the referee's tick ends the game.
    if (action.type !== 'tick') return refuse('claim/too-late', 'the time is up');
    finish(s, s.endsAt, events);
    return ok({ state: s, events });
  }
  if (action.type === 'tick') return ok({ state: s, events });
  if (s.log.length >= SOLO_MAX_PUZZLES)
    return refuse('action/limit', `a run deals at most ${SOLO_MAX_PUZZLES} puzzles`);
  switch (action.type) {
    case 'skip':
      skip(s, now, events);
      return ok({ state: s, events });
    case 'claim': {
      const error = claim(deck, s, action.placements, now, events);
      return error ? err(error) : ok({ state: s, events });
    }
  }
}

/** The puzzle on the board is set aside; a clock that moves takes time for it. */
function skip(s: Mutable<SoloState>, now: number, events: SoloEvent[]): void {
  const deal = s.current as Deal;
  const at = now - (s.startedAt as number);
  const { clock } = s.config;
  s.log.push({ deal, outcome: 'skipped', at });
  s.discard.push(deal.board);
  s.combo = 0;
  if (!clock || s.endsAt === null) {
    events.push({ type: 'skipped', at });
    if (!draw(s, events)) finish(s, now, events);
    return;
  }
  // A clock that moves: the set-aside costs time; with no time left the run ends now.
  s.endsAt = Math.max(now, s.endsAt - clock.skipMs);
  events.push({ type: 'skipped', at, clockMs: -clock.skipMs, combo: 0 });
  if (s.endsAt <= now || !draw(s, events)) finish(s, now, events);
}

/** The puzzle on the board is claimed solved: checked, logged, and the next one dealt. */
function claim(
  deck: Deck,
  s: Mutable<SoloState>,
  placements: readonly ProposedPlacement[],
  now: number,
  events: SoloEvent[],
): GameError | undefined {
  const deal = s.current as Deal;
  const at = now - (s.startedAt as number);
  const { clock } = s.config;
  const check = checkSolution(deckPuzzle(deck, deal), placements);
  if (!check.ok) return claimRefusal(check.error);
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
  return undefined;
}

/** Applies an action to a copy of the state: the new state and what happened, or why it is refused. */
function apply(deck: Deck, state: SoloState, action: SoloAction, now: number): Step {
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
      return play(deck, s, action, now, events);
    default: {
      // Typed callers cannot get here; an unchecked one is refused, not obeyed.
      const unknown: never = action;
      return refuse('action/malformed', `unknown action ${String((unknown as { type?: unknown }).type)}`);
    }
  }
}

/** The solo engine for a deck. */
export function soloEngine(deck: Deck): SoloEngine {
  return {
    puzzleOf: (deal) => deckPuzzle(deck, deal),
    view: (state) => view(deck, state),
    result,
    setup: (config, seed) => setup(deck, config, seed),
    apply: (state, action, now) => apply(deck, state, action, now),
  };
}
