// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const played: string[] = [];
vi.mock('../sound.js', () => ({
  play: (cue: string) => {
    played.push(cue);
  },
}));

const { Moment, Stars } = await import('./moments.js');

afterEach(() => {
  cleanup();
  played.length = 0;
});

describe('a moment', () => {
  it('keeps its words as they were, draws a burst hidden from screen readers, and sounds once', () => {
    const { getByRole, container, rerender } = render(
      <Moment kind="best">
        <p>A new personal best!</p>
      </Moment>,
    );
    expect(getByRole('paragraph').textContent).toBe('A new personal best!');
    expect(container.querySelector('[data-moment="best"] svg.moment-burst')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelectorAll('.moment-burst line')).toHaveLength(12);
    rerender(
      <Moment kind="best">
        <p>A new personal best!</p>
      </Moment>,
    );
    expect(played).toEqual(['moment']);
  });

  it('plays a win’s fanfare for a win, and none where the screen already played one', () => {
    render(
      <Moment kind="win">
        <h1>You win!</h1>
      </Moment>,
    );
    render(
      <Moment kind="win" sound={false}>
        <h1>You win!</h1>
      </Moment>,
    );
    expect(played).toEqual(['win']);
  });
});

describe('stars drawn', () => {
  it.each([0, 1, 2, 3])('%i of 3 filled, the rest outlined, hidden from screen readers', (earned) => {
    const { container } = render(<Stars earned={earned} />);
    const stars = container.querySelector('.drawn-stars');
    expect(stars?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelectorAll('svg.star')).toHaveLength(3);
    expect(container.querySelectorAll('svg.star.earned')).toHaveLength(earned);
  });
});
