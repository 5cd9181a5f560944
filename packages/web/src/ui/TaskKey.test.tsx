// @vitest-environment jsdom
import { DIE_FACES, DIE_SYMBOLS } from '@ubongo/core';
import { act, cleanup, render } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setUpI18n, switchLanguage } from '../i18n.js';
import { resources } from '../locales/all.js';
import { TaskKey } from './TaskKey.js';

beforeAll(async () => {
  await setUpI18n();
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

describe('the task key', () => {
  it.each(DIE_FACES)('draws die face %s as its symbol in a frame, named for screen readers', (face) => {
    const { getByRole } = render(<TaskKey value={face} />);
    const die = getByRole('img');
    expect(die.getAttribute('aria-label')).toBe(resources.en.keys[face]);
    expect(die.querySelector('rect')).not.toBeNull();
    expect([...die.querySelectorAll('path')].map((p) => p.getAttribute('d'))).toEqual(DIE_SYMBOLS[face].paths);
    expect(die.querySelector('circle')).toBeNull();
  });

  it('names the symbol in the player’s language', async () => {
    await act(() => switchLanguage('pl'));
    const { getByRole } = render(<TaskKey value="2" />);
    expect(getByRole('img').getAttribute('aria-label')).toBe('tarcza z włóczniami');
  });

  it('shows an Extreme colour as a named swatch, not a die', () => {
    const { container, getByText } = render(<TaskKey value="blue" />);
    expect(getByText('blue').className).toBe('colour-key');
    expect(container.querySelector('svg')).toBeNull();
  });
});
