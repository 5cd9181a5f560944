import type { Kysely } from 'kysely';
import { isReviewed, REVIEWED, UNLISTED_REVIEWS } from '../leaderboards.js';
import { randomBytes } from 'node:crypto';
import type {
  DailyAttempt,
  DailyAttempts,
  DailyBoardEntry,
  DailyBoardPage,
  DailySettling,
} from '../solo/courses/daily-store.js';
import { rows } from './rows.js';
import { parseStored } from './schemas.js';
import type { Tables } from './tables.js';

/** The daily puzzle's attempts of a SQL database (`daily_attempts`), for SQLite and PostgreSQL alike. */
export class KyselyDaily implements DailyAttempts {
  constructor(private readonly db: Kysely<Tables>) {}

  async takeDailyAttempt(accountId: string, day: string, startedAt: number): Promise<boolean> {
    const taken = await this.db
      .insertInto('daily_attempts')
      .values({ account_id: accountId, day, started_at: startedAt, run_id: null, solved: 0, ms: null, verified: 0 })
      .onConflict((oc) => oc.columns(['account_id', 'day']).doNothing())
      .executeTakeFirst();
    return Number(taken.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async settleDailyAttempt(accountId: string, day: string, run: DailySettling): Promise<void> {
    await this.db
      .updateTable('daily_attempts')
      .set({ run_id: run.id, solved: run.solved ? 1 : 0, ms: run.ms, verified: run.verified ? 1 : 0 })
      .where('account_id', '=', accountId)
      .where('day', '=', day)
      .where('ms', 'is', null)
      .execute();
  }

  async dailyAttempt(accountId: string, day: string): Promise<DailyAttempt | undefined> {
    const raw = await this.db
      .selectFrom('daily_attempts')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('day', '=', day)
      .executeTakeFirst();
    if (!raw) return undefined;
    const row = parseStored(rows.dailyAttempts, raw, `daily_attempts (${accountId} ${day})`);
    return {
      accountId: row.account_id,
      day: row.day,
      startedAt: row.started_at,
      run: row.run_id,
      solved: row.solved === 1,
      ms: row.ms,
      verified: row.verified === 1,
    };
  }

  async dailySolvedDays(accountId: string, day: string, top: number): Promise<string[]> {
    const found = await this.db
      .selectFrom('daily_attempts')
      .innerJoin('solo_results', 'solo_results.id', 'daily_attempts.run_id')
      .select('daily_attempts.day')
      .where('daily_attempts.account_id', '=', accountId)
      .where('daily_attempts.day', '<=', day)
      .where('daily_attempts.solved', '=', 1)
      .where('daily_attempts.verified', '=', 1)
      .where('solo_results.review', 'not in', UNLISTED_REVIEWS)
      .orderBy('daily_attempts.day', 'desc')
      .limit(top)
      .execute();
    return found.map((r) => r.day);
  }

  async dailyDaysPlayed(accountId: string, day: string): Promise<number> {
    const found = await this.db
      .selectFrom('daily_attempts')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('played'))
      .where('account_id', '=', accountId)
      .where('day', '<=', day)
      .executeTakeFirst();
    return Number(found?.played ?? 0);
  }

  async dailyBoard(day: string, page: DailyBoardPage): Promise<DailyBoardEntry[]> {
    const found = await this.db
      .selectFrom('daily_attempts')
      .innerJoin('solo_results', 'solo_results.id', 'daily_attempts.run_id')
      .innerJoin('accounts', 'accounts.id', 'daily_attempts.account_id')
      .leftJoin('account_standing', 'account_standing.account_id', 'daily_attempts.account_id')
      .select([
        'daily_attempts.account_id',
        'daily_attempts.run_id',
        'daily_attempts.ms',
        'accounts.name',
        'accounts.username',
        'solo_results.review',
      ])
      .where('daily_attempts.day', '=', day)
      .where('daily_attempts.solved', '=', 1)
      .where('daily_attempts.verified', '=', 1)
      .where('solo_results.review', 'not in', UNLISTED_REVIEWS)
      .where('accounts.username', 'is not', null)
      .where('account_standing.banned_at', 'is', null)
      .$if(page.reviewed === true, (q) => q.where('solo_results.review', 'in', REVIEWED))
      .orderBy('daily_attempts.ms', 'asc')
      .orderBy('daily_attempts.started_at', 'asc')
      .orderBy('daily_attempts.account_id', 'asc')
      .limit(page.top)
      .offset(page.offset ?? 0)
      .execute();
    return found.map((r) => ({
      accountId: r.account_id,
      name: r.name,
      username: r.username,
      run: Number(r.run_id),
      ms: Number(r.ms),
      reviewed: isReviewed(r.review),
    }));
  }

  async dailySecret(): Promise<string> {
    // Made once: a second process that makes one at the same time keeps the first one stored.
    await this.db
      .insertInto('server_secrets')
      .values({ name: 'daily', value: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'daily')
      .executeTakeFirstOrThrow();
    return parseStored(rows.serverSecrets, row, 'server_secrets (daily)').value;
  }
}
