import type { GuestAnswer, Puzzle, Solution } from '@ubongo/core';
import { solveFirst } from '@ubongo/core';
import { Client } from 'colyseus.js';

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
