import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { RecordQuery, SoloRecord, SoloRuns } from '../storage.js';
import { LISTED, UNLISTED_REVIEWS } from '../leaderboards.js';
import { rows } from './rows.js';
import { parseStored } from './schemas.js';
import type { Tables } from './tables.js';

/** A `solo_results` row as a run. */
export const soloOf = (raw: Selectable<Tables['solo_results']>): SoloRecord => {
  const row = parseStored(rows.soloResults, raw, `solo_results (id ${raw.id})`);
  return {
    player: row.player,
    mode: row.mode,
    limit: row.limit_value,
    side: row.side,
    solved: row.solved,
    skipped: row.skipped,
    ms: row.ms,
    seed: row.seed,
    finishedAt: row.finished_at,
    accountId: row.account_id,
    verified: row.verified === 1,
    puzzles: row.puzzles,
    dealing: row.dealing,
    review: row.review,
    reasons: row.review_reasons,
  };
};

/** The solo runs of a SQL database (`solo_results`), for SQLite and PostgreSQL alike. */
export class KyselySoloRuns implements SoloRuns {
  constructor(private readonly db: Kysely<Tables>) {}

  async saveSolo(r: SoloRecord): Promise<void> {
    await this.db
      .insertInto('solo_results')
      .values({
        player: r.player,
        mode: r.mode,
        limit_value: r.limit,
        side: r.side,
        solved: r.solved,
        skipped: r.skipped,
        ms: r.ms,
        seed: r.seed,
        finished_at: r.finishedAt,
        account_id: r.accountId,
        verified: r.verified ? 1 : 0,
        puzzles: JSON.stringify(r.puzzles ?? []),
        dealing: r.dealing ?? 'shuffled',
        review: r.review ?? 'none',
        review_reasons: JSON.stringify(r.reasons ?? []),
      })
      .execute();
  }

  async soloResultsOf(accountId: string): Promise<SoloRecord[]> {
    const rows = await this.db
      .selectFrom('solo_results')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('finished_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map(soloOf);
  }

  async records(q: RecordQuery): Promise<SoloRecord[]> {
    let query = this.db
      .selectFrom('solo_results')
      .selectAll()
      .where('mode', '=', q.mode)
      .where('verified', '=', Number(LISTED.verified))
      .where('dealing', '=', LISTED.dealing)
      .where('review', 'not in', UNLISTED_REVIEWS);
    if (q.limit !== undefined) query = query.where('limit_value', '=', q.limit);
    if (q.side !== undefined) query = query.where('side', '=', q.side);
    if (q.since !== undefined) query = query.where('finished_at', '>=', q.since);
    // A count game is a record only once its puzzles are all solved.
    query =
      q.mode === 'count'
        ? query.where(sql<boolean>`solved >= limit_value`).orderBy('ms', 'asc')
        : query.orderBy('solved', 'desc').orderBy('ms', 'asc');
    const rows = await query
      .orderBy('finished_at', 'asc')
      .limit(q.top ?? 10)
      .execute();
    return rows.map(soloOf);
  }
}
