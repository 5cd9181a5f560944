// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { Clocked } from '../hooks.js';

/*
 * A run's clock (a timed solo run, Storm) turns urgent in its last ten whole seconds and sounds the
 * sand at each of them, on the server's game time (a deadline and the server's clock, at its time
 * scale), with no clock of the test's own: timers and performance.now() are the test's.
 */

const played: string[] = [];
vi.mock('../sound.js', () => ({
  play: (cue: string) => {
    played.push(cue);
  },
}));
const { useCountdown } = await import('./countdown.js');

function Probe({ deadline, message }: { deadline: number; message: Clocked }) {
  const { left, urgent } = useCountdown(deadline, message);
  return <span data-left={Math.ceil(left / 1000)} data-urgent={urgent ? '' : undefined} />;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  played.length = 0;
});

const shown = (c: HTMLElement) => {
  const el = c.querySelector('span');
  return { left: Number(el?.getAttribute('data-left')), urgent: el?.hasAttribute('data-urgent') ?? false };
};
/** Lets `ms` pass, a second at most at a time: each redraw sets the timer of the next. */
const wait = (ms: number) => {
  for (let left = ms; left > 0; left -= 1_000)
    act(() => {
      vi.advanceTimersByTime(Math.min(1_000, left));
    });
};

it('is calm until ten seconds are left, urgent with the sand heard at each of them, and calm at none', () => {
  // The server said it is 1,000 ms of game time into the run, which ends at 16,000: 15 s left.
  const message = { serverNow: 1_000, timeScale: 1, receivedAt: performance.now() };
  const { container } = render(<Probe deadline={16_000} message={message} />);
  expect(shown(container)).toEqual({ left: 15, urgent: false });
  wait(4_999);
  expect(shown(container)).toEqual({ left: 11, urgent: false });
  expect(played).toEqual([]);
  wait(1);
  expect(shown(container)).toEqual({ left: 10, urgent: true });
  expect(played).toEqual(['sand']);
  wait(9_000);
  expect(shown(container)).toEqual({ left: 1, urgent: true });
  expect(played).toHaveLength(10);
  wait(1_000);
  expect(shown(container)).toEqual({ left: 0, urgent: false });
  expect(played).toHaveLength(10);
});

it('counts game time at the server’s time scale: ten times faster, ten seconds of game in one', () => {
  const message = { serverNow: 0, timeScale: 10, receivedAt: performance.now() };
  const { container } = render(<Probe deadline={30_000} message={message} />);
  expect(shown(container)).toEqual({ left: 3, urgent: true });
  wait(2_000);
  expect(shown(container)).toEqual({ left: 1, urgent: true });
  wait(1_000);
  expect(shown(container)).toEqual({ left: 0, urgent: false });
});
