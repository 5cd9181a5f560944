// @vitest-environment jsdom
import type { RatingChange } from '@ubongo/core';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setUpI18n } from '../i18n.js';

const played: string[] = [];
vi.mock('../sound.js', () => ({
  play: (cue: string) => {
    played.push(cue);
  },
}));

const { RatingGained } = await import('./RatingGained.js');

beforeAll(async () => {
  await setUpI18n();
});
afterEach(() => {
  cleanup();
  played.length = 0;
});

const change = (player: string, before: number, after: number): RatingChange => ({
  player,
  before,
  after,
  provisional: false,
  deviation: 110,
  limits: [],
});

describe('a rating gained', () => {
  it('is a moment when the player’s own rating went up: by how much and to what, with its fanfare', () => {
    const { getByTestId, container } = render(
      <RatingGained ratings={[change('p2', 1500, 1480), change('p1', 1500, 1523)]} you="p1" won={false} />,
    );
    expect(getByTestId('rating-gained').textContent).toBe('Your rating went up by 23, to 1523!');
    expect(container.querySelector('[data-moment="rank"] svg.moment-burst')?.getAttribute('aria-hidden')).toBe('true');
    expect(played).toEqual(['moment']);
  });

  it('leaves the fanfare to the win’s when the player also won', () => {
    const { getByTestId } = render(<RatingGained ratings={[change('p1', 1500, 1523)]} you="p1" won />);
    expect(getByTestId('rating-gained')).toBeTruthy();
    expect(played).toEqual([]);
  });

  it.each([
    ['the rating fell', [change('p1', 1500, 1477)], 'p1'],
    ['the rating stayed (a limit held it)', [change('p1', 1500, 1500)], 'p1'],
    ['only someone else’s went up', [change('p1', 1500, 1490), change('p2', 1500, 1512)], 'p1'],
    ['the page is a watcher’s', [change('p1', 1500, 1520)], undefined],
    ['the player was not rated', [change('p2', 1500, 1520)], 'p1'],
  ] as const)('is not shown when %s', (_, ratings, you) => {
    const { container } = render(<RatingGained ratings={ratings} you={you} won={false} />);
    expect(container.innerHTML).toBe('');
    expect(played).toEqual([]);
  });
});
