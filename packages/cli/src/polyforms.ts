import type { GridName, SymmetryKind } from '@ubongo/core';
import { drawShape, enumeratePolyforms, GRID_NAMES, gridOf, SYMMETRY_KINDS } from '@ubongo/core';
import { parseArgs } from 'node:util';
import type { Io } from './io.js';
import { EXIT, UsageError } from './io.js';

/** The largest size the command enumerates; beyond it memory and time grow out of hand. */
export const MAX_POLYFORM_SIZE = 10;

/** Help for `ubongo polyforms`. */
export const POLYFORMS_HELP = `Usage: ubongo polyforms --grid square|hex --kind free|one-sided|fixed --size N (--count | --list)

Enumerates the polyforms of N cells: polyominoes on the square grid, polyhexes on the
hexagon grid, counted as distinct under

  free        rotations and reflections (the pieces of a game: either side may be up)
  one-sided   rotations only
  fixed       neither (every orientation counts)

  --count     print how many; the number is alone on the last line
  --list      draw each one as text
  --size N    from 1 to ${MAX_POLYFORM_SIZE}
  -h, --help  this help
`;

/** `ubongo polyforms ...` */
export function polyformsCommand(args: string[], io: Io): number {
  const { values } = parseArgs({
    args,
    options: {
      grid: { type: 'string' },
      kind: { type: 'string' },
      size: { type: 'string' },
      count: { type: 'boolean' },
      list: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.out(POLYFORMS_HELP);
    return EXIT.ok;
  }
  const grid = values.grid;
  if (!GRID_NAMES.includes(grid as GridName))
    throw new UsageError(`--grid must be square or hex, got ${grid ?? 'nothing'}`);
  const kind = values.kind;
  if (!SYMMETRY_KINDS.includes(kind as SymmetryKind)) {
    throw new UsageError(`--kind must be free, one-sided or fixed, got ${kind ?? 'nothing'}`);
  }
  const size = Number(values.size);
  if (!Number.isInteger(size) || size < 1 || size > MAX_POLYFORM_SIZE) {
    throw new UsageError(`--size must be an integer from 1 to ${MAX_POLYFORM_SIZE}, got ${values.size ?? 'nothing'}`);
  }
  if (values.count === values.list) throw new UsageError('give exactly one of --count and --list');
  const forms = enumeratePolyforms(gridOf(grid as GridName), kind as SymmetryKind, size);
  if (values.count) {
    io.out(`${forms.length}\n`);
    return EXIT.ok;
  }
  for (const [i, form] of forms.entries()) io.out(`#${i + 1}\n${drawShape(grid as GridName, form)}\n\n`);
  io.out(`${forms.length} ${kind} ${grid === 'square' ? 'polyominoes' : 'polyhexes'} of size ${size}\n`);
  return EXIT.ok;
}
