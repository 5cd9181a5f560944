import type { ServerProcess, Service } from '@ubongo/test-support';
import { freePort, scratchFolder, startNginx, startServerProcess } from '@ubongo/test-support';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from './limits.js';

/*
 * Behind the documented nginx (deploy/nginx.conf itself, with this machine's ports: test-support's
 * nginxConfig), a client's forged X-Forwarded-For changes nothing: every attempt from one real
 * address counts against that address, whatever the header says, and other addresses keep theirs.
 * The attackers come from many loopback addresses (127.0.5.x, bound as each request's local address).
 * The issue measured 15 of 15 sign-ins going through with a new forged header on each.
 */

let server: ServerProcess | undefined;
let nginx: Service | undefined;

beforeAll(async () => {
  server = await startServerProcess({
    UBONGO_DATA_DIR: scratchFolder('proxy'),
    // nginx reaches the process from 127.0.0.1: it alone is believed.
    UBONGO_TRUST_PROXY: '127.0.0.1',
  });
  const port = await freePort();
  nginx = await startNginx({ port, routes: [{ prefix: 'p1', port: server.port }] });
}, 60_000);

afterAll(async () => {
  await Promise.all([nginx?.stop(), server?.stop()]);
});

/** A failed sign-in (an unknown guest each time, so that no account's own limit is reached) from `from`, with `forged` as its X-Forwarded-For. */
function signIn(url: string, from: string, forged: string | undefined, n: number): Promise<number> {
  const body = JSON.stringify({ id: `nobody-${from}-${n}`, secret: 'guess' });
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/api/sessions`,
      {
        method: 'POST',
        localAddress: from,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(forged === undefined ? {} : { 'x-forwarded-for': forged }),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          resolve(res.statusCode ?? 0);
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** `attempts` sign-ins from `from`, each with a new forged header; how many were answered 401 and 429. */
async function attack(url: string, from: string, attempts: number): Promise<{ 401: number; 429: number }> {
  const counts = { 401: 0, 429: 0 };
  for (let n = 0; n < attempts; n++) {
    // Each a new address, as a single client list, as the list nginx would have appended to, and as an IPv6 one.
    const forged = [`203.0.113.${n}`, `198.51.100.${n}, 127.0.0.1`, `2001:db8::${n}`][n % 3];
    const status = await signIn(url, from, forged, n);
    if (status === 401 || status === 429) counts[status]++;
    else throw new Error(`sign-in ${n} from ${from} answered ${status}`);
  }
  return counts;
}

describe('behind nginx, as deploy/nginx.conf configures it', () => {
  it('keeps the sign-ins of one real address to its limit whatever X-Forwarded-For says', async () => {
    const url = nginx?.url ?? '';
    expect(await attack(url, '127.0.5.1', 15)).toEqual({
      401: DEFAULT_LIMITS.signInsPerMinute,
      429: 15 - DEFAULT_LIMITS.signInsPerMinute,
    });
  });

  it('counts each real address apart (the limit is not nginx’s own address)', async () => {
    const url = nginx?.url ?? '';
    const results = await Promise.all(
      ['127.0.5.2', '127.0.5.3', '127.0.5.4', '127.0.5.5'].map((a) => attack(url, a, 12)),
    );
    for (const counts of results)
      expect(counts).toEqual({ 401: DEFAULT_LIMITS.signInsPerMinute, 429: 12 - DEFAULT_LIMITS.signInsPerMinute });
  });

  it('believes no header from a client that comes to the process itself', async () => {
    // 127.0.5.6 is not the trusted proxy: its header is ignored, its own address counted.
    expect(await attack(server?.http ?? '', '127.0.5.6', 13)).toEqual({ 401: DEFAULT_LIMITS.signInsPerMinute, 429: 3 });
  });
});
