import type { GameRecord, Games, Journal, JournalEntry, LiveGame } from '../storage.js';
import type { Gate } from './memory-shared.js';
import { copy } from './memory-shared.js';
import { gameActions, journalEntry, journalSeats, raceConfig, raceResult, storedSeats } from './schemas.js';

/** The games of a store in memory: records, and the journals of the games under way. */
export class MemoryGames implements Games {
  private readonly games = new Map<string, GameRecord>();
  private readonly live = new Map<string, { game: LiveGame; entries: { seq: number; entry: JournalEntry }[] }>();
  private readonly voided: { gameId: string; seq: number; entry: JournalEntry }[] = [];

  /** Every game under way it holds is `owner`'s: a store in memory is one process's. */
  constructor(
    private readonly gate: Gate,
    readonly owner = '',
  ) {}

  saveGame(r: GameRecord): Promise<void> {
    return this.gate.run(() => {
      this.games.set(r.id, copyGame(r));
      this.live.delete(r.id);
    });
  }

  beginGame(g: LiveGame): Promise<void> {
    return this.gate.run(() => {
      const before = this.live.get(g.id);
      this.live.set(g.id, { game: copyLive(g), entries: before?.entries ?? [] });
    });
  }

  journal(gameId: string, seq: number, entry: JournalEntry): Promise<void> {
    return this.gate.run(() => {
      const live = this.live.get(gameId);
      if (!live) throw new Error(`no game ${gameId} under way`);
      if ([...live.entries, ...this.voided.filter((v) => v.gameId === gameId)].some((e) => e.seq === seq))
        throw new Error(`journal entry ${gameId}/${seq} exists`);
      live.entries.push({ seq, entry: copyEntry(gameId, seq, entry) });
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

  liveGames(): Promise<Journal[]> {
    return this.gate.run(() =>
      [...this.live.values()]
        .sort((a, b) => a.game.startedAt - b.game.startedAt || (a.game.id < b.game.id ? -1 : 1))
        .map((j) => {
          const seqs = [...j.entries, ...this.voided.filter((v) => v.gameId === j.game.id)].map((e) => e.seq);
          return {
            game: copyLive(j.game),
            entries: [...j.entries]
              .sort((a, b) => a.seq - b.seq)
              .map(({ seq, entry }) => ({ seq, entry: copyEntry(j.game.id, seq, entry) })),
            nextSeq: Math.max(-1, ...seqs) + 1,
          };
        }),
    );
  }

  voidedEntries(): Promise<{ gameId: string; seq: number; entry: JournalEntry }[]> {
    return this.gate.run(() =>
      [...this.voided]
        .sort((a, b) => (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : a.seq - b.seq))
        .map(({ gameId, seq, entry }) => ({ gameId, seq, entry: copyEntry(gameId, seq, entry) })),
    );
  }

  game(id: string): Promise<GameRecord | undefined> {
    return this.gate.run(() => {
      const r = this.games.get(id);
      return r && copyGame(r);
    });
  }
}

function copyGame(r: GameRecord): GameRecord {
  const where = `games (id ${r.id})`;
  return {
    id: r.id,
    config: copy(raceConfig, r.config, where, 'config'),
    seed: r.seed,
    seats: copy(storedSeats, r.seats, where, 'seats'),
    actions: copy(gameActions, r.actions, where, 'actions'),
    result: r.result === undefined ? undefined : copy(raceResult, r.result, where, 'result'),
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
  };
}

function copyLive(g: LiveGame): LiveGame {
  const where = `live_games (id ${g.id})`;
  return {
    id: g.id,
    room: g.room,
    public: g.public,
    ...(g.rated === true ? { rated: true } : {}),
    config: copy(raceConfig, g.config, where, 'config'),
    seed: g.seed,
    startedAt: g.startedAt,
    seats: copy(journalSeats, g.seats, where, 'seats'),
  };
}

const copyEntry = (gameId: string, seq: number, entry: JournalEntry): JournalEntry =>
  copy(journalEntry, entry, `journal (game ${gameId}, seq ${seq})`, 'entry');
