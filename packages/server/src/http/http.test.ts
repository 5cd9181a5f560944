import type { DeckIndex } from '@ubongo/core';
import { PROTOCOL_VERSION } from '@ubongo/core';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UbongoServer } from '../server.js';
import { startServer } from '../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';

/*
 * The HTTP side over a real server on a real socket: the API's answers and refusals, and the web
 * client's files with their headers (moved here from server.test.ts, which plays games). The
 * matchmaker's path, the limits and the security headers are in limits.test.ts.
 */

const served = serverPerFile((base) =>
  startServer({
    ...base,
    timeScale: 20,
  }),
);

describe('HTTP', () => {
  it('answers health, unknown games, bad record queries', async () => {
    expect(await (await fetch(`${served.http}/healthz`)).json()).toMatchObject({
      status: 'ok',
      protocol: PROTOCOL_VERSION,
    });
    expect((await fetch(`${served.http}/api/games/NOPE-1`)).status).toBe(404);
    expect((await fetch(`${served.http}/api/records?mode=fastest`)).status).toBe(400);
    expect((await fetch(`${served.http}/api/records?mode=timed&limit=7`)).status).toBe(400);
    const year = await fetch(`${served.http}/api/records?mode=timed&period=year`);
    expect(year.status).toBe(400);
    expect(((await year.json()) as { error: string }).error).toBe('period is day, week or all');
  });
});

describe('GET /api/decks', () => {
  it('lists both decks, every board with its tasks by key and difficulty, and no solutions', async () => {
    const res = await fetch(`${served.http}/api/decks`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const { decks } = (await res.json()) as DeckIndex;
    expect(decks.map((d) => [d.edition, d.grid, d.boards.length])).toEqual([
      ['classic', 'square', 36],
      ['extreme', 'hex', 54],
    ]);
    const keys = { classic: ['1', '2', '3', '4', '5', '6'], extreme: ['red', 'blue', 'green', 'yellow'] };
    for (const deck of decks) {
      const prefix = deck.edition === 'classic' ? 'C' : 'E';
      expect(deck.boards.map((b) => b.id)).toEqual(
        deck.boards.map((_, i) => `${prefix}${String(i + 1).padStart(2, '0')}`),
      );
      for (const board of deck.boards) {
        expect(Object.keys(board.sides).sort()).toEqual(['easy', 'hard']);
        for (const side of Object.values(board.sides)) {
          expect(Object.keys(side)).toEqual(['tasks']);
          expect(side.tasks.map((t) => t.key)).toEqual(keys[deck.edition as keyof typeof keys]);
          for (const task of side.tasks) {
            expect(task).not.toHaveProperty('solution');
            expect(task).not.toHaveProperty('pieces');
            expect(Object.keys(task).sort()).toEqual(['difficulty', 'key']);
            expect(typeof task.difficulty).toBe('number');
          }
        }
      }
    }
  });
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request with node's http client: the path goes as written, and the body comes as sent (no gunzip). */
function get(port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: 'localhost', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the web client’s files', () => {
  // A built client in a folder of its own, and beside it, outside, files nobody should reach.
  const root = mkdtempSync(join(tmpdir(), 'ubongo-web-'));
  const webDir = join(root, 'dist');
  const index = '<!doctype html><title>Ubongo</title><script type="module" src="/assets/app-abc123.js"></script>';
  const app = 'export const board = [[0, 0], [1, 0], [2, 0]];\n'.repeat(60);
  const secret = 'the secret outside the web folder';
  const font = Buffer.alloc(4096, 7);
  let web: UbongoServer;
  let bare: UbongoServer;

  beforeAll(async () => {
    mkdirSync(join(webDir, 'assets'), { recursive: true });
    writeFileSync(join(webDir, 'index.html'), index);
    writeFileSync(join(webDir, 'assets', 'app-abc123.js'), app);
    writeFileSync(join(webDir, 'robots.txt'), 'User-agent: *\n');
    writeFileSync(join(webDir, 'assets', 'font-abc123.woff2'), font);
    writeFileSync(join(webDir, '.env'), `SECRET=${secret}`);
    writeFileSync(join(root, 'package.json'), JSON.stringify({ secret }));
    writeFileSync(join(root, 'secret.txt'), secret);
    const serve = (dir: string): Promise<UbongoServer> =>
      startServer({
        port: 0,
        dataDir: mkdtempSync(join(tmpdir(), 'ubongo-server-')),
        webDir: dir,
        log: () => undefined,
      });
    [web, bare] = await Promise.all([serve(webDir), serve(mkdtempSync(join(tmpdir(), 'ubongo-web-empty-')))]);
  });

  afterAll(async () => {
    await Promise.all([web.close(), bare.close()]);
  });

  it('serves index.html at /, assets cached for good, the rest revalidated, gzipped when asked and worth it', async () => {
    expect(app.length).toBeGreaterThan(1024);
    const home = await get(web.port, '/', { 'accept-encoding': 'gzip' });
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.headers['cache-control']).toBe('no-cache');
    // Under 1 KiB: sent as it is even to a client that takes gzip.
    expect(home.headers['content-encoding']).toBeUndefined();
    expect(home.body.toString()).toBe(index);
    expect((await get(web.port, '/index.html')).body.toString()).toBe(index);

    const plain = await get(web.port, '/assets/app-abc123.js');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(app);

    for (let i = 0; i < 2; i++) {
      // Twice: the second time from the server's store of zipped assets.
      const zipped = await get(web.port, '/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
      expect(zipped.status).toBe(200);
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(zipped.headers.vary).toBe('accept-encoding');
      expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
      expect(zipped.body.length).toBeLessThan(app.length);
      expect(gunzipSync(zipped.body).toString()).toBe(app);
    }

    // gzip refused with q=0 is not sent gzipped.
    const refused = await get(web.port, '/assets/app-abc123.js', { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.toString()).toBe(app);

    const robots = await get(web.port, '/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.headers['cache-control']).toBe('no-cache');

    // A font is compressed already: its own type, never gzipped.
    const woff2 = await get(web.port, '/assets/font-abc123.woff2', { 'accept-encoding': 'gzip' });
    expect(woff2.headers['content-type']).toBe('font/woff2');
    expect(woff2.headers['content-encoding']).toBeUndefined();
    expect(woff2.body.equals(font)).toBe(true);

    // fetch gunzips by itself: what it reads is the file.
    expect(await (await fetch(`http://localhost:${web.port}/assets/app-abc123.js`)).text()).toBe(app);
  });

  it('HEAD answers the headers of GET and no body', async () => {
    for (const headers of [{}, { 'accept-encoding': 'gzip' }]) {
      const full = await get(web.port, '/assets/app-abc123.js', headers);
      const head = await get(web.port, '/assets/app-abc123.js', headers, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.body.length).toBe(0);
      for (const name of ['content-type', 'content-length', 'cache-control', 'content-encoding'])
        expect(head.headers[name]).toBe(full.headers[name]);
    }
    const home = await get(web.port, '/', {}, 'HEAD');
    expect(home.status).toBe(200);
    expect(home.body.length).toBe(0);
    expect(home.headers['content-length']).toBe(String(index.length));
  });

  it('never serves a file outside the folder, a hidden file or an odd name: 404 JSON', async () => {
    const paths = [
      '/../package.json',
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/package.json',
      '/%2E%2E/secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/%2e%2e%2fsecret.txt',
      '/..\\secret.txt',
      '/%5c..%5csecret.txt',
      '/.env',
      '/assets/.env',
      '/%2eenv',
      '/assets',
      '/assets/',
      '/index.html%00',
      '/app%20abc.js',
      '/ind~ex.html',
      '/missing.js',
    ];
    for (const path of paths) {
      const res = await get(web.port, path);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(JSON.parse(res.body.toString())).toHaveProperty('error');
      expect(res.body.toString()).not.toContain(secret);
    }
    // A request for `//secret.txt` is read as a URL with the host `secret.txt` (so `/`): whatever it gives, not the secret.
    expect((await get(web.port, '//secret.txt')).body.toString()).not.toContain(secret);
    // The API's paths are the API's, even where a file could have answered.
    expect((await get(web.port, '/api/nothing')).status).toBe(404);
  });

  it('without a built client, / says how to build it', async () => {
    for (const path of ['/', '/index.html']) {
      const res = await get(bare.port, path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body.toString()).toContain('npm run build');
    }
    const other = await get(bare.port, '/assets/app-abc123.js');
    expect(other.status).toBe(404);
    expect(JSON.parse(other.body.toString())).toHaveProperty('error');
    expect((await get(bare.port, '/healthz')).status).toBe(200);
  });
});
