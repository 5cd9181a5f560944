// npm run bench:server -- --processes 1|2 --tables N --pace real|10 [--rounds R] [--store sqlite|postgres]
//   [--start-over S]  the tables start at random moments over S seconds (default 60, one hourglass)
//   [--profile DIR]   each server writes a CPU profile there when it stops (node --cpu-prof, 10 ms samples)
//   [--generators G]  load generator processes (default: as many as their open-files limit needs,
//                     one socket a player: 5,000 tables of 4 take two under a limit of 20,000)
//
// Simulated players over real sockets at tables of 4, playing rounds against real server
// processes. The players live in load generator processes of their own (this script, run again
// with --generator), each seating its share of the tables; each server measures
// itself (UBONGO_METRICS=1, packages/server/src/metrics.ts): its event-loop delay and every claim
// from its message to its answer, and prints them when asked (SIGUSR2), so that the figures do not
// depend on the generator sharing the machine's cores. The generator's own view of claim latency
// (round trip over loopback, its own event loop included) is printed beside them.
//
// One process: `npm start` as it is (SQLite, no other service). Two processes: both sharing a
// redis-server and a throwaway PostgreSQL started from the system's binaries, clients reaching each
// process at its own address (no nginx: the bench measures the servers).
//
// The load: all tables seated first, then started at random moments over one hourglass (60 s of
// game time), as an evening's tables are at every stage of their rounds at once; each player claims
// (a correct placement) after a think time drawn from the casual bot model, in game time: at pace
// 10 the server runs game time ten times faster and claims come ten times as often as at real
// tables. `--start-over 3` starts them all within 3 s instead: every table's round starts and ends
// in the same few seconds, a burst no crowd of independent tables makes, the worst case.
// The old environment variables still work: ROOMS, ROUNDS, TIME_SCALE.
import type { RaceServerMessages, TrailMove } from '@ubongo/core';
import { botSolveSeconds, createRng, PROTOCOL_VERSION } from '@ubongo/core';
import type { MetricsReport } from '@ubongo/server';
import { METRICS_LINE } from '@ubongo/server';
import type { ServerProcess, Service } from '@ubongo/test-support';
import { freePort, scratchFolder, startPostgres, startRedis, startServerProcess } from '@ubongo/test-support';
import type { Room } from 'colyseus.js';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { guestClient, solution } from './server-process.js';

const { values: args } = parseArgs({
  options: {
    processes: { type: 'string', default: '1' },
    tables: { type: 'string', default: process.env['ROOMS'] ?? '500' },
    pace: { type: 'string', default: process.env['TIME_SCALE'] ?? '10' },
    rounds: { type: 'string', default: process.env['ROUNDS'] ?? '2' },
    // One process may use PostgreSQL too, to compare like with like.
    store: { type: 'string' },
    profile: { type: 'string' },
    'start-over': { type: 'string' },
    generators: { type: 'string' },
    // Set by the bench for its generator processes: the servers' addresses, comma-separated.
    generator: { type: 'string' },
    seed: { type: 'string' },
  },
});
// Node's own options for the servers (--cpu-prof is not allowed in NODE_OPTIONS).
const SERVER_RUN = {
  nodeArgs: args.profile ? ['--cpu-prof', `--cpu-prof-dir=${args.profile}`, '--cpu-prof-interval=10000'] : [],
};
const PROCESSES = Number(args.processes);
const TABLES = Number(args.tables);
const TIME_SCALE = args.pace === 'real' ? 1 : Number(args.pace);
const ROUNDS = Number(args.rounds);
const HOURGLASS_SECONDS = 60;
// Over how many seconds of the player's clock the tables start (one hourglass in game time by default).
const START_OVER = Number(args['start-over'] ?? HOURGLASS_SECONDS / TIME_SCALE);
if (!(START_OVER >= 0)) throw new Error(`--start-over is a number of seconds, got ${args['start-over']}`);
if (![1, 2].includes(PROCESSES)) throw new Error(`--processes is 1 or 2, got ${args.processes}`);
if (!(TABLES > 0) || !(TIME_SCALE > 0) || !(ROUNDS > 0))
  throw new Error('--tables and --rounds are positive numbers, --pace is real or a positive number');
const STORE = args.store ?? (PROCESSES === 1 ? 'sqlite' : 'postgres');
if (STORE !== 'sqlite' && STORE !== 'postgres') throw new Error(`--store is sqlite or postgres, got ${STORE}`);
if (PROCESSES > 1 && STORE === 'sqlite') throw new Error('processes share PostgreSQL: --store postgres');
const SEATS = 4;
// Every player is a socket of a generator process: each seats no more tables than its open-files
// limit allows (a bare connection error mid-way otherwise).
const openFiles = Number(/Max open files\s+(\d+)/.exec(readFileSync('/proc/self/limits', 'utf8'))?.[1] ?? Infinity);
const perGenerator = Math.floor((openFiles - 200) / SEATS);
const GENERATORS = Number(args.generators ?? Math.max(1, Math.ceil(TABLES / perGenerator)));
if (!(GENERATORS >= 1) || !Number.isInteger(GENERATORS) || GENERATORS > TABLES)
  throw new Error(`--generators is a whole number from 1 to --tables, got ${args.generators}`);
if (Math.ceil(TABLES / GENERATORS) > perGenerator)
  throw new Error(
    `--tables ${TABLES} over ${GENERATORS} generator(s) is ${Math.ceil(TABLES / GENERATORS)} tables each, ${Math.ceil(TABLES / GENERATORS) * SEATS} sockets, more than a process's open-files limit allows (${openFiles}, ulimit -n): at most ${perGenerator} tables each`,
  );
const RAMP_BATCH = 25;

// ---------------------------------------------------------------------------------------------
// The players.

// Players think as the casual bot model says (median 30 game seconds on an average task), in game
// time: at pace 10 a round's claims come ten times faster than at a real table.
// Each generator draws its own (--seed, set by the bench).
const thinking = createRng(Number(args.seed ?? 7));
const thinkMs = (): number => Math.min(55, botSolveSeconds('casual', 5, thinking)) * (1000 / TIME_SCALE);

const answers: number[] = [];
const refused = new Map<string, number>();
let players = 0;

/** One player: on each new round, thinks a little, claims, and times the answer. */
function play(room: Room, seat: number, done: () => void): void {
  let claimedRound = 0;
  let sentAt = 0;
  room.onMessage('view', (m: RaceServerMessages['view']) => {
    const { view } = m;
    if (view.phase === 'finished') {
      done();
      return;
    }
    const round = view.round?.number ?? 0;
    if (view.phase !== 'playing' || !view.task || round === claimedRound || view.round?.solved.includes(view.you ?? ''))
      return;
    claimedRound = round;
    const task = view.task;
    const think = thinkMs();
    setTimeout(() => {
      sentAt = performance.now();
      // As a hand solves: the pieces put down one by one over the time thought (core's judgeSolve
      // flags a claim without such a trail, and a flagged account is not the load a table makes).
      const placements = solution(task);
      const trail = placements.map((p, i): TrailMove => [
        Math.round((think * (i + 1)) / placements.length),
        'place',
        p.piece,
      ]);
      room.send('claim', { placements, trail });
    }, think);
  });
  room.onMessage('events', (m: RaceServerMessages['events']) => {
    // Tie-break rounds (after the last round) are played too; they count like any other.
    if (sentAt > 0 && m.events.some((e) => e.type === 'solved' && e.player === `p${seat}`)) {
      answers.push(performance.now() - sentAt);
      sentAt = 0;
    }
  });
  room.onMessage('rejected', (m: RaceServerMessages['rejected']) => {
    refused.set(m.code, (refused.get(m.code) ?? 0) + 1);
    sentAt = 0;
  });
  room.onMessage('*', () => undefined);
}

const hosts: Room[] = [];
const addresses = (args.generator ?? '').split(',');
let asked = 0;
/** The next process's address, in turn: as a load balancer in front of them would send people. */
const anyProcess = (): string => addresses[asked++ % addresses.length] ?? '';

/** One table: a host and three guests who join by the room's code, each playing as soon as they are in. */
async function table(): Promise<Promise<void>[]> {
  const finished: Promise<void>[] = [];
  const seat = (room: Room, n: number): void => {
    players++;
    finished.push(
      new Promise<void>((resolve) => {
        play(room, n, resolve);
      }),
    );
  };
  const host = await (
    await guestClient(anyProcess(), 'Host')
  ).create('race', {
    protocol: PROTOCOL_VERSION,
    settings: { rounds: ROUNDS, hourglassSeconds: HOURGLASS_SECONDS },
  });
  seat(host, 1);
  for (let i = 1; i < SEATS; i++)
    seat(
      await (await guestClient(anyProcess(), `Guest ${i}`)).joinById(host.roomId, { protocol: PROTOCOL_VERSION }),
      i + 1,
    );
  hosts.push(host);
  return finished;
}

/** What a generator process says when its players are done. */
interface GeneratorReport {
  readonly answers: number[];
  readonly refused: [string, number][];
  readonly players: number;
}
const SEATED = 'seated';
const REPORT = 'report ';

if (args.generator !== undefined) {
  // A generator: seats its tables, says so, starts them when told (a line on stdin), and reports.
  const games: Promise<void>[] = [];
  for (let r = 0; r < TABLES; r += RAMP_BATCH) {
    const batch = await Promise.all(Array.from({ length: Math.min(RAMP_BATCH, TABLES - r) }, () => table()));
    games.push(...batch.flat());
  }
  console.log(SEATED);
  await new Promise((resolve) => process.stdin.once('data', resolve));
  for (const host of hosts) {
    setTimeout(
      () => {
        host.send('start', {});
      },
      Math.random() * START_OVER * 1000,
    );
  }
  await Promise.all(games);
  const report: GeneratorReport = { answers, refused: [...refused], players };
  process.stdout.write(`${REPORT}${JSON.stringify(report)}\n`, () => process.exit(0));
  await new Promise(() => undefined);
}

// ---------------------------------------------------------------------------------------------
// The servers (and, for two, what they share).

const services: Service[] = [];
const servers: ServerProcess[] = [];
// The whole load comes from one address: the per-address limits are lifted.
const env: Record<string, string> = {
  UBONGO_TIME_SCALE: String(TIME_SCALE),
  UBONGO_METRICS: '1',
  UBONGO_MAX_CONNECTIONS_PER_ADDRESS: '1000000',
  UBONGO_MAX_TCP_PER_ADDRESS: '1000000',
  UBONGO_MESSAGES_PER_SECOND: '1000000',
  UBONGO_MESSAGE_BURST: '1000000',
  UBONGO_ROOMS_PER_MINUTE: '1000000',
  UBONGO_JOINS_PER_MINUTE: '1000000',
  UBONGO_GUESTS_PER_MINUTE: '1000000',
  UBONGO_LOG_LINES_PER_MINUTE: '20',
};

async function stopAll(): Promise<void> {
  await Promise.all(servers.map((s) => s.stop('SIGTERM')));
  await Promise.all(services.map((s) => s.stop()));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void stopAll().finally(() => process.exit(130));
  });

if (PROCESSES === 1 && STORE === 'sqlite')
  servers.push(await startServerProcess({ ...env, UBONGO_DATA_DIR: scratchFolder('bench') }, SERVER_RUN));
else if (PROCESSES === 1) {
  const postgres = await startPostgres();
  services.push(postgres);
  servers.push(
    await startServerProcess(
      {
        ...env,
        DATABASE_URL: await postgres.createDatabase(),
        UBONGO_DATA_DIR: scratchFolder('bench'),
      },
      SERVER_RUN,
    ),
  );
} else {
  const [redis, postgres] = await Promise.all([startRedis(), startPostgres()]);
  services.push(redis, postgres);
  const databaseUrl = await postgres.createDatabase();
  for (let i = 0; i < PROCESSES; i++) {
    const port = await freePort();
    servers.push(
      await startServerProcess(
        {
          ...env,
          PORT: String(port),
          DATABASE_URL: databaseUrl,
          UBONGO_REDIS_URL: redis.url,
          UBONGO_PUBLIC_ADDRESS: `localhost:${port}`,
          UBONGO_DATA_DIR: scratchFolder('bench'),
        },
        SERVER_RUN,
      ),
    );
  }
}
const urls = servers.map((s) => s.http.replace(/^http/, 'ws'));

/** A server process's CPU seconds and resident memory, from /proc. */
function usage(server: ServerProcess): { cpu: number; rssMb: number } {
  const pid = server.process.pid ?? 0;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(stat[11]) + Number(stat[12]);
  const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return { cpu: ticks / 100, rssMb: Number(rss) / 1024 };
}

/** Asks each server for its figures since it was last asked (SIGUSR2), and waits for the lines. */
async function measures(): Promise<MetricsReport[]> {
  const before = servers.map((s) => s.output().split(METRICS_LINE).length);
  for (const s of servers) s.process.kill('SIGUSR2');
  for (;;) {
    const got = servers.map((s, i) => {
      const parts = s.output().split(METRICS_LINE);
      return parts.length > (before[i] ?? 0) ? (JSON.parse(parts.at(-1)?.split('\n')[0] ?? '') as MetricsReport) : null;
    });
    if (got.every((m) => m !== null)) return got as MetricsReport[];
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const started = performance.now();
const before = servers.map(usage);
const peakRss = before.map((u) => u.rssMb);
const sampler = setInterval(() => {
  servers.forEach((s, i) => (peakRss[i] = Math.max(peakRss[i] ?? 0, usage(s).rssMb)));
}, 500);
// The generators, each with its share of the tables, seated at once.
const generators = Array.from({ length: GENERATORS }, (_, g) => {
  const share = Math.floor(TABLES / GENERATORS) + (g < TABLES % GENERATORS ? 1 : 0);
  const child = spawn(
    process.execPath,
    [
      fileURLToPath(import.meta.url),
      ...['--generator', urls.join(','), '--tables', String(share), '--pace', args.pace],
      ...['--rounds', String(ROUNDS), '--start-over', String(START_OVER), '--seed', String(7 + g)],
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const said = (line: string): Promise<string> =>
    new Promise((resolve, reject) => {
      const look = (): void => {
        const found = out.split('\n').find((l) => l.startsWith(line));
        if (found !== undefined && out.includes(`${found}\n`)) resolve(found);
      };
      child.stdout.on('data', look);
      // 'close', not 'exit': its last words may come after it exits.
      child.once('close', (code) => {
        look();
        reject(new Error(`a load generator exited with ${String(code)} before it said "${line}"`));
      });
    });
  return { child, seated: said(SEATED), report: said(REPORT) };
});
process.on('exit', () => {
  for (const g of generators) if (g.child.exitCode === null) g.child.kill('SIGKILL');
});
await Promise.all(generators.map((g) => g.seated));
const rampSeconds = (performance.now() - started) / 1000;
// Everyone is seated: counting starts now, and the tables start over the next START_OVER seconds,
// so that what is measured is play, not the connection storm of seating them.
await measures();
const playFrom = performance.now();
const cpuFrom = servers.map(usage);
for (const g of generators) g.child.stdin.write('start\n');
const reports = (await Promise.all(generators.map((g) => g.report))).map(
  (line) => JSON.parse(line.slice(REPORT.length)) as GeneratorReport,
);
const latencies = reports.flatMap((r) => r.answers);
const clients = reports.reduce((n, r) => n + r.players, 0);
const refusals = new Map<string, number>();
for (const r of reports) for (const [code, n] of r.refused) refusals.set(code, (refusals.get(code) ?? 0) + n);
const inServers = await measures();
const playSeconds = (performance.now() - playFrom) / 1000;
clearInterval(sampler);
const cpuTo = servers.map(usage);
latencies.sort((a, b) => a - b);
const q = (p: number): string =>
  (latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN).toFixed(1);
const ms = (n: number): string => n.toFixed(1);

console.log(
  `processes ${PROCESSES} (${PROCESSES === 1 ? (STORE === 'sqlite' ? 'SQLite' : 'PostgreSQL') : 'Redis + PostgreSQL'}), tables ${TABLES} of ${SEATS}, clients ${clients} in ${GENERATORS} load generator(s), rounds ${ROUNDS}, pace ${TIME_SCALE === 1 ? 'real' : `x${TIME_SCALE}`}, started over ${START_OVER} s; seated in ${rampSeconds.toFixed(1)} s, played in ${playSeconds.toFixed(1)} s`,
);
inServers.forEach((m, i) => {
  const cpu = (cpuTo[i]?.cpu ?? 0) - (cpuFrom[i]?.cpu ?? 0);
  console.log(
    `server ${i + 1}: claims ${m.claims}, claim in the server p50 ${ms(m.claimP50)} ms, p99 ${ms(m.claimP99)} ms, max ${ms(m.claimMax)} ms; journal entries ${m.writes}, stored p50 ${ms(m.writeP50)} ms, p99 ${ms(m.writeP99)} ms; event-loop delay p50 ${ms(m.loopP50)} ms, p99 ${ms(m.loopP99)} ms, max ${ms(m.loopMax)} ms, stalled over 20 ms ${m.stalls} times, ${(m.stalledMs / 1000).toFixed(1)} s in all (${((100 * m.stalledMs) / 1000 / playSeconds).toFixed(1)}% of the time); CPU ${((100 * cpu) / playSeconds).toFixed(0)}% of a core while playing, memory peak ${(peakRss[i] ?? 0).toFixed(0)} MB`,
  );
});
const worst = Math.max(...inServers.map((m) => m.claimP99));
console.log(
  `the goal: claim p99 under 20 ms in every server: ${worst < 20 ? 'met' : 'NOT met'} (worst ${ms(worst)} ms)`,
);
console.log(
  `generator's view: claims answered ${latencies.length} (refused: ${[...refusals].map(([code, n]) => `${n} ${code}`).join(', ') || 'none'}); round trip p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${q(1)} ms`,
);
// A stop (SIGTERM) with every player still at their finished table, as after an evening's games.
const stopping = performance.now();
await stopAll();
console.log(`stopped (SIGTERM) in ${((performance.now() - stopping) / 1000).toFixed(1)} s`);
for (const server of servers)
  for (const line of server
    .output()
    .split('\n')
    .filter((l) => l.includes('still stopping')))
    console.log(`  ${line}`);
process.exit(0);
