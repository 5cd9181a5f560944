// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GAME_ROUNDS, LAYOUT_MS } from '@ubongo/core';
import { LANGUAGES, setUpI18n, switchLanguage } from '../i18n.js';
import { resources } from '../locales/all.js';
import { HowTo } from './HowTo.js';
import { HOWTO_PICTURES, SECTION_PICTURES } from './HowToPictures.js';

beforeAll(async () => {
  await setUpI18n();
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

describe('the how-to-play page', () => {
  it.each(LANGUAGES.map((l) => l.code))('%s: shows every section the translation has, in its order', async (code) => {
    await act(() => switchLanguage(code));
    const { container } = render(<HowTo />);
    // The pictures' captions are not sections.
    const { title, pictures, ...sections } = resources[code].howto;
    expect(Object.keys(pictures)).toEqual([...HOWTO_PICTURES]);
    expect(container.querySelector('h1')?.textContent).toBe(title);
    const shown = [...container.querySelectorAll('section')].map((s) => ({
      title: s.querySelector('h2')?.textContent,
      text: [...s.querySelectorAll('p')].map((p) => p.textContent),
    }));
    expect(shown).toEqual(Object.values(sections));
  });

  it.each(LANGUAGES.map((l) => l.code))(
    '%s: shows each picture beside its section, drawn, with its caption',
    async (code) => {
      await act(() => switchLanguage(code));
      const { container } = render(<HowTo />);
      const { pictures } = resources[code].howto;
      const sections = [...container.querySelectorAll('section')];
      const headings = sections.map((s) => s.querySelector('h2')?.textContent);
      for (const [section, names] of Object.entries(SECTION_PICTURES)) {
        const el = sections[headings.indexOf(resources[code].howto[section as 'goal'].title)];
        const figures = [...(el?.querySelectorAll('figure') ?? [])];
        expect(
          figures.map((f) => f.getAttribute('data-picture')),
          section,
        ).toEqual(names);
        for (const [k, f] of figures.entries()) {
          const name = names[k] ?? 'board';
          expect(f.querySelector('figcaption')?.textContent).toBe(pictures[name]);
          // A picture for the eyes, the caption for everyone.
          const picture = f.querySelector('.howto-picture');
          expect(picture?.getAttribute('aria-hidden')).toBe('true');
          expect(picture?.querySelectorAll('polygon, path').length, name).toBeGreaterThan(3);
        }
      }
      // Every picture is shown, once.
      expect([...container.querySelectorAll('figure')].map((f) => f.getAttribute('data-picture')).sort()).toEqual(
        [...HOWTO_PICTURES].sort(),
      );
    },
  );

  it('draws the boards as the game does: the white cells of a real board, and its pieces on it when solved', () => {
    const { container } = render(<HowTo />);
    const figure = (name: string): Element | null => container.querySelector(`figure[data-picture="${name}"]`);
    for (const [name, cells] of [
      ['solved', 12],
      ['extreme', 13],
    ] as const) {
      expect(figure(name)?.querySelectorAll('polygon.cell')).toHaveLength(cells);
      expect(figure(name)?.querySelectorAll('g.piece path.piece-face')).toHaveLength(3);
    }
    // The board waiting: its cells, and its pieces beside it.
    expect(figure('board')?.querySelectorAll('polygon.cell')).toHaveLength(12);
    expect(figure('board')?.querySelectorAll('g.piece')).toHaveLength(3);
    // The die's six faces, and the gems by name.
    expect(figure('die')?.querySelectorAll('rect.howto-die').length).toBe(7);
    expect([...(figure('gems')?.querySelectorAll('svg.gem') ?? [])].map((g) => g.getAttribute('aria-label'))).toEqual([
      'ruby',
      'sapphire',
      'emerald',
      'amber',
    ]);
  });

  it('draws the round marker in its third round and fixed scoring as a podium', () => {
    const { container } = render(<HowTo />);
    const figure = (name: string): Element | null => container.querySelector(`figure[data-picture="${name}"]`);
    const labels = (el: Element | null | undefined): (string | null)[] =>
      [...(el?.querySelectorAll('svg.gem') ?? [])].map((g) => g.getAttribute('aria-label'));
    // Nine rounds a row: two gone, seven sapphires (for the first) over seven ambers (for the second).
    const rows = [...(figure('marker')?.querySelectorAll('.howto-marker-row') ?? [])];
    expect(rows.map((r) => r.querySelectorAll('.howto-slot').length)).toEqual([9, 9]);
    expect(rows.map((r) => r.querySelector('b')?.textContent)).toEqual(['1.', '2.']);
    expect(labels(rows[0])).toEqual(Array(7).fill('sapphire'));
    expect(labels(rows[1])).toEqual(Array(7).fill('amber'));
    expect(rows.map((r) => [...r.querySelectorAll('.howto-slot')].findIndex((s) => s.matches('.now')))).toEqual([2, 2]);
    // Places 1 to 4 on steps that go down, each with its gem.
    const steps = [...(figure('fixed')?.querySelectorAll('.howto-podium li') ?? [])];
    expect(labels(figure('fixed'))).toEqual(['ruby', 'sapphire', 'emerald', 'amber']);
    expect(steps.map((s) => s.querySelector('.howto-step')?.textContent)).toEqual(['1', '2', '3', '4']);
    const heights = steps.map((s) => parseFloat((s.querySelector('.howto-step') as HTMLElement).style.height));
    expect(heights).toEqual([...heights].sort((a, b) => b - a));
    expect(new Set(heights).size).toBe(4);
  });

  it('tells the tie-break rules: the second chance, at most 4 rounds, then a shared victory', () => {
    const { getByRole } = render(<HowTo />);
    const ties = getByRole('heading', { name: 'Ties' }).closest('section');
    expect(ties?.textContent).toContain(
      'As in every round, if nobody has solved when the sand runs out, it turns once more',
    );
    expect(ties?.textContent).not.toContain('no second chance');
    expect(ties?.textContent).toContain('4 tie-break rounds in all');
    expect(ties?.textContent).toContain('share the victory');
  });

  it('says a table may play fewer than 9 rounds, that the jewel pawn’s start is chosen, and what the whole set is', () => {
    const { getByRole } = render(<HowTo />);
    const text = (name: string): string => getByRole('heading', { name }).closest('section')?.textContent ?? '';
    // The lobby offers 1 to 9 rounds (GAME_ROUNDS).
    expect(text('A round')).toContain(`may choose fewer (from ${GAME_ROUNDS.min} to ${GAME_ROUNDS.max})`);
    expect(text('The jewel board')).toContain(
      'every player chooses the row their pawn starts beside, within 15 seconds',
    );
    expect(text('The jewel board')).toContain('drawn by lot');
    const whole = text('The whole set, as in the box');
    expect(whole).toContain('all 12 classic pieces');
    expect(whole).toContain('the 13 pieces of your colour');
    expect(whole).toContain('In Extreme the sand waits');
    expect(whole).toContain(`after ${LAYOUT_MS / 1000} seconds at the latest`);
  });

  it.each(LANGUAGES.map((l) => l.code))(
    '%s: the whole set is explained, between the keyboard and the classic game',
    async (code) => {
      await act(() => switchLanguage(code));
      const { container } = render(<HowTo />);
      const titles = [...container.querySelectorAll('section h2')].map((h) => h.textContent);
      const { keyboard, wholeSet, classic } = resources[code].howto;
      expect(titles.slice(titles.indexOf(keyboard.title), titles.indexOf(keyboard.title) + 3)).toEqual([
        keyboard.title,
        wholeSet.title,
        classic.title,
      ]);
      // The layout time and the rounds' choice are said in every language.
      expect(wholeSet.text.join(' ')).toContain('30');
      expect(resources[code].howto.round.text.join(' ')).toMatch(/1\D+9/);
    },
  );
});
