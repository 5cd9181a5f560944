import type { Account } from '../accounts/store.js';
import type { Arena, ArenaEntry, ArenaGameResult, Arenas } from '../arena/store.js';
import type { Gate } from './memory-shared.js';

type Entry = Omit<ArenaEntry, 'name' | 'username'>;

/** Arenas and their entries in memory; the accounts (names) are the same set's. */
export class MemoryArenas implements Arenas {
  private readonly all = new Map<string, Arena>();
  /** By `arena account`, in the order entered. */
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly gate: Gate,
    private readonly accountOf: (id: string) => Account | undefined,
  ) {}

  createArena(arena: Arena): Promise<boolean> {
    return this.gate.run(() => {
      if (this.all.has(arena.id)) return false;
      this.all.set(arena.id, { ...arena });
      return true;
    });
  }

  arena(id: string): Promise<Arena | undefined> {
    return this.gate.run(() => {
      const found = this.all.get(id);
      return found && { ...found };
    });
  }

  arenas(from: number, to: number, limit: number): Promise<Arena[]> {
    return this.gate.run(() =>
      [...this.all.values()]
        .filter((a) => a.endsAt >= from && a.startsAt <= to)
        .sort((a, b) => a.startsAt - b.startsAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .slice(0, limit)
        .map((a) => ({ ...a })),
    );
  }

  cancelArena(id: string): Promise<boolean> {
    return this.gate.run(() => {
      if ([...this.entries.values()].some((e) => e.arenaId === id)) return false;
      return this.all.delete(id);
    });
  }

  enterArena(arenaId: string, accountId: string, at: number): Promise<void> {
    return this.gate.run(() => {
      const key = `${arenaId} ${accountId}`;
      const entry = this.entries.get(key);
      if (!entry) {
        this.entries.set(key, {
          arenaId,
          accountId,
          joinedAt: at,
          points: 0,
          wins: 0,
          games: 0,
          waitingSince: at,
          seenAt: at,
          table: null,
        });
        return;
      }
      const waiting = entry.table === null ? (entry.waitingSince ?? at) : entry.waitingSince;
      this.entries.set(key, { ...entry, waitingSince: waiting, seenAt: at });
    });
  }

  leaveArenaLobby(arenaId: string, accountId: string): Promise<void> {
    return this.gate.run(() => {
      const key = `${arenaId} ${accountId}`;
      const entry = this.entries.get(key);
      if (entry) this.entries.set(key, { ...entry, waitingSince: null });
    });
  }

  arenaEntries(arenaId: string): Promise<ArenaEntry[]> {
    return this.gate.run(() =>
      [...this.entries.values()]
        .filter((e) => e.arenaId === arenaId)
        .sort((a, b) => a.joinedAt - b.joinedAt || (a.accountId < b.accountId ? -1 : 1))
        .map((e) => {
          const account = this.accountOf(e.accountId);
          return { ...e, name: account?.name ?? '', username: account?.username ?? null };
        }),
    );
  }

  seatArenaTable(arenaId: string, accountIds: readonly string[], table: string): Promise<boolean> {
    return this.gate.run(() => {
      const entries = accountIds.map((id) => this.entries.get(`${arenaId} ${id}`));
      if (entries.some((e) => !e || e.waitingSince === null || e.table !== null)) return false;
      for (const e of entries)
        if (e) this.entries.set(`${arenaId} ${e.accountId}`, { ...e, waitingSince: null, table });
      return true;
    });
  }

  endArenaTable(arenaId: string, table: string, results: readonly ArenaGameResult[]): Promise<void> {
    return this.gate.run(() => {
      for (const [key, e] of this.entries) {
        if (e.arenaId !== arenaId || e.table !== table) continue;
        const result = results.find((r) => r.accountId === e.accountId);
        this.entries.set(key, {
          ...e,
          table: null,
          ...(result
            ? { points: e.points + result.points, games: e.games + 1, wins: e.wins + (result.win ? 1 : 0) }
            : {}),
        });
      }
    });
  }

  arenasOf(accountId: string, limit: number): Promise<Arena[]> {
    return this.gate.run(() =>
      [...this.entries.values()]
        .filter((e) => e.accountId === accountId)
        .flatMap((e) => {
          const arena = this.all.get(e.arenaId);
          return arena ? [{ ...arena }] : [];
        })
        .sort((a, b) => b.startsAt - a.startsAt || (a.id < b.id ? -1 : 1))
        .slice(0, limit),
    );
  }
}
