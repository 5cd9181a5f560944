// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setUpI18n } from './i18n.js';
import { noteUpdate, UpdateNote } from './UpdateNote.js';

afterEach(() => {
  cleanup();
});

describe('a new build’s worker', () => {
  it('says nothing until a new build controls the page, then offers to reload', async () => {
    await setUpI18n();
    const { queryByRole, getByRole } = render(<UpdateNote />);
    expect(queryByRole('status')).toBeNull();
    act(() => {
      noteUpdate();
    });
    expect(getByRole('status').textContent).toContain('A new version of the game is ready.');
    expect(getByRole('button', { name: 'Reload to use it' })).toBeTruthy();
  });
});
