import type { Kysely } from 'kysely';
import type { Challenge, ChallengeSettled, Challenges } from '../challenges/store.js';
import { challengeRows } from './challenge-rows.js';
import { parseStored } from './schemas.js';
import type { Tables } from './tables.js';

/** Challenges between friends in a SQL database (`challenges`), for SQLite and PostgreSQL alike. */
export class KyselyChallenges implements Challenges {
  constructor(private readonly db: Kysely<Tables>) {}

  async saveChallenge(challenge: Omit<Challenge, 'status' | 'raced' | 'winner' | 'settledAt'>): Promise<boolean> {
    const done = await this.db
      .insertInto('challenges')
      .values({
        id: challenge.id,
        from_account: challenge.from,
        to_account: challenge.to,
        run_id: challenge.run,
        created_at: challenge.createdAt,
        expires_at: challenge.expiresAt,
        status: 'open',
        raced_run: null,
        winner: null,
        settled_at: null,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(done.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async challenge(id: string): Promise<Challenge | undefined> {
    const raw = await this.db.selectFrom('challenges').selectAll().where('id', '=', id).executeTakeFirst();
    return raw ? challengeOf(raw) : undefined;
  }

  async challengesOf(accountId: string, top: number): Promise<Challenge[]> {
    const found = await this.db
      .selectFrom('challenges')
      .selectAll()
      .where((eb) => eb.or([eb('from_account', '=', accountId), eb('to_account', '=', accountId)]))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'asc')
      .limit(top)
      .execute();
    return found.map(challengeOf);
  }

  async challengesSentSince(accountId: string, since: number): Promise<number> {
    const found = await this.db
      .selectFrom('challenges')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('sent'))
      .where('from_account', '=', accountId)
      .where('created_at', '>=', since)
      .executeTakeFirst();
    return Number(found?.sent ?? 0);
  }

  async openChallengeOf(run: number, to: string, now: number): Promise<Challenge | undefined> {
    const raw = await this.db
      .selectFrom('challenges')
      .selectAll()
      .where('run_id', '=', run)
      .where('to_account', '=', to)
      .where('status', '=', 'open')
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'asc')
      .executeTakeFirst();
    return raw ? challengeOf(raw) : undefined;
  }

  async settleChallenge(id: string, settled: ChallengeSettled): Promise<boolean> {
    const done = await this.db
      .updateTable('challenges')
      .set({ status: 'raced', raced_run: settled.raced, winner: settled.winner, settled_at: settled.at })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(done.numUpdatedRows) > 0;
  }

  async declineChallenge(id: string, at: number): Promise<boolean> {
    const done = await this.db
      .updateTable('challenges')
      .set({ status: 'declined', settled_at: at })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(done.numUpdatedRows) > 0;
  }
}

/** A stored challenge, read through its row's parser. */
function challengeOf(raw: unknown): Challenge {
  const id = (raw as { id?: unknown }).id;
  const row = parseStored(challengeRows, raw, `challenges (${String(id)})`);
  return {
    id: row.id,
    from: row.from_account,
    to: row.to_account,
    run: row.run_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    status: row.status,
    raced: row.raced_run,
    winner: row.winner,
    settledAt: row.settled_at,
  };
}
