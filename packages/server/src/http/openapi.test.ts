import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startServer } from '../server.js';
import { serverPerFile } from '@ubongo/test-support/test-server';

/*
 * The API's description is made from the routes' own schemas, so it cannot drift from them; this
 * holds docs/protocol.md to it: every route the server describes is in the document people read.
 */

const served = serverPerFile((base) => startServer({ ...base, webDir: base.dataDir }));

interface Operation {
  readonly parameters?: { name: string; in: string; schema?: unknown }[];
  readonly responses?: Readonly<Record<string, { description?: string; content?: unknown }>>;
  readonly security?: readonly Readonly<Record<string, unknown>>[];
}

interface OpenApi {
  readonly openapi: string;
  readonly paths: Readonly<Record<string, Readonly<Record<string, Operation>>>>;
  readonly components?: {
    readonly securitySchemes?: Readonly<Record<string, unknown>>;
    readonly schemas?: Readonly<Record<string, unknown>>;
  };
}

describe('GET /api/openapi.json', () => {
  it('describes the routes from their schemas, and docs/protocol.md names every one', async () => {
    const res = await fetch(`${served.http}/api/openapi.json`);
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

  it('describes every operation’s answers, its refusals and its session', async () => {
    const api = (await (await fetch(`${served.http}/api/openapi.json`)).json()) as OpenApi;
    expect(api.components?.securitySchemes?.['session']).toMatchObject({ type: 'http', scheme: 'bearer' });
    const operations = Object.entries(api.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })),
    );
    // Every operation says what it answers on success (a schema, or 204's nothing) and when refused.
    const undescribed = operations.filter(({ op }) => {
      const codes = Object.keys(op.responses ?? {});
      const success = codes.find((c) => /^2/.test(c));
      return (
        success === undefined ||
        (success !== '204' && op.responses?.[success]?.content === undefined) ||
        !codes.includes('429') ||
        codes.includes('default')
      );
    });
    expect(undescribed.map((o) => o.route)).toEqual([]);
    // A named answer is in the document's schemas, with its fields.
    const profile = api.paths['/api/players/{id}']?.['get']?.responses?.['200'];
    expect(JSON.stringify(profile)).toContain('#/components/schemas/ProfileAnswer');
    expect((api.components?.schemas?.['ProfileAnswer'] as { required: string[] }).required).toContain('account');
    // The session: needed by the account's own routes, optional where it adds to the answer, absent elsewhere.
    expect(api.paths['/api/me']?.['get']?.security).toEqual([{ session: [] }]);
    expect(api.paths['/api/daily']?.['get']?.security).toEqual([{}, { session: [] }]);
    expect(api.paths['/api/records']?.['get']?.security).toBeUndefined();
    expect(api.paths['/api/me']?.['get']?.responses?.['401']).toBeDefined();
  });
});
