// npm run bench: our solver beside a C reference of the same search and dancing-links 4.3.10, in
// one run, on the same puzzles.
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
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCReference, cProblem, runC } from './c-reference.js';
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

function readPuzzle(file: string): Puzzle {
  const parsed = parsePuzzle(readFileSync(file, 'utf8'));
  if (!parsed.ok) throw new Error(`${file}: ${parsed.error.message}`);
  return parsed.value;
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

/** The fastest of `runs` calls. */
function best<T>(runs: number, f: () => T): { value: T; ms: number } {
  let out = time(f);
  for (let i = 1; i < runs; i++) {
    const next = time(f);
    if (next.ms < out.ms) out = next;
  }
  return out;
}

const short = (ms: number): string => `${ms.toFixed(1).padStart(7)} ms`;

console.log(
  `node ${process.version}; ubongo and dancing-links in this one process, the C reference as a child process; ` +
    `rectangles: ubongo and C best of 3, dancing-links one run; batches: best of 3 after a warm-up\n`,
);

const dir = mkdtempSync(join(tmpdir(), 'ubongo-bench-'));
let dlx6x10 = 0;
try {
  const c = buildCReference(dir);
  if ('skipped' in c) console.log(`C reference: skipped (${c.skipped})\n`);
  else
    console.log(
      `C reference: bench/c/solver.c, built with \`cc -O3\` in ${c.compileMs.toFixed(0)} ms. It is handed the ` +
        `problem compiled as our solver compiles it (cells in scan order, placements by anchor and shape, the ` +
        `symmetry shortcut's orbits; built by the bench in TS, outside both times) and walks the same tree (equal ` +
        `node counts checked). "C" is its own clock from the end of reading its input: its tables and the search; ` +
        `"process" is the whole child process. ubongo's time includes compiling its placements.\n`,
    );

  for (const [w, h, expected] of [
    [6, 10, 9356],
    [5, 12, 4040],
    [4, 15, 1472],
  ] as const) {
    const name = `${w}x${h}`;
    const puzzle = readPuzzle(`${root}examples/pentominoes-${name}.json`);
    const ours = best(3, () => countSolutions(puzzle));
    const theirs = time(() => dlxCount(puzzle));
    if (ours.value.count !== expected) throw new Error(`${name}: ubongo counted ${ours.value.count}, not ${expected}`);
    check(name, ours.value.count, theirs.value);
    if (name === '6x10') dlx6x10 = theirs.ms;
    let cText = 'C skipped';
    let ratio = 'ubongo/C    -';
    let tree = '';
    if (!('skipped' in c)) {
      const problem = cProblem(puzzle);
      const runs = [runC(c.binary, problem), runC(c.binary, problem), runC(c.binary, problem)];
      const run = runs.reduce((x, y) => (y.searchMs < x.searchMs ? y : x));
      if (run.count !== expected) throw new Error(`${name}: the C reference counted ${run.count}, not ${expected}`);
      if (run.nodes !== ours.value.stats.nodes)
        throw new Error(`${name}: the C reference searched ${run.nodes} nodes, ubongo ${ours.value.stats.nodes}`);
      cText = `C ${short(run.searchMs)} (process ${short(run.processMs)})`;
      ratio = `ubongo/C ${(ours.ms / run.searchMs).toFixed(1).padStart(4)}x`;
      tree = `   (${run.nodes} nodes each)`;
    }
    console.log(
      `${`${name} pentominoes, all ${expected} solutions`.padEnd(37)} ubongo ${short(ours.ms)}   ${cText}   ` +
        `dancing-links ${short(theirs.ms)}   ${ratio}   dancing-links/ubongo ${(theirs.ms / ours.ms).toFixed(1)}x${tree}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
console.log('');

// The command as a user runs it, node's start-up included, against the same dancing-links time.
const file = `${root}examples/pentominoes-6x10.json`;
const cli = time(() =>
  execFileSync(process.execPath, [`${root}packages/cli/bin/ubongo.js`, 'solve', file, '--count'], {
    encoding: 'utf8',
  }),
);
check('cli', Number(cli.value.trim()), 9356);
row('`ubongo solve 6x10.json --count` (process)', cli.ms, dlx6x10);

// A small solve as a whole process, against node starting an empty script: what is left above
// that floor is ours (loading the solve path of core, compiling and counting cold). Medians of 9.
const median = (f: () => unknown): number => {
  const runs = Array.from({ length: 9 }, () => time(f).ms).sort((x, y) => x - y);
  return runs[4] ?? 0;
};
const small = `${root}examples/pentominoes-3x20.json`;
let smallCount = '';
const smallMs = median(() => {
  smallCount = execFileSync(process.execPath, [`${root}packages/cli/bin/ubongo.js`, 'solve', small, '--count'], {
    encoding: 'utf8',
  });
});
check('cli 3x20', Number(smallCount.trim()), 8);
const floorMs = median(() => execFileSync(process.execPath, ['--input-type=module', '-e', '']));
console.log(
  `${'`ubongo solve 3x20.json --count` (process, median of 9)'.padEnd(56)} ubongo ${smallMs.toFixed(1).padStart(9)} ms   node with an empty script ${floorMs.toFixed(1).padStart(7)} ms   ours above it ${(smallMs - floorMs).toFixed(1)} ms${process.env['NODE_EXTRA_CA_CERTS'] ? '   (NODE_EXTRA_CA_CERTS is set: node reads it at every start)' : ''}`,
);

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
  const warmBest = <T>(f: () => T): { value: T; ms: number } => {
    f();
    return best(3, f);
  };
  const a = warmBest(() => puzzles.map((p) => countSolutions(p).count));
  const b = warmBest(() => puzzles.map(dlxCount));
  for (const [i, n] of a.value.entries()) check(`${name} #${i}`, n, b.value[i] ?? -1);
  const solutions = a.value.reduce((s, n) => s + n, 0);
  row(`${name} (${solutions} solutions)`, a.ms, b.ms);
}
