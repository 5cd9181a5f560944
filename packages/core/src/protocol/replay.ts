import type { RaceAction, RaceConfig, RaceEdition, RaceEvent, RaceResult } from '../game/race.js';
import type { ReplayRound } from '../game/reveal.js';
import type { PlayerId } from '../game/types.js';
import type { Occupant } from './race.js';

// A stored game (`GET /api/games/:id`), and played again (`GET /api/games/:id/replay`) for watching it afterwards.

/** A seat of a stored game. */
export interface StoredSeat {
  readonly id: string;
  readonly name: string;
  readonly kind: 'human' | 'bot';
  readonly level?: string;
  /** Who sat there, as the lobby said (kept since 2026-11-27: older records have only the name). */
  readonly occupant?: Occupant;
  /** A person's account (kept since 2026-11-28): their name in a replay links to their profile. */
  readonly accountId?: string;
}

/** Everything needed to replay a game exactly: configuration, seed and every accepted action with its time. */
export interface GameRecord {
  readonly id: string;
  readonly config: RaceConfig;
  readonly seed: number;
  readonly seats: readonly StoredSeat[];
  readonly actions: readonly { readonly at: number; readonly action: RaceAction }[];
  /** Undefined for a game the server stopped before it ended. */
  readonly result: RaceResult | undefined;
  readonly startedAt: number;
  readonly finishedAt: number;
}

/**
 * `GET /api/games/:id/replay`: a stored game played again by the engine: every accepted action with
 * the events it caused, each round as it ended (every board with its placements or a solution,
 * the gains, the standings after it), and whether the replay ends as the record says.
 */
export interface ReplayAnswer {
  readonly id: string;
  readonly edition: RaceEdition;
  /**
   * Who sat where: `name` in English (a bot as "Bot 1 (expert)"), and who sits there as data for a
   * client to put into words as its lobby does (games stored before it was kept have none).
   */
  readonly seats: readonly {
    readonly id: PlayerId;
    readonly name: string;
    readonly kind: 'human' | 'bot';
    readonly occupant?: Occupant;
    /** A person's account (their profile), and its username; absent for bots and games stored before it was kept. */
    readonly account?: string;
    readonly username?: string;
  }[];
  readonly startedAt: number;
  readonly steps: readonly {
    readonly at: number;
    readonly action: RaceAction;
    readonly events: readonly RaceEvent[];
  }[];
  readonly matchesRecord: boolean;
  /** Whether the game was played to its end: one the server stopped before it has no winner. */
  readonly finished: boolean;
  /** The stored result's winners: none when nobody scored (docs/rules.md §1.9); absent when the game was not finished. */
  readonly winners?: readonly PlayerId[];
  readonly rounds: readonly ReplayRound[];
}
