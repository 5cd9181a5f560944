import type { MeAnswer, SoloServerMessages } from '@ubongo/core';
import { findTask, PROTOCOL_VERSION, solverPrior, taskPrior, updateBeliefs } from '@ubongo/core';
import { shippedDeck } from '@ubongo/core/decks';
import { describe, expect, it } from 'vitest';
import { startServer } from '../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';
import { taskKey } from './puzzles.js';
import { byHand, humanPause, Player, signedIn, solve } from '@ubongo/test-support/player';

/*
 * Difficulty from solve times over a real server, a real socket and a real SQLite file: a solo
 * run's first attempts are stored with their times on the server's clock (a set-aside one censored
 * at the time spent), and move the tasks' and the solver's beliefs as core's time model says.
 */

const TIME_SCALE = 20;

const served = serverPerFile((base) => startServer({ ...base, timeScale: TIME_SCALE }));

describe('solve times', () => {
  it('stores a solo run’s first attempts with their times and moves the task and the solver as the model says', async () => {
    const client = await signedIn(served.ws, 'Timed Tess');
    const me = (await (
      await fetch(`${served.http}/api/me`, { headers: { authorization: `Bearer ${client.auth.token}` } })
    ).json()) as MeAnswer;
    const player = Player.wrap<'solo'>(
      client,
      await client.create('solo', { protocol: PROTOCOL_VERSION, mode: 'count', limit: 5, side: 'easy' }),
    );
    player.send('start');
    // The first puzzle set aside after a while, the next five solved by hand at a person's pace.
    const first = await player.waitFor('view', (m) => m.solved === 0 && m.task !== null);
    if (!first.task || !first.current) throw new Error('no puzzle');
    await humanPause(first.task, TIME_SCALE);
    player.send('skip');
    const same = (c: { board: string; key: string } | null | undefined): boolean =>
      c?.board === first.current?.board && c?.key === first.current?.key;
    for (let n = 0; n < 5; n++) {
      const v = await player.waitFor('view', (m) => m.solved === n && m.task !== null && !same(m.current));
      if (!v.task) throw new Error('no puzzle');
      await humanPause(v.task, TIME_SCALE);
      player.send('claim', byHand(solve(v.task)));
    }
    const recorded: SoloServerMessages['recorded'] = await player.waitFor('recorded');
    expect(recorded).toMatchObject({ verified: true, held: false });
    await player.room.leave();
    const { stores } = served.server;
    const [run] = await stores.soloRuns.soloResultsOf(me.account.id);
    const puzzles = run?.puzzles ?? [];
    expect(puzzles.map((p) => p.outcome)).toEqual(['skipped', 'solved', 'solved', 'solved', 'solved', 'solved']);

    // Each first attempt stored with its time from the deal on the server's clock: the run's own.
    await expect.poll(async () => (await stores.ratings.timedAttempts('classic/')).length).toBe(6);
    const stored = await stores.ratings.timedAttempts('classic/');
    const byTask = new Map(stored.map((a) => [a.task, a]));
    for (const p of puzzles) {
      const a = byTask.get(taskKey('classic', p));
      expect(a).toMatchObject({ accountId: me.account.id, ms: Math.round(p.ms), solved: p.outcome === 'solved' });
      expect(a?.ms).toBeGreaterThan(0);
    }

    // The beliefs are core's online updates played in the run's order, from the priors.
    const deck = shippedDeck('classic');
    let solver = solverPrior();
    const tasks = await stores.ratings.taskTimes('classic/');
    for (const p of puzzles) {
      const prior = taskPrior(findTask(deck, p)?.difficulty ?? 0);
      const predicted = prior.mean - solver.mean;
      const after = updateBeliefs(prior, solver, { ms: Math.round(p.ms), solved: p.outcome === 'solved' });
      const task = tasks.find((t) => t.task === taskKey('classic', p));
      expect(task?.attempts).toBe(1);
      expect(task?.mean).toBeCloseTo(after.task.mean, 9);
      expect(task?.variance).toBeLessThan(prior.variance);
      if (p.outcome === 'solved') {
        // A solve faster than predicted makes the task easier and the solver stronger; slower, the other way.
        const faster = Math.log(Math.round(p.ms) / 1000) < predicted;
        expect(task?.mean ?? 0).toSatisfy((m: number) => (faster ? m < prior.mean : m > prior.mean));
        expect(after.solver.mean).toSatisfy((m: number) => (faster ? m > solver.mean : m < solver.mean));
      } else {
        // Set aside: censored, so the task only gets harder and the solver only weaker.
        expect(task?.mean).toBeGreaterThan(prior.mean);
        expect(after.solver.mean).toBeLessThan(solver.mean);
      }
      solver = after.solver;
    }
    const mine = await stores.ratings.solverTime(me.account.id, 'classic');
    expect(mine).toMatchObject({ attempts: 6 });
    expect(mine?.mean).toBeCloseTo(solver.mean, 9);
  });
});
