// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ART } from './art.js';
import { EmptyState } from './EmptyState.js';

afterEach(cleanup);

describe('an empty state', () => {
  it('says its line beside a drawing hidden from screen readers, and offers where to go next', () => {
    const { getByText, getByRole, container } = render(
      <EmptyState
        art="people"
        text="No friends yet."
        next="Claim a username first."
        action={{ href: '#/account', label: 'Choose a username' }}
      />,
    );
    expect(getByText('No friends yet.').tagName).toBe('P');
    expect(getByText('Claim a username first.').tagName).toBe('P');
    const art = container.querySelector('svg.art');
    expect(art?.getAttribute('aria-hidden')).toBe('true');
    expect(art?.getAttribute('data-art')).toBe('people');
    expect(getByRole('link', { name: 'Choose a username' }).getAttribute('href')).toBe('#/account');
  });

  it('offers nothing when there is nowhere to go, and takes a control of its own', () => {
    const bare = render(<EmptyState art="trophy" text="No arena is scheduled just now." />);
    expect(bare.container.querySelector('.actions')).toBeNull();
    expect(bare.container.querySelectorAll('p')).toHaveLength(1);
    bare.unmount();
    const { getByRole } = render(
      <EmptyState art="screen" text="No games.">
        <button type="button">Quick match</button>
      </EmptyState>,
    );
    expect(getByRole('button', { name: 'Quick match' })).toBeTruthy();
  });

  it.each(ART)('draws %s with something in it', (name) => {
    const { container } = render(<EmptyState art={name} text="x" />);
    expect(container.querySelector('svg.art')?.childElementCount).toBeGreaterThan(0);
  });
});
