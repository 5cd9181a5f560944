import type { Puzzle, Solution } from '@ubongo/core/solve';
import { drawSolution, parsePuzzle, piecesArea, pieceLetter, Solver } from '@ubongo/core/solve';
import { parseArgs } from 'node:util';
import type { Io } from './io.js';
import { EXIT, UsageError } from './io.js';

/** Help for `ubongo solve`. */
export const SOLVE_HELP = `Usage: ubongo solve FILE [--count | --json [--all] | --all] [--max-nodes N]

Solves a puzzle file: covers the region exactly with every listed piece, each once,
rotated or flipped as needed. FILE is a puzzle in JSON (see docs/puzzle-format.md),
or - for standard input.

  (no option)     draw the first solution, one letter per piece
  --count         count the solutions; the number is alone on the last line
  --json          print {"solutions": N, "nodes": N, "ms": N} (all solutions counted)
  --all           draw every solution; with --json, add them as "list"
  --max-nodes N   give up after N search nodes (exit 2 if the answer is unknown)
  -h, --help      this help

Pieces of the same shape are interchangeable, so a tiling is counted once.
Exit status: 0 solved, 1 no solution, 2 bad file or bad usage.
`;

function legend(solution: Solution): string {
  return solution.map((p, i) => `${pieceLetter(i)} = ${p.piece}`).join(', ') + '\n';
}

function whyNone(puzzle: Puzzle): string {
  const area = piecesArea(puzzle);
  return area === puzzle.region.length
    ? 'no solution'
    : `no solution: the pieces cover ${area} cells, the region has ${puzzle.region.length}`;
}

/** `ubongo solve FILE ...` */
export function solveCommand(args: string[], io: Io): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      count: { type: 'boolean' },
      json: { type: 'boolean' },
      all: { type: 'boolean' },
      'max-nodes': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(SOLVE_HELP);
    return EXIT.ok;
  }
  if (positionals.length !== 1) throw new UsageError('solve needs exactly one FILE (see ubongo solve --help)');
  if (values.count && (values.json || values.all))
    throw new UsageError('--count cannot be combined with --json or --all');
  const maxNodes = values['max-nodes'] === undefined ? undefined : Number(values['max-nodes']);
  if (maxNodes !== undefined && !(Number.isSafeInteger(maxNodes) && maxNodes > 0)) {
    throw new UsageError(`--max-nodes must be a positive integer, got ${values['max-nodes']}`);
  }
  const file = positionals[0] as string;
  let text: string;
  try {
    text = io.readFile(file);
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const parsed = parsePuzzle(text);
  if (!parsed.ok) throw new UsageError(`${file}: ${parsed.error.path}: ${parsed.error.message}`);
  const puzzle = parsed.value;
  const solver = new Solver(puzzle, maxNodes === undefined ? {} : { maxNodes });
  // Only --json reports the time: the first use of `performance` loads perf_hooks, 1.5 ms more
  // for a small solve.
  const started = values.json ? performance.now() : 0;
  const elapsedMs = (): number => (values.json ? Math.round(performance.now() - started) : 0);
  const incomplete = (): never => {
    throw new UsageError(`gave up after ${solver.stats.nodes} nodes (--max-nodes); the answer is not known`);
  };

  if (values.count || (values.json && !values.all)) {
    const count = solver.count();
    const ms = elapsedMs();
    if (!solver.stats.complete) incomplete();
    if (values.json) io.out(JSON.stringify({ solutions: count, nodes: solver.stats.nodes, ms }) + '\n');
    else io.out(`${count}\n`);
    return count > 0 ? EXIT.ok : EXIT.none;
  }

  if (values.all) {
    const list: Solution[] = [];
    let found = 0;
    for (let s = solver.next(); s; s = solver.next()) {
      found++;
      if (values.json) list.push(s);
      else io.out(`${drawSolution(puzzle.grid, puzzle.region, s)}\n${legend(s)}\n`);
    }
    const ms = elapsedMs();
    if (!solver.stats.complete) incomplete();
    if (values.json) {
      io.out(JSON.stringify({ solutions: found, nodes: solver.stats.nodes, ms, list }) + '\n');
    } else {
      io.out(found === 0 ? `${whyNone(puzzle)}\n` : `${found} solution${found === 1 ? '' : 's'}\n`);
    }
    return found > 0 ? EXIT.ok : EXIT.none;
  }

  const solution = solver.next();
  if (!solution) {
    if (!solver.stats.complete) incomplete();
    io.out(`${whyNone(puzzle)}\n`);
    return EXIT.none;
  }
  io.out(`${drawSolution(puzzle.grid, puzzle.region, solution)}\n${legend(solution)}`);
  return EXIT.ok;
}
