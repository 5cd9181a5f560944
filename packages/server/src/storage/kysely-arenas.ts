import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Arena, ArenaEntry, ArenaGameResult, Arenas } from '../arena/store.js';
import { rows } from './rows.js';
import { parseStored } from './schemas.js';
import type { Tables } from './tables.js';

/** Another process seated one of a table's players first: the table's seating is undone. */
class Taken extends Error {}

const arenaOf = (raw: Selectable<Tables['arenas']>): Arena => {
  const row = parseStored(rows.arenas, raw, `arenas (${raw.id})`);
  return {
    id: row.id,
    name: row.name,
    edition: row.edition,
    rounds: row.rounds,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    createdAt: row.created_at,
  };
};

/** Arenas of a SQL database (`arenas`, `arena_entries`), for SQLite and PostgreSQL alike. */
export class KyselyArenas implements Arenas {
  constructor(private readonly db: Kysely<Tables>) {}

  async createArena(arena: Arena): Promise<boolean> {
    const made = await this.db
      .insertInto('arenas')
      .values({
        id: arena.id,
        name: arena.name,
        edition: arena.edition,
        rounds: arena.rounds,
        starts_at: arena.startsAt,
        ends_at: arena.endsAt,
        created_at: arena.createdAt,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(made.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async arena(id: string): Promise<Arena | undefined> {
    const raw = await this.db.selectFrom('arenas').selectAll().where('id', '=', id).executeTakeFirst();
    return raw && arenaOf(raw);
  }

  async arenas(from: number, to: number, limit: number): Promise<Arena[]> {
    const found = await this.db
      .selectFrom('arenas')
      .selectAll()
      .where('ends_at', '>=', from)
      .where('starts_at', '<=', to)
      .orderBy('starts_at', 'asc')
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
    return found.map(arenaOf);
  }

  async cancelArena(id: string): Promise<boolean> {
    const gone = await this.db
      .deleteFrom('arenas')
      .where('id', '=', id)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('arena_entries').select('account_id').where('arena_entries.arena_id', '=', id))),
      )
      .executeTakeFirst();
    return Number(gone.numDeletedRows) > 0;
  }

  async enterArena(arenaId: string, accountId: string, at: number): Promise<void> {
    await this.db
      .insertInto('arena_entries')
      .values({
        arena_id: arenaId,
        account_id: accountId,
        joined_at: at,
        points: 0,
        wins: 0,
        games: 0,
        waiting_since: at,
        seen_at: at,
        table_code: null,
      })
      .onConflict((oc) =>
        oc.columns(['arena_id', 'account_id']).doUpdateSet({
          seen_at: at,
          // Waiting from now, unless it waits already or sits at a table.
          waiting_since: sql<
            number | null
          >`case when arena_entries.table_code is null then coalesce(arena_entries.waiting_since, ${at}) else arena_entries.waiting_since end`,
        }),
      )
      .execute();
  }

  async leaveArenaLobby(arenaId: string, accountId: string): Promise<void> {
    await this.db
      .updateTable('arena_entries')
      .set({ waiting_since: null })
      .where('arena_id', '=', arenaId)
      .where('account_id', '=', accountId)
      .execute();
  }

  async arenaEntries(arenaId: string): Promise<ArenaEntry[]> {
    const found = await this.db
      .selectFrom('arena_entries')
      .leftJoin('accounts', 'accounts.id', 'arena_entries.account_id')
      .selectAll('arena_entries')
      .select(['accounts.name', 'accounts.username'])
      .where('arena_entries.arena_id', '=', arenaId)
      .orderBy('arena_entries.joined_at', 'asc')
      .orderBy('arena_entries.account_id', 'asc')
      .execute();
    return found.map(({ name, username, ...raw }) => {
      const row = parseStored(rows.arenaEntries, raw, `arena_entries (${raw.arena_id} ${raw.account_id})`);
      return {
        arenaId: row.arena_id,
        accountId: row.account_id,
        name: name ?? '',
        username: username ?? null,
        joinedAt: row.joined_at,
        points: row.points,
        wins: row.wins,
        games: row.games,
        waitingSince: row.waiting_since,
        seenAt: row.seen_at,
        table: row.table_code,
      };
    });
  }

  async seatArenaTable(arenaId: string, accountIds: readonly string[], table: string): Promise<boolean> {
    if (accountIds.length === 0) return false;
    try {
      await this.db.transaction().execute(async (tx) => {
        const seated = await tx
          .updateTable('arena_entries')
          .set({ waiting_since: null, table_code: table })
          .where('arena_id', '=', arenaId)
          .where('account_id', 'in', accountIds)
          .where('waiting_since', 'is not', null)
          .where('table_code', 'is', null)
          .executeTakeFirst();
        if (Number(seated.numUpdatedRows) !== new Set(accountIds).size) throw new Taken();
      });
      return true;
    } catch (e) {
      if (e instanceof Taken) return false;
      throw e;
    }
  }

  async endArenaTable(arenaId: string, table: string, results: readonly ArenaGameResult[]): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      for (const r of results)
        await tx
          .updateTable('arena_entries')
          .set((eb) => ({
            points: eb('points', '+', r.points),
            games: eb('games', '+', 1),
            wins: eb('wins', '+', r.win ? 1 : 0),
            table_code: null,
          }))
          .where('arena_id', '=', arenaId)
          .where('account_id', '=', r.accountId)
          .where('table_code', '=', table)
          .execute();
      await tx
        .updateTable('arena_entries')
        .set({ table_code: null })
        .where('arena_id', '=', arenaId)
        .where('table_code', '=', table)
        .execute();
    });
  }

  async arenasOf(accountId: string, limit: number): Promise<Arena[]> {
    const found = await this.db
      .selectFrom('arenas')
      .innerJoin('arena_entries', 'arena_entries.arena_id', 'arenas.id')
      .selectAll('arenas')
      .where('arena_entries.account_id', '=', accountId)
      .orderBy('arenas.starts_at', 'desc')
      .orderBy('arenas.id', 'asc')
      .limit(limit)
      .execute();
    return found.map(arenaOf);
  }
}
