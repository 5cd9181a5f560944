import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { endProcess, stopper, untrack } from './processes.js';

/*
 * The services a cluster of game servers needs, started for real from the system's binaries
 * (Debian's postgresql, redis-server and nginx packages) in a temporary folder, and stopped by their
 * pid. The cluster tests, `npm run cluster` and the server bench start them (and game servers:
 * server-process.ts). Where a binary is missing, starting says which Debian package
 * to install: nothing is skipped.
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

/** A process's route through nginx: `/prefix/...` goes to the process on `port` (its game sockets). */
export interface NginxRoute {
  readonly prefix: string;
  readonly port: number;
}

/** What nginx serves: the web client, the HTTP API of every process, and each process's sockets. */
export interface NginxSite {
  /** The port nginx listens on (127.0.0.1). */
  readonly port: number;
  /** The game server processes, each on its route. */
  readonly routes: readonly NginxRoute[];
  /** The built web client; without it, `/` goes to the processes too (which say how to build it). */
  readonly webDir?: string;
  /** Whether answers of the API and the matchmaker say which process gave them (x-ubongo-process), to try the cluster. */
  readonly showProcess?: boolean;
}

/** The documented nginx site (deploy/nginx.conf) and the headers snippet it includes, in this repository. */
export const DEPLOY_NGINX = fileURLToPath(new URL('../../../deploy/nginx.conf', import.meta.url));
export const DEPLOY_HEADERS = fileURLToPath(new URL('../../../deploy/ubongo-headers.conf', import.meta.url));

/** Replaces `pattern` in `text`, throwing when it is not there (deploy/nginx.conf changed under the template). */
function swap(text: string, pattern: RegExp, replacement: string | ((match: string) => string)): string {
  if (!pattern.test(text)) throw new Error(`deploy/nginx.conf no longer has ${String(pattern)}; update nginxConfig`);
  return typeof replacement === 'string' ? text.replace(pattern, replacement) : text.replace(pattern, replacement);
}

/**
 * An nginx configuration for a site, made from deploy/nginx.conf itself (`site`, the documented
 * file, unless another is given) rather than a copy of it: its upstream and `/pN/` locations become
 * `site`'s processes, it listens on 127.0.0.1:`site.port`, includes deploy/ubongo-headers.conf,
 * serves `site.webDir` (or, without one, proxies `/` to the processes), inside the few lines a
 * whole nginx.conf needs (`dir` holds nginx's pid file, logs and temporary files). Everything else,
 * the X-Forwarded-For it sets, its limits and timeouts, is the documented file's.
 */
export function nginxConfig(site: NginxSite, dir: string, deploy = readFileSync(DEPLOY_NGINX, 'utf8')): string {
  let conf = deploy;
  conf = swap(conf, /upstream ubongo \{[^}]*\}/, () => {
    return `upstream ubongo {\n${site.routes.map((r) => `    server 127.0.0.1:${r.port};\n`).join('')}}`;
  });
  conf = swap(conf, /^(\s*)listen 80;$/m, (line) => line.replace('listen 80;', `listen 127.0.0.1:${site.port};`));
  // One location per process where the documented file has its two.
  conf = swap(conf, /((?:^[ \t]*location \/p\d+\/ \{ proxy_pass http:\/\/127\.0\.0\.1:\d+\/; \}\n)+)/m, () =>
    site.routes.map((r) => `    location /${r.prefix}/ { proxy_pass http://127.0.0.1:${r.port}/; }\n`).join(''),
  );
  if (site.showProcess === true)
    conf = swap(conf, /proxy_pass http:\/\/ubongo; \}/g, () => {
      return 'proxy_pass http://ubongo; add_header x-ubongo-process $upstream_addr always; }';
    });
  conf = swap(conf, /include \/etc\/nginx\/snippets\/ubongo-headers\.conf;/g, () => `include ${DEPLOY_HEADERS};`);
  if (site.webDir === undefined) {
    // No web client here: the processes serve `/` (they say how to build it).
    conf = swap(conf, /^[ \t]*root [^;]*;\n/m, '');
    conf = swap(conf, /^[ \t]*location \/assets\/ \{[^}]*\}\n/m, '');
    conf = swap(conf, /^([ \t]*)location \/ \{[^}]*\}/m, (block) => {
      const indent = /^[ \t]*/.exec(block)?.[0] ?? '';
      return `${indent}location / { proxy_pass http://ubongo; }`;
    });
  } else {
    const root = site.webDir;
    conf = swap(conf, /^([ \t]*)root [^;]*;/m, (line) => line.replace(/root [^;]*;/, `root ${root};`));
  }
  const lines = [
    'worker_processes 1;',
    'daemon off;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    // As root nginx's workers would run as nobody, who may not read the web client's folder.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'events { worker_connections 8192; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(dir, t)};`),
    conf,
    '}',
    '',
  ];
  return lines.join('\n');
}

/** nginx's binary: on the PATH, or where Debian puts it (/usr/sbin is not on every user's PATH). */
function nginxBinary(): string | undefined {
  for (const dir of [...(process.env['PATH'] ?? '').split(delimiter), '/usr/sbin'])
    if (dir && existsSync(join(dir, 'nginx'))) return join(dir, 'nginx');
  return undefined;
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('error', () => {
      resolve(false);
    });
    socket.connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
  });
}

/** Starts nginx (`binary`, or Debian's) for `site` in a temporary folder, in the foreground of its own process. */
export async function startNginx(site: NginxSite, binary = nginxBinary()): Promise<Service> {
  if (binary === undefined || !existsSync(binary))
    throw new Error(
      `${binary ?? 'nginx'} is not installed: this needs the Debian package nginx (apt-get install -y nginx)`,
    );
  const dir = mkdtempSync(join(process.getuid?.() === 0 ? '/tmp' : tmpdir(), 'ubongo-nginx-'));
  const config = join(dir, 'nginx.conf');
  writeFileSync(config, nginxConfig(site, dir));
  const child = spawn(binary, ['-p', dir, '-c', config, '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let said = '';
  child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const pid = child.pid;
  try {
    if (pid === undefined) throw new Error('it could not be spawned');
    const stop = stopper(pid, 'SIGTERM', dir);
    for (let waited = 0; !(await listening(site.port)); waited += 50) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`it exited (${child.exitCode ?? child.signalCode}): ${said.trim()}`);
      if (waited >= 10_000) throw new Error(`it did not listen on port ${site.port} within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { url: `http://127.0.0.1:${site.port}`, stop };
  } catch (e) {
    if (pid !== undefined) await endProcess(pid, 'SIGTERM');
    if (pid !== undefined) untrack(pid);
    const log = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`nginx did not start: ${e instanceof Error ? e.message : String(e)}${log && `\n${log}`}`, {
      cause: e,
    });
  }
}

/** A folder of its own under the system's temporary folder (`name` in its name), made now. */
export function scratchFolder(name: string): string {
  return mkdtempSync(join(tmpdir(), `ubongo-${name}-`));
}
