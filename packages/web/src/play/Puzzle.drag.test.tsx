// @vitest-environment jsdom
// The board under a pointer: drags, taps, double taps, the preview (Puzzle.test.tsx: the rest).
import type { Cell } from '@ubongo/core';
import { knownPiece, normalize } from '@ubongo/core';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { setUpI18n } from '../i18n.js';
import { centre, touchLift } from './geometry.js';
import { Puzzle } from './Puzzle.js';

beforeAll(async () => {
  await setUpI18n();
});
afterEach(cleanup);

const region: Cell[] = [0, 1, 2, 3].flatMap((y) => [0, 1, 2].map((x) => [x, y] as const));
const ids = ['I4', 'L4', 'L4'];
const puzzle = {
  grid: 'square' as const,
  region,
  pieces: ids.map((id) => ({ id, cells: normalize(knownPiece(id)?.cells ?? []) })),
};

const key = (cells: readonly Cell[]): string =>
  normalize(cells)
    .map((c) => c.join(','))
    .join(' ');

function pieceEl(container: HTMLElement, i: number): SVGGElement {
  const el = container.querySelector<SVGGElement>(`g.piece[data-index="${i}"]`);
  if (!el) throw new Error(`no piece ${i}`);
  return el;
}

const cellsOf = (el: Element): Cell[] => JSON.parse(el.getAttribute('data-cells') ?? '[]') as Cell[];

describe('dragging on the board', () => {
  // jsdom lays nothing out: no pointer capture, and picture units are taken as screen pixels.
  beforeAll(() => {
    Object.assign(window.SVGSVGElement.prototype, { setPointerCapture: () => undefined, getScreenCTM: () => null });
  });

  const translateOf = (el: Element | null | undefined): [number, number] => {
    const m = /translate\(([-\d.]+),([-\d.]+)\)/.exec(el?.getAttribute('transform') ?? '');
    return [Number(m?.[1]), Number(m?.[2])];
  };
  /** The share of the board's scale a piece is drawn at (smaller in the tray). */
  const sizeOf = (el: Element): number =>
    Number(/scale\(([-\d.]+)\)/.exec(el.getAttribute('transform') ?? '')?.[1] ?? 1);
  /** Where a piece's cell (by its index) or a board cell is drawn. */
  const onPiece = (container: HTMLElement, i: number, k = 0): [number, number] => {
    const el = pieceEl(container, i);
    const [tx, ty] = translateOf(el);
    const f = sizeOf(el);
    const [cx, cy] = centre('square', cellsOf(el)[k] ?? [0, 0]);
    return [tx + f * cx, ty + f * cy];
  };
  const onBoard = (container: HTMLElement, c: Cell): [number, number] => {
    const [ox, oy] = translateOf(container.querySelector('polygon[data-board-cell]')?.parentElement);
    const [cx, cy] = centre('square', c);
    return [ox + cx, oy + cy];
  };

  /**
   * A pointer (one id per press) pressed on piece `i`, moved over the board, let go. A finger moves
   * and lets go `touchLift` under the point given: a finger's drag carries the piece that far above it.
   */
  function pointer(container: HTMLElement, pointerType: 'touch' | 'mouse') {
    const svg = container.querySelector('svg') as SVGSVGElement;
    let id = 0;
    // The board's scale (CSS pixels per picture unit): its drawn width over its picture's.
    const scale = parseFloat(svg.style.width) / Number(svg.getAttribute('viewBox')?.split(' ')[2]);
    const lift = pointerType === 'touch' ? touchLift('square', scale) / scale : 0;
    const at = (p: [number, number]) => ({ pointerId: id, pointerType, button: 0, clientX: p[0], clientY: p[1] });
    const under = (p: [number, number]) => at([p[0], p[1] + lift]);
    return {
      down(i: number): void {
        id += 1;
        fireEvent.pointerDown(pieceEl(container, i).querySelector('polygon') as Element, at(onPiece(container, i)));
      },
      move(p: [number, number]): void {
        fireEvent.pointerMove(svg, under(p));
      },
      up(p: [number, number]): void {
        fireEvent.pointerUp(svg, under(p));
      },
      tap(i: number): void {
        this.down(i);
        fireEvent.pointerUp(svg, at(onPiece(container, i)));
      },
    };
  }

  it('after a double tap turns a piece over, the next press drags the piece it is on', () => {
    // jsdom stamps events with Date.now(): held still, the two taps are a double tap however slow
    // the machine (on a busy one, real time let 400 ms pass between them).
    vi.useFakeTimers({ toFake: ['Date'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { container } = render(<Puzzle task={puzzle} label="b" />);
    const finger = pointer(container, 'touch');
    const before = cellsOf(pieceEl(container, 1));
    finger.tap(1);
    finger.tap(1);
    expect(key(cellsOf(pieceEl(container, 1)))).not.toBe(key(before));
    expect(container.querySelector('.lifted')).toBeNull();
    finger.down(0);
    finger.move(onBoard(container, [0, 0]));
    finger.up(onBoard(container, [0, 0]));
    expect(pieceEl(container, 0).getAttribute('data-at')).toBe('0,0');
    expect(pieceEl(container, 1).getAttribute('data-at')).toBe('');
  });

  it('tap to place: a tap lifts a piece, a tap on a cell shows it there, a tap on that preview puts it down', () => {
    const moves: string[] = [];
    const { container } = render(<Puzzle task={puzzle} label="b" onMove={(m) => moves.push(`${m.kind} ${m.piece}`)} />);
    const svg = container.querySelector('svg') as SVGSVGElement;
    const finger = pointer(container, 'touch');
    /** A tap on the board's picture at board cell `c`, away from the pieces. */
    const tapCell = (c: Cell): void => {
      const [x, y] = onBoard(container, c);
      const at = { pointerId: 99, pointerType: 'touch', button: 0, clientX: x, clientY: y };
      const el = container.querySelector(`polygon[data-board-cell="${c[0]},${c[1]}"]`) as Element;
      fireEvent.pointerDown(el, at);
      fireEvent.pointerUp(el, at);
    };
    finger.tap(0);
    expect(svg.getAttribute('data-held')).toBe('0');
    expect(pieceEl(container, 0).getAttribute('data-at')).toBe('');
    // The I4 by its first cell onto [1, 0]: shown there first, not put down.
    tapCell([1, 0]);
    expect(svg.getAttribute('data-aim')).toBe('1,0');
    expect(pieceEl(container, 0).getAttribute('data-at')).toBe('');
    tapCell([0, 0]);
    expect(svg.getAttribute('data-aim')).toBe('0,0');
    tapCell([0, 2]);
    expect(pieceEl(container, 0).getAttribute('data-at')).toBe('0,0');
    expect(svg.getAttribute('data-held')).toBe('');
    expect(moves).toEqual(['place I4']);
    // Undo takes the tap's move back as it does a drop's.
    act(() => {
      fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    });
    expect(pieceEl(container, 0).getAttribute('data-at')).toBe('');
  });

  it('a tap, the Flip button, a tap: turned over once, not twice', () => {
    const { container, getByText } = render(<Puzzle task={puzzle} label="b" />);
    const finger = pointer(container, 'touch');
    const before = cellsOf(pieceEl(container, 1));
    finger.tap(1);
    act(() => {
      fireEvent.click(getByText(/Flip/));
    });
    const once = cellsOf(pieceEl(container, 1));
    expect(key(once)).not.toBe(key(before));
    finger.tap(1);
    expect(cellsOf(pieceEl(container, 1))).toEqual(once);
  });

  it('previews the drop where the piece would land, with no render of the board while it moves', () => {
    let commits = 0;
    const { container } = render(
      <Profiler
        id="board"
        onRender={() => {
          commits += 1;
        }}
      >
        <Puzzle task={puzzle} label="b" />
      </Profiler>,
    );
    const finger = pointer(container, 'touch');
    const preview = (): string[] =>
      [...container.querySelectorAll('.drop-preview polygon')].map(
        (p) => `${p.getAttribute('data-preview-cell')}${p.classList.contains('fits') ? '' : '!'}`,
      );
    finger.down(0);
    expect(preview()).toEqual([]);
    const [x, y] = onBoard(container, [0, 0]);
    finger.move([x, y]);
    // I4 stands upright: column 0, rows 0 to 3, all free white cells.
    expect(preview()).toEqual(['0,0', '0,1', '0,2', '0,3']);
    const settled = commits;
    for (let k = 0; k < 20; k++) finger.move([x + (k % 5) * 3 - 6, y + (k % 3) * 4 - 4]);
    expect(commits).toBe(settled);
    finger.move(onBoard(container, [2, 1]));
    expect(preview()).toEqual(['2,1', '2,2', '2,3', '2,4!']);
    expect(commits).toBe(settled);
    finger.up(onBoard(container, [2, 1]));
    expect(preview()).toEqual([]);
    expect(pieceEl(container, 0).getAttribute('data-at')).toBe('2,1');
  });

  it('ends a drag whose pointer capture is lost as a cancel: the piece stays, later moves do nothing', () => {
    const { container, getByText } = render(<Puzzle task={puzzle} label="b" />);
    const finger = pointer(container, 'touch');
    const svg = container.querySelector('svg') as SVGSVGElement;
    finger.down(0);
    finger.move(onBoard(container, [0, 0]));
    expect(container.querySelectorAll('.drop-preview polygon')).toHaveLength(4);
    fireEvent.lostPointerCapture(svg, { pointerId: 1, pointerType: 'touch' });
    expect(container.querySelectorAll('.drop-preview polygon')).toHaveLength(0);
    expect(container.querySelector('.hand-layer')).toBeNull();
    // The same pointer let go over the board afterwards puts nothing there.
    finger.move(onBoard(container, [1, 0]));
    finger.up(onBoard(container, [1, 0]));
    expect(pieceEl(container, 0).getAttribute('data-at')).toBe('');
    // The next press drags as ever.
    finger.down(0);
    finger.move(onBoard(container, [0, 0]));
    finger.up(onBoard(container, [0, 0]));
    expect(pieceEl(container, 0).getAttribute('data-at')).toBe('0,0');
    // Letting go releases the capture too (browsers say so after the pointerup): the drop stands, one move to undo.
    fireEvent.lostPointerCapture(svg, { pointerId: 2, pointerType: 'touch' });
    expect(pieceEl(container, 0).getAttribute('data-at')).toBe('0,0');
    act(() => {
      fireEvent.click(getByText(/Undo/));
    });
    expect(pieceEl(container, 0).getAttribute('data-at')).toBe('');
    expect((getByText(/Undo/) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a context menu turns the piece in hand of a mouse, not of a finger (a long press)', () => {
    const { container } = render(<Puzzle task={puzzle} label="b" />);
    const before = cellsOf(pieceEl(container, 1));
    const finger = pointer(container, 'touch');
    finger.down(1);
    finger.move(onBoard(container, [1, 1]));
    act(() => {
      fireEvent.contextMenu(pieceEl(container, 1));
    });
    expect(cellsOf(pieceEl(container, 1))).toEqual(before);
    finger.up(onBoard(container, [1, 1]));
    const mouse = pointer(container, 'mouse');
    mouse.down(1);
    act(() => {
      fireEvent.contextMenu(pieceEl(container, 1));
    });
    expect(key(cellsOf(pieceEl(container, 1)))).not.toBe(key(before));
  });
});
