import { matchMaker } from '@colyseus/core';
import { expect, it } from 'vitest';
import { startServer } from '../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';
import { Player } from '@ubongo/test-support/player';
import { playing } from '@ubongo/test-support/race-table';
import * as table from '@ubongo/test-support/race-table';

// A game everyone left, over a real socket: it ends, its room goes, and nothing is said of it
// afterwards (game time 20 times faster than the clock).
const logs: string[] = [];

const served = serverPerFile((base) =>
  startServer({
    ...base,
    timeScale: 20,
    log: (line) => logs.push(line),
  }),
);

it('a game everyone left ends where it stands: stored without a result, its room gone, nothing said of it after', async () => {
  const ana = await table.newTable(served.ws, 'classic', { rounds: 3, hourglassSeconds: 120 });
  ana.send('add-bot', { level: 'casual' });
  await ana.waitFor('lobby', (l) => l.seats.length === 2);
  ana.send('start');
  await ana.waitFor('view', playing(1));
  const { game } = await ana.waitFor('lobby', (l) => l.game !== null);
  const code = ana.room.roomId;
  await ana.room.leave(true);
  // The room goes, and the game is stored as it stood: no result (nobody won a game nobody
  // finished; a rated one moves no rating), Ana's seat played by a bot from when she left.
  await expect.poll(async () => (await matchMaker.query({ roomId: code })).length, { timeout: 10_000 }).toBe(0);
  const stored = await served.server.stores.games.game(game ?? '');
  expect(stored).toMatchObject({ id: game, result: undefined, actions: [{ action: { type: 'start-round' } }] });
  expect(stored?.seats[0]?.occupant).toEqual({ kind: 'stand-in', level: 'casual', for: 'Ana' });
  // Nothing is said of the room afterwards, while a game minute goes by (its bots played on and
  // wrote to a journal that was closed, once a second, before).
  const said = logs.length;
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(logs.slice(said).filter((l) => l.includes(code))).toEqual([]);
});

it('a table of two people who both leave in round 1 of 3 ends too: its room goes, its game is stored, nothing more is said', async () => {
  const ana = await table.newTable(served.ws, 'classic', { rounds: 3, hourglassSeconds: 120 });
  const code = ana.room.roomId;
  const ben = await Player.join(served.ws, code, { name: 'Ben' });
  await ana.waitFor('lobby', (l) => l.seats.length === 2);
  ana.send('start');
  await Promise.all([ana.waitFor('view', playing(1)), ben.waitFor('view', playing(1))]);
  const { game } = await ana.waitFor('lobby', (l) => l.game !== null);
  await ben.room.leave(true);
  await ana.room.leave(true);
  await expect.poll(async () => (await matchMaker.query({ roomId: code })).length, { timeout: 10_000 }).toBe(0);
  const stored = await served.server.stores.games.game(game ?? '');
  expect(stored).toMatchObject({ id: game, result: undefined });
  expect(stored?.seats.map((s) => s.occupant)).toEqual([
    { kind: 'stand-in', level: 'casual', for: 'Ana' },
    { kind: 'stand-in', level: 'casual', for: 'Ben' },
  ]);
  const said = logs.length;
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  expect(logs.slice(said).filter((l) => l.includes(code))).toEqual([]);
});
