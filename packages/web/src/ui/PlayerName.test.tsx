// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlayerName } from './PlayerName.js';

afterEach(() => {
  cleanup();
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
