import type {
  RatingChange,
  GameError,
  LobbyMessage,
  PlayerId,
  Progress,
  RaceAction,
  RaceEvent,
  RaceServerMessages,
  Result,
  RoundProgress,
  RoundReveal,
  Side,
} from '@ubongo/core';
import { deckFor, err, ok, raceEngine, RoundWatcher, STAND_IN_LEVEL } from '@ubongo/core';
import type { GameClock } from '../clock.js';
import { GameJournal, TableJournal } from './journal.js';
import { RaceGame } from './race-game.js';
import type { RatingStore } from '../rating/ratings.js';
import { rateRace } from '../rating/ratings.js';
import { arenaResults } from '../arena/arenas.js';
import type { RoomServices } from '../services.js';
import type { Whose } from '../solo/solves.js';
import { claimReview } from '../solo/reviews.js';
import { Solves, trackRace } from '../solo/solves.js';
import type { Account, Storage } from '../storage.js';
import { MAX_SPECTATORS } from '../protocol.js';
import type { Seat, Table } from './table.js';
import { seatAccount } from './table.js';

/** Seconds a dropped player keeps the seat; a game resumed after a restart waits as long for its people. */
export const RECONNECT_SECONDS = 60;

/** What a race's master needs from the server around it (storage narrowed to what it calls). */
export type RaceMasterServices = Pick<
  RoomServices,
  'attempts' | 'inPlay' | 'decks' | 'seed' | 'log' | 'metrics' | 'arenas' | 'seasons'
> & {
  readonly clock: Pick<GameClock, 'now' | 'timeScale'>;
  readonly storage: Pick<
    Storage,
    | 'beginGame'
    | 'journal'
    | 'saveGame'
    | 'keepTable'
    | 'dropTable'
    | 'flagAccount'
    | 'holdClaim'
    | 'heldPlayers'
    | 'soloResultsOf'
  > &
    RatingStore;
};

type Out = RaceServerMessages;

/**
 * How the master reaches the room's connections (boardgame.io's transport): the room itself, or
 * a test's fake. The master sends only messages of core's protocol (`Out`).
 */
export interface RaceTransport {
  readonly clients: Iterable<{ readonly sessionId: string; send(type: string, body: unknown): void }>;
  broadcast(type: string, body: unknown): void;
}

/** How a connection asks to join, and how it came in (`RaceMaster.join`). */
export interface JoinAs {
  readonly side: Side;
  readonly spectate?: boolean | undefined;
  readonly seatKey?: string | undefined;
}
export type Joined = 'back' | 'seated' | 'watching' | 'no-room' | 'not-yours';

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
  #game: RaceGame | null = null;
  #solves: Solves | null = null;
  #rounds: RoundWatcher | null = null;
  /** The last round's reveal, until the next round begins. */
  #reveal: RoundReveal | null = null;
  /** The finished game as stored (its ratings too), until the table goes back to its lobby. */
  #saved: Out['saved'] | null = null;
  readonly #journal: GameJournal;
  /** The table kept between games, to come back after a restart (journal.ts). */
  readonly #kept: TableJournal;
  /** The finished game whose record is stored: the table is kept showing it until a rematch. */
  #recorded: RaceGame | null = null;
  /** The table was kept between games and came back after a restart: it waits for its people (`resumeBy`). */
  #restoredTable = false;
  #saving: Promise<void> | undefined;
  /** A game has started and its journal is being opened: nobody is told until it is. */
  #beginning = false;
  /** A game resumed after a restart: the round it goes on with, until that round is dealt; null otherwise. */
  #restartRound: number | null = null;
  /** A game resumed after a restart waits for its people until this game time; null otherwise. */
  #resumeBy: number | null = null;
  /** The last step taken (or given up): each step waits for the one before it. */
  #turn: Promise<unknown> = Promise.resolve();
  /** People gone whose stand-in could not be stored yet: tried again before the next step. */
  readonly #standInsDue = new Map<Seat, 'left' | 'timeout'>();
  /** Everyone was told the journal cannot be written; cleared once a write holds again. */
  #toldNotSaved = false;
  /** When (game time) a new game last could not be stored: no other is begun for a while. */
  #beginFailedAt = -Infinity;
  /** The players' reports of their progress (`report`), in round `round`; a new round starts it afresh. */
  #progress: { round: number; players: Map<PlayerId, Progress> } = { round: -1, players: new Map() };

  constructor(
    private readonly services: RaceMasterServices,
    private readonly room: {
      readonly id: string;
      readonly public: boolean;
      /** A table the rated queue made (rated-room.ts): for how many people, starting with how few, made when. */
      readonly match?: { readonly people: number; readonly least: number; readonly madeAt: number };
    },
    readonly table: Table,
    private readonly transport: RaceTransport,
    /**
     * The new game's journal is opened (`stored`): the room tells everyone it has started, and
     * goes on; or it could not be, and the table is back in its lobby.
     */
    private readonly began: (stored: boolean) => void,
    /** A bot now plays for someone gone (`leave`): the room plans its turns and shows the seat. */
    private readonly stoodIn: () => void = () => undefined,
  ) {
    this.#journal = new GameJournal(services, (e) => {
      services.log(`room ${room.id}: could not write the journal: ${String(e)}`);
    });
    this.#kept = new TableJournal(services.storage, (e) => {
      services.log(`room ${room.id}: could not keep the table: ${String(e)}`);
    });
  }

  /**
   * Keeps the table as it stands, between games (a lobby, or a finished game's table once its
   * record is stored), to come back after a restart; a game under way is the journal's.
   */
  keep(): void {
    const game = this.#game;
    if (this.#beginning || (game !== null && game !== this.#recorded)) return;
    const { id, public: open } = this.room;
    this.#kept.keep(this.table.kept(id, open, game?.id ?? null, this.services.clock.now(), this.#saved?.ratings));
  }

  /**
   * Goes on with a table kept between games after a restart (resume.ts): a lobby, or a finished
   * game's table (`game`, rebuilt from its record). It waits for its people for the reconnection
   * window from now, unless everyone is back; says until when.
   */
  restore(game: RaceGame | null, ratings: readonly RatingChange[] = []): number | null {
    if (game) {
      this.#take(game);
      this.#recorded = game;
      // Said again to whoever comes back, as before the restart: the record's id and the ratings.
      this.#saved = { game: game.id, rated: this.table.settings.rated, ratings };
    }
    this.#restoredTable = true;
    const everyone = this.table.seats.every((s) => s.connected);
    this.#resumeBy = everyone ? null : this.services.clock.now() + RECONNECT_SECONDS * 1000;
    return this.#resumeBy;
  }

  /** Whether this is a table kept between games, back after a restart (`restore`). */
  get restoredTable(): boolean {
    return this.#restoredTable;
  }

  /**
   * A restored table's wait for its people is over (or everyone is back): the seats of those still
   * away are given up. Says whether anyone is back (with nobody, the room closes).
   */
  endTableWait(): boolean {
    this.#resumeBy = null;
    const people = this.table.seats.filter((s) => s.occupant.kind === 'human');
    for (const seat of people) if (!seat.connected) this.table.drop(seat, this.#game !== null);
    return people.some((s) => s.connected);
  }

  /** The referee's step could not be stored: the game waits; everyone is told, once until a write holds again. */
  #tellNotSaved(): void {
    if (this.#toldNotSaved) return;
    this.#toldNotSaved = true;
    this.#all('rejected', {
      to: 'save',
      code: 'message/not-saved',
      message: 'the server cannot store the game just now: it waits, and goes on once it can',
    });
  }

  /** Runs `work` once every step asked before it is done: one at a time, in order. */
  #inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#turn.then(work);
    this.#turn = run.catch(() => undefined);
    return run;
  }

  /** To everyone in the room. */
  #all<K extends keyof Out>(type: K, body: Out[K]): void {
    this.transport.broadcast(type, body);
  }

  /** To each connection its own (none when `body` gives null). */
  #each<K extends keyof Out>(type: K, body: (sessionId: string) => Out[K] | null): void {
    for (const client of this.transport.clients) {
      const message = body(client.sessionId);
      if (message) client.send(type, message);
    }
  }

  get game(): RaceGame | null {
    return this.#game;
  }

  get reveal(): RoundReveal | null {
    return this.#reveal;
  }

  /** Whether the game's journal is being opened (nothing is sent until it is). */
  get beginning(): boolean {
    return this.#beginning;
  }

  get resumeBy(): number | null {
    return this.#resumeBy;
  }

  /** Starts a game at the table; says why not if the configuration is refused. */
  start(): string | undefined {
    const { decks, clock, seed } = this.services;
    const table = this.table;
    if (clock.now() - this.#beginFailedAt < BEGIN_AGAIN_MS * clock.timeScale)
      return 'the server could not store a new game a moment ago: try again in a few seconds';
    // A table back after a restart waits for its people first: a game started meanwhile would hold
    // the seats of those still on their way, with nobody to play them.
    if (this.#restoredTable && this.#resumeBy !== null)
      return 'the server restarted: the table waits for its people to come back before a game starts';
    if (table.settings.rated) {
      const why = table.unratable();
      if (why) return why;
    }
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
    this.#beginning = true;
    const arena = table.arena && { arenaId: table.arena.arenaId, accounts: table.arena.accounts };
    const live = game.live(this.room.id, this.room.public, table.journalSeats(), table.settings.rated, arena);
    this.#journal.begin(live, (stored) => {
      this.#beginning = false;
      if (this.#game !== game) return;
      if (stored) {
        this.#toldNotSaved = false;
        // The journal has the table now, until the game is over.
        this.#kept.drop(this.room.id);
      } else {
        this.#beginFailedAt = this.services.clock.now();
        // Not stored, so not started: nobody was told it had, and the table is back in its lobby.
        this.#game = null;
        this.#solves = null;
        this.#rounds = null;
        this.#all('rejected', {
          to: 'start',
          code: 'message/not-saved',
          message: 'the server could not store the new game, so it has not started: try again in a moment',
        });
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
    this.#solves?.recall();
    const view = game.view(null);
    this.#restartRound = game.finished ? null : (view.round?.number ?? 0) + 1;
    const everyone = this.table.seats.every((s) => s.connected);
    this.#resumeBy = everyone ? null : this.services.clock.now() + RECONNECT_SECONDS * 1000;
    return this.#resumeBy;
  }

  /** Everyone is back (or replaced): the resumed game goes on, its next round a pause from now. */
  goOn(): void {
    this.#resumeBy = null;
    this.#game?.resumeAt(this.services.clock.now());
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
    this.#resumeBy = null;
    return this.save();
  }

  /** When a quick-match table starts by itself (table.ts, QUICK_MATCH): null for a private or started one. */
  startsAt(): number | null {
    if (this.#restoredTable && this.#resumeBy !== null) return null;
    if (this.#game) return null;
    const arena = this.table.arena;
    if (arena) {
      // An arena's table starts once everyone it seated sits there, or at its deadline with two.
      const seated = this.table.seats.filter((s) => s.occupant.kind === 'human' && s.connected);
      if (seated.length < 2) return null;
      return arena.accounts.every((a) => seated.some((s) => s.accountId === a)) ? 0 : arena.startBy;
    }
    const { match } = this.room;
    if (match) return this.table.matchStartsAt(match.people, match.least, match.madeAt);
    return this.room.public ? this.table.startsAt() : null;
  }

  /**
   * A connection of `auth`'s joins: back to its seat of the game under way with the seat's key,
   * else at a free seat of the lobby, else watching (or to come to play when a seat is free after
   * the game), unless the spectators' places are taken.
   */
  join(sessionId: string, { side, spectate, seatKey }: JoinAs, auth: Account | undefined): Joined {
    const table = this.table;
    // The matchmaker let in signed-in players only (server.ts); their account's name is shown.
    const name = auth?.name ?? 'Player';
    const account = seatAccount(auth);
    // (A lobby kept over a restart takes its people back by their keys too: resume.ts.)
    const own = seatKey !== undefined ? table.seatByKey(seatKey, account) : undefined;
    if (own === 'not-yours') return 'not-yours';
    if (own && seatKey !== undefined) {
      table.sitBack(own, sessionId, seatKey, account);
      return 'back';
    }
    if (!this.#game && !spectate && !table.full && table.admits(account)) {
      table.sit(sessionId, name, side, account);
      return 'seated';
    }
    if (table.watchers.size >= MAX_SPECTATORS) return 'no-room';
    table.watch(sessionId, { name, side, wantsSeat: spectate !== true, ...(account === undefined ? {} : { account }) });
    return 'watching';
  }

  /** A public table waiting to start notes who sits there now (quick match counts from it). */
  observe(): void {
    if ((this.room.public || this.room.match) && !this.#game) this.table.observe(this.services.clock.now());
  }

  /** The lobby as one connection sees it (table.ts), at `now`. */
  #lobbyFor(sessionId: string, now: number): LobbyMessage {
    const { clock } = this.services;
    const game = this.#game;
    const waiting = this.room.public && !game;
    return this.table.lobbyFor(sessionId, {
      code: this.room.id,
      public: this.room.public,
      started: game !== null,
      game: game?.id ?? null,
      startsAt: waiting ? this.table.startsAt() : this.room.match && !game ? this.startsAt() : null,
      offerBotsAt: waiting ? this.table.offerBotsAt() : null,
      serverNow: now,
      timeScale: clock.timeScale,
      resumeBy: this.#resumeBy,
      restartRound: this.#restartRound,
      ...(this.table.arena ? { arena: this.table.arena.arenaId } : {}),
    });
  }

  /** Sends one connection (one who came or came back) the last round's reveal, until the next round begins. */
  revealTo(client: { send(type: string, body: unknown): void }): void {
    if (this.#reveal) client.send('reveal', this.#reveal satisfies Out['reveal']);
  }

  /** Sends one connection (one who came or came back) the finished game's `saved`, once it is stored. */
  savedTo(client: { send(type: string, body: unknown): void }): void {
    if (this.#saved) client.send('saved', this.#saved satisfies Out['saved']);
  }

  /** Sends everyone the lobby as they see it. */
  sendLobby(): void {
    const now = this.services.clock.now();
    this.#each('lobby', (sessionId) => this.#lobbyFor(sessionId, now));
  }

  /** Sends everyone the game as they see it, once it has begun. */
  sendViews(): void {
    const now = this.services.clock.now();
    this.#each('view', (sessionId) => this.#viewFor(sessionId, now));
  }

  /** The progress reported in the round being played (none between rounds). */
  #roundProgress(): RoundProgress {
    const round = this.#game?.playingRound ?? null;
    return round === this.#progress.round ? Object.fromEntries(this.#progress.players) : {};
  }

  /**
   * A seated player reports how many pieces they have down (race-messages.ts): kept and sent to
   * everyone at the table, spectators too, when it changed. Refused while no round of theirs is
   * being played, once they have solved, or beyond their task's pieces. Nothing here is judged:
   * it is what they say, shown as such, and never where the pieces lie.
   */
  report(
    player: PlayerId,
    down: number,
  ): { code: 'message/wrong-phase' | 'message/malformed'; message: string } | null {
    const game = this.#game;
    if (!game || this.#beginning) return { code: 'message/wrong-phase', message: 'the game has not started' };
    const now = game.progressOf(player);
    if (!now.ok) return { code: 'message/wrong-phase', message: now.error };
    const { round, of } = now.value;
    if (down > of) return { code: 'message/malformed', message: `your task has ${of} pieces` };
    if (this.#progress.round !== round) this.#progress = { round, players: new Map() };
    if (this.#progress.players.get(player)?.down === down) return null;
    this.#progress.players.set(player, { down, of });
    this.#all('progress', { round, players: this.#roundProgress() });
    return null;
  }

  /** The game as one connection sees it (a spectator: as nobody), once it has begun. */
  #viewFor(sessionId: string, now: number): Out['view'] | null {
    const game = this.#game;
    if (!game || this.#beginning) return null;
    return {
      serverNow: now,
      timeScale: this.services.clock.timeScale,
      view: game.view(this.table.seatOf(sessionId)?.id ?? null),
      progress: this.#roundProgress(),
      nextRoundAt: this.#resumeBy === null ? game.nextRoundAt() : null,
    };
  }

  #take(game: RaceGame): void {
    const deck = this.services.decks[deckFor(game.edition)];
    this.#game = game;
    this.#rounds = new RoundWatcher(raceEngine(deck));
    this.#reveal = null;
    this.#progress = { round: -1, players: new Map() };
    const whose = (player: string): Whose | undefined => {
      const seat = this.table.seats.find((s) => s.id === player);
      return seat && { person: seat.occupant.kind === 'human', account: seat.accountId };
    };
    this.#solves = new Solves(
      this.services,
      deck,
      this.room.id,
      { log: `room ${this.room.id}`, flag: ' in a race' },
      whose,
      this.table.settings.rated ? claimReview(this.services.storage, this.services.decks.classic, game.id) : undefined,
    );
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
      const game = this.#game;
      if (!game || this.#beginning) return err({ code: 'action/wrong-phase', message: 'the game has not started' });
      await this.#standInsNowDue(game, at);
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
        if (!fromPlayer) this.#tellNotSaved();
        return err({ code: 'message/not-saved', message: NOT_STORED });
      }
      this.#toldNotSaved = false;
      step.value.commit();
      const events = step.value.value;
      if (this.#game !== game) return ok(events);
      trackRace(this.#solves, events, action);
      const reveal = this.#rounds?.step(action, events);
      this.#all('events', { events });
      this.sendViews();
      if (events.some((e) => e.type === 'round-started')) {
        this.#reveal = null;
        // The round played again after a restart is dealt: the lobby no longer says it starts over.
        if (this.#restartRound !== null) {
          this.#restartRound = null;
          this.sendLobby();
        }
      }
      if (reveal) {
        this.#reveal = reveal;
        this.#all('reveal', reveal);
      }
      if (fromPlayer && action.type === 'claim') this.services.metrics?.claimAnswered(performance.now() - heardAt);
      if (game.finished && !game.saved) this.#saving = this.#save(game);
      return ok(events);
    });
  }

  /**
   * A person gone for good (`reason`): mid-game a bot plays on for them (everyone is told, once
   * the journal keeps it: until it can, the seat waits, and it is tried again before each step);
   * otherwise the seat is given up. Says which.
   */
  leave(seat: Seat, reason: 'left' | 'timeout'): 'replaced' | 'dropped' {
    const game = this.#game;
    if (!game || game.finished || seat.occupant.kind !== 'human') {
      this.table.drop(seat, game !== null);
      return 'dropped';
    }
    this.#standInsDue.set(seat, reason);
    void this.#inTurn(() => this.#standInsNowDue(game, this.services.clock.now())).catch((e: unknown) => {
      this.services.log(`room ${this.room.id}: a stand-in failed: ${String(e)}`);
    });
    return 'replaced';
  }

  /** Stands bots in for the people gone whose stand-in is not stored yet (see `leave`), in turn. */
  async #standInsNowDue(game: RaceGame, now: number): Promise<void> {
    for (const [seat, reason] of this.#standInsDue) {
      if (this.#game !== game || game.finished || seat.occupant.kind !== 'human') {
        this.#standInsDue.delete(seat);
        continue;
      }
      const name = seat.occupant.name;
      const step = game.attemptStandIn(seat.id, now);
      if (!(await this.#journal.write(game.id, step.entry))) return;
      this.#toldNotSaved = false;
      this.#standInsDue.delete(seat);
      step.commit();
      if (this.#game !== game) continue;
      this.table.standIn(seat);
      this.#all('notice', { kind: 'replaced', seat: seat.id, reason, name, level: STAND_IN_LEVEL });
      this.stoodIn();
    }
  }

  /** Stores the game as it stands now (interrupted if it is not over), after the journal's writes. */
  save(): Promise<void> {
    const game = this.#game;
    if (game) this.#saving = this.#save(game);
    return this.#saving ?? Promise.resolve();
  }

  async #save(game: RaceGame): Promise<void> {
    game.saved = true;
    const { storage, clock, log } = this.services;
    await this.#journal.settled();
    const record = game.record(game.id, this.table.storedSeats(), clock.now());
    try {
      await storage.saveGame(record);
      const { rated } = this.table.settings;
      // A rated game is rated in the season under way: its turn is taken first (seasons.ts).
      if (record.result && rated)
        await this.services.seasons?.current().catch((e: unknown) => {
          log(`the season's turn failed: ${String(e)}`);
        });
      const ratings =
        record.result && rated
          ? await rateRace(storage, game, this.table.seats, this.#solves?.implausible ?? new Set(), clock.now(), log)
          : [];
      if (record.result && this.table.arena)
        // (The game is stored: points that cannot be, are logged; the game is not unsaved for it.)
        await this.services.arenas
          ?.over(
            this.table.arena.arenaId,
            this.room.id,
            arenaResults(game.view(null).standings, this.table.seats, this.#solves?.implausible ?? new Set()),
          )
          .catch((e: unknown) => {
            log(`room ${this.room.id}: arena points not stored: ${String(e)}`);
          });
      if (record.result) {
        this.#recorded = game;
        const saved = { game: record.id, rated, ratings };
        if (this.#game === game) {
          this.#saved = saved;
          this.keep();
        }
        this.#all('saved', saved);
      }
    } catch (e) {
      game.saved = false;
      log(`room ${this.room.id}: could not save the game: ${String(e)}`);
      this.#each('rejected', () => ({
        to: 'save',
        code: 'message/not-saved',
        message: 'the server could not store this game',
      }));
    }
  }

  /**
   * Back to the lobby after a finished game, once it is saved; false if the game changed
   * meanwhile (another call got there first).
   */
  async rematch(): Promise<boolean> {
    const game = this.#game;
    await this.#saving;
    if (this.#game !== game) return false;
    this.#game = null;
    this.#solves = null;
    this.#reveal = null;
    this.#recorded = null;
    this.#saved = null;
    this.table.rematch();
    return true;
  }

  /**
   * The room closes: the journal's writes and a save under way are waited for; a game not yet
   * saved is stored now, unless the server is stopping mid-game (it stays in the journal, to
   * resume on the next start). Nothing stays in play.
   */
  async dispose(stopping: boolean): Promise<void> {
    this.services.inPlay.clear(this.room.id);
    await this.#turn;
    await this.#journal.settled();
    await this.#saving;
    const game = this.#game;
    if (game && !game.saved && (game.finished || !stopping)) await this.#save(game);
    // An arena's table is over: whoever still sits at it is free (a game's results are in already);
    // unless its game stays in the journal, to resume on the next start and then end the table.
    const arena = this.table.arena;
    const resumes = stopping && game !== null && !game.finished;
    if (arena && !resumes)
      await this.services.arenas?.over(arena.arenaId, this.room.id, []).catch((e: unknown) => {
        this.services.log(`room ${this.room.id}: arena ${arena.arenaId} not told the table closed: ${String(e)}`);
      });
    // A table closed for good is forgotten; one the server stops with stays kept, to come back.
    if (!stopping) this.#kept.drop(this.room.id);
    await this.#kept.settled();
  }
}
