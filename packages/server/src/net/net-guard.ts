import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { plainAddress } from './client-address.js';
import type { Limits } from './limits.js';
import { Counter } from './limits.js';

/*
 * Caps on TCP connections, counted as the kernel hands them over (the server's 'connection'
 * event), before a byte is read: HTTP and game sockets alike. A connection past a cap is destroyed
 * at once, costing one file descriptor for an instant. Without them one address holding idle
 * connections took every file descriptor the process had (20,000): /healthz failed, nobody could
 * join, the database could open no file.
 *
 * - Per address: at most `tcpPerAddress` from one peer. A trusted proxy is not capped so (every
 *   player behind it shares its address); nginx caps its clients itself (deploy/nginx.conf's
 *   limit_conn), and the game sockets of each client address are capped at the upgrade
 *   (`connectionsPerAddress`, server.ts).
 * - In all: at most `maxConnections`, by default the process's open-file limit less `fdReserve`,
 *   so that the process keeps descriptors for its database, its logs and its Redis whatever
 *   comes, and the per-address cap, well below it, leaves room for everyone else.
 * - The top of the total (`newcomerReserve`, a tenth by default) is kept for newcomers: an address
 *   holding fewer than NEWCOMER_CONNECTIONS (a load balancer's /healthz, a player arriving). Many
 *   addresses filling the process up to the cap (bench:flood's spread-idle: 313 addresses of 64)
 *   leave it for them.
 */

/** The process's open-file limit (its soft limit, as /proc/self/limits says), or undefined where there is no /proc. */
export function openFileLimit(): number | undefined {
  try {
    const line = /^Max open files\s+(\d+|unlimited)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    if (!line?.[1]) return undefined;
    return line[1] === 'unlimited' ? undefined : Number(line[1]);
  } catch {
    return undefined;
  }
}

/** Without /proc (macOS, Windows), the total cap when none is set. */
const FALLBACK_MAX_CONNECTIONS = 10_000;

/**
 * Connections an address may hold and still count as a newcomer, for whom the top of the total is
 * kept: a browser arriving opens up to six for the page and the API, then its game socket.
 */
export const NEWCOMER_CONNECTIONS = 8;

/** How many of the total cap are kept for newcomers: `newcomerReserve`, or a tenth of the total. */
export function newcomerReserve(limits: Pick<Limits, 'newcomerReserve'>, cap: number): number {
  return Math.min(cap - 1, limits.newcomerReserve > 0 ? limits.newcomerReserve : Math.floor(cap / 10));
}

/** How many connections the process takes in all: `maxConnections`, or the open-file limit less the reserve (at least 1). */
export function connectionCap(limits: Pick<Limits, 'maxConnections' | 'fdReserve'>, files: number | undefined): number {
  if (limits.maxConnections > 0) return limits.maxConnections;
  if (files === undefined) return FALLBACK_MAX_CONNECTIONS;
  return Math.max(1, files - limits.fdReserve);
}

/** What the guard counted and refused so far. */
export interface GuardFigures {
  /** Connections open now. */
  readonly open: number;
  /** Refused for their address's cap. */
  readonly refusedPerAddress: number;
  /** Refused for the total cap, or for the part of it kept for newcomers. */
  readonly refusedInAll: number;
}

/** A guard on a server's connections. */
export interface ConnectionGuard {
  readonly cap: number;
  figures(): GuardFigures;
}

/**
 * Caps `server`'s TCP connections (above) and sets its timeouts against slow clients: the headers
 * within `headersTimeoutSeconds`, the whole request within `requestTimeoutSeconds` (Node checks
 * both every second here, not every 30 s), a kept-alive connection's next request within
 * `keepAliveSeconds`, and any connection that is no game socket closed after `socketIdleSeconds`
 * of silence (ws lifts that timeout from a socket it upgrades; the heartbeat watches those).
 */
export function guardConnections(
  server: Server,
  limits: Limits,
  log: (message: string) => void,
  cap = connectionCap(limits, openFileLimit()),
): ConnectionGuard {
  server.headersTimeout = limits.headersTimeoutSeconds * 1000;
  server.requestTimeout = limits.requestTimeoutSeconds * 1000;
  server.keepAliveTimeout = limits.keepAliveSeconds * 1000;
  server.setTimeout(limits.socketIdleSeconds * 1000);
  const byAddress = new Counter();
  // Past this many, only newcomers (and our proxies) are let in, up to the cap.
  const crowded = cap - newcomerReserve(limits, cap);
  let open = 0;
  let refusedPerAddress = 0;
  let refusedInAll = 0;
  // Said once a minute at most, so a flood of refusals is one line.
  let saidAt = -Infinity;
  const say = (message: string): void => {
    const now = Date.now();
    if (now - saidAt < 60_000) return;
    saidAt = now;
    log(message);
  };
  // Before Node's own listener: a connection refused here is never read.
  server.prependListener('connection', (socket: Socket) => {
    const address = plainAddress(socket.remoteAddress ?? 'unknown');
    const capped = !limits.trustProxy.has(address);
    const newcomer = !capped || byAddress.get(address) < NEWCOMER_CONNECTIONS;
    if (open >= cap || (open >= crowded && !newcomer)) {
      refusedInAll++;
      socket.destroy();
      say(
        `${open} connections open (UBONGO_MAX_CONNECTIONS ${cap}, the last ${cap - crowded} kept for newcomers); refusing more`,
      );
      return;
    }
    if (capped && byAddress.get(address) >= limits.tcpPerAddress) {
      refusedPerAddress++;
      socket.destroy();
      say(`${address} holds ${limits.tcpPerAddress} connections (UBONGO_MAX_TCP_PER_ADDRESS); refusing more from it`);
      return;
    }
    open++;
    if (capped) byAddress.add(address);
    socket.once('close', () => {
      open--;
      if (capped) byAddress.remove(address);
    });
  });
  return { cap, figures: () => ({ open, refusedPerAddress, refusedInAll }) };
}
