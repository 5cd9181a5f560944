import type { BoardAnswer, BoardMade, BoardTimesAnswer, GuestAnswer, PuzzleSpec } from '@ubongo/core';
import { PROTOCOL_VERSION, puzzleFromSpec } from '@ubongo/core';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';
import { byHand, member, Player, solve } from '@ubongo/test-support/player';
import { Client } from 'colyseus.js';
import { BOARDS_PER_DAY } from './board-routes.js';

/*
 * Boards players make over a real server and a real SQLite file (docs/boards.md): a player with a
 * username shares the examples' files as they are, one proven and kept, one refused with why; the
 * board is served by its code, refused to a guest, reported, hidden by an operator, and an account's
 * boards stop at the day's limit.
 */

// The address's API budget set aside: this file sends more boards from one address than a person would.
const TIME_SCALE = 10;
const served = serverPerFile((base) =>
  startServer({ ...base, timeScale: TIME_SCALE, limits: { apiPointsPerMinute: 100_000 } }),
);
const example = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../../../examples/${name}`, import.meta.url), 'utf8'));
const sessions: Record<string, string> = {};

beforeAll(async () => {
  for (const name of ['ana', 'bob', 'cyd']) sessions[name] = (await member(served.ws, name)).session;
  const guest = await fetch(`${served.http}/api/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Gus' }),
  });
  sessions['gus'] = ((await guest.json()) as GuestAnswer).session;
});

async function as(who: string | null, method: string, path: string, body?: unknown) {
  const session = who === null ? undefined : sessions[who];
  const res = await fetch(`${served.http}${path}`, {
    method,
    headers: {
      ...(session ? { authorization: `Bearer ${session}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('boards players make', () => {
  it('keeps a solvable board with its count, serves it by its code, refuses an unsolvable one with why', async () => {
    const made = await as('ana', 'POST', '/api/boards', {
      ...(example('classic-hard.json') as object),
      name: 'Stairs',
    });
    expect(made.status).toBe(201);
    const { id, solutions, difficulty } = made.body as unknown as BoardMade;
    expect(id).toMatch(/^[2-9a-z]{8}$/);
    expect(solutions).toBe(4);
    expect(difficulty).toBeGreaterThan(0);
    const got = await as(null, 'GET', `/api/boards/${id}`);
    expect(got.status).toBe(200);
    const board = got.body as unknown as BoardAnswer;
    expect(board).toMatchObject({ id, name: 'Stairs', grid: 'square', solutions: 4, author: { username: 'ana' } });
    // The file as the server writes it back: the same board (rows' trailing blanks dropped).
    expect(puzzleFromSpec(board.spec)).toEqual(puzzleFromSpec(example('classic-hard.json')));
    expect(board.puzzle.pieces.map((p) => p.id)).toEqual(['L4', 'T4', 'P5', 'I2']);
    const times = await as(null, 'GET', `/api/boards/${id}/times`);
    expect(times.body as unknown as BoardTimesAnswer).toEqual({ id, entries: [] });

    const refused = await as('ana', 'POST', '/api/boards', example('no-solution.json'));
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      error: 'the pieces cannot cover the white area',
      code: 'board/no-solution',
      params: { path: '(top)' },
    });
    // A cell no piece can reach is named.
    const cell = await as('ana', 'POST', '/api/boards', {
      grid: 'square',
      region: ['#.##', '####'],
      pieces: ['O4', 'I3'],
    });
    expect(cell.body).toMatchObject({ code: 'board/no-solution', params: { path: 'region', x: 0, y: 0 } });
    const piece = await as('ana', 'POST', '/api/boards', {
      grid: 'square',
      region: ['##', '##', '##'],
      pieces: ['I2', 'I4'],
    });
    expect(piece.body).toMatchObject({ code: 'board/piece-fits-nowhere', params: { path: 'pieces[1]', piece: 1 } });
    const unknown = await as('ana', 'POST', '/api/boards', { grid: 'square', region: ['##'], pieces: ['Q7'] });
    expect(unknown.body).toMatchObject({ code: 'puzzle/unknown-piece', params: { path: 'pieces[0]' } });
    const badName = await as('ana', 'POST', '/api/boards', {
      ...(example('classic-hard.json') as object),
      name: 'a\u202Eb',
    });
    expect(badName).toMatchObject({ status: 400, body: { code: 'name/bidi' } });
    expect((await as('gus', 'POST', '/api/boards', example('classic-hard.json'))).status).toBe(403);
    expect((await as(null, 'POST', '/api/boards', example('classic-hard.json'))).status).toBe(401);
    expect((await as(null, 'GET', '/api/boards/zzzzzzzz')).status).toBe(404);
    expect((await as(null, 'GET', '/api/boards/NOT-A-CODE')).status).toBe(404);

    // Reported by a player; hidden by an operator: served to no one.
    expect((await as('bob', 'POST', '/api/reports', { kind: 'board', target: id, reason: 'rude name' })).status).toBe(
      201,
    );
    expect((await as('bob', 'POST', '/api/reports', { kind: 'board', target: 'zzzzzzzz', reason: 'x' })).status).toBe(
      404,
    );
    await served.server.stores.boards.hideBoard(id, Date.now());
    expect((await as(null, 'GET', `/api/boards/${id}`)).status).toBe(404);
  });

  it('plays a shared board as a solo run: a solved run’s time on the board’s own times board', async () => {
    const made = await as('bob', 'POST', '/api/boards', example('classic-hard.json'));
    const { id } = made.body as unknown as BoardMade;
    const client = new Client(served.ws);
    client.auth.token = sessions['bob'] ?? '';
    const p = Player.wrap<'solo'>(
      client,
      await client.create('solo', {
        protocol: PROTOCOL_VERSION,
        mode: 'count',
        limit: 5,
        side: 'easy',
        course: { kind: 'board', id },
      }),
    );
    p.send('start');
    const v = await p.waitFor('view', (m) => m.task !== null);
    if (!v.task) throw new Error('no task');
    expect(v.current).toMatchObject({ board: id });
    expect(v.task.pieces.map((piece) => piece.id)).toEqual(['L4', 'T4', 'P5', 'I2']);
    // A person's pace (the human floor): 20 s of game time.
    await new Promise((resolve) => setTimeout(resolve, 20_000 / TIME_SCALE));
    p.send('claim', byHand(solve(v.task)));
    const recorded = await p.waitFor('recorded');
    await p.room.leave();
    expect(recorded.verified).toBe(true);
    const times = (await as(null, 'GET', `/api/boards/${id}/times`)).body as unknown as BoardTimesAnswer;
    expect(times.entries).toEqual([
      expect.objectContaining({ place: 1, username: 'bob', run: recorded.run, reviewed: false }),
    ]);
    // The run is on no solo board.
    const records = await as(null, 'GET', '/api/records?mode=count&limit=5');
    expect((records.body['records'] as { run: number }[]).map((r) => r.run)).not.toContain(recorded.run);
  });

  it(`stops an account at ${BOARDS_PER_DAY} boards a day`, async () => {
    const cyd = (await served.server.stores.accounts.accountByUsername('cyd'))?.id ?? '';
    const file = example('classic-hard.json') as PuzzleSpec;
    // Boards of a day before count for nothing; the day's own do.
    const at = (n: number, ago: number) =>
      served.server.stores.boards.saveBoard({
        id: `seeded${String(n).padStart(2, '0')}`,
        accountId: cyd,
        name: '',
        grid: 'square',
        spec: file,
        solutions: 4,
        difficulty: 8.5,
        createdAt: Date.now() - ago,
      });
    await at(0, 86_400_000 + 60_000);
    for (let n = 1; n < BOARDS_PER_DAY; n++) await at(n, 60_000);
    expect((await as('cyd', 'POST', '/api/boards', file)).status).toBe(201);
    const over = await as('cyd', 'POST', '/api/boards', file);
    expect(over.status).toBe(429);
    expect(over.body['error']).toBe(`at most ${BOARDS_PER_DAY} boards a day: try again tomorrow`);
  });
});
