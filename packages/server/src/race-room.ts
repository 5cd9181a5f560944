import type { Client } from '@colyseus/core';
import { ClientState, Room, ServerError } from '@colyseus/core';
import type { Deal, RaceAction, RaceEvent, RaceServerMessages, RoundReveal } from '@ubongo/core';
import { CLOSE_CODES, deckFor, findTask, judgeSolve, raceEngine, RoundWatcher, STAND_IN_LEVEL } from '@ubongo/core';
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
import type { Numbered } from './race-game.js';
import { RaceGame } from './race-game.js';
import type { Resumption, RoomServices } from './services.js';
import type { Account } from './storage.js';
import type { Seat } from './table.js';
import type { Timer } from './timers.js';
import { Timers } from './timers.js';
import { rateGame } from './ratings.js';
import type { SeatAccount } from './table.js';
import { settingsOf, Table, tableCode } from './table.js';

/** A signed-in player's seat account. */
const seatAccount = (auth: Account | undefined): SeatAccount | undefined =>
  auth && { id: auth.id, claimed: auth.username !== null };

/** Seconds a dropped player keeps the seat. */
export const RECONNECT_SECONDS = 60;

/**
 * A race table: the adapter between sockets, the clock and core. The table (table.ts) keeps the
 * seats; once the game starts, every message is checked, applied by the engine, and each player
 * is sent their own view; the referee (core's referee.ts) says what happens next and when.
 */
export class RaceRoom extends Room {
  services!: RoomServices;
  #table = new Table();
  readonly #send = sender<RaceServerMessages>(this);
  #public = false;
  #game: RaceGame | null = null;
  #timer: Timer | undefined;
  /** Quick match: the timer that starts the table by itself. */
  #autoStart: Timer | undefined;
  #saving: Promise<void> | undefined;
  /** The room's journal writes, one after the other, so that they land in the order they happened. */
  #journal: Promise<void> = Promise.resolve();
  /** The server is stopping: people who drop are not replaced, the game under way stays in the journal. */
  #stopping = false;
  /** A game resumed after a restart waits for its people until this game time; null otherwise. */
  #resumeBy: number | null = null;
  #resumeTimer: Timer | undefined;
  /** A game has started and its journal is being opened: nobody is told until it is. */
  #beginning = false;
  /** This round's deals and when they were dealt; the players who solved faster than a person can. */
  #deals: readonly Deal[] = [];
  #dealtAt = 0;
  /** Reveals each round as it ends; the last round's reveal until the next begins. */
  #rounds: RoundWatcher | null = null;
  #reveal: RoundReveal | null = null;
  readonly #implausible = new Set<string>();

  /** The room's waits (timers.ts): the room sends no state, so Colyseus's patches (and its clock's ticks) are off. */
  readonly #timers = new Timers();

  override onCreate(options: unknown): void {
    this.patchRate = 0;
    // A game the server resumes after a restart (resume.ts), not a table a client asked for.
    const key = (options as { resume?: unknown } | null)?.resume;
    const resumption = typeof key === 'string' ? this.services.resumes.get(key) : undefined;
    if (resumption && typeof key === 'string') {
      this.services.resumes.delete(key);
      this.#resume(resumption);
      return;
    }
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
    expireWhenIdle(this, this.services, this.#timers, () => this.#game !== null && !this.#game.finished);
  }

  /**
   * A game rebuilt from the journal: the table as it was, the game at the start of the interrupted
   * round, waiting for its people to come back with their seats' keys for the reconnection window
   * (counted from now). Those back in time play on; bots stand in for the others; if nobody comes
   * back, the game is stored as interrupted, blaming no one.
   */
  #resume({ live, game, seats }: Resumption): void {
    const { clock } = this.services;
    this.roomId = live.room;
    this.#public = live.public;
    void this.setPrivate(true);
    void this.setMetadata({ started: true });
    this.maxClients = 4 + MAX_SPECTATORS;
    this.autoDispose = false;
    this.#table = Table.resumed({ ...settingsOf(live.config), rated: live.rated === true }, seats);
    this.#game = game;
    this.#watchRounds(game);
    this.#registerMessages();
    expireWhenIdle(this, this.services, this.#timers, () => this.#game !== null && !this.#game.finished);
    if (this.#table.seats.every((s) => s.connected)) {
      this.#goOn();
      return;
    }
    // The reconnection window, in game time like every wait of the game's.
    this.#resumeBy = clock.now() + RECONNECT_SECONDS * 1000;
    this.#resumeTimer = this.#timers.after(
      guarded(`room ${this.roomId}: resume`, this.services.log, () => {
        this.#resumeTimeout();
      }),
      clock.until(this.#resumeBy) + 1,
    );
  }

  /** The wait for people after a restart is over: bots for those still away, or the game stored as interrupted. */
  #resumeTimeout(): void {
    const game = this.#game;
    if (!game || this.#resumeBy === null) return;
    const away = this.#table.seats.filter((s) => s.occupant.kind === 'human' && !s.connected);
    const back = this.#table.seats.filter((s) => s.occupant.kind === 'human' && s.connected);
    if (back.length === 0) {
      this.#resumeBy = null;
      this.#saving = this.#save(game).then(() => this.disconnect());
      return;
    }
    for (const seat of away) this.#replace(seat, 'timeout');
    this.#goOn();
  }

  /** Everyone is back (or replaced): the game goes on, its next round a pause from now. */
  #goOn(): void {
    const game = this.#game;
    if (!game) return;
    this.#resumeTimer?.clear();
    this.#resumeBy = null;
    this.autoDispose = true;
    game.resumeAt(this.services.clock.now());
    this.#schedule();
    this.#broadcastLobby();
    this.#sendViews();
  }

  override onJoin(client: Client, options: unknown, auth?: Account): void {
    const { side = 'easy', spectate, seatKey } = parseJoin(raceJoinSchema, options);
    // The matchmaker let in signed-in players only (server.ts); their account's name is shown.
    const name = auth?.name ?? 'Player';
    heard(this);
    // Back to a seat of the game under way with its key (after a restart, or a new connection).
    const own = this.#game && seatKey !== undefined ? this.#table.seatByKey(seatKey) : undefined;
    if (own) {
      this.#table.sitBack(own, client.sessionId, seatKey ?? '', seatAccount(auth));
      this.#back(client);
      return;
    }
    if (this.#game || spectate || this.#table.full) {
      if (this.#table.watchers.size >= MAX_SPECTATORS)
        throw new ServerError(409, `this table has ${MAX_SPECTATORS} spectators already`);
      const account = seatAccount(auth);
      this.#table.watch(client.sessionId, {
        name,
        side,
        wantsSeat: spectate !== true,
        ...(account === undefined ? {} : { account }),
      });
    } else {
      this.#table.sit(client.sessionId, name, side, seatAccount(auth));
      this.#updateVisibility();
    }
    this.#broadcastLobby();
    this.#sendViews();
    if (this.#reveal) this.#send.to(client, 'reveal', this.#reveal);
  }

  /** Reveals each round of `game` as it ends (core's RoundWatcher). */
  #watchRounds(game: RaceGame): void {
    this.#rounds = new RoundWatcher(raceEngine(this.services.decks[deckFor(game.edition)]));
    this.#reveal = null;
  }

  override async onLeave(client: Client, consented: boolean): Promise<void> {
    if (this.#stopping) return;
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
    if (old?.state === ClientState.JOINED && this.#table.seatOf(old.sessionId)) {
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
   * Someone is back in their seat (by a reconnection or by the seat's key): told how things stand;
   * a resumed game waiting for its people goes on once the last one is back.
   */
  #back(client: Client): void {
    if (this.#reveal) this.#send.to(client, 'reveal', this.#reveal);
    if (this.#resumeBy !== null && this.#table.seats.every((s) => s.connected)) this.#goOn();
    else {
      this.#broadcastLobby();
      this.#sendViews();
    }
  }

  #isStopping(): boolean {
    return this.#stopping;
  }

  /** A person gone for good: a bot plays on for them mid-game; otherwise the seat is given up. */
  #leave(seat: Seat, reason: 'left' | 'timeout'): void {
    const game = this.#game;
    if (game && !game.finished && seat.occupant.kind === 'human') {
      this.#replace(seat, reason);
      if (this.#resumeBy === null) this.#schedule();
    } else {
      this.#table.drop(seat, game !== null);
      this.#updateVisibility();
    }
    this.#broadcastLobby();
  }

  /** A bot stands in for a person gone for good mid-game; everyone is told, the journal keeps it. */
  #replace(seat: Seat, reason: 'left' | 'timeout'): void {
    const game = this.#game;
    if (!game || seat.occupant.kind !== 'human') return;
    const name = seat.occupant.name;
    this.#table.standIn(seat);
    this.#send.all('notice', { kind: 'replaced', seat: seat.id, reason, name, level: STAND_IN_LEVEL });
    void this.#write(game, game.standIn(seat.id, this.services.clock.now()));
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
    this.services.inPlay.clear(this.roomId);
    // Wait for the journal and a save under way; a finished game still unsaved is stored now. A
    // game under way stays in the journal when the server stops (it resumes on the next start);
    // otherwise (everyone gone, bots finishing) it has been played to its end and saved.
    await this.#journal;
    await this.#saving;
    const game = this.#game;
    if (game && !game.saved && (game.finished || !this.#stopping)) await this.#save(game);
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
      code: 'message/not-allowed' | 'message/malformed' | 'message/needs-username' = 'message/not-allowed',
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
      lobby(
        client,
        'settings',
        'host',
        () => (data.rated === true && this.#public ? 'quick-match tables are casual' : table.configure(data)),
        'message/malformed',
      );
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
      // A rated table with a guest at it: the host is told who, with a code of its own.
      const guest = table.settings.rated ? table.unratable() : undefined;
      lobby(client, 'start', 'host', () => guest ?? this.#start(), guest ? 'message/needs-username' : undefined);
    });
    on('rematch', (client) => {
      void this.#rematch(client);
    });
    on('claim', (client, data) => {
      this.#playerAction(client, 'claim', (player) => ({
        type: 'claim',
        player,
        placements: data.placements,
        ...(data.trail ? { trail: data.trail } : {}),
      }));
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
    if (table.settings.rated) {
      const why = table.unratable();
      if (why) return why;
    }
    this.#implausible.clear();
    this.#deals = [];
    table.numberSeats();
    const config = { ...table.settings, players: table.seats.map((s) => ({ id: s.id, side: s.side })) };
    const now = clock.now();
    const id = `${this.roomId}-${now}`;
    const game = RaceGame.start(decks[deckFor(config.edition)], config, seed(), now, table.bots(), id);
    if (!game.ok) return game.error.message;
    this.#game = game.value;
    this.#watchRounds(game.value);
    this.#beginning = true;
    void this.setMetadata({ started: true });
    this.#updateVisibility();
    // Everyone learns the game has started once the journal holds it; the first round, when it is
    // due now, is dealt at once (in a jewel game the players first have time to place their pawns).
    const live = game.value.live(this.roomId, this.#public, table.journalSeats(), table.settings.rated);
    this.#journal = this.#journal
      .then(() => this.services.storage.beginGame(live))
      .catch((e: unknown) => {
        this.#notSaved(e);
      })
      .then(() => {
        this.#beginning = false;
        if (this.#game !== game.value) return;
        this.#broadcastLobby();
        const first = game.value.next();
        if (first && first.at <= clock.now()) this.#act(first.action);
        else {
          this.#schedule();
          this.#sendViews();
        }
      });
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
    this.#reveal = null;
    this.#table.rematch();
    void this.setMetadata({ started: false });
    this.#updateVisibility();
    this.#broadcastLobby();
  }

  /**
   * Writes a journal entry after the room's earlier writes; resolves when it is durable (or has
   * failed, which the players are told).
   */
  #write(game: RaceGame, { seq, entry }: Numbered): Promise<void> {
    const askedAt = performance.now();
    this.#journal = this.#journal
      .then(() => this.services.storage.journal(game.id, seq, entry))
      .then(() => this.services.metrics?.journalWritten(performance.now() - askedAt))
      .catch((e: unknown) => {
        this.#notSaved(e);
      });
    return this.#journal;
  }

  #notSaved(e: unknown): void {
    this.services.log(`room ${this.roomId}: could not write the journal: ${String(e)}`);
    this.#send.all('rejected', {
      to: 'save',
      code: 'message/not-saved',
      message: 'the server could not store the game as it goes; a restart would lose it',
    });
  }

  /**
   * Applies an action at the present game time: a player's (refusals go back to them) or the
   * referee's. What it changed goes out once the journal holds it, so that nothing answered as
   * accepted can be lost by a crash.
   */
  #act(action: RaceAction, from?: { client: Client; type: string }): void {
    const game = this.#game;
    if (!game) return;
    const heardAt = performance.now();
    const step = game.apply(action, this.services.clock.now());
    if (!step.ok) {
      if (from) reject(from.client, refusal(from.type, step.error));
      else {
        // A bot's claim or move that a late timer brought after the sand ran out is simply too
        // late; anything else refused of the referee's own is a bug of ours, logged. Either way the
        // plan is dropped and the referee asked again, not sooner than a second later, so that a
        // refusal can never spin.
        if (step.error.code !== 'claim/too-late')
          this.services.log(`room ${this.roomId}: the referee's ${action.type} was refused: ${step.error.message}`);
        game.drop(action);
        this.#schedule(1000);
      }
      return;
    }
    this.#schedule();
    const { events } = step.value;
    this.#trackDeals(game, events, action);
    const reveal = this.#rounds?.step(action, events);
    void this.#write(game, step.value.entry).then(() => {
      if (this.#game !== game) return;
      this.#send.all('events', { events });
      this.#sendViews();
      if (events.some((e) => e.type === 'round-started')) this.#reveal = null;
      if (reveal) {
        this.#reveal = reveal;
        this.#send.all('reveal', reveal);
      }
      // A player's claim, from its message to its answer (the bench reads it: metrics.ts).
      if (from && action.type === 'claim') this.services.metrics?.claimAnswered(performance.now() - heardAt);
      if (game.finished && !game.saved) this.#saving = this.#save(game);
    });
  }

  /**
   * The boards dealt to people are in play for their accounts until the round ends (practice will
   * not solve them); each person's solve is timed from the deal against the task's human floor, and
   * one under it, or whose move trail no hand could have made (core's judgeSolve), keeps the
   * player out of the game's rating and flags the account for review.
   */
  #trackDeals(game: RaceGame, events: readonly RaceEvent[], action: RaceAction): void {
    const { inPlay, clock, decks, storage, log } = this.services;
    const now = clock.now();
    for (const event of events) {
      if (event.type === 'solved') {
        const seat = this.#table.seats.find((s) => s.id === event.player);
        const deal = this.#deals.find((d) => d.player === event.player);
        if (seat?.occupant.kind !== 'human' || !deal) continue;
        const task = findTask(decks[deckFor(game.edition)], deal);
        const took = now - this.#dealtAt;
        const claim = action.type === 'claim' && action.player === event.player ? action : undefined;
        const verdict = judgeSolve({
          took,
          difficulty: task?.difficulty ?? 1,
          pieces: claim?.placements.map((p) => p.piece) ?? task?.pieces ?? [],
          trail: claim?.trail,
        });
        if (verdict.plausible) continue;
        this.#implausible.add(event.player);
        const account = seat.accountId;
        if (account !== undefined)
          void storage
            .flagAccount(
              account,
              `solved ${deal.board} ${deal.side} ${deal.key} in a race in ${(took / 1000).toFixed(2)} s, ${verdict.reason}`,
              now,
            )
            .catch((e: unknown) => {
              log(`could not flag account ${account}: ${String(e)}`);
            });
      }
      if (event.type === 'round-started') {
        this.#deals = event.deals;
        this.#dealtAt = now;
        inPlay.clear(this.roomId);
        const edition = deckFor(game.edition);
        for (const deal of event.deals) {
          const account = this.#table.seats.find((s) => s.id === deal.player)?.accountId;
          if (account !== undefined) inPlay.deal(this.roomId, account, { edition, ...deal });
        }
      }
      if (event.type === 'round-ended') this.#attempts(game, event.record.deals, event.record.solved);
      if (event.type === 'round-ended' || event.type === 'game-ended') inPlay.clear(this.roomId);
    }
  }

  /**
   * Each person's board of the round was an attempt at its task: solved (a verified solve) or not;
   * a person's first attempt at a task moves the task's rating and the person's level (puzzles.ts).
   */
  #attempts(game: RaceGame, deals: readonly Deal[], solved: readonly string[]): void {
    const { attempts, decks, clock, log } = this.services;
    const edition = deckFor(game.edition);
    for (const deal of deals) {
      const account = this.#table.seats.find((s) => s.id === deal.player && s.occupant.kind === 'human')?.accountId;
      if (account === undefined || this.#implausible.has(deal.player)) continue;
      const difficulty = findTask(decks[edition], deal)?.difficulty ?? 5;
      attempts
        .count(
          { accountId: account, edition, task: deal, difficulty, solved: solved.includes(deal.player) },
          clock.now(),
        )
        .catch((e: unknown) => {
          log(`room ${this.roomId}: could not count an attempt: ${String(e)}`);
        });
    }
  }

  /** Sets the one timer for what the referee does next: a round's start, the sand's end, a bot's turn. */
  #schedule(atLeastMs = 0): void {
    this.#timer?.clear();
    this.#timer = undefined;
    const next = this.#game?.next();
    if (!next) return;
    const { clock, log } = this.services;
    this.#timer = this.#timers.after(
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
    await this.#journal;
    const record = game.record(game.id, this.#table.storedSeats(), clock.now());
    try {
      await storage.saveGame(record);
      if (record.result && this.#table.settings.rated) await this.#rate(game);
      if (record.result) this.#send.all('saved', { game: record.id });
    } catch (e) {
      game.saved = false;
      log(`room ${this.roomId}: could not save the game: ${String(e)}`);
      for (const client of this.clients)
        reject(client, { to: 'save', code: 'message/not-saved', message: 'the server could not store this game' });
    }
  }

  /**
   * A rated game's end moves its players' ratings (ratings.ts) by their places; bots and players
   * whose solves came faster than a person can are left out.
   */
  async #rate(game: RaceGame): Promise<void> {
    const { storage, clock } = this.services;
    const places = new Map(game.view(null).standings.map((s) => [s.player, s.place]));
    const rated = this.#table.seats.flatMap((s) =>
      s.accountId !== undefined && s.claimed === true && !this.#implausible.has(s.id)
        ? [{ accountId: s.accountId, place: places.get(s.id) ?? places.size }]
        : [],
    );
    const players = await Promise.all(
      rated.map(async (p) => ({
        ...p,
        before: (await storage.ratingsOf(p.accountId)).find((r) => r.edition === game.edition),
      })),
    );
    await storage.saveRatings(game.id, rateGame(game.edition, players, clock.now()));
  }

  /** Quick match: a public table starts by itself when the table says (table.ts, QUICK_MATCH). */
  #planAutoStart(): void {
    this.#autoStart?.clear();
    this.#autoStart = undefined;
    const at = this.#public && !this.#game ? this.#table.startsAt() : null;
    if (at === null) return;
    const { clock, log } = this.services;
    this.#autoStart = this.#timers.after(
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
    if (this.#beginning) return;
    const { clock } = this.services;
    const waiting = this.#public && !this.#game;
    if (waiting) this.#table.observe(clock.now());
    this.#planAutoStart();
    const room = {
      code: this.roomId,
      public: this.#public,
      started: this.#game !== null,
      game: this.#game?.id ?? null,
      startsAt: waiting ? this.#table.startsAt() : null,
      offerBotsAt: waiting ? this.#table.offerBotsAt() : null,
      serverNow: clock.now(),
      timeScale: clock.timeScale,
      resumeBy: this.#resumeBy,
    };
    for (const client of this.clients) this.#send.to(client, 'lobby', this.#table.lobbyFor(client.sessionId, room));
  }

  #sendViews(): void {
    const game = this.#game;
    if (!game || this.#beginning) return;
    const { clock } = this.services;
    const serverNow = clock.now();
    for (const client of this.clients) {
      const player = this.#table.seatOf(client.sessionId)?.id ?? null;
      this.#send.to(client, 'view', {
        serverNow,
        timeScale: clock.timeScale,
        view: game.view(player),
        nextRoundAt: this.#resumeBy === null ? game.nextRoundAt() : null,
      });
    }
  }
}
