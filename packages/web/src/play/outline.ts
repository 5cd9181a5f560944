import type { Cell, GridName, Point } from '@ubongo/core';
import { cellCorners } from '@ubongo/core';
import { cellSize } from './geometry.js';

/*
 * A set of cells drawn as one shape: its outline (the edges no two of its cells share), and the
 * bevel of a thick tile along it, lit from the upper left. Pieces and the white area are drawn
 * with a handful of paths this way instead of a filter: cheap to paint while a piece is dragged.
 */

/** A cell's corners, clockwise on screen (y down): its inside lies right of each edge. */
const corners = (grid: GridName, cell: Cell): Point[] => cellCorners(grid, cell, cellSize(grid));

interface Edge {
  readonly from: Point;
  readonly to: Point;
}

const pointKey = ([x, y]: Point): string => `${x.toFixed(2)},${y.toFixed(2)}`;

/** How far (radians) the way turns to the right on screen going along `a` then `b`. */
function turn(a: Edge, b: Edge): number {
  const ax = a.to[0] - a.from[0];
  const ay = a.to[1] - a.from[1];
  const bx = b.to[0] - b.from[0];
  const by = b.to[1] - b.from[1];
  return Math.atan2(ax * by - ay * bx, ax * bx + ay * by);
}

/**
 * The outline of a set of cells: one loop per boundary (an outer one, and one per hole), clockwise
 * on screen, without the corners where the outline goes straight on. An edge is on the outline
 * when the cell across it is not in the set: its reverse is then no cell's edge.
 */
export function outlineLoops(grid: GridName, cells: readonly Cell[]): Point[][] {
  const edges = new Map<string, Edge>();
  for (const c of cells) {
    const p = corners(grid, c);
    p.forEach((from, k) => {
      const to = p[(k + 1) % p.length] ?? from;
      edges.set(`${pointKey(from)}>${pointKey(to)}`, { from, to });
    });
  }
  // The edges on the outline, by the corner they leave. Two shapes touching at a corner only
  // (squares on a diagonal) leave it twice.
  const leaving = new Map<string, Edge[]>();
  for (const [k, e] of edges) {
    const [a, b] = k.split('>');
    if (edges.has(`${b}>${a}`)) continue;
    const from = pointKey(e.from);
    leaving.set(from, [...(leaving.get(from) ?? []), e]);
  }
  const loops: Point[][] = [];
  for (const starts of leaving.values()) {
    while (starts.length > 0) {
      const loop: Point[] = [];
      let edge: Edge | undefined = starts.pop();
      const start = edge ? pointKey(edge.from) : '';
      while (edge) {
        loop.push(edge.from);
        const arrived: Edge = edge;
        const to = pointKey(edge.to);
        const out = to === start ? [] : (leaving.get(to) ?? []);
        // Where two edges leave a corner, the one turning most to the right keeps to this shape.
        let best = -1;
        let bestTurn = -Infinity;
        out.forEach((e, k) => {
          const t = turn(arrived, e);
          if (t > bestTurn) {
            bestTurn = t;
            best = k;
          }
        });
        edge = best < 0 ? undefined : out.splice(best, 1)[0];
      }
      loops.push(withoutStraightCorners(loop));
    }
  }
  return loops;
}

function withoutStraightCorners(loop: readonly Point[]): Point[] {
  return loop.filter((p, k) => {
    const a = loop[(k + loop.length - 1) % loop.length] ?? p;
    const b = loop[(k + 1) % loop.length] ?? p;
    const cross = (p[0] - a[0]) * (b[1] - p[1]) - (p[1] - a[1]) * (b[0] - p[0]);
    return Math.abs(cross) > 1e-6;
  });
}

/** The unit normal pointing into the shape across the edge a -> b (its inside is on the right). */
function inward(a: Point, b: Point): Point {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const n = Math.hypot(dx, dy) || 1;
  return [-dy / n, dx / n];
}

/**
 * A loop moved inwards by `d`: each corner where its two edges, each moved by `d`, meet. Fine for
 * the corners of these grids (right angles, 120 and 240 degrees) and `d` well under a cell.
 */
function inset(loop: readonly Point[], d: number): Point[] {
  return loop.map((p, k) => {
    const a = loop[(k + loop.length - 1) % loop.length] ?? p;
    const b = loop[(k + 1) % loop.length] ?? p;
    const n1 = inward(a, p);
    const n2 = inward(p, b);
    const m = d / (1 + n1[0] * n2[0] + n1[1] * n2[1]);
    return [p[0] + m * (n1[0] + n2[0]), p[1] + m * (n1[1] + n2[1])] as const;
  });
}

const fmt = (n: number): string => String(Math.round(n * 10) / 10);
const polygonPath = (points: readonly Point[]): string =>
  `M${points.map(([x, y]) => `${fmt(x)} ${fmt(y)}`).join('L')}Z`;

/** The outline of a set of cells as an SVG path, every loop: the line printed around the white area. */
export function outlinePath(grid: GridName, cells: readonly Cell[]): string {
  return outlineLoops(grid, cells).map(polygonPath).join('');
}

/** The paths a shape is drawn with: its face, and the lit and shaded strips of its bevel. */
export interface TilePaths {
  /** The outline (inset by `gap`), every loop: fill it with evenodd should it have a hole. */
  readonly face: string;
  /** The bevel's strips along the edges that face the lamp (up and left, unless turned). */
  readonly light: string;
  /** The bevel's strips along the edges that face away from it. */
  readonly dark: string;
}

/** Where the lamp is seen from a tile, in the tile's own frame (y down). */
export type Lamp = readonly [number, number];

/** The lamp at the upper left of the screen, over a tile drawn as it lies. */
const UPPER_LEFT: Lamp = [-1, -1];

/**
 * The lamp, in the frame of a tile drawn turned by `turn` degrees (clockwise on the screen) after a
 * mirror across its upright axis if `flip` (CSS `rotate(turn) scaleX(-1)`): still at the screen's
 * upper left, so that a turned tile is lit as the others are rather than turning its light with it.
 */
export function lampFor(turn: number, flip: boolean): Lamp {
  const a = (-turn * Math.PI) / 180;
  const [x, y] = UPPER_LEFT;
  // Rounded: an edge square to the lamp is shaded, whatever the sums' last digits say.
  const round = (v: number): number => Math.round(v * 1e9) / 1e9;
  const rx = round(x * Math.cos(a) - y * Math.sin(a));
  const ry = round(x * Math.sin(a) + y * Math.cos(a));
  return [flip ? -rx : rx, ry];
}

/**
 * A set of cells as a tile: the outline moved in by `gap` (so that two tiles side by side show a
 * seam), and a bevel `bevel` wide inside it, each strip a quadrilateral mitred at the corners, lit
 * from `lamp`.
 */
export function tilePaths(
  grid: GridName,
  cells: readonly Cell[],
  gap: number,
  bevel: number,
  lamp: Lamp = UPPER_LEFT,
): TilePaths {
  const face: string[] = [];
  const light: string[] = [];
  const dark: string[] = [];
  for (const loop of outlineLoops(grid, cells)) {
    const outer = inset(loop, gap);
    const inner = inset(loop, gap + bevel);
    face.push(polygonPath(outer));
    outer.forEach((a, k) => {
      const j = (k + 1) % outer.length;
      const b = outer[j] ?? a;
      const strip = polygonPath([a, b, inner[j] ?? b, inner[k] ?? a]);
      // Lit from the lamp (the upper left): the strip is light when its edge faces it (outward normal).
      const [nx, ny] = inward(a, b);
      (-nx * lamp[0] - ny * lamp[1] > 0 ? light : dark).push(strip);
    });
  }
  return { face: face.join(''), light: light.join(''), dark: dark.join('') };
}

/**
 * How a piece is drawn, in picture units: the seam left between two pieces side by side, and the
 * width of its bevel (square cells are 40 units across, hexagons 24 along a side).
 */
const PIECE_GAP = 1;
const PIECE_BEVEL: Readonly<Record<GridName, number>> = { square: 4, hex: 2.5 };

/** A piece as a tile, as the board in play and the pictures of boards draw it. */
export function pieceTile(grid: GridName, cells: readonly Cell[], lamp?: Lamp): TilePaths {
  return tilePaths(grid, cells, PIECE_GAP, PIECE_BEVEL[grid], lamp);
}
