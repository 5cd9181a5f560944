import type { RecordsAnswer, TrailMove } from '@ubongo/core';
import { findTask, humanFloorSeconds, lieOf, PROTOCOL_VERSION } from '@ubongo/core';
import { shippedDeck } from '@ubongo/core/decks';
import { describe, expect, it } from 'vitest';
import { startServer } from '../server.js';
import { MovableClock } from '../test-clock.js';
import { serverPerFile } from '@ubongo/test-support/test-server';
import { member, Player, solve } from '@ubongo/test-support/player';

/*
 * Issue 45's check, over a real server, real sockets and a real SQLite file: a claimed account's
 * solo count run forged at its floors plus 0.25 s with a hand-like trail is on GET /api/records at
 * once, marked `reviewed: false`, and marked reviewed only once a reviewer approves it. A trail that
 * lays its pieces off the board is held off every board (its replay would show empty boards).
 */

const TIME_SCALE = 20;

// Game time stands still while a run is played: each solve takes the time the forger chose, to
// the ms, however busy the machine (a late timer would make a floor-hugger look like a person).
const clock = new MovableClock(TIME_SCALE);
const served = serverPerFile((base) => startServer({ ...base, clock }));

/** A count 5 run forged: each claim at the floor plus 0.25 s, the trail turned and laid as a hand's, or laid off the board. */
async function forged(username: string, where: 'on' | 'off'): Promise<{ id: string; run: number; held: boolean }> {
  const { client, id } = await member(served.ws, username);
  const player = Player.wrap<'solo'>(
    client,
    await client.create('solo', { protocol: PROTOCOL_VERSION, mode: 'count', limit: 5, side: 'easy' }),
  );
  clock.hold();
  player.send('start');
  for (let n = 0; n < 5; n++) {
    const v = await player.waitFor('view', (m) => m.solved === n && m.task !== null);
    if (!v.task || !v.current) throw new Error('no puzzle');
    const task = findTask(shippedDeck('classic'), v.current);
    if (!task) throw new Error('a task the deck does not hold');
    const wait = (humanFloorSeconds(task.difficulty, task.pieces.length) + 0.25) * 1000;
    clock.advance(wait);
    const placements = solve(v.task);
    const puzzle = v.task;
    // A hand's rhythm: a turn, a pause, a place, the gaps uneven and new each solve.
    const trail = placements.flatMap((p, i): TrailMove[] => {
      const at = Math.round(((i + 0.5) * wait) / (placements.length + 1)) + 97 * n + (i % 2) * 211;
      const dealt = puzzle.pieces.find((q) => q.id === p.piece)?.cells ?? [];
      const lie = lieOf(puzzle.grid, dealt, p.cells);
      if (!lie) throw new Error('no lie');
      const laid = where === 'on' ? lie : ([1000, -1000, lie[2]] as const);
      return [
        [at, 'turn', p.piece],
        [at + 180 + 40 * i, 'place', p.piece, laid],
      ];
    });
    player.send('claim', { placements, trail });
  }
  const recorded = await player.waitFor('recorded');
  clock.release();
  await player.room.leave();
  return { id, run: recorded.run, held: recorded.held || !recorded.verified };
}

const board = async (): Promise<RecordsAnswer['records']> =>
  ((await (await fetch(`${served.http}/api/records?mode=count&limit=5&side=easy`)).json()) as RecordsAnswer).records;

describe('results that count', () => {
  it('lists a forged run at once, unreviewed, and reviewed only once a reviewer approves it', async () => {
    const { id, run, held } = await forged('floorhugger', 'on');
    expect(held).toBe(false);
    const listed = (await board()).filter((e) => e.account === id);
    expect(listed).toEqual([expect.objectContaining({ run, reviewed: false })]);
    // The model's flags are kept with it, for the review queue.
    const stored = await served.server.stores.soloRuns.soloRun(run);
    expect(stored?.review).toBe('none');
    expect(stored?.reasons?.length).toBeGreaterThan(0);
    await served.server.stores.reviews.decide(`run-${run}`, 'approved');
    expect((await board()).find((e) => e.account === id)).toMatchObject({ run, reviewed: true });
  });

  it('holds a run whose trails lay their pieces off the board: its replay would not show the boards solved', async () => {
    const { id, held } = await forged('offboard', 'off');
    expect(held).toBe(true);
    expect((await board()).filter((e) => e.account === id)).toEqual([]);
  });
});
