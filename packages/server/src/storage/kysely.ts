import type { DeckEdition, RaceConfig, RaceEdition, RaceResult, Side, SoloMode } from '@ubongo/core';
import type { Generated, Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type {
  Account,
  Attempt,
  GameRecord,
  Journal,
  JournalEntry,
  JournalSeat,
  LiveGame,
  PlayerRating,
  PuzzleRating,
  RateAttempt,
  RecordQuery,
  Session,
  SolverRating,
  SoloPuzzle,
  SoloRecord,
  Storage,
  StoredSeat,
} from '../storage.js';
import { LISTED, RANK_SIGMAS } from '../leaderboards.js';
import { playAttempts, solverKey } from './attempts.js';

/** The tables as rows come back from SQLite and from PostgreSQL (whose int8 the pool reads as numbers). */
export interface Tables {
  accounts: {
    id: string;
    secret_hash: string;
    name: string;
    username: string | null;
    username_key: string | null;
    password_hash: string | null;
    created_at: number;
  };
  sessions: {
    token_hash: string;
    account_id: string;
    created_at: number;
    expires_at: number;
    revoked_at: number | null;
  };
  games: {
    id: string;
    edition: string;
    config: string;
    seed: number;
    seats: string;
    actions: string;
    result: string | null;
    started_at: number;
    finished_at: number;
  };
  live_games: {
    id: string;
    room: string;
    public: number;
    rated: Generated<number>;
    owner: Generated<string>;
    config: string;
    seed: number;
    started_at: number;
    seats: string;
  };
  journal: {
    game_id: string;
    seq: number;
    entry: string;
    voided: number;
  };
  solo_results: {
    id: Generated<number>;
    player: string;
    mode: string;
    limit_value: number;
    side: string;
    solved: number;
    skipped: number;
    ms: number;
    seed: number;
    finished_at: number;
    account_id: string | null;
    verified: number;
    puzzles: Generated<string>;
    dealing: Generated<string>;
  };
  solver_ratings: {
    account_id: string;
    edition: string;
    mu: number;
    sigma: number;
    attempts: number;
    updated_at: number;
  };
  account_flags: {
    account_id: string;
    reason: string;
    at: number;
  };
  ratings: {
    account_id: string;
    edition: string;
    mu: number;
    sigma: number;
    games: number;
    updated_at: number;
  };
  puzzle_ratings: {
    task: string;
    mu: number;
    sigma: number;
    attempts: number;
    updated_at: number;
  };
  first_attempts: {
    account_id: string;
    task: string;
    at: number;
  };
  rating_history: {
    account_id: string;
    edition: string;
    game_id: string;
    mu: number;
    sigma: number;
    at: number;
  };
}

/** A journal entry waiting for its batch (`KyselyStorage.journal`). */
interface PendingEntry {
  readonly gameId: string;
  readonly seq: number;
  readonly entry: string;
  readonly resolve: () => void;
  readonly reject: (e: unknown) => void;
}

/** At most this many journal entries in one statement (three parameters each). */
const JOURNAL_BATCH = 500;

const ratingOf = (row: Tables['ratings']): PlayerRating => ({
  accountId: row.account_id,
  edition: row.edition as RaceEdition,
  mu: row.mu,
  sigma: row.sigma,
  games: row.games,
  updatedAt: row.updated_at,
});

const soloOf = (row: Selectable<Tables['solo_results']>): SoloRecord => ({
  player: row.player,
  mode: row.mode as SoloMode,
  limit: row.limit_value,
  side: row.side as Side,
  solved: row.solved,
  skipped: row.skipped,
  ms: row.ms,
  seed: row.seed,
  finishedAt: row.finished_at,
  accountId: row.account_id,
  verified: row.verified === 1,
  puzzles: JSON.parse(row.puzzles) as SoloPuzzle[],
  dealing: row.dealing === 'level' ? 'level' : 'shuffled',
});

const accountOf = (row: Tables['accounts']): Account => ({
  id: row.id,
  secretHash: row.secret_hash,
  name: row.name,
  username: row.username,
  passwordHash: row.password_hash,
  createdAt: row.created_at,
});

const puzzleRatingOf = (row: Selectable<Tables['puzzle_ratings']>): PuzzleRating => ({
  task: row.task,
  mu: row.mu,
  sigma: row.sigma,
  attempts: row.attempts,
  updatedAt: row.updated_at,
});

const puzzleRow = (r: PuzzleRating): Tables['puzzle_ratings'] => ({
  task: r.task,
  mu: r.mu,
  sigma: r.sigma,
  attempts: r.attempts,
  updated_at: r.updatedAt,
});

const solverRatingOf = (row: Selectable<Tables['solver_ratings']>): SolverRating => ({
  accountId: row.account_id,
  edition: row.edition as DeckEdition,
  mu: row.mu,
  sigma: row.sigma,
  attempts: row.attempts,
  updatedAt: row.updated_at,
});

const solverRow = (r: SolverRating): Tables['solver_ratings'] => ({
  account_id: r.accountId,
  edition: r.edition,
  mu: r.mu,
  sigma: r.sigma,
  attempts: r.attempts,
  updated_at: r.updatedAt,
});

/**
 * The storage of a SQL database through Kysely: one set of queries for SQLite and PostgreSQL.
 * What differs between them (opening, pragmas, column types, how a unique violation shows) is in
 * sqlite.ts, postgres.ts and migrations.ts.
 */
export abstract class KyselyStorage implements Storage {
  /**
   * `owner` names the process this store serves (its public address; '' for a lone process): the
   * games it begins are that process's, and `liveGames` lists only those. `journalDb` writes the
   * journal's entries (`db` unless a store gives them connections of their own).
   */
  protected constructor(
    protected readonly db: Kysely<Tables>,
    readonly owner = '',
    private readonly journalDb: Kysely<Tables> = db,
  ) {}

  /** Whether an error is the database refusing a row that a unique index already holds. */
  protected abstract isUniqueViolation(e: unknown): boolean;

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

  async liveGames(): Promise<Journal[]> {
    const games = await this.db
      .selectFrom('live_games')
      .selectAll()
      .where('owner', '=', this.owner)
      .orderBy('started_at')
      .orderBy('id')
      .execute();
    const journals: Journal[] = [];
    for (const g of games) {
      const rows = await this.db
        .selectFrom('journal')
        .select(['seq', 'entry', 'voided'])
        .where('game_id', '=', g.id)
        .orderBy('seq')
        .execute();
      const counted = rows.filter((r) => r.voided === 0);
      journals.push({
        game: {
          id: g.id,
          room: g.room,
          public: g.public === 1,
          ...(g.rated === 1 ? { rated: true } : {}),
          config: JSON.parse(g.config) as RaceConfig,
          seed: g.seed,
          startedAt: g.started_at,
          seats: JSON.parse(g.seats) as JournalSeat[],
        },
        entries: counted.map((r) => ({ seq: r.seq, entry: JSON.parse(r.entry) as JournalEntry })),
        nextSeq: (rows.at(-1)?.seq ?? -1) + 1,
      });
    }
    return journals;
  }

  async voidedEntries(): Promise<{ gameId: string; seq: number; entry: JournalEntry }[]> {
    const rows = await this.db
      .selectFrom('journal')
      .select(['game_id', 'seq', 'entry'])
      .where('voided', '=', 1)
      .orderBy('game_id')
      .orderBy('seq')
      .execute();
    return rows.map((r) => ({ gameId: r.game_id, seq: r.seq, entry: JSON.parse(r.entry) as JournalEntry }));
  }

  async game(id: string): Promise<GameRecord | undefined> {
    const row = await this.db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      config: JSON.parse(row.config) as RaceConfig,
      seed: row.seed,
      seats: JSON.parse(row.seats) as StoredSeat[],
      actions: JSON.parse(row.actions) as GameRecord['actions'],
      result: row.result === null ? undefined : (JSON.parse(row.result) as RaceResult),
      startedAt: row.started_at,
      finishedAt: row.finished_at,
    };
  }

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

  async flagAccount(id: string, reason: string, at: number): Promise<void> {
    await this.db
      .insertInto('account_flags')
      .values({ account_id: id, reason, at })
      .onConflict((oc) => oc.column('account_id').doNothing())
      .execute();
  }

  async flaggedAccounts(): Promise<{ account: Account; reason: string; at: number }[]> {
    const rows = await this.db
      .selectFrom('account_flags')
      .innerJoin('accounts', 'accounts.id', 'account_flags.account_id')
      .selectAll('accounts')
      .select(['account_flags.reason', 'account_flags.at'])
      .orderBy('account_flags.at')
      .orderBy('accounts.id')
      .execute();
    return rows.map((row) => ({ account: accountOf(row), reason: row.reason, at: row.at }));
  }

  async ratingsOf(accountId: string): Promise<PlayerRating[]> {
    const rows = await this.db
      .selectFrom('ratings')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('edition')
      .execute();
    return rows.map(ratingOf);
  }

  async saveRatings(gameId: string, ratings: readonly PlayerRating[]): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      for (const r of ratings) {
        const row = {
          account_id: r.accountId,
          edition: r.edition,
          mu: r.mu,
          sigma: r.sigma,
          games: r.games,
          updated_at: r.updatedAt,
        };
        await tx
          .insertInto('ratings')
          .values(row)
          .onConflict((oc) => oc.columns(['account_id', 'edition']).doUpdateSet(row))
          .execute();
        await tx
          .insertInto('rating_history')
          .values({
            account_id: r.accountId,
            edition: r.edition,
            game_id: gameId,
            mu: r.mu,
            sigma: r.sigma,
            at: r.updatedAt,
          })
          .onConflict((oc) => oc.columns(['account_id', 'edition', 'game_id']).doNothing())
          .execute();
      }
    });
  }

  async ratingHistory(
    accountId: string,
    edition: RaceEdition,
  ): Promise<{ gameId: string; mu: number; sigma: number; at: number }[]> {
    const rows = await this.db
      .selectFrom('rating_history')
      .select(['game_id', 'mu', 'sigma', 'at'])
      .where('account_id', '=', accountId)
      .where('edition', '=', edition)
      .orderBy('at')
      .orderBy('game_id')
      .execute();
    return rows.map((r) => ({ gameId: r.game_id, mu: r.mu, sigma: r.sigma, at: r.at }));
  }

  async countAttempts(attempts: readonly Attempt[], rate: RateAttempt): Promise<boolean[]> {
    if (attempts.length === 0) return [];
    // Every store takes its locks in one order (first attempts, then tasks, then solvers, each by
    // key), so two processes counting at once wait for each other rather than deadlock.
    // The first item of each key, by key.
    const byKey = <T>(items: readonly T[], key: (item: T) => string): T[] =>
      [...new Map([...items].reverse().map((item) => [key(item), item])).entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([, item]) => item);
    const pairKey = (a: Attempt): string => `${a.accountId}\n${a.task}`;
    return this.db.transaction().execute(async (tx) => {
      const noted = await tx
        .insertInto('first_attempts')
        .values(byKey(attempts, pairKey).map((a) => ({ account_id: a.accountId, task: a.task, at: a.at })))
        .onConflict((oc) => oc.columns(['account_id', 'task']).doNothing())
        .returning(['account_id', 'task'])
        .execute();
      const firsts = new Set(noted.map((r) => `${r.account_id}\n${r.task}`));
      // An attempt counts if it noted its pair, and only the first of a pair given twice.
      const counted = attempts.map((a) => firsts.delete(pairKey(a)));
      const rated = attempts.filter((_, i) => counted[i]);
      if (rated.length === 0) return counted;
      // Each rating is read through an update that changes nothing (a missing one written as it
      // starts), which locks its row until this transaction ends.
      const tasks = await tx
        .insertInto('puzzle_ratings')
        .values(byKey(rated, (a) => a.task).map((a) => ({ task: a.task, ...a.start, attempts: 0, updated_at: a.at })))
        .onConflict((oc) => oc.column('task').doUpdateSet((eb) => ({ task: eb.ref('excluded.task') })))
        .returningAll()
        .execute();
      const solvers = await tx
        .insertInto('solver_ratings')
        .values(
          byKey(rated, solverKey).map((a) => ({
            account_id: a.accountId,
            edition: a.edition,
            ...a.fresh,
            attempts: 0,
            updated_at: a.at,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['account_id', 'edition']).doUpdateSet((eb) => ({ account_id: eb.ref('excluded.account_id') })),
        )
        .returningAll()
        .execute();
      const moved = playAttempts(
        attempts,
        counted,
        new Map(tasks.map((row) => [row.task, puzzleRatingOf(row)])),
        new Map(
          solvers.map((row) => [solverKey({ accountId: row.account_id, edition: row.edition }), solverRatingOf(row)]),
        ),
        rate,
      );
      await tx
        .insertInto('puzzle_ratings')
        .values(moved.puzzles.map(puzzleRow))
        .onConflict((oc) =>
          oc.column('task').doUpdateSet((eb) => ({
            mu: eb.ref('excluded.mu'),
            sigma: eb.ref('excluded.sigma'),
            attempts: eb.ref('excluded.attempts'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
      await tx
        .insertInto('solver_ratings')
        .values(moved.solvers.map(solverRow))
        .onConflict((oc) =>
          oc.columns(['account_id', 'edition']).doUpdateSet((eb) => ({
            mu: eb.ref('excluded.mu'),
            sigma: eb.ref('excluded.sigma'),
            attempts: eb.ref('excluded.attempts'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
      return counted;
    });
  }

  async puzzleRating(task: string): Promise<PuzzleRating | undefined> {
    const row = await this.db.selectFrom('puzzle_ratings').selectAll().where('task', '=', task).executeTakeFirst();
    return row && puzzleRatingOf(row);
  }

  async savePuzzleRating(r: PuzzleRating): Promise<void> {
    const row = puzzleRow(r);
    await this.db
      .insertInto('puzzle_ratings')
      .values(row)
      .onConflict((oc) => oc.column('task').doUpdateSet(row))
      .execute();
  }

  async puzzleRatings(prefix: string): Promise<PuzzleRating[]> {
    const rows = await this.db
      .selectFrom('puzzle_ratings')
      .selectAll()
      .where('task', '>=', prefix)
      .where('task', '<', `${prefix}\uffff`)
      .orderBy('task')
      .execute();
    return rows.map(puzzleRatingOf);
  }

  async solverRating(accountId: string, edition: DeckEdition): Promise<SolverRating | undefined> {
    const row = await this.db
      .selectFrom('solver_ratings')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('edition', '=', edition)
      .executeTakeFirst();
    return row && solverRatingOf(row);
  }

  async saveSolverRating(r: SolverRating): Promise<void> {
    const row = solverRow(r);
    await this.db
      .insertInto('solver_ratings')
      .values(row)
      .onConflict((oc) => oc.columns(['account_id', 'edition']).doUpdateSet(row))
      .execute();
  }

  async leaderboard(
    edition: RaceEdition,
    top: number,
  ): Promise<(PlayerRating & { name: string; username: string | null })[]> {
    const rows = await this.db
      .selectFrom('ratings')
      .innerJoin('accounts', 'accounts.id', 'ratings.account_id')
      .selectAll('ratings')
      .select(['accounts.name', 'accounts.username'])
      .where('ratings.edition', '=', edition)
      .orderBy(sql`mu - ${sql.lit(RANK_SIGMAS)} * sigma`, 'desc')
      .orderBy('ratings.account_id')
      .limit(top)
      .execute();
    return rows.map((r) => ({ ...ratingOf(r), name: r.name, username: r.username }));
  }

  async records(q: RecordQuery): Promise<SoloRecord[]> {
    let query = this.db
      .selectFrom('solo_results')
      .selectAll()
      .where('mode', '=', q.mode)
      .where('verified', '=', Number(LISTED.verified))
      .where('dealing', '=', LISTED.dealing);
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

  async createAccount(a: Account): Promise<void> {
    await this.db
      .insertInto('accounts')
      .values({
        id: a.id,
        secret_hash: a.secretHash,
        name: a.name,
        username: null,
        username_key: null,
        password_hash: null,
        created_at: a.createdAt,
      })
      .execute();
  }

  async account(id: string): Promise<Account | undefined> {
    const row = await this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
    return row && accountOf(row);
  }

  async accountByUsername(key: string): Promise<Account | undefined> {
    const row = await this.db.selectFrom('accounts').selectAll().where('username_key', '=', key).executeTakeFirst();
    return row && accountOf(row);
  }

  async claimAccount(id: string, username: string, key: string, passwordHash: string): Promise<boolean> {
    // The unique index on username_key decides, not a look before the write: two claims of one
    // name at once (from two processes sharing PostgreSQL, say) cannot both pass it.
    try {
      await this.db
        .updateTable('accounts')
        .set({ username, username_key: key, password_hash: passwordHash })
        .where('id', '=', id)
        .execute();
      return true;
    } catch (e) {
      if (this.isUniqueViolation(e)) return false;
      throw e;
    }
  }

  async setPassword(id: string, passwordHash: string): Promise<void> {
    await this.db.updateTable('accounts').set({ password_hash: passwordHash }).where('id', '=', id).execute();
  }

  async renameAccount(id: string, name: string): Promise<void> {
    await this.db.updateTable('accounts').set({ name }).where('id', '=', id).execute();
  }

  async createSession(session: Session): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({
        token_hash: session.tokenHash,
        account_id: session.accountId,
        created_at: session.createdAt,
        expires_at: session.expiresAt,
        revoked_at: session.revokedAt,
      })
      .execute();
  }

  async session(tokenHash: string): Promise<Session | undefined> {
    const row = await this.db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    return (
      row && {
        tokenHash: row.token_hash,
        accountId: row.account_id,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
        revokedAt: row.revoked_at,
      }
    );
  }

  async revokeSessions(
    which: { readonly tokenHash: string } | { readonly accountId: string; readonly except?: string },
    at: number,
  ): Promise<void> {
    let query = this.db.updateTable('sessions').set({ revoked_at: at }).where('revoked_at', 'is', null);
    if ('tokenHash' in which) query = query.where('token_hash', '=', which.tokenHash);
    else {
      query = query.where('account_id', '=', which.accountId);
      if (which.except !== undefined) query = query.where('token_hash', '!=', which.except);
    }
    await query.execute();
  }

  async close(): Promise<void> {
    await this.#flushing;
    try {
      if (this.journalDb !== this.db) await this.journalDb.destroy();
    } finally {
      await this.db.destroy();
    }
  }
}
