import { Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { shippedDeck } from '@ubongo/core/decks';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { GameClock } from './clock.js';
import { httpHandler } from './http.js';
import { MAX_FRAME_BYTES } from './protocol.js';
import { RaceRoom } from './race-room.js';
import type { RoomServices } from './services.js';
import { SoloRoom } from './solo-room.js';
import { PracticeRoom } from './practice-room.js';
import type { Storage } from './storage.js';
import { SqliteStorage } from './storage.js';

/** Where `npm run build` puts the web client, next to this package. */
export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** How to run the server; every field has a default. */
export interface UbongoServerOptions {
  /** The port (0 for any free one); default 2567. */
  readonly port?: number;
  /** The address to listen on; default all. */
  readonly host?: string;
  /** Where the SQLite file lives; default ./data. */
  readonly dataDir?: string;
  /** Game time speed (tests and demos); default 1. */
  readonly timeScale?: number;
  /** Storage to use instead of SQLite in `dataDir`. */
  readonly storage?: Storage;
  /** The built web client to serve at `/`; default packages/web/dist (if it is missing, `/` says how to build it). */
  readonly webDir?: string;
  readonly log?: (message: string) => void;
}

/** A running server. */
export interface UbongoServer {
  readonly port: number;
  readonly storage: Storage;
  /** Stops taking players, disposes the rooms (saving their games), then closes the storage. */
  close(): Promise<void>;
}

/** Starts the game server: the HTTP API and the game socket on one port. */
export async function startServer(options: UbongoServerOptions = {}): Promise<UbongoServer> {
  const storage = options.storage ?? (await SqliteStorage.open(options.dataDir ?? './data'));
  const log =
    options.log ??
    ((m: string): void => {
      console.error(`ubongo: ${m}`);
    });
  const services: RoomServices = {
    storage,
    clock: new GameClock(options.timeScale ?? 1),
    decks: { classic: shippedDeck('classic'), extreme: shippedDeck('extreme') },
    seed: () => randomInt(0x7fffffff),
    log,
  };
  const http = createServer(httpHandler(storage, services.decks, Date.now(), options.webDir ?? DEFAULT_WEB_DIR));
  const game = new Server({
    transport: new WebSocketTransport({ server: http, maxPayload: MAX_FRAME_BYTES }),
    greet: false,
    gracefullyShutdown: false,
  });
  game
    .define(
      'race',
      class extends RaceRoom {
        override services = services;
      },
    )
    .filterBy(['public']);
  game.define(
    'solo',
    class extends SoloRoom {
      override services = services;
    },
  );
  game.define(
    'practice',
    class extends PracticeRoom {
      override services = services;
    },
  );
  await game.listen(options.port ?? 2567, options.host);
  const port = (http.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    port,
    storage,
    close: () => {
      closing ??= (async () => {
        await game.gracefullyShutdown(false);
        await storage.close();
      })();
      return closing;
    },
  };
}
