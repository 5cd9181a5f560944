import type { Account } from '../accounts/store.js';
import type { BoardTime, BoardTimeEntry, PlayerBoard, PlayerBoards } from '../boards/store.js';
import { isReviewed } from '../leaderboards.js';
import type { Gate } from './memory-shared.js';
import type { MemorySoloRuns } from './memory-solo-runs.js';

/** Boards players made, in memory; their runs and accounts are the same set's. */
export class MemoryBoards implements PlayerBoards {
  private readonly boards = new Map<string, PlayerBoard>();
  private readonly times: BoardTime[] = [];

  constructor(
    private readonly gate: Gate,
    private readonly soloRuns: MemorySoloRuns,
    private readonly accountOf: (id: string) => Account | undefined,
  ) {}

  saveBoard(board: Omit<PlayerBoard, 'hiddenAt'>): Promise<boolean> {
    return this.gate.run(() => {
      if (this.boards.has(board.id)) return false;
      this.boards.set(board.id, structuredClone({ ...board, hiddenAt: null }));
      return true;
    });
  }

  board(id: string): Promise<PlayerBoard | undefined> {
    return this.gate.run(() => {
      const found = this.boards.get(id);
      return found ? structuredClone(found) : undefined;
    });
  }

  boardsMadeSince(accountId: string, since: number): Promise<number> {
    return this.gate.run(
      () => [...this.boards.values()].filter((b) => b.accountId === accountId && b.createdAt >= since).length,
    );
  }

  boardList(top: number): Promise<PlayerBoard[]> {
    return this.gate.run(() =>
      [...this.boards.values()]
        .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .slice(0, top)
        .map((b) => structuredClone(b)),
    );
  }

  hideBoard(id: string, at: number | null): Promise<boolean> {
    return this.gate.run(() => {
      const found = this.boards.get(id);
      if (!found) return false;
      this.boards.set(id, { ...found, hiddenAt: at });
      return true;
    });
  }

  saveBoardTime(time: BoardTime): Promise<void> {
    return this.gate.run(() => {
      if (!this.times.some((t) => t.run === time.run)) this.times.push({ ...time });
    });
  }

  boardTimes(board: string, top: number): Promise<BoardTimeEntry[]> {
    return this.gate.run(() => {
      const listed = this.times
        .filter(
          (t) => t.board === board && this.soloRuns.isListedRun(t.run) && this.soloRuns.isPublicAccount(t.accountId),
        )
        .sort((a, b) => a.ms - b.ms || a.at - b.at || a.run - b.run);
      const seen = new Set<string>();
      const entries: BoardTimeEntry[] = [];
      for (const t of listed) {
        const account = this.accountOf(t.accountId);
        if (seen.has(t.accountId) || !account) continue;
        seen.add(t.accountId);
        const reviewed = isReviewed(this.soloRuns.reviewOf(t.run));
        entries.push({
          accountId: t.accountId,
          name: account.name,
          username: account.username,
          run: t.run,
          ms: t.ms,
          reviewed,
        });
      }
      return entries.slice(0, top);
    });
  }
}
