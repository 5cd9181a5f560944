import type { Client } from 'colyseus.js';
import type { StormHighsAnswer, StormOutcome } from '@ubongo/core';
import {
  checkSolution,
  humanFloorSeconds,
  PROTOCOL_VERSION,
  STORM_CLOCK,
  STORM_MINUTES,
  stormBucketAt,
  stormBuckets,
  stormTasks,
} from '@ubongo/core';
import { shippedDeck } from '@ubongo/core/decks';
import { byHand, member, Player, solve } from '@ubongo/test-support/player';
import { describe, expect, it } from 'vitest';
import { GameClock } from '../../clock.js';
import { startServer } from '../../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';
import { solo } from '../../storage/contract/fixtures.js';

// Storm over a real socket (docs/courses.md, "Storm"): the ramp's tasks, the clock that moves with
// each solve and set-aside, the end when it runs out, and the highs read from the stored runs.

const SCALE = 8;
const DAY = 86_400_000;
// 2026-11-28 (a Saturday), 08:00 UTC: game time runs 8 times faster, far from midnight for the whole test.
const clock = new GameClock(SCALE, 0, Date.UTC(2026, 10, 28, 8));

const served = serverPerFile((base) =>
  startServer({
    ...base,
    clock,
  }),
);

const buckets = stormBuckets(shippedDeck('classic'));
const name = (t: { board: string; side: string; key: string }): string => `${t.board} ${t.side} ${t.key}`;

/** Makes a member established (three verified runs on two days before), as every public board asks. */
async function established(username: string): Promise<{ client: Client; id: string; session: string }> {
  const m = await member(served.ws, username);
  for (const at of [1, 2, DAY + 1])
    await served.server.stores.soloRuns.saveSolo(
      solo({ accountId: m.id, player: username, finishedAt: Date.UTC(2026, 10, 1) + at }),
    );
  return m;
}

/** A hand just over the human floor (of the hardest task), so that the solve is a person's, well within Storm's 20 s. */
const quickHand = (pieces: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, (humanFloorSeconds(10, pieces) * 1050) / SCALE));

const highs = async (session?: string): Promise<StormHighsAnswer> =>
  (await (
    await fetch(`${served.http}/api/storm/highs`, session ? { headers: { authorization: `Bearer ${session}` } } : {})
  ).json()) as StormHighsAnswer;

describe('Storm', () => {
  it('follows the ramp; a fast solve gives back seconds, a set-aside costs them; the highs count the run', async () => {
    const ana = await established('ana');
    const room = await ana.client.create('solo', {
      protocol: PROTOCOL_VERSION,
      mode: 'count',
      limit: 5,
      side: 'easy',
      course: { kind: 'storm' },
    });
    const player = Player.wrap<'solo'>(ana.client, room);
    player.send('start');
    let view = await player.waitFor('view', (m) => m.task !== null);
    // The course set the run: 3 minutes on the clock that moves, the first task from the easiest bucket.
    expect(view).toMatchObject({ mode: 'timed', limit: STORM_MINUTES, solved: 0 });
    expect(view.clock).toEqual({ rules: STORM_CLOCK, combo: 0, bestCombo: 0, dealtAt: 0 });
    const start = view.startedAt ?? 0;
    expect(view.endsAt).toBe(start + 180_000);
    const dealt = [view.current];

    // Two solves by hand, each well within 20 s of its deal: 3 s back each, the combo growing.
    for (const combo of [1, 2]) {
      const before = view;
      const task = before.task;
      if (!task) throw new Error('no task');
      await quickHand(task.pieces.length);
      player.send('claim', byHand(solve(task)));
      const events = await player.next('events', (m) => m.events.some((e) => e.type === 'solved'));
      expect(events.events.find((e) => e.type === 'solved')).toMatchObject({ clockMs: 3000, combo });
      view = await player.waitFor('view', (m) => m.solved === combo);
      expect(view.endsAt).toBe((before.endsAt ?? 0) + 3000);
      expect(view.clock?.combo).toBe(combo);
      dealt.push(view.current);
    }

    // A set-aside: 10 s off the clock, the combo gone.
    const before = view;
    player.send('skip');
    view = await player.waitFor('view', (m) => m.skipped === 1);
    expect(view.endsAt).toBe((before.endsAt ?? 0) - 10_000);
    expect(view.clock).toMatchObject({ combo: 0, bestCombo: 2 });
    dealt.push(view.current);

    // Each task dealt is the ramp's: from the bucket of its place.
    dealt.forEach((d, i) => {
      expect(buckets[stormBucketAt(i)]?.map(name)).toContain(name(d ?? ({} as never)));
    });

    // The clock runs out (3:00 + 6 s - 10 s, 8 times faster): the run ends at its deadline.
    const recorded = await player.waitFor('recorded', () => true, 20_000);
    expect(recorded.result).toMatchObject({ mode: 'timed', limit: 3, solved: 2, skipped: 1, ms: 176_000 });
    expect(recorded.verified).toBe(true);
    expect(recorded.puzzles.map((p) => p.outcome)).toEqual(['solved', 'solved', 'skipped', 'unfinished']);
    const outcome = recorded.course as StormOutcome;
    expect(outcome).toMatchObject({
      kind: 'storm',
      score: 2,
      bestCombo: 2,
      counted: true,
      highs: { day: 2, week: 2, all: 2 },
    });
    // The tasks missed (the one set aside, the one on the board at the end), each with a solution that holds.
    expect(outcome.missed.map((m) => m.index)).toEqual([2, 3]);
    for (const m of outcome.missed) {
      expect(name(m.task)).toBe(name(recorded.puzzles[m.index] ?? ({} as never)));
      expect(checkSolution(m.puzzle, m.solution).ok).toBe(true);
    }
    // The run is stored with its seed: the ramp's tasks for that seed are the ones dealt.
    const stored = await served.server.stores.soloRuns.soloRun(recorded.run);
    expect(stored?.dealing).toBe('storm');
    expect(
      stormTasks(buckets, stored?.seed ?? -1)
        .slice(0, 4)
        .map(name),
    ).toEqual(dealt.map((d) => name(d ?? ({} as never))));
    await player.room.leave();

    // On the boards of the day, the week and all time, and the player's own highs.
    const answer = await highs(ana.session);
    expect(answer).toMatchObject({
      day: '2026-11-28',
      week: '2026-11-23',
      mine: { day: 2, week: 2, all: 2 },
      rules: { minutes: 3, clock: STORM_CLOCK, ramp: [8, 8, 9, 9, 10, 10, 12, 14] },
    });
    for (const board of [answer.boards.day, answer.boards.week, answer.boards.all])
      expect(board).toEqual([
        {
          place: 1,
          account: ana.id,
          player: 'ana',
          username: 'ana',
          run: recorded.run,
          score: 2,
          ms: 176_000,
          reviewed: false,
        },
      ]);
    // Without a session: the boards alone. A top out of bounds is refused.
    expect((await highs()).mine).toBeUndefined();
    expect((await fetch(`${served.http}/api/storm/highs?top=51`)).status).toBe(400);
  }, 60_000);

  it('a set-aside with less than 10 s left ends the run there; a run not verified counts for no high', async () => {
    const bea = await established('bea');
    const room = await bea.client.create('solo', {
      protocol: PROTOCOL_VERSION,
      mode: 'count',
      limit: 5,
      side: 'easy',
      course: { kind: 'storm' },
    });
    const player = Player.wrap<'solo'>(bea.client, room);
    player.send('start');
    let view = await player.waitFor('view', (m) => m.task !== null);
    // A claim at once, without a hand's trail: solved, but not a person's.
    const task = view.task;
    if (!task) throw new Error('no task');
    player.send('claim', { placements: solve(task) });
    view = await player.waitFor('view', (m) => m.solved === 1);
    // Nineteen set-asides take more than the 3 minutes (and the 3 s back): the run ends at one of them.
    for (let i = 1; i <= 19 && view.phase === 'playing'; i++) {
      player.send('skip');
      view = await player.waitFor('view', (m) => m.skipped === i);
    }
    expect(view.phase).toBe('finished');
    const recorded = await player.waitFor('recorded');
    const { skipped } = recorded.result;
    expect(recorded.result.solved).toBe(1);
    expect([18, 19]).toContain(skipped);
    expect(recorded.result.ms).toBeLessThan(183_000);
    expect(recorded.verified).toBe(false);
    expect(recorded.course).toMatchObject({ kind: 'storm', score: 1, counted: false, highs: { all: null } });
    expect((recorded.course as StormOutcome).missed).toHaveLength(skipped);
    await player.room.leave();
    expect((await highs(bea.session)).mine).toEqual({ day: null, week: null, all: null });
    expect((await highs()).boards.all.map((e) => e.player)).not.toContain('bea');
  }, 60_000);
});
