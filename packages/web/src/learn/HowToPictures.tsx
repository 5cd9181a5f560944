import type { Cell, DieSymbol, GridName } from '@ubongo/core';
import { DIE_SYMBOLS } from '@ubongo/core';
import { useTranslation } from 'react-i18next';
import { cellSize, extentOf, flipped, rotated, toOrigin } from '../play/geometry.js';
import { pieceLetter } from '../play/draw.js';
import type { Shape } from './howto-drawing.js';
import { Board, colourOf, Frame, PieceShape } from './howto-drawing.js';
import { Gems, Jewels, Marker, Podium } from './howto-scoring.js';
import type { DemoPuzzle } from './demo-puzzles.js';
import { DEMO_PUZZLES } from './demo-puzzles.js';

/*
 * The how-to page's pictures, drawn by the board's own geometry and classes from the same real
 * boards as the home page's demo (DemoBoard.tsx, checked by its test). Each is a picture with a
 * caption that says what it shows; the picture itself is hidden from screen readers, the caption
 * is not.
 */

/** The picture names, each a caption under `howto.pictures`. */
export const HOWTO_PICTURES = [
  'board',
  'solved',
  'die',
  'turns',
  'gems',
  'marker',
  'fixed',
  'extreme',
  'jewels',
] as const;
export type HowToPicture = (typeof HOWTO_PICTURES)[number];

/** The placed pieces of a demo board's solution, each in the colour the board gives it. */
const solvedShapes = (p: DemoPuzzle): Shape[] =>
  p.solution.map((s, i) => ({ cells: s.cells, colour: colourOf(i), letter: pieceLetter(i) }));

/** A piece turned `quarter` steps and flipped or not, from the origin. */
function posed(grid: GridName, cells: readonly Cell[], turns: number, flip: boolean): Cell[] {
  let now = toOrigin(cells);
  if (flip) now = flipped(grid, now);
  const steps = grid === 'square' ? 4 : 6;
  for (let k = 0; k < ((turns % steps) + steps) % steps; k++) now = rotated(grid, now);
  return now;
}

const CLASSIC = DEMO_PUZZLES[0];
const EXTREME = DEMO_PUZZLES.find((p) => p.task.grid === 'hex');

/** A board and the pieces the die gave, waiting beside it (turned and flipped, as they come). */
function BoardAndPieces() {
  if (!CLASSIC) return null;
  const { grid, region } = CLASSIC.task;
  const board = extentOf(grid, region);
  const gap = 24;
  // The pieces in a row under the board, each as it lies in the demo's tray.
  let x = 0;
  const top = board.y + board.h + gap;
  const pieces = CLASSIC.solution.map((s, i) => {
    const pose = CLASSIC.tray[i] ?? { turn: 0, flip: false };
    const cells = posed(grid, s.cells, Math.round(pose.turn / 90), pose.flip);
    const e = extentOf(grid, cells);
    const at: [number, number] = [x - e.x, top - e.y];
    x += e.w + gap;
    return { shape: { cells, colour: colourOf(i), letter: pieceLetter(i) }, at, h: e.h };
  });
  const width = Math.max(board.w, x - gap);
  const height = top + Math.max(...pieces.map((p) => p.h)) - board.y;
  // The board in the middle over the row of pieces.
  const shift = (width - board.w) / 2 - board.x;
  return (
    <Frame box={{ x: 0, y: board.y, w: width, h: height }}>
      <g transform={`translate(${shift.toFixed(1)},0)`}>
        <Board grid={grid} region={region} placed={[]} />
      </g>
      {pieces.map((p, i) => (
        <PieceShape key={i} grid={grid} shape={p.shape} at={p.at} />
      ))}
    </Frame>
  );
}

/** A demo board solved. */
function Solved({ puzzle }: { puzzle: DemoPuzzle | undefined }) {
  if (!puzzle) return null;
  const { grid, region } = puzzle.task;
  return (
    <Frame box={extentOf(grid, region)}>
      <Board grid={grid} region={region} placed={solvedShapes(puzzle)} />
    </Frame>
  );
}

/** The die's six faces, the one rolled picked out, and the row of pieces it names on the board. */
function Die() {
  if (!CLASSIC) return null;
  const faces = Object.entries(DIE_SYMBOLS) as [string, DieSymbol][];
  const size = 40;
  const gap = 10;
  const rolled = CLASSIC.from.key;
  const grid = CLASSIC.task.grid;
  // The row: the rolled face, then its pieces at half size, as the printed board shows them.
  const small = 0.5;
  const rowTop = size + 2 * gap;
  const rowHeight = 3 * cellSize(grid) * small;
  let x = size + 2 * gap;
  const row = CLASSIC.task.pieces.map((p, i) => {
    const e = extentOf(grid, p.cells);
    const at: [number, number] = [x - e.x * small, rowTop + (rowHeight - e.h * small) / 2 - e.y * small];
    x += e.w * small + 1.5 * gap;
    return { shape: { cells: p.cells, colour: colourOf(i), letter: pieceLetter(i) }, at };
  });
  x -= 0.5 * gap;
  const width = Math.max(faces.length * (size + gap) - gap, x - gap);
  const face = (key: string, symbol: DieSymbol, fx: number, fy: number) => (
    <g
      key={`${key}-${fx}-${fy}`}
      transform={`translate(${fx},${fy})`}
      className={key === rolled ? 'howto-rolled' : undefined}
    >
      <rect className="howto-die" width={size} height={size} rx={7} />
      <g transform={`translate(5,5) scale(${((size - 10) / 16).toFixed(3)})`} fillRule="evenodd">
        {symbol.paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </g>
    </g>
  );
  const rolledSymbol = faces.find(([k]) => k === rolled)?.[1];
  return (
    <Frame box={{ x: 0, y: 0, w: width, h: rowTop + rowHeight }}>
      {faces.map(([key, symbol], i) => face(key, symbol, i * (size + gap), 0))}
      <g className="howto-task-row">
        <rect x={-4} y={rowTop - 4} width={x - gap + 8} height={rowHeight + 8} rx={8} />
        {rolledSymbol && face(rolled, rolledSymbol, 0, rowTop + (rowHeight - size) / 2)}
        {row.map((r, i) => (
          <g key={i} transform={`translate(${r.at[0].toFixed(1)},${r.at[1].toFixed(1)}) scale(${small})`}>
            <PieceShape grid={grid} shape={{ ...r.shape, letter: '' }} />
          </g>
        ))}
      </g>
    </Frame>
  );
}

/** One piece as it comes, turned a quarter, then turned over: the same piece each time. */
function Turns() {
  if (!CLASSIC) return null;
  const grid = CLASSIC.task.grid;
  // The L of the classic board: it looks different each way round.
  const i = CLASSIC.solution.findIndex((s) => s.piece === 'L4');
  const base = toOrigin(CLASSIC.solution[Math.max(i, 0)]?.cells ?? []);
  const poses = [base, rotated(grid, base), flipped(grid, rotated(grid, base))];
  const signs = ['⟳', '⇋'];
  const gap = 72;
  let x = 0;
  const drawn = poses.map((cells) => {
    const e = extentOf(grid, cells);
    const at: [number, number] = [x - e.x, -e.y - e.h / 2];
    x += e.w + gap;
    return { cells, at, right: x - gap };
  });
  const height = Math.max(...poses.map((c) => extentOf(grid, c).h));
  const colour = colourOf(Math.max(i, 0));
  return (
    <Frame box={{ x: 0, y: -height / 2, w: x - gap, h: height }}>
      {drawn.map((d, k) => (
        <PieceShape
          key={k}
          grid={grid}
          shape={{ cells: d.cells, colour, letter: pieceLetter(Math.max(i, 0)) }}
          at={d.at}
        />
      ))}
      {signs.map((s, k) => (
        <text key={s} className="howto-sign" x={(drawn[k]?.right ?? 0) + gap / 2} y={0}>
          {s}
        </text>
      ))}
    </Frame>
  );
}

/** The pictures of each section of the how-to page, by section. */
export const SECTION_PICTURES: Readonly<Record<string, readonly HowToPicture[]>> = {
  goal: ['board', 'solved'],
  round: ['die'],
  pieces: ['turns'],
  classic: ['gems', 'marker'],
  fixed: ['fixed'],
  extreme: ['extreme'],
  jewels: ['jewels'],
};

/** One picture of the how-to page with its caption. */
export function HowToFigure({ name }: { name: HowToPicture }) {
  const { t } = useTranslation();
  const picture = (() => {
    switch (name) {
      case 'board':
        return <BoardAndPieces />;
      case 'solved':
        return <Solved puzzle={CLASSIC} />;
      case 'die':
        return <Die />;
      case 'turns':
        return <Turns />;
      case 'gems':
        return <Gems />;
      case 'marker':
        return <Marker />;
      case 'fixed':
        return <Podium />;
      case 'extreme':
        return <Solved puzzle={EXTREME} />;
      case 'jewels':
        return <Jewels />;
    }
  })();
  return (
    <figure className="howto-figure" data-picture={name}>
      <div className="howto-picture" aria-hidden="true">
        {picture}
      </div>
      <figcaption>{t(`howto.pictures.${name}`)}</figcaption>
    </figure>
  );
}
