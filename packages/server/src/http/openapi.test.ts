import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UbongoServer } from '../server.js';
import { startServer } from '../server.js';

/*
 * The API's description is made from the routes' own schemas, so it cannot drift from them; this
 * holds docs/protocol.md to it: every route the server describes is in the document people read.
 */

const dir = mkdtempSync(join(tmpdir(), 'ubongo-openapi-'));
let server: UbongoServer;

beforeAll(async () => {
  server = await startServer({ port: 0, host: '127.0.0.1', dataDir: dir, webDir: dir, log: () => undefined });
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

interface OpenApi {
  readonly openapi: string;
  readonly paths: Readonly<
    Record<string, Readonly<Record<string, { parameters?: { name: string; in: string; schema?: unknown }[] }>>>
  >;
}

describe('GET /api/openapi.json', () => {
  it('describes the routes from their schemas, and docs/protocol.md names every one', async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/api/openapi.json`);
    expect(res.status).toBe(200);
    const api = (await res.json()) as OpenApi;
    expect(api.openapi).toMatch(/^3\./);
    // The schemas are there: a query's allowed values, a path's parameters.
    const records = api.paths['/api/records']?.['get'];
    expect(records?.parameters?.find((p) => p.name === 'mode')).toMatchObject({
      in: 'query',
      schema: { enum: ['timed', 'count'] },
    });
    expect(api.paths['/matchmake/{method}/{room}']?.['post']?.parameters?.map((p) => p.name).sort()).toEqual([
      'method',
      'room',
    ]);

    const docs = readFileSync(new URL('../../../../docs/protocol.md', import.meta.url), 'utf8');
    const routes = Object.entries(api.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    expect(routes.length).toBeGreaterThanOrEqual(17);
    expect(routes.filter((route) => !docs.includes(route))).toEqual([]);
  });
});
