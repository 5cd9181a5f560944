import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RaceEdition, RaceServerMessages, RaceSettings, ReplayAnswer } from '@ubongo/core';

type RaceEventsBody = RaceServerMessages['events'];
import { checkSolution, decisionOf, PROTOCOL_VERSION } from '@ubongo/core';
import { startServer } from './server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';
import { seatLabel } from './table/seats.js';
import { QUICK_MATCH } from './table/table.js';
import { Player, signedIn, solve } from '@ubongo/test-support/player';
import * as table from '@ubongo/test-support/race-table';

// Games played over a real socket: whole games, claims and messages that are wrong, quick match
// (what happens around a game, its people coming and going, and solo play: tables.test.ts).

// A real server on a random port, with game time 20 times faster than the clock, so that a
// 20-second hourglass lasts one real second.

const served = serverPerFile((base) =>
  startServer({
    ...base,
    timeScale: 20,
    // Every player here shares one address, and so one message allowance: the hostile-message
    // test's ten watchers send 300 at once, and its player must still be heard after them. Its
    // guests too come from that one address, more than a minute's allowance of new ones.
    limits: { messageBurst: 400, guestsPerMinute: 1000 },
  }),
);

const { playing } = table;
const newTable = (edition: RaceEdition, extra: Partial<RaceSettings> = {}): Promise<Player<'race'>> =>
  table.newTable(served.ws, edition, extra);
const { solveRound } = table;

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
    // What decided it comes with the view, as data (a jewel tie's deciding colour, a tie-break round...).
    expect(end.view.decided).toEqual(
      decisionOf({ standings: end.view.standings, winners: end.view.winners ?? [], history: end.view.history }),
    );
    expect(end.view.decided?.by).not.toBe('nobody-scored');
    const { game, rated, ratings } = await ana.waitFor('saved');
    // A casual table: nobody's rating moved.
    expect([rated, ratings]).toEqual([false, []]);
    const record = (await (await fetch(`${served.http}/api/games/${game}`)).json()) as {
      config: { edition: string };
      result: { winners: string[] };
    };
    expect(record.config.edition).toBe(edition);
    expect(record.result.winners).toEqual(end.view.winners);
    const replay = (await (await fetch(`${served.http}/api/games/${game}/replay`)).json()) as ReplayAnswer;
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
    // The stored winners, and Ana's account (her name links to her profile; a guest has no username).
    expect(replay.winners).toEqual(record.result.winners);
    const account = ana.received.find((m) => m.type === 'lobby')?.message as { seats: { account?: string }[] };
    expect(account.seats[0]?.account).toBeDefined();
    expect(replay.seats[0]?.account).toBe(account.seats[0]?.account);
    expect(replay.seats[0]?.username).toBeUndefined();
    expect(replay.seats[1]?.account).toBeUndefined();
    expect(replay.steps.length).toBeGreaterThanOrEqual(4);
    // Round by round (a tie-break round after the two, should they tie): the boards, and the
    // standings after each; the last round's are the game's.
    expect(replay.rounds.slice(0, 2).map((r) => r.round)).toEqual([1, 2]);
    expect(replay.rounds.every((r) => r.boards.length === 2 && r.standings.length === 2)).toBe(true);
    expect(replay.rounds.at(-1)?.standings).toEqual(end.view.standings);
    await ana.room.leave();
  });
});

describe('a game nobody scored in', () => {
  it('alone at a table and never solving: nobody wins; whoever comes to the finished table is told it was saved', async () => {
    const ana = await newTable('classic', { rounds: 1 });
    ana.send('start');
    await ana.waitFor('view', playing(1));
    // Both hourglasses run out (2 s at this pace) with nothing claimed.
    const end = await ana.waitFor('view', (m) => m.view.phase === 'finished');
    expect(end.view.winners).toEqual([]);
    expect(end.view.decided).toEqual({ by: 'nobody-scored' });
    const events = ana.received.filter((r) => r.type === 'events').map((r) => r.message as RaceEventsBody);
    expect(events.flatMap((m) => m.events).filter((e) => e.type === 'game-ended')).toEqual([
      { type: 'game-ended', winners: [], shared: false },
    ]);
    const saved = await ana.waitFor('saved');
    expect(saved).toMatchObject({ rated: false, ratings: [] });
    const record = (await (await fetch(`${served.http}/api/games/${saved.game}`)).json()) as {
      result: { winners: string[] };
    };
    expect(record.result.winners).toEqual([]);
    // Someone who opens the finished table's link hears that it was saved, as those who were there did.
    const { code } = await ana.waitFor('lobby');
    const ben = await Player.join(served.ws, code, { name: 'Ben' });
    expect(await ben.waitFor('saved')).toEqual(saved);
    await Promise.all([ana.room.leave(), ben.room.leave()]);
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
    // Extreme with the whole set: the pieces are laid out before the sand is turned.
    expect(view.round?.layout).toMatchObject({ done: [] });
    ana.send('lay-out');
    await ana.waitFor('events', (m) => m.events.some((e) => e.type === 'sand-turned'));
    ana.send('claim', { placements: solve(view.task) });
    await ana.waitFor('events', (m) => m.events.some((e) => e.type === 'solved' && e.player === 'p1'));
    await ana.room.leave();
  });
});

describe('the jewel pawns’ start', () => {
  it('people choose a start row before the first round; a bot chooses its own; one who does not gets one by lot', async () => {
    const ana = await newTable('jewels', { rounds: 1, hourglassSeconds: 120 });
    const ben = await Player.join(served.ws, ana.room.roomId, { name: 'Ben' });
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
    await expect(Player.create(served.ws, 'race', { protocol: 99, name: 'Old' })).rejects.toThrow(
      `this server speaks protocol ${PROTOCOL_VERSION}`,
    );
  });

  it('only the host sets the game up', async () => {
    const ana = await newTable('classic');
    const ben = await Player.join(served.ws, ana.room.roomId, { name: 'Ben' });
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
    // Ten spectators send a burst within the rate limit: every message is checked by its schema.
    const types = [
      'settings',
      'add-bot',
      'remove-seat',
      'side',
      'ready',
      'start',
      'claim',
      'move',
      'progress',
      'nonsense',
      '__proto__',
    ];
    const bodies = fc.sample(fc.jsonValue(), { seed: 5, numRuns: 300 });
    const watchers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => Player.join(served.ws, ana.room.roomId, { name: `Eve ${i}` })),
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
    expect((await fetch(`${served.http}/healthz`)).status).toBe(200);
    await Promise.all([ana.room.leave(), ...watchers.map((w) => w.room.leave())]);
  });
});

describe('quick match', () => {
  it('puts players who ask for a public game at the same table until it starts', async () => {
    const join = async (name: string): Promise<Player<'race'>> => {
      const client = await signedIn(served.ws, name);
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
      const client = await signedIn(served.ws, name);
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
    const ben = await Player.join(served.ws, ana.room.roomId, { name: 'Ben' });
    ana.send('ready', { ready: true });
    ben.send('ready', { ready: true });
    const lobby = await ana.waitFor('lobby', (l) => l.seats.length === 2 && l.seats.every((s) => s.ready));
    expect(lobby.startsAt).toBeNull();
    expect(lobby.offerBotsAt).toBeNull();
    await Promise.all([ana.room.leave(), ben.room.leave()]);
  });

  it('a client that floods the room is told to slow down', async () => {
    const ana = await newTable('classic');
    // Past the address's burst (400 here, above).
    for (let i = 0; i < 600; i++) ana.send('ready', { ready: i % 2 === 0 });
    expect(await ana.waitFor('rejected', (r) => r.code === 'message/too-fast')).toMatchObject({
      to: 'ready',
    });
    await ana.room.leave();
  });
});
