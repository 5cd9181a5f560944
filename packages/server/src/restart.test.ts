import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { Player, solve } from './test-support/player.js';

// The real thing: `npm start`'s entry point in its own process, stopped with SIGTERM and started
// again on the same data folder.
const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'ubongo-restart-'));
const running: ChildProcess[] = [];

async function start(): Promise<{ process: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, PORT: '0', UBONGO_DATA_DIR: dataDir, UBONGO_TIME_SCALE: '20' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on http:\/\/localhost:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => {
      reject(new Error(`the server exited with ${code}: ${out}`));
    });
  });
  return { process: child, port };
}

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  return exited;
}

afterAll(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
});

it('keeps a game record, an interrupted game and a solo record across a SIGTERM and a restart', async () => {
  const first = await start();
  const url = `ws://localhost:${first.port}`;

  // A finished game: one round against a bot.
  const ana = await Player.create(url, 'race', { name: 'Ana', settings: { rounds: 1, hourglassSeconds: 20 } });
  ana.send('add-bot', { level: 'master' });
  ana.send('start');
  const { view } = await ana.waitFor('view', (m) => m.view.task !== null);
  if (!view.task) throw new Error('no task');
  ana.send('claim', { placements: solve(view.task) });
  const { game } = await ana.waitFor('saved');

  // A solo run of five puzzles.
  const zoe = await Player.create(url, 'solo', { name: 'Zoe', mode: 'count', limit: 5, side: 'hard' });
  zoe.send('start');
  for (let n = 0; n < 5; n++) {
    const v = await zoe.waitFor('view', (m) => m.solved === n && m.task !== null);
    if (!v.task) throw new Error('no puzzle');
    zoe.send('claim', { placements: solve(v.task) });
  }
  await zoe.waitFor('recorded');

  // A game still being played when the server is stopped.
  const ben = await Player.create(url, 'race', { name: 'Ben', settings: { rounds: 9, hourglassSeconds: 300 } });
  ben.send('add-bot', { level: 'beginner' });
  ben.send('start');
  const lobby = await ben.waitFor('lobby', (l) => l.game !== null);
  await ben.waitFor('view');

  expect(await stop(first.process)).toBe(0);

  const second = await start();
  const http = `http://localhost:${second.port}`;
  const record = (await (await fetch(`${http}/api/games/${game}`)).json()) as {
    seats: { name: string }[];
    result: { winners: string[] };
  };
  expect(record.seats.map((s) => s.name)).toEqual(['Ana', 'Bot 1 (master)']);
  expect(record.result.winners.length).toBeGreaterThan(0);
  expect(
    ((await (await fetch(`${http}/api/games/${game}/replay`)).json()) as { matchesRecord: boolean }).matchesRecord,
  ).toBe(true);
  const interrupted = (await (await fetch(`${http}/api/games/${lobby.game ?? ''}`)).json()) as {
    result?: unknown;
    actions: unknown[];
  };
  expect(interrupted.result).toBeUndefined();
  expect(interrupted.actions.length).toBeGreaterThanOrEqual(1);
  const { records } = (await (await fetch(`${http}/api/records?mode=count&limit=5&side=hard`)).json()) as {
    records: { player: string; solved: number }[];
  };
  expect(records).toEqual([expect.objectContaining({ player: 'Zoe', solved: 5 })]);
  expect(await stop(second.process)).toBe(0);
});
