import { Socket } from 'node:net';
import pg from 'pg';
import { expect, it } from 'vitest';
import { startPostgres, startRedis } from './services.js';

// The harness the cluster tests stand on: each service answers while it runs, is gone once
// stopped, and a missing binary is a failure that names the Debian package, never a skip.

/** What a Redis server at `url` answers to PING, or the error connecting gives. */
async function ping(url: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.once('error', (e: NodeJS.ErrnoException) => {
      resolve(e.code ?? e.message);
    });
    socket.once('data', (chunk: Buffer) => {
      socket.destroy();
      resolve(chunk.toString().trim());
    });
    socket.connect(Number(port), hostname, () => socket.write('PING\r\n'));
  });
}

it('starts a redis-server that answers, and stops it', async () => {
  const redis = await startRedis();
  try {
    expect(redis.url).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/);
    expect(await ping(redis.url)).toBe('+PONG');
  } finally {
    await redis.stop();
  }
  expect(await ping(redis.url)).toBe('ECONNREFUSED');
  await redis.stop();
});

it('starts a PostgreSQL cluster that makes databases, and stops it', async () => {
  const postgres = await startPostgres();
  let url: string;
  try {
    url = await postgres.createDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ db: string }>('select current_database() as db');
    await client.end();
    expect(rows[0]?.db).toBe(new URL(url).pathname.slice(1));
  } finally {
    await postgres.stop();
  }
  const client = new pg.Client({ connectionString: url });
  await expect(client.connect()).rejects.toThrow(/ECONNREFUSED/);
}, 60_000);

it('says which Debian package to install when a binary is missing', async () => {
  await expect(startPostgres('/nonexistent/postgresql')).rejects.toThrow(
    'PostgreSQL is not installed (no /nonexistent/postgresql/*/bin/initdb): these tests need the Debian package postgresql',
  );
  await expect(startRedis('/nonexistent/redis-server')).rejects.toThrow(
    '/nonexistent/redis-server is not installed: these tests need the Debian package redis-server',
  );
});
