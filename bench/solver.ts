// npm run bench: our solver and dancing-links 4.3.10 side by side, in one run, on the same puzzles.
import type { Piece, Puzzle } from '@ubongo/core';
import {
  CLASSIC_PIECES,
  countSolutions,
  createRng,
  enumeratePolyforms,
  HEX,
  parsePuzzle,
  randomInt,
  tiledPuzzle,
} from '@ubongo/core';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dlxCount } from './dlx.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

function time<T>(f: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = f();
  return { value, ms: performance.now() - start };
}

function row(name: string, ours: number, theirs: number): void {
  const fmt = (ms: number): string => `${ms.toFixed(1).padStart(9)} ms`;
  console.log(
    `${name.padEnd(56)} ubongo ${fmt(ours)}   dancing-links ${fmt(theirs)}   ratio ${(theirs / ours).toFixed(1)}x`,
  );
}

function check(name: string, ours: number, theirs: number): void {
  if (ours !== theirs) throw new Error(`${name}: ubongo counted ${ours}, dancing-links ${theirs}`);
}

/** Ubongo-sized puzzles: distinct pieces from `pool`, 3 to 5 of them, 10 to 25 cells. */
function batch(grid: Puzzle['grid'], pool: readonly Piece[], count: number, seed: number): Puzzle[] {
  const rng = createRng(seed);
  const out: Puzzle[] = [];
  while (out.length < count) {
    const k = 3 + randomInt(rng, 3);
    const chosen = new Set<number>();
    while (chosen.size < k) chosen.add(randomInt(rng, pool.length));
    const pieces = [...chosen].map((i, n) => ({ ...(pool[i] as Piece), id: (pool[i] as Piece).id || `#${n + 1}` }));
    const area = pieces.reduce((a, p) => a + p.cells.length, 0);
    if (area < 10 || area > 25) continue;
    const puzzle = tiledPuzzle(grid, pieces, rng);
    if (puzzle) out.push(puzzle);
  }
  return out;
}

console.log(
  `node ${process.version}; both solvers in this one process; 6x10: one run each; batches: best of 3 after a warm-up\n`,
);

const file = `${root}examples/pentominoes-6x10.json`;
const parsed = parsePuzzle(readFileSync(file, 'utf8'));
if (!parsed.ok) throw new Error(parsed.error.message);
const pentominoes = parsed.value;
const ours = time(() => countSolutions(pentominoes).count);
const theirs = time(() => dlxCount(pentominoes));
check('6x10', ours.value, theirs.value);
row(`6x10 pentominoes, all ${ours.value} solutions`, ours.ms, theirs.ms);

// The command as a user runs it, node's start-up included, against the same dancing-links time.
const cli = time(() =>
  execFileSync(process.execPath, [`${root}packages/cli/bin/ubongo.js`, 'solve', file, '--count'], { encoding: 'utf8' }),
);
check('cli', Number(cli.value.trim()), theirs.value);
row('`ubongo solve 6x10.json --count` (process)', cli.ms, theirs.ms);

const classic = batch(
  'square',
  CLASSIC_PIECES.map((p) => ({ id: p.id, cells: p.cells })),
  500,
  1,
);
const hexPool = enumeratePolyforms(HEX, 'free', 4)
  .concat(enumeratePolyforms(HEX, 'free', 5))
  .map((cells) => ({ id: '', cells }));
const hex = batch('hex', hexPool, 300, 2);
for (const [name, puzzles] of [
  ['500 classic-piece puzzles, 3-5 pieces', classic],
  ['300 hexagon puzzles, 3-5 pieces of 4-5', hex],
] as const) {
  // One untimed pass each to warm the JIT, then the best of three timed passes.
  const best = <T>(f: () => T): { value: T; ms: number } => {
    f();
    const runs = [time(f), time(f), time(f)];
    return runs.reduce((x, y) => (y.ms < x.ms ? y : x));
  };
  const a = best(() => puzzles.map((p) => countSolutions(p).count));
  const b = best(() => puzzles.map(dlxCount));
  for (const [i, n] of a.value.entries()) check(`${name} #${i}`, n, b.value[i] ?? -1);
  const solutions = a.value.reduce((s, n) => s + n, 0);
  row(`${name} (${solutions} solutions)`, a.ms, b.ms);
}
