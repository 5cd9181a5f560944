import type { RaceEdition } from '../game/race.js';
import type { EmptyBody, Rejected } from './shared.js';

// The rated queue (docs/accounts.md, "Rated quick match").

/** Options to join an edition's rated queue (players with a username only). */
export interface RatedJoinOptions {
  readonly protocol: number;
  readonly edition: RaceEdition;
}

/** What a player in the rated queue sends: `bots`, past `botsAt`, takes the casual table with bots instead. */
export interface RatedClientMessages {
  readonly bots: EmptyBody;
}

/** Where a player stands in the rated queue: on joining, and as the window widens or the queue changes. */
export interface QueueMessage {
  readonly edition: RaceEdition;
  /** The player's shown rating in the edition, which the queue pairs by. */
  readonly rating: number;
  /** Whether the player is established in the edition (established players are paired with each other only). */
  readonly established: boolean;
  /** The ratings the player may be paired with now: the window about their rating, widening with the wait. */
  readonly low: number;
  readonly high: number;
  /** When the player joined the queue (game time), and now. */
  readonly since: number;
  readonly serverNow: number;
  readonly timeScale: number;
  /** When a casual table with bots is offered (game time). */
  readonly botsAt: number;
  /** People waiting in this edition's queue, the player included. */
  readonly waiting: number;
}

/** What the rated queue sends. */
export interface RatedServerMessages {
  readonly queue: QueueMessage;
  /** A table was found (rated, with the people paired) or made (casual, with bots): join it by its code. */
  readonly matched: { readonly code: string; readonly rated: boolean };
  readonly rejected: Rejected;
}
