// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, resources, setUpI18n } from '../i18n.js';
import { HowTo } from './HowTo.js';

beforeAll(() => {
  setUpI18n();
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

describe('the how-to-play page', () => {
  it.each(LANGUAGES.map((l) => l.code))('%s: shows every section the translation has, in its order', async (code) => {
    await act(() => i18next.changeLanguage(code));
    const { container } = render(<HowTo />);
    const { title, ...sections } = resources[code].howto;
    expect(container.querySelector('h1')?.textContent).toBe(title);
    const shown = [...container.querySelectorAll('section')].map((s) => ({
      title: s.querySelector('h2')?.textContent,
      text: [...s.querySelectorAll('p')].map((p) => p.textContent),
    }));
    expect(shown).toEqual(Object.values(sections));
  });

  it('tells the tie-break rules: no second chance, at most 4 rounds, then a shared victory', () => {
    const { getByRole } = render(<HowTo />);
    const ties = getByRole('heading', { name: 'Ties' }).closest('section');
    expect(ties?.textContent).toContain('no second chance');
    expect(ties?.textContent).toContain('4 tie-break rounds in all');
    expect(ties?.textContent).toContain('share the victory');
  });
});
