import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  RaceEdition,
  RaceServerMessages,
  RaceSettings,
  RaceViewMessage,
  RecordsAnswer,
  ReplayAnswer,
} from '@ubongo/core';

type RaceEventsBody = RaceServerMessages['events'];
import { checkSolution, CLOSE_CODES, PROTOCOL_VERSION } from '@ubongo/core';
import type { UbongoServer } from './server.js';
import { startServer } from './server.js';
import { QUICK_MATCH, seatLabel } from './table.js';
import { byHand, humanPause, Player, signedIn, solve } from '@ubongo/test-support/player';

// A real server on a random port, with game time 20 times faster than the clock, so that a
// 20-second hourglass lasts one real second.
let server: UbongoServer;
let url: string;
let http: string;

beforeAll(async () => {
  server = await startServer({
    port: 0,
    dataDir: mkdtempSync(join(tmpdir(), 'ubongo-server-')),
    timeScale: 20,
    log: () => undefined,
  });
  url = `ws://localhost:${server.port}`;
  http = `http://localhost:${server.port}`;
});

afterAll(async () => {
  await server.close();
});

const playing = (round: number) => (m: RaceViewMessage) =>
  m.view.phase === 'playing' && m.view.round?.number === round && m.view.task !== null;

async function newTable(edition: RaceEdition, extra: Partial<RaceSettings> = {}): Promise<Player<'race'>> {
  const host = await Player.create(url, 'race', {
    name: 'Ana',
    settings: { edition, rounds: 2, hourglassSeconds: 20, ...extra },
  });
  await host.waitFor('lobby');
  return host;
}

/** Solves the current round's task as the player. */
async function solveRound(player: Player<'race'>, round: number, grid: 'square' | 'hex'): Promise<void> {
  const { view } = await player.waitFor('view', playing(round));
  if (!view.task) throw new Error('no task');
  expect(view.task.grid).toBe(grid);
  player.send('claim', { placements: solve(view.task) });
  await player.waitFor('events', (m) => m.events.some((e) => e.type === 'solved' && e.player === view.you));
}

/**
 * Plays a classic game as a person from the start on: solves each round dealt to them (a
 * tie-break round too) until the game is finished. Only messages from `since` on count, so that
 * it serves for a rematch too.
 */
async function solveEveryRound(person: Player<'race'>, since: number): Promise<void> {
  const fresh = (m: unknown): boolean => person.received.findIndex((r) => r.message === m) >= since;
  let last = 0;
  for (;;) {
    const { view } = await person.waitFor(
      'view',
      (m) =>
        fresh(m) &&
        (m.view.phase === 'finished' ||
          (m.view.phase === 'playing' && m.view.task !== null && (m.view.round?.number ?? 0) > last)),
    );
    if (view.phase === 'finished' || !view.task || !view.round) return;
    last = view.round.number;
    person.send('claim', { placements: solve(view.task) });
  }
}

/** The host starts a classic game and each of `people` plays it through; resolves with the saved game's id. */
async function playGame(host: Player<'race'>, people: readonly Player<'race'>[]): Promise<string> {
  const saved = host.next('saved');
  const played = people.map((p) => solveEveryRound(p, p.received.length));
  host.send('start');
  await Promise.all(played);
  return (await saved).game;
}

describe.each([
  ['classic', 'square'],
  ['extreme', 'hex'],
  ['jewels', 'square'],
] as const)('a whole short game of %s: a person and a bot, two rounds, to the standings', (edition, grid) => {
  it('plays to the end, is saved, and replays to the same result', async () => {
    const ana = await newTable(edition);
    ana.send('add-bot', { level: 'master' });
    await ana.waitFor('lobby', (l) => l.seats.length === 2);
    ana.send('start');
    for (const round of [1, 2]) {
      await solveRound(ana, round, grid);
      if (edition === 'jewels') {
        const { view } = await ana.waitFor('view', playing(round));
        const me = view.players.find((p) => p.id === view.you);
        ana.send('move', { row: me?.pawn ?? 0 });
        await ana.waitFor('events', (m) => m.events.some((e) => e.type === 'moved' && e.player === view.you));
      }
      // The round ends revealed: both boards, Ana's as she covered it, the bot's solved or with a solution.
      const reveal = await ana.waitFor('reveal', (r) => r.round === round);
      expect(reveal.boards.map((b) => b.player).sort()).toEqual(['p1', 'p2']);
      const mine = reveal.boards.find((b) => b.player === 'p1');
      expect(mine?.solved).toBe(true);
      expect(mine && checkSolution(mine.task, mine.placements).ok).toBe(true);
      expect(reveal.boards.every((b) => checkSolution(b.task, b.placements).ok)).toBe(true);
    }
    const end = await ana.waitFor('view', (m) => m.view.phase === 'finished');
    expect(end.view.winners?.length).toBeGreaterThan(0);
    const { game } = await ana.waitFor('saved');
    const record = (await (await fetch(`${http}/api/games/${game}`)).json()) as {
      config: { edition: string };
      result: { winners: string[] };
    };
    expect(record.config.edition).toBe(edition);
    expect(record.result.winners).toEqual(end.view.winners);
    const replay = (await (await fetch(`${http}/api/games/${game}/replay`)).json()) as ReplayAnswer;
    expect(replay.matchesRecord).toBe(true);
    expect(replay.finished).toBe(true);
    expect(replay).toMatchObject({
      edition,
      seats: [
        { id: 'p1', kind: 'human', occupant: { kind: 'human' } },
        // Who sat there as data, for a client to name in its language.
        { id: 'p2', kind: 'bot', name: 'Bot 1 (master)', occupant: { kind: 'bot', level: 'master', number: 1 } },
      ],
    });
    expect(replay.steps.length).toBeGreaterThanOrEqual(4);
    // Round by round (a tie-break round after the two, should they tie): the boards, and the
    // standings after each; the last round's are the game's.
    expect(replay.rounds.slice(0, 2).map((r) => r.round)).toEqual([1, 2]);
    expect(replay.rounds.every((r) => r.boards.length === 2 && r.standings.length === 2)).toBe(true);
    expect(replay.rounds.at(-1)?.standings).toEqual(end.view.standings);
    await ana.room.leave();
  });
});

describe('the whole set, as in the box', () => {
  it('a table set to play as in the box hands out the whole set; a claim with the task’s pieces wins', async () => {
    const ana = await newTable('extreme', { rounds: 1, pieceSet: 'box' });
    expect((await ana.waitFor('lobby')).settings.pieceSet).toBe('box');
    ana.send('start');
    const { view } = await ana.waitFor('view', playing(1));
    const colour = view.round?.deals.find((d) => d.player === 'p1')?.key ?? '';
    expect(view.set).toHaveLength(13);
    expect(view.set?.every((p) => p.id.startsWith(`${colour}-`))).toBe(true);
    if (!view.task) throw new Error('no task');
    ana.send('claim', { placements: solve(view.task) });
    await ana.waitFor('events', (m) => m.events.some((e) => e.type === 'solved' && e.player === 'p1'));
    await ana.room.leave();
  });
});

describe('the jewel pawns’ start', () => {
  it('people choose a start row before the first round; a bot chooses its own; one who does not gets one by lot', async () => {
    const ana = await newTable('jewels', { rounds: 1, hourglassSeconds: 120 });
    const ben = await Player.join(url, ana.room.roomId, { name: 'Ben' });
    ana.send('add-bot', { level: 'expert' });
    await ana.waitFor('lobby', (l) => l.seats.length === 3);
    ana.send('start');
    // Before the first round: the view offers every row, and says until when.
    const before = await ana.waitFor('view', (m) => m.view.phase === 'waiting' && m.view.round === null);
    expect(before.view.place?.rows).toEqual([0, 1, 2, 3, 4, 5]);
    expect(before.nextRoundAt).toBeGreaterThan(before.serverNow);
    // The people's pawns are not down yet (the bot may have put its own down already).
    expect(before.view.players.slice(0, 2).map((p) => p.pawn)).toEqual([null, null]);
    ana.send('place', { row: 4 });
    ana.send('place', { row: 1 });
    ana.send('place', { row: 9 });
    expect(await ana.next('rejected')).toMatchObject({ to: 'place', code: 'action/malformed' });
    // Ben does not choose: the first round starts when the time is up, his row drawn by lot.
    const started = await ben.waitFor('view', (m) => m.view.round !== null);
    const placedBy = Object.fromEntries(started.view.players.map((p) => [p.id, [p.pawn, p.placedBy]]));
    expect(placedBy['p1']).toEqual([1, 'choice']);
    expect(placedBy['p2']?.[1]).toBe('lot');
    expect(placedBy['p3']?.[1]).toBe('choice');
    const events = ben.received.filter((r) => r.type === 'events').flatMap((r) => (r.message as RaceEventsBody).events);
    const placed = events.flatMap((e) => (e.type === 'placed' ? [`${e.player} ${e.by}`] : []));
    expect(placed.sort()).toEqual(['p1 choice', 'p1 choice', 'p2 lot', 'p3 choice']);
    // Too late to place now.
    ben.send('place', { row: 0 });
    expect(await ben.next('rejected')).toMatchObject({ to: 'place', code: 'action/wrong-phase' });
    await Promise.all([ana.room.leave(), ben.room.leave()]);
  });

  it('in other editions there is nothing to place', async () => {
    const ana = await newTable('classic', { rounds: 1 });
    ana.send('start');
    const { view } = await ana.waitFor('view', playing(1));
    expect(view.place).toBeNull();
    ana.send('place', { row: 2 });
    expect(await ana.next('rejected')).toMatchObject({ to: 'place', code: 'action/wrong-phase' });
    await ana.room.leave();
  });
});

describe('claims and messages that are wrong', () => {
  it('each wrong claim is rejected with its reason, bad messages are answered, and the game goes on', async () => {
    const ana = await newTable('classic', { rounds: 1, hourglassSeconds: 60 });
    ana.send('add-bot', { level: 'beginner' });
    await ana.waitFor('lobby', (l) => l.seats.length === 2);
    ana.send('claim', { placements: [] });
    expect((await ana.next('rejected')).code).toBe('message/wrong-phase');
    ana.send('start');
    const { view } = await ana.waitFor('view', playing(1));
    if (!view.task) throw new Error('no task');
    const good = solve(view.task);
    const [first, second, ...rest] = good;
    // The task comes as the grid it is played on.
    expect(view.task.grid).toBe('square');
    if (!first || !second) throw new Error('a task has at least 3 pieces');
    const wrong: [unknown, string][] = [
      [[{ ...first, piece: 'Q9' }, second, ...rest], 'claim/unknown-piece'],
      [[second, ...rest], 'claim/missing-piece'],
      [[first, { ...second, cells: first.cells }, ...rest], 'claim/wrong-shape'],
      [[{ ...first, cells: first.cells.map(([x, y]) => [x + 30, y]) }, second, ...rest], 'claim/outside'],
    ];
    // A piece moved, unturned, onto cells of another, still inside the region (every deck task has one).
    const inRegion = new Set(view.task.region.map((c) => c.join()));
    const shifts = [-4, -3, -2, -1, 0, 1, 2, 3, 4].flatMap((dx) =>
      [-4, -3, -2, -1, 0, 1, 2, 3, 4].map((dy) => [dx, dy] as const),
    );
    const overlap = good
      .flatMap((moved, i) => {
        const taken = new Set(good.filter((_, j) => j !== i).flatMap((p) => p.cells.map((c) => c.join())));
        return shifts.map(([dx, dy]) => ({ i, cells: moved.cells.map(([x, y]) => [x + dx, y + dy] as const), taken }));
      })
      .find(({ cells, taken }) => cells.every((c) => inRegion.has(c.join())) && cells.some((c) => taken.has(c.join())));
    if (!overlap) throw new Error('every deck task has a piece that can be slid onto another');
    wrong.push([good.map((p, i) => (i === overlap.i ? { ...p, cells: overlap.cells } : p)), 'claim/overlap']);
    for (const [placements, code] of wrong) {
      ana.sendRaw('claim', { placements });
      const r = await ana.next('rejected');
      expect(r).toMatchObject({ to: 'claim', code });
      expect(r.problems?.length).toBeGreaterThan(0);
    }
    ana.sendRaw('claim', { placements: 'all of them' });
    expect(await ana.next('rejected')).toMatchObject({ to: 'claim', code: 'message/malformed' });
    ana.sendRaw('claim', { placements: good, extra: true });
    expect(await ana.next('rejected')).toMatchObject({ code: 'message/malformed' });
    ana.sendRaw('teleport', { row: 3 });
    expect(await ana.next('rejected')).toMatchObject({ to: 'teleport', code: 'message/unknown' });
    ana.sendRaw('claim', { placements: good, padding: 'x'.repeat(20_000) });
    expect(await ana.next('rejected')).toMatchObject({ to: 'claim', code: 'message/too-large' });
    ana.send('settings', { rounds: 3 });
    expect(await ana.next('rejected')).toMatchObject({ code: 'message/wrong-phase' });
    // Unharmed: the right claim is still accepted, and only now.
    ana.send('claim', { placements: good });
    const solved = await ana.next('events', (m) => m.events.some((e) => e.type === 'solved'));
    expect(solved.events.find((e) => e.type === 'solved')?.position).toBe(1);
    ana.send('claim', { placements: good });
    expect(await ana.next('rejected')).toMatchObject({ code: 'action/already-solved' });
    await ana.room.leave();
  });

  it('refuses to join with another protocol version', async () => {
    await expect(Player.create(url, 'race', { protocol: 99, name: 'Old' })).rejects.toThrow(
      `this server speaks protocol ${PROTOCOL_VERSION}`,
    );
  });

  it('only the host sets the game up', async () => {
    const ana = await newTable('classic');
    const ben = await Player.join(url, ana.room.roomId, { name: 'Ben' });
    await ben.waitFor('lobby');
    ben.send('add-bot', { level: 'casual' });
    expect(await ben.next('rejected')).toMatchObject({ code: 'message/not-allowed' });
    ben.send('start');
    expect(await ben.next('rejected')).toMatchObject({ code: 'message/not-allowed' });
    await Promise.all([ana.room.leave(), ben.room.leave()]);
  });
});

describe('hostile messages', () => {
  it('300 random bodies under every message type are answered, and the game goes on', async () => {
    const ana = await newTable('jewels', { rounds: 1, hourglassSeconds: 120 });
    ana.send('add-bot', { level: 'beginner' });
    ana.send('start');
    const { view } = await ana.waitFor('view', playing(1));
    // Ten spectators each send a burst within the rate limit: every one is checked by its schema.
    const types = [
      'settings',
      'add-bot',
      'remove-seat',
      'side',
      'ready',
      'start',
      'claim',
      'move',
      'nonsense',
      '__proto__',
    ];
    const bodies = fc.sample(fc.jsonValue(), { seed: 5, numRuns: 300 });
    const watchers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => Player.join(url, ana.room.roomId, { name: `Eve ${i}` })),
    );
    bodies.forEach((body, i) => watchers[i % 10]?.sendRaw(types[i % types.length] ?? 'x', body));
    const answers = await Promise.all(
      watchers.map(async (w, i) => {
        const expected = bodies.filter((_, j) => j % 10 === i).length;
        const deadline = Date.now() + 10_000;
        while (w.received.filter((r) => r.type === 'rejected').length < expected && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 50));
        }
        return w.received.filter((r) => r.type === 'rejected').map((r) => (r.message as { code: string }).code);
      }),
    );
    const codes = answers.flat();
    expect(codes).toHaveLength(300);
    expect(codes).not.toContain('message/failed');
    // The room and the server are unharmed: the player's claim is accepted.
    if (!view.task) throw new Error('no task');
    ana.send('claim', { placements: solve(view.task) });
    await ana.waitFor('events', (m) => m.events.some((e) => e.type === 'solved' && e.player === 'p1'));
    expect((await fetch(`${http}/healthz`)).status).toBe(200);
    await Promise.all([ana.room.leave(), ...watchers.map((w) => w.room.leave())]);
  });
});

describe('quick match', () => {
  it('puts players who ask for a public game at the same table until it starts', async () => {
    const join = async (name: string): Promise<Player<'race'>> => {
      const client = await signedIn(url, name);
      return Player.wrap<'race'>(
        client,
        await client.joinOrCreate('race', { protocol: PROTOCOL_VERSION, public: true }),
      );
    };
    const ana = await join('Ana');
    const ben = await join('Ben');
    expect(ben.room.roomId).toBe(ana.room.roomId);
    expect((await ana.waitFor('lobby', (l) => l.seats.length === 2)).seats.map(seatLabel)).toEqual(['Ana', 'Ben']);
    ana.send('start');
    await ana.waitFor('lobby', (l) => l.started);
    const cy = await join('Cy');
    expect(cy.room.roomId).not.toBe(ana.room.roomId);
    // A public table that bots have filled is no longer offered either.
    for (const level of ['casual', 'expert', 'master'] as const) cy.send('add-bot', { level });
    await cy.waitFor('lobby', (l) => l.seats.length === 4);
    const dan = await join('Dan');
    expect(dan.room.roomId).not.toBe(cy.room.roomId);
    await Promise.all([ana.room.leave(), ben.room.leave(), cy.room.leave(), dan.room.leave()]);
  });

  it('a quick-match table starts by itself: soon once everyone is ready, and a newcomer restarts the wait', async () => {
    const join = async (name: string): Promise<Player<'race'>> => {
      const client = await signedIn(url, name);
      return Player.wrap<'race'>(
        client,
        await client.joinOrCreate('race', { protocol: PROTOCOL_VERSION, public: true, settings: { rounds: 1 } }),
      );
    };
    const ana = await join('Ana');
    // Alone: no countdown, and bots are offered after a while.
    const alone = await ana.waitFor('lobby');
    expect(alone.startsAt).toBeNull();
    expect((alone.offerBotsAt ?? 0) - alone.serverNow).toBeGreaterThan(QUICK_MATCH.aloneMs - 2000);
    const ben = await join('Ben');
    expect(ben.room.roomId).toBe(ana.room.roomId);
    const two = await ana.waitFor('lobby', (l) => l.seats.length === 2);
    expect(two.offerBotsAt).toBeNull();
    const wait = (two.startsAt ?? 0) - two.serverNow;
    expect(wait).toBeGreaterThan(QUICK_MATCH.waitMs - 2000);
    expect(wait).toBeLessThanOrEqual(QUICK_MATCH.waitMs);
    // A third person restarts the wait.
    const cy = await join('Cy');
    const three = await ana.waitFor('lobby', (l) => l.seats.length === 3);
    expect(three.startsAt ?? 0).toBeGreaterThan(two.startsAt ?? 0);
    // Everyone ready: the short countdown, and the game starts with nobody pressing Start.
    for (const p of [ana, ben, cy]) p.send('ready', { ready: true });
    const ready = await ana.waitFor('lobby', (l) => l.seats.every((s) => s.ready));
    expect((ready.startsAt ?? 0) - ready.serverNow).toBeLessThanOrEqual(QUICK_MATCH.readyMs);
    expect((await ana.waitFor('lobby', (l) => l.started)).game).not.toBeNull();
    await ana.waitFor('view', playing(1));
    await Promise.all([ana.room.leave(), ben.room.leave(), cy.room.leave()]);
  });

  it('a private table never starts by itself', async () => {
    const ana = await newTable('classic', { rounds: 1 });
    const ben = await Player.join(url, ana.room.roomId, { name: 'Ben' });
    ana.send('ready', { ready: true });
    ben.send('ready', { ready: true });
    const lobby = await ana.waitFor('lobby', (l) => l.seats.length === 2 && l.seats.every((s) => s.ready));
    expect(lobby.startsAt).toBeNull();
    expect(lobby.offerBotsAt).toBeNull();
    await Promise.all([ana.room.leave(), ben.room.leave()]);
  });

  it('a client that floods the room is told to slow down', async () => {
    const ana = await newTable('classic');
    for (let i = 0; i < 60; i++) ana.send('ready', { ready: i % 2 === 0 });
    expect(await ana.waitFor('rejected', (r) => r.code === 'message/too-fast')).toMatchObject({
      to: 'ready',
    });
    await ana.room.leave();
  });
});

describe('connections', () => {
  it('a player who drops mid-round finds the game as it is on return', async () => {
    const ana = await newTable('classic', { rounds: 1, hourglassSeconds: 120 });
    const ben = await Player.join(url, ana.room.roomId, { name: 'Ben' });
    await ana.waitFor('lobby', (l) => l.seats.length === 2);
    ana.send('start');
    const before = await ben.waitFor('view', playing(1));
    const token = ben.room.reconnectionToken;
    // The connection breaks without a goodbye.
    ben.room.connection.close();
    await ana.waitFor('lobby', (l) => l.seats[1]?.connected === false);
    // Meanwhile Ana solves.
    const { view } = await ana.waitFor('view', playing(1));
    if (!view.task) throw new Error('no task');
    ana.send('claim', { placements: solve(view.task) });
    await ana.waitFor('view', (m) => m.view.round?.solved.includes('p1') ?? false);
    await ben.reconnect(token);
    const latest = await ben.waitFor('view', (m) => m.view.round?.solved.includes('p1') ?? false);
    expect(latest.view.you).toBe('p2');
    expect(latest.view.round?.solved).toEqual(['p1']);
    expect(latest.view.round?.deadline).toBe(before.view.round?.deadline);
    await ana.waitFor('lobby', (l) => l.seats[1]?.connected === true);
    // And Ben can still play his board.
    if (!latest.view.task) throw new Error('no task');
    ben.send('claim', { placements: solve(latest.view.task) });
    await ben.waitFor('events', (m) => m.events.some((e) => e.type === 'solved' && e.player === 'p2'));
    await Promise.all([ana.room.leave(), ben.room.leave()]);
  });

  it('a player who leaves for good is replaced by a bot, and the room is told', async () => {
    const ana = await newTable('classic', { rounds: 1 });
    const ben = await Player.join(url, ana.room.roomId, { name: 'Ben' });
    await ana.waitFor('lobby', (l) => l.seats.length === 2);
    ana.send('start');
    await ben.waitFor('view', playing(1));
    await ben.room.leave(true);
    const notice = await ana.waitFor('notice');
    expect(notice).toMatchObject({ kind: 'replaced', seat: 'p2', reason: 'left', level: 'casual' });
    expect(notice.name).toBe('Ben');
    expect((await ana.waitFor('lobby', (l) => l.seats[1]?.kind === 'stand-in')).seats[1]).toMatchObject({
      kind: 'stand-in',
      for: 'Ben',
      level: 'casual',
    });
    await ana.room.leave();
  });

  it('a spectator joins a running game by its code, sees it, and cannot act', async () => {
    const ana = await newTable('jewels', { rounds: 1 });
    ana.send('add-bot', { level: 'expert' });
    ana.send('start');
    await ana.waitFor('view', playing(1));
    const eve = await Player.join(url, ana.room.roomId, { name: 'Eve' });
    const seen = await eve.waitFor('view', (m) => m.view.phase === 'playing');
    expect(seen.view.you).toBeNull();
    expect(seen.view.task).toBeNull();
    expect(seen.view.players).toHaveLength(2);
    eve.send('claim', { placements: [] });
    expect(await eve.next('rejected')).toMatchObject({ code: 'message/not-allowed' });
    await Promise.all([ana.room.leave(), eve.room.leave()]);
  });
});

describe('rematch', () => {
  it('after the game the host calls the table back to the lobby: seats, bots and settings stay, and a second game is saved apart', async () => {
    const ana = await newTable('classic', { rounds: 1, variant: 'fixed', hourglassSeconds: 30 });
    const ben = await Player.join(url, ana.room.roomId, { name: 'Ben' });
    const cy = await Player.join(url, ana.room.roomId, { name: 'Cy' });
    ana.send('add-bot', { level: 'master' });
    await ana.waitFor('lobby', (l) => l.seats.length === 4);
    // Not before the game.
    ana.send('rematch');
    expect(await ana.next('rejected')).toMatchObject({ to: 'rematch', code: 'message/wrong-phase' });
    ben.send('ready', { ready: true });
    const before = await ana.waitFor('lobby', (l) => l.seats[1]?.ready === true);
    const game = playGame(ana, [ana, ben, cy]);
    // Nor during it (the room takes messages in order: the game has started).
    ana.send('rematch');
    expect(await ana.next('rejected')).toMatchObject({ to: 'rematch', code: 'message/wrong-phase' });
    const first = await game;
    expect((await ana.waitFor('lobby')).game).toBe(first);
    // Only the host calls it.
    ben.send('rematch');
    expect(await ben.next('rejected')).toMatchObject({ to: 'rematch', code: 'message/not-allowed' });
    // Cy goes after the game: his seat goes with him.
    await cy.room.leave();
    await ana.waitFor('lobby', (l) => l.seats[2]?.connected === false);
    ana.send('rematch');
    const lobby = await ana.next('lobby', (l) => !l.started);
    expect(lobby).toMatchObject({ started: false, game: null, host: 0, you: 0, settings: before.settings });
    expect(lobby.settings).toMatchObject({ edition: 'classic', variant: 'fixed', hourglassSeconds: 30, rounds: 1 });
    expect(lobby.seats[2]).toMatchObject({ kind: 'bot', level: 'master', number: 1 });
    expect(lobby.seats.map((s) => [seatLabel(s), s.kind, s.connected, s.ready])).toEqual([
      ['Ana', 'human', true, false],
      ['Ben', 'human', true, false],
      ['Bot 1 (master)', 'bot', true, true],
    ]);
    expect((await ben.waitFor('lobby', (l) => !l.started && l.seats[2]?.kind === 'bot')).you).toBe(1);
    // The finished game stays saved.
    const firstRecord = (await (await fetch(`${http}/api/games/${first}`)).json()) as {
      seats: { name: string }[];
      result?: unknown;
    };
    expect(firstRecord.seats.map((s) => s.name)).toEqual(['Ana', 'Ben', 'Cy', 'Bot 1 (master)']);
    expect(firstRecord.result).toBeDefined();
    // The seats are theirs again: Ben gets ready, the host starts a second game, saved under its own id.
    ben.send('ready', { ready: true });
    await ana.next('lobby', (l) => !l.started && l.seats[1]?.ready === true);
    const second = await playGame(ana, [ana, ben]);
    expect(second).not.toBe(first);
    const secondRecord = (await (await fetch(`${http}/api/games/${second}`)).json()) as {
      config: { variant: string; hourglassSeconds: number; players: unknown[] };
      seats: { name: string }[];
    };
    expect(secondRecord.seats.map((s) => s.name)).toEqual(['Ana', 'Ben', 'Bot 1 (master)']);
    expect(secondRecord.config).toMatchObject({ variant: 'fixed', hourglassSeconds: 30 });
    expect(secondRecord.config.players).toHaveLength(3);
    expect((await fetch(`${http}/api/games/${first}`)).status).toBe(200);
    await Promise.all([ana.room.leave(), ben.room.leave()]);
  });

  it('someone who came to play while the game was on gets a seat at the rematch; a spectator by choice does not', async () => {
    const ana = await newTable('classic', { rounds: 1 });
    await ana.waitFor('lobby', (l) => l.seats.length === 1);
    const game = playGame(ana, [ana]);
    await ana.waitFor('view', playing(1));
    const eve = await Player.join(url, ana.room.roomId, { name: 'Eve' });
    const sam = await Player.join(url, ana.room.roomId, { name: 'Sam', spectate: true });
    expect((await eve.waitFor('lobby')).you).toBe(-1);
    await game;
    ana.send('rematch');
    const lobby = await eve.next('lobby', (l) => !l.started);
    expect(lobby.seats.map(seatLabel)).toEqual(['Ana', 'Eve']);
    expect(lobby).toMatchObject({ you: 1, spectators: 1 });
    expect((await sam.waitFor('lobby', (l) => !l.started)).you).toBe(-1);
    await Promise.all([ana.room.leave(), eve.room.leave(), sam.room.leave()]);
  });

  it('when the host leaves after the game, a person still at the table becomes host and calls the rematch', async () => {
    const ana = await newTable('classic', { rounds: 1 });
    const ben = await Player.join(url, ana.room.roomId, { name: 'Ben' });
    const cy = await Player.join(url, ana.room.roomId, { name: 'Cy' });
    await ana.waitFor('lobby', (l) => l.seats.length === 3);
    await playGame(ana, [ana, ben, cy]);
    await ana.room.leave();
    expect((await ben.waitFor('lobby', (l) => l.seats[0]?.connected === false)).host).toBe(1);
    cy.send('rematch');
    expect(await cy.next('rejected')).toMatchObject({ to: 'rematch', code: 'message/not-allowed' });
    ben.send('rematch');
    const lobby = await cy.next('lobby', (l) => !l.started);
    expect(lobby).toMatchObject({ host: 0, you: 1 });
    expect(lobby.seats.map(seatLabel)).toEqual(['Ben', 'Cy']);
    await Promise.all([ben.room.leave(), cy.room.leave()]);
  });

  it('a player back with the token before the old connection is seen to go takes the seat, and the old connection is closed as taken over', async () => {
    const ana = await newTable('classic', { rounds: 1 });
    const ben = await Player.join(url, ana.room.roomId, { name: 'Ben' });
    await ana.waitFor('lobby', (l) => l.seats.length === 2);
    // A reload that beats the old page's goodbye, or a phone that changed networks: the server
    // still holds the old connection open when the token comes back.
    const old = ben.room;
    const closed = new Promise<number>((resolve) => old.onLeave(resolve));
    // Only what comes on the new connection counts.
    ben.received.splice(0);
    await ben.reconnect(old.reconnectionToken);
    expect(await closed).toBe(CLOSE_CODES.elsewhere);
    const lobby = await ben.waitFor('lobby', (l) => l.seats[1]?.connected === true);
    expect(lobby).toMatchObject({ you: 1, host: 0 });
    expect(lobby.seats.map(seatLabel)).toEqual(['Ana', 'Ben']);
    ben.send('ready', { ready: true });
    // Ben, on the new connection, is the one seat's person: connected, and the old one's close left nothing behind.
    const after = await ana.waitFor('lobby', (l) => l.seats[1]?.ready === true);
    expect(after.seats.map((s) => [seatLabel(s), s.connected])).toEqual([
      ['Ana', true],
      ['Ben', true],
    ]);
    // The old token no longer opens anything.
    await expect(ana.client.reconnect(old.reconnectionToken)).rejects.toThrow(/expired/);
    await Promise.all([ana.room.leave(), ben.room.leave()]);
  });

  it('a host whose connection drops in the lobby keeps the seat and the table, and is host again on return', async () => {
    const ana = await newTable('classic', { rounds: 1 });
    const ben = await Player.join(url, ana.room.roomId, { name: 'Ben' });
    await ana.waitFor('lobby', (l) => l.seats.length === 2);
    const token = ana.room.reconnectionToken;
    ana.room.connection.close();
    const away = await ben.waitFor('lobby', (l) => l.seats[0]?.connected === false);
    expect(away.seats.map(seatLabel)).toEqual(['Ana', 'Ben']);
    await ana.reconnect(token);
    const back = await ben.waitFor('lobby', (l) => l.seats[0]?.connected === true);
    expect(back.host).toBe(0);
    ana.send('start');
    await ben.waitFor('view', playing(1));
    await Promise.all([ana.room.leave(), ben.room.leave()]);
  });

  it('when the host leaves mid-game, a bot takes the seat and the host’s part passes to a person', async () => {
    const ana = await newTable('classic', { rounds: 1 });
    const ben = await Player.join(url, ana.room.roomId, { name: 'Ben' });
    await ana.waitFor('lobby', (l) => l.seats.length === 2);
    ana.send('start');
    await ben.waitFor('view', playing(1));
    await ana.room.leave();
    const lobby = await ben.waitFor('lobby', (l) => l.seats[0]?.kind === 'stand-in');
    expect(lobby.host).toBe(1);
    await playGame(ben, [ben]);
    ben.send('rematch');
    expect((await ben.next('lobby', (l) => !l.started)).seats.map((s) => s.kind)).toEqual(['stand-in', 'human']);
    // The stand-in stays for the rematch as a bot would, and the host may take its seat away.
    ben.send('remove-seat', { seat: 0 });
    const after = await ben.next('lobby');
    expect(after.seats.map((s) => s.kind)).toEqual(['human']);
    expect(after).toMatchObject({ you: 0, host: 0, free: 3 });
    await ben.room.leave();
  });

  it('the host’s part passes to a person who is connected, not to one whose connection dropped', async () => {
    const ana = await newTable('classic', { rounds: 1 });
    const ben = await Player.join(url, ana.room.roomId, { name: 'Ben' });
    const cy = await Player.join(url, ana.room.roomId, { name: 'Cy' });
    await ana.waitFor('lobby', (l) => l.seats.length === 3);
    const game = playGame(ana, [ana, cy]);
    // Ben's connection breaks mid-game: he has 60 s to come back.
    await ben.waitFor('view', playing(1));
    const token = ben.room.reconnectionToken;
    ben.room.connection.close();
    await ana.waitFor('lobby', (l) => l.seats[1]?.connected === false);
    await game;
    await ana.room.leave();
    const lobby = await cy.waitFor('lobby', (l) => l.seats[0]?.connected === false);
    expect(lobby.seats[1]?.connected).toBe(false);
    expect(lobby.host).toBe(2);
    cy.send('rematch');
    expect((await cy.next('lobby', (l) => !l.started)).started).toBe(false);
    await ben.reconnect(token);
    await Promise.all([ben.room.leave(), cy.room.leave()]);
  });
});

describe('solo play', () => {
  it('five puzzles as fast as possible: the server keeps the score and records it', async () => {
    const zoe = await Player.create(url, 'solo', { name: 'Zoe', mode: 'count', limit: 5, side: 'easy' });
    zoe.send('start');
    let skipped = false;
    for (;;) {
      const v = await zoe.waitFor('view', (m) => m.current !== null || m.solved === 5);
      if (v.solved === 5 || !v.current || !v.task) break;
      const board = v.current.board;
      if (v.solved === 2 && !skipped) {
        skipped = true;
        zoe.send('skip');
      } else {
        await humanPause(v.task, 20);
        zoe.send('claim', byHand(solve(v.task)));
      }
      await zoe.next('view', (m) => m.current?.board !== board || m.solved === 5);
    }
    const recorded = await zoe.waitFor('recorded');
    expect(recorded.result).toMatchObject({ solved: 5, skipped: 1 });
    // No best was sent: any complete run is a new best.
    expect(recorded.newBest).toBe(true);
    const { records } = (await (
      await fetch(`${http}/api/records?mode=count&limit=5&side=easy`)
    ).json()) as RecordsAnswer;
    expect(records.map((r) => r.player)).toContain('Zoe');
    // Today's board has it too (it finished just now).
    const today = (await (
      await fetch(`${http}/api/records?mode=count&limit=5&side=easy&period=day`)
    ).json()) as RecordsAnswer;
    expect(today.records.map((r) => r.player)).toContain('Zoe');
    await zoe.room.leave();
  });

  it('the server says whether a run beats the best the player sent, by core’s comparison', async () => {
    const run = async (best: { solved: number; ms: number }): Promise<boolean> => {
      const ivy = await Player.create(url, 'solo', { name: 'Ivy', mode: 'count', limit: 5, side: 'hard', best });
      ivy.send('start');
      for (let n = 0; n < 5; n++) {
        const v = await ivy.waitFor('view', (m) => m.solved === n && m.task !== null);
        if (!v.task) continue;
        await humanPause(v.task, 20);
        ivy.send('claim', byHand(solve(v.task)));
      }
      const { newBest } = await ivy.waitFor('recorded');
      await ivy.room.leave();
      return newBest;
    };
    // Nobody does five hard puzzles in a millisecond; anybody does them in a day.
    expect(await run({ solved: 5, ms: 1 })).toBe(false);
    expect(await run({ solved: 5, ms: 86_400_000 })).toBe(true);
  });

  it('a run beats the best the account has on record, on any device, whatever the browser sends', async () => {
    const client = await signedIn(url, 'Uli');
    // Each puzzle taking a person's least time, game time running `scale` times faster than real time.
    const run = async (scale: number, best?: { solved: number; ms: number }): Promise<boolean> => {
      const uli = Player.wrap<'solo'>(
        client,
        await client.create('solo', {
          protocol: PROTOCOL_VERSION,
          mode: 'count',
          limit: 5,
          side: 'easy',
          ...(best ? { best } : {}),
        }),
      );
      uli.send('start');
      for (let n = 0; n < 5; n++) {
        const v = await uli.waitFor('view', (m) => m.solved === n && m.task !== null);
        if (!v.task) continue;
        await humanPause(v.task, scale);
        uli.send('claim', byHand(solve(v.task)));
      }
      const { newBest, verified } = await uli.waitFor('recorded');
      expect(verified).toBe(true);
      await uli.room.leave();
      return newBest;
    };
    // The first is a best; a slower one after it is not, though the browser sends none, or one it beats.
    expect(await run(20)).toBe(true);
    expect(await run(5, { solved: 5, ms: 86_400_000 })).toBe(false);
  });

  it('a bad best is refused when the room is created, with where it is wrong', async () => {
    await expect(
      Player.create(url, 'solo', { name: 'Ivy', mode: 'count', limit: 5, side: 'hard', best: { solved: -1, ms: 0 } }),
    ).rejects.toThrow(/best\.solved/);
  });

  it('practice: any task, a hint places one more piece each time, the solution, a checked claim', async () => {
    const pat = await Player.create(url, 'practice', { name: 'Pat' });
    pat.send('task', { edition: 'extreme', board: 'E07', side: 'hard', key: 'blue' });
    const { task } = await pat.waitFor('practice', (m) => m.board === 'E07');
    expect(task.grid).toBe('hex');
    expect(task.pieces).toHaveLength(4);
    pat.send('hint');
    expect((await pat.next('hint')).placements).toHaveLength(1);
    pat.send('hint');
    expect((await pat.next('hint')).placements).toHaveLength(2);
    pat.send('solution');
    expect((await pat.next('solution')).placements).toHaveLength(4);
    pat.send('claim', { placements: solve(task) });
    expect(await pat.next('checked')).toEqual({ solved: true });
    pat.send('task', { edition: 'classic', board: 'C99', side: 'easy', key: '1' });
    expect(await pat.next('rejected')).toMatchObject({ to: 'task', code: 'message/malformed' });
    await pat.room.leave();
  });
});
