import { CLAIM_ERROR_CODES } from '../checker.js';
import { GAME_ERROR_CODES } from '../game/types.js';

// The protocol's shared vocabulary: its version, and the codes of closes, refusals and errors.

/** The protocol version; clients send it when they join and are refused if it differs. */
export const PROTOCOL_VERSION = 6;

/**
 * Why the server closes a connection, besides Colyseus's own codes (1000: the client left, 4000:
 * the room closed). `idle`: nobody sent anything for the server's idle time; `flood`: the client kept
 * sending after being told to slow down; `restarting`: the server stops and will be back (the
 * client comes back to its seat, docs/operations.md); `elsewhere`: the seat's reconnection token came
 * back on a new connection while this one was still open (the same person, from a reloaded page or
 * another window), which now holds the seat.
 */
export const CLOSE_CODES = { idle: 4408, elsewhere: 4409, flood: 4429, restarting: 4503 } as const;

/**
 * A room's own refusals of a create or a join (colyseus.js's error `code`, and the matchmaker's
 * HTTP status): `publicRated`, a quick-match table asked for as rated (quick-match tables are
 * casual; a rated table is a private one, by its code).
 */
export const MATCHMAKE_ERROR_CODES = { publicRated: 422, ratedNeedsUsername: 403 } as const;

/**
 * Why the account API (`/api/accounts`, `/api/sessions`, `/api/me/...`) refused a request: its
 * answer's `code`, beside `error` (the same in English words) and `params` (the values those
 * words hold), for a client to say in its own language (docs/accounts.md).
 */
export const ACCOUNT_ERROR_CODES = [
  'account/sign-in-first',
  'account/wrong-login',
  'account/too-many',
  'account/username-format',
  'account/username-taken',
  'account/username-lookalike',
  'account/name-claimed',
  'account/seat-not-yours',
  'account/has-username',
  'account/claim-first',
  'account/password-short',
  'account/password-long',
  'account/old-password-wrong',
  'friends/yourself',
  'friends/no-such-player',
  'friends/blocked',
  'friends/not-friends',
  'friends/not-at-table',
  'challenge/no-such-run',
  'challenge/not-your-run',
  'challenge/not-raceable',
  'challenge/not-friends',
  'challenge/too-many',
  'challenge/already-open',
  'challenge/not-found',
  'challenge/not-open',
  'name/empty',
  'name/too-long',
  'name/control',
  'name/bidi',
  'name/zero-width',
  'name/invisible',
  'name/reserved',
] as const;
export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[number];

/** An account request refused, as its answer's body says. */
export interface AccountErrorAnswer {
  readonly error: string;
  readonly code?: AccountErrorCode;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** Why the server refused a message, besides the engines' own codes. */
export const MESSAGE_ERROR_CODES = [
  'message/malformed',
  'message/unknown',
  'message/too-large',
  'message/too-fast',
  'message/not-allowed',
  'message/wrong-phase',
  'message/failed',
  'message/not-saved',
  'message/needs-username',
  'message/course-refused',
  // Racing a ghost (docs/courses.md, "Racing a ghost"): no recorded run to race; the day's counted attempt races none.
  'message/ghost-none',
  'message/ghost-counted',
  // A challenge raced (docs/challenges.md): not the recipient's, not open, expired, or gone.
  'message/challenge-refused',
] as const;
/** A refusal of the server's own. */
export type MessageErrorCode = (typeof MESSAGE_ERROR_CODES)[number];

/** Every code a `rejected` message may carry: the server's, the engines', the checker's. */
export const ERROR_CODES = [...MESSAGE_ERROR_CODES, ...GAME_ERROR_CODES, ...CLAIM_ERROR_CODES] as const;
/** The code of a refusal. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** `GET /healthz`. */
export interface Health {
  readonly status: 'ok';
  readonly protocol: number;
  readonly uptimeSeconds: number;
}
