// @vitest-environment jsdom
import { DIE_FACES, DIE_SYMBOLS } from '@ubongo/core';
import { act, cleanup, render } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setUpI18n, switchLanguage } from '../i18n.js';
import { resources } from '../locales/all.js';
import { PlayerName, TaskKey } from './common.js';

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

describe('a player’s name', () => {
  it('links to the profile of the account, with the username beside a display name that differs', () => {
    const { getByRole } = render(<PlayerName name="Marta" username="marta43114" account="abc-DEF_123" />);
    const link = getByRole('link');
    expect(link.getAttribute('href')).toBe('#/player/abc-DEF_123');
    expect(link.textContent).toBe('Marta @marta43114');
  });

  it('says the username once when it is the display name, and is plain text without an account', () => {
    const same = render(<PlayerName name="marta43114" username="marta43114" account="abc" />);
    expect(same.getByRole('link').textContent).toBe('marta43114');
    same.unmount();
    const { container, queryByRole } = render(<PlayerName name="Bot 1" />);
    expect(queryByRole('link')).toBeNull();
    expect(container.textContent).toBe('Bot 1');
  });
});
