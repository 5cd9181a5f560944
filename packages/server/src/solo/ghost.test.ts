import type { Client } from 'colyseus.js';
import type { Rejected, RecordsAnswer, SoloGhost, SoloJoinOptions, SoloRunAnswer, TrailMove } from '@ubongo/core';
import { isPositioned, PROTOCOL_VERSION } from '@ubongo/core';
import { byHand, humanPause, member, Player, solve } from '@ubongo/test-support/player';
import { describe, expect, it } from 'vitest';
import { GameClock } from '../clock.js';
import { startServer } from '../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';
import { solo } from '../storage/contract/fixtures.js';

// Racing a ghost over a real socket (docs/courses.md, "Racing a ghost"): a run recorded, then raced
// by its player and by another; what the ghost's player sent is what the racer is sent, with the
// times the server measured; the raced runs count for nothing.

const DAY = 86_400_000;
const SCALE = 20;
// 2026-11-28, 08:00 UTC, game time 20 times faster.
const clock = new GameClock(SCALE, 0, Date.UTC(2026, 10, 28, 8));

const served = serverPerFile((base) =>
  startServer({
    ...base,
    clock,
  }),
);

/** A member made established (three verified runs on two days before), as every public board asks. */
async function established(username: string): Promise<{ client: Client; id: string; session: string }> {
  const m = await member(served.ws, username);
  for (const at of [1, 2, DAY + 1])
    await served.server.stores.soloRuns.saveSolo(
      solo({ accountId: m.id, player: username, mode: 'timed', finishedAt: Date.UTC(2026, 10, 1) + at }),
    );
  return m;
}

const get = async <T>(path: string): Promise<T> => (await (await fetch(`${served.http}${path}`)).json()) as T;

/** The count run of 5 easy puzzles, solved by hand: each deal as it came, the ghost if one was raced, what was claimed, the recorded run. */
async function playRun(client: Client, ghost?: SoloJoinOptions['ghost']) {
  const room = await client.create('solo', {
    protocol: PROTOCOL_VERSION,
    mode: 'count',
    limit: 5,
    side: 'easy',
    ...(ghost ? { ghost } : {}),
  });
  const player = Player.wrap<'solo'>(client, room);
  player.send('start');
  const deals: string[] = [];
  const trails: TrailMove[][] = [];
  let sent: SoloGhost | undefined;
  if (ghost) sent = await player.waitFor('ghost');
  for (let n = 0; n < 5; n++) {
    const view = await player.waitFor('view', (m) => m.task !== null && m.solved === n);
    const { task, current } = view;
    if (!task || !current) throw new Error('no task');
    deals.push(`${current.board}/${current.key}`);
    await humanPause(task, SCALE);
    const claim = byHand(solve(task), task);
    trails.push([...claim.trail]);
    player.send('claim', claim);
  }
  const recorded = await player.waitFor('recorded');
  await player.room.leave();
  return { deals, trails, ghost: sent, recorded };
}

describe('racing a ghost', () => {
  it('a ghost plays back exactly the stored trail’s moves and times; the raced runs count for nothing', async () => {
    const ana = await established('ana');
    const first = await playRun(ana.client);
    expect(first.recorded.newBest).toBe(true);
    expect(first.trails.every(isPositioned)).toBe(true);
    const stored = await get<SoloRunAnswer>(`/api/runs/${first.recorded.run}`);
    // The moves as sent, lies and all, are the moves stored.
    expect(stored.puzzles.map((p) => p.trail)).toEqual(first.trails);

    // Ana races her own best: dealt the same tasks in the same order, sent her moves with their times.
    const again = await playRun(ana.client, 'own');
    const ghost = again.ghost;
    if (!ghost) throw new Error('no ghost');
    expect(ghost).toMatchObject({ kind: 'own', run: first.recorded.run, own: true, username: 'ana' });
    expect(ghost.result).toEqual(first.recorded.result);
    expect(again.deals).toEqual(first.deals);
    expect(ghost.puzzles.map((p) => `${p.board}/${p.key}`)).toEqual(first.deals);
    expect(ghost.puzzles.map((p) => p.trail)).toEqual(first.trails);
    expect(ghost.puzzles.map((p) => p.ms)).toEqual(first.recorded.puzzles.map((p) => p.ms));
    // Each puzzle dealt when the one before was solved: its time from the run's start is the times before it.
    const starts = first.recorded.puzzles.map((_, i) =>
      first.recorded.puzzles.slice(0, i).reduce((sum, p) => sum + p.ms, 0),
    );
    expect(ghost.puzzles.map((p) => p.from)).toEqual(starts);
    expect(
      ghost.puzzles.every((p, i) => p.task.pieces.length === first.trails[i]?.filter((m) => m[1] === 'place').length),
    ).toBe(true);

    // The tasks were known: the raced run is stored, never listed, never a best.
    expect(again.recorded.newBest).toBe(false);
    const raced = await get<SoloRunAnswer>(`/api/runs/${again.recorded.run}`);
    expect(raced.run.dealing).toBe('ghost');
    const records = await get<RecordsAnswer>('/api/records?mode=count&limit=5&side=easy');
    expect(records.records.map((r) => r.run)).toEqual([first.recorded.run]);

    // Bea races the best listed run of the setting: Ana's, not her own, once a reviewer approved it
    // (a ghost's "best" is a reviewed run, docs/accounts.md).
    await served.server.stores.reviews.decide(`run-${first.recorded.run}`, 'approved');
    const bea = await member(served.ws, 'bea');
    const raceBest = await playRun(bea.client, 'best');
    expect(raceBest.ghost).toMatchObject({ kind: 'best', run: first.recorded.run, own: false });
    expect(raceBest.deals).toEqual(first.deals);
    expect((await get<SoloRunAnswer>(`/api/runs/${raceBest.recorded.run}`)).run.dealing).toBe('ghost');
  });

  it('races one’s own best of a campaign level: its moves sent, and the level’s stars earned as any replay', async () => {
    const dee = await member(served.ws, 'dee');
    const playLevel = async (ghost?: 'own') => {
      const room = await dee.client.create('solo', {
        protocol: PROTOCOL_VERSION,
        mode: 'count',
        limit: 5,
        side: 'easy',
        course: { kind: 'campaign', level: 1 },
        ...(ghost ? { ghost } : {}),
      });
      const player = Player.wrap<'solo'>(dee.client, room);
      player.send('start');
      const sent = ghost ? await player.waitFor('ghost') : undefined;
      const view = await player.waitFor('view', (m) => m.task !== null);
      if (!view.task) throw new Error('no task');
      await humanPause(view.task, SCALE);
      const claim = byHand(solve(view.task), view.task);
      player.send('claim', claim);
      const recorded = await player.waitFor('recorded');
      await player.room.leave();
      return { sent, recorded, trail: claim.trail };
    };
    const first = await playLevel();
    const raced = await playLevel('own');
    expect(raced.sent).toMatchObject({ kind: 'own', own: true, run: first.recorded.run });
    expect(raced.sent?.puzzles.map((p) => [p.from, p.ms, p.trail])).toEqual([
      [0, first.recorded.puzzles[0]?.ms, first.trail],
    ]);
    expect(raced.recorded.course).toMatchObject({ kind: 'campaign', level: 1 });
  });

  it('refuses a ghost to race where there is none, and for the day’s counted attempt', async () => {
    const cyd = await member(served.ws, 'cyd');
    const refused = async (options: Omit<SoloJoinOptions, 'protocol'>): Promise<Rejected> => {
      const room = await cyd.client.create('solo', { protocol: PROTOCOL_VERSION, ...options });
      const player = Player.wrap<'solo'>(cyd.client, room);
      player.send('start');
      const rejected = await player.waitFor('rejected');
      await player.room.leave();
      return rejected;
    };
    expect(await refused({ mode: 'timed', limit: 20, side: 'hard', ghost: 'own' })).toMatchObject({
      to: 'start',
      code: 'message/ghost-none',
    });
    expect(
      await refused({ mode: 'count', limit: 5, side: 'easy', course: { kind: 'daily' }, ghost: 'best' }),
    ).toMatchObject({ to: 'start', code: 'message/ghost-counted' });
    expect(
      await refused({ mode: 'count', limit: 5, side: 'easy', course: { kind: 'campaign', level: 1 }, ghost: 'best' }),
    ).toMatchObject({ to: 'start', code: 'message/ghost-none' });
  });
});
