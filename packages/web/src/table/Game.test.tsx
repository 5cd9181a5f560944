// @vitest-environment jsdom
import type { RaceState, RaceViewMessage } from '@ubongo/core';
import { raceEngine } from '@ubongo/core';
import { shippedDeck } from '@ubongo/core/decks';
import { act, cleanup, render } from '@testing-library/react';
import { memo } from 'react';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { setUpI18n } from '../i18n.js';
import type * as PuzzleModule from '../play/Puzzle.js';
import type { PuzzleProps } from '../play/Puzzle.js';
import type * as SoundModule from '../sound.js';
import { play } from '../sound.js';
import type * as HourglassModule from './Hourglass.js';
import { Game } from './Game.js';
import type { Table } from './table.js';

/*
 * The game screen's clock ticks in the hourglass alone, written by its own timer as its seconds
 * change (React draws neither it nor the rest again); the board (Puzzle, counted here in place of the real one) is drawn again only when its own props
 * change; and the sand is still heard in the last ten seconds.
 */

const boards = vi.hoisted(() => [] as PuzzleProps[]);
// Memoised on its props, as the real board is exported (play/Puzzle.tsx).
vi.mock('../play/Puzzle.js', async (importOriginal) => ({
  ...(await importOriginal<typeof PuzzleModule>()),
  Puzzle: memo((props: PuzzleProps) => {
    boards.push(props);
    return null;
  }),
}));
const hourglasses = vi.hoisted(() => ({ drawn: 0 }));
vi.mock('./Hourglass.js', async (importOriginal) => {
  const glass = await importOriginal<typeof HourglassModule>();
  return {
    ...glass,
    Hourglass: (props: Parameters<typeof glass.Hourglass>[0]) => {
      hourglasses.drawn++;
      return glass.Hourglass(props);
    },
  };
});
vi.mock('../sound.js', async (importOriginal) => ({
  ...(await importOriginal<typeof SoundModule>()),
  play: vi.fn(),
}));

beforeAll(async () => {
  await setUpI18n();
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'] });
  boards.length = 0;
  hourglasses.drawn = 0;
  vi.mocked(play).mockClear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const classic = raceEngine(shippedDeck('classic'));

/** A classic round of a 60 s hourglass just started, p1 and p2 at the table, at game time 0. */
function roundInPlay(): RaceState {
  const setup = classic.setup(
    {
      edition: 'classic',
      variant: 'standard',
      players: [
        { id: 'p1', side: 'easy' },
        { id: 'p2', side: 'easy' },
      ],
      hourglassSeconds: 60,
      rounds: 9,
    },
    7,
  );
  if (!setup.ok) throw new Error(setup.error.message);
  const started = classic.apply(setup.value, { type: 'start-round' }, 0);
  if (!started.ok) throw new Error(started.error.message);
  return started.value.state;
}

/** p1's view of `state`, as the server sends it at game time `serverNow` and it arrives now. */
function message(state: RaceState, serverNow: number): RaceViewMessage & { receivedAt: number } {
  return {
    view: classic.view(state, 'p1'),
    progress: {},
    nextRoundAt: null,
    serverNow,
    timeScale: 1,
    receivedAt: performance.now(),
  };
}

// The room is not reached: no claim is sent here.
const room = undefined as unknown as Table['room'];
function table(view: Table['view']): Table {
  return {
    room,
    lobby: {} as Table['lobby'],
    view,
    nameOf: (id) => id,
    rejected: null,
    clearRejected: () => undefined,
    savedGame: null,
    saved: null,
    reveal: null,
    progress: {},
  };
}

/** Lets `ms` pass, a clock's tick at a time (what happens within one act() is drawn once, at its end). */
const tick = (ms: number): void => {
  for (let step = 0; step < ms; step += 200) {
    act(() => {
      vi.advanceTimersByTime(Math.min(200, ms - step));
    });
  }
};

it('draws the board once while the sand runs, and again only when the sand has run out', () => {
  const state = roundInPlay();
  const first = message(state, 0);
  const clear = vi.fn();
  const { container, rerender } = render(<Game table={{ ...table(first), clearRejected: clear }} view={first} />);
  const label = (): string => container.querySelector('.hourglass-label')?.textContent ?? '';
  expect(boards).toHaveLength(1);
  expect(label()).toBe('Sand 60 s');
  tick(5_000);
  // The hourglass went on; the board was not drawn again.
  expect(label()).toBe('Sand 55 s');
  expect(boards).toHaveLength(1);
  // A new message with the same task (say, another player solved): new objects, the same board.
  const again = message(structuredClone(state), 5_000);
  rerender(<Game table={{ ...table(again), clearRejected: clear }} view={again} />);
  tick(5_000);
  expect(label()).toBe('Sand 50 s');
  expect(boards).toHaveLength(1);
  expect(boards[0]?.disabled).toBe(false);
  // The sand runs out on the player's clock: the board is drawn once more, closed.
  tick(50_000);
  expect(label()).toBe('Sand 0 s');
  expect(boards).toHaveLength(2);
  expect(boards[1]?.disabled).toBe(true);
  expect(boards[1]?.task).toBe(boards[0]?.task);
});

it('lets the sand be heard in each of the last ten seconds, while the board is to be solved', () => {
  const state = roundInPlay();
  const first = message(state, 0);
  const { rerender } = render(<Game table={table(first)} view={first} />);
  const sand = (): number => vi.mocked(play).mock.calls.filter(([cue]) => cue === 'sand').length;
  tick(49_900);
  expect(sand()).toBe(0);
  tick(200);
  expect(sand()).toBe(1);
  tick(4_500);
  expect(sand()).toBe(5);
  // A message within a second (someone claimed): the glass is drawn again, the second not heard twice.
  const again = message(structuredClone(state), 54_600);
  rerender(<Game table={table(again)} view={again} />);
  expect(sand()).toBe(5);
  tick(5_500);
  expect(sand()).toBe(10);
});

it('counts the hourglass seconds as they change, without drawing it again', () => {
  const first = message(roundInPlay(), 0);
  const { container } = render(<Game table={table(first)} view={first} />);
  const label = (): string => container.querySelector('.hourglass-label')?.textContent ?? '';
  const bar = (): string | null | undefined => container.querySelector('.hourglass-bar')?.getAttribute('aria-valuenow');
  const drawn = hourglasses.drawn;
  act(() => {
    vi.advanceTimersByTime(995);
  });
  expect(label()).toBe('Sand 60 s');
  expect(bar()).toBe('60');
  act(() => {
    vi.advanceTimersByTime(10);
  });
  expect(label()).toBe('Sand 59 s');
  expect(bar()).toBe('59');
  tick(45_000);
  expect(label()).toBe('Sand 14 s');
  expect(container.querySelector('.hourglass')?.hasAttribute('data-urgent')).toBe(false);
  tick(5_000);
  expect(label()).toBe('Sand 9 s');
  expect(container.querySelector('.hourglass')?.hasAttribute('data-urgent')).toBe(true);
  // Its seconds were written by its own timer: React drew it no more.
  expect(hourglasses.drawn).toBe(drawn);
  // The sand has run: the top bulb is empty, the bar too.
  tick(9_000);
  expect(label()).toBe('Sand 0 s');
  expect(container.querySelector('.hourglass-glass .sand')?.getAttribute('d')).toBe('');
  expect(container.querySelector<HTMLElement>('.hourglass-bar > div')?.style.transform).toBe('scaleX(0.0000)');
});

it('sends a claim the server could not store, or heard too fast, again in a moment, and stops once it is refused for another reason', () => {
  const state = roundInPlay();
  const first = message(state, 0);
  const sent: unknown[] = [];
  const live = { connection: { isOpen: true }, send: (type: string, body: unknown) => sent.push([type, body]) };
  const at = (rejected: Table['rejected']): Table => ({
    ...table(first),
    room: live as unknown as Table['room'],
    rejected,
  });
  const { rerender } = render(<Game table={at(null)} view={first} />);
  act(() => {
    boards[0]?.onComplete?.([], []);
  });
  expect(sent).toHaveLength(1);
  // Not stored, so not taken: sent again two seconds later, the same claim.
  rerender(<Game table={at({ to: 'claim', code: 'message/not-saved', message: 'not stored' })} view={first} />);
  tick(1_800);
  expect(sent).toHaveLength(1);
  tick(400);
  expect(sent).toHaveLength(2);
  expect(sent[1]).toEqual(sent[0]);
  // Heard too fast (the address's allowance spent): sent again too.
  rerender(<Game table={at({ to: 'claim', code: 'message/too-fast', message: 'slow down' })} view={first} />);
  tick(2_200);
  expect(sent).toHaveLength(3);
  expect(sent[2]).toEqual(sent[0]);
  // Refused for what it is: not sent again.
  rerender(<Game table={at({ to: 'claim', code: 'claim/overlap', message: 'overlap' })} view={first} />);
  tick(5_000);
  expect(sent).toHaveLength(3);
});

it("tells the table my pieces down when they change, and shows everyone's without drawing the board again", () => {
  const state = roundInPlay();
  const first = message(state, 0);
  const sent: unknown[] = [];
  const live = { connection: { isOpen: true }, send: (type: string, body: unknown) => sent.push([type, body]) };
  const clear = vi.fn();
  const at = (progress: Table['progress']): Table => ({
    ...table(first),
    room: live as unknown as Table['room'],
    clearRejected: clear,
    progress,
  });
  const { container, rerender } = render(<Game table={at({})} view={first} />);
  const board = boards[0];
  const ids = first.view.task?.pieces.map((p) => p.id) ?? [];
  const of = ids.length;
  // The task's pieces in order, then pieces that are not the task's (the whole set's).
  const idOf = (i: number): string => ids[i] ?? `X${i}`;
  const laid = (down: number) => ({
    pieces: Array.from({ length: down }, (_, i) => ({ piece: idOf(i), cells: [[0, 0]] as const, at: [i, 0] as const })),
    trail: [],
    shownAt: 0,
  });
  const placed = (down: number) => Array.from({ length: down }, (_, i) => ({ piece: idOf(i), cells: [[i, 0]] }));
  act(() => {
    board?.onPlacements?.(laid(1));
    board?.onPlacements?.(laid(1));
    board?.onPlacements?.(laid(2));
  });
  // Each change once, the board where it lies; one that comes soon after another waits its turn.
  expect(sent).toEqual([['progress', { down: 1, placements: placed(1) }]]);
  tick(400);
  expect(sent[1]).toEqual(['progress', { down: 2, placements: placed(2) }]);
  act(() => {
    board?.onPlacements?.(laid(of + 3));
  });
  tick(400);
  // Never more than the task's pieces.
  expect(sent[2]).toEqual(['progress', { down: of, placements: placed(of) }]);
  expect(sent).toHaveLength(3);
  // The server's word on everyone: the standings show it, the board is not drawn again.
  rerender(<Game table={at({ p2: { down: 2, of: 4 } })} view={first} />);
  expect(container.querySelector('.players li[data-player="p2"] .pieces-down')?.getAttribute('aria-label')).toBe(
    '2 of 4 pieces down',
  );
  expect(container.querySelector('.players li[data-player="p1"] .pieces-down')).toBeNull();
  expect(boards).toHaveLength(1);
});
