import { describe, expect, it } from 'vitest';
import type { RaceEdition, RaceServerMessages, RaceSettings } from '@ubongo/core';
import { LAYOUT_MS } from '@ubongo/core';
import { startServer } from '../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';
import { Player, solve } from '@ubongo/test-support/player';
import * as table from '@ubongo/test-support/race-table';

// Extreme with the whole set over a real socket: the sand waits until every player of the round
// has laid out their pieces, or until the time to do so is up (docs/rules.md §3.6).

type RaceEventsBody = RaceServerMessages['events'];

// A real server on a random port, game time 20 times faster than the clock: the 30 s to lay out
// last 1.5 s.

const served = serverPerFile((base) =>
  startServer({
    ...base,
    timeScale: 20,
  }),
);

const { playing } = table;
const newTable = (edition: RaceEdition, extra: Partial<RaceSettings> = {}): Promise<Player<'race'>> =>
  table.newTable(served.ws, edition, extra);

describe('Extreme with the whole set: laying out the pieces', () => {
  it('Extreme: the sand is turned once everyone, the bot too, has laid out; nobody may claim before', async () => {
    const ana = await newTable('extreme', { rounds: 1, pieceSet: 'box', hourglassSeconds: 60 });
    const ben = await Player.join(served.ws, ana.room.roomId, { name: 'Ben' });
    ana.send('add-bot', { level: 'master' });
    await ana.waitFor('lobby', (l) => l.seats.length === 3);
    ana.send('start');
    const { view, serverNow } = await ana.waitFor('view', playing(1));
    const layout = view.round?.layout;
    if (!layout || !view.task) throw new Error('no time to lay out');
    // The time to lay out is the deadline shown until the sand is turned.
    expect(layout.until).toBe(view.round.deadline);
    expect(layout.until - serverNow).toBeLessThanOrEqual(LAYOUT_MS);
    ana.send('claim', { placements: solve(view.task) });
    expect(await ana.next('rejected')).toMatchObject({ to: 'claim', code: 'action/wrong-phase' });
    ana.send('lay-out');
    await ana.waitFor('view', (m) => m.view.round?.layout?.done.includes('p1') ?? false);
    ana.send('lay-out');
    expect(await ana.next('rejected')).toMatchObject({ to: 'lay-out', code: 'action/already-laid-out' });
    // The master bot lays out by itself; the sand waits for Ben.
    await ana.waitFor('view', (m) => m.view.round?.layout?.done.includes('p3') ?? false);
    expect(
      ana.received.some(
        (r) => r.type === 'events' && (r.message as RaceEventsBody).events.some((e) => e.type === 'sand-turned'),
      ),
    ).toBe(false);
    ben.send('lay-out');
    const turned = await ana.waitFor('events', (m) => m.events.some((e) => e.type === 'sand-turned'));
    expect(turned.events.find((e) => e.type === 'sand-turned')).toMatchObject({ by: 'everyone' });
    const running = await ana.waitFor('view', (m) => m.view.round !== null && m.view.round.layout === undefined);
    expect(running.view.phase).toBe('playing');
    ana.send('claim', { placements: solve(view.task) });
    await ana.waitFor('events', (m) => m.events.some((e) => e.type === 'solved' && e.player === 'p1'));
    // A lay-out after the sand turned, or a malformed one, is refused and changes nothing.
    ben.send('lay-out');
    expect(await ben.next('rejected')).toMatchObject({ to: 'lay-out', code: 'action/wrong-phase' });
    ben.sendRaw('lay-out', { now: 'please' });
    expect(await ben.next('rejected')).toMatchObject({ to: 'lay-out', code: 'message/malformed' });
    await Promise.all([ana.room.leave(), ben.room.leave()]);
  });

  it('Extreme: when the time to lay out runs out, the sand is turned anyway', async () => {
    const ana = await newTable('extreme', { rounds: 1, pieceSet: 'box', hourglassSeconds: 60 });
    ana.send('start');
    const turned = await ana.waitFor('events', (m) => m.events.some((e) => e.type === 'sand-turned'));
    const sand = turned.events.find((e) => e.type === 'sand-turned');
    expect(sand).toMatchObject({ by: 'time' });
    const { view } = await ana.waitFor('view', (m) => m.view.round !== null && m.view.round.layout === undefined);
    // Turned from the moment the time to lay out ended, for a whole hourglass.
    expect(sand?.type === 'sand-turned' && sand.deadline).toBe(view.round?.deadline);
    await ana.room.leave();
  });
});
