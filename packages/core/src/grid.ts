/** The grids a puzzle can be drawn on. */
export const GRID_NAMES = ['square', 'hex'] as const;
/** The name of a grid: `square` or `hex`. */
export type GridName = (typeof GRID_NAMES)[number];

/** A cell: `[x, y]` on the square grid (y points down), axial `[q, r]` on the hexagon grid. */
export type Cell = readonly [number, number];

/** A symmetry of a grid that fixes the origin. */
export type Symmetry = (cell: Cell) => Cell;

/** The symmetry groups a polyform can be considered under. */
export const SYMMETRY_KINDS = ['free', 'one-sided', 'fixed'] as const;
/** `free`: rotations and reflections; `one-sided`: rotations only; `fixed`: none. */
export type SymmetryKind = (typeof SYMMETRY_KINDS)[number];

/** One interface for both grids: neighbours and symmetries. */
export interface Grid {
  /** The grid's name. */
  readonly name: GridName;
  /** Offsets to the cells that share an edge with the origin. */
  readonly neighbours: readonly Cell[];
  /** Every symmetry: first the rotations (the identity first), then the reflected ones. */
  readonly symmetries: readonly Symmetry[];
  /** How many of `symmetries` are rotations (4 on squares, 6 on hexagons). */
  readonly rotations: number;
}

function makeGrid(
  name: GridName,
  neighbours: readonly Cell[],
  rotate: Symmetry,
  reflect: Symmetry,
  rotations: number,
): Grid {
  const symmetries: Symmetry[] = [];
  for (const mirrored of [false, true]) {
    for (let k = 0; k < rotations; k++) {
      symmetries.push((cell) => {
        let c = mirrored ? reflect(cell) : cell;
        for (let i = 0; i < k; i++) c = rotate(c);
        return c;
      });
    }
  }
  return { name, neighbours, symmetries, rotations };
}

// `+ 0` turns -0 into 0, so that cells compare and print cleanly.
/** The square grid: 4 neighbours, 8 symmetries. */
export const SQUARE: Grid = makeGrid(
  'square',
  [
    [1, 0],
    [0, 1],
    [-1, 0],
    [0, -1],
  ],
  ([x, y]) => [-y + 0, x],
  ([x, y]) => [y, x],
  4,
);

/** The hexagon grid in axial coordinates: 6 neighbours, 12 symmetries. */
export const HEX: Grid = makeGrid(
  'hex',
  [
    [1, 0],
    [0, 1],
    [-1, 1],
    [-1, 0],
    [0, -1],
    [1, -1],
  ],
  ([q, r]) => [-r + 0, q + r],
  ([q, r]) => [r, q],
  6,
);

/** The grid of a given name. */
export function gridOf(name: GridName): Grid {
  return name === 'square' ? SQUARE : HEX;
}

/** The symmetries of `grid` that belong to the group `kind`. */
export function symmetriesOf(grid: Grid, kind: SymmetryKind): readonly Symmetry[] {
  switch (kind) {
    case 'free':
      return grid.symmetries;
    case 'one-sided':
      return grid.symmetries.slice(0, grid.rotations);
    case 'fixed':
      return grid.symmetries.slice(0, 1);
  }
}
