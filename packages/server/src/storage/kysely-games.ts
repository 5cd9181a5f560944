import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { GameRecord, Games, Journal, JournalEntry, LiveGame, LiveTable } from '../table/store.js';
import { rows as parsers } from './rows.js';
import { CorruptRowError, parseStored } from './schemas.js';
import { tableRowOf } from './table-rows.js';
import type { Tables } from './tables.js';

/** A journal entry waiting for its batch (`KyselyGames.journal`). */
interface PendingEntry {
  readonly gameId: string;
  readonly seq: number;
  readonly entry: string;
  readonly resolve: () => void;
  readonly reject: (e: unknown) => void;
}

/** At most this many journal entries in one statement (three parameters each). */
const JOURNAL_BATCH = 500;

const entryRow = parsers.journal.pick({ seq: true, entry: true });

/** A journal entry's row: its entry parsed, the row named by its game and seq. */
const entryOf = (gameId: string, row: { seq: number; entry: string }): { seq: number; entry: JournalEntry } =>
  parseStored(entryRow, row, `journal (game ${gameId}, seq ${row.seq})`);

/** The games of a SQL database (`games`, `live_games`, `journal`), for SQLite and PostgreSQL alike. */
export class KyselyGames implements Games {
  /**
   * `owner` names the process this store serves (its public address; '' for a lone process): the
   * games it begins are that process's, and `liveGames` lists only those. `journalDb` writes the
   * journal's entries (`db` unless a store gives them connections of their own).
   */
  constructor(
    private readonly db: Kysely<Tables>,
    readonly owner = '',
    private readonly journalDb: Kysely<Tables> = db,
  ) {}

  async saveGame(r: GameRecord): Promise<void> {
    const row = {
      id: r.id,
      edition: r.config.edition,
      config: JSON.stringify(r.config),
      seed: r.seed,
      seats: JSON.stringify(r.seats),
      actions: JSON.stringify(r.actions),
      result: r.result === undefined ? null : JSON.stringify(r.result),
      started_at: r.startedAt,
      finished_at: r.finishedAt,
    };
    await this.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('games')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
      await tx.deleteFrom('journal').where('game_id', '=', r.id).where('voided', '=', 0).execute();
      await tx.deleteFrom('live_games').where('id', '=', r.id).execute();
    });
  }

  async beginGame(g: LiveGame): Promise<void> {
    const row = {
      id: g.id,
      room: g.room,
      public: g.public ? 1 : 0,
      rated: g.rated === true ? 1 : 0,
      owner: this.owner,
      config: JSON.stringify(g.config),
      seed: g.seed,
      started_at: g.startedAt,
      seats: JSON.stringify(g.seats),
      arena: g.arena ? JSON.stringify(g.arena) : '',
    };
    await this.db
      .insertInto('live_games')
      .values(row)
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute();
  }

  /**
   * Journal entries are written together: each room waits for its own last entry before it writes
   * the next, so the entries pending at once are of different games, and one statement stores them
   * all (the hottest write, every claim of every table: a statement per entry made PostgreSQL the
   * bottleneck, its pool of connections a queue). Entries that come while a batch is being written
   * make the next one; the first waits for no one.
   */
  journal(gameId: string, seq: number, entry: JournalEntry): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#pending.push({ gameId, seq, entry: JSON.stringify(entry), resolve, reject });
      if (this.#flushing === null) this.#flushing = this.#flush();
    });
  }

  #pending: PendingEntry[] = [];
  #flushing: Promise<void> | null = null;

  /** Resolves once the journal entries asked for so far are written (or failed): before a close. */
  async settled(): Promise<void> {
    await this.#flushing;
  }

  async #flush(): Promise<void> {
    // The entries of this task join the first batch. Not those of this turn of the event loop
    // (setImmediate): that waited out every socket the turn read, and under 10,000 players it put
    // 100 ms and more on a claim's answer (bench:server, claim p99 in the server 112 -> 6 ms).
    await Promise.resolve();
    while (this.#pending.length > 0) await this.#write(this.#pending.splice(0, JOURNAL_BATCH));
    this.#flushing = null;
  }

  /** Writes a batch in one statement; if it fails, each entry alone, so that only the faulty ones fail. */
  async #write(batch: readonly PendingEntry[]): Promise<void> {
    let stored: { game_id: string; seq: number }[];
    try {
      const values = sql.join(batch.map((w) => sql`(${w.gameId}, ${w.seq}, ${w.entry})`));
      // An entry is stored only while its game is under way (the check and the insert are one statement).
      const result = await sql<{ game_id: string; seq: number }>`
        with pending (game_id, seq, entry) as (values ${values})
        insert into journal (game_id, seq, entry, voided)
        select pending.game_id, cast(pending.seq as integer), pending.entry, 0 from pending
        where exists (select 1 from live_games where live_games.id = pending.game_id)
        returning game_id, seq`.execute(this.journalDb);
      stored = result.rows;
    } catch (e) {
      if (batch.length === 1) batch[0]?.reject(e);
      else for (const w of batch) await this.#write([w]);
      return;
    }
    const done = new Set(stored.map((r) => `${r.game_id} ${r.seq}`));
    for (const w of batch)
      if (done.has(`${w.gameId} ${w.seq}`)) w.resolve();
      else w.reject(new Error(`no game ${w.gameId} under way`));
  }

  async voidJournal(gameId: string, fromSeq: number): Promise<void> {
    await this.db
      .updateTable('journal')
      .set({ voided: 1 })
      .where('game_id', '=', gameId)
      .where('seq', '>=', fromSeq)
      .where('voided', '=', 0)
      .execute();
  }

  async liveGames(skip?: (gameId: string, error: Error) => void): Promise<Journal[]> {
    const games = await this.db
      .selectFrom('live_games')
      .selectAll()
      .where('owner', '=', this.owner)
      .orderBy('started_at')
      .orderBy('id')
      .execute();
    const journals: Journal[] = [];
    for (const raw of games) {
      const journal = await this.#journalOf(raw).catch((e: unknown) => {
        if (!skip || !(e instanceof CorruptRowError)) throw e;
        skip(raw.id, e);
        return undefined;
      });
      if (journal) journals.push(journal);
    }
    return journals;
  }

  /** A game under way and its journal, each row through its parser. */
  async #journalOf(raw: Selectable<Tables['live_games']>): Promise<Journal> {
    const g = parseStored(parsers.liveGames, raw, `live_games (id ${raw.id})`);
    const rows = await this.db
      .selectFrom('journal')
      .select(['seq', 'entry', 'voided'])
      .where('game_id', '=', g.id)
      .orderBy('seq')
      .execute();
    const counted = rows.filter((r) => r.voided === 0);
    return {
      game: {
        id: g.id,
        room: g.room,
        public: g.public === 1,
        ...(g.rated === 1 ? { rated: true } : {}),
        config: g.config,
        seed: g.seed,
        startedAt: g.started_at,
        seats: g.seats,
        ...(g.arena === '' ? {} : { arena: g.arena }),
      },
      entries: counted.map((r) => entryOf(g.id, r)),
      nextSeq: (rows.at(-1)?.seq ?? -1) + 1,
    };
  }

  async voidedEntries(): Promise<{ gameId: string; seq: number; entry: JournalEntry }[]> {
    const rows = await this.db
      .selectFrom('journal')
      .select(['game_id', 'seq', 'entry'])
      .where('voided', '=', 1)
      .orderBy('game_id')
      .orderBy('seq')
      .execute();
    return rows.map((r) => ({ gameId: r.game_id, ...entryOf(r.game_id, r) }));
  }

  async game(id: string): Promise<GameRecord | undefined> {
    const raw = await this.db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
    if (!raw) return undefined;
    const row = parseStored(parsers.games, raw, `games (id ${raw.id})`);
    return {
      id: row.id,
      config: row.config,
      seed: row.seed,
      seats: row.seats,
      actions: row.actions,
      result: row.result ?? undefined,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
    };
  }

  async keepTable(t: LiveTable): Promise<void> {
    const { code, savedAt, ...body } = t;
    const row = { code, owner: this.owner, body: JSON.stringify(body), saved_at: savedAt };
    await this.db
      .insertInto('live_tables')
      .values(row)
      .onConflict((oc) => oc.column('code').doUpdateSet(row))
      .execute();
  }

  async dropTable(code: string): Promise<void> {
    await this.db.deleteFrom('live_tables').where('code', '=', code).execute();
  }

  async liveTables(skip?: (code: string, error: Error) => void): Promise<LiveTable[]> {
    const rows = await this.db
      .selectFrom('live_tables')
      .selectAll()
      .where('owner', '=', this.owner)
      .orderBy('code')
      .execute();
    return rows.flatMap((raw) => {
      try {
        return [tableRowOf(parseStored(parsers.liveTables, raw, `live_tables (code ${raw.code})`))];
      } catch (e) {
        if (!skip || !(e instanceof CorruptRowError)) throw e;
        skip(raw.code, e);
        return [];
      }
    });
  }
}
