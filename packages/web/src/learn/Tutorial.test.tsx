// @vitest-environment jsdom
import type { Cell } from '@ubongo/core';
import { normalize, solutions } from '@ubongo/core';
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGES, setUpI18n, switchLanguage } from '../i18n.js';
import { flipped, rotated } from '../play/geometry.js';
import { rememberTutorial, TUTORIAL_STEPS, TUTORIAL_TASK, tutorialOffered } from '../tutorial.js';
import { Tutorial } from './Tutorial.js';

beforeAll(async () => {
  await setUpI18n();
});
beforeEach(() => {
  localStorage.clear();
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

const key = (cells: readonly Cell[]): string =>
  normalize(cells)
    .map((c) => c.join(','))
    .join(' ');

/** Every shape a piece takes with `turns` quarter turns (0 to 3) after being turned over or not. */
const shapes = (cells: readonly Cell[], flip: boolean): string[] => {
  let c: readonly Cell[] = flip ? flipped('square', cells) : cells;
  const out: string[] = [];
  for (let k = 0; k < 4; k++) {
    out.push(key(c));
    c = rotated('square', c);
  }
  return out;
};

const [pieceA, pieceB, pieceC] = TUTORIAL_TASK.pieces;

describe('the tutorial board', () => {
  // The steps rest on this: covering the board needs a drag, a turn and a flip, by the board's own turns.
  it('has one solution, in which A lies as given, B is given one quarter turn away and C turned over', () => {
    const all = [...solutions(TUTORIAL_TASK)];
    expect(all).toHaveLength(1);
    const lying = Object.fromEntries((all[0] ?? []).map((p) => [p.piece, key(p.cells)]));
    if (!pieceA || !pieceB || !pieceC) throw new Error('three pieces');
    expect(lying[pieceA.id]).toBe(key(pieceA.cells));
    // B: one turn makes it; turning it over as it lies does not.
    expect(lying[pieceB.id]).toBe(key(rotated('square', pieceB.cells)));
    expect(lying[pieceB.id]).not.toBe(key(pieceB.cells));
    expect(lying[pieceB.id]).not.toBe(key(flipped('square', pieceB.cells)));
    // C: turned over it fits as it then lies; no turn alone makes it fit.
    expect(lying[pieceC.id]).toBe(key(flipped('square', pieceC.cells)));
    expect(shapes(pieceC.cells, false)).not.toContain(lying[pieceC.id]);
  });
});

describe('the tutorial screen', () => {
  const piece = (container: HTMLElement, i: number): SVGGElement => {
    const el = container.querySelector<SVGGElement>(`g.piece[data-index="${i}"]`);
    if (!el) throw new Error(`no piece ${i}`);
    return el;
  };
  const press = (el: Element, k: string): void => {
    act(() => {
      fireEvent.keyDown(el, { key: k });
    });
  };
  const step = (container: HTMLElement): string | null | undefined =>
    container.querySelector('.tutorial-say')?.getAttribute('data-step');

  it('moves on as each gesture is made with the keyboard, ends with the board covered and is remembered', () => {
    expect(tutorialOffered()).toBe(true);
    const { container, getByRole } = render(<Tutorial />);
    // Opened is answered: the home page no longer offers it.
    expect(tutorialOffered()).toBe(false);
    expect(step(container)).toBe('drag');
    // A turn first is not the step asked for.
    press(piece(container, 1), 'r');
    press(piece(container, 1), 'r');
    press(piece(container, 1), 'r');
    press(piece(container, 1), 'r');
    expect(step(container)).toBe('drag');
    // Enter takes A from the tray onto the board, the arrows move it; Enter puts it down.
    const [solution] = [...solutions(TUTORIAL_TASK)];
    const target = (id: string): Cell => {
      const cells = solution?.find((p) => p.piece === id)?.cells ?? [];
      return [Math.min(...cells.map((c) => c[0])), Math.min(...cells.map((c) => c[1]))];
    };
    const putDown = (i: number, id: string): void => {
      const el = piece(container, i);
      press(el, 'Enter');
      const [ax, ay] = (el.getAttribute('data-at') ?? '').split(',').map(Number);
      const [tx, ty] = target(id);
      for (let n = 0; n < Math.abs(tx - (ax ?? 0)); n++) press(el, tx > (ax ?? 0) ? 'ArrowRight' : 'ArrowLeft');
      for (let n = 0; n < Math.abs(ty - (ay ?? 0)); n++) press(el, ty > (ay ?? 0) ? 'ArrowDown' : 'ArrowUp');
      press(el, 'Enter');
      expect(el.getAttribute('data-at')).toBe(`${tx},${ty}`);
    };
    putDown(0, 'I4');
    expect(step(container)).toBe('turn');
    expect(container.querySelector('[aria-current="step"]')?.textContent).toContain('Turn');
    press(piece(container, 1), 'r');
    expect(step(container)).toBe('flip');
    putDown(1, 'I3');
    press(piece(container, 2), 'f');
    expect(container.querySelector('.tutorial-done')).toBeNull();
    putDown(2, 'L4');
    expect(getByRole('heading', { name: /you know the moves/ })).toBe(document.activeElement);
    expect(container.querySelectorAll('.tutorial-steps li.finished')).toHaveLength(TUTORIAL_STEPS.length);
    expect(localStorage.getItem('ubongo.tutorial')).toBe('done');
    // Started again later, finishing is still what is remembered.
    rememberTutorial('started');
    rememberTutorial('skipped');
    expect(localStorage.getItem('ubongo.tutorial')).toBe('done');
  });

  it.each(LANGUAGES.map((l) => l.code))(
    '%s: every step says what to do, for a finger and for a mouse',
    async (code) => {
      await act(() => switchLanguage(code));
      for (const s of TUTORIAL_STEPS)
        for (const hand of ['touch', 'mouse'])
          expect(i18next.exists(`tutorial.${s}.${hand}`, { lng: code, fallbackLng: false }), `${s}.${hand}`).toBe(true);
      const { container } = render(<Tutorial />);
      expect(container.querySelector('h1')?.textContent).toBe(i18next.t('tutorial.title'));
      expect(container.querySelector('.tutorial-say')?.textContent).toContain(i18next.t('tutorial.drag.mouse'));
    },
  );
});
