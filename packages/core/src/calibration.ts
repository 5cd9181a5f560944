import type { Deck, DeckEdition, Side, TaskRef } from './deck.js';
import { taskOf } from './deck.js';
import type { Result } from './result.js';
import { err, ok } from './result.js';
import type { TimedAttempt } from './time-model.js';
import { difficultyOfTask, fitTimes, taskPrior } from './time-model.js';
import shipped from './calibration.json' with { type: 'json' };

/*
 * The published calibration of the decks: each task's difficulty as play has measured it, on the
 * decks' scale of difficulty (docs/decks.md, "Difficulty from solve times"). What every player
 * shares is ordered by it (the campaign's levels, Storm's ramp, the daily's choice), so it changes
 * only when it is published again (`ubongo deck calibrate`, which writes calibration.json beside
 * this file), never under a player's feet.
 *
 * A task the snapshot lacks, or measured by fewer than `CALIBRATION_MIN_ATTEMPTS` first attempts,
 * keeps its static difficulty. The shipped snapshot holds no task until play has been measured.
 */

/** The fewest first attempts a task's measured difficulty is published on (docs/decks.md: the batch fit's RMSE is about a third of the static difficulty's at 20). */
export const CALIBRATION_MIN_ATTEMPTS = 20;

/** A task's measured difficulty in a snapshot: on the decks' scale, and the first attempts it rests on. */
export interface CalibratedTask {
  readonly difficulty: number;
  readonly attempts: number;
}

/** A calibration snapshot: the model it was fitted with, the first attempts in all, each task by `edition/board/side/key`. */
export interface Calibration {
  readonly model: 'log-time';
  readonly attempts: number;
  readonly tasks: Readonly<Record<string, CalibratedTask>>;
}

/** Why a snapshot's text was refused: where in it, and what was wrong. */
export interface CalibrationError {
  readonly code: 'calibration/format';
  readonly path: string;
  readonly message: string;
}

/** A task's key in a snapshot: `edition/board/side/key`, as the server's ratings name it. */
export const calibrationKey = (edition: DeckEdition, task: TaskRef): string =>
  `${edition}/${task.board}/${task.side}/${task.key}`;

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** Checks a parsed JSON value as a snapshot. */
export function calibrationFromValue(value: unknown): Result<Calibration, CalibrationError> {
  const fail = (path: string, message: string) => err({ code: 'calibration/format' as const, path, message });
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail('(top)', 'expected an object');
  const top = value as Record<string, unknown>;
  if (top['model'] !== 'log-time') return fail('model', 'expected "log-time"');
  if (!isCount(top['attempts'])) return fail('attempts', 'expected a whole number, 0 or more');
  const raw = top['tasks'];
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail('tasks', 'expected an object');
  const tasks: Record<string, CalibratedTask> = {};
  for (const [key, entry] of Object.entries(raw)) {
    if (!/^(classic|extreme)\/[^/]+\/(easy|hard)\/[^/]+$/.test(key))
      return fail(`tasks.${key}`, 'expected a key edition/board/side/key');
    if (typeof entry !== 'object' || entry === null) return fail(`tasks.${key}`, 'expected an object');
    const { difficulty, attempts } = entry as Record<string, unknown>;
    if (typeof difficulty !== 'number' || !Number.isFinite(difficulty))
      return fail(`tasks.${key}.difficulty`, 'expected a number');
    if (!isCount(attempts)) return fail(`tasks.${key}.attempts`, 'expected a whole number, 0 or more');
    tasks[key] = { difficulty, attempts };
  }
  return ok({ model: 'log-time', attempts: top['attempts'], tasks });
}

/** Reads a snapshot's text (JSON). */
export function parseCalibration(text: string): Result<Calibration, CalibrationError> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return err({
      code: 'calibration/format',
      path: '(top)',
      message: `not valid JSON: ${e instanceof Error ? e.message : String(e)}`,
    });
  }
  return calibrationFromValue(value);
}

/** A snapshot as its text: JSON, tasks in key order, one a line, so that a new snapshot's diff reads task by task. */
export function makeCalibration(calibration: Calibration): string {
  const lines = Object.entries(calibration.tasks)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, t]) => `    ${JSON.stringify(k)}: { "difficulty": ${t.difficulty}, "attempts": ${t.attempts} }`);
  const tasks = lines.length === 0 ? '{}' : `{\n${lines.join(',\n')}\n  }`;
  return `{\n  "model": "log-time",\n  "attempts": ${calibration.attempts},\n  "tasks": ${tasks}\n}\n`;
}

/** The snapshot shipped with this build (calibration.json). */
export const SHIPPED_CALIBRATION: Calibration = (() => {
  const read = calibrationFromValue(shipped);
  if (!read.ok) throw new Error(`calibration.json: ${read.error.path}: ${read.error.message}`);
  return read.value;
})();

/** A task's difficulty in `calibration`: its measured one if it rests on enough first attempts, else its static one. The task must be the deck's. */
export function calibratedDifficultyIn(calibration: Calibration, deck: Deck, task: TaskRef): number {
  const measured = calibration.tasks[calibrationKey(deck.edition, task)];
  return measured && measured.attempts >= CALIBRATION_MIN_ATTEMPTS
    ? measured.difficulty
    : taskOf(deck, task).difficulty;
}

/** A task's difficulty as published (the shipped snapshot's; its static difficulty while that lacks it). The task must be the deck's. */
export function calibratedDifficulty(deck: Deck, task: TaskRef): number {
  return calibratedDifficultyIn(SHIPPED_CALIBRATION, deck, task);
}

/** A stored first attempt for a calibration: the task by its key, the solver by any name of theirs. */
export interface CalibrationAttempt extends TimedAttempt {
  readonly task: string;
  readonly solver: string;
}

/**
 * Fits a snapshot from every first attempt (time-model.ts's batch fit, one fit per deck, each
 * task's prior from its static difficulty): every task with an attempt, its difficulty to two
 * decimals and its attempts. Attempts at tasks no deck holds are left out.
 */
export function calibrate(decks: readonly Deck[], attempts: readonly CalibrationAttempt[]): Calibration {
  const tasks: Record<string, CalibratedTask> = {};
  let counted = 0;
  for (const deck of decks) {
    const index = new Map<string, number>();
    const priors: number[] = [];
    for (const board of deck.boards)
      for (const side of ['easy', 'hard'] as const satisfies readonly Side[])
        for (const t of board.sides[side].tasks) {
          index.set(calibrationKey(deck.edition, { board: board.id, side, key: t.key }), priors.length);
          priors.push(taskPrior(t.difficulty).mean);
        }
    const solvers = new Map<string, number>();
    const fit = attempts.flatMap((a) => {
      const task = index.get(a.task);
      if (task === undefined) return [];
      const solver = solvers.get(a.solver) ?? solvers.size;
      solvers.set(a.solver, solver);
      return [{ task, solver, ms: a.ms, solved: a.solved }];
    });
    if (fit.length === 0) continue;
    counted += fit.length;
    const { tasks: b } = fitTimes(priors, solvers.size, fit);
    const per = new Array<number>(priors.length).fill(0);
    for (const a of fit) per[a.task] = (per[a.task] ?? 0) + 1;
    for (const [key, i] of index) {
      const n = per[i] ?? 0;
      if (n > 0) tasks[key] = { difficulty: Math.round(difficultyOfTask(b[i] ?? 0) * 100) / 100, attempts: n };
    }
  }
  return { model: 'log-time', attempts: counted, tasks };
}
