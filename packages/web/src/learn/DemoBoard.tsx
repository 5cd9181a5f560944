import type { Cell, GridName } from '@ubongo/core';
import type { CSSProperties } from 'react';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { PIECE_COLOURS, pieceLetter } from '../play/draw.js';
import { centre, extentOf } from '../play/geometry.js';
import { lampFor, pieceTile } from '../play/outline.js';
import type { DemoPuzzle } from './demo-puzzles.js';
import { DEMO_PUZZLES } from './demo-puzzles.js';
import { BoardDrawing, letterCell } from './board-drawing.js';
import { PiecePattern } from '../seeing/patterns.js';

/*
 * The home page's live board: real boards of the shipped decks, their pieces coming from the tray
 * one by one, turning and flipping on the way, and settling where a solution puts them; then the
 * next board. Pictures only (aria-hidden): the page says in words what it shows. Loaded on its own
 * (React.lazy), so that the front door does not wait for it.
 */

const VIEW = { w: 440, h: 250 } as const;
const BOARD_PART = 240;
/** Pieces wait in the tray at this scale. */
const TRAY_SCALE = 0.65;

/** How long each step lasts before the next (ms): waiting, a piece moving, the board solved, leaving. */
const FIRST_WAIT = 900;
const PIECE_EVERY = 1150;
const SOLVED_AFTER = 900;
const SOLVED_HOLD = 2200;
const LEAVING = 450;
/** Room around a piece's cells in its own picture, for its thickness (picture units). */
const PAD = 6;

/** A length in picture units as CSS: the stage is 440 units wide (`--u` is one unit, by the stage's width). */
const units = (v: number): string => `calc(var(--u) * ${v.toFixed(1)})`;

/** Where a piece goes: its box (about its cells, as they lie in the solution), its middle on the board and in the tray, in picture units. */
interface PieceLayout {
  readonly box: { readonly x: number; readonly y: number; readonly w: number; readonly h: number };
  readonly onBoard: readonly [number, number];
  readonly inTray: readonly [number, number];
}

/** Where the board is drawn (its offset, and its box) and where each piece goes. */
function layOut(puzzle: DemoPuzzle): {
  offset: [number, number];
  box: { x: number; y: number; w: number; h: number };
  pieces: PieceLayout[];
} {
  const { grid, region } = puzzle.task;
  const box = extentOf(grid, region);
  const offset: [number, number] = [BOARD_PART / 2 - (box.x + box.w / 2), VIEW.h / 2 - (box.y + box.h / 2)];
  const n = puzzle.solution.length;
  // The tray in two columns, the first filled first: a piece on its way never passes over one still waiting.
  const perColumn = Math.ceil(n / 2);
  const column = (BOARD_PART + VIEW.w) / 2 - BOARD_PART;
  const pieces = puzzle.solution.map((p, i) => {
    const e = extentOf(grid, p.cells);
    const middle = [e.x + e.w / 2, e.y + e.h / 2] as const;
    const col = Math.floor(i / perColumn);
    const inColumn = col === 0 ? perColumn : n - perColumn;
    const row = i % perColumn;
    return {
      box: e,
      onBoard: [offset[0] + middle[0], offset[1] + middle[1]] as const,
      inTray: [BOARD_PART + column * (col + 0.5), (VIEW.h * (row + 0.5)) / inColumn] as const,
    };
  });
  return { offset, box, pieces };
}

/**
 * A piece of the demo, which turns as a picture (a CSS transform) on its way from the tray: its
 * tile with the bevel lit from the upper left of the screen both where it lies in the tray, turned
 * (`pose`), and on the board. Each lighting is a layer of its own; the one the piece goes to fades in
 * as it travels, rather than its light turning with it.
 */
function DemoTile({
  grid,
  cells,
  viewBox,
  pose,
  placed,
  place,
}: {
  grid: GridName;
  cells: readonly Cell[];
  viewBox: string;
  pose: { readonly turn: number; readonly flip: boolean };
  placed: boolean;
  /** The piece's place among the puzzle's: its pattern, when patterns are asked for. */
  place: number;
}) {
  const upright = useMemo(() => pieceTile(grid, cells), [grid, cells]);
  const turned = useMemo(
    () => (pose.turn % 360 === 0 && !pose.flip ? null : pieceTile(grid, cells, lampFor(pose.turn, pose.flip))),
    [grid, cells, pose.turn, pose.flip],
  );
  return (
    <>
      <svg viewBox={viewBox}>
        <path className="piece-side" d={upright.face} />
        <path className="piece-face" d={upright.face} />
        <PiecePattern d={upright.face} i={place} />
      </svg>
      <svg viewBox={viewBox} className="demo-bevel" style={{ opacity: placed || !turned ? 1 : 0 }}>
        <path className="piece-light" d={upright.light} />
        <path className="piece-dark" d={upright.dark} />
      </svg>
      {turned && (
        <svg viewBox={viewBox} className="demo-bevel" style={{ opacity: placed ? 0 : 1 }}>
          <path className="piece-light" d={turned.light} />
          <path className="piece-dark" d={turned.dark} />
        </svg>
      )}
      <svg viewBox={viewBox}>
        <path className="piece-edge" d={upright.face} />
      </svg>
    </>
  );
}

const REDUCED = '(prefers-reduced-motion: reduce)';

// The stores the board follows (module-level, so that a render does not subscribe anew).
const watchMotion = (changed: () => void): (() => void) => {
  if (typeof matchMedia !== 'function') return () => undefined;
  const query = matchMedia(REDUCED);
  query.addEventListener('change', changed);
  return () => {
    query.removeEventListener('change', changed);
  };
};
const lessMotion = (): boolean => typeof matchMedia === 'function' && matchMedia(REDUCED).matches;
const watchPage = (changed: () => void): (() => void) => {
  document.addEventListener('visibilitychange', changed);
  return () => {
    document.removeEventListener('visibilitychange', changed);
  };
};
const pageShown = (): boolean => document.visibilityState !== 'hidden';

/** Whether the player asks for less motion, followed as it changes. */
function useReducedMotion(): boolean {
  return useSyncExternalStore(watchMotion, lessMotion);
}

/** Whether the tab is shown. */
function usePageShown(): boolean {
  return useSyncExternalStore(watchPage, pageShown);
}

/** The demo's place in its loop: which board, and how far along (0 to n pieces placed, then solved, then leaving). */
interface Moment {
  readonly puzzle: number;
  readonly step: number;
}

/**
 * A small board that plays itself, in a box of its own size (the page keeps its room, so nothing
 * moves when it arrives). Still, solved, for those who ask for less motion; it waits while the
 * tab is hidden or the board is off screen.
 */
export function DemoBoard({ puzzles = DEMO_PUZZLES }: { puzzles?: readonly DemoPuzzle[] }) {
  const reduced = useReducedMotion();
  const shown = usePageShown();
  const boxRef = useRef<HTMLDivElement>(null);
  const [onScreen, setOnScreen] = useState(true);
  const [moment, setMoment] = useState<Moment>({ puzzle: 0, step: 0 });

  useEffect(() => {
    const box = boxRef.current;
    if (!box || typeof IntersectionObserver !== 'function') return;
    const observer = new IntersectionObserver((entries) => {
      const last = entries[entries.length - 1];
      if (last) setOnScreen(last.isIntersecting);
    });
    observer.observe(box);
    return () => {
      observer.disconnect();
    };
  }, []);

  const puzzle = puzzles[moment.puzzle % puzzles.length] ?? DEMO_PUZZLES[0];
  const n = puzzle?.solution.length ?? 0;
  const running = !reduced && shown && onScreen && puzzles.length > 0;
  useEffect(() => {
    if (!running) return;
    const { step } = moment;
    const wait =
      step === 0
        ? FIRST_WAIT
        : step < n
          ? PIECE_EVERY
          : step === n
            ? SOLVED_AFTER
            : step === n + 1
              ? SOLVED_HOLD
              : LEAVING;
    const id = setTimeout(() => {
      setMoment((m) =>
        m.step >= n + 2 ? { puzzle: (m.puzzle + 1) % puzzles.length, step: 0 } : { ...m, step: m.step + 1 },
      );
    }, wait);
    return () => {
      clearTimeout(id);
    };
  }, [running, moment, n, puzzles.length]);

  if (!puzzle) return <div className="puzzle demo-board" aria-hidden="true" />;
  // Less motion: the board solved, as it stands.
  const step = reduced ? n + 1 : moment.step;
  const { offset, box, pieces } = layOut(puzzle);
  const { grid, region } = puzzle.task;
  // Every motion is a transform or an opacity of an HTML layer, which the compositor runs: the page's
  // own thread only redraws when a step begins.
  return (
    <div className="puzzle demo-board" ref={boxRef} aria-hidden="true">
      <div
        key={moment.puzzle}
        className={`demo-stage${step > n ? ' demo-solved' : ''}${step > n + 1 ? ' demo-leaving' : ''}`}
        data-puzzle={`${puzzle.from.board}-${puzzle.from.side}-${puzzle.from.key}`}
        data-step={step}
        data-running={running}
      >
        {/* Solved, the board moves to the middle: the tray is empty. */}
        <div
          className="demo-scene"
          style={{ transform: `translateX(${units(step > n ? (VIEW.w - BOARD_PART) / 2 : 0)})` }}
        >
          <svg className="demo-svg" viewBox={`0 0 ${VIEW.w} ${VIEW.h}`}>
            <g transform={`translate(${offset[0].toFixed(1)},${offset[1].toFixed(1)})`}>
              <BoardDrawing grid={grid} region={region} />
            </g>
          </svg>
          {pieces.map((p, i) => {
            const placed = i < step;
            const pose = puzzle.tray[i] ?? { turn: 0, flip: false };
            const turn = placed ? 0 : pose.turn;
            const flip = placed || !pose.flip ? 1 : -1;
            const [x, y] = placed ? p.onBoard : p.inTray;
            const cells = puzzle.solution[i]?.cells ?? [];
            const [lx, ly] = centre(grid, letterCell(cells));
            const w = p.box.w + 2 * PAD;
            const h = p.box.h + 2 * PAD;
            return (
              <div
                key={i}
                className={`piece demo-piece${i === step - 1 && step <= n ? ' demo-moving' : ''}`}
                data-placed={placed}
                style={
                  {
                    '--piece': PIECE_COLOURS[i % PIECE_COLOURS.length],
                    width: units(w),
                    height: units(h),
                    transform: `translate(${units(x - w / 2)}, ${units(y - h / 2)}) scale(${placed ? 1 : TRAY_SCALE})`,
                  } as CSSProperties
                }
              >
                <div className="demo-turn" style={{ transform: `rotate(${turn}deg) scaleX(${flip})` }}>
                  <DemoTile
                    grid={grid}
                    cells={cells}
                    viewBox={`${(p.box.x - PAD).toFixed(1)} ${(p.box.y - PAD).toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}`}
                    pose={pose}
                    placed={placed}
                    place={i}
                  />
                  {/* Undoes the turn, so that the letter stays upright (a flip only narrows it on the way). */}
                  <div
                    className="demo-letter"
                    style={{
                      left: `${(((lx - p.box.x + PAD) / w) * 100).toFixed(2)}%`,
                      top: `${(((ly - p.box.y + PAD) / h) * 100).toFixed(2)}%`,
                      width: units(30),
                      height: units(30),
                      transform: `translate(-50%, -50%) scaleX(${flip}) rotate(${-turn}deg)`,
                    }}
                  >
                    <svg viewBox="-15 -15 30 30">
                      <text className="piece-letter">{pieceLetter(i)}</text>
                    </svg>
                  </div>
                </div>
              </div>
            );
          })}
          {step > n && (
            <div
              className="demo-cry"
              style={{
                left: units(BOARD_PART / 2 - 90),
                top: units(Math.max(22, offset[1] + box.y - 22) - 22),
                width: units(180),
                height: units(44),
              }}
            >
              <svg viewBox="-90 -22 180 44">
                <text>Ubongo!</text>
              </svg>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
