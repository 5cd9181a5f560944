import type {
  BotLevel,
  Deck,
  GameError,
  Planned,
  PlayerId,
  Puzzle,
  RaceAction,
  RaceConfig,
  RaceEngine,
  RaceEvent,
  RaceState,
  RaceView,
  Referee,
  RefereeState,
  Result,
  RoundState,
} from '@ubongo/core';
import { err, ok, raceEngine, referee } from '@ubongo/core';
import type { GameRecord, JournalEntry, LiveGame, StoredSeat } from './store.js';

/** An entry for the journal, with its place in it. */
export interface Numbered {
  readonly seq: number;
  readonly entry: JournalEntry;
}

/** A step worked out but not applied yet: what it gives, its journal entry, and how to apply it. */
export interface Step<T> {
  readonly value: T;
  readonly entry: Numbered;
  commit(): void;
}

/**
 * One game at a table: the engine's state, the referee's plans beside it, and every accepted
 * action with its time (what replays the game). No sockets and no clock: the room gives the time.
 */
export class RaceGame {
  readonly #engine: RaceEngine;
  readonly #referee: Referee;
  #state: RaceState;
  #ref: RefereeState;
  readonly #actions: { at: number; action: RaceAction }[] = [];
  /** The seq of the next journal entry. */
  #seq = 0;
  /** Whether the game is stored as it stands (a save under way counts). */
  saved = false;
  /** When the sand of the round being played was turned (bots' boards fill from then: bot-boards.ts). */
  #sandFrom = 0;

  private constructor(
    deck: Deck,
    state: RaceState,
    readonly id: string,
    readonly seed: number,
    readonly startedAt: number,
    bots: Readonly<Record<PlayerId, BotLevel>>,
  ) {
    this.#engine = raceEngine(deck);
    this.#referee = referee(deck);
    this.#state = state;
    this.#ref = this.#referee.start(state, seed, bots, startedAt);
  }

  /** A new game `id` on `deck`, its first round due at `now`; or why the configuration is refused. */
  static start(
    deck: Deck,
    config: RaceConfig,
    seed: number,
    now: number,
    bots: Readonly<Record<PlayerId, BotLevel>>,
    id: string,
  ): Result<RaceGame, GameError> {
    const setup = raceEngine(deck).setup(config, seed);
    return setup.ok ? ok(new RaceGame(deck, setup.value, id, seed, now, bots)) : setup;
  }

  /**
   * A game rebuilt from its journal after a restart. The engine and the referee are deterministic
   * (seed plus entries), so replaying the entries gives back the game as it was. A game caught in
   * the middle of a round goes back to the start of that round (the sand ran while the server was
   * down): the entries from that round's start on are `voidFrom` on, and the game is rebuilt
   * without them. A journal that does not replay is refused with the first entry that failed.
   */
  static resume(
    deck: Deck,
    live: LiveGame,
    entries: readonly Numbered[],
    nextSeq: number,
  ): Result<{ game: RaceGame; voidFrom: number | null }, GameError> {
    const bots = Object.fromEntries(
      live.seats.flatMap((s) => (s.occupant.kind === 'human' ? [] : [[s.id, s.occupant.level] as const])),
    );
    const replay = (upTo: number): Result<RaceGame, GameError> => {
      const started = RaceGame.start(deck, live.config, live.seed, live.startedAt, bots, live.id);
      if (!started.ok) return started;
      const game = started.value;
      for (const { seq, entry } of entries.slice(0, upTo)) {
        if (entry.kind === 'stand-in') game.standIn(entry.player, entry.at);
        else {
          const step = game.apply(entry.action, entry.at);
          if (!step.ok)
            return err({
              code: step.error.code,
              message: `journal entry ${seq} does not replay: ${step.error.message}`,
            });
        }
      }
      game.#seq = nextSeq;
      return ok(game);
    };
    const whole = replay(entries.length);
    if (!whole.ok || whole.value.#state.phase !== 'playing')
      return whole.ok ? ok({ game: whole.value, voidFrom: null }) : whole;
    let roundStart = entries.length - 1;
    while (roundStart > 0) {
      const entry = entries[roundStart]?.entry;
      if (entry?.kind === 'action' && entry.action.type === 'start-round') break;
      roundStart--;
    }
    const before = replay(roundStart);
    return before.ok ? ok({ game: before.value, voidFrom: entries[roundStart]?.seq ?? null }) : before;
  }

  /** The game's journal header: what resumes it after a restart. */
  live(room: string, isPublic: boolean, seats: LiveGame['seats'], rated: boolean, arena?: LiveGame['arena']): LiveGame {
    return {
      id: this.id,
      room,
      public: isPublic,
      ...(rated ? { rated } : {}),
      ...(arena ? { arena } : {}),
      config: this.#state.config,
      seed: this.seed,
      startedAt: this.startedAt,
      seats,
    };
  }

  /** The referee waits for people coming back after a restart: the game goes on from `now` (referee's `resume`). */
  resumeAt(now: number): void {
    this.#ref = this.#referee.resume(this.#ref, this.#state, now);
  }

  get edition(): RaceConfig['edition'] {
    return this.#state.config.edition;
  }

  get finished(): boolean {
    return this.#state.phase === 'finished';
  }

  /**
   * Works out an action at `now` without applying it: the events and the journal's entry, and
   * `commit`, which applies it; or why not. A room writes the entry first and commits only once it
   * is stored, so that nothing it announces can be lost (race-master.ts). Steps are committed in
   * the order they were worked out, one at a time: a step worked out before another was committed
   * is stale, and committing it throws (a bug of ours, not a player's).
   */
  attempt(action: RaceAction, now: number): Result<Step<readonly RaceEvent[]>, GameError> {
    const step = this.#engine.apply(this.#state, action, now);
    if (!step.ok) return step;
    const { state, events } = step.value;
    const before = this.#state;
    const seq = this.#seq;
    return ok({
      value: events,
      entry: { seq, entry: { at: now, kind: 'action', action } },
      commit: () => {
        if (this.#state !== before || this.#seq !== seq)
          throw new Error(`a stale step of game ${this.id} was committed`);
        this.#state = state;
        for (const e of events) {
          if (e.type === 'round-started' && !e.layout) this.#sandFrom = now;
          if (e.type === 'sand-turned') this.#sandFrom = e.deadline - state.config.hourglassSeconds * 1000;
        }
        // The referee's state as it is now (a resume may have moved it meanwhile).
        this.#ref = this.#referee.observe(this.#ref, state, events, now);
        this.#actions.push({ at: now, action });
        this.#seq++;
      },
    });
  }

  /** Applies an action at `now` at once: the events and the journal's entry, or why not (and then nothing changed). */
  apply(action: RaceAction, now: number): Result<{ events: readonly RaceEvent[]; entry: Numbered }, GameError> {
    const step = this.attempt(action, now);
    if (!step.ok) return step;
    step.value.commit();
    return ok({ events: step.value.value, entry: step.value.entry });
  }

  /**
   * What a player may report of their progress now (race-master.ts): the round being played and
   * how many pieces their task has; or why they may not (no round in play, no board of theirs in
   * it, or solved already).
   */
  progressOf(player: PlayerId): Result<{ round: number; of: number; task: Puzzle }, string> {
    const round = this.roundInPlay;
    if (!round) return err('no round is being played');
    const deal = round.deals.find((d) => d.player === player);
    if (!deal) return err('you have no board this round');
    if (round.solved.includes(player)) return err('you have solved this round');
    const task = this.#engine.puzzleOf(deal);
    return ok({ round: round.number, of: task.pieces.length, task });
  }

  /** The round being played (its sand turned or not), null between rounds. */
  get roundInPlay(): RoundState | null {
    return this.#state.phase === 'playing' ? this.#state.round : null;
  }

  /** Each player's task in the round being played, by id (none between rounds). */
  tasks(): Record<PlayerId, Puzzle> {
    const deals = this.roundInPlay?.deals ?? [];
    return Object.fromEntries(deals.map((d) => [d.player, this.#engine.puzzleOf(d)]));
  }

  /** The bots' claims planned in the round being played: each bot's task, from when it works at it, when it claims. */
  botPlans(): { player: PlayerId; task: Puzzle; from: number; at: number }[] {
    const round = this.roundInPlay;
    if (!round || round.layout) return [];
    return Object.entries(this.#ref.claims).flatMap(([player, at]) => {
      const deal = round.deals.find((d) => d.player === player);
      return deal ? [{ player, task: this.#engine.puzzleOf(deal), from: Math.min(this.#sandFrom, at), at }] : [];
    });
  }

  /** The number of the round being played, null between rounds. */
  get playingRound(): number | null {
    return this.#state.phase === 'playing' ? (this.#state.round?.number ?? null) : null;
  }

  /** What the referee does next, and when. */
  next(): Planned | null {
    return this.#referee.next(this.#ref, this.#state);
  }

  /** When the next round starts, while the game waits for it. */
  nextRoundAt(): number | null {
    return this.#state.phase === 'waiting' ? this.#ref.nextRoundAt : null;
  }

  /** The referee's own action was refused (a bug of ours): it is dropped so that the game goes on. */
  drop(action: RaceAction): void {
    this.#ref = this.#referee.drop(this.#ref, action);
  }

  /** A bot plays on for a person who left, from `now`; the journal's entry. */
  standIn(player: PlayerId, now: number): Numbered {
    const step = this.attemptStandIn(player, now);
    step.commit();
    return step.entry;
  }

  /** A stand-in worked out, not applied: its journal entry, and `commit` (as `attempt`). */
  attemptStandIn(player: PlayerId, now: number): Step<null> {
    const seq = this.#seq;
    return {
      value: null,
      entry: { seq, entry: { at: now, kind: 'stand-in', player } },
      commit: () => {
        if (this.#seq !== seq) throw new Error(`a stale stand-in of game ${this.id} was committed`);
        this.#ref = this.#referee.standIn(this.#ref, this.#state, player, now);
        this.#seq++;
      },
    };
  }

  view(player: PlayerId | null): RaceView {
    return this.#engine.view(this.#state, player);
  }

  /** The game as stored: what replays it exactly, and how it came out if it is over. */
  record(id: string, seats: readonly StoredSeat[], finishedAt: number): GameRecord {
    return {
      id,
      config: this.#state.config,
      seed: this.seed,
      seats,
      actions: [...this.#actions],
      result: this.#engine.result(this.#state),
      startedAt: this.startedAt,
      finishedAt,
    };
  }
}
