import { cellKey, components, holes } from './cells.js';
import { difficultyOf } from './difficulty.js';
import type { Cell } from './grid.js';
import { gridOf } from './grid.js';
import { knownPiece } from './pieces.js';
import type { Puzzle } from './puzzle.js';
import type { Result } from './result.js';
import { err, ok } from './result.js';
import { Solver } from './solver.js';

/*
 * A board a player makes (docs/boards.md): a puzzle of the file format (puzzle.ts parses it) that
 * is also a fair Ubongo board: a region of one piece without holes, within a size, covered by
 * 2 to 8 pieces of the decks' own sets (the classic polyominoes on squares, the Extreme polyhexes on
 * hexagons), exactly as large as the pieces, each piece fitting somewhere, and at least one tiling,
 * found within a budget of search nodes so that no board can hold the server. Every refusal names
 * the cell or the piece it is about.
 */

/** What keeps a player's board to the size of the game's boards and the search within a budget. */
export interface PlayerBoardLimits {
  readonly cells: number;
  readonly minPieces: number;
  readonly maxPieces: number;
  readonly span: number;
  readonly nodes: number;
}

/** The limits a player's board is held to. */
export const PLAYER_BOARD_LIMITS: PlayerBoardLimits = {
  /** The most cells the white area may have (the decks' largest boards have 23). */
  cells: 40,
  /** The fewest and the most pieces. */
  minPieces: 2,
  maxPieces: 8,
  /** The most cells across, either way. */
  span: 12,
  /**
   * The search nodes counting a board's solutions may take: about 0.2 s on a busy machine's one
   * core (docs/boards.md, measured); random boards at the other limits took at most a tenth of it.
   */
  nodes: 1_000_000,
};

/** Why a player's board is refused. */
export const BOARD_PROBLEM_CODES = [
  'board/too-large',
  'board/pieces',
  'board/piece-set',
  'board/disconnected',
  'board/hole',
  'board/area',
  'board/piece-fits-nowhere',
  'board/no-solution',
  'board/too-hard',
] as const;

/** The code of a board's refusal. */
export type BoardProblemCode = (typeof BOARD_PROBLEM_CODES)[number];

/** A refusal: its code, where (`region`, `pieces[2]`), the cell or piece it is about, and a sentence. */
export interface BoardProblem {
  readonly code: BoardProblemCode;
  readonly path: string;
  readonly message: string;
  /** The cell the problem is at, if it is at one. */
  readonly cell?: Cell;
  /** The piece (its index in `pieces`) the problem is about, if it is about one. */
  readonly piece?: number;
}

/** What the solver measured of an accepted board. */
export interface BoardMeasures {
  /** Tilings, pieces of one shape interchangeable (as the puzzle format counts). */
  readonly solutions: number;
  /** The project's difficulty (difficulty.ts). */
  readonly difficulty: number;
  /** Search nodes the count took. */
  readonly nodes: number;
}

const problem = (
  code: BoardProblemCode,
  path: string,
  message: string,
  about: { cell?: Cell; piece?: number } = {},
): Result<never, BoardProblem> => err({ code, path, message, ...about });

const spanOf = (cells: readonly Cell[]): number => {
  const xs = cells.map(([x]) => x);
  const ys = cells.map(([, y]) => y);
  return Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) + 1;
};

/** The shape of a board, before the search: size, pieces, one connected area, areas equal. */
function shapeProblem(puzzle: Puzzle, limits: PlayerBoardLimits): Result<never, BoardProblem> | undefined {
  const { grid, region, pieces } = puzzle;
  if (region.length > limits.cells)
    return problem('board/too-large', 'region', `has ${region.length} cells, at most ${limits.cells}`);
  if (spanOf(region) > limits.span)
    return problem('board/too-large', 'region', `is more than ${limits.span} cells across`);
  if (pieces.length < limits.minPieces || pieces.length > limits.maxPieces)
    return problem(
      'board/pieces',
      'pieces',
      `has ${pieces.length} pieces: a board takes ${limits.minPieces} to ${limits.maxPieces}`,
    );
  for (const [i, piece] of pieces.entries())
    if (knownPiece(piece.id)?.grid !== grid)
      return problem(
        'board/piece-set',
        `pieces[${i}]`,
        `is not a piece of the ${grid === 'square' ? 'classic' : 'Extreme'} set`,
        { piece: i },
      );
  const parts = components(gridOf(grid), region).sort((a, b) => b.length - a.length);
  const apart = parts[1]?.[0];
  if (apart)
    return problem('board/disconnected', 'region', `cell [${apart.join(', ')}] is apart from the rest`, {
      cell: apart,
    });
  const hole = holes(gridOf(grid), region)[0]?.[0];
  if (hole)
    return problem('board/hole', 'region', `cell [${hole.join(', ')}] is a hole inside the area`, { cell: hole });
  const area = pieces.reduce((sum, p) => sum + p.cells.length, 0);
  if (area !== region.length)
    return problem('board/area', 'pieces', `the pieces cover ${area} cells and the white area has ${region.length}`);
  return undefined;
}

/** A cell no piece can cover where it lies, if there is one (`covered`: each cell some placement covers). */
function uncoverable(region: readonly Cell[], covered: ReadonlySet<string>): Cell | undefined {
  return region.find((c) => !covered.has(cellKey(c)));
}

/**
 * Whether `puzzle` is a fair board a player may share, and if so its solutions and difficulty;
 * else the first problem, naming its cell or piece. The search stops at `limits.nodes`.
 */
export function checkPlayerBoard(
  puzzle: Puzzle,
  limits: PlayerBoardLimits = PLAYER_BOARD_LIMITS,
): Result<BoardMeasures, BoardProblem> {
  const shape = shapeProblem(puzzle, limits);
  if (shape) return shape;
  const solver = new Solver(puzzle, { maxNodes: limits.nodes });
  const placements = solver.placementCounts();
  const nowhere = placements.findIndex((n) => n === 0);
  if (nowhere >= 0)
    return problem('board/piece-fits-nowhere', `pieces[${nowhere}]`, 'fits nowhere in the white area', {
      piece: nowhere,
    });
  const bare = uncoverable(puzzle.region, coverage(puzzle));
  if (bare)
    return problem('board/no-solution', 'region', `no piece can cover cell [${bare.join(', ')}]`, { cell: bare });
  const solutions = solver.count();
  const { nodes, complete } = solver.stats;
  if (!complete) return problem('board/too-hard', '(top)', `the solver gave up after ${nodes} steps: make it smaller`);
  if (solutions === 0) return problem('board/no-solution', '(top)', 'the pieces cannot cover the white area');
  return ok({ solutions, difficulty: difficultyOf({ solutions, placements }), nodes });
}

/** The keys of the region's cells some piece can cover in some placement that stays inside. */
function coverage(puzzle: Puzzle): Set<string> {
  const grid = gridOf(puzzle.grid);
  const inside = new Set(puzzle.region.map(cellKey));
  const covered = new Set<string>();
  for (const piece of puzzle.pieces)
    for (const symmetry of grid.symmetries) {
      const turned = piece.cells.map(symmetry);
      const [ax, ay] = turned[0] as Cell;
      for (const [x, y] of puzzle.region) {
        const moved = turned.map(([cx, cy]) => [cx - ax + x, cy - ay + y] as const);
        if (moved.every((c) => inside.has(cellKey(c)))) for (const c of moved) covered.add(cellKey(c));
      }
    }
  return covered;
}
