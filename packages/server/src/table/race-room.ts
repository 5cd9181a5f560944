import type { Client } from '@colyseus/core';
import { Room, ServerError } from '@colyseus/core';
import { CLOSE_CODES } from '@ubongo/core';
import { PeopleWait } from './people-wait.js';
import { LiveListing } from './live-listing.js';
import { expireWhenIdle, heard, parseJoin } from '../rooms/messages.js';
import { MAX_SPECTATORS, raceJoinSchema } from '../protocol.js';
import { RaceMaster, RECONNECT_SECONDS } from './race-master.js';
import { registerRaceMessages } from './race-messages.js';
import { RaceSteps } from './race-steps.js';
import type { RoomSetting } from './kinds.js';
import { orderOf, refuseRatedQuickMatch, setUp } from './kinds.js';
import { handOver } from './reconnection.js';
import type { RoomServices } from '../services.js';
import type { Account } from '../accounts/store.js';
import type { Seat } from './seats.js';
import { refreshClaims } from './seats.js';
import { TableWhereabouts } from './table-whereabouts.js';
import { Timers } from '../rooms/timers.js';

/**
 * A race table: the adapter between sockets, timers and the race's master (race-master.ts), which
 * does what follows an accepted step and keeps the table (table.ts); the referee (core's
 * referee.ts) says what happens next and when. One room for every kind of table (kinds.ts).
 */
export class RaceRoom extends Room {
  services!: RoomServices;
  /** How the room is set for its kind of table (kinds.ts): public or not, the rated queue's. */
  #setting!: RoomSetting;
  #master!: RaceMaster;
  /** The server is stopping: people who drop are not replaced, the game under way stays in the journal. */
  #stopping = false;
  /** Its people's friends see them at this table (whereabouts.ts). */
  readonly #whereabouts = new TableWhereabouts(() => this.services.whereabouts);
  /** The room's waits (timers.ts): the room sends no state, so Colyseus's patches (and its clock's ticks) are off. */
  readonly #timers = new Timers();
  /** The wait for the people the kind of table expects (people-wait.ts). */
  readonly #wait = new PeopleWait(this.#timers, () => this.services, {
    id: () => this.roomId,
    master: () => this.#master,
    schedule: () => {
      this.#steps.schedule();
    },
    tellAll: () => {
      this.#tellAll();
    },
    updateVisibility: () => {
      this.#updateVisibility();
    },
    release: () => {
      this.autoDispose = true;
    },
    close: () => void this.disconnect(),
  });
  /** The game's entry on the live page (live.ts), made once the room has its master. */
  #listing!: LiveListing;
  /** The game's steps in time (race-steps.ts), made with the listing. */
  #steps!: RaceSteps;

  override onCreate(options: unknown): void {
    this.patchRate = 0;
    const order = orderOf(this.services, options);
    const setting = (this.#setting = setUp(order, this.services.clock.now()));
    this.maxClients = 4 + MAX_SPECTATORS;
    if (setting.code !== null) this.roomId = setting.code;
    if (setting.hidden) void this.setPrivate(true);
    if (setting.started !== undefined) void this.setMetadata({ started: setting.started });
    if (setting.held) this.autoDispose = false;
    this.#master = this.#masterOf(setting);
    const waitBy = this.#wait.rebuild(order);
    this.#registerMessages();
    this.#wait.begin(order, waitBy);
  }

  /** The room's master (race-master.ts), reaching the connections through the room. */
  #masterOf(setting: RoomSetting): RaceMaster {
    return new RaceMaster(
      this.services,
      { id: this.roomId, public: setting.public, ...(setting.match && { match: setting.match }) },
      setting.table,
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

  override onJoin(client: Client, options: unknown, auth?: Account): void {
    const { side = 'easy', seatKey, settings, ...asked } = parseJoin(raceJoinSchema, options);
    // At a table the rated queue made, only the people it was made for sit.
    const { sitters } = this.#setting;
    const spectate = asked.spectate === true || (sitters && !sitters.includes(auth?.id ?? ''));
    // A quick-match join asking for a rated game finds none: there are none.
    refuseRatedQuickMatch(this.#setting.public, settings?.rated);
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

  /** A reconnection takes its seat at once from a connection not yet seen to go (reconnection.ts). */
  override checkReconnectionToken(token: string): string {
    handOver(
      this.clients.find((c) => c.reconnectionToken === token),
      (sessionId) => this.#master.table.seatOf(sessionId) !== undefined,
      (old) => void this._onLeave(old, CLOSE_CODES.elsewhere),
    );
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
    if (!this.#wait.back()) this.#tellAll();
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
    this.#timers.close();
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
      isPublic: this.#setting.public,
      master: this.#master,
      services: this.services,
      setLive: (live) => {
        void this.setMetadata({ live });
      },
    });
    registerRaceMessages(this, this.services, this.#master, {
      isPublic: this.#setting.public,
      matched: this.#setting.match !== undefined,
      changed: () => {
        this.#updateVisibility();
        this.#broadcastLobby();
      },
      refreshClaims: () =>
        refreshClaims(this.#master.table, (id) => this.services.stores.accounts.account(id)).catch((e: unknown) => {
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
    if (this.#setting.public) void this.setPrivate(this.#master.game !== null || this.#master.table.full);
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
