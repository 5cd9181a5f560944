// npm run bench:pages: what a public page costs everyone else. An account with RUNS (500) stored
// solo runs of 20 puzzles, every solve with a full move trail (as a run keeps them), is the page
// asked for: 8 loops from one address (127.0.0.2) fetch its profile (GET /api/players/:id) as fast
// as they can, in a process of their own, while other players (each from an address of its own)
// fetch a profile every 100 ms and times each answer, first with nobody else asking, then beside the 8.
// Twice: with the per-address API budget lifted (what the page itself costs the database), then at
// its default (UBONGO_API_POINTS_PER_MINUTE, docs/operations.md: past it the 8 are refused before
// anything is read). Prints the second player's p50/p99 each way and the ratio. Sizes: RUNS (500),
// SECONDS (10) each way, ROUNDS (3) of quiet then busy.
import type { SoloPuzzle } from '@ubongo/server';
import { openSqliteStores } from '@ubongo/server';
import { scratchFolder, startServerProcess } from '@ubongo/test-support';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';

const RUNS = Number(process.env['RUNS'] ?? 500);
const SECONDS = Number(process.env['SECONDS'] ?? 10);
const ROUNDS = Number(process.env['ROUNDS'] ?? 3);
const PARALLEL = 8;
const ATTACK_URL = process.env['ATTACK_URL'];

/** Connections kept open between requests, as a browser keeps them, one pool per local address. */
const agents = new Map<string, Agent>();

/** A GET from a chosen local address; resolves with the status once the answer is read whole. */
function get(url: string, from: string): Promise<number> {
  let agent = agents.get(from);
  if (!agent) {
    agent = new Agent({ keepAlive: true, maxSockets: PARALLEL, localAddress: from });
    agents.set(from, agent);
  }
  return new Promise((resolve, reject) => {
    const req = request(url, { agent }, (res) => {
      res.resume();
      res.on('end', () => {
        resolve(res.statusCode ?? 0);
      });
    });
    req.on('error', reject);
    req.end();
  });
}

if (ATTACK_URL) {
  // The 8 loops' process: asks until the parent stops it, then says how it was answered.
  const run = { going: true };
  const seen: Record<string, number> = {};
  process.once('SIGTERM', () => {
    run.going = false;
  });
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (run.going) {
        const status = await get(ATTACK_URL, '127.0.0.2').catch(() => 0);
        seen[status] = (seen[status] ?? 0) + 1;
      }
    }),
  );
  console.log(JSON.stringify(seen));
  process.exit(0);
}

/** The data folder with the heavy account (`heavy`), the second player (`other`) and their runs. */
async function seed(): Promise<string> {
  const dir = scratchFolder('bench-pages');
  const stores = await openSqliteStores(dir);
  for (const [id, name] of [
    ['heavy', 'Heavy'],
    ['other', 'Other'],
  ] as const)
    await stores.accounts.createAccount({ id, secretHash: id, name, username: null, passwordHash: null, createdAt: 1 });
  const trail = Array.from({ length: 400 }, (_, i) => [i * 50, i % 3 === 0 ? 'place' : 'turn', 'L4'] as const);
  const puzzles: SoloPuzzle[] = Array.from({ length: 20 }, (_, i) => ({
    board: `C${String(1 + (i % 36)).padStart(2, '0')}`,
    side: 'easy',
    key: String(1 + (i % 9)),
    outcome: 'solved',
    ms: 20_000 + i,
    trail,
  }));
  const base = { mode: 'count', limit: 20, side: 'easy', skipped: 0, seed: 1, verified: true, puzzles } as const;
  for (let i = 0; i < RUNS; i++)
    await stores.soloRuns.saveSolo({
      ...base,
      player: 'Heavy',
      solved: 20,
      ms: 400_000 + i,
      finishedAt: i,
      accountId: 'heavy',
    });
  for (let i = 0; i < 3; i++)
    await stores.soloRuns.saveSolo({
      ...base,
      player: 'Other',
      solved: 20,
      ms: 500_000 + i,
      finishedAt: i,
      accountId: 'other',
    });
  await stores.close();
  return dir;
}

const quantile = (xs: number[], p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
};

/**
 * Other players' answer times over `seconds`, one profile every 100 ms, each from an address of its
 * own under `prefix` (127.a.b.1 to .250): what the server gives everyone else, each of them well
 * within their own budget.
 */
async function measure(http: string, seconds: number, prefix: string): Promise<number[]> {
  const times: number[] = [];
  const end = performance.now() + seconds * 1000;
  for (let i = 0; performance.now() < end; i++) {
    const start = performance.now();
    const status = await get(`${http}/api/players/other`, `${prefix}.${(i % 250) + 1}`);
    if (status !== 200) throw new Error(`another player was answered ${status}`);
    times.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return times;
}

const row = (name: string, xs: number[]): string =>
  `${name}: ${xs.length} answers, p50 ${quantile(xs, 0.5).toFixed(1)} ms, p99 ${quantile(xs, 0.99).toFixed(1)} ms, max ${quantile(xs, 1).toFixed(1)} ms`;

/** The 8 loops, in a process of their own, until the returned function stops them and says how they were answered. */
function attack(url: string): () => Promise<Record<string, number>> {
  const attackers = spawn(process.execPath, [fileURLToPath(import.meta.url)], {
    env: { ...process.env, ATTACK_URL: url },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.on('exit', () => {
    if (attackers.exitCode === null) attackers.kill('SIGKILL');
  });
  let report = '';
  attackers.stdout.on('data', (chunk: Buffer) => (report += chunk.toString()));
  return async () => {
    await new Promise((resolve) => {
      attackers.once('exit', resolve);
      attackers.kill('SIGTERM');
    });
    return JSON.parse(report || '{}') as Record<string, number>;
  };
}

/**
 * Quiet and busy in turns (ROUNDS of SECONDS each way), each turn from an address of its own, so
 * that what the machine's other work does to the figures falls on both alike.
 */
async function scenario(dir: string, budget: string | undefined): Promise<void> {
  const server = await startServerProcess({
    UBONGO_DATA_DIR: dir,
    ...(budget === undefined ? {} : { UBONGO_API_POINTS_PER_MINUTE: budget }),
  });
  const heavy = `${server.http}/api/players/heavy`;
  // The heavy profile alone, a few times (the first warms the caches).
  const alone: number[] = [];
  for (let i = 0; i < 20; i++) {
    const start = performance.now();
    await get(heavy, '127.0.0.4');
    alone.push(performance.now() - start);
  }
  const quiet: number[] = [];
  const busy: number[] = [];
  const answered: Record<string, number> = {};
  for (let round = 0; round < ROUNDS; round++) {
    quiet.push(...(await measure(server.http, SECONDS, `127.1.${round}`)));
    const stop = attack(heavy);
    await new Promise((resolve) => setTimeout(resolve, 500));
    busy.push(...(await measure(server.http, SECONDS, `127.2.${round}`)));
    for (const [status, n] of Object.entries(await stop())) answered[status] = (answered[status] ?? 0) + n;
  }
  await server.stop();
  console.log(`\n${budget === undefined ? 'API budget at its default' : `API budget ${budget} points a minute`}`);
  console.log(`the profile of an account with ${RUNS} runs, alone: p50 ${quantile(alone, 0.5).toFixed(1)} ms`);
  console.log(row('a second player, quiet', quiet));
  console.log(row(`the same player beside ${PARALLEL} parallel profile loops from one address`, busy));
  console.log(`the ${PARALLEL} loops were answered (status: count): ${JSON.stringify(answered)}`);
  console.log(
    `ratio busy / quiet: p50 ${(quantile(busy, 0.5) / quantile(quiet, 0.5)).toFixed(2)}x, p99 ${(quantile(busy, 0.99) / quantile(quiet, 0.99)).toFixed(2)}x`,
  );
}

const dir = await seed();
await scenario(dir, '100000000');
await scenario(dir, undefined);
rmSync(dir, { recursive: true, force: true });
process.exit(0);
