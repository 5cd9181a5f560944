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
// A new kind of flood is one more entry in FLOODS: a name, what it does, how it floods.
import { PROTOCOL_VERSION } from '@ubongo/core';
import type { MetricsReport } from '@ubongo/server';
import { METRICS_LINE } from '@ubongo/server';
import { bindHttp, fromAddress } from '@ubongo/test-support/source-address';
import { scratchFolder, startServerProcess } from '@ubongo/test-support';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Room } from 'colyseus.js';
import { guestClient } from './server-process.js';

const SECONDS = Number(process.env['SECONDS'] ?? 10);
const CONNECTIONS = Number(process.env['CONNECTIONS'] ?? 20_000);
const NICE = Number(process.env['FLOOD_NICE'] ?? 0);
/** What a flood's process prints once it is at full strength. */
const READY = 'flood ready';

/** Whether a flood goes on (an object: the loops read it while a signal changes it). */
const run = { going: true };
const going = (): boolean => run.going;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The address `i` of a flood's spread: 127.<base>.x.y, never 127.0.0.1 (the honest player's). */
const addressOf = (base: number, i: number): string =>
  `127.${base + Math.floor(i / 62500)}.${Math.floor(i / 250) % 250}.${(i % 250) + 2}`;

/** A raw TCP connection from `from` to the server, held until it is closed; resolves once connected or refused. */
function tcp(port: number, from: string, held: Set<Socket>, counts: Record<string, number>): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: from });
    socket.once('connect', () => {
      held.add(socket);
      resolve();
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      counts[e.code ?? 'error'] = (counts[e.code ?? 'error'] ?? 0) + 1;
      resolve();
    });
    socket.once('close', () => {
      if (held.delete(socket)) counts['closed by the server'] = (counts['closed by the server'] ?? 0) + 1;
    });
  });
}

/** One kind of flood: what it does against the server at `port`, until stopped; it counts what happened in `counts`. */
interface Flood {
  readonly name: string;
  readonly what: string;
  /** Floods until `going()` says stop; calls `ready` once the flood is at full strength. */
  flood(port: number, counts: Record<string, number>, ready: () => void): Promise<void>;
}

/** Sockets in race rooms from `addresses` addresses, `perAddress` each, each sending "ready" `perSecond` times a second. */
function messages(addresses: number, perAddress: number, perSecond: number): Flood['flood'] {
  return async (port, counts, ready) => {
    const url = `ws://127.0.0.1:${port}`;
    const one = async (from: string): Promise<void> => {
      const client = await guestClient(url, 'Flood');
      bindHttp(client, from);
      while (going()) {
        let room: Room;
        try {
          room = await fromAddress(from, () => client.create('race', { protocol: PROTOCOL_VERSION }));
        } catch {
          counts['refused a room'] = (counts['refused a room'] ?? 0) + 1;
          await sleep(500);
          continue;
        }
        room.onMessage('rejected', () => {
          counts['told to slow down'] = (counts['told to slow down'] ?? 0) + 1;
        });
        room.onMessage('*', () => undefined);
        const closed = new Promise<void>((resolve) => {
          room.onLeave(() => {
            resolve();
          });
        });
        for (let i = 0; going() && room.connection.isOpen; i++) {
          room.send('ready', { ready: i % 2 === 0 });
          counts['sent'] = (counts['sent'] ?? 0) + 1;
          await sleep(1000 / perSecond);
        }
        if (room.connection.isOpen) await room.leave(true);
        else counts['disconnected'] = (counts['disconnected'] ?? 0) + 1;
        await closed;
      }
    };
    // One after another, as the rooms' sockets open (fromAddress binds the next socket).
    const all: Promise<void>[] = [];
    for (let a = 0; a < addresses; a++)
      for (let s = 0; s < perAddress; s++) {
        all.push(one(addressOf(10, a)));
        await sleep(5);
      }
    ready();
    await Promise.all(all);
  };
}

/** The kinds of flood, in the order they are run. */
const FLOODS: readonly Flood[] = [
  {
    name: 'idle-tcp',
    what: 'one address holding idle TCP connections up to its cap (64), and 2,000 more attempts',
    async flood(port, counts, ready) {
      const held = new Set<Socket>();
      const from = addressOf(20, 0);
      while (going()) {
        for (let i = 0; i < 2064 && going(); i++) await tcp(port, from, held, counts);
        // The server's closes of the last ones come in.
        await sleep(500);
        counts['held'] = held.size;
        ready();
        await sleep(1000);
      }
      for (const s of held) s.destroy();
    },
  },
  {
    name: 'allowed-messages',
    what: '4 addresses x 40 game sockets, each sending 14 messages a second (what a socket alone was allowed)',
    flood: messages(4, 40, 14),
  },
  {
    name: 'flat-out',
    what: '4 addresses x 10 game sockets, each sending as fast as its socket takes',
    flood: messages(4, 10, 1000),
  },
  {
    name: 'slow-headers',
    what: '8 addresses x 60 connections sending their headers a byte every 500 ms, coming back when dropped',
    async flood(port, counts, ready) {
      const slow = async (from: string): Promise<void> => {
        while (going()) {
          const socket = connect({ port, host: '127.0.0.1', localAddress: from });
          socket.on('error', () => undefined);
          counts['opened'] = (counts['opened'] ?? 0) + 1;
          // An object: the close handler changes it while the loop waits.
          const state = { open: true };
          socket.once('close', () => (state.open = false));
          const header = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ' + 'a'.repeat(10_000);
          const isOpen = (): boolean => state.open;
          for (let i = 0; isOpen() && going() && i < header.length; i++) {
            socket.write(header[i] ?? '');
            await sleep(500);
          }
          if (!isOpen()) counts['dropped'] = (counts['dropped'] ?? 0) + 1;
          socket.destroy();
        }
      };
      const all: Promise<void>[] = [];
      for (let a = 0; a < 8; a++) for (let s = 0; s < 60; s++) all.push(slow(addressOf(30, a)));
      ready();
      await Promise.all(all);
    },
  },
  {
    name: 'spread-idle',
    what: `${CONNECTIONS} idle TCP connection attempts from ${Math.ceil(CONNECTIONS / 64)} addresses (64 each), held`,
    async flood(port, counts, ready) {
      const held = new Set<Socket>();
      // 200 at a time: the attempts are made within a few seconds, before the headers' deadline.
      for (let i = 0; i < CONNECTIONS && going(); i += 200)
        await Promise.all(
          Array.from({ length: Math.min(200, CONNECTIONS - i) }, (_, j) =>
            tcp(port, addressOf(40, Math.floor((i + j) / 64)), held, counts),
          ),
        );
      await sleep(500);
      // As the flood sees them: the server's own count is its open files, printed beside.
      counts['held'] = held.size;
      ready();
      while (going()) await sleep(100);
      for (const s of held) s.destroy();
    },
  },
];

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
    server: `the honest player could not play: ${e instanceof Error ? `${e.name} ${e.message}` : String(e)}`,
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
