import type {
  BotLevel,
  Deck,
  GameError,
  Planned,
  PlayerId,
  RaceAction,
  RaceConfig,
  RaceEngine,
  RaceEvent,
  RaceState,
  RaceView,
  Referee,
  RefereeState,
  Result,
} from '@ubongo/core';
import { ok, raceEngine, referee } from '@ubongo/core';
import type { GameRecord, StoredSeat } from './storage.js';

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
  /** Whether the game is stored as it stands (a save under way counts). */
  saved = false;

  private constructor(
    deck: Deck,
    state: RaceState,
    readonly seed: number,
    readonly startedAt: number,
    bots: Readonly<Record<PlayerId, BotLevel>>,
  ) {
    this.#engine = raceEngine(deck);
    this.#referee = referee(deck);
    this.#state = state;
    this.#ref = this.#referee.start(state, seed, bots, startedAt);
  }

  /** A new game on `deck`, its first round due at `now`; or why the configuration is refused. */
  static start(
    deck: Deck,
    config: RaceConfig,
    seed: number,
    now: number,
    bots: Readonly<Record<PlayerId, BotLevel>>,
  ): Result<RaceGame, GameError> {
    const setup = raceEngine(deck).setup(config, seed);
    return setup.ok ? ok(new RaceGame(deck, setup.value, seed, now, bots)) : setup;
  }

  get finished(): boolean {
    return this.#state.phase === 'finished';
  }

  /** Applies an action at `now`: the events, or why not (and then nothing changed). */
  apply(action: RaceAction, now: number): Result<readonly RaceEvent[], GameError> {
    const step = this.#engine.apply(this.#state, action, now);
    if (!step.ok) return step;
    this.#state = step.value.state;
    this.#ref = this.#referee.observe(this.#ref, this.#state, step.value.events, now);
    this.#actions.push({ at: now, action });
    return ok(step.value.events);
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

  /** A bot plays on for a person who left, from `now`. */
  standIn(player: PlayerId, now: number): void {
    this.#ref = this.#referee.standIn(this.#ref, this.#state, player, now);
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
