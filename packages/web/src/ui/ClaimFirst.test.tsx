// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ClaimFirst } from './ClaimFirst.js';

afterEach(cleanup);

it('tells a guest why the screen is not theirs yet, and leads to the account page', () => {
  render(<ClaimFirst className="friends" title="Friends" text="Claim a username first." />);
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Friends');
  expect(screen.getByText('Claim a username first.')).toBeTruthy();
  expect(screen.getByRole('link').getAttribute('href')).toBe('#/account');
});
