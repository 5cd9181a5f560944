import type { ProposedPlacement } from '../checker.js';
import type { Deck, DieFace, TaskRef } from '../deck.js';
import { DIE_FACES, findTask, PIECE_SETS, SIDES } from '../deck.js';
import { createRng, shuffle } from '../random.js';
import type { Result } from '../result.js';
import { err, ok } from '../result.js';
import type { SoloAction, SoloClock, SoloConfig, SoloState } from './solo-types.js';
import { SOLO_LIMITS, SOLO_MAX_PUZZLES, SOLO_MODES } from './solo-types.js';
import type { GameError } from './types.js';

/** A refusal, as an engine's step returns it. */
export const refuse = (code: GameError['code'], message: string): { ok: false; error: GameError } =>
  err({ code, message });
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

/** A new run, waiting for its start; checked values only (parseSoloConfig reads outside ones). */
export function setup(deck: Deck, config: SoloConfig, seed: number): Result<SoloState, GameError> {
  // The lengths, and the deck's own.
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
}
