import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from '@ubongo/test-support';
import { startServerProcess } from '@ubongo/test-support';
import { Player } from '@ubongo/test-support/player';

/*
 * Time that cannot jump: a real server process whose wall clock the test sets back one hour in the
 * middle of a round (a module preloaded with NODE_OPTIONS shifts Date, and only Date, on SIGUSR2,
 * as an operator or NTP setting the clock would; performance.now and the timers go on). The round
 * still ends when its sand runs out, and a limited address is told to wait no longer than its window.
 */

const folders: string[] = [];
const running: ServerProcess[] = [];

afterAll(async () => {
  for (const server of running) await server.stop('SIGKILL');
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

const HOUR = 3_600_000;

/** The preloaded module: Date.now() and new Date() move back one hour on each SIGUSR2. */
const PRELOAD = `
const RealDate = Date;
const realNow = RealDate.now.bind(RealDate);
let shift = 0;
class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(realNow() + shift);
    else super(...args);
  }
  static now() {
    return realNow() + shift;
  }
}
globalThis.Date = ShiftedDate;
process.on('SIGUSR2', () => {
  shift -= ${HOUR};
  process.stderr.write('test: the wall clock is set back one hour\\n');
});
`;

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'ubongo-wall-clock-'));
  folders.push(dir);
  const preload = join(dir, 'set-back.cjs');
  writeFileSync(preload, PRELOAD);
  const server = await startServerProcess({
    UBONGO_DATA_DIR: dir,
    NODE_OPTIONS: `--require ${preload}`,
    ...env,
  });
  running.push(server);
  return server;
}

/** Sets the server's wall clock back one hour, once it says so. */
async function setBack(server: ServerProcess): Promise<void> {
  const before = (server.stderr().match(/set back one hour/g) ?? []).length;
  server.process.kill('SIGUSR2');
  await expect.poll(() => (server.stderr().match(/set back one hour/g) ?? []).length).toBe(before + 1);
}

describe('a wall clock set back one hour', { timeout: 60_000 }, () => {
  it('moves no deadline: the round under way ends when its sand runs out', async () => {
    // 30 game seconds of sand at 10 times real time: 3 s.
    const server = await start({ UBONGO_TIME_SCALE: '10' });
    const ana = await Player.create(server.ws, 'race', {
      name: 'Ana',
      settings: { rounds: 2, hourglassSeconds: 30, variant: 'fixed' },
    });
    const { code } = await ana.waitFor('lobby');
    await Player.join(server.ws, code, { name: 'Ben' });
    await ana.waitFor('lobby', (l) => l.seats.length === 2);
    ana.send('start');
    const dealt = await ana.waitFor('view', (m) => m.view.phase === 'playing' && m.view.round !== null);
    const deadline = dealt.view.round?.deadline ?? 0;
    // Nobody solves, so the hourglass is turned once more (the second chance, docs/rules.md §1.5).
    const realLeft = (deadline - dealt.serverNow) / dealt.timeScale + (30 * 1000) / dealt.timeScale;
    const since = performance.now();
    await setBack(server);
    // The round ends by the sand, within its time and a margin for a busy machine (a clock that
    // followed the wall would have waited an hour).
    const ended = ana.next('events', (m) => m.events.some((e) => e.type === 'round-ended'), realLeft + 10_000);
    await ended;
    const took = performance.now() - since;
    console.log(
      `the round ended ${Math.round(took)} ms after the jump, ${(took / realLeft).toFixed(2)} of the sand left`,
    );
    // Game time went on from where it was, not an hour (ten game hours) back.
    const after = await ana.waitFor('view', () => true);
    expect(after.serverNow).toBeGreaterThanOrEqual(dealt.serverNow);
    expect(after.serverNow - dealt.serverNow).toBeLessThan(HOUR);
    expect(await server.stop('SIGTERM')).toBe(0);
  });

  it('tells a limited address to wait at most the window', async () => {
    // Three new rooms a minute: one every 20 s (the window told of), the rest of the burst over 600 s.
    const server = await start({ UBONGO_ROOMS_PER_MINUTE: '3' });
    const create = (): Promise<Response> =>
      fetch(`${server.http}/matchmake/create/race`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ protocol: 1 }),
      });
    // Two of the three before the jump (refused for want of a sign-in, but counted), then the clock
    // goes back, then the third and a fourth.
    for (let i = 0; i < 2; i++) expect((await create()).status).not.toBe(429);
    await setBack(server);
    expect((await create()).status).not.toBe(429);
    const refused = await create();
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    const { error } = (await refused.json()) as { error: string };
    const told = Number(/try again in (\d+) s/.exec(error)?.[1]);
    console.log(`told to wait ${told} s (retry-after ${retryAfter}) after a jump of an hour; the window is 20 s`);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(20);
    expect(told).toBe(retryAfter);
    expect(await server.stop('SIGTERM')).toBe(0);
  });
});
