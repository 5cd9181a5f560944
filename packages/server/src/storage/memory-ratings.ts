import type { DeckEdition, RaceEdition } from '@ubongo/core';
import type { Account } from '../accounts/store.js';
import type {
  Attempt,
  PlayerRating,
  PuzzleRating,
  RatedGame,
  RatedRecord,
  RateAttempt,
  Ratings,
  SolverRating,
  SolverTime,
  TaskTime,
  TimedAttemptRecord,
} from '../rating/store.js';
import { rankOf, RATING_BOARD } from '../leaderboards.js';
import { playAttempts, playTimes, solverKey } from './attempts.js';
import type { Gate } from './memory-shared.js';

/** The ratings of a store in memory: players', with their history, puzzles' and solvers'. */
export class MemoryRatings implements Ratings {
  /** By account and edition; the seasons' turn widens them (`MemorySeasons`). */
  readonly ratings = new Map<string, PlayerRating>();
  private readonly puzzles = new Map<string, PuzzleRating>();
  private readonly attempts = new Set<string>();
  private readonly solvers = new Map<string, SolverRating>();
  private readonly taskBeliefs = new Map<string, TaskTime>();
  private readonly solverBeliefs = new Map<string, SolverTime>();
  private readonly timed: TimedAttemptRecord[] = [];
  /** Each rated game's rating after it, by game and account (what a season's board counts). */
  readonly history = new Map<
    string,
    {
      accountId: string;
      edition: RaceEdition;
      gameId: string;
      mu: number;
      sigma: number;
      at: number;
      place: number | null;
    }
  >();

  /** `account` finds the accounts the leaderboard names (the accounts store's, on the same gate). */
  constructor(
    private readonly gate: Gate,
    private readonly account: (id: string) => Account | undefined,
  ) {}

  ratingsOf(accountId: string): Promise<PlayerRating[]> {
    return this.gate.run(() =>
      [...this.ratings.values()]
        .filter((r) => r.accountId === accountId)
        .sort((a, b) => (a.edition < b.edition ? -1 : 1))
        .map((r) => ({ ...r })),
    );
  }

  saveRatings(gameId: string, ratings: readonly (PlayerRating & { readonly place?: number })[]): Promise<void> {
    return this.gate.run(() => {
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
            place: r.place ?? null,
          });
      }
    });
  }

  ratingHistory(
    accountId: string,
    edition: RaceEdition,
  ): Promise<{ gameId: string; mu: number; sigma: number; at: number }[]> {
    return this.gate.run(() =>
      [...this.history.values()]
        .filter((h) => h.accountId === accountId && h.edition === edition)
        .sort((a, b) => a.at - b.at || (a.gameId < b.gameId ? -1 : 1))
        .map(({ gameId, mu, sigma, at }) => ({ gameId, mu, sigma, at })),
    );
  }

  ratedRecord(accountId: string, edition: RaceEdition): Promise<RatedRecord> {
    return this.gate.run(() => {
      const mine = this.#entries(accountId, edition);
      const games = new Set(mine.map((h) => h.gameId));
      const met = new Set(
        [...this.history.values()]
          .filter((h) => h.edition === edition && h.accountId !== accountId && games.has(h.gameId))
          .map((h) => h.accountId),
      );
      return { games: mine.length, firstAt: mine[0]?.at ?? null, opponents: met.size };
    });
  }

  ratedGames(accountId: string, edition: RaceEdition, since: number): Promise<RatedGame[]> {
    return this.gate.run(() => {
      const mine = this.#entries(accountId, edition).filter((h) => h.at >= since);
      const games = new Set(mine.map((h) => h.gameId));
      const firsts = new Map<string, number>();
      const byGame = new Map<string, { accountId: string; place: number | null }[]>();
      for (const h of this.history.values()) {
        if (h.edition !== edition) continue;
        firsts.set(h.accountId, Math.min(firsts.get(h.accountId) ?? h.at, h.at));
        if (h.accountId === accountId || !games.has(h.gameId)) continue;
        byGame.set(h.gameId, [...(byGame.get(h.gameId) ?? []), { accountId: h.accountId, place: h.place }]);
      }
      return mine.map((h) => ({
        gameId: h.gameId,
        at: h.at,
        place: h.place,
        others: (byGame.get(h.gameId) ?? [])
          .sort((a, b) => (a.accountId < b.accountId ? -1 : 1))
          .map((o) => ({ ...o, firstAt: firsts.get(o.accountId) ?? h.at })),
      }));
    });
  }

  /** An account's history entries in an edition, oldest first. */
  #entries(accountId: string, edition: RaceEdition) {
    return [...this.history.values()]
      .filter((h) => h.accountId === accountId && h.edition === edition)
      .sort((a, b) => a.at - b.at || (a.gameId < b.gameId ? -1 : 1));
  }

  countAttempts(attempts: readonly Attempt[], rate: RateAttempt): Promise<boolean[]> {
    return this.gate.run(() => {
      const counted = attempts.map((a) => {
        const key = `${a.accountId}/${a.task}`;
        if (this.attempts.has(key)) return false;
        this.attempts.add(key);
        return true;
      });
      playAttempts(attempts, counted, this.puzzles, this.solvers, rate);
      playTimes(attempts, counted, this.taskBeliefs, this.solverBeliefs);
      attempts.forEach((a, i) => {
        if (counted[i])
          this.timed.push({ accountId: a.accountId, task: a.task, ms: Math.round(a.ms), solved: a.solved, at: a.at });
      });
      return counted;
    });
  }

  puzzleRating(task: string): Promise<PuzzleRating | undefined> {
    return this.gate.run(() => {
      const r = this.puzzles.get(task);
      return r && { ...r };
    });
  }

  savePuzzleRating(r: PuzzleRating): Promise<void> {
    return this.gate.run(() => {
      this.puzzles.set(r.task, { ...r });
    });
  }

  puzzleRatings(prefix: string): Promise<PuzzleRating[]> {
    return this.gate.run(() =>
      [...this.puzzles.values()]
        .filter((r) => r.task.startsWith(prefix))
        .sort((a, b) => (a.task < b.task ? -1 : 1))
        .map((r) => ({ ...r })),
    );
  }

  solverRating(accountId: string, edition: DeckEdition): Promise<SolverRating | undefined> {
    return this.gate.run(() => {
      const r = this.solvers.get(solverKey({ accountId, edition }));
      return r && { ...r };
    });
  }

  saveSolverRating(r: SolverRating): Promise<void> {
    return this.gate.run(() => {
      this.solvers.set(solverKey(r), { ...r });
    });
  }

  taskTimes(prefix: string): Promise<TaskTime[]> {
    return this.gate.run(() =>
      [...this.taskBeliefs.values()]
        .filter((t) => t.task.startsWith(prefix))
        .sort((a, b) => (a.task < b.task ? -1 : 1))
        .map((t) => ({ ...t })),
    );
  }

  solverTime(accountId: string, edition: DeckEdition): Promise<SolverTime | undefined> {
    return this.gate.run(() => {
      const t = this.solverBeliefs.get(solverKey({ accountId, edition }));
      return t && { ...t };
    });
  }

  timedAttempts(prefix: string): Promise<TimedAttemptRecord[]> {
    const order = (a: TimedAttemptRecord, b: TimedAttemptRecord): number =>
      a.at - b.at || (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : a.task < b.task ? -1 : 1);
    return this.gate.run(() =>
      this.timed
        .filter((t) => t.task.startsWith(prefix))
        .sort(order)
        .map((t) => ({ ...t })),
    );
  }

  leaderboard(
    edition: RaceEdition,
    top: number,
    skip = 0,
  ): Promise<(PlayerRating & { name: string; username: string | null; lastGame: string | null })[]> {
    return this.gate.run(() =>
      [...this.ratings.values()]
        .flatMap((r) => {
          const a = r.edition === edition ? this.account(r.accountId) : undefined;
          // A public board: claimed accounts with rated games (leaderboards.ts's `RATING_BOARD`).
          const games = [...this.history.values()]
            .filter((h) => h.accountId === r.accountId && h.edition === edition)
            .sort((x, y) => y.at - x.at || (x.gameId < y.gameId ? 1 : -1));
          if (!a || a.username === null || games.length < RATING_BOARD.games) return [];
          return [{ ...r, name: a.name, username: a.username, lastGame: games[0]?.gameId ?? null }];
        })
        .sort((a, b) => rankOf(b) - rankOf(a) || (a.accountId < b.accountId ? -1 : 1))
        .slice(skip, skip + top),
    );
  }

  async leaderboardAhead(
    edition: RaceEdition,
    rating: Pick<PlayerRating, 'accountId' | 'mu' | 'sigma'>,
  ): Promise<number> {
    const board = await this.leaderboard(edition, Number.MAX_SAFE_INTEGER);
    return board.filter(
      (r) => rankOf(r) > rankOf(rating) || (rankOf(r) === rankOf(rating) && r.accountId < rating.accountId),
    ).length;
  }
}
