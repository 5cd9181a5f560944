import type { RaceEvent } from '@ubongo/core';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteStores } from './storage/index.js';
import type { ServerProcess } from '@ubongo/test-support';
import { startServerProcess } from '@ubongo/test-support';
import { Player, solve } from '@ubongo/test-support/player';

/*
 * Nothing announced that is not stored: a real server process on a real SQLite file whose writes
 * the test makes fail (triggers that abort every write to the game tables, put in and taken out
 * by another connection to the same file, as a disk gone read-only would), and kill -9 in the
 * middle of the fault.
 */

const running: ServerProcess[] = [];
const folders: string[] = [];

afterAll(async () => {
  for (const server of running) await server.stop('SIGKILL');
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

async function start(dataDir: string): Promise<ServerProcess> {
  const server = await startServerProcess({ UBONGO_DATA_DIR: dataDir, UBONGO_TIME_SCALE: '20' });
  running.push(server);
  return server;
}

const FAULTY = ['live_games', 'journal', 'games'] as const;

/** Makes every write to the game tables of the SQLite file in `dataDir` fail (`on`), or work again. */
function fault(dataDir: string, on: boolean): void {
  const db = new Database(join(dataDir, 'ubongo.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    for (const table of FAULTY)
      for (const op of ['insert', 'update', 'delete']) {
        const name = `test_fault_${table}_${op}`;
        db.exec(
          on
            ? `CREATE TRIGGER ${name} BEFORE ${op.toUpperCase()} ON ${table} BEGIN SELECT RAISE(ABORT, 'disk I/O error (the test''s fault)'); END`
            : `DROP TRIGGER IF EXISTS ${name}`,
        );
      }
  } finally {
    db.close();
  }
}

/** Ana and Ben at a table of Ana's, round 1 dealt: each with their task. */
async function dealt(ws: string) {
  const ana = await Player.create(ws, 'race', {
    name: 'Ana',
    settings: { rounds: 3, hourglassSeconds: 300, variant: 'fixed' },
  });
  const { code } = await ana.waitFor('lobby');
  const ben = await Player.join(ws, code, { name: 'Ben' });
  await ana.waitFor('lobby', (l) => l.seats.length === 2);
  ana.send('start');
  const task = async (p: Player<'race'>) => {
    const { view } = await p.waitFor('view', (m) => m.view.phase === 'playing' && m.view.task !== null);
    if (!view.task) throw new Error('no task');
    return view.task;
  };
  return { ana, ben, code, anaTask: await task(ana), benTask: await task(ben) };
}

/** The `solved` events a player was told of. */
const solvedTold = (p: Player<'race'>): string[] =>
  p.received.flatMap((r) =>
    r.type === 'events'
      ? (r.message as { events: RaceEvent[] }).events.flatMap((e) => (e.type === 'solved' ? [e.player] : []))
      : [],
  );

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('a storage fault', { timeout: 90_000 }, () => {
  it('refuses a claim it cannot store, tells nobody it was solved, and takes it when sent again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ubongo-fault-'));
    folders.push(dataDir);
    const server = await start(dataDir);
    const { ana, ben, code, anaTask } = await dealt(server.ws);

    fault(dataDir, true);
    const refused = ana.next('rejected', (r) => r.to === 'claim');
    ana.send('claim', { placements: solve(anaTask) });
    expect(await refused).toMatchObject({ to: 'claim', code: 'message/not-saved' });
    // A while for anything that would have gone out: no `solved` reached anyone.
    await pause(500);
    expect(solvedTold(ana)).toEqual([]);
    expect(solvedTold(ben)).toEqual([]);
    // Nor did the game change: a fresh look at it (the views sent on a join) shows nobody solved.
    const watcher = await Player.join(server.ws, code, { name: 'Eve', spectate: true });
    const seen = await watcher.waitFor('view', () => true);
    expect(seen.view.round?.solved).toEqual([]);
    expect(server.stderr()).toContain('could not write the journal');

    // Stores is back: the same claim is sent again and taken; both players hear of it.
    fault(dataDir, false);
    ana.send('claim', { placements: solve(anaTask) });
    await ana.waitFor('events', (m) => m.events.some((e) => e.type === 'solved' && e.player === 'p1'));
    await ben.waitFor('events', (m) => m.events.some((e) => e.type === 'solved' && e.player === 'p1'));
    expect(await server.stop('SIGTERM')).toBe(0);
  });

  it('loses nothing anyone was told to kill -9 during the fault', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ubongo-fault-'));
    folders.push(dataDir);
    const first = await start(dataDir);
    const { ana, ben, code, anaTask, benTask } = await dealt(first.ws);
    const keys = await Promise.all(
      [ana, ben].map(async (p) => (await p.waitFor('lobby', (l) => l.seatKey !== null)).seatKey ?? ''),
    );
    // Ana's claim is stored and told; then the store fails, Ben claims, and the process dies.
    ana.send('claim', { placements: solve(anaTask) });
    await ben.waitFor('events', (m) => m.events.some((e) => e.type === 'solved' && e.player === 'p1'));
    fault(dataDir, true);
    const refused = ben.next('rejected', (r) => r.to === 'claim');
    ben.send('claim', { placements: solve(benTask) });
    expect(await refused).toMatchObject({ code: 'message/not-saved' });
    await first.stop('SIGKILL');
    fault(dataDir, false);

    // Every `solved` anyone was told of is in the journal; Ben's refused claim is not.
    const told = new Set([...solvedTold(ana), ...solvedTold(ben)]);
    expect([...told]).toEqual(['p1']);
    const stores = await openSqliteStores(dataDir);
    const [journal] = await stores.games.liveGames();
    await stores.close();
    const claims = (journal?.entries ?? []).flatMap(({ entry }) =>
      entry.kind === 'action' && entry.action.type === 'claim' ? [entry.action.player] : [],
    );
    expect(claims).toEqual(['p1']);

    // The game resumes after the restart, and Ben's claim is taken when he sends it again.
    const second = await start(dataDir);
    // Each signed in as before (a seat's key opens it for its own account only).
    const [anaBack, benBack] = await Promise.all(
      [ana, ben].map((p, i) => Player.join(second.ws, code, { seatKey: keys[i] ?? '' }, p.client.auth.token)),
    );
    if (!anaBack || !benBack) throw new Error('not back');
    const again = await benBack.waitFor('view', (m) => m.view.phase === 'playing' && m.view.task !== null);
    if (!again.view.task) throw new Error('no task');
    benBack.send('claim', { placements: solve(again.view.task) });
    await anaBack.waitFor('events', (m) => m.events.some((e) => e.type === 'solved' && e.player === 'p2'));
    expect(await second.stop('SIGTERM')).toBe(0);
  });
});
