import { bounds, cellKey, isConnected, normalize, sameCells, sortCells } from './cells.js';
import type { Cell, GridName } from './grid.js';
import { GRID_NAMES, gridOf } from './grid.js';
import { knownPiece, knownPieceIdsText } from './pieces.js';
import type { Result } from './result.js';
import { err, ok } from './result.js';

/** A piece of a puzzle: its label (a known id such as `L4`, or `#3` for the third entry given as cells) and its cells. */
export interface Piece {
  /** The known id, or `#n` for the n-th entry of `pieces` (from 1) given as cells. */
  readonly id: string;
  /** The piece's cells, translated to the origin. */
  readonly cells: readonly Cell[];
}

/** A checked puzzle: a region to cover exactly with every piece, each used once. */
export interface Puzzle {
  /** The grid. */
  readonly grid: GridName;
  /** The cells to cover, sorted by row, without duplicates. */
  readonly region: readonly Cell[];
  /** The pieces to use, in the order given. */
  readonly pieces: readonly Piece[];
}

/** A puzzle as written in a file, before it is checked. */
export interface PuzzleSpec {
  /** `square` or `hex`. */
  readonly grid: GridName;
  /** Rows of text (`#` is a cell; square grid only) or a list of `[x, y]` cells. */
  readonly region: readonly string[] | readonly Cell[];
  /** Known piece ids or explicit lists of `[x, y]` cells. */
  readonly pieces: readonly (string | readonly Cell[])[];
}

/** What can be wrong with a puzzle file. */
export const PUZZLE_ERROR_CODES = [
  'puzzle/json',
  'puzzle/type',
  'puzzle/missing',
  'puzzle/grid',
  'puzzle/empty',
  'puzzle/too-large',
  'puzzle/duplicate-cell',
  'puzzle/unknown-piece',
  'puzzle/disconnected-piece',
] as const;
/** The code of a puzzle error. */
export type PuzzleErrorCode = (typeof PUZZLE_ERROR_CODES)[number];

/** Why a puzzle file was refused, and where: `path` is like `pieces[2]` or `region[3][0]`. */
export interface PuzzleError {
  /** What kind of problem. */
  readonly code: PuzzleErrorCode;
  /** Where: a field and its indexes, or `line L column C` for JSON syntax. */
  readonly path: string;
  /** A sentence for people. */
  readonly message: string;
}

/** Limits that keep a hostile file from exhausting memory or time before the solver starts. */
export const PUZZLE_LIMITS = { regionCells: 4096, pieces: 256, pieceCells: 64, coordinate: 10_000 } as const;

type Checked<T> = Result<T, PuzzleError>;

function fail(code: PuzzleErrorCode, path: string, message: string): { ok: false; error: PuzzleError } {
  return err({ code, path, message });
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}…` : value)}`;
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value as number | boolean)}`;
}

function checkCell(value: unknown, path: string): Checked<Cell> {
  if (!Array.isArray(value) || value.length !== 2) {
    return fail('puzzle/type', path, `expected a cell [x, y], got ${describe(value)}`);
  }
  for (const [i, v] of value.entries()) {
    if (typeof v !== 'number' || !Number.isInteger(v)) {
      return fail('puzzle/type', `${path}[${i}]`, `expected an integer, got ${describe(v)}`);
    }
    if (Math.abs(v) > PUZZLE_LIMITS.coordinate) {
      return fail('puzzle/too-large', `${path}[${i}]`, `coordinate ${v} is beyond ±${PUZZLE_LIMITS.coordinate}`);
    }
  }
  return ok([value[0] as number, value[1] as number]);
}

function checkCellList(value: unknown, path: string, limit: number): Checked<Cell[]> {
  if (!Array.isArray(value)) return fail('puzzle/type', path, `expected a list of cells, got ${describe(value)}`);
  if (value.length === 0) return fail('puzzle/empty', path, 'has no cells');
  if (value.length > limit)
    return fail('puzzle/too-large', path, `has ${value.length} cells, at most ${limit} allowed`);
  const cells: Cell[] = [];
  const seen = new Map<string, number>();
  for (const [i, v] of value.entries()) {
    const cell = checkCell(v, `${path}[${i}]`);
    if (!cell.ok) return cell;
    const key = cellKey(cell.value);
    const first = seen.get(key);
    if (first !== undefined) {
      return fail(
        'puzzle/duplicate-cell',
        `${path}[${i}]`,
        `cell [${key}] is listed twice (also at ${path}[${first}])`,
      );
    }
    seen.set(key, i);
    cells.push(cell.value);
  }
  return ok(cells);
}

function checkRegion(value: unknown, grid: GridName): Checked<Cell[]> {
  if (value === undefined) return fail('puzzle/missing', 'region', 'the field "region" is missing');
  if (!Array.isArray(value)) return fail('puzzle/type', 'region', `expected a list, got ${describe(value)}`);
  if (value.length === 0) return fail('puzzle/empty', 'region', 'has no cells');
  if (!value.some((row) => typeof row === 'string')) {
    return checkCellList(value, 'region', PUZZLE_LIMITS.regionCells);
  }
  if (grid !== 'square') {
    return fail('puzzle/type', 'region', 'rows of text are for the square grid only; list hex cells as [q, r]');
  }
  const cells: Cell[] = [];
  for (const [y, row] of value.entries()) {
    if (typeof row !== 'string')
      return fail('puzzle/type', `region[${y}]`, `expected a row of text, got ${describe(row)}`);
    for (let x = 0; x < row.length; x++) if (row[x] === '#') cells.push([x, y]);
    if (cells.length > PUZZLE_LIMITS.regionCells) {
      return fail('puzzle/too-large', `region[${y}]`, `the region has more than ${PUZZLE_LIMITS.regionCells} cells`);
    }
  }
  if (cells.length === 0) return fail('puzzle/empty', 'region', 'has no cell (a cell is written #)');
  return ok(cells);
}

function checkPiece(value: unknown, index: number, grid: GridName): Checked<Piece> {
  const path = `pieces[${index}]`;
  if (typeof value === 'string') {
    const known = knownPiece(value);
    if (!known) {
      return fail(
        'puzzle/unknown-piece',
        path,
        `unknown piece id ${JSON.stringify(value)}; known on this grid: ${knownPieceIdsText(grid)}`,
      );
    }
    if (known.grid !== grid) {
      return fail(
        'puzzle/unknown-piece',
        path,
        `piece ${value} is for the ${known.grid} grid, this puzzle is on the ${grid} grid`,
      );
    }
    return ok({ id: known.id, cells: normalize(known.cells) });
  }
  const cells = checkCellList(value, path, PUZZLE_LIMITS.pieceCells);
  if (!cells.ok) {
    return cells.error.code === 'puzzle/type' && cells.error.path === path
      ? fail('puzzle/type', path, `expected a piece id or a list of cells, got ${describe(value)}`)
      : cells;
  }
  if (!isConnected(gridOf(grid), cells.value)) {
    return fail('puzzle/disconnected-piece', path, 'the cells of this piece are not connected edge to edge');
  }
  return ok({ id: `#${index + 1}`, cells: normalize(cells.value) });
}

/** Checks a parsed JSON value as a puzzle: either a `Puzzle`, or the first problem and where it is. */
export function puzzleFromSpec(value: unknown): Result<Puzzle, PuzzleError> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail('puzzle/type', '(top)', `expected an object with grid, region and pieces, got ${describe(value)}`);
  }
  const spec = value as Record<string, unknown>;
  const grid = spec['grid'];
  if (grid === undefined) return fail('puzzle/missing', 'grid', 'the field "grid" is missing');
  if (!GRID_NAMES.includes(grid as GridName)) {
    return fail('puzzle/grid', 'grid', `expected "square" or "hex", got ${describe(grid)}`);
  }
  const gridName = grid as GridName;
  const region = checkRegion(spec['region'], gridName);
  if (!region.ok) return region;
  const rawPieces = spec['pieces'];
  if (rawPieces === undefined) return fail('puzzle/missing', 'pieces', 'the field "pieces" is missing');
  if (!Array.isArray(rawPieces)) return fail('puzzle/type', 'pieces', `expected a list, got ${describe(rawPieces)}`);
  if (rawPieces.length === 0) return fail('puzzle/empty', 'pieces', 'has no pieces');
  if (rawPieces.length > PUZZLE_LIMITS.pieces) {
    return fail(
      'puzzle/too-large',
      'pieces',
      `has ${rawPieces.length} pieces, at most ${PUZZLE_LIMITS.pieces} allowed`,
    );
  }
  const pieces: Piece[] = [];
  for (const [i, raw] of rawPieces.entries()) {
    const piece = checkPiece(raw, i, gridName);
    if (!piece.ok) return piece;
    pieces.push(piece.value);
  }
  return ok({ grid: gridName, region: sortCells(region.value), pieces });
}

/** Where in `text` the character at `position` is, as `line L column C` (from 1). */
function lineColumn(text: string, position: number): string {
  const before = text.slice(0, position).split('\n');
  return `line ${before.length} column ${(before[before.length - 1] ?? '').length + 1}`;
}

/** Parses the text of a puzzle file into a checked `Puzzle`, or says what is wrong and where. */
export function parsePuzzle(text: string): Result<Puzzle, PuzzleError> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const position =
      /position (\d+)/.exec(message)?.[1] ?? (/end of JSON input/.test(message) ? text.length : undefined);
    const where = position === undefined ? '(top)' : lineColumn(text, Number(position));
    return fail('puzzle/json', where, `not valid JSON: ${message.replace(/ in JSON at position \d+.*$/s, '')}`);
  }
  return puzzleFromSpec(value);
}

/** The file form of a puzzle: square regions as rows of text, known pieces by id. */
export function puzzleToSpec(puzzle: Puzzle): PuzzleSpec {
  const pieces = puzzle.pieces.map((piece) => {
    const known = knownPiece(piece.id);
    return known && sameCells(normalize(known.cells), piece.cells) ? piece.id : piece.cells;
  });
  if (puzzle.grid !== 'square') return { grid: puzzle.grid, region: puzzle.region, pieces };
  const { minX, minY, maxX, maxY } = bounds(puzzle.region);
  // Rows of text can only show non-negative coordinates; fall back to cells otherwise.
  if (minX < 0 || minY < 0) return { grid: puzzle.grid, region: puzzle.region, pieces };
  const rows: string[] = [];
  const inRegion = new Set(puzzle.region.map(cellKey));
  for (let y = 0; y <= maxY; y++) {
    let row = '';
    for (let x = 0; x <= maxX; x++) row += inRegion.has(cellKey([x, y])) ? '#' : '.';
    rows.push(row.replace(/\.+$/, ''));
  }
  return { grid: puzzle.grid, region: rows, pieces };
}

const cellsJson = (cells: readonly Cell[]): string => `[${cells.map(([x, y]) => `[${x}, ${y}]`).join(', ')}]`;

/** The text of a puzzle file for `puzzle`; `parsePuzzle(makePuzzle(p))` gives `p` back. */
export function makePuzzle(puzzle: Puzzle): string {
  const spec = puzzleToSpec(puzzle);
  const region = spec.region.map((r) => (typeof r === 'string' ? JSON.stringify(r) : `[${r[0]}, ${r[1]}]`));
  const regionText =
    typeof spec.region[0] === 'string' ? `[\n    ${region.join(',\n    ')}\n  ]` : `[${region.join(', ')}]`;
  const pieces = spec.pieces.map((p) => (typeof p === 'string' ? JSON.stringify(p) : cellsJson(p)));
  return `{\n  "grid": ${JSON.stringify(spec.grid)},\n  "region": ${regionText},\n  "pieces": [${pieces.join(', ')}]\n}\n`;
}

/** The number of cells the pieces cover together. */
export function piecesArea(puzzle: Puzzle): number {
  return puzzle.pieces.reduce((sum, p) => sum + p.cells.length, 0);
}
