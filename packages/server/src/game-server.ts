import type { Presence } from '@colyseus/core';
import { Server, ServerError } from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import type { Account } from './accounts/store.js';
import type { HeartbeatOptions } from './net/heartbeat.js';
import { HeartbeatTransport } from './net/heartbeat.js';
import { noteSocketAddress } from './net/client-address.js';
import type { Limits } from './net/limits.js';
import { addressOf, Counter } from './net/limits.js';
import { colyseusLogger } from './ops/log.js';
import { countLimitHit } from './ops/tally.js';
import { MAX_FRAME_BYTES } from './protocol.js';
import { PracticeRoom } from './practice/practice-room.js';
import { RatedRoom } from './rating/rated-room.js';
import type { RoomServices } from './services.js';
import { SoloRoom } from './solo/solo-room.js';
import { RaceRoom } from './table/race-room.js';

/** Colyseus's server without its own matchmaking routes: ours (matchmaker.ts) take their place. */
class GameServer extends Server {
  protected override attachMatchMakingRoutes(): void {
    // Fastify routes /matchmake/ itself (matchmaker.ts).
  }
}

/** Whether an Origin header names the host the request came to (the page's own origin). */
function sameOrigin(origin: string, req: IncomingMessage): boolean {
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** What the game socket is set up with (server.ts). */
export interface GameSocketOptions {
  readonly limits: Limits;
  readonly heartbeat: HeartbeatOptions;
  readonly redisUrl?: string | undefined;
  readonly publicAddress?: string | undefined;
  readonly logger: Logger;
  /** How a log is kept to so many lines a minute (limits.ts): Colyseus's own complaints are. */
  readonly limited: (write: (message: string) => void) => (message: string) => void;
}

/**
 * The game socket on the HTTP server's port: origins checked, game sockets counted and capped per
 * address, pings spread over time (heartbeat.ts), each socket's messages counted against its
 * client's address (messages.ts).
 */
function gameTransport(http: HttpServer, options: GameSocketOptions): HeartbeatTransport {
  const { limits } = options;
  // Open game sockets by address: past the limit a new one is refused before it opens.
  const sockets = new Counter();
  const transport = new HeartbeatTransport(
    {
      server: http,
      maxPayload: MAX_FRAME_BYTES,
      verifyClient: (
        info: { origin: string; req: IncomingMessage },
        done: (ok: boolean, status?: number, message?: string) => void,
      ) => {
        const { origin, req } = info;
        if (origin && !sameOrigin(origin, req) && !limits.allowedOrigins.includes(origin)) {
          done(false, 403, 'this origin may not open game sockets');
          return;
        }
        const address = addressOf(req, limits.trustProxy);
        if (sockets.get(address) >= limits.connectionsPerAddress) {
          countLimitHit('game-connections');
          done(false, 429, `at most ${limits.connectionsPerAddress} game connections from one address`);
          return;
        }
        sockets.add(address);
        req.socket.once('close', () => {
          sockets.remove(address);
        });
        done(true);
      },
    },
    options.heartbeat,
  );
  transport.onSocket((socket, req) => {
    noteSocketAddress(socket, addressOf(req, options.limits.trustProxy));
  });
  return transport;
}

/**
 * Colyseus's game server on `http`, its rooms defined: a table, solo, practice, an edition's rated
 * queue. Every room is for signed-in players: the matchmaker checks the session (`signedIn`)
 * before a seat is reserved.
 */
export function gameServer(
  http: HttpServer,
  services: RoomServices,
  signedIn: (token: string | undefined) => Promise<Account>,
  options: GameSocketOptions,
): Server {
  const { redisUrl, publicAddress } = options;
  const game = new GameServer({
    transport: gameTransport(http, options),
    greet: false,
    gracefullyShutdown: false,
    ...(redisUrl === undefined
      ? {}
      : { presence: new RedisPresence(redisUrl) as Presence, driver: new RedisDriver(redisUrl) }),
    ...(publicAddress === undefined ? {} : { publicAddress }),
    // Colyseus's own complaints (a failed reconnection, say) go through the same limited log.
    logger: colyseusLogger(options.logger, options.limited),
  });
  game
    .define(
      'race',
      class extends RaceRoom {
        override services = services;
        static override onAuth(token: string | undefined): Promise<Account> {
          return signedIn(token);
        }
      },
    )
    .filterBy(['public']);
  game.define(
    'solo',
    class extends SoloRoom {
      override services = services;
      static override onAuth(token: string | undefined): Promise<Account> {
        return signedIn(token);
      }
    },
  );
  game.define(
    'practice',
    class extends PracticeRoom {
      override services = services;
      static override onAuth(token: string | undefined): Promise<Account> {
        return signedIn(token);
      }
    },
  );
  // An edition's rated queue: one room, found by its edition wherever it runs (rated-room.ts).
  game
    .define(
      'rated',
      class extends RatedRoom {
        override services = services;
        static override onAuth(token: string | undefined): Promise<Account> {
          return signedIn(token);
        }
      },
    )
    .filterBy(['edition']);
  return game;
}

/** Who a matchmaking request is: every room is for signed-in players (a guest account at least). */
export function signedInBy(
  bySession: (token: string | undefined) => Promise<Account | undefined>,
): (token: string | undefined) => Promise<Account> {
  return async (token) => {
    const account = await bySession(token);
    if (!account) throw new ServerError(401, 'sign in first (a guest account will do: POST /api/accounts)');
    return account;
  };
}
