import type { Cell, GridName } from './grid.js';

// Its own file: both sets are made of it, the classic (pieces.ts) and Extreme (extreme.ts).

/** A named piece: its id and its cells in the orientation the rules print it. */
export interface PieceShape {
  /** The piece's id, e.g. `L4`. */
  readonly id: string;
  /** The grid the piece lives on. */
  readonly grid: GridName;
  /** The piece's cells. */
  readonly cells: readonly Cell[];
}
