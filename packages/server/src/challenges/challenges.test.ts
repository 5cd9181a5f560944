import type { Client } from 'colyseus.js';
import type { ChallengeMade, ChallengesAnswer, Rejected, SoloGhost } from '@ubongo/core';
import { PROTOCOL_VERSION } from '@ubongo/core';
import { byHand, humanPause, member, Player, solve } from '@ubongo/test-support/player';
import { describe, expect, it } from 'vitest';
import { GameClock } from '../clock.js';
import { startServer } from '../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';

// A challenge over a real socket (docs/challenges.md): Ana sends Bea her run; Bea races its ghost
// on the same tasks; the verdict is stored. The rules themselves are challenges.unit.test.ts's.

const SCALE = 20;
const clock = new GameClock(SCALE, 0, Date.UTC(2026, 10, 28, 8));
const served = serverPerFile((base) => startServer({ ...base, clock }));

/** `path` with the session, as JSON: the status and the body. */
async function call<T>(session: string, method: string, path: string, body?: object): Promise<[number, T]> {
  const res = await fetch(`${served.http}${path}`, {
    method,
    headers: { authorization: `Bearer ${session}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return [res.status, (text ? JSON.parse(text) : undefined) as T];
}

/** A count run of 3 easy puzzles solved by hand (with the challenge's option, if any): the deals, the ghost, the stored run. */
async function playRun(client: Client, challenge?: string) {
  const room = await client.create('solo', {
    protocol: PROTOCOL_VERSION,
    mode: 'count',
    limit: 5,
    side: 'easy',
    ...(challenge ? { challenge } : {}),
  });
  const player = Player.wrap<'solo'>(client, room);
  player.send('start');
  let ghost: SoloGhost | undefined;
  if (challenge) ghost = await player.waitFor('ghost');
  const deals: string[] = [];
  for (let n = 0; n < 5; n++) {
    const view = await player.waitFor('view', (m) => m.task !== null && m.solved === n);
    const { task, current } = view;
    if (!task || !current) throw new Error('no task');
    deals.push(`${current.board}/${current.key}`);
    await humanPause(task, SCALE);
    player.send('claim', byHand(solve(task), task));
  }
  const recorded = await player.waitFor('recorded');
  await player.room.leave();
  return { deals, ghost, recorded };
}

describe('a challenge', () => {
  it('is raced by its recipient against the sender’s ghost on the same tasks, and its verdict stored', async () => {
    const ana = await member(served.ws, 'ana');
    const bea = await member(served.ws, 'bea');
    const cy = await member(served.ws, 'cyd');
    expect((await call(ana.session, 'POST', '/api/me/follows', { username: 'bea' }))[0]).toBe(200);
    expect((await call(bea.session, 'POST', '/api/me/follows', { username: 'ana' }))[0]).toBe(200);
    const sent = await playRun(ana.client);
    const [status, made] = await call<ChallengeMade>(ana.session, 'POST', '/api/challenges', {
      to: 'bea',
      run: sent.recorded.run,
    });
    expect(status).toBe(201);

    // Only its recipient races it.
    const room = await cy.client.create('solo', {
      protocol: PROTOCOL_VERSION,
      mode: 'count',
      limit: 5,
      side: 'easy',
      challenge: made.id,
    });
    const other = Player.wrap<'solo'>(cy.client, room);
    other.send('start');
    const refused: Rejected = await other.waitFor('rejected');
    expect(refused).toMatchObject({ to: 'start', code: 'message/challenge-refused' });
    await other.room.leave();

    const race = await playRun(bea.client, made.id);
    expect(race.ghost).toMatchObject({ kind: 'challenge', run: sent.recorded.run, own: false, username: 'ana' });
    expect(race.deals).toEqual(sent.deals);
    expect(race.recorded.newBest).toBe(false);

    const [, seen] = await call<ChallengesAnswer>(bea.session, 'GET', '/api/challenges');
    const [entry] = seen.received;
    const winner =
      race.recorded.result.ms < sent.recorded.result.ms
        ? 'to'
        : race.recorded.result.ms > sent.recorded.result.ms
          ? 'from'
          : 'tie';
    expect(entry).toMatchObject({
      id: made.id,
      status: 'raced',
      winner,
      raceable: false,
      from: { account: ana.id, run: sent.recorded.run, solved: 5 },
      to: { account: bea.id, run: race.recorded.run, solved: 5, ms: race.recorded.result.ms },
      rematch: race.recorded.run,
    });
    const [, hers] = await call<ChallengesAnswer>(ana.session, 'GET', '/api/challenges');
    expect(hers.sent[0]).toMatchObject({ id: made.id, status: 'raced', winner });
    // Raced once: never again.
    const again = await bea.client.create('solo', {
      protocol: PROTOCOL_VERSION,
      mode: 'count',
      limit: 5,
      side: 'easy',
      challenge: made.id,
    });
    const twice = Player.wrap<'solo'>(bea.client, again);
    twice.send('start');
    expect(await twice.waitFor('rejected')).toMatchObject({ code: 'message/challenge-refused' });
    await twice.room.leave();
  });

  it('left under way, a race is lost', async () => {
    const dan = await member(served.ws, 'dan');
    const eve = await member(served.ws, 'eve');
    await call(dan.session, 'POST', '/api/me/follows', { username: 'eve' });
    await call(eve.session, 'POST', '/api/me/follows', { username: 'dan' });
    const sent = await playRun(dan.client);
    const [, made] = await call<ChallengeMade>(dan.session, 'POST', '/api/challenges', {
      to: 'eve',
      run: sent.recorded.run,
    });
    const room = await eve.client.create('solo', {
      protocol: PROTOCOL_VERSION,
      mode: 'count',
      limit: 5,
      side: 'easy',
      challenge: made.id,
    });
    const racer = Player.wrap<'solo'>(eve.client, room);
    racer.send('start');
    await racer.waitFor('view', (m) => m.task !== null);
    await racer.room.leave();
    await expect
      .poll(async () => (await call<ChallengesAnswer>(eve.session, 'GET', '/api/challenges'))[1].received[0])
      .toMatchObject({ id: made.id, status: 'raced', winner: 'from', forfeited: true, to: { run: null } });
  });
});
