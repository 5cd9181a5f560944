import type { Deck, DeckEdition, ProfileProgress } from '@ubongo/core';
import { dailyDateOf } from '@ubongo/core';
import type { GameClock } from '../clock.js';
import { campaignProgress } from '../solo/courses/campaign.js';
import { dailyRecordOf } from '../solo/courses/daily.js';
import { stormHighsOf } from '../solo/courses/storm.js';
import type { Stores } from '../storage/stores.js';

/** What a profile's courses are read with: the server's decks (the campaign's levels) and its clock. */
export interface ProgressOptions {
  readonly decks: Readonly<Record<DeckEdition, Deck>>;
  readonly clock: Pick<GameClock, 'now' | 'date'>;
}

/**
 * A player's courses on their profile (docs/accounts.md, "Profiles"), each as its own course counts
 * it: the campaign's stars (`GET /api/me/campaign`), the daily streak (`GET /api/daily`, the day by
 * the daily's clock) and Storm's highs (`GET /api/storm/highs`, by game time). A bounded number of
 * queries, none of which reads the account's runs one by one.
 */
export async function progressOf(
  stores: Pick<Stores, 'campaign' | 'daily' | 'soloRuns'>,
  { decks, clock }: ProgressOptions,
  accountId: string,
): Promise<ProfileProgress> {
  const [campaign, daily, storm] = await Promise.all([
    campaignProgress(stores.campaign, decks, accountId),
    dailyRecordOf(stores, accountId, dailyDateOf(clock.date())),
    stormHighsOf(stores.soloRuns, accountId, clock.now()),
  ]);
  const levels = campaign.worlds.flatMap((w) => w.levels);
  return {
    campaign: {
      stars: levels.reduce((sum, l) => sum + l.stars, 0),
      maxStars: 3 * levels.length,
      levels: levels.filter((l) => l.stars > 0).length,
      totalLevels: levels.length,
    },
    daily,
    storm,
  };
}
