import type { HeldAnswer, TrailMove } from '@ubongo/core';
import { findTask, humanFloorSeconds } from '@ubongo/core';
import { shippedDeck } from '@ubongo/core/decks';
import type { UbongoServer } from '@ubongo/server';
import { startServer } from '@ubongo/server';
import { byHand, humanPause, Player, solve } from '@ubongo/test-support/player';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Io } from './io.js';
import { main } from './main.js';

/*
 * Held results end to end, over a real server, a real socket and a real SQLite file: the attack
 * of issue 33 (each puzzle claimed just after its human floor, with a made-up trail of one place
 * per piece) passes every solve's floor but is held as a whole: absent from the records, shown to
 * its owner as under review, listed by `ubongo admin review`, and listed on the boards once
 * released there.
 */

const TIME_SCALE = 20;
const dataDir = mkdtempSync(join(tmpdir(), 'ubongo-review-'));
let server: UbongoServer | undefined;

afterAll(async () => {
  await server?.close();
});

async function ubongo(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: Io = { out: (t) => (out += t), err: (t) => (err += t), readFile: () => '' };
  const code = await main(args, io);
  return { code, out, err };
}

const start = async (): Promise<{ url: string; http: string }> => {
  server = await startServer({ port: 0, dataDir, timeScale: TIME_SCALE, log: () => undefined });
  return { url: `ws://localhost:${server.port}`, http: `http://localhost:${server.port}` };
};

/**
 * The runs listed on count 5 easy, established players or not (the public board lists only
 * established players, docs/accounts.md; these are guests, and the review is the subject here).
 */
async function listed(): Promise<string[]> {
  if (!server) throw new Error('no server');
  const records = await server.stores.soloRuns.records({
    from: 'anyone',
    mode: 'count',
    limit: 5,
    side: 'easy',
    top: 100,
  });
  return records.map((r) => r.player);
}

/** Plays count 5 easy as `pace` says: the forger's (floor + 0.25 s, one place per piece) or a person's. */
async function play(url: string, name: string, pace: 'forged' | 'human') {
  const player = await Player.create(url, 'solo', { name, mode: 'count', limit: 5, side: 'easy' });
  player.send('start');
  for (let n = 0; n < 5; n++) {
    const v = await player.waitFor('view', (m) => m.solved === n && m.task !== null);
    if (!v.task || !v.current) throw new Error('no puzzle');
    const placements = solve(v.task);
    if (pace === 'human') {
      await humanPause(v.task, TIME_SCALE);
      player.send('claim', byHand(placements));
      continue;
    }
    const task = findTask(shippedDeck('classic'), v.current);
    if (!task) throw new Error('a task the deck does not hold');
    const wait = humanFloorSeconds(task.difficulty, task.pieces.length) + 0.25;
    await new Promise((resolve) => setTimeout(resolve, (wait * 1000) / TIME_SCALE));
    const step = (wait * 1000) / (placements.length + 1);
    const trail = placements.map((p, i): TrailMove => [Math.round(step * (i + 1)), 'place', p.piece]);
    player.send('claim', { placements, trail });
  }
  const recorded = await player.waitFor('recorded');
  await player.room.leave();
  return { recorded, token: player.client.auth.token };
}

describe('held results', () => {
  it('holds a forged run at the floor; its owner sees it under review; ubongo admin review lists it and releases it onto the boards', async () => {
    const { url, http } = await start();
    const forged = await play(url, 'Forger Fay', 'forged');
    // Every solve passed the floor: verified, but held as a run.
    expect(forged.recorded).toMatchObject({ verified: true, held: true, newBest: false });
    const honest = await play(url, 'Patient Pia', 'human');
    expect(honest.recorded).toMatchObject({ verified: true, held: false, newBest: true });
    const names = await listed();
    expect(names).toContain('Patient Pia');
    expect(names).not.toContain('Forger Fay');

    // Its owner alone sees it, as under review.
    const mine = async (at: string, token: string): Promise<HeldAnswer> =>
      (await (
        await fetch(`${at}/api/me/held`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as HeldAnswer;
    expect((await mine(http, forged.token)).runs).toMatchObject([
      { player: 'Forger Fay', mode: 'count', limit: 5, solved: 5, review: 'held' },
    ]);
    expect((await mine(http, honest.token)).runs).toEqual([]);
    expect((await fetch(`${http}/api/me/held`)).status).toBe(401);
    await server?.close();
    server = undefined;

    // The operator's review, on the SQLite file.
    const list = await ubongo('admin', 'review', '--data-dir', dataDir);
    expect(list.code).toBe(0);
    expect(list.out).toMatch(
      / {2}run-\d+ {2}held {2}solo count 5 easy by Forger Fay: 5 solved in \d+\.\d\d s \(account /,
    );
    expect(list.out).toMatch(/\n {4}bare: 5 of 5 trails without a turn, a flip or a correction \(for a person: /);
    expect(list.out).toMatch(/\n1 result held\n$/);
    const json = await ubongo('admin', 'review', '--json', '--data-dir', dataDir);
    const held = JSON.parse(json.out) as { id: string; replay: string; reasons: string[] };
    expect(held.replay).toBe(`/api/runs/${held.id.slice('run-'.length)}`);
    const shown = await ubongo('admin', 'review', 'show', held.id, '--data-dir', dataDir);
    const run = (JSON.parse(shown.out) as { run: { puzzles: { outcome: string; trail: unknown[] }[] } }).run;
    expect(run.puzzles.map((p) => [p.outcome, p.trail.length])).toEqual(Array(5).fill(['solved', 3]));

    expect(await ubongo('admin', 'review', 'release', 'run-999', '--data-dir', dataDir)).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^ubongo: no result run-999 /) as unknown,
    });
    expect(await ubongo('admin', 'review', 'frob', held.id, '--data-dir', dataDir)).toMatchObject({
      code: 2,
      err: expect.stringMatching(
        /admin review takes nothing, 'show ID', 'approve ID' \(or 'release ID'\) or 'reject ID'/,
      ) as unknown,
    });
    const released = await ubongo('admin', 'review', 'release', held.id, '--data-dir', dataDir);
    // Releasing is approving (its old name): the run reads approved.
    expect(released.code).toBe(0);
    expect(released.out).toContain(`${held.id}  approved  solo count 5 easy by Forger Fay`);
    expect(await ubongo('admin', 'review', '--data-dir', dataDir)).toMatchObject({ code: 1, out: '0 results held\n' });
    expect((await ubongo('admin', 'review', '--all', '--data-dir', dataDir)).out).toMatch(/\n1 result reviewed\n$/);

    // A rated claim held (as Solves keeps one: solves.unit.test.ts) is listed with its game's replay, and rejected.
    const { openSqliteStores } = await import('@ubongo/server');
    const stores = await openSqliteStores(dataDir);
    await stores.reviews.holdClaim({
      gameId: 'ABC123-1',
      player: 'p2',
      accountId: 'a9',
      reasons: ['floor: ...'],
      at: 0,
    });
    await stores.close();
    expect(await ubongo('admin', 'review', '--data-dir', dataDir)).toEqual({
      code: 0,
      out: '1970-01-01T00:00:00.000Z  claim-1  held  claim of p2 in rated game ABC123-1 (account a9)\n    replay: /api/games/ABC123-1/replay\n    floor: ...\n1 result held\n',
      err: '',
    });
    expect((await ubongo('admin', 'review', 'reject', 'claim-1', '--data-dir', dataDir)).out).toContain(
      'claim-1  rejected  claim of p2',
    );

    // Released: on the boards, and no longer under review for its owner.
    const again = await start();
    expect(await listed()).toContain('Forger Fay');
    expect((await mine(again.http, forged.token)).runs).toEqual([]);
  });
});
