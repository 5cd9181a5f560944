import type { ExpressionBuilder, Kysely, RawBuilder, Selectable } from 'kysely';
import { sql } from 'kysely';
import type {
  RecordQuery,
  RunPage,
  SoloRecord,
  SoloRuns,
  SoloSummary,
  StoredSoloRun,
  TrailPruning,
} from '../solo/store.js';
import type { ListedDealing } from '../leaderboards.js';
import { LISTED, REVIEWED, UNLISTED_REVIEWS } from '../leaderboards.js';
import { rows } from './rows.js';
import { columns, parseStored } from './schemas.js';
import { hasTrails, solvedOf, withoutTrails } from './solo-summary.js';
import type { Tables } from './tables.js';

type SoloRow = Selectable<Tables['solo_results']>;

/** A `solo_results` row as a run (`username`: its account's, when the query joined it). */
export const soloOf = (raw: SoloRow, username: string | null = null): StoredSoloRun => {
  const row = parseStored(rows.soloResults, raw, `solo_results (id ${raw.id})`);
  return {
    id: row.id,
    player: row.player,
    username,
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

/** A row of `solo_results` with its account's username (left joined), split apart again. */
const withName = (r: SoloRow & { username: string | null }): StoredSoloRun => {
  const { username, ...row } = r;
  return soloOf(row, username);
};

/**
 * The one condition a run must meet to be listed anywhere (records, bests): leaderboards.ts's
 * `LISTED`, and not held or rejected by review (`UNLISTED_REVIEWS`). Every listing query filters
 * through it, so that a new rule is added here once.
 */
const listableOn = (dealing: ListedDealing) => (eb: ExpressionBuilder<Tables, 'solo_results'>) =>
  eb.and([
    eb('solo_results.verified', '=', Number(LISTED.verified)),
    eb('solo_results.dealing', '=', dealing),
    eb('solo_results.review', 'not in', UNLISTED_REVIEWS),
  ]);
const listable = listableOn(LISTED.dealing);

/** A run that counts for its account's history (profile sums): verified, and not held or rejected. */
const counted = (eb: ExpressionBuilder<Tables, 'solo_results'>) =>
  eb.and([eb('solo_results.verified', '=', 1), eb('solo_results.review', 'not in', UNLISTED_REVIEWS)]);

/**
 * The order of the best first, as core's `compareSoloResults` ranks two runs of one setting: a
 * timed run by most solved then fastest; a count run complete before not, complete ones by time,
 * the others by most solved; then whoever finished first.
 */
const BEST_FIRST: RawBuilder<unknown> = sql`
  case when solo_results.mode = 'count' and solo_results.solved < solo_results.limit_value then 0 else 1 end desc,
  case when solo_results.mode = 'timed' or solo_results.solved < solo_results.limit_value
    then solo_results.solved else 0 end desc,
  case when solo_results.mode = 'count' and solo_results.solved < solo_results.limit_value
    then 0 else solo_results.ms end asc,
  solo_results.finished_at asc, solo_results.id asc`;

/** The solo runs of a SQL database (`solo_results`, `solo_trails`), for SQLite and PostgreSQL alike. */
export class KyselySoloRuns implements SoloRuns {
  constructor(private readonly db: Kysely<Tables>) {}

  async saveSolo(r: SoloRecord): Promise<number> {
    const puzzles = r.puzzles ?? [];
    const solved = solvedOf(r);
    return this.db.transaction().execute(async (tx) => {
      const { id } = await tx
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
          puzzles: JSON.stringify(withoutTrails(puzzles)),
          dealing: r.dealing ?? 'shuffled',
          solved_count: solved.count,
          solved_ms: solved.ms,
          review: r.review ?? 'none',
          review_reasons: JSON.stringify(r.reasons ?? []),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const runId = id;
      if (hasTrails(puzzles))
        await tx
          .insertInto('solo_trails')
          .values({ run_id: runId, puzzles: JSON.stringify(puzzles) })
          .execute();
      return runId;
    });
  }

  async soloResultsOf(accountId: string, page?: RunPage): Promise<StoredSoloRun[]> {
    let query = this.db
      .selectFrom('solo_results')
      .leftJoin('accounts', 'accounts.id', 'solo_results.account_id')
      .selectAll('solo_results')
      .select('accounts.username')
      .where('solo_results.account_id', '=', accountId);
    const before = page?.before;
    if (before)
      query = query.where((eb) =>
        eb.or([
          eb('solo_results.finished_at', '<', before.finishedAt),
          eb.and([eb('solo_results.finished_at', '=', before.finishedAt), eb('solo_results.id', '<', before.id)]),
        ]),
      );
    if (page?.review === 'public') query = query.where('solo_results.review', 'not in', UNLISTED_REVIEWS);
    if (page?.review === 'held') query = query.where('solo_results.review', 'in', UNLISTED_REVIEWS);
    query = query.orderBy('solo_results.finished_at', 'desc').orderBy('solo_results.id', 'desc');
    if (page) query = query.limit(page.top);
    return (await query.execute()).map(withName);
  }

  async soloSummary(accountId: string): Promise<SoloSummary> {
    const sums = await this.db
      .selectFrom('solo_results')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('runs'),
        eb.fn.coalesce(eb.fn.sum<number | string>('solved_count'), sql<number>`0`).as('count'),
        eb.fn.coalesce(eb.fn.sum<number | string>('solved_ms'), sql<number>`0`).as('ms'),
      ])
      .where('account_id', '=', accountId)
      .where(counted)
      .executeTakeFirstOrThrow();
    const ranked = this.db
      .selectFrom('solo_results')
      .select('solo_results.id')
      .select(
        sql<number>`row_number() over (partition by solo_results.mode, solo_results.limit_value, solo_results.side
          order by ${BEST_FIRST})`.as('place'),
      )
      .where('solo_results.account_id', '=', accountId)
      .where(listable)
      .as('ranked');
    const best = await this.db
      .selectFrom(ranked)
      .innerJoin('solo_results', 'solo_results.id', 'ranked.id')
      .leftJoin('accounts', 'accounts.id', 'solo_results.account_id')
      .selectAll('solo_results')
      .select('accounts.username')
      .where('ranked.place', '=', 1)
      .orderBy('solo_results.mode')
      .orderBy('solo_results.limit_value')
      .orderBy('solo_results.side')
      .execute();
    return {
      runs: Number(sums.runs),
      solvedCount: Number(sums.count),
      solvedMs: Number(sums.ms),
      best: best.map(withName),
    };
  }

  async soloRun(id: number): Promise<StoredSoloRun | undefined> {
    const row = await this.db
      .selectFrom('solo_results')
      .leftJoin('accounts', 'accounts.id', 'solo_results.account_id')
      .leftJoin('solo_trails', 'solo_trails.run_id', 'solo_results.id')
      .selectAll('solo_results')
      .select(['accounts.username', 'solo_trails.puzzles as trails'])
      .where('solo_results.id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const { trails, ...rest } = row;
    const run = withName(rest);
    if (trails === null) return run;
    return { ...run, puzzles: parseStored(columns.puzzles, trails, `solo_trails (run ${id})`, 'puzzles') };
  }

  async records(q: RecordQuery): Promise<StoredSoloRun[]> {
    // The board's order: a count game's fastest complete run, a timed game's most solved then fastest.
    const order =
      q.mode === 'count'
        ? sql`solo_results.ms asc, solo_results.finished_at asc, solo_results.id asc`
        : sql`solo_results.solved desc, solo_results.ms asc, solo_results.finished_at asc, solo_results.id asc`;
    let query = this.db
      .selectFrom('solo_results')
      .leftJoin('accounts', 'accounts.id', 'solo_results.account_id')
      .leftJoin('account_standing', 'account_standing.account_id', 'solo_results.account_id')
      .select('solo_results.id')
      // A public board lists players, not runs: each account's best (`place` 1 of its own).
      .select(sql<number>`row_number() over (partition by solo_results.account_id order by ${order})`.as('place'))
      .select(sql<number>`row_number() over (order by ${order})`.as('board_rank'))
      .where('solo_results.mode', '=', q.mode)
      .where(listableOn(q.dealing ?? LISTED.dealing));
    if (q.accountId !== undefined) query = query.where('solo_results.account_id', '=', q.accountId);
    if (q.from === 'public')
      query = query.where('accounts.username', 'is not', null).where('account_standing.banned_at', 'is', null);
    if (q.reviewed === true) query = query.where('solo_results.review', 'in', REVIEWED);
    if (q.limit !== undefined) query = query.where('solo_results.limit_value', '=', q.limit);
    if (q.side !== undefined) query = query.where('solo_results.side', '=', q.side);
    if (q.since !== undefined) query = query.where('solo_results.finished_at', '>=', q.since);
    // A count game is a record only once its puzzles are all solved.
    if (q.mode === 'count') query = query.where(sql<boolean>`solo_results.solved >= solo_results.limit_value`);
    const ranked = query.as('ranked');
    const rows = await this.db
      .selectFrom(ranked)
      .innerJoin('solo_results', 'solo_results.id', 'ranked.id')
      .leftJoin('accounts', 'accounts.id', 'solo_results.account_id')
      .selectAll('solo_results')
      .select('accounts.username')
      .$if(q.from === 'public', (b) => b.where('ranked.place', '=', 1))
      .orderBy('ranked.board_rank', 'asc')
      .limit(q.top ?? 10)
      .offset(q.skip ?? 0)
      .execute();
    return rows.map(withName);
  }

  async pruneTrails(rules: TrailPruning): Promise<number> {
    let dropped = 0;
    const old = await this.db
      .deleteFrom('solo_trails')
      .where((eb) =>
        eb(
          'run_id',
          'in',
          eb
            .selectFrom('solo_results')
            .select('id')
            .where('verified', '=', 0)
            .where('finished_at', '<', rules.unverifiedBefore)
            .$if(rules.accountId !== undefined, (q) => q.where('account_id', '=', rules.accountId ?? '')),
        ),
      )
      .executeTakeFirst();
    dropped += Number(old.numDeletedRows);
    // The accounts over their budget, one at a time: their listed bests keep theirs, then the newest.
    const over = await this.db
      .selectFrom('solo_trails')
      .innerJoin('solo_results', 'solo_results.id', 'solo_trails.run_id')
      .select('solo_results.account_id')
      .where('solo_results.account_id', 'is not', null)
      .where('solo_results.review', '!=', 'held')
      .$if(rules.accountId !== undefined, (q) => q.where('solo_results.account_id', '=', rules.accountId ?? ''))
      .groupBy('solo_results.account_id')
      .having((eb) => eb.fn.countAll(), '>', rules.keepPerAccount)
      .execute();
    for (const { account_id: accountId } of over) {
      if (accountId === null) continue;
      const bests = new Set((await this.soloSummary(accountId)).best.map((r) => r.id));
      // A run held for review keeps its trails until it is decided: they are what is reviewed.
      const kept = await this.db
        .selectFrom('solo_trails')
        .innerJoin('solo_results', 'solo_results.id', 'solo_trails.run_id')
        .select('solo_results.id')
        .where('solo_results.account_id', '=', accountId)
        .where('solo_results.review', '!=', 'held')
        .orderBy('solo_results.finished_at', 'desc')
        .orderBy('solo_results.id', 'desc')
        .execute();
      const ids = kept.map((r) => r.id);
      const room = Math.max(0, rules.keepPerAccount - ids.filter((id) => bests.has(id)).length);
      const drop = ids.filter((id) => !bests.has(id)).slice(room);
      for (let i = 0; i < drop.length; i += 500) {
        const gone = await this.db
          .deleteFrom('solo_trails')
          .where('run_id', 'in', drop.slice(i, i + 500))
          .executeTakeFirst();
        dropped += Number(gone.numDeletedRows);
      }
    }
    return dropped;
  }
}
