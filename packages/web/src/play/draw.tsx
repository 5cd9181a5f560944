import type { Cell, ExtremeColour, GridName, Puzzle as PuzzleTask } from '@ubongo/core';
import type { ReactNode, Ref, RefObject } from 'react';
import { useCallback, useImperativeHandle, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cellPolygon, dropPreview, extentOf, offsetPx } from './geometry.js';
import { pieceTile } from './outline.js';
import { PiecePattern } from '../seeing/patterns.js';

/*
 * How the board looks, apart from how it is played: the pieces' colours and letters, the printed
 * card, a piece's small picture, and the layers over the board for the piece in hand and where it
 * would land. The board in play, the pictures of boards and the how-to pictures draw with these.
 */

/** Colours told apart by most people; every piece also carries its letter. */
export const PIECE_COLOURS = ['#e76f51', '#2a9d8f', '#e9c46a', '#6d6ab8', '#f4a3c0', '#8ab17d'];
export const pieceLetter = (i: number): string => String.fromCharCode(65 + i);

/**
 * Extreme's pieces come in the colour of the hexagon drawn, as the box's tiles do: a colour's
 * pieces are drawn in shades of it (their letters, and patterns when asked for, tell them apart),
 * the first shade being the colour itself, as "Your colour" shows it. The shades are far enough
 * apart in lightness to be told apart with each common colour-vision deficiency, and the four
 * colours from one another (seeing/vision.test.ts measures both).
 */
export const EXTREME_SHADES: Readonly<Record<ExtremeColour, readonly string[]>> = {
  red: ['#d7263d', '#eb939e', '#761522', '#e15c6e'],
  blue: ['#1b6ec2', '#8db7e1', '#0f3d6b', '#5f9ad4'],
  green: ['#22a05a', '#6fc194', '#135832', '#1a7844'],
  yellow: ['#f2c230', '#f9e198', '#856b1a', '#b69224'],
};

const EXTREME = Object.keys(EXTREME_SHADES) as ExtremeColour[];
const extremeColourOf = (id: string): ExtremeColour | undefined => EXTREME.find((c) => id.startsWith(`${c}-`));

/** The colour an Extreme colour's pieces are drawn in (its first shade), or undefined for what is no such colour. */
export const extremeFill = (colour: string): string | undefined =>
  EXTREME.includes(colour as ExtremeColour) ? EXTREME_SHADES[colour as ExtremeColour][0] : undefined;

/** The colour a piece is drawn in, by its id and its place `i` among the pieces shown. */
export function pieceColour(id: string, i: number): string {
  const colour = extremeColourOf(id);
  const shades = colour ? EXTREME_SHADES[colour] : PIECE_COLOURS;
  return shades[i % shades.length] ?? '#888';
}

/** Room around a piece in a layer of its own (picture units): its lifted shadow (play.css) and its edges' strokes. */
const LAYER_MARGIN = 12;

/**
 * The card a board is printed on, around the box of its white area (x, y, w, h): its face
 * (`board-back`), the card's edge under it and a soft shadow on the table, all plain shapes.
 */
export function BoardCard({ x, y, w, h, margin = 6 }: { x: number; y: number; w: number; h: number; margin?: number }) {
  const box = { x: x - margin, y: y - margin, width: w + 2 * margin, height: h + 2 * margin };
  const r = Math.min(10, margin + 4);
  return (
    <>
      <rect className="board-shadow" {...box} x={box.x + 1} y={box.y + 5} rx={r + 2} />
      <rect className="board-shadow" {...box} x={box.x - 1} y={box.y + 2} width={box.width + 2} rx={r + 1} />
      <rect className="board-edge" {...box} y={box.y + 2.5} rx={r} />
      <rect className="board-back" {...box} rx={r} />
      <rect
        className="board-print"
        x={box.x + 2.5}
        y={box.y + 2.5}
        width={box.width - 5}
        height={box.height - 5}
        rx={r - 2}
      />
    </>
  );
}

/** A small picture of a piece and its letter: the pieces a task needs, as the printed board shows them. */
export function PieceIcon({
  grid,
  cells,
  colour,
  letter,
  place,
}: {
  grid: PuzzleTask['grid'];
  cells: readonly Cell[];
  colour: string;
  letter: string;
  /** The piece's place among the task's pieces: its pattern, when patterns are asked for. */
  place: number;
}) {
  const e = extentOf(grid, cells);
  const tile = pieceTile(grid, cells);
  return (
    <span className="needed-piece">
      <svg
        className="piece-icon"
        viewBox={`${(e.x - 2).toFixed(1)} ${(e.y - 2).toFixed(1)} ${(e.w + 4).toFixed(1)} ${(e.h + 4).toFixed(1)}`}
        height="32"
        aria-hidden="true"
      >
        <path d={tile.face} fill={colour} stroke="#0009" strokeWidth="1.5" />
        <PiecePattern d={tile.face} i={place} />
        <path d={tile.light} fill="#fff" fillOpacity="0.45" />
        <path d={tile.dark} fill="#000" fillOpacity="0.28" />
      </svg>
      <b>{letter}</b>
    </span>
  );
}

/** Shows the drop preview with the dragged piece's origin at `at`, or hides it (null). */
export type ShowPreview = (at: Cell | null) => void;

const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * Where the piece in hand would land: the board cells it would take, each fitting (a free white
 * cell) or not. Drawn without React, through `control`: during a drag nothing of the board
 * renders. The preview is the piece's cells drawn once, in a layer of their own that is moved a
 * whole cell at a time (cells move the picture linearly: geometry.ts), as the piece in hand is:
 * a cell further changes a transform, and only cells whose fit changes are restyled.
 */
export function DropPreview({
  grid,
  region,
  taken,
  cells,
  origin,
  scale,
  hatch,
  control,
}: {
  grid: GridName;
  region: readonly Cell[];
  taken: readonly Cell[];
  cells: readonly Cell[];
  origin: readonly [number, number];
  scale: number;
  /** The id of the stripes a cell that does not fit is filled with. */
  hatch: string;
  control: RefObject<ShowPreview | null>;
}) {
  const layer = useRef<HTMLDivElement>(null);
  const group = useRef<SVGGElement>(null);
  const at = useRef<Cell | null>(null);
  // The cells the polygons are drawn for: drawn again only when the piece turns.
  const drawnFor = useRef<readonly Cell[] | null>(null);
  const draw = useCallback((): void => {
    const g = group.current;
    const box = layer.current;
    if (!g || !box) return;
    const shown = at.current ? dropPreview(region, taken, cells, at.current) : [];
    // Off the board the cells are made invisible, not taken away: a shape put into the page or taken
    // out of it restyles the page (the page's layout asks whether it holds a play screen, :has()),
    // and display: none would take their layout away. They go when the drag does.
    const visibility = shown.length === 0 ? 'hidden' : '';
    if (g.style.visibility !== visibility) g.style.visibility = visibility;
    if (cells.length === 0) {
      g.replaceChildren();
      drawnFor.current = null;
    }
    if (!at.current || shown.length === 0) return;
    if (drawnFor.current !== cells) {
      g.replaceChildren(
        ...cells.map((c) => {
          const polygon = document.createElementNS(SVG_NS, 'polygon');
          polygon.setAttribute('points', cellPolygon(grid, c));
          return polygon;
        }),
      );
      drawnFor.current = cells;
    }
    shown.forEach(({ cell, fits }, k) => {
      const polygon = g.children[k];
      if (!polygon) return;
      const kind = fits ? 'fits' : 'clash';
      if (polygon.getAttribute('class') !== kind) polygon.setAttribute('class', kind);
      polygon.setAttribute('data-preview-cell', `${cell[0]},${cell[1]}`);
    });
    const [dx, dy] = offsetPx(grid, at.current);
    box.style.transform = `translate(${(dx * scale).toFixed(2)}px, ${(dy * scale).toFixed(2)}px)`;
  }, [grid, region, taken, cells, scale]);
  useImperativeHandle(
    control,
    () => (next: Cell | null) => {
      at.current = next;
      draw();
    },
    [draw],
  );
  // A turn in hand: the preview of the piece as it now lies.
  useLayoutEffect(draw, [draw]);
  // Drawn where the piece would lie at cell [0, 0], and moved from there. A cell that does not fit
  // is striped as well as red (not told by colour alone), by its fill: a fill changes how a cell
  // is painted, where a dashed outline would change its shape and lay it out again.
  return (
    <PieceLayer ref={layer} className="preview-layer" grid={grid} cells={cells} at={origin} scale={scale}>
      <defs>
        <pattern id={hatch} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="6" height="6" fill="#ff2d2d40" />
          <rect width="3" height="6" fill="#ff2d2dc0" />
        </pattern>
      </defs>
      <g
        ref={group}
        className="drop-preview"
        transform={`translate(${origin[0]},${origin[1]})`}
        style={{ ['--clash' as string]: `url(#${hatch})` }}
      />
    </PieceLayer>
  );
}

/**
 * A layer over the board just the size of a piece with its cells `cells` drawn translated by `at`
 * (picture units), the board drawn at `scale` CSS pixels per unit: its box lies where that piece
 * is on the board, and `children` are drawn in the board's picture units.
 */
export function PieceLayer({
  ref,
  className,
  grid,
  cells,
  at,
  scale,
  children,
}: {
  ref: Ref<HTMLDivElement>;
  className: string;
  grid: GridName;
  cells: readonly Cell[];
  at: readonly [number, number];
  scale: number;
  children: ReactNode;
}) {
  const e = cells.length > 0 ? extentOf(grid, cells) : { x: 0, y: 0, w: 0, h: 0 };
  const x = at[0] + e.x - LAYER_MARGIN;
  const y = at[1] + e.y - LAYER_MARGIN;
  const w = e.w + 2 * LAYER_MARGIN;
  const h = e.h + 2 * LAYER_MARGIN;
  const px = (n: number): string => `${(n * scale).toFixed(2)}px`;
  return (
    <div ref={ref} className={className} style={{ left: px(x), top: px(y) }} aria-hidden="true">
      <svg viewBox={`${x.toFixed(2)} ${y.toFixed(2)} ${w.toFixed(2)} ${h.toFixed(2)}`} width={px(w)} height={px(h)}>
        {children}
      </svg>
    </div>
  );
}

/** The light on a piece's face, from the upper left: one gradient for every piece of a board. */
export function Sheen({ id }: { id: string }) {
  return (
    <defs>
      <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor="#fff" stopOpacity="0.38" />
        <stop offset="0.45" stopColor="#fff" stopOpacity="0" />
        <stop offset="1" stopColor="#000" stopOpacity="0.14" />
      </linearGradient>
    </defs>
  );
}

/**
 * The pieces a task needs, above a tray that holds the whole set: each in the colour and with the
 * letter of the tray's piece for it (a task may need two of a kind).
 */
export function Needed({
  grid,
  pieces,
  given,
}: {
  grid: GridName;
  pieces: PuzzleTask['pieces'];
  given: PuzzleTask['pieces'];
}) {
  const { t } = useTranslation();
  const used = new Set<number>();
  return (
    <p className="needed" data-testid="needed">
      {t('puzzle.needed')}{' '}
      {pieces.map((p, k) => {
        const i = given.findIndex((q, j) => q.id === p.id && !used.has(j));
        used.add(i);
        const colour = pieceColour(p.id, i);
        return <PieceIcon key={k} grid={grid} cells={p.cells} colour={colour} letter={pieceLetter(i)} place={i} />;
      })}
    </p>
  );
}
