import { describe, expect, it } from 'vitest';
import type { DieFace } from './deck.js';
import { DIE_FACES, SIDES } from './deck.js';
import { shippedDeck } from './decks.js';
import { DIE_SYMBOLS } from './die.js';
import { printScale, renderBoardSheet, renderSide } from './svg.js';

/** The die symbols a picture draws, by their titles, in order. */
const symbolsIn = (svg: string): string[] => [...svg.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1] ?? '');

describe('the die faces in pictures of classic boards', () => {
  const deck = shippedDeck('classic');

  it.each(SIDES)('the %s side labels each task row with its face’s symbol, not pips', (side) => {
    for (const board of deck.boards.slice(0, 3)) {
      const { svg } = renderSide(deck, board, side);
      const keys = board.sides[side].tasks.map((t) => t.key as DieFace);
      expect(keys).toEqual([...DIE_FACES]);
      expect(symbolsIn(svg)).toEqual(keys.map((k) => DIE_SYMBOLS[k].name));
      for (const key of keys) for (const d of DIE_SYMBOLS[key].paths) expect(svg).toContain(`<path d="${d}"/>`);
      expect(svg).not.toContain('<circle');
    }
  });

  it('the printed sheet of a board shows the symbols of both sides', () => {
    const board = deck.boards[0];
    if (!board) throw new Error('no board');
    const sheet = renderBoardSheet(deck, board, printScale(deck));
    const names = DIE_FACES.map((f) => DIE_SYMBOLS[f].name);
    expect(symbolsIn(sheet)).toEqual([...names, ...names]);
  });

  it('a task key that is no die face is written out, not drawn as a blank die', () => {
    const broken = structuredClone(deck);
    const board = broken.boards[0];
    const task = board?.sides.easy.tasks[2] as { key: string } | undefined;
    if (!board || !task) throw new Error('no task');
    task.key = '7';
    const { svg } = renderSide(broken, board, 'easy');
    expect(symbolsIn(svg)).toHaveLength(5);
    expect(svg).toContain('>7</text>');
  });

  it('Extreme pictures draw colours, no die symbols', () => {
    const extreme = shippedDeck('extreme');
    const board = extreme.boards[0];
    if (!board) throw new Error('no board');
    expect(symbolsIn(renderSide(extreme, board, 'hard').svg)).toEqual([]);
  });
});
