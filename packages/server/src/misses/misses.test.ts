import type { DailyArchiveAnswer } from '@ubongo/core';
import { dailyDateAdd, dailyDateOf, PROTOCOL_VERSION } from '@ubongo/core';
import { Player, signedIn, solve } from '@ubongo/test-support/player';
import { serverPerFile } from '@ubongo/test-support/test-server';
import { expect, it } from 'vitest';
import { startServer } from '../server.js';

/*
 * Learn from the misses over a real socket (docs/courses.md): a Storm run ended by setting boards
 * aside, then its missed boards in practice, for its own player only, solved and shown without
 * anything stored; and the daily archive over HTTP and the solo room. The rules are
 * missed.unit.test.ts's and archive.unit.test.ts's; these are the paths through the server.
 */

const served = serverPerFile((base) => startServer({ ...base, timeScale: 20 }));

it('deals a Storm run’s missed boards to its player alone, and stores nothing of them', async () => {
  const storm = await Player.create(served.ws, 'solo', {
    name: 'Mia',
    mode: 'timed',
    limit: 5,
    side: 'easy',
    course: { kind: 'storm' },
  });
  storm.send('start');
  await storm.waitFor('view', (v) => v.current !== null);
  // Each set-aside costs 10 s of the 3 minutes: the run ends on the 18th.
  for (let i = 0; i < 18; i++) storm.send('skip');
  const recorded = await storm.waitFor('recorded');
  const missed = recorded.puzzles.filter((p) => p.outcome !== 'solved');
  expect(missed.length).toBeGreaterThanOrEqual(18);

  const practice = Player.wrap<'practice'>(
    storm.client,
    await storm.client.create('practice', { protocol: PROTOCOL_VERSION, misses: { run: recorded.run } }),
  );
  const misses = await practice.waitFor('misses');
  expect(misses).toMatchObject({ run: recorded.run, course: 'storm', at: 0 });
  expect(misses.tasks.map((t) => `${t.board}/${t.key}`)).toEqual(missed.map((p) => `${p.board}/${p.key}`));
  const first = await practice.waitFor('practice');
  expect(first).toMatchObject(misses.tasks[0] ?? {});

  // The next board, its solution on request, and a board solved: nothing of it is stored.
  const moved = Promise.all([practice.next('misses'), practice.next('practice')]);
  practice.send('missed', { index: 1 });
  const [at, second] = await moved;
  expect(at.at).toBe(1);
  expect(second).toMatchObject(misses.tasks[1] ?? {});
  practice.send('solution');
  expect((await practice.next('solution')).placements).toHaveLength(second.task.pieces.length);
  practice.send('claim', { placements: solve(second.task) });
  await practice.next('checked');
  practice.send('missed', { index: misses.tasks.length });
  expect(await practice.next('rejected')).toMatchObject({ to: 'missed', code: 'message/malformed' });
  const runs = await served.server.stores.soloRuns.records({ from: 'anyone', mode: 'timed', dealing: 'storm' });
  expect(runs.map((r) => r.id)).toEqual([recorded.run]);

  // Someone else may not open them.
  const other = await signedIn(served.ws, 'Nosy');
  await expect(other.create('practice', { protocol: PROTOCOL_VERSION, misses: { run: recorded.run } })).rejects.toThrow(
    `you have no run ${recorded.run}`,
  );
  await practice.room.leave();
  await storm.room.leave();
});

it('lists past days of the daily and plays one unranked; a day to come is refused with why', async () => {
  const answer = (await (await fetch(`${served.http}/api/daily/archive?top=3`)).json()) as DailyArchiveAnswer;
  const today = dailyDateOf(Date.now());
  expect(answer.days).toHaveLength(3);
  expect(answer.days.every((d) => d.date < today)).toBe(true);
  expect(answer.next).toBe(answer.days[2]?.date);
  const future = await fetch(`${served.http}/api/daily/archive?before=${dailyDateAdd(today, 2)}`);
  expect(future.status).toBe(400);
  expect(((await future.json()) as { error: string }).error).toContain('a day to come');
  expect((await fetch(`${served.http}/api/daily/archive?before=someday`)).status).toBe(400);

  const day = answer.days[1];
  const past = await Player.create(served.ws, 'solo', {
    name: 'Ida',
    mode: 'count',
    limit: 5,
    side: 'easy',
    course: { kind: 'archive', date: day?.date ?? '' },
  });
  past.send('start');
  const { current } = await past.waitFor('view', (v) => v.current !== null);
  expect(current).toMatchObject(day?.task ?? {});
  const tomorrow = await Player.create(served.ws, 'solo', {
    name: 'Ida',
    mode: 'count',
    limit: 5,
    side: 'easy',
    course: { kind: 'archive', date: dailyDateAdd(today, 1) },
  });
  tomorrow.send('start');
  expect(await tomorrow.waitFor('rejected')).toMatchObject({
    code: 'message/course-refused',
    message: `the daily puzzle of ${dailyDateAdd(today, 1)} is not out yet`,
  });
  await Promise.all([past.room.leave(), tomorrow.room.leave()]);
});
