import type { TimetableEntry } from './arena/arenas.js';
import { ArenaDirector } from './arena/arenas.js';
import type { Presence } from '@colyseus/core';
import { matchMaker, Server, ServerError } from '@colyseus/core';
import { RedisDriver } from '@colyseus/redis-driver';
import { RedisPresence } from '@colyseus/redis-presence';
import { Accounts } from './accounts/accounts.js';
import { shippedDeck } from '@ubongo/core/decks';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { GameClock, monotonicNow } from './clock.js';
import { httpApp } from './http/http.js';
import { guardConnections } from './net/net-guard.js';
import { noteSocketAddress } from './net/client-address.js';
import { LocalInPlay, RedisInPlay } from './practice/in-play.js';
import { Friendships } from './friends/friends.js';
import { LocalInvitations, RedisInvitations } from './friends/invitations.js';
import { LocalWhereabouts, RedisWhereabouts } from './friends/whereabouts.js';
import type { Limits } from './net/limits.js';
import { addressOf, Counter, DEFAULT_LIMITS, rateLimitedLog } from './net/limits.js';
import { LocalRateLimits, RedisRateLimits } from './net/rate-limit.js';
import { MAX_FRAME_BYTES } from './protocol.js';
import { Attempts } from './rating/puzzles.js';
import { RaceRoom } from './table/race-room.js';
import { connectRedis } from './cluster/redis.js';
import type { AddressHold } from './cluster/address-hold.js';
import { holdAddress } from './cluster/address-hold.js';
import { latestTime, restoreTables, resumeGames } from './table/resume.js';
import type { HeartbeatOptions } from './net/heartbeat.js';
import { HEARTBEAT, HeartbeatTransport } from './net/heartbeat.js';
import type { ServerMetrics } from './metrics.js';
import type { RoomServices } from './services.js';
import { SoloRoom } from './solo/solo-room.js';
import { PracticeRoom } from './practice/practice-room.js';
import { RatedRoom } from './rating/rated-room.js';
import { SeasonKeeper } from './rating/seasons.js';
import type { Account } from './accounts/store.js';
import type { Stores } from './storage/stores.js';
import { startTrailSweep } from './solo/trail-sweep.js';
import { openPostgresStores, openSqliteStores } from './storage/index.js';

/** Where `npm run build` puts the web client, next to this package. */
// Colyseus loads PM2's monitoring agent (@pm2/io) to show two figures in PM2. Once loaded, the
// agent starts work of its own: handlers for uncaught exceptions, and timers that list every handle
// of the process, each socket included, every second and every 3 s (bench:server, 10,000 players:
// a pause of 5-10 ms each second). We do not run under PM2: the agent finds its place taken by
// this stand-in and never starts. (Under PM2 the agent is there first and is kept.)
(globalThis as Record<symbol, unknown>)[Symbol.for('@pm2/io')] ??= { metric: () => undefined };

export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** How to run the server; every field has a default. */
export interface UbongoServerOptions {
  /** The port (0 for any free one); default 2567. */
  readonly port?: number;
  /** The address to listen on; default all. */
  readonly host?: string;
  /** Where the SQLite file lives; default ./data. */
  readonly dataDir?: string;
  /** A `postgres://` URL: PostgreSQL there instead of SQLite in `dataDir` (a bad one throws a `DatabaseUrlError`). */
  readonly databaseUrl?: string;
  /** Game time speed (tests and demos); default 1. */
  readonly timeScale?: number;
  /** Game time's clock instead of one at `timeScale` (tests: one they can move on a day). */
  readonly clock?: GameClock;
  /** Stores to use instead of SQLite in `dataDir` or PostgreSQL at `databaseUrl`. */
  readonly stores?: Stores;
  /** The built web client to serve at `/`; default packages/web/dist (if it is missing, `/` says how to build it). */
  readonly webDir?: string;
  readonly log?: (message: string) => void;
  /** Months in a season of rated play (seasons.ts; UBONGO_SEASON_MONTHS); default 3. */
  readonly seasonMonths?: number;
  /** Per-address limits and the allowed origins (limits.ts); each field defaults. */
  readonly limits?: Partial<Limits>;
  /** Whether the web client's source maps are served (development); default false. */
  readonly sourceMaps?: boolean;
  /**
   * A `redis://` URL: this process is one of several sharing that Redis (rooms' listings, seat
   * reservations, tasks in play, per-address limits) and one database (a bad or silent one throws a
   * `RedisUrlError`). Default: none, everything in this process.
   */
  readonly redisUrl?: string;
  /**
   * How clients reach this process, host and path (`play.example.org/p1`): seat reservations for
   * its rooms carry it, and it names the process's games in the journal. Default: the address the
   * client used.
   */
  readonly publicAddress?: string;
  /** Measures of the process for the bench (claims answered, event-loop delay); default none. */
  readonly metrics?: ServerMetrics;
  /** Arenas made by a timetable (arenas.ts, `UBONGO_ARENAS`); default none (an operator schedules them: `ubongo admin arena`). */
  readonly arenaTimetable?: readonly TimetableEntry[];
  /** How game sockets are pinged, and when one that stopped answering is closed; default `HEARTBEAT`. */
  readonly heartbeat?: HeartbeatOptions;
}

/** Colyseus's server without its own matchmaking routes: ours (matchmaker.ts) take their place. */
class GameServer extends Server {
  protected override attachMatchMakingRoutes(): void {
    // Fastify routes /matchmake/ itself (matchmaker.ts).
  }
}

/** A running server. */
export interface UbongoServer {
  readonly port: number;
  readonly stores: Stores;
  /** Stops taking players, disposes the rooms (saving their games), then closes the stores. */
  close(): Promise<void>;
}

/** Whether an Origin header names the host the request came to (the page's own origin). */
function sameOrigin(origin: string, req: IncomingMessage): boolean {
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** Starts the game server: the HTTP API and the game socket on one port. */
export async function startServer(options: UbongoServerOptions = {}): Promise<UbongoServer> {
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const log = rateLimitedLog(
    options.log ??
      ((m: string): void => {
        console.error(`ubongo: ${m}`);
      }),
    limits.logLinesPerMinute,
  );
  // The process's name in the journal: the games it begins are its own, and it resumes only those.
  const owner = options.publicAddress ?? '';
  const redis = options.redisUrl === undefined ? undefined : await connectRedis(options.redisUrl, log);
  // Before the journal is read: the games under way under this address are this process's alone.
  let hold: AddressHold | undefined;
  try {
    hold =
      redis && options.publicAddress !== undefined ? await holdAddress(redis, options.publicAddress, log) : undefined;
  } catch (e) {
    redis?.disconnect();
    throw e;
  }
  let stores: Stores;
  try {
    stores =
      options.stores ??
      (options.databaseUrl === undefined
        ? await openSqliteStores(options.dataDir ?? './data', owner)
        : await openPostgresStores(options.databaseUrl, { log, owner }));
  } catch (e) {
    await hold?.release();
    redis?.disconnect();
    throw e;
  }
  // Games the journal holds as under way (the server stopped or crashed mid-game) resume below;
  // game time goes on from the latest time they hold. One that cannot be read is said and left as
  // it is stored, for the operator: the others resume.
  const journals = await stores.games.liveGames((id, e) => {
    log(`cannot resume game ${id}: ${e.message}`);
  });
  // Tables kept between games (lobbies, finished games' tables) come back too (resume.ts).
  const tables = await stores.games.liveTables((code, e) => {
    log(`cannot bring back table ${code}: ${e.message}`);
  });
  const trails = startTrailSweep(stores, limits, log);
  const clock =
    options.clock ??
    new GameClock(options.timeScale ?? 1, Math.max(latestTime(journals), ...tables.map((t) => t.savedAt)) + 1);
  // Arenas' tables are made in this process, where the director keeps their orders (arenas.ts).
  const arenas = new ArenaDirector({
    stores,
    clock,
    log,
    timetable: options.arenaTimetable ?? [],
    createRoom: (arenaOptions) => matchMaker.handleCreateRoom('race', arenaOptions),
    roomOpen: async (code) => (await matchMaker.query({ roomId: code })).length > 0,
  });
  // Seasons go by the time rated games are stored at (game time); the first process to see one's turn takes it.
  const seasons = new SeasonKeeper(stores, () => clock.now(), options.seasonMonths, log);
  const services: RoomServices = {
    stores,
    attempts: new Attempts(stores),
    clock,
    arenas,
    decks: { classic: shippedDeck('classic'), extreme: shippedDeck('extreme') },
    seed: () => randomInt(0x7fffffff),
    log,
    limits,
    resumes: new Map(),
    matches: new Map(),
    seasons,
    inPlay: redis ? new RedisInPlay(redis, log) : new LocalInPlay(),
    whereabouts: redis ? new RedisWhereabouts(redis, log) : new LocalWhereabouts(),
    ...(options.metrics === undefined ? {} : { metrics: options.metrics }),
  };
  // Per-address limits: shared by the processes of a cluster through their Redis.
  const rateLimits = redis ? new RedisRateLimits(redis) : new LocalRateLimits();
  const accounts = new Accounts(stores, Date.now, rateLimits, limits);
  const friends = new Friendships(
    stores,
    services.whereabouts,
    redis ? new RedisInvitations(redis) : new LocalInvitations(),
    rateLimits,
  );
  /** Who a matchmaking request is: every room is for signed-in players (a guest account at least). */
  const signedIn = async (token: string | undefined): Promise<Account> => {
    const account = await accounts.bySession(token);
    if (!account) throw new ServerError(401, 'sign in first (a guest account will do: POST /api/accounts)');
    return account;
  };
  const app = await httpApp({
    stores,
    decks: services.decks,
    startedAt: monotonicNow(),
    clock: services.clock,
    seasons,
    webDir: options.webDir ?? DEFAULT_WEB_DIR,
    accounts,
    friends,
    limits,
    rateLimits,
    sourceMaps: options.sourceMaps ?? false,
    log,
  });
  // Colyseus's game socket listens on Fastify's server: one port for both.
  const http = app.server;
  // Every TCP connection counted and capped, per address and in all, with timeouts for slow clients.
  guardConnections(http, limits, log);
  // Open game sockets by address: past the limit a new one is refused before it opens.
  const sockets = new Counter();
  // Pings spread over time (heartbeat.ts), not all sockets at once.
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
    options.heartbeat ?? HEARTBEAT,
  );
  // Each game socket's messages are counted against its client's address (messages.ts).
  transport.onSocket((socket, req) => {
    noteSocketAddress(socket, addressOf(req, limits.trustProxy));
  });
  const game = new GameServer({
    transport,
    greet: false,
    gracefullyShutdown: false,
    ...(options.redisUrl === undefined
      ? {}
      : { presence: new RedisPresence(options.redisUrl) as Presence, driver: new RedisDriver(options.redisUrl) }),
    ...(options.publicAddress === undefined ? {} : { publicAddress: options.publicAddress }),
    // Colyseus's own complaints (a failed reconnection, say) go through the same limited log.
    logger: {
      debug: () => undefined,
      trace: () => undefined,
      info: (...args: unknown[]) => {
        log(args.map(String).join(' '));
      },
      warn: (...args: unknown[]) => {
        log(args.map(String).join(' '));
      },
      error: (...args: unknown[]) => {
        log(args.map(String).join(' '));
      },
    },
  });
  // Every room is for signed-in players: the matchmaker checks the session before a seat is reserved.
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
  await game.listen(options.port ?? 2567, options.host);
  const port = (http.address() as AddressInfo).port;
  // A resumed game's room is made here, where its journal was read (Colyseus would place a new
  // room in the least busy process).
  const resumed = await resumeGames(services, journals, (key) => matchMaker.handleCreateRoom('race', { resume: key }));
  if (journals.length > 0)
    log(
      `the journal held ${journals.length} games under way: ${resumed.resumed} resumed, ${resumed.finished} stored as finished, ${resumed.broken} stored as interrupted`,
    );
  const restored = await restoreTables(services, tables, new Set(journals.map((j) => j.game.room)), (key) =>
    matchMaker.handleCreateRoom('race', { resume: key }),
  );
  if (tables.length > 0)
    log(`${tables.length} tables were kept between games: ${restored.restored} back, ${restored.dropped} forgotten`);
  arenas.start();
  // A season's turn is taken when it is due, by the first process to look (each minute), if no read or rated game did first.
  const turnSeason = (): void => {
    seasons.current().catch((e: unknown) => {
      log(`the season's turn failed: ${String(e)}`);
    });
  };
  turnSeason();
  const seasonTimer = setInterval(turnSeason, 60_000);
  seasonTimer.unref();
  let closing: Promise<void> | undefined;
  return {
    port,
    stores,
    close: () => {
      closing ??= (async () => {
        await arenas.stop();
        clearInterval(seasonTimer);
        await game.gracefullyShutdown(false);
        // The attempts the rooms counted on their way out are stored before the store closes.
        await services.attempts.idle();
        await trails.stop();
        await hold?.release();
        await redis?.quit();
        await stores.close();
      })();
      return closing;
    },
  };
}
