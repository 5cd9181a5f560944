import type { Cell } from './grid.js';
import type { PieceShape } from './piece-shape.js';

/** The four colours of the Extreme edition. */
export const EXTREME_COLOURS = ['red', 'blue', 'green', 'yellow'] as const;
/** One of the Extreme colours. */
export type ExtremeColour = (typeof EXTREME_COLOURS)[number];

/*
 * The Extreme set. The printed catalogue is not known (docs/rules.md §6.2), so these shapes are
 * this project's, fixed now that decks are generated from them. Axial cells [q, r].
 *
 * Rationale: the boards are compact blobs of hexagons that every colour must be able to cover,
 * so compact pieces make for many coverable regions and a rich deck. Among the polyhexes
 * without holes, ranked by how many edges their cells share (then by their diameter):
 * - pieces 1-4, the same in every colour: the four most compact tetrahexes;
 * - pieces 5-8, the same in every colour: the four most compact pentahexes;
 * - pieces 9-10, one pair per colour: the next eight pentahexes, dealt round-robin so that no
 *   colour gets all the easy ones;
 * - pieces 11-13, three per colour: the twelve most compact hexahexes, dealt the same way.
 * Every colour's 13 pieces are 13 different shapes; pieces 9-13 of one colour appear in no other.
 */
const SHARED: readonly (readonly Cell[])[] = [
  [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ],
  [
    [0, 0],
    [0, 1],
    [1, 1],
    [0, 2],
  ],
  [
    [0, 0],
    [1, 0],
    [1, 1],
    [0, 2],
  ],
  [
    [1, 0],
    [1, 1],
    [2, 1],
    [0, 2],
  ],
  [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
    [0, 2],
  ],
  [
    [1, 0],
    [0, 1],
    [1, 1],
    [2, 1],
    [0, 2],
  ],
  [
    [1, 0],
    [0, 1],
    [1, 1],
    [2, 1],
    [1, 2],
  ],
  [
    [0, 0],
    [0, 1],
    [1, 1],
    [0, 2],
    [1, 2],
  ],
];

const OWN: Record<ExtremeColour, readonly (readonly Cell[])[]> = {
  red: [
    [
      [0, 0],
      [1, 0],
      [2, 0],
      [0, 1],
      [0, 2],
    ],
    [
      [0, 0],
      [0, 1],
      [1, 1],
      [2, 1],
      [1, 2],
    ],
    [
      [0, 0],
      [1, 0],
      [2, 0],
      [0, 1],
      [1, 1],
      [0, 2],
    ],
    [
      [0, 0],
      [0, 1],
      [1, 1],
      [2, 1],
      [0, 2],
      [1, 2],
    ],
    [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
      [1, 2],
      [0, 3],
    ],
  ],
  blue: [
    [
      [0, 0],
      [0, 1],
      [0, 2],
      [1, 2],
      [0, 3],
    ],
    [
      [0, 0],
      [1, 0],
      [0, 1],
      [0, 2],
      [1, 2],
    ],
    [
      [1, 0],
      [0, 1],
      [1, 1],
      [2, 1],
      [0, 2],
      [1, 2],
    ],
    [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
      [2, 1],
      [0, 2],
    ],
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [2, 1],
      [0, 2],
      [1, 2],
    ],
  ],
  green: [
    [
      [0, 0],
      [0, 1],
      [1, 1],
      [0, 2],
      [0, 3],
    ],
    [
      [1, 0],
      [0, 1],
      [2, 1],
      [0, 2],
      [1, 2],
    ],
    [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
      [0, 2],
      [1, 2],
    ],
    [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
      [2, 1],
      [1, 2],
    ],
    [
      [0, 0],
      [1, 0],
      [2, 0],
      [1, 1],
      [0, 2],
      [1, 2],
    ],
  ],
  yellow: [
    [
      [0, 0],
      [0, 1],
      [1, 1],
      [2, 1],
      [0, 2],
    ],
    [
      [0, 0],
      [0, 1],
      [1, 1],
      [1, 2],
      [0, 3],
    ],
    [
      [0, 0],
      [0, 1],
      [1, 1],
      [0, 2],
      [1, 2],
      [0, 3],
    ],
    [
      [0, 0],
      [1, 0],
      [0, 1],
      [0, 2],
      [1, 2],
      [0, 3],
    ],
    [
      [0, 0],
      [1, 0],
      [2, 0],
      [1, 1],
      [2, 1],
      [0, 2],
    ],
  ],
};

/** The id of an Extreme piece: colour and number, e.g. `red-7`. */
export function extremePieceId(colour: ExtremeColour, n: number): string {
  return `${colour}-${n}`;
}

/** The 52 Extreme pieces, 13 per colour, in colour order then by number. */
export const EXTREME_PIECES: readonly PieceShape[] = EXTREME_COLOURS.flatMap((colour) =>
  [...SHARED, ...OWN[colour]].map((cells, i) => ({ id: extremePieceId(colour, i + 1), grid: 'hex' as const, cells })),
);

/** The ids of one colour's 13 pieces. */
export function extremeColourPieceIds(colour: ExtremeColour): string[] {
  return Array.from({ length: 13 }, (_, i) => extremePieceId(colour, i + 1));
}
