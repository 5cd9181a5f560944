import type { Client, Delayed } from '@colyseus/core';
import { Room, ServerError } from '@colyseus/core';
import type { RaceAction, RaceServerMessages } from '@ubongo/core';
import { deckFor, STAND_IN_LEVEL } from '@ubongo/core';
import {
  expireWhenIdle,
  guarded,
  heard,
  parseJoin,
  refusal,
  registrar,
  reject,
  rejectUnknown,
  sender,
} from './messages.js';
import { MAX_SPECTATORS, raceJoinSchema, raceMessages } from './protocol.js';
import { RaceGame } from './race-game.js';
import type { RoomServices } from './services.js';
import type { Seat } from './table.js';
import { Table, tableCode } from './table.js';

/** Seconds a dropped player keeps the seat. */
export const RECONNECT_SECONDS = 60;

/**
 * A race table: the adapter between sockets, the clock and core. The table (table.ts) keeps the
 * seats; once the game starts, every message is checked, applied by the engine, and each player
 * is sent their own view; the referee (core's referee.ts) says what happens next and when.
 */
export class RaceRoom extends Room {
  services!: RoomServices;
  readonly #table = new Table();
  readonly #send = sender<RaceServerMessages>(this);
  #public = false;
  #game: RaceGame | null = null;
  #timer: Delayed | undefined;
  /** Quick match: the timer that starts the table by itself. */
  #autoStart: Delayed | undefined;
  #saving: Promise<void> | undefined;

  override onCreate(options: unknown): void {
    const { public: open = false, settings = {} } = parseJoin(raceJoinSchema, options);
    this.maxClients = 4 + MAX_SPECTATORS;
    this.#public = open;
    if (!open) {
      this.roomId = tableCode();
      void this.setPrivate(true);
    }
    // Fixed scoring is a classic variant: a table created for another edition plays standard.
    const { variant, ...rest } = settings;
    this.#table.configure(rest);
    if (variant) this.#table.configure({ variant });
    this.#registerMessages();
    // A game under way plays on (bots stand in for those gone); a lobby or a finished table nobody uses expires.
    expireWhenIdle(this, this.services, () => this.#game !== null && !this.#game.finished);
  }

  override onJoin(client: Client, options: unknown): void {
    const { name, side = 'easy', spectate } = parseJoin(raceJoinSchema, options);
    heard(this);
    if (this.#game || spectate || this.#table.full) {
      if (this.#table.watchers.size >= MAX_SPECTATORS)
        throw new ServerError(409, `this table has ${MAX_SPECTATORS} spectators already`);
      this.#table.watch(client.sessionId, { name, side, wantsSeat: spectate !== true });
    } else {
      this.#table.sit(client.sessionId, name, side);
      this.#updateVisibility();
    }
    this.#broadcastLobby();
    this.#sendViews();
  }

  override async onLeave(client: Client, consented: boolean): Promise<void> {
    if (this.#table.watchers.delete(client.sessionId)) return;
    const seat = this.#table.seatOf(client.sessionId);
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
      this.#table.reconnected(seat, back.sessionId);
      this.#broadcastLobby();
      this.#sendViews();
    } catch {
      this.#leave(seat, 'timeout');
    }
  }

  /** A person gone for good: a bot plays on for them mid-game; otherwise the seat is given up. */
  #leave(seat: Seat, reason: 'left' | 'timeout'): void {
    const game = this.#game;
    if (game && !game.finished && seat.occupant.kind === 'human') {
      const name = seat.occupant.name;
      this.#table.standIn(seat);
      this.#send.all('notice', { kind: 'replaced', seat: seat.id, reason, name, level: STAND_IN_LEVEL });
      game.standIn(seat.id, this.services.clock.now());
      this.#schedule();
    } else {
      this.#table.drop(seat, game !== null);
      this.#updateVisibility();
    }
    this.#broadcastLobby();
  }

  override async onDispose(): Promise<void> {
    // A game the server stops before its end is kept too, with the actions so far.
    const game = this.#game;
    // Wait for a save under way; a game still unsaved is stored as it stands.
    await this.#saving;
    if (game && !game.saved) await this.#save(game);
  }

  #registerMessages(): void {
    const on = registrar(this, raceMessages, this.services);
    const table = this.#table;
    /**
     * A change to the lobby by a seated player (or only the host): refused once the game has
     * started; a change that returns words is refused with them; otherwise everyone is told.
     */
    const lobby = (
      client: Client,
      type: string,
      who: 'host' | 'seated',
      change: (seat: Seat) => string | undefined,
      code: 'message/not-allowed' | 'message/malformed' = 'message/not-allowed',
    ): void => {
      if (this.#game) {
        reject(client, { to: type, code: 'message/wrong-phase', message: 'the game has started' });
        return;
      }
      const seat = table.seatOf(client.sessionId);
      const denied = table.denies(client.sessionId, who);
      const problem = denied ?? (seat && change(seat));
      if (problem) reject(client, { to: type, code: denied ? 'message/not-allowed' : code, message: problem });
      else {
        this.#updateVisibility();
        this.#broadcastLobby();
      }
    };
    on('settings', (client, data) => {
      lobby(client, 'settings', 'host', () => table.configure(data), 'message/malformed');
    });
    on('add-bot', (client, data) => {
      lobby(client, 'add-bot', 'host', () => table.addBot(data.level, data.side ?? 'easy'));
    });
    on('remove-seat', (client, data) => {
      lobby(client, 'remove-seat', 'host', () => table.removeBot(data.seat));
    });
    on('side', (client, data) => {
      lobby(client, 'side', 'seated', (seat) => {
        seat.side = data.side;
        return undefined;
      });
    });
    on('ready', (client, data) => {
      lobby(client, 'ready', 'seated', (seat) => {
        seat.ready = data.ready;
        return undefined;
      });
    });
    on('start', (client) => {
      lobby(client, 'start', 'host', () => this.#start());
    });
    on('rematch', (client) => {
      void this.#rematch(client);
    });
    on('claim', (client, data) => {
      this.#playerAction(client, 'claim', (player) => ({ type: 'claim', player, placements: data.placements }));
    });
    on('move', (client, data) => {
      this.#playerAction(client, 'move', (player) => ({ type: 'move', player, row: data.row }));
    });
    on('place', (client, data) => {
      this.#playerAction(client, 'place', (player) => ({ type: 'place', player, row: data.row }));
    });
    rejectUnknown(this, this.services);
  }

  /** A public table is offered to quick match while it has a free seat and has not started. */
  #updateVisibility(): void {
    if (this.#public) void this.setPrivate(this.#game !== null || this.#table.full);
  }

  #playerAction(client: Client, type: string, make: (player: string) => RaceAction): void {
    const seat = this.#table.seatOf(client.sessionId);
    if (!this.#game || !seat) {
      reject(client, {
        to: type,
        code: this.#game ? 'message/not-allowed' : 'message/wrong-phase',
        message: this.#game ? 'spectators watch, they do not play' : 'the game has not started',
      });
      return;
    }
    this.#act(make(seat.id), { client, type });
  }

  /** Starts the game; says why not if the configuration is refused. */
  #start(): string | undefined {
    const { decks, clock, seed } = this.services;
    const table = this.#table;
    table.numberSeats();
    const config = { ...table.settings, players: table.seats.map((s) => ({ id: s.id, side: s.side })) };
    const game = RaceGame.start(decks[deckFor(config.edition)], config, seed(), clock.now(), table.bots());
    if (!game.ok) return game.error.message;
    this.#game = game.value;
    void this.setMetadata({ started: true });
    // Everyone learns the game has started; the first round, when it is due now, is dealt at once
    // (in a jewel game the players first have time to place their pawns).
    this.#updateVisibility();
    this.#broadcastLobby();
    const first = game.value.next();
    if (first && first.at <= clock.now()) this.#act(first.action);
    else {
      this.#schedule();
      this.#sendViews();
    }
    return undefined;
  }

  /** After a finished game the host may call everyone back to the lobby; the finished game is saved first. */
  async #rematch(client: Client): Promise<void> {
    const game = this.#game;
    const over = game?.finished ?? false;
    if (!this.#table.isHost(client.sessionId) || !over) {
      reject(client, {
        to: 'rematch',
        code: over ? 'message/not-allowed' : 'message/wrong-phase',
        message: over ? 'only the host may call a rematch' : 'the game is not over',
      });
      return;
    }
    await this.#saving;
    if (this.#game !== game) return;
    this.#game = null;
    this.#table.rematch();
    void this.setMetadata({ started: false });
    this.#updateVisibility();
    this.#broadcastLobby();
  }

  /** Applies an action at the present game time: a player's (refusals go back to them) or the referee's. */
  #act(action: RaceAction, from?: { client: Client; type: string }): void {
    const game = this.#game;
    if (!game) return;
    const events = game.apply(action, this.services.clock.now());
    if (!events.ok) {
      if (from) reject(from.client, refusal(from.type, events.error));
      else {
        // A bot's claim or move that a late timer brought after the sand ran out is simply too
        // late; anything else refused of the referee's own is a bug of ours, logged. Either way the
        // plan is dropped and the referee asked again, not sooner than a second later, so that a
        // refusal can never spin.
        if (events.error.code !== 'claim/too-late')
          this.services.log(`room ${this.roomId}: the referee's ${action.type} was refused: ${events.error.message}`);
        game.drop(action);
        this.#schedule(1000);
      }
      return;
    }
    this.#send.all('events', { events: events.value });
    if (game.finished && !game.saved) this.#saving = this.#save(game);
    this.#schedule();
    this.#sendViews();
  }

  /** Sets the one timer for what the referee does next: a round's start, the sand's end, a bot's turn. */
  #schedule(atLeastMs = 0): void {
    this.#timer?.clear();
    this.#timer = undefined;
    const next = this.#game?.next();
    if (!next) return;
    const { clock, log } = this.services;
    this.#timer = this.clock.setTimeout(
      guarded(`room ${this.roomId}: ${next.action.type}`, log, () => {
        if (clock.now() < next.at) this.#schedule();
        else this.#act(next.action);
      }),
      Math.max(atLeastMs, clock.until(next.at) + 1),
    );
  }

  async #save(game: RaceGame): Promise<void> {
    game.saved = true;
    const { storage, clock, log } = this.services;
    const record = game.record(this.#gameId(game), this.#table.storedSeats(), clock.now());
    try {
      await storage.saveGame(record);
      if (record.result) this.#send.all('saved', { game: record.id });
    } catch (e) {
      game.saved = false;
      log(`room ${this.roomId}: could not save the game: ${String(e)}`);
      for (const client of this.clients)
        reject(client, { to: 'save', code: 'message/not-saved', message: 'the server could not store this game' });
    }
  }

  #gameId(game: RaceGame | null = this.#game): string {
    return `${this.roomId}-${game?.startedAt ?? 0}`;
  }

  /** Quick match: a public table starts by itself when the table says (table.ts, QUICK_MATCH). */
  #planAutoStart(): void {
    this.#autoStart?.clear();
    this.#autoStart = undefined;
    const at = this.#public && !this.#game ? this.#table.startsAt() : null;
    if (at === null) return;
    const { clock, log } = this.services;
    this.#autoStart = this.clock.setTimeout(
      guarded(`room ${this.roomId}: quick-match start`, log, () => {
        if (this.#game) return;
        const due = this.#table.startsAt();
        if (due !== null && due <= clock.now()) this.#start();
        else this.#planAutoStart();
      }),
      clock.until(at) + 1,
    );
  }

  #broadcastLobby(): void {
    const { clock } = this.services;
    const waiting = this.#public && !this.#game;
    if (waiting) this.#table.observe(clock.now());
    this.#planAutoStart();
    const room = {
      code: this.roomId,
      public: this.#public,
      started: this.#game !== null,
      game: this.#game ? this.#gameId() : null,
      startsAt: waiting ? this.#table.startsAt() : null,
      offerBotsAt: waiting ? this.#table.offerBotsAt() : null,
      serverNow: clock.now(),
      timeScale: clock.timeScale,
    };
    for (const client of this.clients) this.#send.to(client, 'lobby', this.#table.lobbyFor(client.sessionId, room));
  }

  #sendViews(): void {
    const game = this.#game;
    if (!game) return;
    const { clock } = this.services;
    const serverNow = clock.now();
    for (const client of this.clients) {
      const player = this.#table.seatOf(client.sessionId)?.id ?? null;
      this.#send.to(client, 'view', {
        serverNow,
        timeScale: clock.timeScale,
        view: game.view(player),
        nextRoundAt: game.nextRoundAt(),
      });
    }
  }
}
