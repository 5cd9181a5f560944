/** A campaign level an account has solved (`campaign_progress`): its best stars and best time. */
export interface CampaignMark {
  readonly accountId: string;
  /** From 1. */
  readonly level: number;
  /** 1 to 3. */
  readonly stars: number;
  readonly bestMs: number;
  /** When it last changed. */
  readonly at: number;
}

/** The campaign's marks (`campaign_progress`, docs/decks.md, "The campaign"): each account's levels solved. */
export interface CampaignMarks {
  /** An account's campaign levels solved, by level. */
  campaignProgress(accountId: string): Promise<CampaignMark[]>;
  /**
   * Notes a level solved (verified, not held): the level keeps its best stars and its best time,
   * each on its own. What the level holds now.
   */
  markCampaignLevel(mark: CampaignMark): Promise<CampaignMark>;
}
