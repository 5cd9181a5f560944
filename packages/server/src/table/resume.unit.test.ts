import { shippedDeck } from '@ubongo/core/decks';
import { describe, expect, it } from 'vitest';
import type { Numbered } from './race-game.js';
import { RaceGame } from './race-game.js';
import { restoreTables, resumeGames, takeResumption } from './resume.js';
import type { Restoration, Resumption } from '../services.js';
import { openMemoryStores } from '../storage/memory.js';
import type { Stores } from '../storage/stores.js';
import { Table } from './table.js';

/*
 * Games rebuilt from the journal after a restart, with the in-memory store: one under way goes to a
 * room of its own at the start of its interrupted round, one finished is stored, one whose journal
 * does not replay is stored as interrupted. No server, no socket.
 */

const decks = { classic: shippedDeck('classic'), extreme: shippedDeck('extreme') };

/**
 * A journal in `stores` of a game of two bots, up to `steps` of its referee's plans (all of them
 * when absent); the game's id.
 */
async function journalled(stores: Stores, id: string, steps = Infinity): Promise<string> {
  const table = new Table();
  table.configure({ rounds: 1 });
  table.addBot('casual', 'easy');
  table.addBot('master', 'easy');
  table.numberSeats();
  const config = { ...table.settings, players: table.seats.map((s) => ({ id: s.id, side: s.side })) };
  const started = RaceGame.start(decks.classic, config, 5, 1000, table.bots(), id);
  if (!started.ok) throw new Error(started.error.message);
  const game = started.value;
  await stores.games.beginGame(game.live('ROOM01', false, table.journalSeats(), false));
  const entries: Numbered[] = [];
  for (let i = 0; i < steps && !game.finished; i++) {
    const next = game.next();
    if (!next) break;
    const step = game.apply(next.action, next.at);
    if (step.ok) entries.push(step.value.entry);
    else game.drop(next.action);
  }
  for (const { seq, entry } of entries) await stores.games.journal(id, seq, entry);
  return id;
}

function services(stores: Stores) {
  const logged: string[] = [];
  const resumes = new Map<string, Resumption | Restoration>();
  return { stores, decks, log: (m: string) => logged.push(m), resumes, clock: { now: () => 10_000_000 }, logged };
}

describe('resumeGames', () => {
  it('hands a game under way to a room, at the start of its round; stores a finished one', async () => {
    const stores = openMemoryStores();
    const under = await journalled(stores, 'under-way', 2);
    const done = await journalled(stores, 'done');
    const s = services(stores);
    const opened: string[] = [];
    const resumed = await resumeGames(s, await stores.games.liveGames(), (key) => {
      opened.push(key);
      return Promise.resolve();
    });
    expect(resumed).toEqual({ resumed: 1, finished: 1, broken: 0 });
    expect((await stores.games.game(done))?.result).toBeDefined();
    const [key] = opened;
    const resumption = takeResumption(s.resumes, { resume: key });
    if (!resumption || 'table' in resumption) throw new Error('no game to resume');
    expect(resumption.live.id).toBe(under);
    expect(resumption.game.finished).toBe(false);
    // Taken once: a second room with the key resumes nothing.
    expect(takeResumption(s.resumes, { resume: key })).toBeUndefined();
    expect(takeResumption(s.resumes, { public: true })).toBeUndefined();
    // The interrupted round's entries are voided: the round is played again.
    expect((await stores.games.liveGames()).map((j) => [j.game.id, j.entries.length])).toEqual([[under, 0]]);
  });

  it('stores a game whose journal does not replay, or that gets no room, as interrupted', async () => {
    const stores = openMemoryStores();
    const id = await journalled(stores, 'broken', 2);
    await stores.games.journal(id, 2, {
      at: 2000,
      kind: 'action',
      action: { type: 'claim', player: 'p9', placements: [] },
    });
    const lost = await journalled(stores, 'no-room', 2);
    const s = services(stores);
    const resumed = await resumeGames(s, await stores.games.liveGames(), () => Promise.reject(new Error('no room')));
    expect(resumed).toEqual({ resumed: 0, finished: 0, broken: 2 });
    for (const game of [id, lost]) expect((await stores.games.game(game))?.result).toBeUndefined();
    expect(await stores.games.game(id)).toBeDefined();
    expect(await stores.games.game(lost)).toBeDefined();
    expect(s.logged).toEqual([
      expect.stringMatching(/^game broken cannot be resumed: journal entry 2 does not replay/),
      expect.stringMatching(/^game no-room could not get its room back: Error: no room/),
    ]);
    expect(s.resumes.size).toBe(0);
  });

  it('brings back kept tables: a lobby as kept, a finished table with its game; forgets one whose code the journal has', async () => {
    const stores = openMemoryStores();
    const done = await journalled(stores, 'done');
    const s = services(stores);
    await resumeGames(s, await stores.games.liveGames(), () => Promise.resolve());
    // A lobby: Ana hosts, Ben is ready, a bot.
    const lobby = new Table();
    lobby.configure({ rounds: 4, edition: 'extreme' });
    lobby.sit('a', 'Ana', 'easy', { id: 'acc-a', claimed: true });
    lobby.sit('b', 'Ben', 'hard', { id: 'acc-b', claimed: false });
    lobby.addBot('expert', 'easy');
    const [ana, ben] = lobby.seats;
    if (!ana?.key || !ben) throw new Error('no seats');
    ben.ready = true;
    await stores.games.keepTable(lobby.kept('LOB111', false, null, 500));
    await stores.games.keepTable({ ...lobby.kept('FIN222', true, done, 600) });
    await stores.games.keepTable({ ...lobby.kept('GONE33', false, 'nope', 700) });
    await stores.games.keepTable({ ...lobby.kept('ROOM01', false, null, 800) });
    const opened: string[] = [];
    const restored = await restoreTables(s, await stores.games.liveTables(), new Set(['ROOM01']), (key) => {
      opened.push(key);
      return Promise.resolve();
    });
    expect(restored).toEqual({ restored: 3, dropped: 1 });
    expect((await stores.games.liveTables()).map((t) => t.code)).toEqual(['FIN222', 'GONE33', 'LOB111']);
    const back = opened.map((key) => takeResumption(s.resumes, { resume: key }));
    const [fin, gone, lob] = back.map((r) => (r && 'table' in r ? r : undefined));
    expect(fin?.game?.finished).toBe(true);
    expect(fin?.game?.id).toBe(done);
    expect(gone?.game).toBeNull();
    expect(s.logged.join('\n')).toContain('table GONE33: its game nope cannot be shown again');
    if (!lob) throw new Error('no lobby');
    // The lobby's table as kept: settings, seats, ready states; Ana hosts again once back with her key.
    const table = Table.restored(lob.table);
    expect(table.settings).toMatchObject({ rounds: 4, edition: 'extreme' });
    expect(table.seats.map((t) => [t.occupant.kind, t.connected, t.ready])).toEqual([
      ['human', false, false],
      ['human', false, true],
      ['bot', true, true],
    ]);
    expect(table.seatByKey(ana.key, { id: 'acc-b', claimed: false })).toBe('not-yours');
    const seat = table.seatByKey(ana.key, { id: 'acc-a', claimed: true });
    if (!seat || seat === 'not-yours') throw new Error('the key opens nothing');
    table.sitBack(seat, 'a2', ana.key, { id: 'acc-a', claimed: true });
    expect(table.host).toBe('a2');
  });
});

describe('the host of a game resumed after a restart', () => {
  it('hosts again once back, whoever came back first; keeps it while the seat waits for a reconnection', async () => {
    const stores = openMemoryStores();
    // Ana hosts a game with Ben, under way when the server stops.
    const before = new Table();
    before.configure({ rounds: 1 });
    before.sit('a', 'Ana', 'easy', { id: 'acc-a', claimed: true });
    before.sit('b', 'Ben', 'easy', { id: 'acc-b', claimed: true });
    before.numberSeats();
    const [ana, ben] = before.seats;
    if (!ana?.key || !ben?.key) throw new Error('no keys');
    const config = { ...before.settings, players: before.seats.map((s) => ({ id: s.id, side: s.side })) };
    const started = RaceGame.start(decks.classic, config, 5, 1000, before.bots(), 'hosted');
    if (!started.ok) throw new Error(started.error.message);
    await stores.games.beginGame(started.value.live('ROOM02', false, before.journalSeats(), false));
    const [journal] = await stores.games.liveGames();
    expect(journal?.game.seats.map((s) => s.host === true)).toEqual([true, false]);

    const table = Table.resumed(before.settings, journal?.game.seats ?? []);
    const sitBack = (key: string, sessionId: string, id: string): void => {
      const seat = table.seatByKey(key, { id, claimed: true });
      if (!seat || seat === 'not-yours') throw new Error('the key opens nothing');
      table.sitBack(seat, sessionId, key, { id, claimed: true });
    };
    // Ben is back first: he hosts until Ana is; then she hosts, as before the restart.
    sitBack(ben.key, 'b2', 'acc-b');
    expect(table.host).toBe('b2');
    sitBack(ana.key, 'a2', 'acc-a');
    expect(table.host).toBe('a2');

    // Again, Ana first; her connection drops (her seat held for her) as Ben comes back: she hosts still.
    const again = Table.resumed(before.settings, journal?.game.seats ?? []);
    const anaSeat = again.seatByKey(ana.key, { id: 'acc-a', claimed: true });
    const benSeat = again.seatByKey(ben.key, { id: 'acc-b', claimed: true });
    if (!anaSeat || anaSeat === 'not-yours' || !benSeat || benSeat === 'not-yours') throw new Error('no seats');
    again.sitBack(anaSeat, 'a3', ana.key, { id: 'acc-a', claimed: true });
    anaSeat.connected = false;
    again.sitBack(benSeat, 'b3', ben.key, { id: 'acc-b', claimed: true });
    expect(again.host).toBe('a3');
    again.reconnected(anaSeat, 'a4');
    expect(again.host).toBe('a4');
  });
});
