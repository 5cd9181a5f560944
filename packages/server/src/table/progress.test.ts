import { describe, expect, it } from 'vitest';
import type { Rejected } from '@ubongo/core';
import { startServer } from '../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';
import { Player, solve } from '@ubongo/test-support/player';
import { newTable, playing } from '@ubongo/test-support/race-table';

// A race you can watch, over a real socket: each player's progress (pieces down of the task's,
// and where they lie), reported by their client, reaches everyone at the table as they may see it
// (watchers the boards, seated players still at theirs the counts); what is wrong is refused and
// changes nothing. Game time runs as the clock does: the round's sand does not run out under the test.

const served = serverPerFile((base) =>
  startServer({
    ...base,
    timeScale: 1,
  }),
);

/** Ana's table with Ben at it and Cleo watching, its first round dealt. */
async function race(): Promise<{ ana: Player<'race'>; ben: Player<'race'>; cleo: Player<'race'> }> {
  const ana = await newTable(served.ws, 'classic', { rounds: 1, hourglassSeconds: 180 });
  const ben = await Player.join(served.ws, ana.room.roomId, { name: 'Ben' });
  await ana.waitFor('lobby', (l) => l.seats.length === 2);
  const cleo = await Player.join(served.ws, ana.room.roomId, { name: 'Cleo', spectate: true });
  await ana.waitFor('lobby', (l) => l.spectators === 1);
  ana.send('start');
  await Promise.all([ana.waitFor('view', playing(1)), ben.waitFor('view', playing(1))]);
  return { ana, ben, cleo };
}

const refusedProgress = (p: Player<'race'>, from: number): Promise<Rejected> =>
  p.waitFor('rejected', (r) => r.to === 'progress' && p.received.findIndex((m) => m.message === r) >= from);

describe('progress', () => {
  it("a player's pieces down reach the others and the spectators, never a placement", async () => {
    const { ana, ben, cleo } = await race();
    const { view } = await ana.waitFor('view', playing(1));
    const of = view.task?.pieces.length ?? 0;
    expect(of).toBeGreaterThan(1);
    ben.send('progress', { down: 1 });
    await ana.waitFor('progress', (m) => m.players['p2']?.down === 1);
    ana.send('progress', { down: 2 });
    for (const watcher of [ben, cleo]) {
      const seen = await watcher.waitFor('progress', (m) => m.players['p1']?.down === 2);
      expect(seen.players['p1']).toEqual({ down: 2, of });
    }
    // Someone who looks again (a reload, a new spectator) finds it in the view.
    const late = await Player.join(served.ws, ana.room.roomId, { name: 'Dan', spectate: true });
    const lateView = await late.waitFor('view', (m) => m.view.phase === 'playing');
    expect(lateView.progress['p1']).toEqual({ down: 2, of });
    expect(lateView.progress['p2']?.down).toBe(1);
    // The same count again tells nobody anything new.
    const before = ben.received.length;
    ana.send('progress', { down: 2 });
    ana.send('progress', { down: 1 });
    await ben.waitFor('progress', (m) => m.players['p1']?.down === 1);
    expect(ben.received.slice(before).filter((m) => m.type === 'progress')).toHaveLength(1);
    await Promise.all([ana.room.leave(), ben.room.leave(), cleo.room.leave(), late.room.leave()]);
  });

  it('a count beyond the task, a spectator, a solver and a bad shape are refused and change nothing', async () => {
    const { ana, ben, cleo } = await race();
    const { view } = await ana.waitFor('view', playing(1));
    const task = view.task;
    if (!task) throw new Error('no task');
    ana.send('progress', { down: 1 });
    await ben.waitFor('progress', (m) => m.players['p1']?.down === 1);

    let from = ana.received.length;
    ana.send('progress', { down: task.pieces.length + 1 });
    expect(await refusedProgress(ana, from)).toMatchObject({ code: 'message/malformed' });
    for (const bad of [{ down: -1 }, { down: 1.5 }, { down: '2' }, { down: 2, at: [0, 0] }, {}]) {
      from = ana.received.length;
      ana.sendRaw('progress', bad);
      expect(await refusedProgress(ana, from)).toMatchObject({ code: 'message/malformed' });
    }
    from = cleo.received.length;
    cleo.send('progress', { down: 1 });
    expect(await refusedProgress(cleo, from)).toMatchObject({ code: 'message/not-allowed' });

    // Once solved, there is nothing more to report.
    ana.send('claim', { placements: solve(task) });
    await ana.waitFor('view', (m) => m.view.round?.solved.includes('p1') ?? false);
    from = ana.received.length;
    ana.send('progress', { down: 0 });
    expect(await refusedProgress(ana, from)).toMatchObject({ code: 'message/wrong-phase' });

    // Nothing of it changed what anyone sees: Ana's board is the one she claimed.
    const after = await Player.join(served.ws, ana.room.roomId, { name: 'Eve', spectate: true });
    const seen = await after.waitFor('view', (m) => m.view.phase === 'playing');
    expect(seen.progress).toEqual({
      p1: { down: task.pieces.length, of: task.pieces.length, placements: solve(task) },
    });
    expect(ben.received.filter((m) => m.type === 'progress')).toHaveLength(1);
    await Promise.all([ana.room.leave(), ben.room.leave(), cleo.room.leave(), after.room.leave()]);
  });

  it('a watcher sees where the pieces lie; a seated player still at their board, only the count', async () => {
    const { ana, ben, cleo } = await race();
    const { view } = await ana.waitFor('view', playing(1));
    const task = view.task;
    if (!task) throw new Error('no task');
    // The watcher has every board's task to draw; Ben, at his board, none but his own.
    const watched = await cleo.waitFor('view', (m) => m.view.phase === 'playing');
    expect(Object.keys(watched.tasks ?? {}).sort()).toEqual(['p1', 'p2']);
    expect((await ben.waitFor('view', playing(1))).tasks).toBeUndefined();
    const two = solve(task).slice(0, 2);
    ana.send('progress', { down: 2, placements: two });
    const seen = await cleo.waitFor('progress', (m) => m.players['p1']?.down === 2);
    expect(seen.players['p1']?.placements).toEqual(two);
    const counted = await ben.waitFor('progress', (m) => m.players['p1']?.down === 2);
    expect(counted.players['p1']).toEqual({ down: 2, of: task.pieces.length });
    // A board that is not the task's pieces in their shapes is refused, and nobody is told.
    const from = ana.received.length;
    ana.send('progress', { down: 1, placements: [{ piece: 'nope', cells: [[0, 0]] }] });
    expect(await refusedProgress(ana, from)).toMatchObject({ code: 'message/malformed' });
    // Once Ben has solved, he sees Ana's board as it lies.
    const bens = (await ben.waitFor('view', playing(1))).view.task;
    if (!bens) throw new Error('no task');
    ben.send('claim', { placements: solve(bens) });
    const solved = await ben.waitFor('view', (m) => m.view.round?.solved.includes('p2') ?? false);
    expect(solved.progress['p1']?.placements).toEqual(two);
    expect(Object.keys(solved.tasks ?? {}).sort()).toEqual(['p1', 'p2']);
    expect(cleo.received.filter((m) => m.type === 'rejected')).toEqual([]);
    await Promise.all([ana.room.leave(), ben.room.leave(), cleo.room.leave()]);
  });

  it('is refused before the game starts', async () => {
    const ana = await newTable(served.ws, 'classic');
    const from = ana.received.length;
    ana.send('progress', { down: 0 });
    expect(await refusedProgress(ana, from)).toMatchObject({ code: 'message/wrong-phase' });
    await ana.room.leave();
  });
});
