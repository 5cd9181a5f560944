import { describe, expect, it } from 'vitest';
import type { LiveAnswer } from '@ubongo/core';
import { PROTOCOL_VERSION, REACTION_ALLOWANCE } from '@ubongo/core';
import { startServer } from '../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';
import { member, Player, signedIn } from '@ubongo/test-support/player';
import * as table from '@ubongo/test-support/race-table';

// Watching and reacting over a real socket: the live page's list of games in play (its watchers
// counted), and a table's preset reactions (who hears them, the allowance, a reaction not in the list).

const served = serverPerFile((base) =>
  startServer({
    ...base,
    timeScale: 20,
  }),
);

const live = async (): Promise<LiveAnswer> => {
  const res = await fetch(`${served.http}/api/live`);
  expect(res.status).toBe(200);
  return (await res.json()) as LiveAnswer;
};

/** The reactions a player heard. */
const heard = (p: Player<'race'>): unknown[] => p.received.filter((r) => r.type === 'reaction').map((r) => r.message);

/** Waits a moment for anything still on its way. */
const settle = (ms = 300): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('reactions', () => {
  it('a seated player’s reaction reaches the other seats and the watchers; a watcher may not react', async () => {
    const ana = await table.newTable(served.ws, 'classic', { rounds: 1, hourglassSeconds: 120 });
    const ben = await Player.join(served.ws, ana.room.roomId, { name: 'Ben' });
    const eve = await Player.join(served.ws, ana.room.roomId, { name: 'Eve', spectate: true });
    await ana.waitFor('lobby', (l) => l.seats.length === 2 && l.spectators === 1);
    // In the lobby as in the game.
    ben.send('react', { reaction: 'gg' });
    for (const p of [ana, ben, eve]) expect(await p.waitFor('reaction')).toEqual({ seat: 1, reaction: 'gg' });
    ana.send('start');
    await ana.waitFor('view', table.playing(1));
    ana.send('react', { reaction: 'fire' });
    for (const p of [ana, ben, eve])
      expect(await p.waitFor('reaction', (m) => m.reaction === 'fire')).toEqual({ seat: 0, reaction: 'fire' });
    // A watcher watches.
    eve.send('react', { reaction: 'clap' });
    expect(await eve.next('rejected')).toMatchObject({ to: 'react', code: 'message/not-allowed' });
    await settle();
    for (const p of [ana, ben, eve]) expect(heard(p)).toHaveLength(2);
    await Promise.all([ana.room.leave(), ben.room.leave(), eve.room.leave()]);
  });

  it(`past ${REACTION_ALLOWANCE.burst} at once a reaction is refused and sent to nobody; a reaction not in the list is refused`, async () => {
    const ana = await table.newTable(served.ws, 'classic');
    const ben = await Player.join(served.ws, ana.room.roomId, { name: 'Ben' });
    await ana.waitFor('lobby', (l) => l.seats.length === 2);
    for (let i = 0; i <= REACTION_ALLOWANCE.burst; i++) ana.send('react', { reaction: 'thumbs-up' });
    expect(await ana.next('rejected')).toMatchObject({ to: 'react', code: 'message/too-fast' });
    await settle();
    expect(heard(ben)).toHaveLength(REACTION_ALLOWANCE.burst);
    // Unknown ids, free text and extra fields change nothing.
    const before = ana.received.filter((r) => r.type === 'rejected').length;
    ana.sendRaw('react', { reaction: 'poo' });
    ana.sendRaw('react', { reaction: 'you are bad' });
    ana.sendRaw('react', { reaction: 'gg', text: 'hello' });
    ana.sendRaw('react', {});
    await expect.poll(() => ana.received.filter((r) => r.type === 'rejected').length).toBe(before + 4);
    const refusals = ana.received.filter((r) => r.type === 'rejected').slice(before);
    for (const r of refusals) expect(r.message).toMatchObject({ to: 'react', code: 'message/malformed' });
    await settle();
    expect(heard(ben)).toHaveLength(REACTION_ALLOWANCE.burst);
    // Once the allowance has come back, one more goes through.
    await settle(REACTION_ALLOWANCE.everySeconds * 1000 + 200);
    ana.send('react', { reaction: 'wow' });
    expect(await ben.waitFor('reaction', (m) => m.reaction === 'wow')).toEqual({ seat: 0, reaction: 'wow' });
    await Promise.all([ana.room.leave(), ben.room.leave()]);
  });
});

describe("a bot's board", () => {
  it('fills piece by piece before it claims, for a watcher to see; the person at the table sees the count', async () => {
    const ana = await table.newTable(served.ws, 'classic', { rounds: 1, hourglassSeconds: 300 });
    ana.send('add-bot', { level: 'casual' });
    await ana.waitFor('lobby', (l) => l.seats.length === 2);
    const eve = await Player.join(served.ws, ana.room.roomId, { name: 'Eve', spectate: true });
    await ana.waitFor('lobby', (l) => l.spectators === 1);
    ana.send('start');
    const watched = await eve.waitFor('view', (m) => m.view.phase === 'playing');
    const of = watched.tasks?.['p2']?.pieces.length ?? 0;
    expect(of).toBeGreaterThan(1);
    // Its pieces land one by one (the last with its claim), each sent to the watcher where it lies.
    const one = await eve.waitFor('progress', (m) => (m.players['p2']?.placements?.length ?? 0) === 1);
    expect(one.players['p2']?.down).toBe(1);
    const more = await eve.waitFor('progress', (m) => (m.players['p2']?.placements?.length ?? 0) === of - 1);
    expect(more.players['p2']?.placements?.slice(0, 1)).toEqual(one.players['p2']?.placements);
    expect((await ana.waitFor('progress', (m) => m.players['p2']?.down === of - 1)).players['p2']).toEqual({
      down: of - 1,
      of,
    });
    const solved = await eve.waitFor('view', (m) => m.view.round?.solved.includes('p2') ?? false);
    expect(solved.progress['p2']?.placements).toHaveLength(of);
    await Promise.all([ana.room.leave(), eve.room.leave()]);
  });
});

describe('GET /api/live', () => {
  it('lists rated games (their average rating), then quick-match games, with their watchers; not private casual games', async () => {
    // A casual private table's game is not listed.
    const host = await table.newTable(served.ws, 'classic', { rounds: 1, hourglassSeconds: 300 });
    host.send('add-bot', { level: 'beginner' });
    host.send('start');
    await host.waitFor('view', table.playing(1));
    expect((await live()).games.map((g) => g.code)).not.toContain(host.room.roomId);

    // A quick-match game: two people, both ready.
    const quick = await Promise.all(
      ['Quin', 'Quill'].map(async (name) => {
        const client = await signedIn(served.ws, name);
        return Player.wrap<'race'>(
          client,
          await client.joinOrCreate('race', { protocol: PROTOCOL_VERSION, public: true }),
        );
      }),
    );
    for (const p of quick) p.send('ready', { ready: true });
    await Promise.all(quick.map((p) => p.waitFor('view', table.playing(1))));

    // A rated game between two members.
    const [rita, remo] = await Promise.all(['rita_w', 'remo_w'].map((n) => member(served.ws, n)));
    if (!rita || !remo) throw new Error('no members');
    const rated = Player.wrap<'race'>(
      rita.client,
      await rita.client.create('race', {
        protocol: PROTOCOL_VERSION,
        settings: { rated: true, rounds: 2, hourglassSeconds: 300 },
      }),
    );
    const { code } = await rated.waitFor('lobby');
    const other = Player.wrap<'race'>(remo.client, await remo.client.joinById(code, { protocol: PROTOCOL_VERSION }));
    await rated.waitFor('lobby', (l) => l.seats.length === 2);
    rated.send('start');
    await other.waitFor('view', table.playing(1));

    await expect.poll(async () => (await live()).games.find((g) => g.code === code)?.rating ?? null).toBe(1500);
    const { games } = await live();
    const quickCode = quick[0]?.room.roomId ?? '';
    expect(games.map((g) => g.code).filter((c) => [code, quickCode].includes(c))).toEqual([code, quickCode]);
    expect(games.find((g) => g.code === code)).toMatchObject({
      kind: 'rated',
      edition: 'classic',
      round: 1,
      rounds: 2,
      watchers: 0,
      players: [
        { kind: 'human', name: 'rita_w', username: 'rita_w', account: rita.id, rating: 1500 },
        { kind: 'human', name: 'remo_w', username: 'remo_w', account: remo.id, rating: 1500 },
      ],
    });
    expect(games.find((g) => g.code === quickCode)).toMatchObject({ kind: 'casual', rating: null, watchers: 0 });

    // A spectator comes: counted on the live page, and for the players.
    const eve = await Player.join(served.ws, code, { name: 'Eve', spectate: true });
    await expect.poll(async () => (await live()).games.find((g) => g.code === code)?.watchers).toBe(1);
    expect((await rated.waitFor('lobby', (l) => l.spectators === 1)).spectators).toBe(1);
    // ... and goes.
    await eve.room.leave();
    await expect.poll(async () => (await live()).games.find((g) => g.code === code)?.watchers).toBe(0);
    expect((await other.waitFor('lobby', (l) => l.spectators === 0)).spectators).toBe(0);

    await Promise.all([rated.room.leave(), other.room.leave()]);
    await Promise.all([...quick, host].map((p) => p.room.leave()));
  });
});
