// @vitest-environment jsdom
import type { Cell } from '@ubongo/core';
import { checkSolution, knownPiece, normalize, solveFirst } from '@ubongo/core';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setUpI18n } from '../i18n.js';
import type * as PiecesModule from './Pieces.js';
import { Puzzle } from './Puzzle.js';

// The pieces, drawn as they are, counted: how often the board renders.
const drawn = vi.hoisted(() => ({ count: 0 }));
vi.mock('./Pieces.js', async (importOriginal) => {
  const actual = await importOriginal<typeof PiecesModule>();
  return {
    ...actual,
    Pieces: (props: PiecesModule.PiecesProps) => {
      drawn.count += 1;
      return actual.Pieces(props);
    },
  };
});

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
const press = (el: Element, k: string): void => {
  act(() => {
    fireEvent.keyDown(el, { key: k });
  });
};

/** Puts a solution's pieces down with the keyboard alone: Enter to pick up, R and F, arrows, Enter. */
function placeSolution(container: HTMLElement): void {
  const used = new Set<number>();
  for (const placement of solveFirst(puzzle).solution ?? []) {
    const i = ids.findIndex((id, k) => id === placement.piece && !used.has(k));
    used.add(i);
    const el = pieceEl(container, i);
    for (let n = 0; n < 8 && key(cellsOf(el)) !== key(placement.cells); n++) press(el, n === 4 ? 'f' : 'r');
    expect(key(cellsOf(el))).toBe(key(placement.cells));
    press(el, 'Enter');
    expect(el.getAttribute('aria-label')).toContain('picked up');
    const [ax, ay] = (el.getAttribute('data-at') ?? '').split(',').map(Number);
    const minX = Math.min(...placement.cells.map((c) => c[0]));
    const minY = Math.min(...placement.cells.map((c) => c[1]));
    for (let n = 0; n < Math.abs(minX - (ax ?? 0)); n++) press(el, minX > (ax ?? 0) ? 'ArrowRight' : 'ArrowLeft');
    for (let n = 0; n < Math.abs(minY - (ay ?? 0)); n++) press(el, minY > (ay ?? 0) ? 'ArrowDown' : 'ArrowUp');
    press(el, 'Enter');
    expect(el.getAttribute('data-at')).toBe(`${minX},${minY}`);
  }
}

describe('the puzzle board', () => {
  it('is solved with the keyboard alone, and claims exactly once with placements the checker accepts', () => {
    const onComplete = vi.fn();
    const onMove = vi.fn();
    const { container } = render(<Puzzle task={puzzle} onComplete={onComplete} onMove={onMove} label="test board" />);
    placeSolution(container);
    expect(onComplete).toHaveBeenCalledTimes(1);
    const claimed = onComplete.mock.calls[0]?.[0] as unknown;
    expect(checkSolution(puzzle, claimed).ok).toBe(true);
    expect(container.querySelector('svg')?.getAttribute('data-complete')).toBe('true');
    // The claim carries the trail: every piece put down once (arrow presses in a row are one move),
    // after its turns, in time order; onMove heard each move as it came (each arrow press too).
    const trail = onComplete.mock.calls[0]?.[1] as [number, string, string][];
    const placed = trail.filter((m) => m[1] === 'place');
    expect(placed.map((m) => m[2]).sort()).toEqual([...ids].sort());
    expect(trail.every((m, k) => k === 0 || m[0] >= (trail[k - 1]?.[0] ?? 0))).toBe(true);
    expect(trail.filter((m) => m[1] === 'turn' || m[1] === 'flip').length).toBeGreaterThan(0);
    const heard = onMove.mock.calls.map((c) => (c[0] as { kind: string }).kind);
    expect(heard.filter((k, n) => k !== 'place' || heard[n - 1] !== 'place')).toEqual(
      trail.map((m) => m[1]).filter((k, n, all) => k !== 'place' || all[n - 1] !== 'place'),
    );
  });

  it('with the whole set in the tray: claims once the area is covered, with only the pieces on the board', () => {
    const onComplete = vi.fn();
    // The task's three pieces among others, as in the box; the task's listed first here.
    const tray = [
      ...puzzle.pieces,
      ...['O4', 'I2', 'Z5'].map((id) => ({ id, cells: normalize(knownPiece(id)?.cells ?? []) })),
    ];
    const { container, getByTestId, getByText, rerender } = render(
      <Puzzle task={puzzle} tray={tray} onComplete={onComplete} label="box" />,
    );
    expect(container.querySelectorAll('g.piece')).toHaveLength(6);
    expect(getByTestId('needed').querySelectorAll('svg')).toHaveLength(3);
    // Counted out of the task's pieces, not the tray's.
    expect(getByText('0 of 3 pieces on the board.')).toBeTruthy();
    placeSolution(container);
    // Three pieces are still in the tray: the board is done all the same.
    expect(onComplete).toHaveBeenCalledTimes(1);
    const claimed = onComplete.mock.calls[0]?.[0] as { piece: string }[];
    expect(claimed.map((p) => p.piece).sort()).toEqual([...ids].sort());
    expect(checkSolution(puzzle, claimed).ok).toBe(true);
    // Not before the server says it is solved (the board is then disabled): then the tray folds
    // away, what was left in it too.
    expect(container.querySelector('.puzzle.compact')).toBeNull();
    rerender(<Puzzle task={puzzle} tray={tray} onComplete={onComplete} label="box" disabled />);
    expect(container.querySelector('.puzzle.compact')).not.toBeNull();
    expect([...container.querySelectorAll('g.piece')].map((g) => g.getAttribute('data-at') !== '')).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('marks overlaps, sends a piece back with Escape, and clears the board', () => {
    const onComplete = vi.fn();
    const { container, getByText } = render(<Puzzle task={puzzle} onComplete={onComplete} label="test board" />);
    const a = pieceEl(container, 0);
    const b = pieceEl(container, 1);
    // Both picked up onto the board; the second lands where it first fits, then is pushed onto the first.
    press(a, 'Enter');
    press(a, 'Enter');
    press(b, 'Enter');
    const at = a.getAttribute('data-at');
    while (b.getAttribute('data-at') !== at) press(b, 'ArrowLeft');
    press(b, 'Enter');
    expect(container.querySelectorAll('.piece-cell.bad').length).toBeGreaterThan(0);
    expect(getByText('Some pieces overlap or stick out of the white area.')).toBeTruthy();
    press(b, 'Escape');
    expect(b.getAttribute('data-at')).toBe('');
    expect(container.querySelectorAll('.piece-cell.bad').length).toBe(0);
    act(() => {
      fireEvent.click(getByText('Clear the board'));
    });
    expect(a.getAttribute('data-at')).toBe('');
    expect(getByText('0 of 3 pieces on the board.')).toBeTruthy();
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('pins pieces that a hint shows, and does not claim a solution it was shown', () => {
    const onComplete = vi.fn();
    const solution = solveFirst(puzzle).solution ?? [];
    const { container, rerender } = render(
      <Puzzle task={puzzle} onComplete={onComplete} label="b" shown={solution.slice(0, 1)} />,
    );
    const pinned = container.querySelectorAll('g.piece.pinned');
    expect(pinned.length).toBe(1);
    expect(pinned[0]?.getAttribute('tabindex')).toBe('-1');
    rerender(<Puzzle task={puzzle} onComplete={onComplete} label="b" shown={solution} />);
    expect(container.querySelectorAll('g.piece.pinned').length).toBe(3);
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('renders again when its props change, not when the screen around it does with the same props', () => {
    const onMove = vi.fn();
    const Screen = ({ tick, label }: { tick: number; label: string }) => (
      <div data-tick={tick}>
        <Puzzle task={puzzle} label={label} onMove={onMove} />
      </div>
    );
    const { container, rerender } = render(<Screen tick={0} label="b" />);
    const before = drawn.count;
    for (let tick = 1; tick <= 5; tick++) rerender(<Screen tick={tick} label="b" />);
    expect(container.querySelector('[data-tick="5"]')).not.toBeNull();
    expect(drawn.count).toBe(before);
    rerender(<Screen tick={6} label="another" />);
    expect(drawn.count).toBeGreaterThan(before);
  });

  it('does nothing when disabled, and shows no buttons that would do nothing', () => {
    const { container } = render(<Puzzle task={puzzle} disabled label="b" />);
    const a = pieceEl(container, 0);
    press(a, 'Enter');
    expect(a.getAttribute('data-at')).toBe('');
    expect(a.getAttribute('tabindex')).toBe('-1');
    expect(container.querySelectorAll('.puzzle-tools button')).toHaveLength(0);
  });

  it('shows a board solved before it was drawn as covered, with its pieces put away', () => {
    const { container, getByText } = render(<Puzzle task={puzzle} disabled solved label="b" />);
    expect(container.querySelectorAll('polygon.cell.covered')).toHaveLength(region.length);
    expect(container.querySelectorAll('g.piece')).toHaveLength(0);
    expect(getByText('Solved.')).toBeTruthy();
  });

  it('keeps the pieces where they were put when the board it was played on becomes solved', () => {
    const { container, rerender } = render(<Puzzle task={puzzle} label="b" />);
    placeSolution(container);
    rerender(<Puzzle task={puzzle} disabled solved label="b" />);
    expect(container.querySelectorAll('g.piece[data-at=""]')).toHaveLength(0);
    expect(container.querySelectorAll('polygon.cell.covered')).toHaveLength(0);
  });

  it('undoes moves one at a time: a pick-up moved with arrows and put down is one, a turn another', () => {
    const { container, getByText } = render(<Puzzle task={puzzle} label="b" />);
    const undo = getByText('Undo').closest('button') as HTMLButtonElement;
    expect(undo.disabled).toBe(true);
    const a = pieceEl(container, 1);
    const start = a.getAttribute('data-cells');
    press(a, 'Enter');
    press(a, 'ArrowRight');
    press(a, 'ArrowDown');
    press(a, 'Enter');
    const moved = a.getAttribute('data-at');
    expect(moved).not.toBe('');
    press(a, 'r');
    expect(a.getAttribute('data-cells')).not.toBe(start);
    act(() => {
      fireEvent.click(undo);
    });
    expect(a.getAttribute('data-cells')).toBe(start);
    expect(a.getAttribute('data-at')).toBe(moved);
    act(() => {
      fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    });
    expect(a.getAttribute('data-at')).toBe('');
    expect(undo.disabled).toBe(true);
  });

  it('does not undo past a hint: the pinned pieces stay', () => {
    const solution = solveFirst(puzzle).solution ?? [];
    const { container, rerender, getByText } = render(<Puzzle task={puzzle} label="b" />);
    press(pieceEl(container, 0), 'Enter');
    press(pieceEl(container, 0), 'Enter');
    rerender(<Puzzle task={puzzle} label="b" shown={solution.slice(0, 1)} />);
    expect((getByText('Undo').closest('button') as HTMLButtonElement).disabled).toBe(true);
  });
});
