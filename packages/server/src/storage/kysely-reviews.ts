import type { Kysely, Selectable } from 'kysely';
import type { Decision, HeldClaim, Reviewed, Reviews, Role, Standing } from '../solo/review-store.js';
import type { Review } from '../solo/store.js';
import { soloOf } from './kysely-solo-runs.js';
import { rows } from './rows.js';
import { parseStored } from './schemas.js';
import type { Tables } from './tables.js';

/** The reviews `reviews` lists: those still held, or every one a result was ever given. */
const UNDER = (all: boolean): Review[] => (all ? ['held', 'approved', 'released', 'rejected'] : ['held']);

/** The dealings whose runs stand on a public board, so are queued for review: the solo boards', Storm's, the daily's. */
export const QUEUED_DEALINGS = ['shuffled', 'storm', 'daily'] as const;

/**
 * The review a claim is given by a decision: a held claim approved is `released` (as before
 * reviews had more names), a flagged one `approved`; either rejected is `rejected`.
 */
export const claimDecision = (held: boolean, decision: Decision): Review =>
  decision === 'approved' && held ? 'released' : decision;

/** A result's id for `decide`, parsed: which table, which row. */
export function parseReviewId(id: string): { kind: 'run' | 'claim'; row: number } | undefined {
  const match = /^(run|claim)-([1-9]\d{0,15})$/.exec(id);
  return match ? { kind: match[1] as 'run' | 'claim', row: Number(match[2]) } : undefined;
}

const claimOf = (raw: Selectable<Tables['held_claims']>): Reviewed => {
  const row = parseStored(rows.heldClaims, raw, `held_claims (id ${raw.id})`);
  return {
    id: `claim-${row.id}`,
    kind: 'claim',
    gameId: row.game_id,
    player: row.player,
    accountId: row.account_id,
    reasons: row.reasons,
    review: row.review,
    at: row.at,
  };
};

const runOf = (raw: Selectable<Tables['solo_results']>): Reviewed => {
  const run = soloOf(raw);
  return {
    id: `run-${raw.id}`,
    kind: 'run',
    run,
    accountId: run.accountId,
    reasons: run.reasons ?? [],
    review: run.review ?? 'none',
    at: run.finishedAt,
  };
};

/** The results under review of a SQL database: `solo_results.review`, `held_claims`, `account_standing`. */
export class KyselyReviews implements Reviews {
  constructor(private readonly db: Kysely<Tables>) {}

  async heldPlayers(gameId: string): Promise<string[]> {
    const found = await this.db
      .selectFrom('held_claims')
      .select('player')
      .distinct()
      .where('game_id', '=', gameId)
      .where('held', '=', 1)
      .orderBy('player')
      .execute();
    return found.map((r) => r.player);
  }

  async holdClaim(c: HeldClaim): Promise<void> {
    const held = c.held !== false;
    await this.db
      .insertInto('held_claims')
      .values({
        game_id: c.gameId,
        player: c.player,
        account_id: c.accountId,
        reasons: JSON.stringify(c.reasons),
        at: c.at,
        held: held ? 1 : 0,
        review: held ? 'held' : 'none',
      })
      .execute();
  }

  async reviews(all = false): Promise<Reviewed[]> {
    const runs = await this.db
      .selectFrom('solo_results')
      .selectAll()
      .where('review', 'in', UNDER(all))
      .orderBy('id', 'asc')
      .execute();
    const claims = await this.db
      .selectFrom('held_claims')
      .selectAll()
      .where('review', 'in', UNDER(all))
      .orderBy('id', 'asc')
      .execute();
    return [...runs.map(runOf), ...claims.map(claimOf)].sort((a, b) => a.at - b.at);
  }

  async queue(top: number): Promise<Reviewed[]> {
    const runs = await this.db
      .selectFrom('solo_results')
      .innerJoin('accounts', 'accounts.id', 'solo_results.account_id')
      .leftJoin('account_standing', 'account_standing.account_id', 'solo_results.account_id')
      .selectAll('solo_results')
      .where('solo_results.review', 'in', ['none', 'held'])
      .where('solo_results.verified', '=', 1)
      .where('solo_results.dealing', 'in', QUEUED_DEALINGS)
      .where('accounts.username', 'is not', null)
      .where('account_standing.banned_at', 'is', null)
      .orderBy('solo_results.id', 'desc')
      .limit(top)
      .execute();
    const claims = await this.db
      .selectFrom('held_claims')
      .selectAll()
      .where('review', 'in', ['none', 'held'])
      .orderBy('id', 'desc')
      .limit(top)
      .execute();
    return [...runs.map(runOf), ...claims.map(claimOf)];
  }

  async result(id: string): Promise<Reviewed | undefined> {
    const which = parseReviewId(id);
    if (!which) return undefined;
    if (which.kind === 'run') {
      const row = await this.db.selectFrom('solo_results').selectAll().where('id', '=', which.row).executeTakeFirst();
      return row ? runOf(row) : undefined;
    }
    const claim = await this.db.selectFrom('held_claims').selectAll().where('id', '=', which.row).executeTakeFirst();
    return claim ? claimOf(claim) : undefined;
  }

  async decide(id: string, decision: Decision): Promise<Reviewed | undefined> {
    const which = parseReviewId(id);
    if (!which) return undefined;
    if (which.kind === 'run') {
      await this.db.updateTable('solo_results').set({ review: decision }).where('id', '=', which.row).execute();
      const row = await this.db.selectFrom('solo_results').selectAll().where('id', '=', which.row).executeTakeFirst();
      return row ? runOf(row) : undefined;
    }
    const claim = await this.db.selectFrom('held_claims').selectAll().where('id', '=', which.row).executeTakeFirst();
    if (!claim) return undefined;
    const review = claimDecision(claim.held === 1, decision);
    await this.db.updateTable('held_claims').set({ review }).where('id', '=', which.row).execute();
    return claimOf({ ...claim, review });
  }

  async standing(accountId: string): Promise<Standing> {
    const raw = await this.db
      .selectFrom('account_standing')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (!raw) return { role: 'none', bannedAt: null };
    const row = parseStored(rows.accountStanding, raw, `account_standing (${accountId})`);
    return { role: row.role, bannedAt: row.banned_at };
  }

  async setRole(accountId: string, role: Role): Promise<void> {
    await this.db
      .insertInto('account_standing')
      .values({ account_id: accountId, role, banned_at: null })
      .onConflict((oc) => oc.column('account_id').doUpdateSet({ role }))
      .execute();
  }

  async ban(accountId: string, at: number): Promise<void> {
    await this.db
      .insertInto('account_standing')
      .values({ account_id: accountId, banned_at: at })
      .onConflict((oc) =>
        oc.column('account_id').doUpdateSet({ banned_at: at }).where('account_standing.banned_at', 'is', null),
      )
      .execute();
  }
}
