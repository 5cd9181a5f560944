import type { Kysely, Selectable } from 'kysely';
import type { HeldClaim, Reviewed, Reviews } from '../solo/review-store.js';
import type { Review } from '../solo/store.js';
import { noteEstablished, soloOf } from './kysely-solo-runs.js';
import { rows } from './rows.js';
import { parseStored } from './schemas.js';
import type { Tables } from './tables.js';

/** The reviews `reviews` lists: those still held, or every one a result was ever given. */
const UNDER = (all: boolean): Review[] => (all ? ['held', 'released', 'rejected'] : ['held']);

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

/** The held results of a SQL database: `solo_results.review` and `held_claims`. */
export class KyselyReviews implements Reviews {
  constructor(private readonly db: Kysely<Tables>) {}

  async heldPlayers(gameId: string): Promise<string[]> {
    const found = await this.db
      .selectFrom('held_claims')
      .select('player')
      .distinct()
      .where('game_id', '=', gameId)
      .orderBy('player')
      .execute();
    return found.map((r) => r.player);
  }

  async holdClaim(c: HeldClaim): Promise<void> {
    await this.db
      .insertInto('held_claims')
      .values({
        game_id: c.gameId,
        player: c.player,
        account_id: c.accountId,
        reasons: JSON.stringify(c.reasons),
        at: c.at,
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

  async decide(id: string, review: 'released' | 'rejected'): Promise<Reviewed | undefined> {
    const which = parseReviewId(id);
    if (!which) return undefined;
    // A result never held (review 'none') has nothing to decide.
    if (which.kind === 'run') {
      await this.db
        .updateTable('solo_results')
        .set({ review })
        .where('id', '=', which.row)
        .where('review', '!=', 'none')
        .execute();
      const row = await this.db.selectFrom('solo_results').selectAll().where('id', '=', which.row).executeTakeFirst();
      // A run released counts for its account's history from now: it may make the account established.
      if (row && review === 'released' && row.account_id !== null && row.verified === 1)
        await noteEstablished(this.db, row.account_id, row.finished_at);
      return row && row.review !== 'none' ? runOf(row) : undefined;
    }
    await this.db.updateTable('held_claims').set({ review }).where('id', '=', which.row).execute();
    const row = await this.db.selectFrom('held_claims').selectAll().where('id', '=', which.row).executeTakeFirst();
    return row ? claimOf(row) : undefined;
  }
}
