import { EXTREME_PIECES } from './extreme.js';
import type { Cell, GridName } from './grid.js';
import type { PieceShape } from './piece-shape.js';

export type { PieceShape } from './piece-shape.js';

/** The ids of the classic set, in the order of docs/rules.md §6.1. */
export const CLASSIC_PIECE_IDS = ['I2', 'I3', 'V3', 'T4', 'L4', 'I4', 'S4', 'O4', 'Y5', 'L5', 'P5', 'Z5'] as const;
/** The id of a classic piece. */
export type ClassicPieceId = (typeof CLASSIC_PIECE_IDS)[number];

// prettier-ignore
const CLASSIC_CELLS: Record<ClassicPieceId, readonly Cell[]> = {
  I2: [[0, 0], [0, 1]],
  I3: [[0, 0], [0, 1], [0, 2]],
  V3: [[0, 0], [0, 1], [1, 1]],
  T4: [[1, 0], [0, 1], [1, 1], [1, 2]],
  L4: [[0, 0], [1, 0], [1, 1], [1, 2]],
  I4: [[0, 0], [0, 1], [0, 2], [0, 3]],
  S4: [[0, 0], [0, 1], [1, 1], [1, 2]],
  O4: [[0, 0], [1, 0], [0, 1], [1, 1]],
  Y5: [[1, 0], [0, 1], [1, 1], [1, 2], [1, 3]],
  L5: [[1, 0], [1, 1], [1, 2], [0, 3], [1, 3]],
  P5: [[0, 0], [1, 0], [0, 1], [1, 1], [1, 2]],
  Z5: [[0, 0], [1, 0], [1, 1], [1, 2], [2, 2]],
};

/** The classic set: every player has these 12 different polyominoes, 48 cells in all. */
export const CLASSIC_PIECES: readonly PieceShape[] = CLASSIC_PIECE_IDS.map((id) => ({
  id,
  grid: 'square',
  cells: CLASSIC_CELLS[id],
}));

const KNOWN = new Map<string, PieceShape>([...CLASSIC_PIECES, ...EXTREME_PIECES].map((p) => [p.id, p]));

/** The known piece with this id, if there is one. */
export function knownPiece(id: string): PieceShape | undefined {
  return KNOWN.get(id);
}

/** The ids of the known pieces of a grid, in short, for messages. */
export function knownPieceIdsText(grid: GridName): string {
  return grid === 'square'
    ? CLASSIC_PIECE_IDS.join(', ')
    : 'red-1 … red-13, blue-1 … blue-13, green-1 … green-13, yellow-1 … yellow-13';
}
