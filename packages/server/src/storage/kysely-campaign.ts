import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { CampaignMark, CampaignMarks } from '../solo/courses/campaign-store.js';
import { rows } from './rows.js';
import { parseStored } from './schemas.js';
import type { Tables } from './tables.js';

const markOf = (raw: Selectable<Tables['campaign_progress']>): CampaignMark => {
  const r = parseStored(rows.campaignProgress, raw, `campaign_progress (${raw.account_id}, ${raw.level})`);
  return { accountId: r.account_id, level: r.level, stars: r.stars, bestMs: r.best_ms, at: r.updated_at };
};

/** The campaign's marks of a SQL database (`campaign_progress`), for SQLite and PostgreSQL alike. */
export class KyselyCampaignMarks implements CampaignMarks {
  constructor(private readonly db: Kysely<Tables>) {}

  async campaignProgress(accountId: string): Promise<CampaignMark[]> {
    const found = await this.db
      .selectFrom('campaign_progress')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('level')
      .execute();
    return found.map(markOf);
  }

  async markCampaignLevel(mark: CampaignMark): Promise<CampaignMark> {
    // Best stars and best time each kept on its own, in one statement (no lost update between two runs).
    await this.db
      .insertInto('campaign_progress')
      .values({
        account_id: mark.accountId,
        level: mark.level,
        stars: mark.stars,
        best_ms: mark.bestMs,
        updated_at: mark.at,
      })
      .onConflict((oc) =>
        oc.columns(['account_id', 'level']).doUpdateSet({
          stars: sql<number>`case when excluded.stars > campaign_progress.stars then excluded.stars else campaign_progress.stars end`,
          best_ms: sql<number>`case when excluded.best_ms < campaign_progress.best_ms then excluded.best_ms else campaign_progress.best_ms end`,
          updated_at: (eb) => eb.ref('excluded.updated_at'),
        }),
      )
      .execute();
    const row = await this.db
      .selectFrom('campaign_progress')
      .selectAll()
      .where('account_id', '=', mark.accountId)
      .where('level', '=', mark.level)
      .executeTakeFirstOrThrow();
    return markOf(row);
  }
}
