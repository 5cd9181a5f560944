import type { Client } from '@colyseus/core';
import { ClientState, Room, ServerError } from '@colyseus/core';
import { CLOSE_CODES, MATCHMAKE_ERROR_CODES } from '@ubongo/core';
import { Alarm } from './alarm.js';
import { LiveListing } from './live-listing.js';
import { expireWhenIdle, heard, parseJoin } from '../rooms/messages.js';
import { MAX_SPECTATORS, raceJoinSchema } from '../protocol.js';
import { RaceMaster, RECONNECT_SECONDS } from './race-master.js';
import { TableReactions } from './reactions.js';
import { registerRaceMessages } from './race-messages.js';
import { RaceSteps } from './race-steps.js';
import type { MatchOrder } from './match-order.js';
import { takeMatch } from './match-order.js';
import { takeResumption } from './resume.js';
import type { ArenaTableOrder, Restoration, Resumption, RoomServices } from '../services.js';
import type { Account } from '../accounts/store.js';
import type { Seat } from './table.js';
import { settingsOf, Table, tableCode } from './table.js';
import { TableWhereabouts } from './table-whereabouts.js';
import { Timers } from '../rooms/timers.js';

/**
 * Quick-match tables are casual: one asked for as rated (create, or joinOrCreate's join) is refused
 * with a code of its own, so that nobody is seated at a table that would never start by itself.
 */
function refuseRatedQuickMatch(isPublic: boolean, rated: boolean | undefined): void {
  if (isPublic && rated === true)
    throw new ServerError(
      MATCHMAKE_ERROR_CODES.publicRated,
      'quick-match tables are casual: a rated table is a private one, joined by its code',
    );
}

/** The arena's table a room is made for (arenas.ts, with a key only the server knows), if any. */
function takeArenaOrder(services: RoomServices, options: unknown): ArenaTableOrder | undefined {
  const key = (options as { arenaTable?: unknown } | undefined)?.arenaTable;
  return typeof key === 'string' ? services.arenas?.take(key) : undefined;
}

/**
 * A race table: the adapter between sockets, timers and the race's master (race-master.ts), which
 * does what follows an accepted step and keeps the table (table.ts); the referee (core's
 * referee.ts) says what happens next and when.
 */
export class RaceRoom extends Room {
  services!: RoomServices;
  #public = false;
  /** The table the rated queue made this room for, if it did (rated-room.ts). */
  #match: (MatchOrder & { readonly madeAt: number }) | undefined;
  #master!: RaceMaster;
  /** The server is stopping: people who drop are not replaced, the game under way stays in the journal. */
  #stopping = false;
  /** Its people's friends see them at this table (whereabouts.ts). */
  readonly #whereabouts = new TableWhereabouts(() => this.services.whereabouts);
  /** The room's waits (timers.ts): the room sends no state, so Colyseus's patches (and its clock's ticks) are off. */
  readonly #timers = new Timers();
  /** The end of the wait for people after a restart. */
  readonly #resumeWait = new Alarm(this.#timers, () => this.services);
  /** An arena's table: the end of its wait for the players the arena seated. */
  readonly #arenaWait = new Alarm(this.#timers, () => this.services);
  /** The game's entry on the live page (live.ts), made once the room has its master. */
  #listing!: LiveListing;
  /** The game's steps in time (race-steps.ts), made with the listing. */
  #steps!: RaceSteps;

  override onCreate(options: unknown): void {
    this.patchRate = 0;
    // A game the server resumes after a restart (resume.ts), not a table a client asked for.
    const order = takeArenaOrder(this.services, options);
    if (order) {
      this.#arenaTable(order);
      return;
    }
    const resumption = takeResumption(this.services.resumes, options);
    if (resumption) {
      if ('table' in resumption) this.#restore(resumption);
      else this.#resume(resumption);
      return;
    }
    const match = takeMatch(this.services.matches, options);
    if (match) {
      this.#matched(match);
      return;
    }
    const { public: open = false, settings = {} } = parseJoin(raceJoinSchema, options);
    refuseRatedQuickMatch(open, settings.rated);
    this.maxClients = 4 + MAX_SPECTATORS;
    this.#public = open;
    if (!open) {
      this.roomId = tableCode();
      void this.setPrivate(true);
    }
    this.#master = this.#masterOf(new Table());
    // Fixed scoring is a classic variant: a table created for another edition plays standard.
    const { variant, ...rest } = settings;
    this.#master.table.configure(rest);
    if (variant) this.#master.table.configure({ variant });
    this.#registerMessages();
  }

  /**
   * An arena's table (arenas.ts): private, rated, set by the arena, for the players it seated
   * (others watch). It starts once they all sit there, or at its deadline with two of them; with
   * fewer by then it closes, and its players are free again.
   */
  #arenaTable({ code, arena, seating }: ArenaTableOrder): void {
    this.roomId = code;
    void this.setPrivate(true);
    this.maxClients = 4 + MAX_SPECTATORS;
    const table = new Table();
    table.arena = seating;
    table.configure({ edition: arena.edition, rounds: arena.rounds, rated: true });
    this.#master = this.#masterOf(table);
    this.#registerMessages();
    this.#arenaWait.set(`room ${code}: arena table`, seating.startBy, () => {
      const people = table.seats.filter((s) => s.occupant.kind === 'human' && s.connected).length;
      if (this.#master.game === null && people < 2) void this.disconnect();
    });
  }

  /**
   * A table the rated queue made (rated-room.ts): private (joined by the code the queue gave), its
   * edition and rated or not as made, with its bots; the people it was made for sit, anyone else
   * watches; it starts by itself (table.ts, MATCHED).
   */
  #matched(match: MatchOrder): void {
    this.maxClients = 4 + MAX_SPECTATORS;
    this.roomId = tableCode();
    void this.setPrivate(true);
    this.#match = { ...match, madeAt: this.services.clock.now() };
    this.#master = this.#masterOf(new Table());
    this.#master.table.configure({ edition: match.edition, rated: match.rated });
    for (const level of match.bots) this.#master.table.addBot(level, 'easy');
    this.#registerMessages();
  }

  /** The room's master (race-master.ts), reaching the connections through the room. */
  #masterOf(table: Table): RaceMaster {
    return new RaceMaster(
      this.services,
      {
        id: this.roomId,
        public: this.#public,
        ...(this.#match && {
          match: {
            people: this.#match.accounts.length,
            least: this.#match.rated ? 2 : 1,
            madeAt: this.#match.madeAt,
          },
        }),
      },
      table,
      this,
      (stored) => {
        this.#began(stored);
      },
      () => {
        if (this.#master.resumeBy === null) this.#steps.schedule();
        this.#broadcastLobby();
      },
    );
  }

  /**
   * A game rebuilt from the journal: the table as it was, the game at the start of the interrupted
   * round, waiting for its people to come back with their seats' keys for the reconnection window
   * (counted from now). Those back in time play on; bots stand in for the others; if nobody comes
   * back, the game is stored as interrupted, blaming no one.
   */
  #resume({ live, game, seats }: Resumption): void {
    this.roomId = live.room;
    this.#public = live.public;
    void this.setPrivate(true);
    void this.setMetadata({ started: true });
    this.maxClients = 4 + MAX_SPECTATORS;
    this.autoDispose = false;
    const table = Table.resumed({ ...settingsOf(live.config), rated: live.rated === true }, seats);
    // An arena's game: its points go to the arena when it ends (its table started long ago).
    if (live.arena) table.arena = { ...live.arena, startBy: 0 };
    this.#master = this.#masterOf(table);
    const resumeBy = this.#master.resume(game);
    this.#registerMessages();
    // The reconnection window, in game time like every wait of the game's. At its end, bots for
    // those still away; or, with nobody back, the game stored as interrupted.
    if (resumeBy === null) this.#goOn();
    else
      this.#resumeWait.set(`room ${this.roomId}: resume`, resumeBy, () => {
        const ended = this.#master.resumeBy === null ? null : this.#master.endWait();
        if (ended === 'go-on') this.#goOn();
        else if (ended) void ended.then(() => this.disconnect());
      });
  }

  /**
   * A table kept between games, back after a restart (resume.ts): a lobby with its settings, seats,
   * ready states and host, or a finished game's table (its end shown, a rematch to come). It waits
   * for its people to come back with their seats' keys for the reconnection window (counted from
   * now); at its end the seats of those still away are given up, and with nobody back the room
   * closes (the table is forgotten).
   */
  #restore({ table, game }: Restoration): void {
    this.roomId = table.code;
    this.#public = table.public;
    if (!table.public) void this.setPrivate(true);
    void this.setMetadata({ started: game !== null });
    this.maxClients = 4 + MAX_SPECTATORS;
    this.autoDispose = false;
    this.#master = this.#masterOf(Table.restored(table));
    const waitBy = this.#master.restore(game, table.ratings);
    this.#registerMessages();
    this.#updateVisibility();
    if (waitBy === null) this.#tableBack();
    else
      this.#resumeWait.set(`room ${this.roomId}: restore`, waitBy, () => {
        this.#tableBack();
      });
  }

  /** A restored table's wait is over (or everyone is back): it goes on with those back, or closes with nobody. */
  #tableBack(): void {
    this.#resumeWait.clear();
    if (!this.#master.endTableWait()) {
      void this.disconnect();
      return;
    }
    this.autoDispose = true;
    this.#updateVisibility();
    this.#tellAll();
  }

  /** Everyone is back (or replaced): the game goes on, its next round a pause from now. */
  #goOn(): void {
    if (this.#master.restoredTable) {
      this.#tableBack();
      return;
    }
    if (!this.#master.game) return;
    this.#resumeWait.clear();
    this.#master.goOn();
    this.autoDispose = true;
    this.#steps.schedule();
    this.#tellAll();
  }

  override onJoin(client: Client, options: unknown, auth?: Account): void {
    const { side = 'easy', seatKey, settings, ...asked } = parseJoin(raceJoinSchema, options);
    // At a table the rated queue made, only the people it was made for sit.
    const spectate = asked.spectate === true || (this.#match && !this.#match.accounts.includes(auth?.id ?? ''));
    // A quick-match join asking for a rated game finds none: there are none.
    refuseRatedQuickMatch(this.#public, settings?.rated);
    heard(this);
    const joined = this.#master.join(client.sessionId, { side, spectate, seatKey }, auth);
    if (joined === 'no-room') throw new ServerError(409, `this table has ${MAX_SPECTATORS} spectators already`);
    if (joined === 'not-yours')
      throw new ServerError(403, 'that seat belongs to another account (account/seat-not-yours)');
    if (joined === 'back') {
      this.#back(client);
      return;
    }
    if (joined === 'seated') this.#updateVisibility();
    this.#tellAll();
    this.#master.revealTo(client);
    this.#master.savedTo(client);
  }

  override async onLeave(client: Client, consented: boolean): Promise<void> {
    if (this.#stopping) return;
    if (this.#master.table.watchers.delete(client.sessionId)) {
      // Everyone sees the watchers counted, the live page too.
      this.#broadcastLobby();
      return;
    }
    const seat = this.#master.table.seatOf(client.sessionId);
    if (!seat) return;
    if (consented) {
      this.#leave(seat, 'left');
      return;
    }
    // A dropped connection (a reload, a network blip) keeps the seat for a while, in the lobby,
    // mid-game and after the game alike.
    seat.connected = false;
    this.#broadcastLobby();
    try {
      const back = await this.allowReconnection(client, RECONNECT_SECONDS);
      this.#master.table.reconnected(seat, back.sessionId);
      this.#back(back);
    } catch {
      // Not if the server is stopping, nor if the person came back another way (their seat's key).
      // (A method, not the field: the check above does not hold across the wait.)
      if (!this.#isStopping() && seat.sessionId === client.sessionId) this.#leave(seat, 'timeout');
    }
  }

  /**
   * A reconnection before the old connection is seen to go (a reload quicker than the old page's
   * goodbye, a phone that changed networks): the token proves the seat, so the old connection is
   * dropped at once, as if its socket had closed (the seat held for a reconnection, onLeave), and
   * told why (CLOSE_CODES.elsewhere); this one then takes the seat. A watcher's token opens nothing.
   *
   * Not Colyseus's `_forciblyCloseClient`: it closes the client's socket only once onLeave is over,
   * which here is when the new connection is in, and by then the old client's `ref` is the new
   * socket (Colyseus hands it over), so the new connection would be closed instead.
   */
  override checkReconnectionToken(token: string): string {
    const old = this.clients.find((c) => c.reconnectionToken === token);
    // (Not a connection whose join is still being answered: its seat could not be held for it.)
    if (old?.state === ClientState.JOINED && this.#master.table.seatOf(old.sessionId)) {
      // The listeners Colyseus put on the old socket (its messages, its close), as _forciblyCloseClient takes them off.
      const socket = old.ref as typeof old.ref & { onleave?: () => void };
      socket.removeAllListeners('message');
      if (socket.onleave) socket.removeListener('close', socket.onleave);
      old.leave(CLOSE_CODES.elsewhere);
      void this._onLeave(old, CLOSE_CODES.elsewhere);
    }
    return super.checkReconnectionToken(token);
  }

  /**
   * The account whose seat a reconnection token opens, the connection live or its seat held for it;
   * null when it opens none. The matchmaker asks it before a reconnection (reconnection.ts).
   */
  reconnectionOwner(token: string): string | null {
    const sessionId =
      this.clients.find((c) => c.reconnectionToken === token)?.sessionId ?? this._reconnections[token]?.[0];
    return (sessionId === undefined ? undefined : this.#master.table.seatOf(sessionId)?.accountId) ?? null;
  }

  /**
   * Someone is back in their seat (by a reconnection or by the seat's key): told how things stand;
   * a resumed game waiting for its people goes on once the last one is back.
   */
  #back(client: Client): void {
    this.#master.revealTo(client);
    this.#master.savedTo(client);
    if (this.#master.resumeBy !== null && this.#master.table.seats.every((s) => s.connected)) this.#goOn();
    else this.#tellAll();
  }

  #isStopping(): boolean {
    return this.#stopping;
  }

  /** A person gone for good: a bot plays on for them mid-game; otherwise the seat is given up. */
  #leave(seat: Seat, reason: 'left' | 'timeout'): void {
    // A bot standing in is planned for and shown once the journal holds it (the master's `stoodIn`).
    if (this.#master.leave(seat, reason) === 'dropped') this.#updateVisibility();
    this.#broadcastLobby();
  }

  /**
   * The server is stopping (SIGTERM): the people are told it restarts (CLOSE_CODES.restarting) and
   * keep their seats; the game under way stays in the journal, to resume when the server is back.
   */
  override onBeforeShutdown(): void {
    this.#stopping = true;
    void this.disconnect(CLOSE_CODES.restarting);
  }

  override async onDispose(): Promise<void> {
    this.#timers.clearAll();
    this.services.whereabouts.clear(this.roomId);
    // (A room whose creation was refused has no master.)
    await (this.#master as RaceMaster | undefined)?.dispose(this.#stopping);
  }

  #registerMessages(): void {
    this.#steps = new RaceSteps(this.#timers, {
      roomId: this.roomId,
      master: this.#master,
      services: this.services,
      stepped: () => {
        this.#listing.list();
      },
      start: () => this.#start(),
    });
    this.#listing = new LiveListing({
      roomId: this.roomId,
      isPublic: this.#public,
      master: this.#master,
      services: this.services,
      setLive: (live) => {
        void this.setMetadata({ live });
      },
    });
    const reactions = new TableReactions(this.#master.table, (body) => {
      this.broadcast('reaction', body);
    });
    registerRaceMessages(this, this.services, this.#master, {
      isPublic: this.#public,
      matched: this.#match !== undefined,
      react: (sessionId, reaction) => reactions.react(sessionId, reaction),
      changed: () => {
        this.#updateVisibility();
        this.#broadcastLobby();
      },
      refreshClaims: () =>
        this.#master.table
          .refreshClaims((id) => this.services.stores.accounts.account(id))
          .catch((e: unknown) => {
            this.services.log(`room ${this.roomId}: accounts not read again: ${String(e)}`);
            return false;
          }),
      start: () => this.#start(),
      rematch: () => void this.#rematch(),
      play: (action, from) => {
        this.#steps.act(action, from);
      },
    });
    // A game under way plays on (bots stand in for those gone); a lobby or a finished table nobody uses expires.
    expireWhenIdle(this, this.services, this.#timers, () => this.#master.game !== null && !this.#master.game.finished);
  }

  /** A public table is offered to quick match while it has a free seat and has not started. */
  #updateVisibility(): void {
    if (this.#public) void this.setPrivate(this.#master.game !== null || this.#master.table.full);
  }

  /** Starts the game; says why not if the configuration is refused. Everyone learns once the journal holds it. */
  #start(): string | undefined {
    const why = this.#master.start();
    if (why !== undefined) return why;
    void this.setMetadata({ started: true });
    this.#updateVisibility();
    return undefined;
  }

  /** After a finished game the host calls everyone back to the lobby; the finished game is saved first. */
  async #rematch(): Promise<void> {
    if (!(await this.#master.rematch())) return;
    void this.setMetadata({ started: false });
    this.#updateVisibility();
    this.#broadcastLobby();
  }

  /**
   * The journal holds the new game: everyone learns it has started; the first round, when it is
   * due now, is dealt at once (in a jewel game the players first have time to place their pawns).
   * Or it could not be stored: the table is back in its lobby (everyone was told why).
   */
  #began(stored: boolean): void {
    if (!stored) {
      void this.setMetadata({ started: false });
      this.#updateVisibility();
      this.#broadcastLobby();
      return;
    }
    this.#broadcastLobby();
    const first = this.#master.game?.next();
    if (first && first.at <= this.services.clock.now()) this.#steps.act(first.action);
    else {
      this.#steps.schedule();
      this.#master.sendViews();
    }
  }

  #broadcastLobby(): void {
    if (this.#master.beginning) return;
    this.#listing.list();
    this.#master.observe();
    this.#steps.planAutoStart();
    this.#master.sendLobby();
    // Every change of the table is told here: it is kept as it now stands (between games only).
    this.#master.keep();
    this.#whereabouts.note(this.roomId, this.#master);
  }

  /** Everyone is told how things stand: the lobby, and the game as they see it. */
  #tellAll(): void {
    this.#broadcastLobby();
    this.#master.sendViews();
  }
}
