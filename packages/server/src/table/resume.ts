import { deckFor, STAND_IN_LEVEL } from '@ubongo/core';
import { randomBytes } from 'node:crypto';
import { RaceGame } from './race-game.js';
import type { GameClock } from '../clock.js';
import type { Deck } from '@ubongo/core';
import type { GameRecord, Journal, JournalSeat, LiveTable } from './store.js';
import type { Stores } from '../storage/stores.js';
import type { Restoration, Resumption, RoomServices } from '../services.js';
import { settingsOf, Table } from './table.js';

/*
 * After a restart (a crash, kill -9, or a stop by signal), the games the journal holds as under way
 * are rebuilt and handed to rooms of their own, under their old codes; the people come back to
 * them with their seats' keys (race-room.ts). A game the journal shows finished is stored; one whose
 * journal does not replay is stored as interrupted, with the actions it has. Tables kept between
 * games (a lobby, a finished game's table: race-master.ts's `keep`) come back the same way, under
 * their codes, with their settings, seats, ready states and host.
 */

/** The latest game time any journal holds: a restarted clock starts after it. */
export function latestTime(journals: readonly Journal[]): number {
  return Math.max(0, ...journals.flatMap((j) => [j.game.startedAt, ...j.entries.map((e) => e.entry.at)]));
}

/** The seats after the journal's stand-ins. */
function seatsAfter(journal: Journal, upTo: number | null): JournalSeat[] {
  const gone = new Set(
    journal.entries
      .filter(({ seq }) => upTo === null || seq < upTo)
      .flatMap(({ entry }) => (entry.kind === 'stand-in' ? [entry.player] : [])),
  );
  return journal.game.seats.map((s) => {
    if (!gone.has(s.id) || s.occupant.kind !== 'human') return s;
    return { id: s.id, side: s.side, occupant: { kind: 'stand-in', level: STAND_IN_LEVEL, for: s.occupant.name } };
  });
}

/** How a start went with the journal: games resumed in rooms, stored as finished, stored as interrupted. */
export interface Resumed {
  readonly resumed: number;
  readonly finished: number;
  readonly broken: number;
}

/** The game a room is created to resume (`options.resume`, its key), taken from those waiting; none for a new table. */
export function takeResumption(
  resumes: Map<string, Resumption | Restoration>,
  options: unknown,
): Resumption | Restoration | undefined {
  const key = (options as { resume?: unknown } | null)?.resume;
  const resumption = typeof key === 'string' ? resumes.get(key) : undefined;
  if (typeof key === 'string') resumes.delete(key);
  return resumption;
}

/** Rebuilds every game under way; `open(key)` creates the room that takes `services.resumes.get(key)`. */
export async function resumeGames(
  services: Pick<RoomServices, 'decks' | 'log' | 'resumes'> & {
    readonly stores: Pick<Stores, 'games'>;
    readonly clock: Pick<GameClock, 'now'>;
  },
  journals: readonly Journal[],
  open: (key: string) => Promise<unknown>,
): Promise<Resumed> {
  const { stores, decks, log, clock } = services;
  let resumed = 0;
  let finished = 0;
  let broken = 0;
  for (const journal of journals) {
    const { game: live, entries, nextSeq } = journal;
    const rebuilt = RaceGame.resume(decks[deckFor(live.config.edition)], live, entries, nextSeq);
    if (!rebuilt.ok) {
      log(`game ${live.id} cannot be resumed: ${rebuilt.error.message}; it is stored as interrupted`);
      await stores.games.saveGame(brokenRecord(journal, clock.now()));
      broken++;
      continue;
    }
    const { game, voidFrom } = rebuilt.value;
    const seats = seatsAfter(journal, voidFrom);
    if (voidFrom !== null) await stores.games.voidJournal(live.id, voidFrom);
    if (game.finished) {
      await stores.games.saveGame(game.record(live.id, storedSeats(journal, seats), clock.now()));
      finished++;
      continue;
    }
    const key = randomBytes(16).toString('hex');
    services.resumes.set(key, { live, game, seats });
    try {
      await open(key);
      resumed++;
    } catch (e) {
      services.resumes.delete(key);
      log(`game ${live.id} could not get its room back: ${String(e)}; it is stored as interrupted`);
      await stores.games.saveGame(game.record(live.id, storedSeats(journal, seats), clock.now()));
      broken++;
    }
  }
  return { resumed, finished, broken };
}

function storedSeats(journal: Journal, seats: readonly JournalSeat[]): GameRecord['seats'] {
  return Table.resumed(settingsOf(journal.game.config), seats).storedSeats();
}

function brokenRecord(journal: Journal, now: number): GameRecord {
  const { game: live, entries } = journal;
  return {
    id: live.id,
    config: live.config,
    seed: live.seed,
    seats: storedSeats(journal, live.seats),
    actions: entries.flatMap(({ entry }) => (entry.kind === 'action' ? [{ at: entry.at, action: entry.action }] : [])),
    result: undefined,
    startedAt: live.startedAt,
    finishedAt: now,
  };
}

/** How a start went with the kept tables: back in rooms, forgotten (their code's game resumed, or no room). */
export interface Restored {
  readonly restored: number;
  readonly dropped: number;
}

/**
 * Brings back every table kept between games; `open(key)` creates the room that takes
 * `services.resumes.get(key)`. A table whose code is a game's of the journal (`taken`: it was kept
 * just before its game began) is forgotten: the journal has it. A finished table whose game's
 * record is gone (or does not replay) comes back as its lobby, for a rematch.
 */
export async function restoreTables(
  services: Pick<RoomServices, 'decks' | 'log' | 'resumes'> & {
    readonly stores: Pick<Stores, 'games'>;
  },
  tables: readonly LiveTable[],
  taken: ReadonlySet<string>,
  open: (key: string) => Promise<unknown>,
): Promise<Restored> {
  const { stores, decks, log } = services;
  let restored = 0;
  let dropped = 0;
  for (const table of tables) {
    if (taken.has(table.code)) {
      await stores.games.dropTable(table.code);
      dropped++;
      continue;
    }
    let game: RaceGame | null = null;
    if (table.game !== null) {
      const record = await stores.games.game(table.game);
      game = record ? finishedGame(decks[deckFor(record.config.edition)], record) : null;
      if (!game) log(`table ${table.code}: its game ${table.game} cannot be shown again; it comes back as its lobby`);
    }
    const key = randomBytes(16).toString('hex');
    services.resumes.set(key, { table, game } satisfies Restoration);
    try {
      await open(key);
      restored++;
    } catch (e) {
      services.resumes.delete(key);
      log(`table ${table.code} could not get its room back: ${String(e)}; it is forgotten`);
      await stores.games.dropTable(table.code);
      dropped++;
    }
  }
  return { restored, dropped };
}

/** A finished game rebuilt from its stored record (seed and actions), as saved; null if it does not replay to its end. */
export function finishedGame(deck: Deck, record: GameRecord): RaceGame | null {
  if (record.result === undefined) return null;
  const started = RaceGame.start(deck, record.config, record.seed, record.startedAt, {}, record.id);
  if (!started.ok) return null;
  const game = started.value;
  for (const { at, action } of record.actions) if (!game.apply(action, at).ok) return null;
  if (!game.finished) return null;
  game.saved = true;
  return game;
}
