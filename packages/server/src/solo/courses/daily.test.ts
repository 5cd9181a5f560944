import type { Client } from 'colyseus.js';
import type { DailyAnswer, DailyBoardAnswer, DailyOutcome, DailySolutionAnswer } from '@ubongo/core';
import { isDeepStrictEqual } from 'node:util';
import { checkSolution, dailyDateAdd, dailySchedule, PROTOCOL_VERSION } from '@ubongo/core';
import { byHand, humanPause, member, Player, signedIn, solve } from '@ubongo/test-support/player';
import { describe, expect, it } from 'vitest';
import { GameClock } from '../../clock.js';
import { secretDraw } from './daily.js';
import { startServer } from '../../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';
import { solo } from '../../storage/contract/fixtures.js';

// The daily puzzle over a real socket (docs/courses.md, "The daily puzzle"): the server's clock
// says the day, and this test moves it on a day at a time.

/** Game time and the date, which a test can move on: both (`shift`), or the wall clock's date alone (`step`). */
class MovableClock extends GameClock {
  shift = 0;
  step = 0;
  override now(): number {
    return super.now() + this.shift;
  }
  override date(): number {
    return super.date() + this.shift + this.step;
  }
}

const DAY = 86_400_000;
const SCALE = 20;
// 2026-11-28, 08:00 UTC: game time runs 20 times faster, far from midnight for the whole test.
const clock = new MovableClock(SCALE, 0, Date.UTC(2026, 10, 28, 8));

const served = serverPerFile((base) =>
  startServer({
    ...base,
    clock,
  }),
);

const decks = {
  classic: (await import('@ubongo/core/decks')).shippedDeck('classic'),
  extreme: (await import('@ubongo/core/decks')).shippedDeck('extreme'),
};
/** The server's schedule: core's rule, drawn with the server's secret (kept in its database). */
const serverSchedule = async () => dailySchedule(decks, secretDraw(await served.server.stores.daily.dailySecret()));

/** Plays today's daily as `client`: solved by hand, or left mid-run. The run's task and its outcome. */
async function playDaily(client: Client, how: 'solve' | 'leave') {
  const room = await client.create('solo', {
    protocol: PROTOCOL_VERSION,
    mode: 'count',
    limit: 5,
    side: 'easy',
    course: { kind: 'daily' },
  });
  const player = Player.wrap<'solo'>(client, room);
  player.send('start');
  const view = await player.waitFor('view', (m) => m.task !== null && m.current !== null);
  const { task, current } = view;
  if (!task || !current) throw new Error('no task');
  if (how === 'leave') {
    await player.room.leave();
    return { current, outcome: undefined };
  }
  await humanPause(task, SCALE);
  player.send('claim', byHand(solve(task)));
  const recorded = await player.waitFor('recorded');
  await player.room.leave();
  expect(recorded.course?.kind).toBe('daily');
  return { current, outcome: recorded.course as DailyOutcome, recorded };
}

const daily = async (session?: string): Promise<DailyAnswer> =>
  (await (
    await fetch(`${served.http}/api/daily`, session ? { headers: { authorization: `Bearer ${session}` } } : {})
  ).json()) as DailyAnswer;

const board = async (date: string): Promise<DailyBoardAnswer> =>
  (await (await fetch(`${served.http}/api/daily/${date}/board`)).json()) as DailyBoardAnswer;

/** Makes a member established (three verified runs on two days before), as every public board asks. */
async function established(username: string): Promise<{ client: Client; id: string; session: string }> {
  const m = await member(served.ws, username);
  for (const at of [1, 2, DAY + 1])
    await served.server.stores.soloRuns.saveSolo(
      solo({ accountId: m.id, player: username, finishedAt: Date.UTC(2026, 10, 1) + at }),
    );
  return m;
}

describe('the daily puzzle', () => {
  it('is the same task for two accounts, the day’s by core’s rule; only the first run counts', async () => {
    const ana = await established('ana');
    const bea = await established('bea');
    const schedule = await serverSchedule();
    const expected = schedule.taskOn('2026-11-28');
    if (!expected.ok) throw new Error(expected.error);
    // The secret draw is not the public seed's: the days to come are not to be worked out.
    const days = Array.from({ length: 30 }, (_, d) => dailyDateAdd('2026-11-28', d));
    const publicSchedule = dailySchedule(decks);
    expect(days.filter((d) => isDeepStrictEqual(schedule.taskOn(d), publicSchedule.taskOn(d))).length).toBeLessThan(5);
    expect(await daily(ana.session)).toEqual({ date: '2026-11-28', yesterday: '2026-11-27', attempt: null, streak: 0 });

    const first = await playDaily(ana.client, 'solve');
    const second = await playDaily(bea.client, 'solve');
    expect(first.current).toMatchObject(expected.value.task);
    expect({ ...second.current, player: '' }).toEqual({ ...first.current, player: '' });
    expect(first.recorded?.puzzles).toHaveLength(1);
    expect(first.outcome).toMatchObject({ kind: 'daily', date: '2026-11-28', counted: true, solved: true, streak: 1 });
    expect(first.outcome?.place).toBe(1);
    expect(first.outcome?.ms).toBe(first.recorded?.puzzles[0]?.ms);
    const before = await board('2026-11-28');
    expect(before.entries.map((e) => e.username).sort()).toEqual(['ana', 'bea']);

    // Ana again: practice. Her attempt, the board and her streak stay as they were.
    const practice = await playDaily(ana.client, 'solve');
    expect(practice.current).toMatchObject(expected.value.task);
    expect(practice.outcome).toMatchObject({ counted: false, place: null, streak: 1 });
    expect(await board('2026-11-28')).toEqual(before);
    expect(await daily(ana.session)).toMatchObject({
      attempt: { solved: true, ms: first.outcome?.ms, run: first.recorded?.run },
      streak: 1,
    });
  });

  it('a guest plays it too, and is on no board; leaving mid-run uses the attempt', async () => {
    const client = await signedIn(served.ws, 'Cy');
    const session = client.auth.token;
    await playDaily(client, 'leave');
    // The attempt was taken as the run started, and settled unsolved as the player left.
    await expect.poll(async () => (await daily(session)).attempt).toMatchObject({ solved: false, run: null });
    await expect.poll(async () => (await daily(session)).attempt?.ms).not.toBeNull();
    const again = await playDaily(client, 'solve');
    expect(again.outcome).toMatchObject({ counted: false, solved: true, place: null, streak: 0 });
    expect((await board('2026-11-28')).entries.map((e) => e.username)).not.toContain(null);
  });

  it('counts a streak of days in a row, and gives a past day’s solution, never today’s', async () => {
    const dan = await established('dan');
    const first = await playDaily(dan.client, 'solve');
    expect(first.outcome).toMatchObject({ date: '2026-11-28', counted: true, streak: 1 });
    // Today's solution is never given away, nor a run that would show it.
    expect((await fetch(`${served.http}/api/daily/2026-11-28/solution`)).status).toBe(403);
    expect((await fetch(`${served.http}/api/runs/${first.recorded?.run}`)).status).toBe(403);

    clock.shift += DAY;
    expect(await daily(dan.session)).toMatchObject({ date: '2026-11-29', attempt: null, streak: 1 });
    const next = await playDaily(dan.client, 'solve');
    const expected = (await serverSchedule()).taskOn('2026-11-29');
    if (!expected.ok) throw new Error(expected.error);
    expect(next.current).toMatchObject(expected.value.task);
    expect(next.outcome).toMatchObject({ date: '2026-11-29', counted: true, streak: 2 });

    // Yesterday's task, as a checked puzzle, and a solution of it that the engine accepts.
    const res = await fetch(`${served.http}/api/daily/2026-11-28/solution`);
    expect(res.status).toBe(200);
    expect((await fetch(`${served.http}/api/runs/${first.recorded?.run}`)).status).toBe(200);
    const solution = (await res.json()) as DailySolutionAnswer;
    expect(first.current).toMatchObject(solution.task);
    expect(checkSolution(solution.puzzle, solution.solution).ok).toBe(true);
    expect((await fetch(`${served.http}/api/daily/2026-11-29/solution`)).status).toBe(403);
    expect((await fetch(`${served.http}/api/daily/2027-01-01/solution`)).status).toBe(403);
    expect((await fetch(`${served.http}/api/daily/2025-12-31/solution`)).status).toBe(404);
    // Not a day: nothing there, as every path of a wrong shape.
    expect((await fetch(`${served.http}/api/daily/2026-02-30/solution`)).status).toBe(404);
    expect((await fetch(`${served.http}/api/daily/2026-12-01/board`)).status).toBe(404);

    // A day missed: the streak is gone, and starts again at 1.
    clock.shift += 2 * DAY;
    expect(await daily(dan.session)).toMatchObject({ date: '2026-12-01', streak: 0 });
    const after = await playDaily(dan.client, 'solve');
    expect(after.outcome).toMatchObject({ date: '2026-12-01', counted: true, streak: 1 });
  });

  it('counts an attempt still under way once the day is over (its solution out) as not solved', async () => {
    const eve = await established('eve');
    const { date } = await daily(eve.session);
    const room = await eve.client.create('solo', {
      protocol: PROTOCOL_VERSION,
      mode: 'count',
      limit: 5,
      side: 'easy',
      course: { kind: 'daily' },
    });
    const player = Player.wrap<'solo'>(eve.client, room);
    player.send('start');
    const { task } = await player.waitFor('view', (m) => m.task !== null);
    if (!task) throw new Error('no task');
    await expect.poll(async () => (await daily(eve.session)).attempt).toMatchObject({ run: null });
    clock.shift += DAY;
    player.send('claim', byHand(solve(task)));
    const recorded = await player.waitFor('recorded');
    await player.room.leave();
    expect(recorded.course).toMatchObject({ kind: 'daily', date, counted: true, solved: false, place: null });
    expect((await board(date)).entries.map((e) => e.username)).not.toContain('eve');
  });

  it('keeps a run of the day hidden by the daily’s clock when the wall clock steps ahead of game time', async () => {
    const fay = await established('fay');
    // Game time at 10:00 of its day; then the wall clock steps on to 02:00 of the next (an NTP step,
    // a machine woken up): the daily's day is the wall clock's, the run's times are game time.
    const midnight = (ms: number): number => Math.floor(ms / DAY) * DAY;
    clock.shift += midnight(clock.now()) + 10 * 3_600_000 - clock.now();
    clock.step += midnight(clock.now()) + DAY + 2 * 3_600_000 - clock.date();
    const { date } = await daily(fay.session);
    const played = await playDaily(fay.client, 'solve');
    expect(played.outcome).toMatchObject({ date, counted: true, solved: true });
    // The run finished on the day before by game time, which is over by the wall clock: still hidden.
    expect((await fetch(`${served.http}/api/runs/${played.recorded?.run}`)).status).toBe(403);
    clock.step += DAY;
    expect((await fetch(`${served.http}/api/runs/${played.recorded?.run}`)).status).toBe(200);
    clock.step = 0;
  });
});
