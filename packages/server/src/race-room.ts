import type { Client, Delayed } from '@colyseus/core';
import { Room, ServerError } from '@colyseus/core';
import type {
  BotLevel,
  Deal,
  GameError,
  RaceAction,
  RaceConfig,
  RaceEdition,
  RaceEngine,
  RaceEvent,
  RaceState,
  Rng,
  Side,
  Variant,
} from '@ubongo/core';
import {
  botJewelRow,
  botSolveSeconds,
  createRng,
  GAME_ROUNDS,
  HOURGLASS_SECONDS,
  raceEngine,
  solveFirst,
} from '@ubongo/core';
import { randomInt } from 'node:crypto';
import { guarded, registrar, reject, rejectUnknown } from './messages.js';
import { MAX_SPECTATORS, PROTOCOL_VERSION, raceJoinSchema, raceMessages } from './protocol.js';
import type { RoomServices } from './services.js';
import type { StoredSeat } from './storage.js';

/** A seat at the table: a person or a bot. */
export interface Seat {
  /** The player's id in the game (`p1`..`p4`, by seat order when the game starts). */
  id: string;
  name: string;
  kind: 'human' | 'bot';
  level?: BotLevel;
  side: Side;
  /** The person's connection, while they have one. */
  sessionId?: string;
  connected: boolean;
  ready: boolean;
}

interface Settings {
  edition: RaceEdition;
  variant: Variant;
  hourglassSeconds: number;
  rounds: number;
}

interface Game {
  readonly engine: RaceEngine;
  readonly seed: number;
  readonly startedAt: number;
  readonly botRng: Rng;
  state: RaceState;
  readonly actions: { at: number; action: RaceAction }[];
  saved: boolean;
}

// A room code: 6 letters and digits without the ones people confuse.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = (): string => Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/** Game-time pause between rounds, and how long a bot takes to move its pawn after solving. */
const BETWEEN_ROUNDS_MS = 5_000;
const BOT_MOVE_MS = 1_500;
/** Seconds a dropped player keeps the seat. */
export const RECONNECT_SECONDS = 60;
/** The level of a bot that takes over a seat a person left. */
const STAND_IN: BotLevel = 'casual';

/**
 * A table of 1 to 4 seats. The host (the first to join) fills seats with bots, sets the game up
 * and starts it; from then on the room referees: every message is checked, then applied by the
 * engine, and each player is sent their own view. The hourglass runs here, from deadlines.
 */
export class RaceRoom extends Room {
  services!: RoomServices;
  #seats: Seat[] = [];
  #host: string | undefined;
  #public = false;
  #settings: Settings = {
    edition: 'classic',
    variant: 'standard',
    hourglassSeconds: HOURGLASS_SECONDS.default,
    rounds: GAME_ROUNDS.default,
  };
  /** Watchers by session: their name and side, and whether they came to play (the table was full or started). */
  readonly #spectators = new Map<string, { name: string; side: Side; wantsSeat: boolean }>();
  #game: Game | null = null;
  #roundTimer: Delayed | undefined;
  #saving: Promise<void> | undefined;
  #botTimers: Delayed[] = [];

  override onCreate(options: unknown): void {
    const parsed = raceJoinSchema.safeParse(options);
    if (!parsed.success) throw new ServerError(400, `bad room options: ${parsed.error.issues[0]?.message ?? ''}`);
    this.maxClients = 4 + MAX_SPECTATORS;
    this.#public = parsed.data.public ?? false;
    if (!this.#public) {
      this.roomId = newCode();
      void this.setPrivate(true);
    }
    this.#settings = { ...this.#settings, ...definedOnly(parsed.data.settings ?? {}) };
    // Fixed scoring is a classic variant; other editions play standard.
    if (this.#settings.edition !== 'classic') this.#settings.variant = 'standard';
    this.#registerMessages();
  }

  override onJoin(client: Client, options: unknown): void {
    const parsed = raceJoinSchema.safeParse(options);
    if (!parsed.success) {
      const protocol = (options as { protocol?: unknown } | undefined)?.protocol;
      throw new ServerError(
        400,
        protocol !== PROTOCOL_VERSION
          ? `this server speaks protocol ${PROTOCOL_VERSION}`
          : `bad join options: ${parsed.error.issues[0]?.message ?? ''}`,
      );
    }
    const { name, side, spectate } = parsed.data;
    if (this.#game || spectate || this.#seats.length >= 4) {
      this.#spectators.set(client.sessionId, { name, side: side ?? 'easy', wantsSeat: spectate !== true });
    } else {
      this.#seats.push({
        id: '',
        name,
        kind: 'human',
        side: side ?? 'easy',
        sessionId: client.sessionId,
        connected: true,
        ready: false,
      });
      this.#host ??= client.sessionId;
      this.#updateVisibility();
    }
    this.#broadcastLobby();
    this.#sendViews();
  }

  override async onLeave(client: Client, consented: boolean): Promise<void> {
    if (this.#spectators.delete(client.sessionId)) return;
    const seat = this.#seats.find((s) => s.sessionId === client.sessionId);
    if (!seat) return;
    const playing = this.#game !== null && this.#game.state.phase !== 'finished';
    if (consented) {
      if (playing) this.#standIn(seat, 'left the game');
      else this.#dropSeat(seat);
      return;
    }
    // A dropped connection (a reload, a network blip) keeps the seat for a while, in the lobby,
    // mid-game and after the game alike.
    seat.connected = false;
    this.#broadcastLobby();
    try {
      const back = await this.allowReconnection(client, RECONNECT_SECONDS);
      if (this.#host === seat.sessionId) this.#host = back.sessionId;
      seat.sessionId = back.sessionId;
      seat.connected = true;
      this.#broadcastLobby();
      this.#sendViews();
    } catch {
      if (this.#game !== null && this.#game.state.phase !== 'finished')
        this.#standIn(seat, `did not come back within ${RECONNECT_SECONDS} s`);
      else this.#dropSeat(seat);
    }
  }

  /**
   * A person who leaves the lobby gives up the seat; after the game, the seat stays in the
   * standings but no longer belongs to anyone. Either way the host's part passes on.
   */
  #dropSeat(seat: Seat): void {
    if (this.#game) {
      seat.connected = false;
      delete seat.sessionId;
    } else {
      this.#seats = this.#seats.filter((s) => s !== seat);
    }
    this.#passHost();
    this.#updateVisibility();
    this.#broadcastLobby();
  }

  /** The host's part goes to the first person at the table with a live connection, if the host has none. */
  #passHost(): void {
    const host = this.#seats.find((s) => s.sessionId !== undefined && s.sessionId === this.#host);
    if (host?.connected) return;
    this.#host = this.#seats.find((s) => s.kind === 'human' && s.connected && s.sessionId)?.sessionId;
  }

  override async onDispose(): Promise<void> {
    // A game the server stops before its end is kept too, with the actions so far.
    const game = this.#game;
    // Wait for a save under way; a game still unsaved is stored as it stands.
    await this.#saving;
    if (game && !game.saved) await this.#save(game);
  }

  #registerMessages(): void {
    const on = registrar(this, raceMessages, (m) => {
      this.services.log(m);
    });
    const hostOnly = (client: Client, type: string): boolean => {
      if (client.sessionId === this.#host && !this.#game) return true;
      reject(client, {
        to: type,
        code: this.#game ? 'message/wrong-phase' : 'message/not-allowed',
        message: this.#game ? 'the game has started' : 'only the host may do this',
      });
      return false;
    };
    on('settings', (client, data) => {
      if (!hostOnly(client, 'settings')) return;
      if (data.variant === 'fixed' && (data.edition ?? this.#settings.edition) !== 'classic') {
        reject(client, {
          to: 'settings',
          code: 'message/malformed',
          message: 'fixed scoring is for the classic edition only',
        });
        return;
      }
      this.#settings = { ...this.#settings, ...definedOnly(data) };
      if (this.#settings.edition !== 'classic') this.#settings.variant = 'standard';
      this.#broadcastLobby();
    });
    on('add-bot', (client, data) => {
      if (!hostOnly(client, 'add-bot')) return;
      if (this.#seats.length >= 4) {
        reject(client, { to: 'add-bot', code: 'message/not-allowed', message: 'the table is full' });
        return;
      }
      const n = this.#seats.filter((s) => s.kind === 'bot').length + 1;
      this.#seats.push({
        id: '',
        name: `Bot ${n} (${data.level})`,
        kind: 'bot',
        level: data.level,
        side: data.side ?? 'easy',
        connected: true,
        ready: true,
      });
      this.#updateVisibility();
      this.#broadcastLobby();
    });
    on('remove-seat', (client, data) => {
      if (!hostOnly(client, 'remove-seat')) return;
      const seat = this.#seats[data.seat];
      if (seat?.kind !== 'bot') {
        reject(client, { to: 'remove-seat', code: 'message/not-allowed', message: 'only a bot’s seat can be removed' });
        return;
      }
      this.#seats.splice(data.seat, 1);
      this.#updateVisibility();
      this.#broadcastLobby();
    });
    on('side', (client, data) => {
      const seat = this.#seatOf(client);
      if (!seat || this.#game) {
        reject(client, {
          to: 'side',
          code: 'message/wrong-phase',
          message: 'the side is chosen before the game starts',
        });
        return;
      }
      seat.side = data.side;
      this.#broadcastLobby();
    });
    on('ready', (client, data) => {
      const seat = this.#seatOf(client);
      if (!seat || this.#game) {
        reject(client, { to: 'ready', code: 'message/wrong-phase', message: 'ready is for the lobby' });
        return;
      }
      seat.ready = data.ready;
      this.#broadcastLobby();
    });
    on('start', (client) => {
      if (!hostOnly(client, 'start')) return;
      this.#start(client);
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
    rejectUnknown(this);
  }

  /** A public table is offered to quick match while it has a free seat and has not started. */
  #updateVisibility(): void {
    if (this.#public) void this.setPrivate(this.#game !== null || this.#seats.length >= 4);
  }

  #seatOf(client: Client): Seat | undefined {
    return this.#seats.find((s) => s.sessionId === client.sessionId);
  }

  #playerAction(client: Client, type: string, make: (player: string) => RaceAction): void {
    const seat = this.#seatOf(client);
    if (!this.#game || !seat) {
      reject(client, {
        to: type,
        code: this.#game ? 'message/not-allowed' : 'message/wrong-phase',
        message: this.#game ? 'spectators watch, they do not play' : 'the game has not started',
      });
      return;
    }
    this.#act(make(seat.id), client, type);
  }

  #start(client: Client): void {
    const { decks, clock, seed: newSeed } = this.services;
    this.#seats.forEach((s, i) => (s.id = `p${i + 1}`));
    const config: RaceConfig = { ...this.#settings, players: this.#seats.map((s) => ({ id: s.id, side: s.side })) };
    const engine = raceEngine(decks[this.#settings.edition === 'extreme' ? 'extreme' : 'classic']);
    const seed = newSeed();
    const setup = engine.setup(config, seed);
    if (!setup.ok) {
      reject(client, { to: 'start', code: setup.error.code, message: setup.error.message });
      return;
    }
    this.#game = {
      engine,
      seed,
      startedAt: clock.now(),
      botRng: createRng(seed ^ 0x5bd1e995),
      state: setup.value,
      actions: [],
      saved: false,
    };
    // Started games take no more players; spectators still join by code.
    this.#updateVisibility();
    void this.setMetadata({ started: true });
    this.#broadcastLobby();
    this.#act({ type: 'start-round' });
  }

  /**
   * After a finished game the host may call everyone back to the lobby: people still here keep
   * their seats (not ready), bots keep theirs, the settings stay; the finished game is saved first.
   */
  async #rematch(client: Client): Promise<void> {
    const game = this.#game;
    if (client.sessionId !== this.#host || game?.state.phase !== 'finished') {
      reject(client, {
        to: 'rematch',
        code: game?.state.phase === 'finished' ? 'message/not-allowed' : 'message/wrong-phase',
        message: game?.state.phase === 'finished' ? 'only the host may call a rematch' : 'the game is not over',
      });
      return;
    }
    await this.#saving;
    if (this.#game !== game) return;
    this.#game = null;
    this.#seats = this.#seats.filter((s) => s.kind === 'bot' || s.sessionId !== undefined);
    for (const s of this.#seats) {
      s.id = '';
      s.ready = s.kind === 'bot';
    }
    // Those who came to play but found the game started (or the table full) sit down now.
    for (const [sessionId, watcher] of this.#spectators) {
      if (this.#seats.length >= 4 || !watcher.wantsSeat) continue;
      this.#spectators.delete(sessionId);
      this.#seats.push({
        id: '',
        name: watcher.name,
        kind: 'human',
        side: watcher.side,
        sessionId,
        connected: true,
        ready: false,
      });
    }
    void this.setMetadata({ started: false });
    this.#updateVisibility();
    this.#broadcastLobby();
  }

  /** Applies an action at the present game time; refusals go back to the sender. */
  #act(action: RaceAction, from?: Client, type?: string): boolean {
    const game = this.#game;
    if (!game) return false;
    const now = this.services.clock.now();
    const step = game.engine.apply(game.state, action, now);
    if (!step.ok) {
      if (from) reject(from, { to: type ?? action.type, ...errorReply(step.error) });
      return false;
    }
    game.state = step.value.state;
    game.actions.push({ at: now, action });
    this.broadcast('events', { events: step.value.events });
    this.#afterChange(step.value.events);
    return true;
  }

  #afterChange(events: readonly RaceEvent[]): void {
    const game = this.#game;
    if (!game) return;
    const { clock } = this.services;
    this.#roundTimer?.clear();
    this.#roundTimer = undefined;
    const { state } = game;
    if (events.some((e) => e.type === 'round-started')) this.#planBots();
    if (state.phase === 'playing' && state.round) {
      this.#roundTimer = this.clock.setTimeout(
        this.#guard('tick', () => this.#act({ type: 'tick' })),
        clock.until(state.round.deadline) + 1,
      );
    } else {
      this.#clearBots();
      if (state.phase === 'waiting') {
        this.#roundTimer = this.clock.setTimeout(
          this.#guard('start-round', () => this.#act({ type: 'start-round' })),
          BETWEEN_ROUNDS_MS / clock.timeScale,
        );
      } else if (!game.saved) {
        this.#saving = this.#save(game);
      }
    }
    this.#sendViews();
  }

  #difficulty(deal: Deal): number {
    const deck = this.services.decks[this.#settings.edition === 'extreme' ? 'extreme' : 'classic'];
    return (
      deck.boards.find((b) => b.id === deal.board)?.sides[deal.side].tasks.find((t) => t.key === deal.key)
        ?.difficulty ?? 5
    );
  }

  #planBots(): void {
    this.#clearBots();
    for (const seat of this.#seats) if (seat.kind === 'bot') this.#planBot(seat);
  }

  /**
   * Schedules a bot's turn in the current round, from now: its claim when the model says it has
   * solved, then (jewel edition) its pawn move. A stand-in for a person who solved but had not yet
   * moved only moves.
   */
  #planBot(seat: Seat): void {
    const game = this.#game;
    const round = game?.state.round;
    const deal = round?.deals.find((d) => d.player === seat.id);
    if (!game || !round || !deal || game.state.phase !== 'playing') return;
    const { timeScale } = this.services.clock;
    const jewels = this.#settings.edition === 'jewels';
    const planMove = (): void => {
      this.#botTimers.push(
        this.clock.setTimeout(
          this.#guard('bot move', () => {
            const later = this.#game;
            if (later?.state.phase === 'playing')
              this.#act({ type: 'move', player: seat.id, row: botJewelRow(later.state, seat.id) });
          }),
          BOT_MOVE_MS / timeScale,
        ),
      );
    };
    if (round.solved.includes(seat.id)) {
      if (jewels && !round.moved.includes(seat.id)) planMove();
      return;
    }
    const seconds = botSolveSeconds(seat.level ?? STAND_IN, this.#difficulty(deal), game.botRng);
    this.#botTimers.push(
      this.clock.setTimeout(
        this.#guard('bot claim', () => {
          const now = this.#game;
          if (!now || now.state.phase !== 'playing') return;
          const placements = solveFirst(now.engine.puzzleOf(deal)).solution ?? [];
          if (this.#act({ type: 'claim', player: seat.id, placements }) && jewels) planMove();
        }),
        (seconds * 1000) / timeScale,
      ),
    );
  }

  /** A timer's work, with any exception logged rather than thrown into the process. */
  #guard(what: string, work: () => void): () => void {
    return guarded(`room ${this.roomId}: ${what}`, this.services.log, work);
  }

  #clearBots(): void {
    for (const t of this.#botTimers) t.clear();
    this.#botTimers = [];
  }

  /** A bot takes over the seat of a person who left; the room is told. */
  #standIn(seat: Seat, why: string): void {
    const name = seat.name;
    seat.kind = 'bot';
    seat.level = STAND_IN;
    delete seat.sessionId;
    seat.connected = true;
    this.#passHost();
    seat.name = `${name} (bot)`;
    this.broadcast('notice', {
      kind: 'replaced',
      seat: seat.id,
      text: `${name} ${why}; a ${STAND_IN} bot plays on for them`,
    });
    this.#broadcastLobby();
    this.#planBot(seat);
  }

  async #save(game: Game): Promise<void> {
    game.saved = true;
    const result = game.engine.result(game.state);
    const seats: StoredSeat[] = this.#seats.map((s) => ({
      id: s.id,
      name: s.name,
      kind: s.kind,
      ...(s.level ? { level: s.level } : {}),
    }));
    try {
      await this.services.storage.saveGame({
        id: this.#gameId(game),
        config: game.state.config,
        seed: game.seed,
        seats,
        actions: game.actions,
        result,
        startedAt: game.startedAt,
        finishedAt: this.services.clock.now(),
      });
      if (result) this.broadcast('saved', { game: this.#gameId(game) });
    } catch (e) {
      game.saved = false;
      this.services.log(`room ${this.roomId}: could not save the game: ${String(e)}`);
    }
  }

  #gameId(game: Game | null = this.#game): string {
    return `${this.roomId}-${game?.startedAt ?? 0}`;
  }

  #lobby(client: Client): unknown {
    return {
      protocol: PROTOCOL_VERSION,
      code: this.roomId,
      public: this.#public,
      host: this.#seats.findIndex((s) => s.sessionId === this.#host),
      you: this.#seats.findIndex((s) => s.sessionId === client.sessionId),
      spectators: this.#spectators.size,
      settings: this.#settings,
      started: this.#game !== null,
      game: this.#game ? this.#gameId() : null,
      seats: this.#seats.map((s) => ({
        id: s.id,
        name: s.name,
        kind: s.kind,
        level: s.level ?? null,
        side: s.side,
        connected: s.connected,
        ready: s.ready,
      })),
    };
  }

  #broadcastLobby(): void {
    for (const client of this.clients) client.send('lobby', this.#lobby(client));
  }

  #sendViews(): void {
    const game = this.#game;
    if (!game) return;
    const serverNow = this.services.clock.now();
    for (const client of this.clients) {
      const player = this.#seatOf(client)?.id ?? null;
      client.send('view', {
        serverNow,
        timeScale: this.services.clock.timeScale,
        view: game.engine.view(game.state, player),
      });
    }
  }
}

function definedOnly<T extends object>(value: T): Partial<{ [K in keyof T]: Exclude<T[K], undefined> }> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<{
    [K in keyof T]: Exclude<T[K], undefined>;
  }>;
}

function errorReply(error: GameError): { code: string; message: string; problems?: readonly unknown[] } {
  return { code: error.code, message: error.message, ...(error.problems ? { problems: error.problems } : {}) };
}
