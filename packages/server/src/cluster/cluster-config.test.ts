import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPublicAddress } from './public-address.js';
import type { ServerRun } from '@ubongo/test-support';
import {
  freePort,
  logMessages,
  runServerProcess,
  scratchFolder,
  startRedis,
  startServerProcess,
} from '@ubongo/test-support';

// `npm start`'s configuration for many processes: a Redis URL or public address it cannot use
// stops the start with one line naming the variable; without them it is the lone process it was.

/** Runs the entry point with `env` until it exits by itself: its code, stdout and stderr. */
async function runMain(env: Readonly<Record<string, string>>): Promise<ServerRun> {
  return runServerProcess({ UBONGO_DATA_DIR: scratchFolder('config'), ...env });
}

describe('npm start with UBONGO_REDIS_URL and UBONGO_PUBLIC_ADDRESS', () => {
  it.each([
    [
      'another scheme',
      'http://ana:hunter2@cache:6379',
      'must be a redis:// or rediss:// URL, got http://ana:***@cache:6379/',
    ],
    ['a broken URL', 'redis://ana:hunter2@[::1:6379', 'is not a URL: redis://ana:***@[::1:6379'],
  ])('stops at once with one line on %s', async (_, url, why) => {
    expect(await runMain({ UBONGO_REDIS_URL: url })).toEqual({
      code: 2,
      out: '',
      err: `UBONGO_REDIS_URL: ${why}\n`,
    });
  });

  it('stops with one line naming a Redis it cannot reach, its password masked', async () => {
    const port = await freePort();
    const run = await runMain({
      UBONGO_REDIS_URL: `redis://:hunter2@127.0.0.1:${port}`,
      UBONGO_PUBLIC_ADDRESS: 'localhost:8080/p1',
    });
    expect(run.code).toBe(2);
    expect(run.out).toBe('');
    expect(run.err).toBe(
      `UBONGO_REDIS_URL: cannot connect to redis://:***@127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}\n`,
    );
  });

  it('stops with one line on a Redis URL without a public address', async () => {
    expect(await runMain({ UBONGO_REDIS_URL: 'redis://127.0.0.1:6379' })).toEqual({
      code: 2,
      out: '',
      err: 'UBONGO_REDIS_URL: a process of a cluster needs UBONGO_PUBLIC_ADDRESS, the address its players reach it at\n',
    });
  });

  it('refuses a second running process under one public address, and lets a dead one’s address go', async () => {
    const redis = await startRedis();
    const env = {
      UBONGO_REDIS_URL: redis.url,
      UBONGO_PUBLIC_ADDRESS: 'localhost:8080/p1',
      UBONGO_DATA_DIR: scratchFolder('address'),
    };
    try {
      const first = await startServerProcess(env);
      const second = await runMain(env);
      expect(second.code).toBe(2);
      expect(second.out).toBe('');
      expect(second.err).toMatch(
        /waiting up to 8 s for it to lapse\nUBONGO_PUBLIC_ADDRESS: localhost:8080\/p1 is the address of a running process \(.* pid \d+ .*\); each process needs an address of its own\n$/,
      );
      // Killed without a word while a new process under its address waits: its hold lapses (it
      // outlives its last refresh by 6 s), and the new one, which waits 8 s, starts, as long as
      // the kill follows the new one's "waiting" line within about 1.7 s. The new one is started
      // first so that its own start-up, slow on a busy machine, cannot outlast the hold.
      let sawHold: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (sawHold = resolve));
      const starting = startServerProcess(env, {
        onOutput: (output) => {
          if (output.includes('waiting up to 8 s for it to lapse')) sawHold();
        },
      });
      await Promise.race([held, starting]);
      await first.stop('SIGKILL');
      const again = await starting;
      expect(logMessages(again.output())).toMatch(/is held by .*; waiting up to 8 s for it to lapse\n.*listening on/s);
      const code = await again.stop('SIGTERM');
      expect(code, `signal ${String(again.process.signalCode)}: ${again.output()}`).toBe(0);
    } finally {
      await redis.stop();
    }
  }, 60_000);

  it('stops with one line on a public address with a scheme', async () => {
    expect(await runMain({ UBONGO_PUBLIC_ADDRESS: 'https://play.example.org/p1' })).toEqual({
      code: 2,
      out: '',
      err: 'UBONGO_PUBLIC_ADDRESS: is a host and path without a scheme (play.example.org/p1), got https://play.example.org/p1\n',
    });
  });

  it('takes a host, a port and a path as a public address', () => {
    for (const ok of ['play.example.org', 'localhost:8080/p1', '10.0.0.7:2567', 'play.example.org/eu/p12'])
      expect(checkPublicAddress(ok)).toBeUndefined();
    for (const bad of ['', 'play.example.org/', 'play example.org', 'localhost:8080/p1?x=1'])
      expect(checkPublicAddress(bad)).toMatch(/^must be a host/);
  });

  it('is one process on SQLite without them, as it always was', async () => {
    const dataDir = scratchFolder('lone');
    const env = { ...process.env };
    delete env['UBONGO_REDIS_URL'];
    delete env['UBONGO_PUBLIC_ADDRESS'];
    delete env['DATABASE_URL'];
    const server = await startServerProcess({ ...(env as Record<string, string>), UBONGO_DATA_DIR: dataDir });
    try {
      // Its one line, but for the first season's start, which a fresh folder may log before or after it.
      const said = logMessages(server.output())
        .split('\n')
        .filter((line) => line !== '' && !/^season \S+ began$/.test(line));
      expect(said).toEqual([`listening on http://localhost:${server.port} (data in ${dataDir})`]);
      expect(existsSync(join(dataDir, 'ubongo.sqlite'))).toBe(true);
      const res = await fetch(`${server.http}/api/accounts`, { method: 'POST', body: '{}' });
      expect(res.status).toBe(201);
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
  });
});
