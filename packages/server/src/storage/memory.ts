import type { DeckEdition, RaceEdition } from '@ubongo/core';
import type {
  Account,
  Attempt,
  GameRecord,
  Journal,
  JournalEntry,
  LiveGame,
  PlayerRating,
  PuzzleRating,
  RateAttempt,
  RecordQuery,
  Session,
  SolverRating,
  SoloRecord,
  Storage,
} from '../storage.js';
import { isListed, rankOf } from '../leaderboards.js';
import { playAttempts, solverKey } from './attempts.js';

/**
 * Storage that lives and dies with the process: for tests and servers that keep nothing. It behaves as the databases do (kysely.ts); all pass the same contract suite.
 */
export class MemoryStorage implements Storage {
  private readonly games = new Map<string, GameRecord>();
  private readonly live = new Map<string, { game: LiveGame; entries: { seq: number; entry: JournalEntry }[] }>();
  private readonly voided: { gameId: string; seq: number; entry: JournalEntry }[] = [];
  private readonly accounts = new Map<string, Account & { key: string | null }>();
  private readonly sessions = new Map<string, Session>();
  private readonly flags = new Map<string, { reason: string; at: number }>();
  private readonly ratings = new Map<string, PlayerRating>();
  private readonly puzzles = new Map<string, PuzzleRating>();
  private readonly attempts = new Set<string>();
  private readonly solvers = new Map<string, SolverRating>();
  private readonly history = new Map<
    string,
    { accountId: string; edition: RaceEdition; gameId: string; mu: number; sigma: number; at: number }
  >();
  // In saving order, like SQLite's rowids.
  private readonly solos: SoloRecord[] = [];
  private closed = false;

  /** A store in memory is one process's: every game it holds under way is `owner`'s. */
  constructor(readonly owner = '') {}

  saveGame(r: GameRecord): Promise<void> {
    return this.run(() => {
      this.games.set(r.id, copyGame(r));
      this.live.delete(r.id);
    });
  }

  beginGame(g: LiveGame): Promise<void> {
    return this.run(() => {
      const before = this.live.get(g.id);
      this.live.set(g.id, { game: viaJson(g), entries: before?.entries ?? [] });
    });
  }

  journal(gameId: string, seq: number, entry: JournalEntry): Promise<void> {
    return this.run(() => {
      const live = this.live.get(gameId);
      if (!live) throw new Error(`no game ${gameId} under way`);
      if ([...live.entries, ...this.voided.filter((v) => v.gameId === gameId)].some((e) => e.seq === seq))
        throw new Error(`journal entry ${gameId}/${seq} exists`);
      live.entries.push({ seq, entry: viaJson(entry) });
    });
  }

  voidJournal(gameId: string, fromSeq: number): Promise<void> {
    return this.run(() => {
      const live = this.live.get(gameId);
      if (!live) return;
      for (const e of live.entries) if (e.seq >= fromSeq) this.voided.push({ gameId, ...viaJson(e) });
      live.entries = live.entries.filter((e) => e.seq < fromSeq);
    });
  }

  liveGames(): Promise<Journal[]> {
    return this.run(() =>
      [...this.live.values()]
        .sort((a, b) => a.game.startedAt - b.game.startedAt || (a.game.id < b.game.id ? -1 : 1))
        .map((j) => {
          const seqs = [...j.entries, ...this.voided.filter((v) => v.gameId === j.game.id)].map((e) => e.seq);
          return viaJson({
            game: j.game,
            entries: [...j.entries].sort((a, b) => a.seq - b.seq),
            nextSeq: Math.max(-1, ...seqs) + 1,
          });
        }),
    );
  }

  voidedEntries(): Promise<{ gameId: string; seq: number; entry: JournalEntry }[]> {
    return this.run(() =>
      viaJson([...this.voided].sort((a, b) => (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : a.seq - b.seq))),
    );
  }

  game(id: string): Promise<GameRecord | undefined> {
    return this.run(() => {
      const r = this.games.get(id);
      return r && copyGame(r);
    });
  }

  saveSolo(r: SoloRecord): Promise<void> {
    return this.run(() => {
      this.solos.push(copySolo(r));
    });
  }

  soloResultsOf(accountId: string): Promise<SoloRecord[]> {
    return this.run(() =>
      this.solos
        .filter((r) => r.accountId === accountId)
        .reverse()
        .sort((a, b) => b.finishedAt - a.finishedAt)
        .map(copySolo),
    );
  }

  flagAccount(id: string, reason: string, at: number): Promise<void> {
    return this.run(() => {
      if (!this.flags.has(id)) this.flags.set(id, { reason, at });
    });
  }

  flaggedAccounts(): Promise<{ account: Account; reason: string; at: number }[]> {
    return this.run(() =>
      [...this.flags]
        .flatMap(([id, flag]) => {
          const account = this.accounts.get(id);
          return account ? [{ account: accountView(account), ...flag }] : [];
        })
        .sort((a, b) => a.at - b.at || (a.account.id < b.account.id ? -1 : 1)),
    );
  }

  ratingsOf(accountId: string): Promise<PlayerRating[]> {
    return this.run(() =>
      [...this.ratings.values()]
        .filter((r) => r.accountId === accountId)
        .sort((a, b) => (a.edition < b.edition ? -1 : 1))
        .map((r) => ({ ...r })),
    );
  }

  saveRatings(gameId: string, ratings: readonly PlayerRating[]): Promise<void> {
    return this.run(() => {
      for (const r of ratings) {
        this.ratings.set(`${r.accountId}/${r.edition}`, { ...r });
        const key = `${r.accountId}/${r.edition}/${gameId}`;
        if (!this.history.has(key))
          this.history.set(key, {
            accountId: r.accountId,
            edition: r.edition,
            gameId,
            mu: r.mu,
            sigma: r.sigma,
            at: r.updatedAt,
          });
      }
    });
  }

  ratingHistory(
    accountId: string,
    edition: RaceEdition,
  ): Promise<{ gameId: string; mu: number; sigma: number; at: number }[]> {
    return this.run(() =>
      [...this.history.values()]
        .filter((h) => h.accountId === accountId && h.edition === edition)
        .sort((a, b) => a.at - b.at || (a.gameId < b.gameId ? -1 : 1))
        .map(({ gameId, mu, sigma, at }) => ({ gameId, mu, sigma, at })),
    );
  }

  countAttempts(attempts: readonly Attempt[], rate: RateAttempt): Promise<boolean[]> {
    return this.run(() => {
      const counted = attempts.map((a) => {
        const key = `${a.accountId}/${a.task}`;
        if (this.attempts.has(key)) return false;
        this.attempts.add(key);
        return true;
      });
      playAttempts(attempts, counted, this.puzzles, this.solvers, rate);
      return counted;
    });
  }

  puzzleRating(task: string): Promise<PuzzleRating | undefined> {
    return this.run(() => {
      const r = this.puzzles.get(task);
      return r && { ...r };
    });
  }

  savePuzzleRating(r: PuzzleRating): Promise<void> {
    return this.run(() => {
      this.puzzles.set(r.task, { ...r });
    });
  }

  puzzleRatings(prefix: string): Promise<PuzzleRating[]> {
    return this.run(() =>
      [...this.puzzles.values()]
        .filter((r) => r.task.startsWith(prefix))
        .sort((a, b) => (a.task < b.task ? -1 : 1))
        .map((r) => ({ ...r })),
    );
  }

  solverRating(accountId: string, edition: DeckEdition): Promise<SolverRating | undefined> {
    return this.run(() => {
      const r = this.solvers.get(solverKey({ accountId, edition }));
      return r && { ...r };
    });
  }

  saveSolverRating(r: SolverRating): Promise<void> {
    return this.run(() => {
      this.solvers.set(solverKey(r), { ...r });
    });
  }

  leaderboard(
    edition: RaceEdition,
    top: number,
  ): Promise<(PlayerRating & { name: string; username: string | null })[]> {
    return this.run(() =>
      [...this.ratings.values()]
        .filter((r) => r.edition === edition && this.accounts.has(r.accountId))
        .sort((a, b) => rankOf(b) - rankOf(a) || (a.accountId < b.accountId ? -1 : 1))
        .slice(0, top)
        .map((r) => {
          const a = this.accounts.get(r.accountId);
          return { ...r, name: a?.name ?? '', username: a?.username ?? null };
        }),
    );
  }

  records(q: RecordQuery): Promise<SoloRecord[]> {
    return this.run(() => {
      const rows = this.solos.filter(
        (r) =>
          isListed(r) &&
          r.mode === q.mode &&
          (q.limit === undefined || r.limit === q.limit) &&
          (q.side === undefined || r.side === q.side) &&
          (q.since === undefined || r.finishedAt >= q.since) &&
          // A count game is a record only once its puzzles are all solved.
          (q.mode !== 'count' || r.solved >= r.limit),
      );
      // The ORDER BY of `KyselyStorage.records`. Records equal on every key keep their saving order
      // here (`sort` is stable); a database promises no order for them, so the contract asks none.
      const rank = (a: SoloRecord, b: SoloRecord): number =>
        (q.mode === 'count' ? 0 : b.solved - a.solved) || a.ms - b.ms || a.finishedAt - b.finishedAt;
      return rows
        .sort(rank)
        .slice(0, q.top ?? 10)
        .map(copySolo);
    });
  }

  createAccount(a: Account): Promise<void> {
    return this.run(() => {
      if (this.accounts.has(a.id)) throw new Error(`account ${a.id} exists`);
      this.accounts.set(a.id, { ...a, username: null, passwordHash: null, key: null });
    });
  }

  account(id: string): Promise<Account | undefined> {
    return this.run(() => {
      const a = this.accounts.get(id);
      return a && accountView(a);
    });
  }

  accountByUsername(key: string): Promise<Account | undefined> {
    return this.run(() => {
      const a = [...this.accounts.values()].find((x) => x.key === key);
      return a && accountView(a);
    });
  }

  claimAccount(id: string, username: string, key: string, passwordHash: string): Promise<boolean> {
    return this.run(() => {
      const a = this.accounts.get(id);
      if ([...this.accounts.values()].some((x) => x.key === key && x.id !== id)) return false;
      if (a) this.accounts.set(id, { ...a, username, key, passwordHash });
      return true;
    });
  }

  setPassword(id: string, passwordHash: string): Promise<void> {
    return this.run(() => {
      const a = this.accounts.get(id);
      if (a) this.accounts.set(id, { ...a, passwordHash });
    });
  }

  renameAccount(id: string, name: string): Promise<void> {
    return this.run(() => {
      const a = this.accounts.get(id);
      if (a) this.accounts.set(id, { ...a, name });
    });
  }

  createSession(session: Session): Promise<void> {
    return this.run(() => {
      if (this.sessions.has(session.tokenHash)) throw new Error('session exists');
      this.sessions.set(session.tokenHash, { ...session });
    });
  }

  session(tokenHash: string): Promise<Session | undefined> {
    return this.run(() => {
      const s = this.sessions.get(tokenHash);
      return s && { ...s };
    });
  }

  revokeSessions(
    which: { readonly tokenHash: string } | { readonly accountId: string; readonly except?: string },
    at: number,
  ): Promise<void> {
    return this.run(() => {
      for (const [hash, s] of this.sessions) {
        if (s.revokedAt !== null) continue;
        const hit =
          'tokenHash' in which ? hash === which.tokenHash : s.accountId === which.accountId && hash !== which.except;
        if (hit) this.sessions.set(hash, { ...s, revokedAt: at });
      }
    });
  }

  close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }

  // Like a database, the store fails asynchronously: a throw in a promise's executor rejects it.
  private run<T>(work: () => T): Promise<T> {
    return new Promise((resolve) => {
      if (this.closed) throw new Error('storage is closed');
      resolve(work());
    });
  }
}

// Copies go through JSON, as rows do in a database: the store and its callers share no object,
// and a record comes back with exactly the fields SQLite would give back.
function copyGame(r: GameRecord): GameRecord {
  return {
    id: r.id,
    config: viaJson(r.config),
    seed: r.seed,
    seats: viaJson(r.seats),
    actions: viaJson(r.actions),
    result: r.result === undefined ? undefined : viaJson(r.result),
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
  };
}

function accountView(a: Account & { key: string | null }): Account {
  return {
    id: a.id,
    secretHash: a.secretHash,
    name: a.name,
    username: a.username,
    passwordHash: a.passwordHash,
    createdAt: a.createdAt,
  };
}

function copySolo(r: SoloRecord): SoloRecord {
  return {
    player: r.player,
    mode: r.mode,
    limit: r.limit,
    side: r.side,
    solved: r.solved,
    skipped: r.skipped,
    ms: r.ms,
    seed: r.seed,
    finishedAt: r.finishedAt,
    accountId: r.accountId,
    verified: r.verified,
    puzzles: (r.puzzles ?? []).map((p) => ({
      ...p,
      ...(p.trail ? { trail: p.trail.map((m) => [...m] as const) } : {}),
    })),
    dealing: r.dealing ?? 'shuffled',
  };
}

function viaJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
