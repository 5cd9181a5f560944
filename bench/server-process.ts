import type { GuestAnswer, Puzzle, Solution } from '@ubongo/core';
import { solveFirst } from '@ubongo/core';
import { Client } from 'colyseus.js';
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The game server in its own process, as `npm start` runs it (built client included), on a free
 * port with a fresh data folder; resolves once it says where it listens.
 */
export async function startServerProcess(
  env: Record<string, string> = {},
): Promise<{ server: ChildProcess; port: number }> {
  const main = fileURLToPath(new URL('../../packages/server/dist/main.js', import.meta.url));
  const server = spawn(process.execPath, [main], {
    env: { ...process.env, PORT: '0', UBONGO_DATA_DIR: mkdtempSync(join(tmpdir(), 'ubongo-bench-')), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Whatever happens to the bench, the server it started does not outlive it.
  process.on('exit', () => {
    if (server.exitCode === null) server.kill('SIGKILL');
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /localhost:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    server.once('exit', (code) => {
      reject(new Error(`the server exited with ${String(code)}`));
    });
  });
  return { server, port };
}

/** A colyseus.js client signed in to a new guest account named `name` at the server `ws` (ws://...). */
export async function guestClient(ws: string, name: string): Promise<Client> {
  const res = await fetch(`${ws.replace(/^ws/, 'http')}/api/accounts`, {
    method: 'POST',
    body: JSON.stringify({ name }),
  });
  if (!res.ok) throw new Error(`no guest account: ${res.status} ${await res.text()}`);
  const client = new Client(ws);
  client.auth.token = ((await res.json()) as GuestAnswer).session;
  return client;
}

const solutions = new Map<string, Solution>();
/** A solution of a task the server handed out (cached: many tables get the same task). */
export function solution(task: Puzzle): Solution {
  const key = JSON.stringify(task);
  let s = solutions.get(key);
  if (!s) {
    s = solveFirst(task).solution;
    if (!s) throw new Error('a task dealt with no solution');
    solutions.set(key, s);
  }
  return s;
}
