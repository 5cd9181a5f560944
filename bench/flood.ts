// npm run bench:flood: what each kind of flood costs an honest player. The player, at a table of
// their own, changes "ready" ten times a second and times each answer (the lobby it gets back),
// first alone, then beside each flood of FLOODS: idle TCP connections from one address up to its
// cap and past it; many addresses' game sockets sending within what one socket alone was allowed;
// sockets sending flat out; clients sending their headers slowly; CONNECTIONS (20,000) idle
// connection attempts from a spread of addresses (64 each). Each flood comes from loopback
// addresses of its own (127.x.y.z bound as the local address of each socket, as an attacker with
// many machines has many addresses), in a process of its own; once it is at full strength the
// bench reads the server's memory, asks /healthz, and measures the player beside it. Prints the
// player's p50 and p99 both ways and their ratios, the server's CPU and event-loop delay, and what
// each flood achieved.
//
// The server runs with its default limits. Each flooding socket's matchmaking requests come from
// its address too; only the guest accounts are made from 127.0.0.1 (fetch cannot choose its local
// address), as is the honest player.
// Sizes: SECONDS (10) per measure; CONNECTIONS (20000). FLOODS=a,b runs only those floods.
// FLOOD_NICE (0) is the floods' priority (19: they take only CPU time nobody else wants).
// A new kind of flood is one more entry in FLOODS (floods.ts): a name, what it does, how it floods.
// First: floods.ts brings in source-address, which puts its WebSocket (one that binds a chosen local
// address) in place before colyseus.js is loaded and takes the one it finds.
import { FLOODS, run, sleep } from './floods.js';
import { PROTOCOL_VERSION } from '@ubongo/core';
import type { MetricsReport } from '@ubongo/server';
import { METRICS_LINE } from '@ubongo/server';
import { scratchFolder, startServerProcess } from '@ubongo/test-support';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { guestClient } from './server-process.js';

const SECONDS = Number(process.env['SECONDS'] ?? 10);
const NICE = Number(process.env['FLOOD_NICE'] ?? 0);
/** What a flood's process prints once it is at full strength. */
const READY = 'flood ready';

// The flood's own process: floods until the parent stops it, then says what it counted.
const floodName = process.env['FLOOD'];
if (floodName !== undefined) {
  // colyseus.js warns of every socket refused or closed: the counts say how many.
  console.warn = () => undefined;
  const counts: Record<string, number> = {};
  process.once('SIGTERM', () => {
    run.going = false;
    // Whatever is still waiting on the server is not waited for.
    setTimeout(() => {
      console.log(JSON.stringify(counts));
      process.exit(0);
    }, 3000).unref();
  });
  const flood = FLOODS.find((f) => f.name === floodName);
  if (!flood) throw new Error(`no flood ${floodName}`);
  await flood.flood(Number(process.env['FLOOD_PORT']), counts, () => {
    console.log(READY);
  });
  console.log(JSON.stringify(counts));
  process.exit(0);
}

const server = await startServerProcess({
  UBONGO_DATA_DIR: scratchFolder('bench-flood'),
  UBONGO_LOG_LINES_PER_MINUTE: '20',
  UBONGO_METRICS: '1',
  // Each flooding socket is a guest made over HTTP from this process's own address: guest creation
  // is not a flood measured here (account-security.test.ts tries its limit).
  UBONGO_GUESTS_PER_MINUTE: '1000000',
});
const url = `ws://127.0.0.1:${server.port}`;

/** The server's resident memory, in MiB (Linux: /proc). */
function rss(): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.process.pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

/** The server's CPU time so far, in seconds (Linux: /proc; clock ticks of 1/100 s). */
function cpu(): number {
  const fields = readFileSync(`/proc/${server.process.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** The server's event-loop figures since it was last asked (UBONGO_METRICS). */
async function loop(): Promise<string> {
  const from = server.stdout().length;
  server.process.kill('SIGUSR2');
  for (let i = 0; i < 50; i++) {
    const line = server
      .stdout()
      .slice(from)
      .split('\n')
      .find((l) => l.startsWith(METRICS_LINE));
    if (line) {
      const m = JSON.parse(line.slice(METRICS_LINE.length)) as MetricsReport;
      return `event loop delay p50 ${m.loopP50.toFixed(1)} ms, p99 ${m.loopP99.toFixed(1)} ms, ${m.stalls} stalls over 20 ms`;
    }
    await sleep(100);
  }
  return 'no event-loop figures';
}

/** The player's answer times over `seconds`, one "ready" change every 100 ms; and how many got no answer. */
async function measure(seconds: number): Promise<{ times: number[]; lost: number; server: string }> {
  await loop();
  const cpuBefore = cpu();
  const startedAt = performance.now();
  const room = await (await guestClient(url, 'Honest')).create('race', { protocol: PROTOCOL_VERSION });
  const times: number[] = [];
  // Each change gets one lobby back, in order: an answer is the oldest change unanswered.
  const waiting: number[] = [];
  await new Promise<void>((resolve) => {
    room.onMessage('lobby', () => {
      const sentAt = waiting.shift();
      if (sentAt !== undefined) times.push(performance.now() - sentAt);
      resolve();
    });
  });
  const refused: string[] = [];
  room.onMessage('rejected', (r: { code: string }) => refused.push(r.code));
  room.onMessage('*', () => undefined);
  const end = performance.now() + seconds * 1000;
  for (let i = 0; performance.now() < end; i++) {
    waiting.push(performance.now());
    room.send('ready', { ready: i % 2 === 0 });
    await sleep(100);
  }
  // Late answers are answers; what has none after 2 s more is lost.
  for (let i = 0; i < 20 && waiting.length > 0; i++) await sleep(100);
  await room.leave(true);
  if (refused.length > 0) console.log(`  (the honest player was refused: ${refused.join(', ')})`);
  const busy = (cpu() - cpuBefore) / ((performance.now() - startedAt) / 1000);
  return { times, lost: waiting.length, server: `server CPU ${(busy * 100).toFixed(0)}%, ${await loop()}` };
}

const quantile = (xs: number[], p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
};

/** GET /healthz's status (or the error's code). */
function healthz(): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port: server.port, path: '/healthz', agent: false }, (res) => {
      res.resume();
      res.on('end', () => {
        resolve(res.statusCode ?? 0);
      });
    });
    req.on('error', (e: NodeJS.ErrnoException) => {
      resolve(e.code ?? e.message);
    });
    req.end();
  });
}

/** What the server looked like beside a flood at full strength. */
interface Beside {
  readonly player: Awaited<ReturnType<typeof measure>>;
  /** The server's memory once the flood was at full strength, in MiB. */
  readonly rss: number;
  /** /healthz's answer then. */
  readonly health: number | string;
  /** The server's open files then (its connections among them). */
  readonly files: number;
  /** The flood's own counts. */
  readonly counts: Record<string, number>;
}

/** Runs flood `name` in a process of its own; once it is at full strength, the server's memory, /healthz and the honest player. */
async function beside(name: string): Promise<Beside> {
  // FLOOD_NICE=19: an attacker's machines are elsewhere; on this one its sending then takes only
  // CPU time the server and the honest player do not want (on a busy machine it hardly sends).
  const child = spawn('nice', ['-n', String(NICE), process.execPath, fileURLToPath(import.meta.url)], {
    env: { ...process.env, FLOOD: name, FLOOD_PORT: String(server.port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = (): void => {
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  process.on('exit', stop);
  let report = '';
  child.stdout.on('data', (chunk: Buffer) => (report += chunk.toString()));
  // The flood gets going first: at least 3 s, and until it says it is at full strength.
  await sleep(3000);
  while (!report.includes(READY) && child.exitCode === null) await sleep(100);
  const rssNow = rss();
  const files = readdirSync(`/proc/${server.process.pid}/fd`).length;
  const health = await healthz();
  // A player who cannot get in is a figure too, not the end of the bench.
  const player = await measure(SECONDS).catch((e: unknown) => ({
    times: [],
    lost: 0,
    server: `the honest player could not play: ${e instanceof Error ? `${e.name} ${'code' in e ? JSON.stringify(e.code) : ''} ${e.message}` : String(e)}`,
  }));
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  process.off('exit', stop);
  const last = report.trim().split('\n').at(-1) ?? '{}';
  return {
    player,
    rss: rssNow,
    files,
    health,
    counts: JSON.parse(last.startsWith('{') ? last : '{}') as Record<string, number>,
  };
}

const row = (name: string, { times, lost, server }: { times: number[]; lost: number; server: string }): string =>
  `${name}: ${times.length} answers, ${lost} lost, p50 ${quantile(times, 0.5).toFixed(1)} ms, p99 ${quantile(times, 0.99).toFixed(1)} ms, max ${quantile(times, 1).toFixed(1)} ms; ${server}`;

const only = process.env['FLOODS']?.split(',');
const quiet = await measure(SECONDS);
const quietRss = rss();
console.log(row('quiet', quiet));
console.log(`server memory: ${quietRss.toFixed(0)} MiB`);
for (const flood of FLOODS) {
  if (only && !only.includes(flood.name)) continue;
  const { player, rss: floodRss, health, files, counts } = await beside(flood.name);
  console.log(`\n${flood.name}: ${flood.what}`);
  console.log(row('  the honest player', player));
  console.log(
    `  ratio to quiet: p50 ${(quantile(player.times, 0.5) / quantile(quiet.times, 0.5)).toFixed(1)}x, p99 ${(quantile(player.times, 0.99) / quantile(quiet.times, 0.99)).toFixed(1)}x`,
  );
  const sent = counts['sent'];
  const rate = sent === undefined ? '' : ` (${(sent / (SECONDS + 3)).toFixed(0)} messages a second)`;
  const held = counts['held'];
  const perConnection =
    held === undefined || held < 1000
      ? ''
      : `, ${(((floodRss - quietRss) * 1024) / held).toFixed(1)} KiB more a held connection`;
  console.log(`  the flood: ${JSON.stringify(counts)}${rate}`);
  console.log(
    `  at full strength: server memory ${floodRss.toFixed(0)} MiB${perConnection}, ${files} open files; /healthz answered ${health}`,
  );
}

await server.stop();
process.exit(0);
