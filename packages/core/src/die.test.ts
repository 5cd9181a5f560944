import { describe, expect, it } from 'vitest';
import { DIE_FACES } from './deck.js';
import { DIE_SYMBOLS } from './die.js';

/** How many numbers each path command takes; the symbols use absolute commands only. */
const ARITY: Record<string, number> = { M: 2, L: 2, H: 1, V: 1, C: 6, S: 4, Q: 4, T: 2, A: 7, Z: 0 };

interface Command {
  readonly op: string;
  readonly args: readonly number[];
}

/**
 * Reads SVG path data as the SVG grammar has it (a command letter, then its numbers, repeated
 * implicitly), or says what is wrong with it. Written for this test, independently of any
 * renderer, so that a typo in a path is caught here rather than drawn as nothing.
 */
function parsePath(d: string): { commands: Command[] } | { error: string } {
  const token = /\s*,?\s*([A-Za-z]|-?(?:\d+\.?\d*|\.\d+))/y;
  const tokens: string[] = [];
  while (token.lastIndex < d.length) {
    const at = token.lastIndex;
    const m = token.exec(d);
    if (!m) {
      if (/^[\s,]*$/.test(d.slice(at))) break;
      return { error: `cannot read ${JSON.stringify(d.slice(at).trimStart().slice(0, 12))}` };
    }
    tokens.push(m[1] ?? '');
  }
  const commands: Command[] = [];
  let op = '';
  let args: number[] = [];
  const flush = (): string | null => {
    if (op === '') return null;
    const n = ARITY[op] ?? 0;
    if (n === 0 ? args.length !== 0 : args.length === 0 || args.length % n !== 0)
      return `${op} takes ${n === 0 ? 'no numbers' : `numbers in groups of ${n}`}, not ${args.length}`;
    // Numbers repeated after M are lines to (the SVG grammar's rule).
    for (let i = 0; i < Math.max(1, args.length / Math.max(n, 1)); i++)
      commands.push({ op: op === 'M' && i > 0 ? 'L' : op, args: args.slice(i * n, i * n + n) });
    return null;
  };
  for (const t of tokens) {
    if (/^[A-Za-z]$/.test(t)) {
      const error = flush();
      if (error) return { error };
      if (!(t in ARITY)) return { error: `unknown or relative command ${t}` };
      if (commands.length === 0 && t !== 'M') return { error: 'a path starts with M' };
      op = t;
      args = [];
    } else {
      if (op === '') return { error: 'a number before any command' };
      args.push(Number(t));
    }
  }
  const error = flush();
  return error ? { error } : { commands };
}

describe('the die symbols', () => {
  it('name and draw every face, each with its own name', () => {
    expect(Object.keys(DIE_SYMBOLS).sort()).toEqual([...DIE_FACES]);
    const names = DIE_FACES.map((f) => DIE_SYMBOLS[f].name);
    expect(names).toEqual(['handprint', 'shield with spears', 'gazelle', 'snake', 'hut', 'mask']);
    for (const face of DIE_FACES) expect(DIE_SYMBOLS[face].paths.length, face).toBeGreaterThan(0);
    const pictures = DIE_FACES.map((f) => DIE_SYMBOLS[f].paths.join(' '));
    expect(new Set(pictures).size).toBe(6);
  });

  it.each(DIE_FACES)('face %s: every path is valid SVG path data, closed, inside the 16 × 16 box', (face) => {
    for (const d of DIE_SYMBOLS[face].paths) {
      const parsed = parsePath(d);
      if ('error' in parsed) throw new Error(`${face}: ${parsed.error} in ${d}`);
      const { commands } = parsed;
      expect(commands[0]?.op, d).toBe('M');
      expect(commands[commands.length - 1]?.op, d).toBe('Z');
      commands.forEach((c, i) => {
        // A subpath is closed before the next one starts.
        if (c.op === 'M' && i > 0) expect(commands[i - 1]?.op, d).toBe('Z');
        let xs: number[];
        let ys: number[];
        if (c.op === 'H') [xs, ys] = [[...c.args], []];
        else if (c.op === 'V') [xs, ys] = [[], [...c.args]];
        else if (c.op === 'A') {
          const [rx = 0, ry = 0, , large = -1, sweep = -1, x = 0, y = 0] = c.args;
          expect(rx > 0 && ry > 0, `${d}: arc radii`).toBe(true);
          expect([0, 1]).toContain(large);
          expect([0, 1]).toContain(sweep);
          [xs, ys] = [[x], [y]];
        } else {
          xs = c.args.filter((_, k) => k % 2 === 0);
          ys = c.args.filter((_, k) => k % 2 === 1);
        }
        for (const v of [...xs, ...ys]) expect(v >= 0 && v <= 16, `${d}: ${v} outside the box`).toBe(true);
      });
    }
  });

  it('the path reader refuses what is not path data', () => {
    expect(parsePath('M1 1L2')).toEqual({ error: 'L takes numbers in groups of 2, not 1' });
    expect(parsePath('M1 1l2 2Z')).toEqual({ error: 'unknown or relative command l' });
    expect(parsePath('M1 1Z3')).toEqual({ error: 'Z takes no numbers, not 1' });
    expect(parsePath('L1 1Z')).toEqual({ error: 'a path starts with M' });
    expect(parsePath('M1 1L2 #3')).toEqual({ error: 'cannot read "#3"' });
    expect(parsePath('M1 1q1 1 2 2Z')).toEqual({ error: 'unknown or relative command q' });
    expect(parsePath('M1 1 2 2 3 3Z')).toEqual({
      commands: [
        { op: 'M', args: [1, 1] },
        { op: 'L', args: [2, 2] },
        { op: 'L', args: [3, 3] },
        { op: 'Z', args: [] },
      ],
    });
  });
});
