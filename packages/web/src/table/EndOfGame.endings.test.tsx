// @vitest-environment jsdom
import type { Decision, RaceView, RatingChange } from '@ubongo/core';
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setUpI18n } from '../i18n.js';
import { EndOfGame } from './EndOfGame.js';
import type { Table } from './table.js';

/*
 * What an end screen says for the view the server sends at a game's end (run in jsdom): who won, what
 * decided it, whether it was rated and each rated player's rating before and after. The browser
 * path (e2e/endings.test.ts) plays one such game per kind of end over a real socket; the words for
 * every kind are here.
 */

beforeAll(async () => {
  await setUpI18n();
});
afterEach(() => {
  cleanup();
});

const NO_JEWELS = { green: 0, red: 0, blue: 0, violet: 0, brown: 0, yellow: 0 };
const NO_GEMS = { ruby: 0, sapphire: 0, emerald: 0, amber: 0 };
const NAMES: Record<string, string> = { p1: 'Ada', p2: 'Bea' };

/** A finished two-player game's view for p1, as much of it as the end screen reads. */
function finished(edition: RaceView['edition'], winners: string[], decided: Decision, points = [0, 0]): RaceView {
  return {
    edition,
    variant: 'fixed',
    phase: 'finished',
    you: 'p1',
    winners,
    decided,
    round: null,
    history: [],
    standings: ['p1', 'p2'].map((player, k) => ({ player, place: winners.length === 0 ? 1 : k + 1, tied: false })),
    players: ['p1', 'p2'].map((id, k) => ({ id, points: points[k] ?? 0, gems: NO_GEMS, jewels: NO_JEWELS })),
  } as unknown as RaceView;
}

/** The table around it: two seats (p1 the host, this page), rated or not, with what the server saved. */
function table(view: RaceView, rated: boolean, saved: Table['saved'] = null): Table {
  return {
    room: undefined as unknown as Table['room'],
    lobby: {
      you: 0,
      host: 0,
      seats: [
        { id: 'p1', name: 'Ada' },
        { id: 'p2', name: 'Bea' },
      ],
      settings: { rated },
    } as unknown as Table['lobby'],
    view: null,
    nameOf: (id) => NAMES[id] ?? id,
    rejected: null,
    clearRejected: () => undefined,
    savedGame: null,
    saved,
    reveal: null,
    progress: {},
  };
}

const heading = (c: HTMLElement): string | null | undefined => c.querySelector('h1')?.textContent;

describe('the end of a game', () => {
  it('a jewel game decided by a colour after the best says which, and each leader’s jewels of it', () => {
    const view = finished('jewels', ['p2'], {
      by: 'jewel-count',
      rank: 2,
      counts: [
        { player: 'p2', jewels: 3 },
        { player: 'p1', jewels: 1 },
      ],
    });
    const { container, getByTestId } = render(<EndOfGame table={table(view, false)} view={view} />);
    expect(heading(container)).toBe('Bea wins!');
    expect(getByTestId('decided').textContent).toBe(
      'Level on the colours before it, the game was decided by the second-best colour: Bea 3 jewels, Ada 1 jewel.',
    );
  });

  it('a game nobody scored in is won by nobody, says why, shows no podium, and a casual game says no rating changed', () => {
    const view = finished('classic', [], { by: 'nobody-scored' });
    const { container, getByTestId, queryByText, queryByRole } = render(
      <EndOfGame table={table(view, false)} view={view} />,
    );
    expect(heading(container)).toBe('Nobody wins');
    expect(getByTestId('decided').textContent).toBe(
      'Nobody scored a point or took a jewel in this game, so nobody won it.',
    );
    expect(queryByText('You win!')).toBeNull();
    expect(queryByRole('list', { name: 'Podium' })).toBeNull();
    expect(getByTestId('rated').textContent).toBe('A casual game: no rating changed.');
  });

  it('a rated game says so: pending until the server saved it, then each player’s rating before and after', () => {
    const view = finished('classic', ['p1'], { by: 'score' }, [4, 3]);
    const pending = render(<EndOfGame table={table(view, true)} view={view} />);
    expect(heading(pending.container)).toBe('You win!');
    expect(pending.getByTestId('rated').textContent).toBe('Rated gameThe ratings are being updated…');
    cleanup();
    const change = (player: string, after: number): RatingChange => ({
      player,
      before: 1500,
      after,
      provisional: false,
      deviation: 120,
      limits: [],
    });
    const saved = { game: 'g1', rated: true, ratings: [change('p1', 1523), change('p2', 1478)] };
    const { getByTestId } = render(<EndOfGame table={table(view, true, saved)} view={view} />);
    const rated = getByTestId('rated');
    expect(rated.querySelector('h2')?.textContent).toBe('Rated game');
    const rows = [...rated.querySelectorAll('tbody tr')].map((r) => r.textContent);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('Ada (you)');
    expect(rows[0]).toContain('15001523 (+23)');
    expect(rows[1]).toContain('Bea');
    expect(rows[1]).not.toContain('(you)');
    expect(rows[1]).toContain('15001478 (−22)');
    expect(rated.querySelector('.rating-up')?.textContent).toBe('(+23)');
    expect(rated.querySelector('.rating-down')?.textContent).toBe('(−22)');
    // Ada's own rating went up: the moment says so (rating/RatingGained.test.tsx has when it does not).
    expect(getByTestId('rating-gained').textContent).toBe('Your rating went up by 23, to 1523!');
  });
});
