import type { ClaimProblem } from '../checker.js';
import type { ErrorCode } from './codes.js';

// What the messages of every room share: the refusal, the empty body, the tagged union, the clock.

/** The reply to a refused message: which message, why, and for a wrong placement each problem. */
export interface Rejected {
  /** The type of the message refused. */
  readonly to: string;
  readonly code: ErrorCode;
  /** A sentence for people (in English; clients show the code's own words). */
  readonly message: string;
  readonly problems?: readonly ClaimProblem[];
}

/** A message with nothing to say but its type. */
export type EmptyBody = Record<string, never>;

/** A room's messages, keyed by type, as one tagged union of `{type, body}`. */
export type Tagged<M> = { [K in keyof M]: { readonly type: K; readonly body: M[K] } }[keyof M];

/** What a view carries so that the client can count the time left: `deadline - serverNow`, scaled. */
export interface Timed {
  /** The server's game time when it sent the message, in ms. */
  readonly serverNow: number;
  /** How much faster than the wall clock game time runs (1 but for tests and demos). */
  readonly timeScale: number;
}
