import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/*
 * The services the cluster tests talk to, started for real from the system's binaries (Debian's
 * postgresql and redis-server packages) in a temporary folder, and stopped by their pid. Where a
 * binary is missing, starting says which Debian package to install: nothing is skipped.
 */

/** A running service; `stop` ends it and removes its folder (calling it again does nothing). */
export interface Service {
  readonly url: string;
  stop(): Promise<void>;
}

/** A throwaway PostgreSQL cluster. */
export interface Postgres extends Service {
  /** The URL of a new, empty database; with `template`, a copy of that database. */
  createDatabase(template?: string): Promise<string>;
}

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => {
    server.close(() => {
      resolve();
    });
  });
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

// A worker that exits with a service still up (a test run interrupted past its afterAll) ends it.
const running = new Map<number, NodeJS.Signals>();
process.once('exit', () => {
  for (const [pid, signal] of running)
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone.
    }
});

/** Whether `pid` runs: a daemon's exited process stays a zombie where nobody reaps it (a container's init). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** Signals `pid` and waits until it is gone (SIGKILL after 10 s). */
async function endProcess(pid: number, signal: NodeJS.Signals): Promise<void> {
  if (!alive(pid)) return;
  process.kill(pid, signal);
  for (let waited = 0; alive(pid); waited += 20) {
    if (waited === 10_000) process.kill(pid, 'SIGKILL');
    if (waited === 20_000) throw new Error(`process ${pid} outlived SIGKILL`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Stops a service once: its process by pid, then its folder. */
function stopper(pid: number, signal: NodeJS.Signals, dir: string): () => Promise<void> {
  running.set(pid, signal);
  let stopping: Promise<void> | undefined;
  return () =>
    (stopping ??= (async () => {
      await endProcess(pid, signal);
      running.delete(pid);
      rmSync(dir, { recursive: true, force: true });
    })());
}

/** The newest PostgreSQL's bin folder under `root` (Debian: /usr/lib/postgresql/VERSION/bin). */
function postgresBin(root: string): string {
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const version = versions[0];
  if (version === undefined)
    throw new Error(
      `PostgreSQL is not installed (no ${root}/*/bin/initdb): these tests need the Debian package postgresql (apt-get install -y postgresql)`,
    );
  return join(root, version, 'bin');
}

/**
 * Starts a PostgreSQL cluster of its own on a free port of 127.0.0.1, in a temporary folder, with
 * fsync off (a test's data need not survive the machine), from the newest version under `root`.
 * PostgreSQL refuses to run as root: as root its binaries run as the user postgres, which owns the
 * folder.
 */
export async function startPostgres(root = '/usr/lib/postgresql'): Promise<Postgres> {
  const bin = postgresBin(root);
  const asRoot = process.getuid?.() === 0;
  // The user postgres must reach the folder: /tmp is open to all, a TMPDIR of root's may not be.
  const dir = mkdtempSync(join(asRoot ? '/tmp' : tmpdir(), 'ubongo-pg-'));
  if (asRoot) {
    const id = (flag: string): number => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, id('-u'), id('-g'));
  }
  const run = (tool: string, args: readonly string[]): void => {
    const [command, all] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]]
      : [join(bin, tool), [...args]];
    const done = spawnSync(command, all, { encoding: 'utf8', cwd: dir });
    if (done.status !== 0)
      throw new Error(`${tool} failed (${done.status ?? done.signal}): ${done.stderr || done.stdout || done.error}`);
  };
  const data = join(dir, 'data');
  let pid: number | undefined;
  try {
    // English collation by default, as most clusters have, so that the store's own ordering ("C"
    // on its text columns) is what a test sees.
    run('initdb', [
      ...['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--no-instructions'],
      ...['--locale-provider=icu', '--icu-locale=en'],
    ]);
    const port = await freePort();
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
    run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-s', 'start']);
    // The first line of postmaster.pid is the server's pid.
    pid = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    // SIGQUIT is pg_ctl's `stop -m immediate`: the postmaster ends its children, then itself.
    const stop = stopper(pid, 'SIGQUIT', dir);
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    let made = 0;
    return {
      url,
      async createDatabase(template?: string): Promise<string> {
        const name = `t_${++made}`;
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          await client.query(
            `create database ${name}${template === undefined ? '' : ` template ${pg.escapeIdentifier(template)}`}`,
          );
        } finally {
          await client.end();
        }
        return `postgres://postgres@127.0.0.1:${port}/${name}`;
      },
      stop,
    };
  } catch (e) {
    if (pid !== undefined) await endProcess(pid, 'SIGQUIT');
    const log = existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8') : '';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start: ${e instanceof Error ? e.message : String(e)}${log && `\n${log}`}`, {
      cause: e,
    });
  }
}

/** Sends PING to a Redis server and waits for its +PONG. */
async function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    let heard = '';
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => {
      resolve(false);
    });
    socket.on('data', (chunk: Buffer) => {
      heard += chunk.toString();
      if (heard.includes('\r\n')) {
        socket.destroy();
        resolve(heard.startsWith('+PONG'));
      }
    });
    socket.connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
  });
}

/** Starts a redis-server of its own (`binary`) on a free port of 127.0.0.1, keeping nothing on disk. */
export async function startRedis(binary = 'redis-server'): Promise<Service> {
  const found = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  if (found.error)
    throw new Error(
      `${binary} is not installed: these tests need the Debian package redis-server (apt-get install -y redis-server)`,
    );
  const dir = mkdtempSync(join(tmpdir(), 'ubongo-redis-'));
  const pidFile = join(dir, 'redis.pid');
  let pid: number | undefined;
  try {
    const port = await freePort();
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    const done = spawnSync(
      binary,
      [...args, '--daemonize', 'yes', '--pidfile', pidFile, '--dir', dir, '--logfile', join(dir, 'log')],
      { encoding: 'utf8' },
    );
    if (done.status !== 0) throw new Error(`redis-server failed (${done.status ?? done.signal}): ${done.stderr}`);
    for (let waited = 0; !(await pong(port)); waited += 50) {
      if (waited >= 10_000) throw new Error(`redis-server did not answer on port ${port} within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Answering, it has written its pid file.
    pid = Number(readFileSync(pidFile, 'utf8'));
    return { url: `redis://127.0.0.1:${port}`, stop: stopper(pid, 'SIGTERM', dir) };
  } catch (e) {
    if (pid !== undefined) await endProcess(pid, 'SIGTERM');
    else if (existsSync(pidFile)) await endProcess(Number(readFileSync(pidFile, 'utf8')), 'SIGTERM');
    const log = existsSync(join(dir, 'log')) ? readFileSync(join(dir, 'log'), 'utf8') : '';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`redis-server did not start: ${e instanceof Error ? e.message : String(e)}${log && `\n${log}`}`, {
      cause: e,
    });
  }
}
