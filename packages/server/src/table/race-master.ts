import type { RatingChange, GameError, RaceAction, RaceEvent, Result, RoundReveal } from '@ubongo/core';
import { deckFor, err, ok, raceEngine, RoundWatcher } from '@ubongo/core';
import { GameJournal, TableJournal } from './journal.js';
import { RaceGame } from './race-game.js';
import { trackRace } from '../solo/solves.js';
import type { Account } from '../accounts/store.js';
import { unratable } from './lobby.js';
import type { Seat } from './seats.js';
import type { Table } from './table.js';
import { GameEnd } from './game-end.js';
import type { JoinAs, Joined } from './joining.js';
import { joinTable } from './joining.js';
import { ProgressReports } from './progress-reports.js';
import { RoundBoards } from './round-boards.js';
import type { RaceMasterServices, RaceRoomOf } from './race-state.js';
import { raceSolves, raceState } from './race-state.js';
import { StandIns } from './stand-ins.js';
import type { RaceTransport } from './table-views.js';
import { TableViews } from './table-views.js';

export type { RaceTransport } from './table-views.js';
export type { JoinAs, Joined } from './joining.js';
export type { RaceMasterServices } from './race-state.js';

/** Seconds a dropped player keeps the seat; a game resumed after a restart waits as long for its people. */
export const RECONNECT_SECONDS = 60;

/** Why a step was not taken: the engine's refusal, or the journal's write failed (nothing changed). */
export type StepRefused = GameError | { readonly code: 'message/not-saved'; readonly message: string };

/** Real ms after a game could not be stored before another may begin (a store that is down is not hammered). */
const BEGIN_AGAIN_MS = 5000;

/** What a player is told when their step could not be stored (it was not taken: they may send it again). */
const NOT_STORED = 'the server could not store this just now, so it was not taken: send it again in a moment';

/**
 * What happens after an accepted step of a race, apart from sockets and timers (the room's), as
 * boardgame.io's Master. Steps are taken one at a time, in the order they came: each is worked out
 * on the game as it stands, written to the journal (journal.ts), and only once the journal holds
 * it applied and announced, so that nothing anyone was told can be lost by a crash. A step whose
 * write fails is not taken: the game stays as it was, its player is told (`message/not-saved`) and
 * may send it again, and the referee tries its own again (race-room.ts). Solves are judged and
 * attempts counted (solves.ts); each round is revealed as it ends; the finished game is saved and,
 * at a rated table, rated.
 */
export class RaceMaster {
  /** The game as it goes, shared with the parts below. */
  readonly #s = raceState();
  #rounds: RoundWatcher | null = null;
  readonly #journal: GameJournal;
  /** The table kept between games, to come back after a restart (journal.ts). */
  readonly #kept: TableJournal;
  /** The last step taken (or given up): each step waits for the one before it. */
  #turn: Promise<unknown> = Promise.resolve();
  /** When (game time) a new game last could not be stored: no other is begun for a while. */
  #beginFailedAt = -Infinity;
  readonly #progress = new ProgressReports();
  readonly #views: TableViews;
  readonly #end: GameEnd;
  readonly #standIns: StandIns;
  /** The boards of the round in play, as the table watches them fill (round-boards.ts). */
  readonly boards: RoundBoards;

  constructor(
    private readonly services: RaceMasterServices,
    private readonly room: RaceRoomOf,
    readonly table: Table,
    transport: RaceTransport,
    /**
     * The new game's journal is opened (`stored`): the room tells everyone it has started, and
     * goes on; or it could not be, and the table is back in its lobby.
     */
    private readonly began: (stored: boolean) => void,
    /** A bot now plays for someone gone (`leave`): the room plans its turns and shows the seat. */
    stoodIn: () => void = () => undefined,
  ) {
    this.#journal = new GameJournal(services, (e) => {
      services.log(`room ${room.id}: could not write the journal: ${String(e)}`);
    });
    this.#kept = new TableJournal(services.stores.games, (e) => {
      services.log(`room ${room.id}: could not keep the table: ${String(e)}`);
    });
    this.#views = new TableViews(services, room, table, transport, this.#s, this.#progress);
    this.#end = new GameEnd(services, room, table, this.#journal, this.#kept, this.#s, this.#views);
    this.#standIns = new StandIns(table, this.#journal, this.#s, this.#views, stoodIn);
    this.boards = new RoundBoards(services.clock, table, this.#s, this.#progress, this.#views);
  }

  /**
   * Keeps the table as it stands, between games (a lobby, or a finished game's table once its
   * record is stored), to come back after a restart; a game under way is the journal's.
   */
  keep(): void {
    this.#end.keep();
  }

  /**
   * Goes on with a table kept between games after a restart (resume.ts): a lobby, or a finished
   * game's table (`game`, rebuilt from its record). It waits for its people for the reconnection
   * window from now, unless everyone is back; says until when.
   */
  restore(game: RaceGame | null, ratings: readonly RatingChange[] = []): number | null {
    if (game) {
      this.#take(game);
      this.#s.recorded = game;
      // Said again to whoever comes back, as before the restart: the record's id and the ratings.
      this.#s.saved = { game: game.id, rated: this.table.settings.rated, ratings };
    }
    this.#s.restoredTable = true;
    return this.#waitForPeople();
  }

  /** Unless everyone is at the table, it waits for its people for the reconnection window from now; says until when. */
  #waitForPeople(): number | null {
    const everyone = this.table.seats.every((s) => s.connected);
    this.#s.resumeBy = everyone ? null : this.services.clock.now() + RECONNECT_SECONDS * 1000;
    return this.#s.resumeBy;
  }

  /** Whether this is a table kept between games, back after a restart (`restore`). */
  get restoredTable(): boolean {
    return this.#s.restoredTable;
  }

  /**
   * A restored table's wait for its people is over (or everyone is back): the seats of those still
   * away are given up. Says whether anyone is back (with nobody, the room closes).
   */
  endTableWait(): boolean {
    this.#s.resumeBy = null;
    const people = this.table.seats.filter((s) => s.occupant.kind === 'human');
    for (const seat of people) if (!seat.connected) this.table.drop(seat, this.#s.game !== null);
    return people.some((s) => s.connected);
  }

  /** Runs `work` once every step asked before it is done: one at a time, in order. */
  #inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#turn.then(work);
    this.#turn = run.catch(() => undefined);
    return run;
  }

  get game(): RaceGame | null {
    return this.#s.game;
  }

  get reveal(): RoundReveal | null {
    return this.#s.reveal;
  }

  /** Whether the game's journal is being opened (nothing is sent until it is). */
  get beginning(): boolean {
    return this.#s.beginning;
  }

  get resumeBy(): number | null {
    return this.#s.resumeBy;
  }

  /** Starts a game at the table; says why not if the configuration is refused. */
  start(): string | undefined {
    const { decks, clock, seed } = this.services;
    const table = this.table;
    if (clock.now() - this.#beginFailedAt < BEGIN_AGAIN_MS * clock.timeScale)
      return 'the server could not store a new game a moment ago: try again in a few seconds';
    // A table back after a restart waits for its people first: a game started meanwhile would hold
    // the seats of those still on their way, with nobody to play them.
    if (this.#s.restoredTable && this.#s.resumeBy !== null)
      return 'the server restarted: the table waits for its people to come back before a game starts';
    const guest = table.settings.rated ? unratable(table) : undefined;
    if (guest) return guest;
    table.numberSeats();
    const config = { ...table.settings, players: table.seats.map((s) => ({ id: s.id, side: s.side })) };
    const now = clock.now();
    const started = RaceGame.start(
      decks[deckFor(config.edition)],
      config,
      seed(),
      now,
      table.bots(),
      `${this.room.id}-${now}`,
    );
    if (!started.ok) return started.error.message;
    const game = started.value;
    this.#take(game);
    this.#s.beginning = true;
    this.#s.begun = true;
    const arena = table.arena && { arenaId: table.arena.arenaId, accounts: table.arena.accounts };
    const live = game.live(this.room.id, this.room.public, table.journalSeats(), table.settings.rated, arena);
    this.#journal.begin(live, (stored) => {
      this.#s.beginning = false;
      if (this.#s.game !== game) return;
      if (stored) {
        this.#s.toldNotSaved = false;
        // The journal has the table now, until the game is over.
        this.#kept.drop(this.room.id);
      } else {
        this.#beginFailedAt = this.services.clock.now();
        // Not stored, so not started: nobody was told it had, and the table is back in its lobby.
        this.#s.game = null;
        this.#s.solves = null;
        this.#rounds = null;
        this.#views.tellNotStarted();
      }
      this.began(stored);
    });
    return undefined;
  }

  /**
   * Goes on with a game rebuilt from the journal after a restart (resume.ts): unless everyone is
   * at the table, it waits for its people for the reconnection window, from now; says until when.
   */
  resume(game: RaceGame): number | null {
    this.#take(game);
    this.#s.solves?.recall();
    const view = game.view(null);
    this.#s.restartRound = game.finished ? null : (view.round?.number ?? 0) + 1;
    return this.#waitForPeople();
  }

  /** Everyone is back (or replaced): the resumed game goes on, its next round a pause from now. */
  goOn(): void {
    this.#s.resumeBy = null;
    this.#s.game?.resumeAt(this.services.clock.now());
  }

  /**
   * The wait for people after a restart is over: bots stand in for those still away, and the game
   * goes on (`go-on`); or, with nobody back, it is stored as interrupted, blaming no one (resolves
   * once it is).
   */
  endWait(): 'go-on' | Promise<void> {
    const people = this.table.seats.filter((s) => s.occupant.kind === 'human');
    if (people.some((s) => s.connected)) {
      for (const seat of people) if (!seat.connected) this.leave(seat, 'timeout');
      return 'go-on';
    }
    this.#s.resumeBy = null;
    return this.save();
  }

  /** When a quick-match table starts by itself (table.ts, QUICK_MATCH): null for a private or started one. */
  startsAt(): number | null {
    return this.#views.startsAt();
  }

  /**
   * A connection of `auth`'s joins: back to its seat of the game under way with the seat's key,
   * else at a free seat of the lobby, else watching (or to come to play when a seat is free after
   * the game), unless the spectators' places are taken.
   */
  join(sessionId: string, as: JoinAs, auth: Account | undefined): Joined {
    return joinTable(this.table, this.#s.game !== null, sessionId, as, auth);
  }

  /** A public table waiting to start notes who sits there now (quick match counts from it). */
  observe(): void {
    if ((this.room.public || this.room.match) && !this.#s.game) this.table.observe(this.services.clock.now());
  }

  /** Sends one connection (one who came or came back) the last round's reveal, until the next round begins. */
  revealTo(client: { send(type: string, body: unknown): void }): void {
    this.#views.revealTo(client);
  }

  /** Sends one connection (one who came or came back) the finished game's `saved`, once it is stored. */
  savedTo(client: { send(type: string, body: unknown): void }): void {
    this.#views.savedTo(client);
  }

  /** Sends everyone the lobby as they see it. */
  sendLobby(): void {
    this.#views.sendLobby();
  }

  /** Sends everyone the game as they see it, once it has begun. */
  sendViews(): void {
    this.#views.sendViews();
  }

  #take(game: RaceGame): void {
    const deck = this.services.decks[deckFor(game.edition)];
    this.#s.game = game;
    this.#rounds = new RoundWatcher(raceEngine(deck));
    this.#s.reveal = null;
    this.#progress.clear();
    this.#s.solves = raceSolves(this.services, deck, this.room.id, this.table, game.id);
  }

  /**
   * Takes an action at the present game time, after every step asked before it: resolves with the
   * events, or why it was not taken (then nothing changed). It is applied and announced once the
   * journal holds it (see the class); a failed write refuses it with `message/not-saved`.
   * `fromPlayer`: a player's action (its refusal is theirs to hear; a claim is measured from here
   * to its answer for the bench: metrics.ts); otherwise the referee's.
   */
  act(action: RaceAction, fromPlayer = false): Promise<Result<readonly RaceEvent[], StepRefused>> {
    const heardAt = performance.now();
    // The time it was heard: steps are taken in the order heard, so their times never go back.
    const at = this.services.clock.now();
    return this.#inTurn(async () => {
      const game = this.#s.game;
      if (!game || this.#s.beginning) return err({ code: 'action/wrong-phase', message: 'the game has not started' });
      await this.#standIns.nowDue(game, at);
      const step = game.attempt(action, at);
      if (!step.ok) {
        // A bot's claim or move that a late timer brought after the sand ran out is simply too
        // late; anything else refused of the referee's own is a bug of ours, logged. Either way the
        // plan is dropped, so that the game goes on.
        if (fromPlayer) return step;
        if (step.error.code !== 'claim/too-late')
          this.services.log(`room ${this.room.id}: the referee's ${action.type} was refused: ${step.error.message}`);
        game.drop(action);
        return step;
      }
      if (!(await this.#journal.write(game.id, step.value.entry))) {
        if (!fromPlayer) this.#views.tellNotSaved();
        return err({ code: 'message/not-saved', message: NOT_STORED });
      }
      this.#s.toldNotSaved = false;
      step.value.commit();
      const events = step.value.value;
      if (this.#s.game !== game) return ok(events);
      trackRace(this.#s.solves, events, action);
      this.boards.stepped(game, action, events);
      const reveal = this.#rounds?.step(action, events);
      this.#views.all('events', { events });
      this.sendViews();
      if (events.some((e) => e.type === 'round-started')) {
        this.#s.reveal = null;
        // The round played again after a restart is dealt: the lobby no longer says it starts over.
        if (this.#s.restartRound !== null) {
          this.#s.restartRound = null;
          this.sendLobby();
        }
      }
      if (reveal) {
        this.#s.reveal = reveal;
        this.#views.all('reveal', reveal);
      }
      if (fromPlayer && action.type === 'claim') this.services.metrics?.claimAnswered(performance.now() - heardAt);
      if (game.finished && !game.saved) this.#s.saving = this.#end.save(game);
      return ok(events);
    });
  }

  /**
   * A person gone for good (`reason`): mid-game a bot plays on for them (everyone is told, once
   * the journal keeps it: until it can, the seat waits, and it is tried again before each step);
   * otherwise the seat is given up. Says which.
   */
  leave(seat: Seat, reason: 'left' | 'timeout'): 'replaced' | 'dropped' {
    const game = this.#s.game;
    if (!game || game.finished || seat.occupant.kind !== 'human') {
      this.table.drop(seat, game !== null);
      return 'dropped';
    }
    this.#standIns.due(seat, reason);
    void this.#inTurn(() => this.#standIns.nowDue(game, this.services.clock.now())).catch((e: unknown) => {
      this.services.log(`room ${this.room.id}: a stand-in failed: ${String(e)}`);
    });
    return 'replaced';
  }

  /** Stores the game as it stands now (interrupted if it is not over), after the journal's writes. */
  save(): Promise<void> {
    return this.#end.saveNow();
  }

  /**
   * Back to the lobby after a finished game, once it is saved; false if the game changed
   * meanwhile (another call got there first).
   */
  rematch(): Promise<boolean> {
    return this.#end.rematch();
  }

  /**
   * The room closes: the journal's writes and a save under way are waited for; a game not yet
   * saved is stored now, unless the server is stopping mid-game (it stays in the journal, to
   * resume on the next start). Nothing stays in play.
   */
  async dispose(stopping: boolean): Promise<void> {
    this.services.inPlay.clear(this.room.id);
    await this.#turn;
    await this.#end.close(stopping);
  }
}
