import { BOT_MODEL } from './game/bot-model.js';

/*
 * Difficulty from solve times (docs/decks.md, "Difficulty from solve times"), after Pelánek and
 * Jarušek's model of problem-solving times: the log of a first attempt's time is the task's
 * difficulty less the solver's skill, with noise,
 *
 *     ln t(task i, solver j) = b_i - theta_j + e,        e ~ N(0, SIGMA^2)
 *
 * b_i in log-seconds, theta_j in the same units (0: the reference solver, the casual bot). An
 * attempt not solved (set aside, or out of time) says only that the time would have been longer
 * than what was spent: it is right-censored there.
 *
 * Each task and each solver is a Gaussian belief (mean, variance). A task's prior comes from its
 * static difficulty through the bot model's own form (median(d) = median5 * growth^(d - 5), the
 * casual bot's numbers); a solver's prior is N(0, TAU^2). Each first attempt updates both, as a
 * Kalman filter updates two unknowns seen through one sum: the predicted ln-time is b - theta, its
 * variance S = var_b + var_theta + SIGMA^2; a solve moves b by var_b / S times the surprise, theta by
 * minus var_theta / S times it, and shrinks both variances. A censored attempt moves them by the
 * mean of the normal above the censoring point (the inverse Mills ratio) instead, the
 * assumed-density step. A batch fit (`fitTimes`) finds the same model's most likely values from
 * every attempt at once, with the priors, censored attempts by expectation-maximisation: what a
 * published calibration is made with.
 *
 * Both are told on the decks' scale of difficulty: a task's learned difficulty is the static
 * difficulty at which the reference solver's median would be its median, and a player's level the
 * difficulty whose tasks they solve in the reference solver's median time for a difficulty-5 task.
 */

/** The reference solver's model: the casual bot's (bot-model.ts). */
const REFERENCE = BOT_MODEL.casual;
/** The noise of one attempt's ln-time: the reference solver's. */
export const SIGMA = REFERENCE.sigma;
/** How far a task's true difficulty may lie from its static one, before any play (ln-seconds; about 2 points of difficulty). */
export const TASK_PRIOR_SD = 0.5;
/** How far a new player may lie from the reference solver (ln-seconds; a master bot is 1.2 away). */
export const SOLVER_PRIOR_SD = 0.8;

const LN_MEDIAN5 = Math.log(REFERENCE.median5);
const LN_GROWTH = Math.log(REFERENCE.growth);

/** A belief: a mean and its variance. */
export interface Belief {
  readonly mean: number;
  readonly variance: number;
}

/** A task's prior from its static difficulty: ln of the reference solver's median. */
export function taskPrior(difficulty: number): Belief {
  return { mean: LN_MEDIAN5 + (difficulty - 5) * LN_GROWTH, variance: TASK_PRIOR_SD ** 2 };
}

/** A new solver's prior: the reference solver, give or take. */
export function solverPrior(): Belief {
  return { mean: 0, variance: SOLVER_PRIOR_SD ** 2 };
}

/** A task's ln-time mean as a difficulty on the decks' scale. */
export const difficultyOfTask = (b: number): number => 5 + (b - LN_MEDIAN5) / LN_GROWTH;

/** A solver's skill as a level on the decks' scale: the difficulty they solve in the reference's difficulty-5 time. */
export const levelOfSolver = (theta: number): number => 5 + theta / LN_GROWTH;

/** A level on the decks' scale as a solver's skill (ln-seconds): the inverse of `levelOfSolver`. */
export const skillOfLevel = (level: number): number => (level - 5) * LN_GROWTH;

/** A solver's predicted median time (seconds) at a task: e^(b - theta). */
export const predictedSeconds = (task: number, skill: number): number => Math.exp(task - skill);

/** One first attempt: its time (ms, on the server's clock) and whether it was solved (else censored there). */
export interface TimedAttempt {
  readonly ms: number;
  readonly solved: boolean;
}

/** The least time an attempt is read as (a time of 0 has no logarithm). */
const LEAST_MS = 250;

const lnSeconds = (ms: number): number => Math.log(Math.max(ms, LEAST_MS) / 1000);

/** The standard normal density and upper tail. */
const density = (z: number): number => Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI);
function upperTail(z: number): number {
  // Abramowitz and Stegun 7.1.26 on erfc, to 1.5e-7.
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const erfc =
    t *
    (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))) *
    Math.exp(-x * x);
  return z >= 0 ? erfc / 2 : 1 - erfc / 2;
}

/** The mean of a standard normal above `z` (the inverse Mills ratio), kept finite far in the tail. */
export function millsRatio(z: number): number {
  const tail = upperTail(z);
  return tail > 1e-12 ? density(z) / tail : z + 1 / z;
}

/** A task's and a solver's beliefs after one first attempt of the solver at the task. */
export function updateBeliefs(
  task: Belief,
  solver: Belief,
  attempt: TimedAttempt,
): { readonly task: Belief; readonly solver: Belief } {
  const predicted = task.mean - solver.mean;
  const spread = task.variance + solver.variance + SIGMA ** 2;
  const sd = Math.sqrt(spread);
  const y = lnSeconds(attempt.ms);
  // The surprise, in ln-seconds, and how much of the variance it takes away (as a share of S).
  let surprise: number;
  let shrink: number;
  if (attempt.solved) {
    surprise = y - predicted;
    shrink = 1;
  } else {
    const z = (y - predicted) / sd;
    const lambda = millsRatio(z);
    surprise = sd * lambda;
    shrink = Math.min(1, Math.max(0, lambda * (lambda - z)));
  }
  return {
    task: {
      mean: task.mean + (task.variance / spread) * surprise,
      variance: task.variance - (shrink * task.variance ** 2) / spread,
    },
    solver: {
      mean: solver.mean - (solver.variance / spread) * surprise,
      variance: solver.variance - (shrink * solver.variance ** 2) / spread,
    },
  };
}

/** One attempt for the batch fit: which task and solver (indices), and its time. */
export interface FitAttempt extends TimedAttempt {
  readonly task: number;
  readonly solver: number;
}

/**
 * The most likely task difficulties (ln-seconds) and solver skills given every attempt and the
 * priors (`priors`: each task's prior mean), censored attempts taken at their expected ln-time
 * above the censoring point (expectation-maximisation), by alternating exact steps.
 */
export function fitTimes(
  priors: readonly number[],
  solvers: number,
  attempts: readonly FitAttempt[],
  rounds = 50,
): { readonly tasks: number[]; readonly solvers: number[] } {
  const b = [...priors];
  const theta = new Array<number>(solvers).fill(0);
  const wTask = SIGMA ** 2 / TASK_PRIOR_SD ** 2;
  const wSolver = SIGMA ** 2 / SOLVER_PRIOR_SD ** 2;
  for (let round = 0; round < rounds; round++) {
    // E: each censored attempt's expected ln-time given the current values.
    const y = attempts.map((a) => {
      const at = lnSeconds(a.ms);
      if (a.solved) return at;
      const predicted = (b[a.task] ?? 0) - (theta[a.solver] ?? 0);
      return predicted + SIGMA * millsRatio((at - predicted) / SIGMA);
    });
    // M: tasks, then solvers, each the prior-weighted mean of what its attempts say of it.
    const sumB = priors.map((p) => wTask * p);
    const countB = priors.map(() => wTask);
    attempts.forEach((a, i) => {
      sumB[a.task] = (sumB[a.task] ?? 0) + (y[i] ?? 0) + (theta[a.solver] ?? 0);
      countB[a.task] = (countB[a.task] ?? 0) + 1;
    });
    for (let i = 0; i < b.length; i++) b[i] = (sumB[i] ?? 0) / (countB[i] ?? 1);
    const sumT = new Array<number>(solvers).fill(0);
    const countT = new Array<number>(solvers).fill(wSolver);
    attempts.forEach((a, i) => {
      sumT[a.solver] = (sumT[a.solver] ?? 0) + (b[a.task] ?? 0) - (y[i] ?? 0);
      countT[a.solver] = (countT[a.solver] ?? 0) + 1;
    });
    for (let j = 0; j < solvers; j++) theta[j] = (sumT[j] ?? 0) / (countT[j] ?? 1);
    // Moving every task and every solver by one amount leaves each attempt's prediction as it is:
    // only the priors tell where that ridge lies. Go to its best point at once (alternating steps
    // crawl along it).
    let pull = 0;
    b.forEach((v, i) => (pull += wTask * (v - (priors[i] ?? 0))));
    for (const v of theta) pull += wSolver * v;
    const shift = -pull / (wTask * b.length + wSolver * solvers);
    for (let i = 0; i < b.length; i++) b[i] = (b[i] ?? 0) + shift;
    for (let j = 0; j < solvers; j++) theta[j] = (theta[j] ?? 0) + shift;
  }
  return { tasks: b, solvers: theta };
}
