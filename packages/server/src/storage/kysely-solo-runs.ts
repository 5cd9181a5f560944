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
import { ESTABLISHED, LISTED, UNLISTED_REVIEWS } from '../leaderboards.js';
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

/** A run that counts for its account's history (profile sums, becoming established): verified, and not held or rejected. */
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

/**
 * Notes `accountId` as established (leaderboards.ts's `ESTABLISHED`) as of `at` if its runs that
 * count make it so now: as a run is stored, and as a held run is released (kysely-reviews.ts).
 */
export async function noteEstablished(db: Kysely<Tables>, accountId: string, at: number): Promise<void> {
  const { runs, days } = await db
    .selectFrom('solo_results')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('runs'),
      sql<number | string>`count(distinct finished_at / 86400000)`.as('days'),
    ])
    .where('account_id', '=', accountId)
    .where(counted)
    .executeTakeFirstOrThrow();
  if (Number(runs) >= ESTABLISHED.runs && Number(days) >= ESTABLISHED.days)
    await db
      .insertInto('established_players')
      .values({ account_id: accountId, at })
      .onConflict((oc) => oc.column('account_id').doNothing())
      .execute();
}

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
      if (r.accountId !== null && r.verified && !(UNLISTED_REVIEWS as readonly string[]).includes(r.review ?? 'none'))
        await noteEstablished(tx, r.accountId, r.finishedAt);
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
    let query = this.db
      .selectFrom('solo_results')
      .leftJoin('accounts', 'accounts.id', 'solo_results.account_id')
      .selectAll('solo_results')
      .select('accounts.username')
      .where('solo_results.mode', '=', q.mode)
      .where(listableOn(q.dealing ?? LISTED.dealing));
    if (q.accountId !== undefined) query = query.where('solo_results.account_id', '=', q.accountId);
    if (q.from === 'established')
      query = query
        .where('accounts.username', 'is not', null)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('established_players')
              .select('established_players.account_id')
              .whereRef('established_players.account_id', '=', 'solo_results.account_id'),
          ),
        );
    if (q.limit !== undefined) query = query.where('solo_results.limit_value', '=', q.limit);
    if (q.side !== undefined) query = query.where('solo_results.side', '=', q.side);
    if (q.since !== undefined) query = query.where('solo_results.finished_at', '>=', q.since);
    // A count game is a record only once its puzzles are all solved.
    query =
      q.mode === 'count'
        ? query.where(sql<boolean>`solo_results.solved >= solo_results.limit_value`).orderBy('solo_results.ms', 'asc')
        : query.orderBy('solo_results.solved', 'desc').orderBy('solo_results.ms', 'asc');
    const rows = await query
      .orderBy('solo_results.finished_at', 'asc')
      .orderBy('solo_results.id', 'asc')
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
