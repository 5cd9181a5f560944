import type { IncomingMessage } from 'node:http';
import type { TrustedProxies } from './client-address.js';
import { clientAddress, limitKey, NO_PROXIES, parseTrustProxy } from './client-address.js';
import { monotonicNow } from '../clock.js';

/*
 * What one address may take of the server, so that no one client can starve the others
 * (docs/operations.md lists each limit, its default and its variable). Every limit answers with
 * a clear error: HTTP 413 or 429 with words, a `rejected` message, or a WebSocket close with a
 * reason.
 */

/** The server's limits; every field has a default (`DEFAULT_LIMITS`). */
export interface Limits {
  /** The largest request body read (the matchmaker's join options), in bytes. */
  readonly bodyBytes: number;
  /** Open game connections (WebSockets) from one address. */
  readonly connectionsPerAddress: number;
  /** Tables, solo runs and practice rooms one address may create: a burst, refilled per minute. */
  readonly roomsPerMinute: number;
  /** Joins of existing tables (by code or quick match) per address per minute. */
  readonly joinsPerMinute: number;
  /** Reconnection attempts per address per minute. */
  readonly reconnectsPerMinute: number;
  /** Table codes that match no table, per address per minute; past it every join by code waits. */
  readonly codeGuessesPerMinute: number;
  /** A lobby, a finished table or a solo run nobody has sent anything to for this long is closed. */
  readonly idleSeconds: number;
  /** Messages refused as too fast, in a row, before the sender is disconnected. */
  readonly floodStrikes: number;
  /** Guest accounts one address may create: a burst, refilled per minute. */
  readonly guestsPerMinute: number;
  /** Username claims per address per minute (each costs the server a password hash). */
  readonly claimsPerMinute: number;
  /** Sign-in attempts per address per minute, whatever the account. */
  readonly signInsPerMinute: number;
  /** Sign-in attempts per minute for one account from one address. */
  readonly signInsPerAccountAddress: number;
  /** Failed sign-ins of one account per minute, from all addresses, before new addresses wait (accounts.ts). */
  readonly signInFailuresPerAccount: number;
  /** Lines of the log per minute; the rest are counted and summed up once a minute. */
  readonly logLinesPerMinute: number;
  /** Origins other than the page's own allowed to call the matchmaker and open game sockets. */
  readonly allowedOrigins: readonly string[];
  /** The proxies whose X-Forwarded-For names the client (client-address.ts); none by default. */
  readonly trustProxy: TrustedProxies;
  /** Open TCP connections (HTTP and WebSocket alike) from one address that is not a trusted proxy. */
  readonly tcpPerAddress: number;
  /** Open TCP connections in all; 0: the process's open-file limit less `fdReserve` (net-guard.ts). */
  readonly maxConnections: number;
  /** File descriptors kept free of connections (the database, logs, Redis), when `maxConnections` is 0. */
  readonly fdReserve: number;
  /** Connections of the total kept for addresses that hold fewer than 8; 0: a tenth of the total (net-guard.ts). */
  readonly newcomerReserve: number;
  /** Seconds a client has to send a request's headers. */
  readonly headersTimeoutSeconds: number;
  /** Seconds a client has to send a whole request. */
  readonly requestTimeoutSeconds: number;
  /** Seconds a kept-alive HTTP connection waits for its next request. */
  readonly keepAliveSeconds: number;
  /** Seconds a connection that is no game socket may stay silent before it is closed. */
  readonly socketIdleSeconds: number;
  /** Messages one address's game sockets may send together each second. */
  readonly messagesPerSecond: number;
  /** The burst of messages one address's game sockets may send at once. */
  readonly messageBurst: number;
  /** Points of the read API (api-budget.ts's costs) one address may spend a minute. */
  readonly apiPointsPerMinute: number;
  /** Days an unverified solo run keeps its move trails. */
  readonly trailDays: number;
  /** Solo runs per account that keep their move trails (its listed bests first, then its newest). */
  readonly trailsPerAccount: number;
  /** Minutes between two sweeps of the trails (one at start, then one each so often). */
  readonly trailSweepMinutes: number;
}

export const DEFAULT_LIMITS: Limits = {
  bodyBytes: 8 * 1024,
  connectionsPerAddress: 40,
  roomsPerMinute: 30,
  joinsPerMinute: 60,
  reconnectsPerMinute: 30,
  codeGuessesPerMinute: 20,
  idleSeconds: 600,
  floodStrikes: 50,
  guestsPerMinute: 30,
  claimsPerMinute: 10,
  signInsPerMinute: 10,
  signInsPerAccountAddress: 5,
  signInFailuresPerAccount: 20,
  logLinesPerMinute: 120,
  allowedOrigins: [],
  trustProxy: NO_PROXIES,
  tcpPerAddress: 64,
  maxConnections: 0,
  fdReserve: 256,
  newcomerReserve: 0,
  headersTimeoutSeconds: 10,
  requestTimeoutSeconds: 30,
  keepAliveSeconds: 5,
  socketIdleSeconds: 30,
  messagesPerSecond: 30,
  messageBurst: 60,
  apiPointsPerMinute: 600,
  trailDays: 7,
  trailsPerAccount: 50,
  trailSweepMinutes: 60,
};

/** The environment variable of each limit (`npm start` reads them; docs/operations.md). */
export const LIMIT_VARIABLES: Readonly<Record<Exclude<keyof Limits, 'allowedOrigins' | 'trustProxy'>, string>> = {
  bodyBytes: 'UBONGO_MAX_BODY_BYTES',
  connectionsPerAddress: 'UBONGO_MAX_CONNECTIONS_PER_ADDRESS',
  roomsPerMinute: 'UBONGO_ROOMS_PER_MINUTE',
  joinsPerMinute: 'UBONGO_JOINS_PER_MINUTE',
  reconnectsPerMinute: 'UBONGO_RECONNECTS_PER_MINUTE',
  codeGuessesPerMinute: 'UBONGO_CODE_GUESSES_PER_MINUTE',
  idleSeconds: 'UBONGO_IDLE_SECONDS',
  floodStrikes: 'UBONGO_FLOOD_STRIKES',
  guestsPerMinute: 'UBONGO_GUESTS_PER_MINUTE',
  claimsPerMinute: 'UBONGO_CLAIMS_PER_MINUTE',
  signInsPerMinute: 'UBONGO_SIGN_INS_PER_MINUTE',
  signInsPerAccountAddress: 'UBONGO_SIGN_INS_PER_ACCOUNT_ADDRESS',
  signInFailuresPerAccount: 'UBONGO_SIGN_IN_FAILURES_PER_ACCOUNT',
  logLinesPerMinute: 'UBONGO_LOG_LINES_PER_MINUTE',
  tcpPerAddress: 'UBONGO_MAX_TCP_PER_ADDRESS',
  maxConnections: 'UBONGO_MAX_CONNECTIONS',
  fdReserve: 'UBONGO_FD_RESERVE',
  newcomerReserve: 'UBONGO_NEWCOMER_RESERVE',
  headersTimeoutSeconds: 'UBONGO_HEADERS_TIMEOUT_SECONDS',
  requestTimeoutSeconds: 'UBONGO_REQUEST_TIMEOUT_SECONDS',
  keepAliveSeconds: 'UBONGO_KEEP_ALIVE_SECONDS',
  socketIdleSeconds: 'UBONGO_SOCKET_IDLE_SECONDS',
  messagesPerSecond: 'UBONGO_MESSAGES_PER_SECOND',
  messageBurst: 'UBONGO_MESSAGE_BURST',
  apiPointsPerMinute: 'UBONGO_API_POINTS_PER_MINUTE',
  trailDays: 'UBONGO_TRAIL_DAYS',
  trailsPerAccount: 'UBONGO_TRAILS_PER_ACCOUNT',
  trailSweepMinutes: 'UBONGO_TRAIL_SWEEP_MINUTES',
};

/**
 * The limits from an environment: each variable a positive whole number; `UBONGO_ALLOWED_ORIGINS`
 * a comma-separated list of origins (`https://example.org`); `UBONGO_TRUST_PROXY` the proxies'
 * addresses and CIDR ranges (client-address.ts). Throws with the variable's name and value when one is not.
 */
export function limitsFromEnv(env: Readonly<Record<string, string | undefined>>): Limits {
  const limits: Record<string, unknown> = { ...DEFAULT_LIMITS };
  for (const [key, name] of Object.entries(LIMIT_VARIABLES)) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number above 0, got ${raw}`);
    limits[key] = value;
  }
  const origins = env['UBONGO_ALLOWED_ORIGINS'];
  if (origins) {
    const list = origins.split(',').map((o) => o.trim());
    for (const origin of list)
      if (!/^https?:\/\/[\w.-]+(:\d+)?$/.test(origin))
        throw new Error(
          `UBONGO_ALLOWED_ORIGINS holds ${JSON.stringify(origin)}, not an origin like https://example.org`,
        );
    limits['allowedOrigins'] = list;
  }
  try {
    limits['trustProxy'] = parseTrustProxy(env['UBONGO_TRUST_PROXY']);
  } catch (e) {
    throw new Error(`UBONGO_TRUST_PROXY: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
  return limits as unknown as Limits;
}

/** The address a request comes from: the socket's, or its trusted proxies' word for it (client-address.ts). */
export function addressOf(req: IncomingMessage, trustProxy: TrustedProxies): string {
  return clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], trustProxy);
}

/** Counts of open things by key (connections by address: an IPv6 address by its /64, `limitKey`). */
export class Counter {
  readonly #counts = new Map<string, number>();

  get(key: string): number {
    return this.#counts.get(limitKey(key)) ?? 0;
  }

  add(key: string): void {
    this.#counts.set(limitKey(key), this.get(key) + 1);
  }

  remove(key: string): void {
    const n = this.get(key) - 1;
    if (n > 0) this.#counts.set(limitKey(key), n);
    else this.#counts.delete(limitKey(key));
  }
}

/**
 * A log that writes at most `perMinute` lines a minute; past that, lines are counted and one line
 * says how many were left out when the minute is over (so a flood of failures cannot fill a disk).
 */
export function rateLimitedLog(
  write: (message: string) => void,
  perMinute: number,
  now: () => number = monotonicNow,
): (message: string) => void {
  let windowStart = now();
  let written = 0;
  let dropped = 0;
  return (message) => {
    const t = now();
    if (t - windowStart >= 60_000) {
      if (dropped > 0) write(`${dropped} log lines left out in the last minute`);
      windowStart = t;
      written = 0;
      dropped = 0;
    }
    if (written < perMinute) {
      written++;
      write(message);
    } else dropped++;
  };
}
