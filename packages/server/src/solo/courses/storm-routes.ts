import { isReviewed } from '../../leaderboards.js';
import type { StormHighEntry, StormHighsAnswer } from '@ubongo/core';
import { STORM_CLOCK, STORM_MINUTES, STORM_RAMP, stormPeriods } from '@ubongo/core';
import { z } from 'zod';
import { stormBoards, stormHighsOf } from './storm.js';
import type { Http, HttpOptions } from '../../http/http-common.js';
import type { StoredSoloRun } from '../store.js';
import type { Stores } from '../../storage/stores.js';
import { route } from '../../http/route.js';

const highsQuery = z.object({
  top: z
    .string()
    .regex(/^([1-9]|[1-4]\d|50)$/, { error: 'top is 1 to 50' })
    .optional(),
});

/** A board's runs as its lines, placed from 1. */
const entries = (runs: readonly StoredSoloRun[]): StormHighEntry[] =>
  runs.map((r, i) => ({
    place: i + 1,
    account: r.accountId ?? '',
    player: r.player,
    username: r.username,
    run: r.id,
    score: r.solved,
    ms: r.ms,
    reviewed: isReviewed(r.review),
  }));

/** `GET /api/storm/highs` (docs/protocol.md): Storm's boards of the day, the week and all time, and your own highs. */
export function stormRoutes(
  app: Http,
  { stores, clock }: Pick<HttpOptions, 'clock'> & { readonly stores: Pick<Stores, 'soloRuns'> },
): void {
  route(app, 'GET /api/storm/highs', { querystring: highsQuery }, async ({ query, me }) => {
    const now = clock.now();
    const { day, week } = stormPeriods(now);
    const top = query.top === undefined ? 10 : Number(query.top);
    const boards = await stormBoards(stores.soloRuns, now, top);
    const answer: StormHighsAnswer = {
      day,
      week,
      boards: { day: entries(boards.day), week: entries(boards.week), all: entries(boards.all) },
      rules: { minutes: STORM_MINUTES, clock: STORM_CLOCK, ramp: STORM_RAMP },
    };
    return me ? { ...answer, mine: await stormHighsOf(stores.soloRuns, me.account.id, now) } : answer;
  });
}
