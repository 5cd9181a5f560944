import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Io } from './io.js';
import { main } from './main.js';

// The command as installed (its built bin in a process of its own) and `ubongo admin` on a real
// SQLite database: the server lane. The command in-process is main.test.ts.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const example = (name: string): string => `${root}examples/${name}`;

/** Runs the command in-process and captures what it writes. */
async function ubongo(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: Io = {
    out: (t) => (out += t),
    err: (t) => (err += t),
    readFile: (path) => (path === '-' ? '' : readFileSync(path, 'utf8')),
  };
  const code = await main(args, io);
  return { code, out, err };
}

const lastLine = (text: string): string => text.trimEnd().split('\n').pop() ?? '';

describe('the installed command', () => {
  const bin = `${root}packages/cli/bin/ubongo.js`;
  it('runs from node_modules/.bin after npm install and a build', () => {
    const out = execFileSync(process.execPath, [bin, 'solve', example('pentominoes-6x10.json'), '--count'], {
      encoding: 'utf8',
    });
    expect(lastLine(out)).toBe('9356');
  });

  it('reads a puzzle from standard input with -', () => {
    const r = spawnSync(process.execPath, [bin, 'solve', '-', '--count'], {
      input: '{"grid": "square", "region": ["####"], "pieces": ["I2", "I2"]}',
      encoding: 'utf8',
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('1\n');
  });

  it('solve loads neither the decks nor the server', () => {
    // A load hook in the child refuses their modules, so a static import of either anywhere on
    // solve's path fails the run (issue 16: every small solve paid for them).
    const js = (source: string): string => `data:text/javascript,${encodeURIComponent(source)}`;
    const hooks = `export async function load(url, context, next) {
      if (url.includes('/core/dist/decks') || url.includes('/server/dist/')) throw new Error('loaded ' + url);
      return next(url, context);
    }`;
    const register = `import { register } from 'node:module'; register(${JSON.stringify(js(hooks))});`;
    const r = spawnSync(
      process.execPath,
      ['--import', js(register), bin, 'solve', example('pentominoes-3x20.json'), '--count'],
      { encoding: 'utf8' },
    );
    expect(r.stderr).toBe('');
    // The 3x20 rectangle has 2 tilings by the 12 pentominoes, each counted in its 4 orientations.
    expect(r.stdout).toBe('8\n');
  });

  it('exits 2 with one line and no stack trace on bad JSON', () => {
    const r = spawnSync(process.execPath, [bin, 'solve', '-'], { input: '{"grid": ', encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^ubongo: -: line 1 column \d+: not valid JSON/);
  });
});

describe('ubongo admin', () => {
  it('lists the accounts flagged for review, from the database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ubongo-admin-'));
    const { openSqliteStores } = await import('@ubongo/server');
    const stores = await openSqliteStores(dir);
    expect(await ubongo('admin', 'flagged', '--data-dir', dir)).toEqual({
      code: 1,
      out: '0 accounts flagged\n',
      err: '',
    });
    const guest = { id: 'a1', secretHash: 'ab', name: 'Robo', username: null, passwordHash: null, createdAt: 1 };
    await stores.accounts.createAccount(guest);
    await stores.accounts.flagAccount(
      'a1',
      'solved C01 easy 1 in 0.10 s, under the human floor of 1.80 s',
      Date.UTC(2026, 10, 26),
    );
    await stores.close();
    const r = await ubongo('admin', 'flagged', '--data-dir', dir);
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      '2026-11-26T00:00:00.000Z  a1  Robo (guest): solved C01 easy 1 in 0.10 s, under the human floor of 1.80 s\n1 account flagged\n',
    );
    const json = await ubongo('admin', 'flagged', '--data-dir', dir, '--json');
    expect(JSON.parse(json.out)).toMatchObject({ id: 'a1', name: 'Robo', username: null });
    expect((await ubongo('admin', 'banned')).code).toBe(2);
  });
});
