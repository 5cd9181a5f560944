import { describe, expect, it } from 'vitest';
import type { DeckTask as Task } from '../deck.js';
import { SIDES } from '../deck.js';
import { shippedDeck } from '../decks.js';
import type { Rng } from '../random.js';
import { createRng, nextUint32, pick, randomInt, shuffle } from '../random.js';
import type { BotLevel } from './bot-model.js';
import { BOT_LEVELS, botSolveSeconds } from './bot-model.js';
import { humanFloorSeconds } from './human-floor.js';
import type { PastSolve, RunVerdict, Signal } from './plausibility.js';
import {
  judgeClaim,
  judgeRun,
  MODEL_ALPHA,
  MODEL_BETA,
  MODEL_MISFIT,
  MODEL_SIGMA,
  MODEL_SKILLS,
  SIGNALS,
  taskTerm,
} from './plausibility.js';
import type { Solve, TrailKind, TrailMove } from './trail.js';

/*
 * The model measured against two seeded generators: honest runs drawn from the bot model (the
 * project's model of people) with trails as a hand in the web client makes them, and forgers of
 * four kinds. The rates are printed per kind and asserted: at most 1% of honest runs held, at least
 * 95% of each forger's. docs/accounts.md quotes the printed figures.
 */

const uniform = (rng: Rng, lo: number, hi: number): number => lo + (nextUint32(rng) / 0x1_0000_0000) * (hi - lo);
const chance = (rng: Rng, p: number): boolean => uniform(rng, 0, 1) < p;
function normal(rng: Rng): number {
  const u = (nextUint32(rng) + 1) / 0x1_0000_0001;
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * uniform(rng, 0, 1));
}
const logNormal = (rng: Rng, median: number, sigma: number): number => median * Math.exp(sigma * normal(rng));

/** The solo settings a run is played on: a number of puzzles, or minutes. */
const MODES = [
  { mode: 'count', limit: 5 },
  { mode: 'count', limit: 10 },
  { mode: 'timed', limit: 3 },
  { mode: 'timed', limit: 5 },
] as const;
type Mode = (typeof MODES)[number];

const TASKS = (['classic', 'extreme'] as const).flatMap((edition) =>
  SIDES.map((side) => shippedDeck(edition).boards.flatMap((b) => b.sides[side].tasks)),
);

/** A person gives up on a puzzle after this long and sets it aside (a timed run's rule of thumb). */
const PATIENCE_S = 120;

/**
 * The tasks a run deals and the seconds each took (`time(task)`), until the run's end: `limit`
 * puzzles, or `limit` minutes of solving. Set-aside puzzles are left out (they judge nothing).
 */
function playRun(rng: Rng, mode: Mode, time: (task: Task) => number): { task: Task; seconds: number }[] {
  const tasks = pick(rng, TASKS);
  const out: { task: Task; seconds: number }[] = [];
  let clock = 0;
  for (let dealt = 0; mode.mode === 'timed' || dealt < mode.limit; dealt++) {
    const task = pick(rng, tasks);
    const seconds = time(task);
    if (mode.mode === 'timed') {
      clock += Math.min(seconds, PATIENCE_S);
      if (clock > mode.limit * 60) break;
      if (seconds > PATIENCE_S) continue;
    }
    out.push({ task, seconds });
  }
  return out;
}

/**
 * A hand's trail over `ms` in the web client (packages/web/src/play/board.ts): pieces are dealt in
 * the tray in their own orientation, so a piece is turned (each quarter one 'turn') or turned over
 * ('flip') about as often as its place needs, then dragged onto the board ('place'); now and then a
 * piece is moved again, sent back to the tray, or a move taken back ('undo'). Moves of a hand come
 * in bursts (a few hundred ms apart) between pauses of thought that take most of the time.
 */
function handTrail(rng: Rng, pieces: readonly string[], ms: number): TrailMove[] {
  type Move = [TrailKind, string];
  const episodes: Move[][] = [];
  for (const piece of shuffle(rng, pieces)) {
    const moves: Move[] = [];
    for (let t = randomInt(rng, 4); t > 0; t--) moves.push(['turn', piece]);
    if (chance(rng, 0.3)) moves.push(['flip', piece]);
    moves.push(['place', piece]);
    episodes.push(moves);
  }
  const corrections = randomInt(rng, 3) + (chance(rng, 0.3) ? 1 : 0);
  for (let c = 0; c < corrections; c++) {
    const piece = pick(rng, pieces);
    const at = 1 + randomInt(rng, episodes.length);
    const fix: Move[] = pick(rng, [
      [['place', piece]],
      [
        ['back', piece],
        ['turn', piece],
        ['place', piece],
      ],
      [
        ['undo', piece],
        ['place', piece],
      ],
      [
        ['turn', piece],
        ['place', piece],
      ],
    ] as Move[][]);
    episodes.splice(at, 0, fix);
  }
  const handling = episodes.map((e) => e.map(() => Math.max(60, logNormal(rng, 280, 0.5))));
  const handled = handling.flat().reduce((s, g) => s + g, 0);
  const lag = Math.max(80, logNormal(rng, 250, 0.4));
  const weights = episodes.map(() => -Math.log(uniform(rng, 1e-9, 1)));
  const total = weights.reduce((s, w) => s + w, 0);
  // What is left for thought; a very fast solve squeezes the hand's gaps instead.
  const thought = Math.max(0, ms - lag - handled);
  const squeeze = ms - lag < handled ? (0.8 * ms) / handled : 1;
  const trail: TrailMove[] = [];
  let t = 0;
  episodes.forEach((moves, e) => {
    t += (thought * (weights[e] as number)) / total;
    moves.forEach(([kind, piece], i) => {
      t += (handling[e]?.[i] ?? 0) * squeeze;
      trail.push([Math.round(t), kind, piece]);
    });
  });
  return trail;
}

/** A run's solves from tasks and seconds, with trails made by `trail`. */
const solvesOf = (
  played: readonly { task: Task; seconds: number }[],
  trail: (pieces: readonly string[], ms: number) => TrailMove[],
): Solve[] =>
  played.map(({ task, seconds }) => {
    const took = Math.round(seconds * 1000);
    return { took, difficulty: task.difficulty, pieces: task.pieces, trail: trail(task.pieces, took) };
  });

/** Past solves of a player of `level` (slower by up to `slower` times: people improve). */
function historyOf(rng: Rng, level: BotLevel, slower: number): PastSolve[] {
  const tasks = pick(rng, TASKS);
  return Array.from({ length: 10 + randomInt(rng, 51) }, () => {
    const task = pick(rng, tasks);
    const took = botSolveSeconds(level, task.difficulty, rng) * uniform(rng, 1, slower) * 1000;
    return { took: Math.round(took), difficulty: task.difficulty };
  });
}

interface Sample {
  readonly solves: readonly Solve[];
  readonly history: readonly PastSolve[];
}

/** An honest run: a level of the bot model, its times, a hand's trails, and (mostly) a past at that level. */
function honest(rng: Rng): Sample {
  const level = pick(rng, BOT_LEVELS);
  const played = playRun(rng, pick(rng, MODES), (task) => botSolveSeconds(level, task.difficulty, rng));
  return {
    solves: solvesOf(played, (pieces, ms) => handTrail(rng, pieces, ms)),
    history: chance(rng, 0.7) ? historyOf(rng, level, 1.25) : [],
  };
}

/** A forger's trail: one place per piece, spread over the time with plausible, jittered gaps. */
function bareTrail(rng: Rng, pieces: readonly string[], ms: number): TrailMove[] {
  const step = (ms - 300) / (pieces.length + 1);
  return pieces.map((p, i) => [Math.round(step * (i + 1) + uniform(rng, -0.3, 0.3) * step), 'place', p]);
}

/** A forger's trail with invented corrections: turns, flips and moves back at random, spread evenly. */
function inventedTrail(rng: Rng, pieces: readonly string[], ms: number): TrailMove[] {
  const moves: [TrailKind, string][] = [];
  for (const piece of pieces) {
    for (let t = randomInt(rng, 3); t > 0; t--) moves.push(['turn', piece]);
    if (chance(rng, 0.3)) moves.push(['flip', piece]);
    if (chance(rng, 0.35)) moves.push(['place', piece], ['back', piece]);
    moves.push(['place', piece]);
  }
  const step = (ms - 300) / (moves.length + 1);
  return moves.map(([kind, piece], i) => [Math.round(step * (i + 1) + uniform(rng, -0.3, 0.3) * step), kind, piece]);
}

const floorOf = (task: Task): number => humanFloorSeconds(task.difficulty, task.pieces.length);

/** The forgers: each a way to make a run up, given a generator. */
const FORGERS: Record<string, (rng: Rng) => Sample> = {
  // The attack measured (issue 33): each puzzle claimed a constant 0.1-1 s after its floor, bare trails.
  'floor + constant': (rng) => {
    const c = uniform(rng, 0.1, 1);
    const played = playRun(rng, pick(rng, MODES), (task) => floorOf(task) + c);
    return { solves: solvesOf(played, (p, ms) => bareTrail(rng, p, ms)), history: [] };
  },
  // Floor plus a random 0-3 s each, bare trails.
  'floor + noise': (rng) => {
    const played = playRun(rng, pick(rng, MODES), (task) => floorOf(task) + uniform(rng, 0, 3));
    return { solves: solvesOf(played, (p, ms) => bareTrail(rng, p, ms)), history: [] };
  },
  // A master's times (never under the floor), with trails of invented turns and corrections.
  'invented corrections': (rng) => {
    const played = playRun(rng, pick(rng, MODES), (task) =>
      Math.max(floorOf(task) * 1.05, botSolveSeconds('master', task.difficulty, rng)),
    );
    return { solves: solvesOf(played, (p, ms) => inventedTrail(rng, p, ms)), history: [] };
  },
  // An account of a beginner's or casual player's past, whose run comes at the master's pace:
  // times drawn at the account's level and scaled by the levels' ratio, with a hand's trails.
  'too fast for the account': (rng) => {
    const level = pick(rng, ['beginner', 'casual'] as const);
    const played = playRun(rng, pick(rng, MODES), (task) =>
      Math.max(
        floorOf(task) * 1.05,
        botSolveSeconds(level, task.difficulty, rng) * Math.exp(MODEL_SKILLS[level] - MODEL_SKILLS.master),
      ),
    );
    return {
      solves: solvesOf(played, (p, ms) => handTrail(rng, p, ms)),
      history: historyOf(rng, level, 1.1).concat(historyOf(rng, level, 1.1)),
    };
  },
};

/** How many of `runs` samples are held, and by which signal. */
function measure(seed: number, runs: number, sample: (rng: Rng) => Sample) {
  const rng = createRng(seed);
  const by = Object.fromEntries(SIGNALS.map((s) => [s, 0])) as Record<Signal, number>;
  let held = 0;
  let solves = 0;
  const examples: RunVerdict[] = [];
  for (let i = 0; i < runs; i++) {
    const run = sample(rng);
    solves += run.solves.length;
    const verdict = judgeRun(run.solves, run.history);
    if (verdict.plausible) continue;
    held++;
    if (examples.length < 3) examples.push(verdict);
    for (const s of new Set(verdict.findings.map((f) => f.signal))) by[s]++;
  }
  return { rate: held / runs, by, solves: solves / runs, examples };
}

const pct = (x: number): string => `${(100 * x).toFixed(2)}%`;

describe('judgeRun', () => {
  it('has the fitted numbers docs/accounts.md and its comment quote', () => {
    expect(MODEL_ALPHA).toBeCloseTo(3.0708, 4);
    expect(MODEL_BETA).toBeCloseTo(0.2288, 4);
    expect(MODEL_SIGMA).toBeCloseTo(0.4287, 4);
    expect(MODEL_MISFIT).toBeCloseTo(0.1341, 4);
    expect(MODEL_SKILLS.beginner).toBeCloseTo(-0.9251, 4);
    expect(MODEL_SKILLS.casual).toBeCloseTo(-0.3559, 4);
    expect(MODEL_SKILLS.expert).toBeCloseTo(0.3325, 4);
    expect(MODEL_SKILLS.master).toBeCloseTo(0.9485, 4);
  });

  it('holds at most 1% of 2,000 honest runs drawn from the bot model', () => {
    const { rate, by, solves, examples } = measure(33, 2000, honest);
    console.log(`honest: ${pct(rate)} held of 2000 runs (${solves.toFixed(1)} solves a run), by signal`, by, examples);
    expect(rate).toBeLessThanOrEqual(0.01);
  });

  it.each(Object.keys(FORGERS))('holds at least 95% of 500 runs forged by %s', (kind) => {
    const { rate, by, solves } = measure(34, 500, FORGERS[kind] as (rng: Rng) => Sample);
    console.log(`${kind}: ${pct(rate)} held of 500 runs (${solves.toFixed(1)} solves a run), by signal`, by);
    expect(rate).toBeGreaterThanOrEqual(0.95);
  });

  it('holds the attack as measured: count 5 easy in 16.5 s, each claimed 0.25 s after its floor, bare trails', () => {
    const rng = createRng(5);
    const tasks = shippedDeck('classic').boards.flatMap((b) => b.sides.easy.tasks);
    const solves = Array.from({ length: 5 }, () => {
      const task = pick(rng, tasks);
      const took = Math.round((floorOf(task) + 0.25) * 1000);
      return { took, difficulty: task.difficulty, pieces: task.pieces, trail: bareTrail(rng, task.pieces, took) };
    });
    const verdict = judgeRun(solves);
    expect(verdict.plausible).toBe(false);
    if (!verdict.plausible)
      expect(verdict.findings.map((f) => f.signal)).toEqual(expect.arrayContaining(['pace', 'floor', 'bare']));
  });

  it('says nothing of a run with no solves, and judges a claim with the earlier solves of its game', () => {
    expect(judgeRun([])).toEqual({ plausible: true });
    const rng = createRng(9);
    const task = shippedDeck('classic').boards[0]?.sides.hard.tasks[0] as Task;
    const forged = (): Solve => {
      const took = Math.round((floorOf(task) + 0.3) * 1000);
      return { took, difficulty: task.difficulty, pieces: task.pieces, trail: bareTrail(rng, task.pieces, took) };
    };
    // One claim at the floor is the floor's to judge (it passes); four in a game are not a person's.
    expect(judgeClaim(forged(), []).plausible).toBe(true);
    expect(judgeClaim(forged(), [forged(), forged(), forged()]).plausible).toBe(false);
    // A beginner's past makes even one claim at a master's median implausible.
    const history = Array.from({ length: 30 }, () => ({ took: 180_000, difficulty: task.difficulty }));
    const fast = { ...forged(), took: Math.round(Math.exp(taskTerm(task.difficulty) - MODEL_SKILLS.master) * 1000) };
    const verdict = judgeClaim({ ...fast, trail: handTrail(rng, task.pieces, fast.took) }, [], history);
    expect(verdict.plausible ? [] : verdict.findings.map((f) => f.signal)).toEqual(['history']);
  });
});
