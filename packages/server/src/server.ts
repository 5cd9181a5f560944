import type { TimetableEntry } from './arena/arenas.js';
import { ArenaDirector } from './arena/arenas.js';
import type { Server } from '@colyseus/core';
import { matchMaker } from '@colyseus/core';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { Accounts } from './accounts/accounts.js';
import { shippedDeck } from '@ubongo/core/decks';
import type { AddressInfo } from 'node:net';
import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { GameClock, monotonicNow } from './clock.js';
import { gameServer, signedInBy } from './game-server.js';
import { httpApp } from './http/http.js';
import { guardConnections } from './net/net-guard.js';
import { LocalInPlay, RedisInPlay } from './practice/in-play.js';
import { Friendships } from './friends/friends.js';
import { LocalInvitations, RedisInvitations } from './friends/invitations.js';
import { LocalWhereabouts, RedisWhereabouts } from './friends/whereabouts.js';
import type { Limits } from './net/limits.js';
import { DEFAULT_LIMITS, rateLimitedLog } from './net/limits.js';
import { LocalRateLimits, RedisRateLimits } from './net/rate-limit.js';
import { linesTo, makeLogger } from './ops/log.js';
import { Attempts } from './rating/puzzles.js';
import { connectRedis } from './cluster/redis.js';
import type { AddressHold } from './cluster/address-hold.js';
import { holdAddress } from './cluster/address-hold.js';
import { latestTime, restoreTables, resumeGames } from './table/resume.js';
import type { HeartbeatOptions } from './net/heartbeat.js';
import { HEARTBEAT } from './net/heartbeat.js';
import type { Measures, ServerMetrics } from './metrics.js';
import { allOf } from './metrics.js';
import { Prometheus } from './ops/prometheus.js';
import { tally } from './ops/tally.js';
import type { RoomServices } from './services.js';
import { SeasonKeeper } from './rating/seasons.js';
import type { Journal, LiveTable } from './table/store.js';
import type { Stores } from './storage/stores.js';
import { startTrailSweep } from './solo/trail-sweep.js';
import { openPostgresStores, openSqliteStores } from './storage/index.js';

/** A log of lines (the rooms' and services' `log`). */
type Log = (message: string) => void;

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
  /** Where log lines go, each line's message (tests capture them); default JSON lines on stderr, or `logger`'s. */
  readonly log?: (message: string) => void;
  /** The process's logger (ops/log.ts: `npm start` makes it from UBONGO_LOG); default one as `log` says. */
  readonly logger?: Logger;
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
  /** `UBONGO_METRICS_TOKEN`: opens `/metrics` to others than loopback (`Authorization: Bearer ...`); default none. */
  readonly metricsToken?: string;
  /** Arenas made by a timetable (arenas.ts, `UBONGO_ARENAS`); default none (an operator schedules them: `ubongo admin arena`). */
  readonly arenaTimetable?: readonly TimetableEntry[];
  /** How game sockets are pinged, and when one that stopped answering is closed; default `HEARTBEAT`. */
  readonly heartbeat?: HeartbeatOptions;
}

/** The rooms' services as this server makes them: with its arenas and its seasons. */
type Services = RoomServices & { readonly arenas: ArenaDirector; readonly seasons: SeasonKeeper };

/** A running server. */
export interface UbongoServer {
  readonly port: number;
  readonly stores: Stores;
  /** Stops taking players, disposes the rooms (saving their games), then closes the stores. */
  close(): Promise<void>;
}

/** What the server keeps its data in: the stores, and, in a cluster, the Redis it shares and the hold on its address. */
interface Storage {
  readonly stores: Stores;
  readonly redis: Redis | undefined;
  readonly hold: AddressHold | undefined;
}

/**
 * Connects to the cluster's Redis (if any), holds the process's address there, and opens the
 * stores; what was opened is closed again if a later step fails.
 */
async function openStorage(options: UbongoServerOptions, owner: string, log: Log): Promise<Storage> {
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
  try {
    const stores =
      options.stores ??
      (options.databaseUrl === undefined
        ? await openSqliteStores(options.dataDir ?? './data', owner, log)
        : await openPostgresStores(options.databaseUrl, { log, owner }));
    return { stores, redis, hold };
  } catch (e) {
    await hold?.release();
    redis?.disconnect();
    throw e;
  }
}

/** What the rooms work with (services.ts), made once the journal is read: game time goes on from its latest time. */
function roomServices(
  options: UbongoServerOptions,
  { stores, redis }: Storage,
  since: number,
  limits: Limits,
  log: Log,
  measures: Measures,
): Services {
  const clock = options.clock ?? new GameClock(options.timeScale ?? 1, since);
  // Arenas' tables are made in this process, where the director keeps their orders (arenas.ts).
  const arenas = new ArenaDirector({
    stores,
    clock,
    log,
    timetable: options.arenaTimetable ?? [],
    createRoom: (arenaOptions) => matchMaker.handleCreateRoom('race', arenaOptions),
    roomOpen: async (code) => (await matchMaker.query({ roomId: code })).length > 0,
  });
  return {
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
    // Seasons go by the time rated games are stored at (game time); the first process to see one's turn takes it.
    seasons: new SeasonKeeper(stores, () => clock.now(), options.seasonMonths, log),
    inPlay: redis ? new RedisInPlay(redis, log) : new LocalInPlay(),
    whereabouts: redis ? new RedisWhereabouts(redis, log) : new LocalWhereabouts(),
    metrics: options.metrics === undefined ? measures : allOf(measures, options.metrics),
  };
}

/** The HTTP side (http.ts) with the accounts and friends it serves, limits kept where the cluster shares them. */
async function httpSide(
  options: UbongoServerOptions,
  services: Services,
  { redis }: Storage,
  logger: Logger,
  prometheus: Prometheus,
): Promise<{ app: FastifyInstance; accounts: Accounts }> {
  const { stores, limits, log } = services;
  // Per-address limits: shared by the processes of a cluster through their Redis.
  const rateLimits = redis ? new RedisRateLimits(redis) : new LocalRateLimits();
  const accounts = new Accounts(stores, Date.now, rateLimits, limits);
  const friends = new Friendships(
    stores,
    services.whereabouts,
    redis ? new RedisInvitations(redis) : new LocalInvitations(),
    rateLimits,
  );
  const app = await httpApp({
    stores,
    decks: services.decks,
    startedAt: monotonicNow(),
    clock: services.clock,
    seasons: services.seasons,
    webDir: options.webDir ?? DEFAULT_WEB_DIR,
    accounts,
    friends,
    limits,
    rateLimits,
    sourceMaps: options.sourceMaps ?? false,
    log,
    logger,
    metrics: { prometheus, token: options.metricsToken, trustProxy: limits.trustProxy },
  });
  return { app, accounts };
}

/** Games the journal held as under way resume, and tables kept between games come back (resume.ts); said in the log. */
async function bringBack(
  services: RoomServices,
  journals: readonly Journal[],
  tables: readonly LiveTable[],
  info: Log,
): Promise<void> {
  // A resumed game's room is made here, where its journal was read (Colyseus would place a new
  // room in the least busy process).
  const create = (key: string): Promise<unknown> => matchMaker.handleCreateRoom('race', { resume: key });
  const resumed = await resumeGames(services, journals, create);
  if (journals.length > 0)
    info(
      `the journal held ${journals.length} games under way: ${resumed.resumed} resumed, ${resumed.finished} stored as finished, ${resumed.broken} stored as interrupted`,
    );
  const restored = await restoreTables(services, tables, new Set(journals.map((j) => j.game.room)), create);
  if (tables.length > 0)
    info(`${tables.length} tables were kept between games: ${restored.restored} back, ${restored.dropped} forgotten`);
}

/** A season's turn is taken when it is due, by the first process to look (each minute), if no read or rated game did first; stops with the returned function. */
function turnSeasons(seasons: SeasonKeeper, log: Log): () => void {
  const turn = (): void => {
    seasons.current().catch((e: unknown) => {
      log(`the season's turn failed: ${String(e)}`);
    });
  };
  turn();
  const timer = setInterval(turn, 60_000);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}

/** The server's stop, once: arenas and seasons first, then the rooms (saving their games), the attempts they counted, and the stores. */
function closer(
  services: Services,
  game: Server,
  storage: Storage,
  stop: { readonly trails: { stop(): Promise<void> }; readonly seasons: () => void; readonly prometheus: Prometheus },
): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= (async () => {
      await services.arenas.stop();
      stop.seasons();
      await game.gracefullyShutdown(false);
      // The attempts the rooms counted on their way out are stored before the store closes.
      await services.attempts.idle();
      await stop.trails.stop();
      await storage.hold?.release();
      await storage.redis?.quit();
      await storage.stores.close();
      stop.prometheus.stop();
    })();
    return closing;
  };
}

/** Starts the game server: the HTTP API and the game socket on one port. */
export async function startServer(options: UbongoServerOptions = {}): Promise<UbongoServer> {
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const logger = options.logger ?? makeLogger(options.log ? { to: options.log } : {});
  // Trouble is said at most so many lines a minute; the start's own lines are few.
  const log = rateLimitedLog(linesTo(logger), limits.logLinesPerMinute);
  const info = (message: string): void => {
    logger.info(message);
  };
  // The process's name in the journal: the games it begins are its own, and it resumes only those.
  const storage = await openStorage(options, options.publicAddress ?? '', log);
  const { stores } = storage;
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
  const since = Math.max(latestTime(journals), ...tables.map((t) => t.savedAt)) + 1;
  // The process's metrics (GET /metrics): its own rooms, wherever the listing is kept.
  const prometheus = new Prometheus({
    rooms: () => matchMaker.query({ processId: matchMaker.processId }),
    tally,
  });
  const services = roomServices(options, storage, since, limits, log, prometheus);
  const { app, accounts } = await httpSide(options, services, storage, logger, prometheus);
  // Colyseus's game socket listens on Fastify's server: one port for both.
  const http = app.server;
  // Every TCP connection counted and capped, per address and in all, with timeouts for slow clients.
  guardConnections(http, limits, log);
  const game = gameServer(
    http,
    services,
    signedInBy((token) => accounts.bySession(token)),
    {
      limits,
      heartbeat: options.heartbeat ?? HEARTBEAT,
      redisUrl: options.redisUrl,
      publicAddress: options.publicAddress,
      logger,
      limited: (write) => rateLimitedLog(write, limits.logLinesPerMinute),
    },
  );
  await game.listen(options.port ?? 2567, options.host);
  const port = (http.address() as AddressInfo).port;
  await bringBack(services, journals, tables, info);
  services.arenas.start();
  const seasons = turnSeasons(services.seasons, log);
  return { port, stores, close: closer(services, game, storage, { trails, seasons, prometheus }) };
}
