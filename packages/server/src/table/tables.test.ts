import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RaceEdition, RaceSettings, RecordsAnswer, SoloRunAnswer } from '@ubongo/core';
import { CLOSE_CODES, PROTOCOL_VERSION } from '@ubongo/core';
import { startServer } from '../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';
import { seatLabel } from './seats.js';
import { byHand, humanPause, Player, signedIn, solve } from '@ubongo/test-support/player';
import * as table from '@ubongo/test-support/race-table';

// What happens around a game over a real socket: people dropping, leaving and coming back, a
// rematch, the host's part, solo play and practice (whole games and claims: server.test.ts).

// A real server on a random port, with game time 20 times faster than the clock, so that a
// 20-second hourglass lasts one real second.

const served = serverPerFile((base) =>
  startServer({
    ...base,
    timeScale: 20,
  }),
);

const { playing } = table;
const newTable = (edition: RaceEdition, extra: Partial<RaceSettings> = {}): Promise<Player<'race'>> =>
  table.newTable(served.ws, edition, extra);
const { playGame } = table;

describe('connections', () => {
  it('a player who drops mid-round finds the game as it is on return', async () => {
    const ana = await newTable('classic', { rounds: 1, hourglassSeconds: 120 });
    const ben = await Player.join(served.ws, ana.room.roomId, { name: 'Ben' });
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
    const ben = await Player.join(served.ws, ana.room.roomId, { name: 'Ben' });
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
    const eve = await Player.join(served.ws, ana.room.roomId, { name: 'Eve' });
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
    const ben = await Player.join(served.ws, ana.room.roomId, { name: 'Ben' });
    const cy = await Player.join(served.ws, ana.room.roomId, { name: 'Cy' });
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
    const firstRecord = (await (await fetch(`${served.http}/api/games/${first}`)).json()) as {
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
    const secondRecord = (await (await fetch(`${served.http}/api/games/${second}`)).json()) as {
      config: { variant: string; hourglassSeconds: number; players: unknown[] };
      seats: { name: string }[];
    };
    expect(secondRecord.seats.map((s) => s.name)).toEqual(['Ana', 'Ben', 'Bot 1 (master)']);
    expect(secondRecord.config).toMatchObject({ variant: 'fixed', hourglassSeconds: 30 });
    expect(secondRecord.config.players).toHaveLength(3);
    expect((await fetch(`${served.http}/api/games/${first}`)).status).toBe(200);
    await Promise.all([ana.room.leave(), ben.room.leave()]);
  });

  it('someone who came to play while the game was on gets a seat at the rematch; a spectator by choice does not', async () => {
    const ana = await newTable('classic', { rounds: 1 });
    await ana.waitFor('lobby', (l) => l.seats.length === 1);
    const game = playGame(ana, [ana]);
    await ana.waitFor('view', playing(1));
    const eve = await Player.join(served.ws, ana.room.roomId, { name: 'Eve' });
    const sam = await Player.join(served.ws, ana.room.roomId, { name: 'Sam', spectate: true });
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
    const ben = await Player.join(served.ws, ana.room.roomId, { name: 'Ben' });
    const cy = await Player.join(served.ws, ana.room.roomId, { name: 'Cy' });
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
    const ben = await Player.join(served.ws, ana.room.roomId, { name: 'Ben' });
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
    const ben = await Player.join(served.ws, ana.room.roomId, { name: 'Ben' });
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
    const ben = await Player.join(served.ws, ana.room.roomId, { name: 'Ben' });
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
    const ben = await Player.join(served.ws, ana.room.roomId, { name: 'Ben' });
    const cy = await Player.join(served.ws, ana.room.roomId, { name: 'Cy' });
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
    const zoe = await Player.create(served.ws, 'solo', { name: 'Zoe', mode: 'count', limit: 5, side: 'easy' });
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
    // Listed, with its id to replay it; but Zoe plays as a guest: on no public board (pages.test.ts).
    const listed = await served.server.stores.soloRuns.records({
      from: 'anyone',
      mode: 'count',
      limit: 5,
      side: 'easy',
      top: 100,
    });
    const mine = listed.find((r) => r.player === 'Zoe');
    expect(mine).toMatchObject({ solved: 5, skipped: 1, username: null });
    const { records } = (await (
      await fetch(`${served.http}/api/records?mode=count&limit=5&side=easy&top=100`)
    ).json()) as RecordsAnswer;
    expect(records.map((r) => r.player)).not.toContain('Zoe');
    const replay = (await (await fetch(`${served.http}/api/runs/${mine?.id ?? 0}`)).json()) as SoloRunAnswer;
    expect(replay.run).toMatchObject({ player: 'Zoe', solved: 5, skipped: 1, verified: true });
    expect(replay.puzzles.map((p) => p.outcome)).toEqual(['solved', 'solved', 'skipped', 'solved', 'solved', 'solved']);
    await zoe.room.leave();
  });

  it('the server says whether a run beats the best the player sent, by core’s comparison', async () => {
    const run = async (best: { solved: number; ms: number }): Promise<boolean> => {
      const ivy = await Player.create(served.ws, 'solo', { name: 'Ivy', mode: 'count', limit: 5, side: 'hard', best });
      ivy.send('start');
      for (let n = 0; n < 5; n++) {
        const v = await ivy.waitFor('view', (m) => m.solved === n && m.task !== null);
        if (!v.task) continue;
        await humanPause(v.task, 20);
        ivy.send('claim', byHand(solve(v.task)));
      }
      const { newBest, verified } = await ivy.waitFor('recorded');
      await ivy.room.leave();
      // Every solve came at a person's pace: a run that is no best is one for its time alone.
      expect(verified).toBe(true);
      return newBest;
    };
    // Nobody does five hard puzzles in a millisecond; anybody does them in a day.
    expect(await run({ solved: 5, ms: 1 })).toBe(false);
    expect(await run({ solved: 5, ms: 86_400_000 })).toBe(true);
  });

  it('a run beats the best the account has on record, on any device, whatever the browser sends', async () => {
    const client = await signedIn(served.ws, 'Uli');
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
      Player.create(served.ws, 'solo', {
        name: 'Ivy',
        mode: 'count',
        limit: 5,
        side: 'hard',
        best: { solved: -1, ms: 0 },
      }),
    ).rejects.toThrow(/best\.solved/);
  });

  it('practice: any task, a hint places one more piece each time, the solution, a checked claim', async () => {
    const pat = await Player.create(served.ws, 'practice', { name: 'Pat' });
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

  it('practice at my level: solves without hints raise the level and the difficulty dealt, the solution lowers it, no board twice', async () => {
    // A server of its own: the tasks' learned ratings, which the other tests' solves move, are
    // the deck's own here, so the difficulties dealt follow the level alone.
    const own = await startServer({
      port: 0,
      dataDir: mkdtempSync(join(tmpdir(), 'ubongo-server-')),
      timeScale: 20,
      log: () => undefined,
    });
    const quinn = await Player.create(`ws://localhost:${own.port}`, 'practice', { name: 'Quinn' });
    // A new player starts at the new player's level, difficulty 5, told on joining.
    expect(await quinn.waitFor('level')).toEqual({ edition: 'classic', level: 5 });
    await quinn.waitFor('practice');
    const seen = new Set<string>();
    const levels: number[] = [];
    const difficulties: number[] = [];
    for (let i = 0; i < 8; i++) {
      quinn.send('level', { edition: 'classic', side: 'hard' });
      const dealt = await quinn.next('practice');
      const id = `${dealt.board}/${dealt.side}/${dealt.key}`;
      expect(seen.has(id), `dealt ${id} twice`).toBe(false);
      seen.add(id);
      difficulties.push(dealt.difficulty);
      const moved = quinn.next('level');
      quinn.send('claim', { placements: solve(dealt.task) });
      await quinn.next('checked');
      levels.push((await moved).level);
    }
    // Each solve without a hint raised the level half a point.
    expect(levels).toEqual([5.5, 6, 6.5, 7, 7.5, 8, 8.5, 9]);
    // The boards dealt followed it up: the last ones are harder than the first.
    const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
    expect(mean(difficulties.slice(-3))).toBeGreaterThan(mean(difficulties.slice(0, 3)) + 1);
    // Giving up (the solution) lowers it; a solve after a hint leaves it.
    quinn.send('level', { edition: 'classic', side: 'hard' });
    await quinn.next('practice');
    const lowered = quinn.next('level');
    quinn.send('solution');
    await quinn.next('solution');
    expect((await lowered).level).toBe(8.5);
    quinn.send('level', { edition: 'classic', side: 'hard' });
    const hinted = await quinn.next('practice');
    expect(seen.has(`${hinted.board}/${hinted.side}/${hinted.key}`)).toBe(false);
    quinn.send('hint');
    await quinn.next('hint');
    quinn.send('claim', { placements: solve(hinted.task) });
    await quinn.next('checked');
    quinn.send('level', { edition: 'classic', side: 'hard' });
    await quinn.next('practice');
    // (the level is sent just before the task it deals)
    expect((await quinn.waitFor('level')).level).toBe(8.5);
    // A task chosen by hand moves nothing.
    quinn.send('task', { edition: 'classic', board: 'C01', side: 'easy', key: '1' });
    const chosen = await quinn.next('practice', (m) => m.board === 'C01');
    quinn.send('claim', { placements: solve(chosen.task) });
    await quinn.next('checked');
    quinn.send('level', { edition: 'classic', side: 'hard' });
    await quinn.next('practice');
    // (the level is sent just before the task it deals)
    expect((await quinn.waitFor('level')).level).toBe(8.5);
    await quinn.room.leave();
    await own.close();
  });
});
