import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shippedDeck } from './decks.js';
import { BOT_MODEL } from './game/bot-model.js';
import { recoveryCheck } from './time-model-check.js';
import {
  difficultyOfTask,
  fitTimes,
  levelOfSolver,
  millsRatio,
  predictedSeconds,
  skillOfLevel,
  solverPrior,
  taskPrior,
  updateBeliefs,
} from './time-model.js';

const statics = (['classic', 'extreme'] as const).flatMap((e) =>
  shippedDeck(e).boards.flatMap((b) =>
    (['easy', 'hard'] as const).flatMap((s) => b.sides[s].tasks.map((t) => t.difficulty)),
  ),
);

describe('the time model', () => {
  it('puts a task’s prior at the reference solver’s median, and reads it back as its difficulty', () => {
    expect(Math.exp(taskPrior(5).mean)).toBeCloseTo(BOT_MODEL.casual.median5, 9);
    expect(Math.exp(taskPrior(7).mean)).toBeCloseTo(BOT_MODEL.casual.median5 * BOT_MODEL.casual.growth ** 2, 9);
    expect(difficultyOfTask(taskPrior(6.3).mean)).toBeCloseTo(6.3, 9);
    // A solver as fast as the master bot is about five points of difficulty above the reference.
    expect(levelOfSolver(Math.log(BOT_MODEL.casual.median5 / BOT_MODEL.master.median5))).toBeCloseTo(10.04, 1);
    // A level read back as a skill; a solver at a task's difficulty is predicted the reference's difficulty-5 time.
    expect(skillOfLevel(levelOfSolver(0.7))).toBeCloseTo(0.7, 12);
    expect(predictedSeconds(taskPrior(7.5).mean, skillOfLevel(7.5))).toBeCloseTo(BOT_MODEL.casual.median5, 9);
  });

  it('a solve faster than predicted makes the task easier and the solver stronger; a slower one the opposite', () => {
    const task = taskPrior(5);
    const fast = updateBeliefs(task, solverPrior(), { ms: 5_000, solved: true });
    expect(fast.task.mean).toBeLessThan(task.mean);
    expect(fast.solver.mean).toBeGreaterThan(0);
    const slow = updateBeliefs(task, solverPrior(), { ms: 90_000, solved: true });
    expect(slow.task.mean).toBeGreaterThan(task.mean);
    expect(slow.solver.mean).toBeLessThan(0);
  });

  it('an attempt set aside only pushes the task harder, never easier, and by less than a solve at that time', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 12, noNaN: true }), fc.integer({ min: 500, max: 600_000 }), (d, ms) => {
        const task = taskPrior(d);
        const censored = updateBeliefs(task, solverPrior(), { ms, solved: false });
        expect(censored.task.mean).toBeGreaterThanOrEqual(task.mean);
        expect(censored.task.variance).toBeLessThanOrEqual(task.variance);
        expect(censored.task.variance).toBeGreaterThan(0);
        expect(censored.solver.mean).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('every update leaves finite means and variances that only shrink', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -2, max: 15, noNaN: true }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.boolean(),
        (d, theta, ms, solved) => {
          const task = taskPrior(d);
          const solver = { mean: theta, variance: solverPrior().variance };
          const after = updateBeliefs(task, solver, { ms, solved });
          for (const b of [after.task, after.solver]) {
            expect(Number.isFinite(b.mean)).toBe(true);
            expect(b.variance).toBeGreaterThan(0);
          }
          expect(after.task.variance).toBeLessThanOrEqual(task.variance);
          expect(after.solver.variance).toBeLessThanOrEqual(solver.variance);
        },
      ),
    );
  });

  it('the inverse Mills ratio: known values, and finite far in the tail', () => {
    expect(millsRatio(0)).toBeCloseTo(0.7979, 3);
    expect(millsRatio(2)).toBeCloseTo(2.3732, 3);
    expect(millsRatio(-3)).toBeCloseTo(0.0044, 3);
    expect(Number.isFinite(millsRatio(40))).toBe(true);
  });

  it('the batch fit with no attempts is the priors', () => {
    const priors = [taskPrior(4).mean, taskPrior(8).mean];
    const fit = fitTimes(priors, 3, []);
    fit.tasks.forEach((b, i) => {
      expect(b).toBeCloseTo(priors[i] ?? 0, 9);
    });
    expect(fit.solvers).toEqual([0, 0, 0]);
  });
});

describe('recovering true difficulty from simulated play (seeded)', () => {
  it('online and batch both beat the static prior, and improve as attempts grow', () => {
    const few = recoveryCheck(1, statics, { attemptsPerTask: 5 });
    const more = recoveryCheck(1, statics, { attemptsPerTask: 20 });
    for (const figures of [few, more])
      for (const learned of [figures.online, figures.batch]) {
        expect(learned.rmse).toBeLessThan(figures.prior.rmse);
        expect(learned.spearman).toBeGreaterThan(figures.prior.spearman);
      }
    expect(more.online.rmse).toBeLessThan(few.online.rmse);
    expect(more.batch.rmse).toBeLessThan(few.batch.rmse);
    // The figures docs/decks.md gives (seed 1, the shipped decks' 864 tasks).
    expect(more.prior.rmse).toBeCloseTo(1.52, 2);
    expect(more.online.rmse).toBeCloseTo(0.56, 2);
    expect(more.batch.rmse).toBeCloseTo(0.49, 2);
  });
});
