import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { Heartbeat } from './heartbeat.js';
import { startServer } from '../server.js';
import { Player } from '@ubongo/test-support/player';

// Real sockets over loopback; the heartbeat's ticks are driven by hand, so nothing waits on time.

const open: { close(): void }[] = [];
afterEach(() => {
  for (const o of open.splice(0)) o.close();
});

async function server(): Promise<{ wss: WebSocketServer; url: string }> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  open.push(wss);
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  return { wss, url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}` };
}

/** A client counting the pings it hears; `answer: false` leaves them unanswered, as a vanished phone does. */
async function client(url: string, answer = true): Promise<{ ws: WebSocket; pings: () => number }> {
  const ws = new WebSocket(url, { autoPong: answer });
  open.push(ws);
  let pings = 0;
  ws.on('ping', () => pings++);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return { ws, pings: () => pings };
}

/** Resolves once every client has heard a message sent after the pings so far (a socket keeps its order). */
async function settled(wss: WebSocketServer, clients: { ws: WebSocket }[]): Promise<void> {
  const heard = clients.map(({ ws }) => new Promise((resolve) => ws.once('message', resolve)));
  for (const socket of wss.clients) socket.send('mark');
  await Promise.all(heard);
}

it('pings one group of sockets per tick, the groups even, every socket once a round', async () => {
  const { wss, url } = await server();
  const heartbeat = new Heartbeat(wss, { everyMs: 3000, misses: 2, slots: 3 });
  const clients: { ws: WebSocket; pings: () => number }[] = [];
  for (let i = 0; i < 7; i++) clients.push(await client(url));
  await settled(wss, clients);

  const counts = async (): Promise<number[]> => {
    await settled(wss, clients);
    return clients.map((c) => c.pings());
  };
  heartbeat.tick();
  expect((await counts()).filter((n) => n === 1)).toHaveLength(3);
  heartbeat.tick();
  expect((await counts()).filter((n) => n === 1)).toHaveLength(5);
  heartbeat.tick();
  expect(await counts()).toEqual([1, 1, 1, 1, 1, 1, 1]);
  heartbeat.tick();
  expect((await counts()).filter((n) => n === 2)).toHaveLength(3);
});

it('closes a socket that left its pings unanswered and keeps one that answers', async () => {
  const { wss, url } = await server();
  const heartbeat = new Heartbeat(wss, { everyMs: 3000, misses: 2, slots: 1 });
  const answering = await client(url);
  const silent = await client(url, false);
  const serverPong = (): Promise<void> =>
    new Promise((resolve) => {
      for (const socket of wss.clients)
        if (socket.listenerCount('pong') > 0)
          socket.once('pong', () => {
            resolve();
          });
    });
  const closed = new Promise<number>((resolve) => silent.ws.once('close', resolve));

  for (let round = 1; round <= 2; round++) {
    const pong = serverPong();
    heartbeat.tick();
    await settled(wss, [answering, silent]);
    await pong;
    expect(silent.pings()).toBe(round);
    expect(silent.ws.readyState).toBe(WebSocket.OPEN);
  }
  // Two pings unanswered: the third tick closes it without a word (as a dead peer is).
  heartbeat.tick();
  expect(await closed).toBe(1006);
  await settled(wss, [answering]);
  expect(answering.ws.readyState).toBe(WebSocket.OPEN);
  expect(answering.pings()).toBe(3);
  expect(wss.clients.size).toBe(1);
});

it('forgets a socket once it closes', async () => {
  const { wss, url } = await server();
  const heartbeat = new Heartbeat(wss, { everyMs: 3000, misses: 2, slots: 1 });
  const leaving = await client(url);
  const staying = await client(url);
  const gone = new Promise<void>((resolve) => {
    for (const socket of wss.clients)
      socket.once('close', () => {
        resolve();
      });
  });
  leaving.ws.close();
  await gone;
  heartbeat.tick();
  await settled(wss, [staying]);
  expect(staying.pings()).toBe(1);
  expect(leaving.pings()).toBe(0);
});

it('in the game server: a player whose socket stops answering is dropped from the table, the others kept', async () => {
  const server = await startServer({
    port: 0,
    dataDir: mkdtempSync(join(tmpdir(), 'ubongo-heartbeat-')),
    log: () => undefined,
    heartbeat: { everyMs: 200, misses: 2, slots: 2 },
  });
  try {
    const url = `ws://localhost:${server.port}`;
    const ana = await Player.create(url, 'race', { name: 'Ana', settings: { edition: 'classic' } });
    await ana.waitFor('lobby');
    const ben = await Player.join(url, ana.room.roomId, { name: 'Ben' });
    await ana.waitFor('lobby', (l) => l.seats[1]?.connected === true);
    // Ben's phone loses its network: nothing more comes from it, not even an answer to a ping.
    const socket = (ben.room.connection.transport as unknown as { ws: WebSocket }).ws;
    socket.pong = () => undefined;
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    const lobby = await ana.waitFor('lobby', (l) => l.seats[1]?.connected === false);
    expect(lobby.seats[0]?.connected).toBe(true);
    // Closed without a word, as a dead peer is.
    expect(await closed).toBe(1006);
    await ana.room.leave();
  } finally {
    await server.close();
  }
});
