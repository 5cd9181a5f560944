import type { CampaignMark, CampaignMarks } from '../solo/courses/campaign-store.js';
import type { Gate } from './memory-shared.js';

/** The campaign's marks of a store in memory. */
export class MemoryCampaignMarks implements CampaignMarks {
  /** `campaign_progress`, by account then level. */
  private readonly campaign = new Map<string, Map<number, CampaignMark>>();

  constructor(private readonly gate: Gate) {}

  campaignProgress(accountId: string): Promise<CampaignMark[]> {
    return this.gate.run(() =>
      [...(this.campaign.get(accountId)?.values() ?? [])].sort((a, b) => a.level - b.level).map((m) => ({ ...m })),
    );
  }

  markCampaignLevel(mark: CampaignMark): Promise<CampaignMark> {
    return this.gate.run(() => {
      const levels = this.campaign.get(mark.accountId) ?? new Map<number, CampaignMark>();
      this.campaign.set(mark.accountId, levels);
      const was = levels.get(mark.level);
      const kept: CampaignMark = was
        ? { ...was, stars: Math.max(was.stars, mark.stars), bestMs: Math.min(was.bestMs, mark.bestMs), at: mark.at }
        : { ...mark };
      levels.set(mark.level, kept);
      return { ...kept };
    });
  }
}
