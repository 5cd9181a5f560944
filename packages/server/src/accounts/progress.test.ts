import type { CampaignProgress, DailyAnswer, GuestAnswer, ProfileAnswer, StormHighsAnswer } from '@ubongo/core';
import { STORM_MINUTES } from '@ubongo/core';
import { member } from '@ubongo/test-support/player';
import { describe, expect, it } from 'vitest';
import { GameClock } from '../clock.js';
import { startServer } from '../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';
import { solo } from '../storage/contract/fixtures.js';

// A profile's progress over a real socket and a real SQLite file (docs/accounts.md, "Profiles"):
// the campaign's stars, the daily streak and Storm's highs, each as its own course's route counts
// it, and the rating's uncertainty after each rated game.

const DAY = 86_400_000;
// 2026-11-28 (a Saturday), 08:00 UTC, game time at the wall clock's pace: far from midnight for the whole test.
const NOW = Date.UTC(2026, 10, 28, 8);
const clock = new GameClock(1, 0, NOW);

const served = serverPerFile((base) =>
  startServer({
    ...base,
    clock,
  }),
);

const get = async <T>(path: string, session?: string): Promise<T> => {
  const res = await fetch(`${served.http}${path}`, session ? { headers: { authorization: `Bearer ${session}` } } : {});
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

/** Takes and settles `id`'s daily attempt of `day`, with a stored run of its own (none when left). */
async function daily(id: string, day: string, solved: boolean): Promise<void> {
  const run = solved ? await served.server.stores.soloRuns.saveSolo(solo({ accountId: id, finishedAt: 1 })) : null;
  await served.server.stores.daily.takeDailyAttempt(id, day, 1);
  await served.server.stores.daily.settleDailyAttempt(id, day, { id: run, solved, ms: 4000, verified: solved });
}

/** A stored Storm run of `id`, `score` tasks solved, finished `ago` ms before now. */
const storm = (id: string, score: number, ago: number, over: Parameters<typeof solo>[0] = {}) =>
  served.server.stores.soloRuns.saveSolo(
    solo({
      accountId: id,
      mode: 'timed',
      limit: STORM_MINUTES,
      dealing: 'storm',
      solved: score,
      ms: STORM_MINUTES * 60_000,
      finishedAt: NOW - ago,
      ...over,
    }),
  );

describe('a profile’s progress', () => {
  it('counts the campaign’s stars, the daily streak and Storm’s highs as their own routes do', async () => {
    const ivy = await member(served.ws, 'ivy-progress');
    await served.server.stores.campaign.markCampaignLevel({
      accountId: ivy.id,
      level: 1,
      stars: 3,
      bestMs: 9000,
      at: 1,
    });
    await served.server.stores.campaign.markCampaignLevel({
      accountId: ivy.id,
      level: 2,
      stars: 1,
      bestMs: 30_000,
      at: 2,
    });
    // Solved today and yesterday (the streak: 2), three days in a row before a gap (the longest: 3),
    // a day left unsolved (played, not solved).
    for (const day of ['2026-11-28', '2026-11-27', '2026-11-25', '2026-11-24', '2026-11-23'])
      await daily(ivy.id, day, true);
    await daily(ivy.id, '2026-11-20', false);
    // Storm: 7 today, 9 last Monday (the same ISO week), 12 a month ago, 20 held for review (counts nowhere).
    await storm(ivy.id, 7, 3_600_000);
    await storm(ivy.id, 9, 5 * DAY);
    await storm(ivy.id, 12, 30 * DAY);
    await storm(ivy.id, 20, 2 * DAY, { review: 'held', reasons: ['pace'] });

    const profile = await get<ProfileAnswer>(`/api/players/${ivy.id}`);
    const campaign = await get<CampaignProgress>('/api/me/campaign', ivy.session);
    const levels = campaign.worlds.flatMap((w) => w.levels);
    expect(levels.length).toBeGreaterThan(2);
    expect(profile.progress.campaign).toEqual({
      stars: 4,
      maxStars: 3 * levels.length,
      levels: 2,
      totalLevels: levels.length,
    });
    expect(profile.progress.daily).toEqual({ streak: 2, longest: 3, solved: 5, played: 6 });
    expect((await get<DailyAnswer>('/api/daily', ivy.session)).streak).toBe(2);
    expect(profile.progress.storm).toEqual({ day: 7, week: 9, all: 12 });
    expect((await get<StormHighsAnswer>('/api/storm/highs', ivy.session)).mine).toEqual(profile.progress.storm);
  });

  it('says nothing earned for a new guest, and keeps a streak broken by today’s unsolved attempt at 0', async () => {
    const res = await fetch(`${served.http}/api/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Newcomer' }),
    });
    const guest = (await res.json()) as GuestAnswer;
    const empty = await get<ProfileAnswer>(`/api/players/${guest.account.id}`);
    expect(empty.progress).toMatchObject({
      campaign: { stars: 0, levels: 0 },
      daily: { streak: 0, longest: 0, solved: 0, played: 0 },
      storm: { day: null, week: null, all: null },
    });
    expect(empty.progress.campaign.maxStars).toBeGreaterThan(0);
    await daily(guest.account.id, '2026-11-27', true);
    await daily(guest.account.id, '2026-11-28', false);
    const after = await get<ProfileAnswer>(`/api/players/${guest.account.id}`);
    expect(after.progress.daily).toEqual({ streak: 0, longest: 1, solved: 1, played: 2 });
  });

  it('gives the uncertainty after each rated game beside the rating shown then', async () => {
    const max = await member(served.ws, 'max-progress');
    const rating = (mu: number, sigma: number, games: number) => ({
      accountId: max.id,
      edition: 'classic' as const,
      mu,
      sigma,
      games,
      updatedAt: NOW - DAY + games,
    });
    await served.server.stores.ratings.saveRatings('progress-g1', [rating(27, 7, 1)]);
    await served.server.stores.ratings.saveRatings('progress-g2', [rating(28, 6, 2)]);
    const profile = await get<ProfileAnswer>(`/api/players/${max.id}`);
    // Shown: 1500 + 40 (mu - 3 sigma); its uncertainty: 40 sigma.
    expect(profile.history.map((h) => [h.game, h.display, h.deviation])).toEqual([
      ['progress-g1', 1500 + 40 * (27 - 21), 280],
      ['progress-g2', 1500 + 40 * (28 - 18), 240],
    ]);
  });
});
