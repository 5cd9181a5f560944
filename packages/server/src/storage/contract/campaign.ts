import { describe, expect, it } from 'vitest';
import type { Opener } from './fixtures.js';

/** What every `CampaignMarks` store must do: each level's best stars and best time, kept each on its own, by account. */
export function campaignContract(name: string, open: Opener<'campaign'>): void {
  describe(`${name}: campaign marks`, () => {
    it('keeps an account’s campaign levels: best stars and best time each on its own, by level', async () => {
      const stores = await open();
      expect(await stores.campaign.campaignProgress('acc-1')).toEqual([]);
      const mark = { accountId: 'acc-1', level: 2, stars: 2, bestMs: 20_000, at: 1000 };
      expect(await stores.campaign.markCampaignLevel(mark)).toEqual(mark);
      await stores.campaign.markCampaignLevel({ accountId: 'acc-1', level: 1, stars: 1, bestMs: 50_000, at: 1100 });
      // A slower run with more stars cannot be (same thresholds), but each best is kept on its own all the same.
      expect(await stores.campaign.markCampaignLevel({ ...mark, stars: 3, bestMs: 25_000, at: 1200 })).toEqual({
        ...mark,
        stars: 3,
        bestMs: 20_000,
        at: 1200,
      });
      expect(await stores.campaign.markCampaignLevel({ ...mark, stars: 1, bestMs: 15_000, at: 1300 })).toEqual({
        ...mark,
        stars: 3,
        bestMs: 15_000,
        at: 1300,
      });
      await stores.campaign.markCampaignLevel({ accountId: 'acc-2', level: 1, stars: 3, bestMs: 9000, at: 1400 });
      expect(await stores.campaign.campaignProgress('acc-1')).toEqual([
        { accountId: 'acc-1', level: 1, stars: 1, bestMs: 50_000, at: 1100 },
        { accountId: 'acc-1', level: 2, stars: 3, bestMs: 15_000, at: 1300 },
      ]);
      await stores.close();
    });
  });
}
