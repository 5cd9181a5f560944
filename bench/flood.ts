// npm run bench:flood: how much one flood of messages costs everyone else. A player at a table of
// their own changes "ready" ten times a second and times each answer (the lobby it gets back),
// first alone, then while FLOODERS sockets (50) in other rooms send messages as fast as they can,
// each coming back on a new connection whenever the server disconnects it for flooding (as an
// attacker with many addresses would; the per-address limits are lifted here since everyone is on
// loopback; limits.test.ts shows one address held to its limits). The flooders run in a process of their own, so that their sending does not delay the measuring
// player's event loop. Prints the player's latency both ways and the ratio. Sizes: FLOODERS (50),
// SECONDS (10).
import { PROTOCOL_VERSION } from '@ubongo/core';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Room } from 'colyseus.js';
import { scratchFolder, startServerProcess } from '@ubongo/test-support';
import { guestClient } from './server-process.js';

const FLOODERS = Number(process.env['FLOODERS'] ?? 50);
const SECONDS = Number(process.env['SECONDS'] ?? 10);

const FLOOD_URL = process.env['FLOOD_URL'];

const flood = { sent: 0, disconnected: 0, refusals: 0, refusedToJoin: 0 };
/** Whether the flooders go on (an object: their loops read it while a signal changes it). */
const run = { flooding: false };
/** Read through a function: a loop's own check does not hold across its waits. */
const going = (): boolean => run.flooding;

if (FLOOD_URL) {
  // The flooders' process: floods until the parent stops it, then says what it did.
  run.flooding = true;
  process.once('SIGTERM', () => {
    run.flooding = false;
  });
  await Promise.all(Array.from({ length: FLOODERS }, () => flooder(FLOOD_URL)));
  console.log(JSON.stringify(flood));
  process.exit(0);
}

const server = await startServerProcess({
  UBONGO_DATA_DIR: scratchFolder('bench-flood'),
  UBONGO_MAX_CONNECTIONS_PER_ADDRESS: '100000',
  UBONGO_ROOMS_PER_MINUTE: '100000',
  UBONGO_JOINS_PER_MINUTE: '100000',
});
const url = `ws://localhost:${server.port}`;

/** The player's answer times over `seconds`, one "ready" change every 100 ms. */
async function measure(seconds: number): Promise<number[]> {
  const room = await (await guestClient(url, 'Victim')).create('race', { protocol: PROTOCOL_VERSION });
  const times: number[] = [];
  let sentAt = 0;
  room.onMessage('lobby', () => {
    if (sentAt > 0) times.push(performance.now() - sentAt);
    sentAt = 0;
  });
  room.onMessage('*', () => undefined);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const end = performance.now() + seconds * 1000;
  for (let i = 0; performance.now() < end; i++) {
    sentAt = performance.now();
    room.send('ready', { ready: i % 2 === 0 });
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await room.leave(true);
  return times;
}

/** One flooder: a room of its own, messages in bursts of 200 every millisecond, back whenever it is thrown out. */
async function flooder(at: string): Promise<void> {
  // One account each, as an attacker keeps its session; a new room on every return.
  const client = await guestClient(at, 'Flood');
  while (run.flooding) {
    let room: Room;
    try {
      room = await client.create('race', { protocol: PROTOCOL_VERSION });
    } catch {
      flood.refusedToJoin++;
      await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    room.onMessage('rejected', () => {
      flood.refusals++;
    });
    room.onMessage('*', () => undefined);
    const closed = new Promise<void>((resolve) => {
      room.onLeave(() => {
        flood.disconnected++;
        resolve();
      });
    });
    while (going() && room.connection.isOpen) {
      for (let i = 0; i < 200; i++) room.send('settings', { rounds: (i % 9) + 1 });
      flood.sent += 200;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    if (room.connection.isOpen) await room.leave(true);
    await closed;
  }
}

const quantile = (xs: number[], p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
};

const alone = await measure(SECONDS);
const flooders = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
  env: { ...process.env, FLOOD_URL: url },
  stdio: ['ignore', 'pipe', 'inherit'],
});
process.on('exit', () => {
  if (flooders.exitCode === null) flooders.kill('SIGKILL');
});
let report = '';
flooders.stdout.on('data', (chunk: Buffer) => (report += chunk.toString()));
await new Promise((resolve) => setTimeout(resolve, 1000));
const flooded = await measure(SECONDS);
await new Promise((resolve) => {
  flooders.once('exit', resolve);
  flooders.kill('SIGTERM');
});
Object.assign(flood, JSON.parse(report || '{}'));

const row = (name: string, xs: number[]): string =>
  `${name}: ${xs.length} answers, p50 ${quantile(xs, 0.5).toFixed(1)} ms, p99 ${quantile(xs, 0.99).toFixed(1)} ms, max ${quantile(xs, 1).toFixed(1)} ms`;
console.log(row('a player alone', alone));
console.log(row(`the same player beside ${FLOODERS} flooding sockets`, flooded));
console.log(
  `flooders sent ${flood.sent} messages, were told to slow down ${flood.refusals} times, disconnected ${flood.disconnected} times, refused a new room ${flood.refusedToJoin} times`,
);
console.log(
  `ratio flooded / alone: p50 ${(quantile(flooded, 0.5) / quantile(alone, 0.5)).toFixed(1)}x, p99 ${(quantile(flooded, 0.99) / quantile(alone, 0.99)).toFixed(1)}x`,
);
await server.stop();
process.exit(0);
