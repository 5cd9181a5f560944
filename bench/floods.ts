// The floods of npm run bench:flood (flood.ts), each run in a process of its own: what it does and
// how it floods. A new kind of flood is one more entry in FLOODS.
import { PROTOCOL_VERSION } from '@ubongo/core';
import { bindHttp, fromAddress } from '@ubongo/test-support/source-address';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import type { Room } from 'colyseus.js';
import { guestClient } from './server-process.js';

const CONNECTIONS = Number(process.env['CONNECTIONS'] ?? 20_000);

/** Whether a flood goes on (an object: the loops read it while a signal changes it). */
export const run = { going: true };
const going = (): boolean => run.going;
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The address `i` of a flood's spread: 127.<base>.x.y, never 127.0.0.1 (the honest player's). */
const addressOf = (base: number, i: number): string =>
  `127.${base + Math.floor(i / 62500)}.${Math.floor(i / 250) % 250}.${(i % 250) + 2}`;

/** A raw TCP connection from `from` to the server, held until it is closed; resolves once connected or refused. */
function tcp(port: number, from: string, held: Set<Socket>, counts: Record<string, number>): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: from });
    socket.once('connect', () => {
      held.add(socket);
      resolve();
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      counts[e.code ?? 'error'] = (counts[e.code ?? 'error'] ?? 0) + 1;
      resolve();
    });
    socket.once('close', () => {
      if (held.delete(socket)) counts['closed by the server'] = (counts['closed by the server'] ?? 0) + 1;
    });
  });
}

/** One kind of flood: what it does against the server at `port`, until stopped; it counts what happened in `counts`. */
export interface Flood {
  readonly name: string;
  readonly what: string;
  /** Floods until `going()` says stop; calls `ready` once the flood is at full strength. */
  flood(port: number, counts: Record<string, number>, ready: () => void): Promise<void>;
}

/** Sockets in race rooms from `addresses` addresses, `perAddress` each, each sending "ready" `perSecond` times a second. */
function messages(addresses: number, perAddress: number, perSecond: number): Flood['flood'] {
  return async (port, counts, ready) => {
    const url = `ws://127.0.0.1:${port}`;
    const one = async (from: string): Promise<void> => {
      const client = await guestClient(url, 'Flood');
      bindHttp(client, from);
      while (going()) {
        let room: Room;
        try {
          room = await fromAddress(from, () => client.create('race', { protocol: PROTOCOL_VERSION }));
        } catch {
          counts['refused a room'] = (counts['refused a room'] ?? 0) + 1;
          await sleep(500);
          continue;
        }
        room.onMessage('rejected', () => {
          counts['told to slow down'] = (counts['told to slow down'] ?? 0) + 1;
        });
        room.onMessage('*', () => undefined);
        const closed = new Promise<void>((resolve) => {
          room.onLeave(() => {
            resolve();
          });
        });
        for (let i = 0; going() && room.connection.isOpen; i++) {
          room.send('ready', { ready: i % 2 === 0 });
          counts['sent'] = (counts['sent'] ?? 0) + 1;
          await sleep(1000 / perSecond);
        }
        if (room.connection.isOpen) await room.leave(true);
        else counts['disconnected'] = (counts['disconnected'] ?? 0) + 1;
        await closed;
      }
    };
    // One after another, as the rooms' sockets open (fromAddress binds the next socket).
    const all: Promise<void>[] = [];
    for (let a = 0; a < addresses; a++)
      for (let s = 0; s < perAddress; s++) {
        all.push(one(addressOf(10, a)));
        await sleep(5);
      }
    ready();
    await Promise.all(all);
  };
}

/** The kinds of flood, in the order they are run. */
export const FLOODS: readonly Flood[] = [
  {
    name: 'idle-tcp',
    what: 'one address holding idle TCP connections up to its cap (64), and 2,000 more attempts',
    async flood(port, counts, ready) {
      const held = new Set<Socket>();
      const from = addressOf(20, 0);
      while (going()) {
        for (let i = 0; i < 2064 && going(); i++) await tcp(port, from, held, counts);
        // The server's closes of the last ones come in.
        await sleep(500);
        counts['held'] = held.size;
        ready();
        await sleep(1000);
      }
      for (const s of held) s.destroy();
    },
  },
  {
    name: 'allowed-messages',
    what: '4 addresses x 40 game sockets, each sending 14 messages a second (what a socket alone was allowed)',
    flood: messages(4, 40, 14),
  },
  {
    name: 'flat-out',
    what: '4 addresses x 10 game sockets, each sending as fast as its socket takes',
    flood: messages(4, 10, 1000),
  },
  {
    name: 'slow-headers',
    what: '8 addresses x 60 connections sending their headers a byte every 500 ms, coming back when dropped',
    async flood(port, counts, ready) {
      const slow = async (from: string): Promise<void> => {
        while (going()) {
          const socket = connect({ port, host: '127.0.0.1', localAddress: from });
          socket.on('error', () => undefined);
          counts['opened'] = (counts['opened'] ?? 0) + 1;
          // An object: the close handler changes it while the loop waits.
          const state = { open: true };
          socket.once('close', () => (state.open = false));
          const header = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ' + 'a'.repeat(10_000);
          const isOpen = (): boolean => state.open;
          for (let i = 0; isOpen() && going() && i < header.length; i++) {
            socket.write(header[i] ?? '');
            await sleep(500);
          }
          if (!isOpen()) counts['dropped'] = (counts['dropped'] ?? 0) + 1;
          socket.destroy();
        }
      };
      const all: Promise<void>[] = [];
      for (let a = 0; a < 8; a++) for (let s = 0; s < 60; s++) all.push(slow(addressOf(30, a)));
      ready();
      await Promise.all(all);
    },
  },
  {
    name: 'spread-idle',
    what: `${CONNECTIONS} idle TCP connection attempts from ${Math.ceil(CONNECTIONS / 64)} addresses (64 each), held`,
    async flood(port, counts, ready) {
      const held = new Set<Socket>();
      // 200 at a time: the attempts are made within a few seconds, before the headers' deadline.
      for (let i = 0; i < CONNECTIONS && going(); i += 200)
        await Promise.all(
          Array.from({ length: Math.min(200, CONNECTIONS - i) }, (_, j) =>
            tcp(port, addressOf(40, Math.floor((i + j) / 64)), held, counts),
          ),
        );
      await sleep(500);
      // As the flood sees them: the server's own count is its open files, printed beside.
      counts['held'] = held.size;
      ready();
      while (going()) await sleep(100);
      for (const s of held) s.destroy();
    },
  },
];
