// First: colyseus.js must find the bound WebSocket when it loads (source-address.ts).
import { fromAddress } from '@ubongo/test-support/source-address';
import { Player } from '@ubongo/test-support/player';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { trustedProxies } from './client-address.js';
import type { Limits } from './limits.js';
import type { UbongoServer } from '../server.js';
import { startServer } from '../server.js';

/*
 * What one address may take of the server's connections and of its event loop, tried as an
 * attacker would: from many source addresses at once (127.x.y.z, bound as the local address of
 * each client socket), over real sockets to a real server.
 */

const running: { server: UbongoServer; dir: string }[] = [];
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const { server, dir } of running.splice(0)) {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

async function serve(limits: Partial<Limits>): Promise<{ port: number; ws: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'ubongo-net-'));
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir: dir, limits, log: () => undefined });
  running.push({ server, dir });
  return { port: server.port, ws: `ws://127.0.0.1:${server.port}` };
}

/** A raw TCP connection from `from`, once connected; `closed` says whether the server has closed it. */
interface Raw {
  readonly socket: Socket;
  closed: boolean;
  received: string;
}

function open(port: number, from: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: from });
    sockets.push(socket);
    const raw: Raw = { socket, closed: false, received: '' };
    socket.on('data', (chunk: Buffer) => (raw.received += chunk.toString()));
    socket.on('error', () => undefined);
    socket.once('close', () => (raw.closed = true));
    socket.once('connect', () => {
      resolve(raw);
    });
    socket.once('error', reject);
  });
}

/** Waits until `done` holds, checking every 20 ms (the test's own timeout bounds it). */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Opens `n` connections from `from` and waits until the server has closed those past its caps. */
async function hold(port: number, from: string, n: number): Promise<Raw[]> {
  const raws: Raw[] = [];
  for (let i = 0; i < n; i++) raws.push(await open(port, from));
  return raws;
}

/** GET `path` from the local address `from`: the status, or the error's code when the connection is refused. */
function get(port: number, path: string, from: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, localAddress: from, agent: false }, (res) => {
      res.resume();
      res.on('end', () => {
        resolve(res.statusCode ?? 0);
      });
    });
    req.on('error', (e: NodeJS.ErrnoException) => {
      resolve(e.code ?? e.message);
    });
    req.end();
  });
}

/** A moment for the server to close what it will (a connection past a cap is closed at once). */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 300));

describe('TCP connections', () => {
  it('caps the raw connections of one address, while another gets /healthz and joins a game', async () => {
    const { port, ws } = await serve({ tcpPerAddress: 10, socketIdleSeconds: 60 });
    const attacker = await hold(port, '127.0.0.5', 25);
    await until(() => attacker.filter((r) => r.closed).length >= 15);
    await settle();
    // The first ten stay (idle, within the idle timeout); the rest were closed without a byte.
    expect(attacker.map((r) => r.closed)).toEqual([
      ...Array<boolean>(10).fill(false),
      ...Array<boolean>(15).fill(true),
    ]);
    expect(attacker.every((r) => r.received === '')).toBe(true);
    // The attacker's next request finds no connection; anyone else is served.
    expect(await get(port, '/healthz', '127.0.0.5')).toMatch(/ECONNRESET|EPIPE|socket hang up/);
    expect(await get(port, '/healthz', '127.0.0.6')).toBe(200);
    const player = await fromAddress('127.0.0.7', () => Player.create(ws, 'race', { name: 'Ana' }));
    expect((await player.waitFor('lobby')).seats.length).toBeGreaterThan(0);
    await player.room.leave(true);
    // Its connections closed, the attacker's address is served again.
    for (const r of attacker) r.socket.destroy();
    await until(() => attacker.every((r) => r.closed));
    await settle();
    expect(await get(port, '/healthz', '127.0.0.5')).toBe(200);
  });

  it('caps the connections in all, keeping the top of the total for newcomers', async () => {
    const refused = /ECONNRESET|EPIPE|socket hang up/;
    const { port } = await serve({ tcpPerAddress: 12, maxConnections: 40, newcomerReserve: 10, socketIdleSeconds: 60 });
    // Three addresses of twelve, one after the other: the first two fill 24, the third its 6 up to
    // the part kept for newcomers and 2 more as a newcomer itself (it holds fewer than 8), no more.
    const crowd: Raw[] = [];
    for (const a of ['127.0.1.1', '127.0.1.2', '127.0.1.3']) crowd.push(...(await hold(port, a, 12)));
    await until(() => crowd.filter((r) => r.closed).length >= 4);
    await settle();
    expect(crowd.map((r) => (r.closed ? 0 : 1)).join('')).toBe(`${'1'.repeat(32)}${'0'.repeat(4)}`);
    // A newcomer (a load balancer's /healthz, a player arriving) still gets in.
    expect(await get(port, '/healthz', '127.0.1.9')).toBe(200);
    await settle();
    // Newcomers take the rest; past the total, nobody.
    const newcomers = await Promise.all([10, 11, 12, 13, 14, 15, 16, 17, 18].map((n) => open(port, `127.0.1.${n}`)));
    await settle();
    expect(newcomers.filter((r) => !r.closed)).toHaveLength(8);
    expect(await get(port, '/healthz', '127.0.1.20')).toMatch(refused);
    for (const r of [...crowd, ...newcomers]) r.socket.destroy();
    await until(() => [...crowd, ...newcomers].every((r) => r.closed));
    await settle();
    expect(await get(port, '/healthz', '127.0.1.1')).toBe(200);
  });

  it('does not cap a trusted proxy per address (its clients share it), only in all', async () => {
    const { port } = await serve({
      tcpPerAddress: 5,
      maxConnections: 15,
      socketIdleSeconds: 60,
      trustProxy: trustedProxies(['127.0.0.9']),
    });
    const proxy = await hold(port, '127.0.0.9', 20);
    await until(() => proxy.filter((r) => r.closed).length >= 5);
    await settle();
    expect(proxy.filter((r) => !r.closed)).toHaveLength(15);
  });
});

describe('slow clients', () => {
  it('drops a client that sends its headers slowly', async () => {
    const { port } = await serve({ headersTimeoutSeconds: 1, socketIdleSeconds: 60, requestTimeoutSeconds: 30 });
    const slow = await open(port, '127.0.2.1');
    // A header line every 200 ms: 60 lines would take 12 s; the headers' deadline is 1 s.
    slow.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    let lines = 0;
    while (!slow.closed && lines < 60) {
      slow.socket.write(`x-slow-${lines}: 1\r\n`);
      lines++;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(slow.closed).toBe(true);
    expect(lines).toBeLessThan(60);
    expect(slow.received).toMatch(/^HTTP\/1\.1 408/);
  }, 20_000);

  it('leaves a quiet game socket open past the idle time (the heartbeat watches those)', async () => {
    const { ws } = await serve({ socketIdleSeconds: 1, headersTimeoutSeconds: 1, keepAliveSeconds: 1 });
    const player = await fromAddress('127.0.2.4', () => Player.create(ws, 'race', { name: 'Ana' }));
    await player.waitFor('lobby');
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(player.room.connection.isOpen).toBe(true);
    player.send('ready', { ready: true });
    expect((await player.next('lobby')).seats.length).toBeGreaterThan(0);
    await player.room.leave(true);
  });

  it('closes a connection that sends nothing, and a kept-alive one that asks nothing more', async () => {
    const { port } = await serve({ keepAliveSeconds: 1, socketIdleSeconds: 1, headersTimeoutSeconds: 30 });
    const silent = await open(port, '127.0.2.2');
    const client = await open(port, '127.0.2.3');
    client.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await until(() => client.received.includes('\r\n\r\n'));
    expect(client.received).toMatch(/^HTTP\/1\.1 200/);
    await until(() => client.closed && silent.closed);
    expect(silent.received).toBe('');
  });
});

describe('messages', () => {
  it("shares one allowance among an address's sockets, and leaves another address's alone", async () => {
    const { ws } = await serve({ messageBurst: 10, messagesPerSecond: 1, floodStrikes: 1000, roomsPerMinute: 100 });
    const many: Player<'race'>[] = [];
    for (let i = 0; i < 4; i++)
      many.push(await fromAddress('127.0.3.1', () => Player.create(ws, 'race', { name: `Flo${i}` })));
    const other = await fromAddress('127.0.3.2', () => Player.create(ws, 'race', { name: 'Ana' }));
    for (const p of [...many, other]) await p.waitFor('lobby');
    const lobbies = (p: Player<'race'>): number => p.received.filter((r) => r.type === 'lobby').length;
    const tooFast = (p: Player<'race'>): number =>
      p.received.filter((r) => r.type === 'rejected' && (r.message as { code: string }).code === 'message/too-fast')
        .length;
    const before = many.map(lobbies);
    // Ten each from four sockets of one address: forty, where the address may send ten at once.
    for (const p of many) for (let i = 0; i < 10; i++) p.send('ready', { ready: i % 2 === 0 });
    await until(() => many.every((p, i) => lobbies(p) - (before[i] ?? 0) + tooFast(p) >= 1));
    await settle();
    const answered = many.reduce((n, p, i) => n + lobbies(p) - (before[i] ?? 0), 0);
    // The burst, and what came back meanwhile at one a second; never the forty a socket's own allowance let through.
    expect(answered).toBeGreaterThanOrEqual(10);
    expect(answered).toBeLessThan(20);
    expect(many.some((p) => tooFast(p) > 0)).toBe(true);
    // The other address still has its whole burst.
    const otherBefore = lobbies(other);
    for (let i = 0; i < 10; i++) other.send('ready', { ready: i % 2 === 0 });
    await until(() => lobbies(other) - otherBefore >= 10);
    expect(tooFast(other)).toBe(0);
  });
});
