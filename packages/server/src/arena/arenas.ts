import type { ArenaAnswer, ArenaResult, ArenaStanding, ArenaView, PlayerId, RaceEdition, Standing } from '@ubongo/core';
import { arenaPoints, arenaStandings, arenaStatus, arenaTables, GAME_ROUNDS, RACE_EDITIONS } from '@ubongo/core';
import { randomBytes } from 'node:crypto';
import type { GameClock } from '../clock.js';
import { displayOf, ratedPlayers } from '../rating/ratings.js';
import type { ArenaTableOrder, ArenaTables } from '../services.js';
import type { Arena, ArenaEntry, ArenaGameResult, Arenas } from './store.js';
import type { Stores } from '../storage/stores.js';
import { tableCode } from '../table/table.js';

/*
 * Arenas (docs/arenas.md): scheduled tournaments. A player in an arena's lobby (the arena's page,
 * which says so every few seconds: `POST /api/arenas/:id/join`) waits; the director of each
 * process seats those waiting at rated tables of 2 to 4 (core's arena.ts), a room for each; a
 * table's game gives points by place. Who waits and who sits where is the database's, so the
 * processes of a cluster share it: a table is seated all or none (`seatArenaTable`).
 */

/** An arena's waits. Game time unless said. */
export const ARENA = {
  /** The first in the lobby waits this long for others before a table of 2 or 3 is seated (4 are seated at once). */
  gatherMs: 10_000,
  /** Real ms: a player whose page has not said it is in the lobby for this long is not seated. */
  seenMs: 10_000,
  /**
   * Real ms (people and networks take real time, whatever the time scale): a table starts this long
   * after it is seated at the latest, with those there (2 at least); else it closes.
   */
  seatWaitMs: 30_000,
  /** Real ms between the director's looks at the arenas. */
  tickMs: 1000,
  /** Real ms after an arena's end during which its tables are still looked after. */
  lostAfterMs: 3_600_000,
  /** Rounds of a game unless an arena says. */
  rounds: 3,
} as const;

/** A timetable's line (`UBONGO_ARENAS`): an arena of `edition` every `everyMinutes`, lasting `minutes`. */
export interface TimetableEntry {
  readonly edition: RaceEdition;
  readonly everyMinutes: number;
  readonly minutes: number;
  readonly rounds: number;
}

/**
 * Parses a timetable: lines `EDITION/EVERY/MINUTES[/ROUNDS]` separated by commas, e.g.
 * `classic/60/30` (a classic arena on the hour, every hour, for 30 minutes). Throws on a bad one.
 */
export function parseTimetable(raw: string): TimetableEntry[] {
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map((line) => {
      const [edition = '', every = '', minutes = '', rounds = String(ARENA.rounds), ...rest] = line.split('/');
      const found = RACE_EDITIONS.find((e) => e === edition);
      const n = (s: string, min: number, max: number): number | undefined => {
        const v = /^\d{1,5}$/.test(s) ? Number(s) : NaN;
        return v >= min && v <= max ? v : undefined;
      };
      const e = n(every, 5, 7 * 24 * 60);
      const m = n(minutes, 1, 24 * 60);
      const r = n(rounds, GAME_ROUNDS.min, GAME_ROUNDS.max);
      if (!found || e === undefined || m === undefined || r === undefined || m > e || rest.length > 0)
        throw new RangeError(
          `an arena timetable line is EDITION/EVERY/MINUTES[/ROUNDS] (an edition of ${RACE_EDITIONS.join(', ')}, every 5 to 10080 minutes, lasting 1 minute to as long, 1 to 9 rounds), got ${line}`,
        );
      return { edition: found, everyMinutes: e, minutes: m, rounds: r };
    });
}

/** The timetable of a server whose operator set none: a classic arena every hour, for 30 minutes. */
export const DEFAULT_TIMETABLE = 'classic/60/30';

/**
 * `UBONGO_ARENAS` read: unset or empty is `DEFAULT_TIMETABLE` (so a fresh server's arenas page is
 * never empty), `off` is none (an operator's arenas only), anything else a timetable. Throws on a bad one.
 */
export function timetableFromEnv(raw: string | undefined): TimetableEntry[] {
  const value = raw?.trim() ?? '';
  if (value === 'off') return [];
  return parseTimetable(value === '' ? DEFAULT_TIMETABLE : value);
}

/** The arenas of a timetable line around game time `now`: the one of this period, and the next. */
export function timetableArenas(entry: TimetableEntry, now: number): Arena[] {
  const period = entry.everyMinutes * 60_000;
  const first = Math.floor(now / period) * period;
  return [first, first + period].map((startsAt) => ({
    id: `${entry.edition}-${entry.everyMinutes}m-${startsAt}`,
    // No name: the client names it by its edition, in the player's language.
    name: '',
    edition: entry.edition,
    rounds: entry.rounds,
    startsAt,
    endsAt: startsAt + entry.minutes * 60_000,
    createdAt: now,
  }));
}

/**
 * An arena game's results: each rated player's points by place (core's `arenaPoints`; an
 * implausible solve is put last, as the rating does) and whether they won. A player in `capped`
 * (whose rating move in this game a closed group's cap cut: rating-rules.ts's `CLOSED_GROUP`) gets
 * neither: arena points come under the rating's rules, so a feeder cannot put a booster on a podium.
 */
export function arenaResults(
  standings: readonly Standing[],
  seats: Parameters<typeof ratedPlayers>[0],
  implausible: ReadonlySet<string>,
  capped: ReadonlySet<string> = new Set(),
): ArenaGameResult[] {
  const places = new Map(standings.map((s) => [s.player, s.place]));
  const scored = new Map<PlayerId, boolean>(
    standings.map((s) => [s.player, Array.isArray(s.score) ? s.score.some((n) => n > 0) : (s.score as number) > 0]),
  );
  const idOf = new Map(seats.flatMap((s) => (s.accountId === undefined ? [] : [[s.accountId, s.id]])));
  return ratedPlayers(seats, places, implausible).map((p) => {
    const player = idOf.get(p.accountId) ?? '';
    const counts = (scored.get(player) ?? false) && !implausible.has(player) && !capped.has(player);
    return { accountId: p.accountId, points: arenaPoints(p.place, counts), win: counts && p.place === 1 };
  });
}

/** An arena as the API shows it, at game time `now`. */
export const arenaView = (arena: Arena, now: number, players: number): ArenaView => ({
  id: arena.id,
  name: arena.name,
  edition: arena.edition,
  rounds: arena.rounds,
  startsAt: arena.startsAt,
  endsAt: arena.endsAt,
  status: arenaStatus(arena, now),
  players,
});

/** The standings of an arena's entries. */
export function standingsOf(entries: readonly ArenaEntry[]): ArenaStanding[] {
  return arenaStandings(
    entries.map((e) => ({
      account: e.accountId,
      points: e.points,
      wins: e.wins,
      games: e.games,
      joinedAt: e.joinedAt,
      name: e.name,
      username: e.username,
      playing: e.table !== null,
    })),
  ).map((s) => ({
    place: s.place,
    account: s.account,
    name: s.name,
    username: s.username,
    points: s.points,
    wins: s.wins,
    games: s.games,
    playing: s.playing,
  }));
}

/** An arena with its standings (and its podium once over), as `accountId` (if any) sees it. */
export async function arenaAnswer(
  arenas: Pick<Arenas, 'arenaEntries'>,
  arena: Arena,
  clock: Pick<GameClock, 'now' | 'timeScale'>,
  accountId?: string,
): Promise<ArenaAnswer> {
  const now = clock.now();
  const entries = await arenas.arenaEntries(arena.id);
  const standings = standingsOf(entries);
  const view = arenaView(arena, now, entries.length);
  const mine = accountId === undefined ? undefined : entries.find((e) => e.accountId === accountId);
  return {
    arena: view,
    serverNow: now,
    timeScale: clock.timeScale,
    standings,
    podium: view.status === 'finished' ? standings.filter((s) => s.games > 0).slice(0, 3) : [],
    tables: new Set(entries.flatMap((e) => (e.table === null ? [] : [e.table]))).size,
    ...(accountId === undefined
      ? {}
      : {
          you: {
            entered: mine !== undefined,
            // Nobody waits in an arena that is over (a player back at its very end stays entered).
            waiting: view.status !== 'finished' && mine?.waitingSince != null && mine.table === null,
            table: mine?.table ?? null,
          },
        }),
  };
}

/** An account's arenas, the latest first, with its place in each. */
export async function arenaResultsOf(
  store: Pick<Arenas, 'arenasOf' | 'arenaEntries'>,
  accountId: string,
  now: number,
  limit = 20,
): Promise<ArenaResult[]> {
  const arenas = await store.arenasOf(accountId, limit);
  const results: ArenaResult[] = [];
  for (const arena of arenas) {
    const entries = await store.arenaEntries(arena.id);
    const mine = standingsOf(entries).find((s) => s.account === accountId);
    if (!mine) continue;
    results.push({
      arena: arenaView(arena, now, entries.length),
      place: mine.place,
      points: mine.points,
      games: mine.games,
      wins: mine.wins,
    });
  }
  return results;
}

/** What the director needs around it. */
export interface DirectorOptions {
  readonly stores: Stores;
  readonly clock: Pick<GameClock, 'now' | 'timeScale'>;
  readonly log: (message: string) => void;
  /** Makes a race room in this process with these options (matchMaker.handleCreateRoom). */
  readonly createRoom: (options: { arenaTable: string }) => Promise<unknown>;
  /** Whether a room of this code is open, in any process (the matchmaker's listing). */
  readonly roomOpen: (code: string) => Promise<boolean>;
  readonly timetable: readonly TimetableEntry[];
}

/**
 * Seats an arena's waiting players at tables (one process's part: the database says who waits),
 * makes the timetable's arenas, and hears the tables' ends (`ArenaTables`, for the rooms).
 */
export class ArenaDirector implements ArenaTables {
  readonly #orders = new Map<string, ArenaTableOrder>();
  /** The timetable's arenas known to be stored. */
  readonly #made = new Set<string>();
  /** Tables with players and no room at the last look: freed if still so at the next. */
  #lost = new Set<string>();
  #timer: NodeJS.Timeout | undefined;
  #ticking: Promise<void> = Promise.resolve();

  constructor(private readonly options: DirectorOptions) {}

  /** Starts looking at the arenas: now, then every `ARENA.tickMs`. */
  start(): void {
    // A first look at once: the timetable's arenas are listed from the start, not a second later.
    this.#ticking = this.tick().catch((e: unknown) => {
      this.options.log(`arenas: ${String(e)}`);
    });
    this.#timer = setInterval(() => {
      this.#ticking = this.#ticking.then(() =>
        this.tick().catch((e: unknown) => {
          this.options.log(`arenas: ${String(e)}`);
        }),
      );
    }, ARENA.tickMs);
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#ticking;
  }

  take(key: string): ArenaTableOrder | undefined {
    const order = this.#orders.get(key);
    this.#orders.delete(key);
    return order;
  }

  over(arenaId: string, code: string, results: readonly ArenaGameResult[]): Promise<void> {
    return this.options.stores.arenas.endArenaTable(arenaId, code, results);
  }

  /** One look: the timetable's arenas made, then each running arena's waiting players seated. */
  async tick(): Promise<void> {
    const { stores, clock } = this.options;
    const now = clock.now();
    for (const entry of this.options.timetable)
      for (const arena of timetableArenas(entry, now)) {
        if (this.#made.has(arena.id)) continue;
        await stores.arenas.createArena(arena);
        this.#made.add(arena.id);
      }
    // Arenas running, and those over in the last hour (whose tables may still play).
    for (const arena of await stores.arenas.arenas(now - ARENA.lostAfterMs * clock.timeScale, now, 100)) {
      if (arenaStatus(arena, now) === 'running') await this.#seat(arena, now);
      await this.#freeLost(arena);
    }
  }

  /**
   * Frees the players of a table whose room is gone without saying so (its process crashed): a
   * table with players and no open room at two looks in a row (a room being made is open within
   * milliseconds of its table being seated).
   */
  async #freeLost(arena: Arena): Promise<void> {
    const { stores, log, roomOpen } = this.options;
    const tables = new Set(
      (await stores.arenas.arenaEntries(arena.id)).flatMap((e) => (e.table === null ? [] : [e.table])),
    );
    for (const code of tables) {
      const key = `${arena.id} ${code}`;
      if (await roomOpen(code)) this.#lost.delete(key);
      else if (!this.#lost.has(key)) this.#lost.add(key);
      else {
        this.#lost.delete(key);
        log(`arena ${arena.id}: table ${code} has no room: its players are free`);
        await stores.arenas.endArenaTable(arena.id, code, []);
      }
    }
  }

  /** Seats the arena's waiting players, if it is time (see `ARENA`), at tables of near ratings. */
  async #seat(arena: Arena, now: number): Promise<void> {
    const { stores, clock, log } = this.options;
    const seen = now - ARENA.seenMs * clock.timeScale;
    const waiting = (await stores.arenas.arenaEntries(arena.id))
      .filter((e) => e.table === null && e.waitingSince !== null && e.seenAt >= seen)
      .sort((a, b) => (a.waitingSince ?? 0) - (b.waitingSince ?? 0));
    const first = waiting[0];
    if (!first || waiting.length < 2) return;
    if (waiting.length < 4 && now - (first.waitingSince ?? now) < ARENA.gatherMs) return;
    const ratings = new Map<string, number>();
    for (const e of waiting) {
      const rating = (await stores.ratings.ratingsOf(e.accountId)).find((r) => r.edition === arena.edition);
      ratings.set(e.accountId, rating ? displayOf(rating) : 1500);
    }
    for (const table of arenaTables(waiting, (e) => ratings.get(e.accountId) ?? 1500)) {
      // No table once the arena is over (the reads above took time).
      if (clock.now() >= arena.endsAt) return;
      const code = tableCode();
      const accounts = table.map((e) => e.accountId);
      if (!(await stores.arenas.seatArenaTable(arena.id, accounts, code))) continue;
      const key = randomBytes(18).toString('base64url');
      this.#orders.set(key, {
        code,
        arena,
        seating: { arenaId: arena.id, accounts, startBy: now + ARENA.seatWaitMs * clock.timeScale },
      });
      try {
        await this.options.createRoom({ arenaTable: key });
      } catch (e) {
        this.#orders.delete(key);
        log(`arena ${arena.id}: table ${code} could not be made: ${String(e)}`);
        await stores.arenas.endArenaTable(arena.id, code, []);
      }
    }
  }
}
