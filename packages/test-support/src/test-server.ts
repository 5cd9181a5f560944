import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/*
 * The one way a test file starts a game server in its own process (vitest's worker): on any free
 * port, over a fresh SQLite folder, saying nothing, started before the file's first test and closed
 * after its last (its folder removed). The server package's `startServer` is handed in (this package does not depend on
 * the server's), with whatever else the file needs on top of these defaults:
 *
 *   const served = serverPerFile((base) => startServer({ ...base, timeScale: 20 }));
 *   ... fetch(`${served.http}/api/daily`) ... Player.join(served.ws, ...) ... served.server.clock
 */

/** What every test server starts with: any free port, a fresh data folder, no log. */
export interface TestServerBase {
  readonly port: 0;
  readonly dataDir: string;
  readonly log: () => undefined;
}

/** What a started server must offer the fixture. */
export interface Closable {
  readonly port: number;
  close(): Promise<void>;
}

/** A file's server, its addresses and data folder: read them in tests and hooks, not at import. */
export interface ServedFile<S extends Closable> {
  readonly server: S;
  /** `http://127.0.0.1:port`. */
  readonly http: string;
  /** `ws://127.0.0.1:port`. */
  readonly ws: string;
  readonly dataDir: string;
}

/** Starts `start(base)` before the file's tests and closes it after them (see above). */
export function serverPerFile<S extends Closable>(start: (base: TestServerBase) => Promise<S>): ServedFile<S> {
  let started: S | undefined;
  let dataDir: string | undefined;
  const server = (): S => {
    if (!started) throw new Error('the test server is read before it started (at import, or after afterAll)');
    return started;
  };
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ubongo-test-'));
    started = await start({ port: 0, dataDir, log: () => undefined });
  });
  afterAll(async () => {
    await started?.close();
    started = undefined;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    get server() {
      return server();
    },
    get http() {
      return `http://127.0.0.1:${server().port}`;
    },
    get ws() {
      return `ws://127.0.0.1:${server().port}`;
    },
    get dataDir() {
      server();
      return dataDir as string;
    },
  };
}
