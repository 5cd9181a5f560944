// npm run bench:server: simulated players over real sockets in many rooms, playing rounds against
// the real server in its own process. Prints rooms, clients, claim-to-answer latency, and the
// server's CPU and memory. Sizes: ROOMS (500), ROUNDS (2), TIME_SCALE (10) from the environment.
// The load: 4 players a table, all seated first, tables started within 3 s of each other, each
// player claiming (a correct placement) after a think time drawn from the casual bot model, in
// game time; the server runs game time TIME_SCALE times faster, so claims come that much faster
// than at real tables.
import type { RaceServerMessages } from '@ubongo/core';
import { botSolveSeconds, createRng, PROTOCOL_VERSION } from '@ubongo/core';
import { readFileSync } from 'node:fs';
import type { Room } from 'colyseus.js';
import { guestClient, solution, startServerProcess } from './server-process.js';

const ROOMS = Number(process.env['ROOMS'] ?? 500);
const ROUNDS = Number(process.env['ROUNDS'] ?? 2);
const TIME_SCALE = Number(process.env['TIME_SCALE'] ?? 10);
const SEATS = 4;
const RAMP_BATCH = 25;

const { server, port } = await startServerProcess({
  UBONGO_TIME_SCALE: String(TIME_SCALE),
  // The whole load comes from one address: the per-address limits are lifted.
  UBONGO_MAX_CONNECTIONS_PER_ADDRESS: '100000',
  UBONGO_ROOMS_PER_MINUTE: '100000',
  UBONGO_JOINS_PER_MINUTE: '100000',
});
const url = `ws://localhost:${port}`;

/** The server process's CPU seconds and resident memory, from /proc. */
function serverUsage(): { cpu: number; rssMb: number } {
  const stat = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(stat[11]) + Number(stat[12]);
  const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))?.[1];
  return { cpu: ticks / 100, rssMb: Number(rss) / 1024 };
}

// Players think as the casual bot model says (median 30 game seconds on an average task), in game
// time: at TIME_SCALE 10 a round's claims come ten times faster than at a real table.
const thinking = createRng(7);
const thinkMs = (): number => Math.min(55, botSolveSeconds('casual', 5, thinking)) * (1000 / TIME_SCALE);

const latencies: number[] = [];
const refusals = new Map<string, number>();
let clients = 0;

/** One player: on each new round, thinks a little, claims, and times the answer. */
function play(room: Room, done: () => void): void {
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
    setTimeout(() => {
      sentAt = performance.now();
      room.send('claim', { placements: solution(task) });
    }, thinkMs());
  });
  room.onMessage('events', (m: RaceServerMessages['events']) => {
    // Tie-break rounds (after the last round) are played too; they count like any other.
    if (sentAt > 0 && m.events.some((e) => e.type === 'solved' && e.player === `p${mySeat(room)}`)) {
      latencies.push(performance.now() - sentAt);
      sentAt = 0;
    }
  });
  room.onMessage('rejected', (m: RaceServerMessages['rejected']) => {
    refusals.set(m.code, (refusals.get(m.code) ?? 0) + 1);
    sentAt = 0;
  });
  room.onMessage('*', () => undefined);
}

const seats = new WeakMap<Room, number>();
const hosts: Room[] = [];
const mySeat = (room: Room): number => seats.get(room) ?? 0;

/** One table: a host and three guests who join by the room's code, each playing as soon as they are in. */
async function table(): Promise<Promise<void>[]> {
  const finished: Promise<void>[] = [];
  const seat = (room: Room, n: number): void => {
    seats.set(room, n);
    clients++;
    finished.push(
      new Promise<void>((resolve) => {
        play(room, resolve);
      }),
    );
  };
  const host = await (
    await guestClient(url, 'Host')
  ).create('race', {
    protocol: PROTOCOL_VERSION,
    settings: { rounds: ROUNDS, hourglassSeconds: 60 },
  });
  seat(host, 1);
  for (let i = 1; i < SEATS; i++)
    seat(await (await guestClient(url, `Guest ${i}`)).joinById(host.roomId, { protocol: PROTOCOL_VERSION }), i + 1);
  hosts.push(host);
  return finished;
}

const started = performance.now();
const before = serverUsage();
let peakRss = before.rssMb;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, serverUsage().rssMb);
}, 500);
const games: Promise<void>[] = [];
for (let r = 0; r < ROOMS; r += RAMP_BATCH) {
  const batch = await Promise.all(Array.from({ length: Math.min(RAMP_BATCH, ROOMS - r) }, () => table()));
  games.push(...batch.flat());
}
const rampSeconds = (performance.now() - started) / 1000;
// Everyone is seated: the tables start over the next 3 seconds, as groups of friends would,
// so that what is measured is play, not the connection storm of seating 2000 clients.
for (const host of hosts) {
  setTimeout(() => {
    host.send('start', {});
  }, Math.random() * 3000);
}
await Promise.all(games);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
const after = serverUsage();
latencies.sort((a, b) => a - b);
const q = (p: number): string =>
  (latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN).toFixed(1);
console.log(
  `rooms ${ROOMS}, clients ${clients}, rounds ${ROUNDS} (game time x${TIME_SCALE}), all seated in ${rampSeconds.toFixed(1)} s, done in ${seconds.toFixed(1)} s`,
);
console.log(
  `claims answered ${latencies.length} (refused: ${[...refusals].map(([code, n]) => `${n} ${code}`).join(', ') || 'none'}); claim-to-answer latency p50 ${q(0.5)} ms, p99 ${q(0.99)} ms, max ${q(1)} ms (goal: p99 under 50 ms)`,
);
console.log(
  `server: CPU ${(after.cpu - before.cpu).toFixed(1)} s over ${seconds.toFixed(1)} s (${((100 * (after.cpu - before.cpu)) / seconds).toFixed(0)}% of one core), memory peak ${peakRss.toFixed(0)} MB`,
);
server.kill('SIGTERM');
process.exit(0);
