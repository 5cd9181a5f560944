import { BOT_MODEL } from './game/bot-model.js';
import { standardNormal } from './game/bot-model.js';
import { createRng, randomInt } from './random.js';
import type { Belief } from './time-model.js';
import { difficultyOfTask, fitTimes, SIGMA, solverPrior, taskPrior, updateBeliefs } from './time-model.js';

/*
 * How well the time model recovers tasks' true difficulties (docs/decks.md, "Difficulty from solve
 * times"): simulated solvers (the four bots' levels and skills between) make first attempts at
 * simulated tasks whose true difficulty lies away from their static one, with log-normal times
 * around the truth, censored at a time limit; the model learns online and in a batch, and each is
 * compared with the truth, as the static prior alone is. Seeded: the same figures every run.
 */

/** How well a set of estimates matches the truth, on the decks' scale. */
export interface Recovery {
  /** Root mean square error, in points of difficulty. */
  readonly rmse: number;
  /** Spearman's rank correlation with the truth. */
  readonly spearman: number;
}

/** The figures of one simulation. */
export interface RecoveryFigures {
  readonly attemptsPerTask: number;
  readonly prior: Recovery;
  readonly online: Recovery;
  readonly batch: Recovery;
}

function ranks(values: readonly number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const rank = new Array<number>(values.length).fill(0);
  order.forEach(([, i], r) => (rank[i] = r));
  return rank;
}

function correlation(a: readonly number[], b: readonly number[]): number {
  const n = a.length;
  const ma = a.reduce((s, v) => s + v, 0) / n;
  const mb = b.reduce((s, v) => s + v, 0) / n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i++) {
    const x = (a[i] ?? 0) - ma;
    const y = (b[i] ?? 0) - mb;
    num += x * y;
    da += x * x;
    db += y * y;
  }
  return num / Math.sqrt(da * db);
}

function recovery(estimate: readonly number[], truth: readonly number[]): Recovery {
  const rmse = Math.sqrt(estimate.reduce((s, e, i) => s + (e - (truth[i] ?? 0)) ** 2, 0) / estimate.length);
  return { rmse, spearman: correlation(ranks(estimate), ranks(truth)) };
}

/**
 * One simulation: `statics` the tasks' static difficulties; each task gets `attemptsPerTask` first
 * attempts from `solvers` simulated people (each attempts a task once at most), the time limit
 * `limitMs` (a longer time is a task set aside). The truth lies `spread` points of difficulty
 * (standard deviation) from the static difficulty.
 */
export function recoveryCheck(
  seed: number,
  statics: readonly number[],
  {
    attemptsPerTask,
    solvers = 400,
    limitMs = 120_000,
    spread = 1.5,
  }: {
    attemptsPerTask: number;
    solvers?: number;
    limitMs?: number;
    spread?: number;
  },
): RecoveryFigures {
  const rng = createRng(seed);
  const truth = statics.map((d) => d + spread * standardNormal(rng));
  const lnGrowth = Math.log(BOT_MODEL.casual.growth);
  // Skills: a quarter each near the four bots' (relative to the casual bot), give or take.
  const levels = Object.values(BOT_MODEL).map((m) => Math.log(BOT_MODEL.casual.median5 / m.median5));
  const skill = Array.from({ length: solvers }, (_, j) => (levels[j % levels.length] ?? 0) + 0.3 * standardNormal(rng));
  const attempts: { task: number; solver: number; ms: number; solved: boolean }[] = [];
  statics.forEach((_, i) => {
    const seen = new Set<number>();
    for (let k = 0; k < attemptsPerTask && seen.size < solvers; k++) {
      let j = randomInt(rng, solvers);
      while (seen.has(j)) j = randomInt(rng, solvers);
      seen.add(j);
      const lnMedian = Math.log(BOT_MODEL.casual.median5) + ((truth[i] ?? 5) - 5) * lnGrowth - (skill[j] ?? 0);
      const ms = 1000 * Math.exp(lnMedian + SIGMA * standardNormal(rng));
      attempts.push(
        ms > limitMs ? { task: i, solver: j, ms: limitMs, solved: false } : { task: i, solver: j, ms, solved: true },
      );
    }
  });
  // Online, in a shuffled order of arrival.
  const order = attempts.map((_, k) => k);
  for (let k = order.length - 1; k > 0; k--) {
    const r = randomInt(rng, k + 1);
    [order[k], order[r]] = [order[r] ?? 0, order[k] ?? 0];
  }
  const taskBeliefs: Belief[] = statics.map((d) => taskPrior(d));
  const solverBeliefs: Belief[] = skill.map(() => solverPrior());
  for (const k of order) {
    const a = attempts[k];
    if (!a) continue;
    const after = updateBeliefs(taskBeliefs[a.task] ?? taskPrior(5), solverBeliefs[a.solver] ?? solverPrior(), a);
    taskBeliefs[a.task] = after.task;
    solverBeliefs[a.solver] = after.solver;
  }
  const batch = fitTimes(
    statics.map((d) => taskPrior(d).mean),
    solvers,
    attempts,
  );
  return {
    attemptsPerTask,
    prior: recovery(statics, truth),
    online: recovery(
      taskBeliefs.map((b) => difficultyOfTask(b.mean)),
      truth,
    ),
    batch: recovery(batch.tasks.map(difficultyOfTask), truth),
  };
}
