import type { Kysely } from 'kysely';
import type { BoardTime, BoardTimeEntry, PlayerBoard, PlayerBoards } from '../boards/store.js';
import { isReviewed, UNLISTED_REVIEWS } from '../leaderboards.js';
import { boardTimes, playerBoards } from './board-rows.js';
import { parseStored } from './schemas.js';
import type { Tables } from './tables.js';

/** The most runs of a board read to find its accounts' fastest (each account's runs beyond are slower). */
const TIMES_READ = 1000;

/** Boards players made, in a SQL database (`player_boards`, `board_times`), for SQLite and PostgreSQL alike. */
export class KyselyBoards implements PlayerBoards {
  constructor(private readonly db: Kysely<Tables>) {}

  async saveBoard(board: Omit<PlayerBoard, 'hiddenAt'>): Promise<boolean> {
    const done = await this.db
      .insertInto('player_boards')
      .values({
        id: board.id,
        account_id: board.accountId,
        name: board.name,
        grid: board.grid,
        spec: JSON.stringify(board.spec),
        solutions: board.solutions,
        difficulty: board.difficulty,
        created_at: board.createdAt,
        hidden_at: null,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(done.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  async board(id: string): Promise<PlayerBoard | undefined> {
    const raw = await this.db.selectFrom('player_boards').selectAll().where('id', '=', id).executeTakeFirst();
    return raw ? boardOf(raw) : undefined;
  }

  async boardsMadeSince(accountId: string, since: number): Promise<number> {
    const found = await this.db
      .selectFrom('player_boards')
      .select((eb) => eb.fn.countAll<number | string | bigint>().as('made'))
      .where('account_id', '=', accountId)
      .where('created_at', '>=', since)
      .executeTakeFirst();
    return Number(found?.made ?? 0);
  }

  async boardList(top: number): Promise<PlayerBoard[]> {
    const found = await this.db
      .selectFrom('player_boards')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'asc')
      .limit(top)
      .execute();
    return found.map(boardOf);
  }

  async hideBoard(id: string, at: number | null): Promise<boolean> {
    const done = await this.db
      .updateTable('player_boards')
      .set({ hidden_at: at })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(done.numUpdatedRows) > 0;
  }

  async saveBoardTime(time: BoardTime): Promise<void> {
    await this.db
      .insertInto('board_times')
      .values({ run_id: time.run, board_id: time.board, account_id: time.accountId, ms: time.ms, at: time.at })
      .onConflict((oc) => oc.column('run_id').doNothing())
      .execute();
  }

  async boardTimes(board: string, top: number): Promise<BoardTimeEntry[]> {
    const found = await this.db
      .selectFrom('board_times')
      .innerJoin('solo_results', 'solo_results.id', 'board_times.run_id')
      .innerJoin('accounts', 'accounts.id', 'board_times.account_id')
      .leftJoin('account_standing', 'account_standing.account_id', 'board_times.account_id')
      .select([
        'board_times.run_id',
        'board_times.board_id',
        'board_times.account_id',
        'board_times.ms',
        'board_times.at',
        'accounts.name',
        'accounts.username',
        'solo_results.review',
      ])
      .where('board_times.board_id', '=', board)
      .where('solo_results.review', 'not in', UNLISTED_REVIEWS)
      .where('accounts.username', 'is not', null)
      .where('account_standing.banned_at', 'is', null)
      .orderBy('board_times.ms', 'asc')
      .orderBy('board_times.at', 'asc')
      .orderBy('board_times.run_id', 'asc')
      .limit(TIMES_READ)
      .execute();
    const seen = new Set<string>();
    const entries: BoardTimeEntry[] = [];
    for (const r of found) {
      const { name, username, review, ...row } = r;
      const t = parseStored(boardTimes, row, `board_times (run ${r.run_id})`);
      if (seen.has(t.account_id)) continue;
      seen.add(t.account_id);
      entries.push({
        accountId: t.account_id,
        name,
        username,
        run: t.run_id,
        ms: t.ms,
        reviewed: isReviewed(review),
      });
    }
    return entries.slice(0, top);
  }
}

/** A stored board, read through its row's parser. */
function boardOf(raw: unknown): PlayerBoard {
  const id = (raw as { id?: unknown }).id;
  const row = parseStored(playerBoards, raw, `player_boards (${String(id)})`);
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    grid: row.grid,
    spec: row.spec,
    solutions: row.solutions,
    difficulty: row.difficulty,
    createdAt: row.created_at,
    hiddenAt: row.hidden_at,
  };
}
