import type { ClientOptions } from 'ws';
import WebSocket from 'ws';

/*
 * Game sockets from a chosen local address (127.x.y.z on loopback), so that a test can be many
 * addresses at once, as an attacker with many machines is. colyseus.js opens its sockets with
 * `globalThis.WebSocket` when there is one and with ws when there is none (Node 20), and reads
 * which when it loads: this module puts ws there, binding each new socket to `source.address`.
 * Import it before anything that loads colyseus.js (the player helpers).
 */

/** The local address new game sockets are bound to; undefined: the system's choice. */
export const source: { address: string | undefined } = { address: undefined };

class BoundWebSocket extends WebSocket {
  constructor(url: string | URL, options?: ClientOptions) {
    super(url, { ...options, ...(source.address === undefined ? {} : { localAddress: source.address }) });
  }
}

const global = globalThis as { WebSocket?: unknown };
if (global.WebSocket !== undefined && global.WebSocket !== BoundWebSocket)
  throw new Error('source-address: this Node has a WebSocket of its own; colyseus.js would not use ws');
global.WebSocket = BoundWebSocket;

/** Runs `open` with game sockets bound to `address`, and sets the choice back after. */
export async function fromAddress<T>(address: string, open: () => Promise<T>): Promise<T> {
  const before = source.address;
  source.address = address;
  try {
    return await open();
  } finally {
    source.address = before;
  }
}

/**
 * Binds the HTTP requests of a colyseus.js client (the matchmaker's: create, join, reconnect) to
 * the local `address`; colyseus.js hands its request options to node:http, which honours it.
 */
export function bindHttp(client: { readonly http: unknown }, address: string): void {
  const http = client.http as { getOptions(options: object): object };
  const options = http.getOptions.bind(http);
  http.getOptions = (o) => ({ ...options(o), localAddress: address });
}
