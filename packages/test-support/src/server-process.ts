import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { track, untrack } from './processes.js';

/*
 * `npm start`'s entry point in a process of its own, for the tests and benches that need the real
 * thing: a restart, a kill -9, a start that refuses its configuration, a cluster. One way to start
 * it and to hear where it listens, used by all of them.
 */

/** `npm start`'s entry point, as built by `npx tsc -b` (from this package's src or its dist alike). */
export const SERVER_MAIN = fileURLToPath(new URL('../../server/dist/main.js', import.meta.url));

/** How a server process is run. */
export interface ServerProcessOptions {
  /** Options for node itself, such as `--cpu-prof` (not allowed in NODE_OPTIONS). */
  readonly nodeArgs?: readonly string[];
  /** Called with all it wrote so far each time it writes, from before it listens. */
  readonly onOutput?: (output: string) => void;
  /** Runs it as this user (`runuser`, so as root only): to meet files root could write but it may not. */
  readonly user?: string;
}

/** A game server in its own process, from the moment it is spawned. */
export interface SpawnedServer {
  readonly process: ChildProcess;
  /** Its port, once it says where it listens; rejects with what it said if it exits before. */
  readonly listening: Promise<number>;
  /** Its exit code (null after a signal), once it has exited. */
  readonly exited: Promise<number | null>;
  /** What it wrote to stdout and stderr so far, in the order written. */
  output(): string;
  /** What it wrote to stdout so far. */
  stdout(): string;
  /** What it wrote to stderr so far. */
  stderr(): string;
  /** Signals it (unless it has exited) and waits for its exit code; SIGKILL is kill -9, nothing is saved on the way out. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<number | null>;
}

/** A game server in its own process that said where it listens. */
export interface ServerProcess extends Omit<SpawnedServer, 'listening'> {
  readonly port: number;
  /** `http://localhost:port`, straight to the process. */
  readonly http: string;
  /** `ws://localhost:port`, the same for game sockets. */
  readonly ws: string;
}

/**
 * Spawns `npm start`'s entry point with `env` added to this process's environment (PORT 0, any
 * free port, unless given). Nothing is awaited: see `startServerProcess` and `runServerProcess`.
 */
export function spawnServer(
  env: Readonly<Record<string, string>>,
  { nodeArgs = [], onOutput, user }: ServerProcessOptions = {},
): SpawnedServer {
  const node = [process.execPath, ...nodeArgs, SERVER_MAIN];
  const [command, ...args] = user === undefined ? node : ['runuser', '-u', user, '--', ...node];
  const child = spawn(command ?? process.execPath, args, {
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid !== undefined) track(child.pid, 'SIGKILL');
  let output = '';
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    output += chunk.toString();
    onOutput?.(output);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    output += chunk.toString();
    onOutput?.(output);
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      if (child.pid !== undefined) untrack(child.pid);
      resolve(code);
    }),
  );
  const listening = new Promise<number>((resolve, reject) => {
    // Said in the server's log, on stderr (an older server said it on stdout).
    for (const stream of [child.stdout, child.stderr])
      stream.on('data', () => {
        const m = /listening on http:\/\/localhost:(\d+)/.exec(output);
        if (m) resolve(Number(m[1]));
      });
    child.once('exit', (code, signal) => {
      reject(new Error(`the server exited with ${code ?? signal}: ${output.trim()}`));
    });
  });
  // A process that is only run to its exit never listens: that is no unhandled rejection.
  listening.catch(() => undefined);
  return {
    process: child,
    listening,
    exited,
    output: () => output,
    stdout: () => stdout,
    stderr: () => stderr,
    stop: (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Starts a server process (as `spawnServer`) and resolves once it listens; a start that fails rejects with what it said. */
export async function startServerProcess(
  env: Readonly<Record<string, string>>,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const { listening, ...spawned } = spawnServer(env, options);
  const port = await listening;
  return { ...spawned, port, http: `http://localhost:${port}`, ws: `ws://localhost:${port}` };
}

/** How a server process ran: its exit code, stdout and stderr (its log lines as their messages: `logMessages`). */
export interface ServerRun {
  readonly code: number | null;
  readonly out: string;
  readonly err: string;
}

/**
 * The messages of a server's log (JSON lines, each with its time and level), a line each; lines
 * that are not the log's are kept as they are. Tests read the words; the log's form is its own.
 */
export function logMessages(text: string): string {
  return text.replace(/^\{.*\}$/gm, (line) => {
    try {
      const { msg } = JSON.parse(line) as { msg?: unknown };
      return typeof msg === 'string' ? msg : line;
    } catch {
      return line;
    }
  });
}

/**
 * Runs a server process (as `spawnServer`) until it exits: by itself (a start it refuses), or, with
 * `whenListening`, by SIGTERM once that has run against it.
 */
export async function runServerProcess(
  env: Readonly<Record<string, string>>,
  whenListening?: (http: string) => Promise<void>,
  options: ServerProcessOptions = {},
): Promise<ServerRun> {
  const server = spawnServer(env, options);
  let checked: Promise<void> | undefined;
  if (whenListening !== undefined)
    checked = server.listening.then(
      (port) =>
        whenListening(`http://localhost:${port}`).finally(() => {
          void server.stop('SIGTERM');
        }),
      // It exited before it listened: its code says so.
      () => undefined,
    );
  const code = await server.exited;
  await checked;
  return { code, out: server.stdout(), err: logMessages(server.stderr()) };
}
