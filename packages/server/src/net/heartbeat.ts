import type { TransportOptions } from '@colyseus/ws-transport';
import { WebSocketTransport } from '@colyseus/ws-transport';
import type { IncomingMessage, Server } from 'node:http';

/** The part of a `ws` socket the heartbeat uses. */
export interface PingedSocket {
  ping(): void;
  terminate(): void;
  on(event: 'pong' | 'close', listener: () => void): unknown;
}

/** The part of a `ws` server the heartbeat uses: it hears of every socket it opens. */
export interface SocketServer {
  on(event: 'connection', listener: (socket: PingedSocket) => void): unknown;
}

export interface HeartbeatOptions {
  /** How often each socket is pinged, in ms. */
  readonly everyMs: number;
  /** A socket that has not answered this many pings in a row is closed at the next. */
  readonly misses: number;
  /** Into how many groups the sockets are split, one group pinged per tick (`everyMs / slots` apart). */
  readonly slots: number;
}

/**
 * A ping every 1.5 s, a socket closed after 2 unanswered (Colyseus pings every 3 s): a player whose
 * network is gone without a goodbye leaves their seat, and their friends' lists, within 4.5 s
 * (issue 47: within 5 s), and a pong 3 s late is still in time. In 150 groups: one each 10 ms.
 */
export const HEARTBEAT: HeartbeatOptions = { everyMs: 1500, misses: 2, slots: 150 };

/**
 * Pings every game socket and closes the ones that stopped answering (a phone that lost its
 * network sends no close), spread over time. Colyseus's transport pings all sockets in one timer
 * callback: at 10,000 players that was one write per socket back to back, about 115 ms each time, in
 * which no message was handled (bench:server). Here each socket belongs to one of `slots` groups,
 * and a tick pings one group.
 */
export class Heartbeat {
  /** Each group: its sockets, with how many pings in a row each has left unanswered. */
  readonly #slots: Map<PingedSocket, number>[];
  #next = 0;
  #tick = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(
    server: SocketServer,
    readonly options: HeartbeatOptions = HEARTBEAT,
  ) {
    this.#slots = Array.from({ length: options.slots }, () => new Map<PingedSocket, number>());
    server.on('connection', (socket) => {
      this.add(socket);
    });
  }

  /** Starts pinging, a group every `everyMs / slots`. */
  start(): void {
    this.#timer ??= setInterval(() => {
      this.tick();
    }, this.options.everyMs / this.options.slots).unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Puts a socket in the next group, round the groups, so that they stay even. */
  add(socket: PingedSocket): void {
    const slot = this.#slots[this.#next++ % this.#slots.length];
    if (!slot) return;
    slot.set(socket, 0);
    socket.on('pong', () => {
      if (slot.has(socket)) slot.set(socket, 0);
    });
    socket.on('close', () => {
      slot.delete(socket);
    });
  }

  /** Pings the next group; closes those of its sockets that left the last `misses` pings unanswered. */
  tick(): void {
    const slot = this.#slots[this.#tick++ % this.#slots.length];
    if (!slot) return;
    for (const [socket, missed] of slot) {
      if (missed >= this.options.misses) {
        slot.delete(socket);
        socket.terminate();
        continue;
      }
      slot.set(socket, missed + 1);
      socket.ping();
    }
  }
}

/** Colyseus's WebSocket transport with its all-at-once pings replaced by a `Heartbeat`. */
export class HeartbeatTransport extends WebSocketTransport {
  readonly heartbeat: Heartbeat;

  constructor(
    options: Omit<TransportOptions, 'pingInterval' | 'pingMaxRetries'> & { readonly server: Server },
    heartbeat = HEARTBEAT,
  ) {
    super({ ...options, pingInterval: 0 });
    this.heartbeat = new Heartbeat(this.wss, heartbeat);
    options.server.on('listening', () => {
      this.heartbeat.start();
    });
    options.server.on('close', () => {
      this.heartbeat.stop();
    });
  }

  /** Calls `listener` with each game socket this transport opens (a `Client`'s `ref`) and the request that opened it. */
  onSocket(listener: (socket: object, req: IncomingMessage) => void): void {
    this.wss.on('connection', listener);
  }
}
