import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Io } from './io.js';
import { main } from './main.js';

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

describe('ubongo solve', () => {
  it('draws the first solution, one letter per piece, with a legend', async () => {
    const r = await ubongo('solve', example('classic-hard.json'));
    expect(r.code).toBe(0);
    expect(r.out).toBe('    A A\nB B B A\nC B D A\nC C D\nC C\nA = L4, B = T4, C = P5, D = I2\n');
  });

  it('--count prints the number alone on the last line', async () => {
    const r = await ubongo('solve', example('hex-arcs.json'), '--count');
    expect(r).toEqual({ code: 0, out: '9\n', err: '' });
  });

  it('--json prints solutions, nodes and ms; with --all the solutions too', async () => {
    const r = await ubongo('solve', example('classic-hard.json'), '--json');
    const json = JSON.parse(r.out) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(['solutions', 'nodes', 'ms']);
    expect(json['solutions']).toBe(4);
    const all = JSON.parse((await ubongo('solve', example('classic-hard.json'), '--json', '--all')).out) as {
      solutions: number;
      list: { piece: string; cells: number[][] }[][];
    };
    expect(all.list).toHaveLength(4);
    expect(all.list[0]?.map((p) => p.piece)).toEqual(['L4', 'T4', 'P5', 'I2']);
  });

  it('--all draws every solution and says how many', async () => {
    const r = await ubongo('solve', example('hex-arcs.json'), '--all');
    expect(lastLine(r.out)).toBe('9 solutions');
    expect(r.out.split('A = #1').length - 1).toBe(9);
  });

  it('says when there is no solution, with exit 1, and why when the areas differ', async () => {
    expect(await ubongo('solve', example('no-solution.json'))).toEqual({ code: 1, out: 'no solution\n', err: '' });
    expect((await ubongo('solve', example('no-solution.json'), '--count')).out).toBe('0\n');
  });

  it('names the problem and where in a bad file, exit 2, no stack trace', async () => {
    const r = await ubongo('solve', example('bad-piece.json'));
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `ubongo: ${example('bad-piece.json')}: pieces[2]: the cells of this piece are not connected edge to edge\n`,
    );
  });

  it.each([
    [['solve'], 'solve needs exactly one FILE'],
    [['solve', 'a', 'b'], 'solve needs exactly one FILE'],
    [['solve', 'x.json', '--bogus'], "Unknown option '--bogus'"],
    [['solve', 'x.json', '--count', '--json'], '--count cannot be combined'],
    [['solve', 'x.json', '--max-nodes', 'ten'], '--max-nodes must be a positive integer'],
    [['solve', '/nonexistent/x.json'], 'cannot read /nonexistent/x.json'],
    [['frobnicate'], 'unknown command frobnicate'],
    [['toString'], 'unknown command toString'],
    [['polyforms', '--grid', 'tri', '--kind', 'free', '--size', '3', '--count'], '--grid must be square or hex'],
    [['polyforms', '--grid', 'hex', '--kind', 'mirror', '--size', '3', '--count'], '--kind must be'],
    [
      ['polyforms', '--grid', 'hex', '--kind', 'free', '--size', '99', '--count'],
      '--size must be an integer from 1 to 10',
    ],
    [['polyforms', '--grid', 'hex', '--kind', 'free', '--size', '3'], 'exactly one of --count and --list'],
  ])('usage error %j', async (args, message) => {
    const r = await ubongo(...args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(r.err).not.toContain('    at ');
  });

  it('gives up at --max-nodes and says the answer is unknown', async () => {
    const r = await ubongo('solve', example('pentominoes-6x10.json'), '--count', '--max-nodes', '100');
    expect(r.code).toBe(2);
    expect(r.err).toContain('gave up after');
  });
});

describe('ubongo polyforms', () => {
  it.each([
    ['square', 'free', 6, 35],
    ['square', 'one-sided', 5, 18],
    ['square', 'fixed', 4, 19],
    ['hex', 'free', 6, 82],
    ['hex', 'one-sided', 4, 10],
    ['hex', 'fixed', 3, 11],
  ])('--grid %s --kind %s --size %i --count is %i', async (grid, kind, size, n) => {
    const r = await ubongo('polyforms', '--grid', grid, '--kind', kind, '--size', String(size), '--count');
    expect(r).toEqual({ code: 0, out: `${n}\n`, err: '' });
  });

  it('--list draws each form', async () => {
    const r = await ubongo('polyforms', '--grid', 'square', '--kind', 'free', '--size', '3', '--list');
    expect(r.out).toBe('#1\n#\n#\n#\n\n#2\n#\n# #\n\n2 free polyominoes of size 3\n');
  });
});

describe('help', () => {
  it.each([['--help'], ['help'], ['help', 'solve'], ['solve', '--help'], ['polyforms', '-h']])(
    '%j',
    async (...args) => {
      const r = await ubongo(...args);
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/^Usage: ubongo/);
    },
  );

  it('with no command, prints help and exits 2', async () => {
    expect((await ubongo()).code).toBe(2);
  });
});

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
    const { SqliteStorage } = await import('@ubongo/server');
    const storage = await SqliteStorage.open(dir);
    expect(await ubongo('admin', 'flagged', '--data-dir', dir)).toEqual({
      code: 1,
      out: '0 accounts flagged\n',
      err: '',
    });
    const guest = { id: 'a1', secretHash: 'ab', name: 'Robo', username: null, passwordHash: null, createdAt: 1 };
    await storage.createAccount(guest);
    await storage.flagAccount(
      'a1',
      'solved C01 easy 1 in 0.10 s, under the human floor of 1.80 s',
      Date.UTC(2026, 10, 26),
    );
    await storage.close();
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
