// @vitest-environment jsdom
import type { JewelColour, RaceView } from '@ubongo/core';
import { act, cleanup, render } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setUpI18n, switchLanguage } from '../i18n.js';
import { JewelWin, jewelWin } from './EndOfGame.js';

beforeAll(async () => {
  await setUpI18n();
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

const none = { green: 0, red: 0, blue: 0, violet: 0, brown: 0, yellow: 0 };

/** A finished jewel game's view, as much as the winner's line reads: the winners and each player's jewels. */
const game = (winners: string[], jewels: Record<string, Partial<Record<JewelColour, number>>>): RaceView =>
  ({
    edition: 'jewels',
    winners,
    players: Object.entries(jewels).map(([id, held]) => ({ id, jewels: { ...none, ...held } })),
  }) as unknown as RaceView;

const names: Record<string, string> = { a: 'Ana', b: 'Bo' };
const nameOf = (id: string): string => names[id] ?? id;

describe('a jewel game won outright', () => {
  it('says which colour won it and who holds it', () => {
    const view = game(['a'], { a: { red: 5, blue: 2 }, b: { green: 4, yellow: 4 } });
    expect(jewelWin(view)).toEqual({ player: 'a', colours: ['red'], count: 5 });
    const { getByTestId } = render(<JewelWin view={view} nameOf={nameOf} />);
    expect(getByTestId('jewel-win').textContent).toBe(
      ' Ana won it with red: 5 jewels of that colour, more than anyone else held of any colour.',
    );
    expect(getByTestId('jewel-win').querySelectorAll('svg.jewel')).toHaveLength(1);
  });

  it('names every colour the winner holds the most of', async () => {
    const view = game(['a'], { a: { red: 3, violet: 3 }, b: { green: 2 } });
    expect(jewelWin(view)?.colours).toEqual(['red', 'violet']);
    await act(() => switchLanguage('pl'));
    const { getByTestId } = render(<JewelWin view={view} nameOf={nameOf} />);
    expect(getByTestId('jewel-win').textContent).toContain('Ana – zwycięski kolor: czerwony i fioletowy, 3 klejnoty');
  });

  it('says nothing of a shared victory or a game nobody won', () => {
    expect(jewelWin(game(['a', 'b'], { a: { red: 3 }, b: { blue: 3 } }))).toBeNull();
    expect(jewelWin(game([], { a: {}, b: {} }))).toBeNull();
  });
});
