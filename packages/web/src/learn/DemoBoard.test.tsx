// @vitest-environment jsdom
import type { Cell } from '@ubongo/core';
import { checkSolution, knownPiece, normalize } from '@ubongo/core';
import { shippedDeck } from '@ubongo/core/decks';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DemoBoard } from './DemoBoard.js';
import { DEMO_PUZZLES } from './demo-puzzles.js';

const key = (cells: readonly Cell[]): string =>
  normalize(cells)
    .map((c) => c.join(','))
    .join(' ');
const sorted = (cells: readonly Cell[]): string[] => cells.map((c) => c.join(',')).sort();

describe('the demo boards', () => {
  it('are three or more, of both grids', () => {
    expect(DEMO_PUZZLES.length).toBeGreaterThanOrEqual(3);
    expect(new Set(DEMO_PUZZLES.map((p) => p.task.grid))).toEqual(new Set(['square', 'hex']));
  });

  it.each(DEMO_PUZZLES.map((p) => [`${p.from.board} ${p.from.side} ${p.from.key}`, p] as const))(
    '%s: is that task of the shipped deck, with the known pieces',
    (_, demo) => {
      const deck = shippedDeck(demo.from.deck);
      expect(demo.task.grid).toBe(deck.grid);
      const side = deck.boards.find((b) => b.id === demo.from.board)?.sides[demo.from.side];
      const task = side?.tasks.find((t) => t.key === demo.from.key);
      expect(side && sorted(demo.task.region)).toEqual(side && sorted(side.region));
      expect(demo.task.pieces.map((p) => p.id)).toEqual(task?.pieces);
      for (const piece of demo.task.pieces) expect(key(piece.cells)).toBe(key(knownPiece(piece.id)?.cells ?? []));
    },
  );

  it.each(DEMO_PUZZLES.map((p) => [`${p.from.board} ${p.from.side} ${p.from.key}`, p] as const))(
    '%s: its solution covers the board exactly, by core’s checker, a piece each in order',
    (_, demo) => {
      expect(checkSolution(demo.task, demo.solution)).toEqual({ ok: true, value: true });
      expect(demo.solution.map((p) => p.piece)).toEqual(demo.task.pieces.map((p) => p.id));
      // The tray turns a piece by the grid's own steps, so that it settles on its cells.
      const step = demo.task.grid === 'square' ? 90 : 60;
      expect(demo.tray).toHaveLength(demo.solution.length);
      for (const pose of demo.tray) expect(Math.abs(pose.turn % step)).toBe(0);
    },
  );
});

describe('the demo board', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });

  const placed = (container: HTMLElement): boolean[] =>
    [...container.querySelectorAll('.demo-piece')].map((p) => p.getAttribute('data-placed') === 'true');
  const stage = (container: HTMLElement): Element => {
    const el = container.querySelector('.demo-stage');
    if (!el) throw new Error('no demo board');
    return el;
  };
  // In steps, each in its own act: a step's timer is set once the step before is drawn.
  const wait = (ms: number): void => {
    for (let t = 0; t < ms; t += 50)
      act(() => {
        vi.advanceTimersByTime(50);
      });
  };

  it('puts the pieces in place one by one, then goes on to the next board, and round again', () => {
    const { container } = render(<DemoBoard />);
    expect(container.firstElementChild?.getAttribute('aria-hidden')).toBe('true');
    expect(stage(container).getAttribute('data-puzzle')).toBe('C26-easy-1');
    expect(placed(container)).toEqual([false, false, false]);
    wait(1000);
    expect(placed(container)).toEqual([true, false, false]);
    wait(1200);
    expect(placed(container)).toEqual([true, true, false]);
    wait(1200);
    expect(placed(container)).toEqual([true, true, true]);
    expect(stage(container).classList.contains('demo-solved')).toBe(false);
    wait(1000);
    expect(stage(container).classList.contains('demo-solved')).toBe(true);
    expect(container.querySelector('.demo-cry')?.textContent).toBe('Ubongo!');
    wait(3000);
    expect(stage(container).getAttribute('data-puzzle')).toBe('C25-hard-3');
    expect(placed(container)).toEqual([false, false, false, false]);
    // Every board in turn, then the first again.
    wait(40_000);
    expect(DEMO_PUZZLES.map((p) => `${p.from.board}-${p.from.side}-${p.from.key}`)).toContain(
      stage(container).getAttribute('data-puzzle'),
    );
  });

  it('turns and flips pieces in the tray, and puts them down as they lie in the solution', () => {
    const { container } = render(<DemoBoard />);
    const turns = (): (string | undefined)[] =>
      [...container.querySelectorAll<SVGGElement>('.demo-turn')].map((g) => g.style.transform);
    expect(turns()).toEqual(['rotate(90deg) scaleX(1)', 'rotate(0deg) scaleX(-1)', 'rotate(-90deg) scaleX(1)']);
    for (let k = 0; k < 4; k++) wait(1200);
    expect(turns()).toEqual(Array(3).fill('rotate(0deg) scaleX(1)'));
  });

  it('shows the board solved and still to those who ask for less motion', () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query === '(prefers-reduced-motion: reduce)',
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      })),
    );
    const { container } = render(<DemoBoard />);
    expect(placed(container)).toEqual([true, true, true]);
    expect(stage(container).getAttribute('data-running')).toBe('false');
    wait(20_000);
    expect(stage(container).getAttribute('data-puzzle')).toBe('C26-easy-1');
    expect(placed(container)).toEqual([true, true, true]);
  });

  it('waits while the tab is hidden, and goes on when it is shown again', () => {
    const { container } = render(<DemoBoard />);
    const hide = (state: 'hidden' | 'visible'): void => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
    };
    hide('hidden');
    wait(10_000);
    expect(placed(container)).toEqual([false, false, false]);
    expect(stage(container).getAttribute('data-running')).toBe('false');
    hide('visible');
    wait(1000);
    expect(placed(container)).toEqual([true, false, false]);
  });
});
