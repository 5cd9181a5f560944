import type { GameRecord, Games, Journal, JournalEntry, LiveGame, LiveTable } from '../table/store.js';
import type { Gate } from './memory-shared.js';
import { columns, CorruptRowError, parseStored } from './schemas.js';
import { tableRowOf } from './table-rows.js';

// Rows as the database keeps them (kysely-games.ts): JSON as text, read back through the same
// parsers. The store and its callers share no object, and a value comes back with exactly the
// fields SQLite would give back.
interface GameRow {
  readonly id: string;
  readonly config: string;
  readonly seed: number;
  readonly seats: string;
  readonly actions: string;
  readonly result: string | null;
  readonly startedAt: number;
  readonly finishedAt: number;
}
interface LiveRow {
  readonly id: string;
  readonly room: string;
  readonly public: boolean;
  readonly rated: boolean;
  readonly config: string;
  readonly seed: number;
  readonly startedAt: number;
  readonly seats: string;
  /** `LiveArena` as JSON; '' for none. */
  readonly arena: string;
}
interface EntryRow {
  readonly seq: number;
  readonly entry: string;
}

/** The games of a store in memory: records, and the journals of the games under way. */
export class MemoryGames implements Games {
  private readonly games = new Map<string, GameRow>();
  private readonly live = new Map<string, { game: LiveRow; entries: EntryRow[] }>();
  private readonly voided: (EntryRow & { readonly gameId: string })[] = [];
  /** Tables between games, by code: their JSON, as a database would hold it. */
  private readonly tables = new Map<string, { readonly body: string; readonly savedAt: number }>();

  /** Every game under way it holds is `owner`'s: a store in memory is one process's. */
  constructor(
    private readonly gate: Gate,
    readonly owner = '',
  ) {}

  saveGame(r: GameRecord): Promise<void> {
    return this.gate.run(() => {
      this.games.set(r.id, {
        id: r.id,
        config: JSON.stringify(r.config),
        seed: r.seed,
        seats: JSON.stringify(r.seats),
        actions: JSON.stringify(r.actions),
        result: r.result === undefined ? null : JSON.stringify(r.result),
        startedAt: r.startedAt,
        finishedAt: r.finishedAt,
      });
      this.live.delete(r.id);
    });
  }

  beginGame(g: LiveGame): Promise<void> {
    return this.gate.run(() => {
      const game = {
        id: g.id,
        room: g.room,
        public: g.public,
        rated: g.rated === true,
        config: JSON.stringify(g.config),
        seed: g.seed,
        startedAt: g.startedAt,
        seats: JSON.stringify(g.seats),
        arena: g.arena ? JSON.stringify(g.arena) : '',
      };
      this.live.set(g.id, { game, entries: this.live.get(g.id)?.entries ?? [] });
    });
  }

  journal(gameId: string, seq: number, entry: JournalEntry): Promise<void> {
    return this.gate.run(() => {
      const live = this.live.get(gameId);
      if (!live) throw new Error(`no game ${gameId} under way`);
      if ([...live.entries, ...this.voided.filter((v) => v.gameId === gameId)].some((e) => e.seq === seq))
        throw new Error(`journal entry ${gameId}/${seq} exists`);
      live.entries.push({ seq, entry: JSON.stringify(entry) });
    });
  }

  voidJournal(gameId: string, fromSeq: number): Promise<void> {
    return this.gate.run(() => {
      const live = this.live.get(gameId);
      if (!live) return;
      for (const e of live.entries) if (e.seq >= fromSeq) this.voided.push({ gameId, ...e });
      live.entries = live.entries.filter((e) => e.seq < fromSeq);
    });
  }

  liveGames(skip?: (gameId: string, error: Error) => void): Promise<Journal[]> {
    return this.gate.run(() =>
      [...this.live.values()]
        .sort((a, b) => a.game.startedAt - b.game.startedAt || (a.game.id < b.game.id ? -1 : 1))
        .flatMap((j) => {
          const seqs = [...j.entries, ...this.voided.filter((v) => v.gameId === j.game.id)].map((e) => e.seq);
          try {
            return [
              {
                game: liveOf(j.game),
                entries: [...j.entries]
                  .sort((a, b) => a.seq - b.seq)
                  .map(({ seq, entry }) => ({ seq, entry: entryOf(j.game.id, seq, entry) })),
                nextSeq: Math.max(-1, ...seqs) + 1,
              },
            ];
          } catch (e) {
            if (!skip || !(e instanceof CorruptRowError)) throw e;
            skip(j.game.id, e);
            return [];
          }
        }),
    );
  }

  voidedEntries(): Promise<{ gameId: string; seq: number; entry: JournalEntry }[]> {
    return this.gate.run(() =>
      [...this.voided]
        .sort((a, b) => (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : a.seq - b.seq))
        .map(({ gameId, seq, entry }) => ({ gameId, seq, entry: entryOf(gameId, seq, entry) })),
    );
  }

  keepTable(t: LiveTable): Promise<void> {
    return this.gate.run(() => {
      const { code, savedAt, ...body } = t;
      this.tables.set(code, { body: JSON.stringify(body), savedAt });
    });
  }

  dropTable(code: string): Promise<void> {
    return this.gate.run(() => {
      this.tables.delete(code);
    });
  }

  liveTables(skip?: (code: string, error: Error) => void): Promise<LiveTable[]> {
    return this.gate.run(() =>
      [...this.tables.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .flatMap(([code, { body, savedAt }]) => {
          try {
            const parsed = parseStored(columns.tableBody, body, `live_tables (code ${code})`, 'body');
            return [tableRowOf({ code, body: parsed, saved_at: savedAt })];
          } catch (e) {
            if (!skip || !(e instanceof CorruptRowError)) throw e;
            skip(code, e);
            return [];
          }
        }),
    );
  }

  game(id: string): Promise<GameRecord | undefined> {
    return this.gate.run(() => {
      const r = this.games.get(id);
      return r && gameOf(r);
    });
  }
}

function gameOf(r: GameRow): GameRecord {
  const where = `games (id ${r.id})`;
  return {
    id: r.id,
    config: parseStored(columns.config, r.config, where, 'config'),
    seed: r.seed,
    seats: parseStored(columns.storedSeats, r.seats, where, 'seats'),
    actions: parseStored(columns.actions, r.actions, where, 'actions'),
    result: r.result === null ? undefined : parseStored(columns.result, r.result, where, 'result'),
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
  };
}

function liveOf(g: LiveRow): LiveGame {
  const where = `live_games (id ${g.id})`;
  return {
    id: g.id,
    room: g.room,
    public: g.public,
    ...(g.rated ? { rated: true } : {}),
    config: parseStored(columns.config, g.config, where, 'config'),
    seed: g.seed,
    startedAt: g.startedAt,
    seats: parseStored(columns.journalSeats, g.seats, where, 'seats'),
    ...(g.arena === '' ? {} : { arena: parseStored(columns.liveArena, g.arena, where, 'arena') }),
  };
}

const entryOf = (gameId: string, seq: number, text: string): JournalEntry =>
  parseStored(columns.entry, text, `journal (game ${gameId}, seq ${seq})`, 'entry');
