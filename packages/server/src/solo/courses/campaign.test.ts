import { describe, expect, it } from 'vitest';
import type { CampaignOutcome, CampaignProgress, GuestAnswer } from '@ubongo/core';
import { campaignLevels, humanFloorSeconds, PROTOCOL_VERSION } from '@ubongo/core';
import { shippedDeck } from '@ubongo/core/decks';
import { Client } from 'colyseus.js';
import { startServer } from '../../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';
import { byHand, Player, solve } from '@ubongo/test-support/player';

// The campaign over a real socket (docs/decks.md, "The campaign"): levels open one by one, stars
// by time, progress with the account.

const TIME_SCALE = 10;

const levels = campaignLevels({ classic: shippedDeck('classic'), extreme: shippedDeck('extreme') });

const served = serverPerFile((base) =>
  startServer({
    ...base,
    timeScale: TIME_SCALE,
  }),
);

/** A guest account: its session. */
async function guest(name: string): Promise<string> {
  const res = await fetch(`${served.http}/api/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  return ((await res.json()) as GuestAnswer).session;
}

/** Waits `seconds` of the server's game time. */
const pause = (seconds: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, (seconds * 1000) / TIME_SCALE + 20));

const enter = async (session: string, level: number): Promise<Player<'solo'>> => {
  const client = new Client(served.ws);
  client.auth.token = session;
  return Player.wrap<'solo'>(
    client,
    await client.create('solo', {
      protocol: PROTOCOL_VERSION,
      // The course sets the run (one task); the options' own setting is only its frame.
      mode: 'count',
      limit: 5,
      side: 'easy',
      course: { kind: 'campaign', level },
    }),
  );
};

/** Plays campaign level `level` with `session`'s account, solving it by hand after `seconds` of game time. */
async function play(session: string, level: number, seconds: number): Promise<CampaignOutcome> {
  const p = await enter(session, level);
  p.send('start');
  const v = await p.waitFor('view', (m) => m.task !== null);
  if (!v.task) throw new Error('no task');
  const expected = levels[level - 1]?.task;
  expect(v.current).toMatchObject({ board: expected?.board, key: expected?.key });
  await pause(seconds);
  p.send('claim', byHand(solve(v.task)));
  const recorded = await p.waitFor('recorded');
  await p.room.leave();
  if (recorded.course?.kind !== 'campaign') throw new Error('no campaign outcome');
  return recorded.course;
}

const progress = async (session: string): Promise<CampaignProgress> => {
  const res = await fetch(`${served.http}/api/me/campaign`, { headers: { authorization: `Bearer ${session}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as CampaignProgress;
};

const level = (p: CampaignProgress, n: number) => p.worlds.flatMap((w) => w.levels).find((l) => l.level === n);

describe('the campaign', () => {
  const first = levels[0];
  if (!first) throw new Error('no campaign');
  // A person's pace on level 1: above the human floor, within the expert bot's median (3 stars).
  const quick = humanFloorSeconds(first.difficulty, 3) * 1.2;
  const slow = first.stars.two / 1000 + 5;

  it('a level solved earns stars by its time and opens the next; a faster replay raises them', async () => {
    expect(quick * 1000).toBeLessThan(first.stars.three);
    const session = await guest('Cam');
    const before = await progress(session);
    expect(before.current).toBe(1);
    expect(level(before, 1)).toEqual({ level: 1, open: true, stars: 0, bestMs: null, thresholds: first.stars });
    expect(level(before, 2)?.open).toBe(false);

    const slowly = await play(session, 1, slow);
    expect(slowly).toMatchObject({ kind: 'campaign', level: 1, stars: 1, bestStars: 1, opened: 2 });
    expect(slowly.next).toEqual({ level: 2, open: true });
    const slowMs = slowly.bestMs ?? 0;
    expect(slowMs).toBeGreaterThan(first.stars.two);

    const quickly = await play(session, 1, quick);
    expect(quickly).toMatchObject({ stars: 3, bestStars: 3 });
    expect(quickly.opened).toBeUndefined();
    expect(quickly.bestMs ?? Infinity).toBeLessThan(first.stars.three);

    // A slow replay keeps the best of both.
    const again = await play(session, 1, slow);
    expect(again).toMatchObject({ stars: 1, bestStars: 3, bestMs: quickly.bestMs });

    const after = await progress(session);
    expect(after.current).toBe(2);
    expect(level(after, 1)).toMatchObject({ open: true, stars: 3, bestMs: quickly.bestMs });
    expect(level(after, 2)).toMatchObject({ open: true, stars: 0 });
    expect(level(after, 3)?.open).toBe(false);
  });

  it('a solve that was not a person’s (no move trail) earns no stars and opens nothing', async () => {
    const session = await guest('Bot');
    const p = await enter(session, 1);
    p.send('start');
    const v = await p.waitFor('view', (m) => m.task !== null);
    if (!v.task) throw new Error('no task');
    await pause(quick);
    p.send('claim', { placements: solve(v.task) });
    const recorded = await p.waitFor('recorded');
    await p.room.leave();
    expect(recorded.verified).toBe(false);
    expect(recorded.course).toEqual({
      kind: 'campaign',
      level: 1,
      stars: 0,
      bestStars: 0,
      bestMs: null,
      thresholds: first.stars,
      next: { level: 2, open: false },
    });
    const after = await progress(session);
    expect(level(after, 1)).toMatchObject({ stars: 0, bestMs: null });
    expect(level(after, 2)?.open).toBe(false);
  });

  it('a locked level is refused (course-refused) and changes nothing', async () => {
    const session = await guest('Lok');
    const p = await enter(session, 2);
    p.send('start');
    expect(await p.waitFor('rejected')).toMatchObject({ to: 'start', code: 'message/course-refused' });
    await p.room.leave();
    const after = await progress(session);
    expect(after.current).toBe(1);
    expect(after.worlds.flatMap((w) => w.levels).filter((l) => l.open || l.stars > 0)).toHaveLength(1);
  });

  it('progress belongs to the account: a second session of a claimed account sees it', async () => {
    const session = await guest('Mara');
    const claim = await fetch(`${served.http}/api/me/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` },
      body: JSON.stringify({ username: 'mara_camp', password: 'a long password' }),
    });
    expect(claim.status).toBe(200);
    expect(await play(session, 1, quick)).toMatchObject({ stars: 3, opened: 2 });
    // Another device: signed in with the username and password.
    const signIn = await fetch(`${served.http}/api/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'mara_camp', password: 'a long password' }),
    });
    const other = ((await signIn.json()) as { session: string }).session;
    expect(other).not.toBe(session);
    const seen = await progress(other);
    expect(seen.current).toBe(2);
    expect(level(seen, 1)).toMatchObject({ stars: 3 });
    // Level 2 is open from the other device too.
    const p = await enter(other, 2);
    p.send('start');
    expect(await p.waitFor('view', (m) => m.task !== null)).toBeTruthy();
    await p.room.leave();
    // Without a session there is no campaign to see.
    expect((await fetch(`${served.http}/api/me/campaign`)).status).toBe(401);
  });
});
