import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/*
 * docs/operations.md is how an operator configures the server: every environment variable it names
 * must be one the server reads (a renamed or dropped variable would be set and silently ignored),
 * and every UBONGO_ variable the server reads must be there.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const doc = readFileSync(join(root, 'docs/operations.md'), 'utf8');

/** The `npm run soak` bench's own sizes, documented beside it: read by bench/soak.ts, not the server. */
const SOAK = ['SOAK_SECONDS', 'TABLES', 'SEED'];

/** The text of every source file (not a test) under `dir`. */
function sources(dir: string): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return sources(path);
      return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
}

/** The variables a text names as code: `UBONGO_DATA_DIR`, `PORT`. */
const documented = [...new Set([...doc.matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)`/g)].map((m) => m[1] ?? ''))];

/** Whether `code` reads `name`: as a string, the way `process.env['NAME']` and the limits' table name it. */
const reads = (code: string, name: string): boolean => code.includes(`'${name}'`) || code.includes(`"${name}"`);

it('names only variables the server reads (the soak bench its own)', () => {
  const server = sources(join(root, 'packages/server/src'));
  const soak = readFileSync(join(root, 'bench/soak.ts'), 'utf8');
  expect(documented.length).toBeGreaterThan(15);
  expect(documented.filter((name) => !reads(SOAK.includes(name) ? soak : server, name))).toEqual([]);
});

it('names every UBONGO_ variable the server reads', () => {
  const server = sources(join(root, 'packages/server/src'));
  const read = [...new Set([...server.matchAll(/['"](UBONGO_[A-Z0-9_]+)['"]/g)].map((m) => m[1] ?? ''))];
  expect(read.length).toBeGreaterThan(10);
  expect(read.filter((name) => !documented.includes(name))).toEqual([]);
});
