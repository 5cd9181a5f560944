import { shippedDeck } from '@ubongo/core/decks';
import { expect, it } from 'vitest';
import { LocalInPlay } from '../practice/in-play.js';
import { Attempts } from '../rating/puzzles.js';
import { openMemoryStores } from '../storage/memory.js';
import type { RaceMasterServices } from './race-master.js';
import { RaceMaster, RECONNECT_SECONDS } from './race-master.js';
import { Table } from './table.js';

/*
 * A lobby kept over a restart waits for its people for the reconnection window, on the game's
 * clock (a test clock here: no server, socket or timer); at the window's end the seats of those
 * still away are freed, and the table goes on with those back, its bot and its settings; with
 * nobody back it is given up. (The browser sees a lobby come back and its people return,
 * e2e/restarts.test.ts; the room's timer that calls this is people-wait.ts.)
 */

const decks = { classic: shippedDeck('classic'), extreme: shippedDeck('extreme') };

/** Lena hosts two rounds with 120 s of sand, an expert bot and Max: the lobby as kept, brought back at `clock.t`. */
function restoredLobby() {
  const stores = openMemoryStores();
  const clock = { t: 5_000_000, timeScale: 1, now: () => clock.t };
  const services: RaceMasterServices = {
    stores,
    attempts: new Attempts(stores),
    inPlay: new LocalInPlay(),
    clock,
    decks,
    seed: () => 42,
    log: () => undefined,
  };
  const before = new Table();
  before.configure({ rounds: 2, hourglassSeconds: 120 });
  before.sit('s-lena', 'Lena', 'easy', { id: 'lena', claimed: false });
  before.addBot('expert', 'easy');
  before.sit('s-max', 'Max', 'easy', { id: 'max', claimed: false });
  const lena = before.seats[0];
  if (!lena?.key) throw new Error('no key for Lena');
  const table = Table.restored(before.kept('LOB123', false, null, clock.t - 1_000));
  const transport = { clients: [], broadcast: () => undefined };
  const master = new RaceMaster(services, { id: 'LOB123', public: false }, table, transport, () => undefined);
  return { clock, table, master, lenaKey: lena.key };
}

it('frees the seats not taken back within the window, keeping those back, the bot and the settings', () => {
  const { clock, table, master, lenaKey } = restoredLobby();
  // Everyone is away at first: the table waits the window from now.
  expect(master.restore(null)).toBe(clock.t + RECONNECT_SECONDS * 1000);
  expect(table.seats.map((s) => [s.occupant.kind, s.connected])).toEqual([
    ['human', false],
    ['bot', true],
    ['human', false],
  ]);
  // Lena comes back with her seat's key; Max does not.
  const seat = table.seatByKey(lenaKey, { id: 'lena', claimed: false });
  if (!seat || seat === 'not-yours') throw new Error('the key opens nothing');
  table.sitBack(seat, 's-lena-2', lenaKey, { id: 'lena', claimed: false });
  expect(master.resumeBy).not.toBeNull();
  // The window ends: Max's seat is freed, and the table goes on with Lena hosting.
  clock.t += RECONNECT_SECONDS * 1000;
  expect(master.endTableWait()).toBe(true);
  expect(master.resumeBy).toBeNull();
  expect(table.seats.map((s) => (s.occupant.kind === 'human' ? s.occupant.name : s.occupant.kind))).toEqual([
    'Lena',
    'bot',
  ]);
  expect(table.host).toBe('s-lena-2');
  expect(table.settings).toMatchObject({ rounds: 2, hourglassSeconds: 120 });
});

it('gives the table up when nobody is back by the window’s end', () => {
  const { clock, master } = restoredLobby();
  master.restore(null);
  clock.t += RECONNECT_SECONDS * 1000;
  expect(master.endTableWait()).toBe(false);
});
