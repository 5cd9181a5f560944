import { readFileSync } from 'node:fs';
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
