// npm run cluster -- --processes N [--port P]: the cluster on this machine, to try it. Starts a
// redis-server and a throwaway PostgreSQL (initdb in a temporary folder) from the system's
// binaries, N game server processes sharing them, and nginx in front (its own configuration in a
// temporary folder, the one deploy/nginx.conf describes): the web client, the HTTP API of any
// process, and each process's game sockets at /pN/. Prints the address to open; a process that
// dies is started again under its name (it resumes its games); Ctrl-C stops everything.
import type { ServerProcess, Service } from '@ubongo/test-support';
import {
  freePort,
  scratchFolder,
  startNginx,
  startPostgres,
  startRedis,
  startServerProcess,
} from '@ubongo/test-support';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    processes: { type: 'string', default: '2' },
    port: { type: 'string' },
  },
});
const PROCESSES = Number(args.processes);
if (!Number.isInteger(PROCESSES) || PROCESSES < 1 || PROCESSES > 16)
  throw new Error(`--processes is a whole number from 1 to 16, got ${args.processes}`);
const WEB_DIR = fileURLToPath(new URL('../../packages/web/dist/', import.meta.url));

/** Whether 127.0.0.1:`port` is free. */
function free(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => {
      resolve(false);
    });
    probe.listen(port, '127.0.0.1', () => {
      probe.close(() => {
        resolve(true);
      });
    });
  });
}

const port = args.port !== undefined ? Number(args.port) : (await free(8080)) ? 8080 : await freePort();
const services: Service[] = [];
const servers = new Map<string, ServerProcess>();
let stopping = false;

async function stopAll(): Promise<void> {
  stopping = true;
  await Promise.all([...servers.values()].map((s) => s.stop('SIGTERM')));
  // nginx, then Redis and PostgreSQL, each by its pid; their folders removed.
  for (const service of services.reverse()) await service.stop();
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    console.log(`\ncluster: ${signal}, stopping everything`);
    stopAll()
      .then(() => process.exit(0))
      .catch((e: unknown) => {
        console.error('cluster: stopping failed', e);
        process.exit(1);
      });
  });

/** Starts process `name` on `serverPort`, reached at localhost:port/name; started again if it dies. */
async function run(name: string, serverPort: number, env: Record<string, string>): Promise<void> {
  const server = await startServerProcess({
    ...env,
    PORT: String(serverPort),
    UBONGO_PUBLIC_ADDRESS: `localhost:${port}/${name}`,
  });
  servers.set(name, server);
  let shown = 0;
  const echo = setInterval(() => {
    const out = server.output();
    for (const line of out.slice(shown).split('\n').filter(Boolean)) console.log(`${name}: ${line}`);
    shown = out.length;
  }, 200);
  void server.exited.then((code) => {
    clearInterval(echo);
    if (stopping) return;
    console.log(`cluster: ${name} exited (${code}); starting it again under its name`);
    setTimeout(() => {
      void run(name, serverPort, env).catch((e: unknown) => {
        console.error(`cluster: ${name} did not start again: ${String(e)}`);
      });
    }, 1000);
  });
}

try {
  const [redis, postgres] = await Promise.all([startRedis(), startPostgres()]);
  services.push(redis, postgres);
  const env = {
    DATABASE_URL: await postgres.createDatabase(),
    UBONGO_REDIS_URL: redis.url,
    UBONGO_DATA_DIR: scratchFolder('cluster'),
    UBONGO_TRUST_PROXY: '1',
  };
  const routes = [];
  for (let i = 1; i <= PROCESSES; i++) {
    const serverPort = await freePort();
    // One after the other: the first brings the database's schema up to date.
    await run(`p${i}`, serverPort, env);
    routes.push({ prefix: `p${i}`, port: serverPort });
  }
  const webDir = existsSync(WEB_DIR) ? WEB_DIR : undefined;
  services.push(await startNginx({ port, routes, ...(webDir ? { webDir } : {}), showProcess: true }));
  console.log(
    `cluster: ${PROCESSES} processes behind nginx, Redis at ${redis.url}, PostgreSQL at ${postgres.url}\n` +
      `cluster: open http://localhost:${port}/ (Ctrl-C stops everything)`,
  );
} catch (e) {
  console.error(`cluster: ${e instanceof Error ? e.message : String(e)}`);
  await stopAll();
  process.exit(1);
}
