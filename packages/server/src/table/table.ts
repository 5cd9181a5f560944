import type { RatingChange, BotLevel, RaceConfig, RaceSettings, Side, Variant } from '@ubongo/core';
import { EDITION_RULES, GAME_ROUNDS, HOURGLASS_SECONDS, STAND_IN_LEVEL } from '@ubongo/core';
import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { distinctName, sameName } from '../accounts/names.js';
import type { JournalSeat, LiveTable, StoredSeat } from './store.js';
import type { Seat, SeatAccount, Watcher } from './seats.js';
import { hashKey, journalSeatsOf, SEATS, seatLabel, seatOfJournal, storedSeatsOf } from './seats.js';

/** An arena's table (arenas.ts): whose seats it has, and until when (game time) it waits for them. */
export interface ArenaSeating {
  readonly arenaId: string;
  readonly accounts: readonly string[];
  readonly startBy: number;
}

/**
 * Quick match (a public table): it starts by itself `readyMs` after every person at it is ready,
 * or `waitMs` after the last person sat down, once at least two people sit there; a person alone
 * there for `aloneMs` is offered bots. Game time.
 */
export const QUICK_MATCH = { readyMs: 5_000, waitMs: 45_000, aloneMs: 20_000 } as const;

/**
 * A table the rated queue made (rated-room.ts): it starts by itself `readyMs` after everyone it
 * was made for sat down, or `gatherMs` after it was made once enough of them did (two for a rated
 * table, the one person for a table with bots). Game time.
 */
export const MATCHED = { readyMs: 5_000, gatherMs: 30_000 } as const;

// A room code: 6 letters and digits without the ones people confuse.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A game's configuration as the table's settings. */
export function settingsOf(config: RaceConfig): RaceSettings {
  return {
    edition: config.edition,
    variant: config.variant,
    hourglassSeconds: config.hourglassSeconds,
    rounds: config.rounds,
    pieceSet: config.pieceSet ?? 'task',
    rated: false,
  };
}

/** A new private table's code, to share. */
export function tableCode(): string {
  return Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/**
 * The table around a race: its seats (people and bots), who hosts, who watches, and the settings.
 * No sockets and no game here: the room tells it what happened and sends what it says.
 */
export class Table {
  seats: Seat[] = [];
  settings: RaceSettings = {
    edition: 'classic',
    variant: 'standard',
    hourglassSeconds: HOURGLASS_SECONDS.default,
    rounds: GAME_ROUNDS.default,
    // Decision (docs/rules.md §1.8): the task's pieces only, unless the table asks for the box.
    pieceSet: 'task',
    rated: false,
  };
  host: string | undefined;
  /** An arena's table: the arena seats it and sets it, nobody hosts it (arenas.ts). */
  arena: ArenaSeating | undefined;
  /** The host's seat of a table kept over a restart, until its person is back (`sitBack`). */
  #hostSeat: Seat | undefined;
  readonly watchers = new Map<string, Watcher>();
  #people = 0;
  /** When the last person sat down, and since when everyone has been ready (quick match). */
  #joinedAt = 0;
  #readySince: number | null = null;

  /** Notes the table as it stands at `now`: a newcomer restarts the countdown, everyone ready shortens it. */
  observe(now: number): void {
    const people = this.seats.filter((s) => s.occupant.kind === 'human');
    if (people.length > this.#people) this.#joinedAt = now;
    this.#people = people.length;
    const allReady = people.length >= 2 && people.every((s) => s.ready);
    this.#readySince = allReady ? (this.#readySince ?? now) : null;
  }

  /** When a quick-match table starts by itself: null until two people sit at it. */
  startsAt(): number | null {
    if (this.#people < 2) return null;
    const wait = this.#joinedAt + QUICK_MATCH.waitMs;
    return this.#readySince === null ? wait : Math.min(wait, this.#readySince + QUICK_MATCH.readyMs);
  }

  /** When a table the rated queue made for `expected` people starts by itself (MATCHED): null until `least` sat down. */
  matchStartsAt(expected: number, least: number, madeAt: number): number | null {
    if (this.#people >= expected) return this.#joinedAt + MATCHED.readyMs;
    return this.#people >= least ? madeAt + MATCHED.gatherMs : null;
  }

  /** When a person alone at a quick-match table is offered bots. */
  offerBotsAt(): number | null {
    return this.#people === 1 ? this.#joinedAt + QUICK_MATCH.aloneMs : null;
  }

  /** Changes settings; fixed scoring is a classic variant, and other editions play standard. */
  configure(change: Partial<RaceSettings>): string | undefined {
    const edition = change.edition ?? this.settings.edition;
    const offered: readonly Variant[] = EDITION_RULES[edition].variants;
    if (change.variant !== undefined && !offered.includes(change.variant))
      return 'fixed scoring is for the classic edition only';
    this.settings = { ...this.settings, ...change };
    if (!offered.includes(this.settings.variant)) this.settings = { ...this.settings, variant: 'standard' };
    return undefined;
  }

  get full(): boolean {
    return this.seats.length >= SEATS;
  }

  seatOf(sessionId: string): Seat | undefined {
    return this.seats.find((s) => s.sessionId === sessionId);
  }

  isHost(sessionId: string): boolean {
    return this.arena === undefined && sessionId === this.host;
  }

  /** Whether `account` may sit here: anyone, but at an arena's table only those the arena seated. */
  admits(account: SeatAccount | undefined): boolean {
    return this.arena === undefined || (account !== undefined && this.arena.accounts.includes(account.id));
  }

  /** Why a connection may not change the lobby: host things are the host's, the others a seated player's. */
  denies(sessionId: string, who: 'host' | 'seated'): string | undefined {
    if (who === 'host' && this.arena !== undefined) return 'an arena’s table is set by the arena';
    if (who === 'host') return this.isHost(sessionId) ? undefined : 'only the host may do this';
    return this.seatOf(sessionId) ? undefined : 'only players at the table may do this';
  }

  /** The names people go by at the table, seated or watching. */
  #names(): string[] {
    return [
      ...this.seats.flatMap((s) => (s.occupant.kind === 'human' ? [s.occupant.name] : [])),
      ...[...this.watchers.values()].map((w) => w.name),
    ];
  }

  /** A person sits down (under a name no one else at the table goes by); the first becomes the host. */
  sit(sessionId: string, name: string, side: Side, account?: SeatAccount): void {
    if (account?.username !== undefined && sameName(name, account.username)) this.#giveWay(name, account.id);
    const shown = distinctName(name, this.#names());
    // A key from the start: a lobby kept over a restart takes its people back by it.
    const key = randomBytes(18).toString('base64url');
    this.seats.push({
      id: '',
      occupant: { kind: 'human', name: shown },
      side,
      sessionId,
      connected: true,
      ready: false,
      key,
      keyHash: hashKey(key),
      ...(account === undefined ? {} : { accountId: account.id, claimed: account.claimed }),
      ...(account?.username === undefined ? {} : { username: account.username }),
    });
    this.host ??= sessionId;
  }

  /**
   * The owner of a username sits down under it: anyone else in the lobby who goes by it (or a
   * look-alike: a guest named so before the claim) is the one renamed (`ana 2`), never the owner.
   */
  #giveWay(name: string, owner: string): void {
    const renamed = (other: string): string => distinctName(other, [...this.#names(), name]);
    for (const seat of this.seats)
      if (seat.occupant.kind === 'human' && seat.accountId !== owner && sameName(seat.occupant.name, name))
        seat.occupant = { kind: 'human', name: renamed(seat.occupant.name) };
    for (const [id, watcher] of this.watchers)
      if (watcher.account?.id !== owner && sameName(watcher.name, name))
        this.watchers.set(id, { ...watcher, name: renamed(watcher.name) });
  }

  watch(sessionId: string, watcher: Watcher): void {
    this.watchers.set(sessionId, { ...watcher, name: distinctName(watcher.name, this.#names()) });
  }

  /** A bot sits down; says why not when the table is full. */
  addBot(level: BotLevel, side: Side): string | undefined {
    if (this.full) return 'the table is full';
    const number = this.seats.filter((s) => s.occupant.kind === 'bot').length + 1;
    this.seats.push({ id: '', occupant: { kind: 'bot', level, number }, side, connected: true, ready: true });
    return undefined;
  }

  /** Removes a bot's seat (a stand-in's too, after a game); people's seats are theirs. Says why not. */
  removeBot(index: number): string | undefined {
    const occupant = this.seats[index]?.occupant;
    if (!occupant || occupant.kind === 'human') return 'only a bot’s seat can be removed';
    this.seats.splice(index, 1);
    return undefined;
  }

  /** The seat's person came back on a new connection. */
  reconnected(seat: Seat, sessionId: string): void {
    if (this.host === seat.sessionId) this.host = sessionId;
    seat.sessionId = sessionId;
    seat.connected = true;
  }

  /**
   * A person who leaves the lobby gives up the seat; after a game has started, the seat stays in
   * the standings but no longer belongs to anyone. Either way the host's part passes on.
   */
  drop(seat: Seat, started: boolean): void {
    if (started) {
      seat.connected = false;
      delete seat.sessionId;
    } else {
      this.seats = this.seats.filter((s) => s !== seat);
    }
    if (seat === this.#hostSeat) this.#hostSeat = undefined;
    this.passHost();
  }

  /** A bot takes over the seat of a person who left mid-game. */
  standIn(seat: Seat): void {
    const name = seat.occupant.kind === 'human' ? seat.occupant.name : seatLabel(seat.occupant);
    seat.occupant = { kind: 'stand-in', level: STAND_IN_LEVEL, for: name };
    delete seat.sessionId;
    seat.connected = true;
    this.passHost();
  }

  /** The host's part goes to the first person at the table with a live connection, if the host has none. */
  passHost(): void {
    const host = this.seats.find((s) => s.sessionId !== undefined && s.sessionId === this.host);
    if (host?.connected) return;
    this.host = this.seats.find((s) => s.occupant.kind === 'human' && s.connected && s.sessionId)?.sessionId;
  }

  /** Players' ids by seat order, and a key for each person's seat that has none (`sit` gives one), when a game starts. */
  numberSeats(): void {
    this.seats.forEach((s, i) => {
      s.id = `p${i + 1}`;
      if (s.occupant.kind === 'human') {
        if (s.key !== undefined && s.keyHash !== undefined) return;
        s.key = randomBytes(18).toString('base64url');
        s.keyHash = hashKey(s.key);
      } else {
        delete s.key;
        delete s.keyHash;
      }
    });
  }

  /** The seats as a game's journal keeps them, the host's marked: the host hosts again after a restart. */
  journalSeats(): JournalSeat[] {
    return journalSeatsOf(
      this.seats,
      this.seats.find((s) => s.sessionId !== undefined && s.sessionId === this.host),
    );
  }

  /**
   * The table of a game resumed after a restart: its seats as the journal has them, every person
   * away until they come back with their key; the host's seat hosts again once its person is back.
   */
  static resumed(settings: RaceSettings, seats: readonly JournalSeat[]): Table {
    const table = new Table();
    table.settings = settings;
    table.seats = seats.map(seatOfJournal);
    table.#hostSeat = table.seats.find((_, i) => seats[i]?.host === true);
    return table;
  }

  /**
   * The person's seat whose key this is (compared in constant time), if it is not taken by a live
   * connection; 'not-yours' when the seat is another account's (or `account` is none): a key works
   * for the account that holds the seat only, so a leaked or handed-over key takes nothing.
   */
  seatByKey(key: string, account: SeatAccount | undefined): Seat | 'not-yours' | undefined {
    const hash = Buffer.from(hashKey(key), 'hex');
    const seat = this.seats.find(
      (s) =>
        s.occupant.kind === 'human' &&
        s.keyHash !== undefined &&
        !s.connected &&
        timingSafeEqual(Buffer.from(s.keyHash, 'hex'), hash),
    );
    if (!seat) return undefined;
    // (A seat of a journal written before seats had accounts is the first account's to bring its key.)
    if (account === undefined || (seat.accountId !== undefined && seat.accountId !== account.id)) return 'not-yours';
    return seat;
  }

  /**
   * A person comes back to their seat with its key, on a new connection: the host of a table kept
   * over a restart hosts again; otherwise the first back hosts until then.
   */
  sitBack(seat: Seat, sessionId: string, key: string, account?: SeatAccount): void {
    if (account !== undefined && seat.accountId === undefined) {
      seat.accountId = account.id;
      seat.claimed = account.claimed;
    }
    if (account?.username !== undefined && account.id === seat.accountId) seat.username = account.username;
    seat.sessionId = sessionId;
    seat.connected = true;
    seat.key = key;
    // (A host whose seat is held for a reconnection hosts still: only a table without one takes the first back.)
    if (seat === this.#hostSeat) {
      this.#hostSeat = undefined;
      this.host = sessionId;
    } else if (!this.seats.some((s) => s.sessionId !== undefined && s.sessionId === this.host)) this.passHost();
  }

  /**
   * The table kept between games (a lobby; a finished game's table, `game` its id) to come back
   * after a restart (storage's `LiveTable`): settings, seats, ready states and who hosts. Seats of
   * people who left are not kept; watchers are not (they come back by the code).
   */
  kept(
    code: string,
    isPublic: boolean,
    game: string | null,
    now: number,
    ratings?: readonly RatingChange[],
  ): LiveTable {
    const seats = this.seats.filter((s) => s.occupant.kind !== 'human' || s.keyHash !== undefined);
    const host = seats.find((s) => s.sessionId !== undefined && s.sessionId === this.host) ?? this.#hostSeat;
    return {
      code,
      public: isPublic,
      settings: this.settings,
      seats: journalSeatsOf(seats).map((s, i) => ({ ...s, ready: seats[i]?.ready ?? false })),
      host: host === undefined ? -1 : seats.indexOf(host),
      game,
      ...(ratings && ratings.length > 0 ? { ratings } : {}),
      savedAt: now,
    };
  }

  /**
   * A table kept between games, after a restart: its settings, seats and ready states as kept,
   * every person away until they come back with their seat's key; the host hosts again once back.
   */
  static restored(kept: LiveTable): Table {
    const table = Table.resumed(kept.settings, kept.seats);
    table.seats.forEach((seat, i) => {
      seat.ready = kept.seats[i]?.ready ?? false;
    });
    table.#hostSeat = table.seats[kept.host];
    return table;
  }

  /** The levels of the seats bots play, by player id. */
  bots(): Record<string, BotLevel> {
    return Object.fromEntries(
      this.seats.flatMap((s) => (s.occupant.kind === 'human' ? [] : [[s.id, s.occupant.level] as const])),
    );
  }

  /**
   * Back to the lobby after a game: people still here keep their seats (not ready), bots keep
   * theirs; those who came to play but found the game started (or the table full) sit down.
   */
  rematch(): void {
    this.seats = this.seats.filter((s) => s.occupant.kind !== 'human' || s.sessionId !== undefined);
    for (const s of this.seats) {
      s.id = '';
      s.ready = s.occupant.kind !== 'human';
    }
    for (const [sessionId, watcher] of this.watchers) {
      if (this.full || !watcher.wantsSeat) continue;
      this.watchers.delete(sessionId);
      this.sit(sessionId, watcher.name, watcher.side, watcher.account);
    }
  }

  /** The seats as a stored game keeps them. */
  storedSeats(): StoredSeat[] {
    return storedSeatsOf(this.seats);
  }
}
