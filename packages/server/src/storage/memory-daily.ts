import { randomBytes } from 'node:crypto';
import type { Account } from '../accounts/store.js';
import { isReviewed } from '../leaderboards.js';
import type {
  DailyAttempt,
  DailyAttempts,
  DailyBoardEntry,
  DailyBoardPage,
  DailySettling,
} from '../solo/courses/daily-store.js';
import type { Gate } from './memory-shared.js';
import type { MemorySoloRuns } from './memory-solo-runs.js';

/** The daily puzzle's attempts of a store in memory; its runs and accounts are the same set's. */
export class MemoryDaily implements DailyAttempts {
  /** By `account day`, in the order taken. */
  private readonly attempts = new Map<string, DailyAttempt>();
  /** The store's own secret: a store in memory lives as long as its process. */
  private readonly secret = randomBytes(32).toString('base64url');

  constructor(
    private readonly gate: Gate,
    private readonly soloRuns: MemorySoloRuns,
    private readonly accountOf: (id: string) => Account | undefined,
  ) {}

  takeDailyAttempt(accountId: string, day: string, startedAt: number): Promise<boolean> {
    return this.gate.run(() => {
      const key = `${accountId} ${day}`;
      if (this.attempts.has(key)) return false;
      this.attempts.set(key, { accountId, day, startedAt, run: null, solved: false, ms: null, verified: false });
      return true;
    });
  }

  settleDailyAttempt(accountId: string, day: string, run: DailySettling): Promise<void> {
    return this.gate.run(() => {
      const key = `${accountId} ${day}`;
      const held = this.attempts.get(key);
      if (!held || held.ms !== null) return;
      this.attempts.set(key, { ...held, run: run.id, solved: run.solved, ms: run.ms, verified: run.verified });
    });
  }

  dailyAttempt(accountId: string, day: string): Promise<DailyAttempt | undefined> {
    return this.gate.run(() => {
      const found = this.attempts.get(`${accountId} ${day}`);
      return found ? { ...found } : undefined;
    });
  }

  dailySolvedDays(accountId: string, day: string, top: number): Promise<string[]> {
    return this.gate.run(() =>
      [...this.attempts.values()]
        .filter(
          (a) =>
            a.accountId === accountId &&
            a.day <= day &&
            a.solved &&
            a.verified &&
            a.run !== null &&
            this.soloRuns.isListedRun(a.run),
        )
        .map((a) => a.day)
        .sort((a, b) => (a < b ? 1 : a > b ? -1 : 0))
        .slice(0, top),
    );
  }

  dailyDaysPlayed(accountId: string, day: string): Promise<number> {
    return this.gate.run(
      () => [...this.attempts.values()].filter((a) => a.accountId === accountId && a.day <= day).length,
    );
  }

  dailyBoard(day: string, page: DailyBoardPage): Promise<DailyBoardEntry[]> {
    return this.gate.run(() => {
      const listed: (DailyBoardEntry & { startedAt: number })[] = [];
      for (const a of this.attempts.values()) {
        if (a.day !== day || !a.solved || !a.verified || a.run === null || a.ms === null) continue;
        if (!this.soloRuns.isListedRun(a.run) || !this.soloRuns.isPublicAccount(a.accountId)) continue;
        if (page.reviewed === true && !isReviewed(this.soloRuns.reviewOf(a.run))) continue;
        const account = this.accountOf(a.accountId);
        if (!account) continue;
        listed.push({
          accountId: a.accountId,
          name: account.name,
          username: account.username,
          run: a.run,
          ms: a.ms,
          reviewed: isReviewed(this.soloRuns.reviewOf(a.run)),
          startedAt: a.startedAt,
        });
      }
      listed.sort(
        (x, y) =>
          x.ms - y.ms ||
          x.startedAt - y.startedAt ||
          (x.accountId < y.accountId ? -1 : x.accountId > y.accountId ? 1 : 0),
      );
      const from = page.offset ?? 0;
      return listed.slice(from, from + page.top).map((e) => ({
        accountId: e.accountId,
        name: e.name,
        username: e.username,
        run: e.run,
        ms: e.ms,
        reviewed: e.reviewed,
      }));
    });
  }

  dailySecret(): Promise<string> {
    return Promise.resolve(this.secret);
  }
}
