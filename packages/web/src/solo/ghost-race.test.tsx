// @vitest-environment jsdom
import type { SoloGhost, SoloPuzzleTime, SoloResult } from '@ubongo/core';
import { act, cleanup, render } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setUpI18n, switchLanguage } from '../i18n.js';
import { BothResults, SplitLine, VerdictLine } from './ghost.js';
import { ghostSolveTimes, secondsApart, solveTimesOf, splitAt, timeApart, verdictOf } from './ghost-race.js';

beforeAll(async () => {
  await setUpI18n();
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

const puzzle = (ms: number, outcome: SoloPuzzleTime['outcome'] = 'solved'): SoloPuzzleTime => ({
  board: 'A1',
  side: 'easy',
  key: '1',
  outcome,
  ms,
});

/** A ghost of a run of `times` (each puzzle's ms), solved unless said. */
function ghostOf(
  times: readonly (number | [number, SoloPuzzleTime['outcome']])[],
  { own = true, mode = 'count' as SoloResult['mode'], username = 'rey' as string | null } = {},
): SoloGhost {
  let from = 0;
  const puzzles = times.map((t) => {
    const [ms, outcome] = typeof t === 'number' ? [t, 'solved' as const] : t;
    const p = { ...puzzle(ms, outcome), from, task: { grid: 'square', region: [], pieces: [] } as never };
    from += ms;
    return p;
  });
  const solved = puzzles.filter((p) => p.outcome === 'solved').length;
  return {
    kind: own ? 'own' : 'best',
    run: 7,
    player: 'Rey S.',
    username,
    own,
    result: { mode, limit: mode === 'count' ? times.length : 5, side: 'easy', solved, skipped: 0, ms: from },
    puzzles,
  };
}

const result = (solved: number, ms: number, mode: SoloResult['mode'] = 'count'): SoloResult => ({
  mode,
  limit: 3,
  side: 'easy',
  solved,
  skipped: 0,
  ms,
});

describe('the race’s times', () => {
  it('takes each solve’s moment from the puzzle times, set-aside puzzles counting for time only', () => {
    expect(solveTimesOf([puzzle(10_000), puzzle(5_000, 'skipped'), puzzle(20_000)])).toEqual([10_000, 35_000]);
    expect(ghostSolveTimes(ghostOf([8_000, [4_000, 'skipped'], 9_000]))).toEqual([8_000, 21_000]);
  });
});

describe('the running lead or lag', () => {
  const ghost = [10_000, 25_000, 40_000];

  it('is nothing before either has solved', () => {
    expect(splitAt([], ghost, 9_000)).toBeNull();
  });

  it('grows while the ghost has solved a puzzle the player has not', () => {
    expect(splitAt([], ghost, 13_000)).toEqual({ puzzle: 1, ms: 3_000, live: true });
    expect(splitAt([], ghost, 14_500)).toEqual({ puzzle: 1, ms: 4_500, live: true });
  });

  it('settles as both have solved it: the player’s time less the ghost’s', () => {
    expect(splitAt([12_000], ghost, 12_000)).toEqual({ puzzle: 1, ms: 2_000, live: false });
    // The second solve, the player first: a lead that grows until the ghost comes in.
    expect(splitAt([12_000, 22_000], ghost, 24_000)).toEqual({ puzzle: 2, ms: -2_000, live: true });
    expect(splitAt([12_000, 22_000], ghost, 30_000)).toEqual({ puzzle: 2, ms: -3_000, live: false });
  });

  it('reads "+3 s" behind and "−2 s" ahead, in the player’s language', async () => {
    const behind = render(<SplitLine split={{ puzzle: 1, ms: 3_400, live: true }} />);
    expect(behind.getByTestId('ghost-split').textContent).toBe('+3 s behind the ghost (puzzle 1)');
    expect(behind.getByTestId('ghost-split').dataset['side']).toBe('behind');
    cleanup();
    const ahead = render(<SplitLine split={{ puzzle: 2, ms: -2_000, live: false }} />);
    expect(ahead.getByTestId('ghost-split').textContent).toBe('−2.0 s ahead of the ghost (puzzle 2)');
    cleanup();
    await act(() => switchLanguage('pl'));
    const pl = render(<SplitLine split={{ puzzle: 2, ms: -2_400, live: false }} />);
    expect(pl.getByTestId('ghost-split').textContent).toBe('−2,4 s przed duchem (łamigłówka 2)');
  });
});

describe('the verdict', () => {
  it('is a win by the seconds saved on one’s own best', () => {
    const ghost = ghostOf([50_000, 47_000]);
    const verdict = verdictOf(result(2, 86_000), [puzzle(40_000), puzzle(46_000)], ghost);
    expect(verdict).toEqual({ outcome: 'won', puzzles: 0, ms: 11_000 });
    const { getByTestId } = render(<VerdictLine verdict={verdict} ghost={ghost} />);
    expect(getByTestId('ghost-verdict').textContent).toBe('You beat your best by 11 s.');
  });

  it('is a loss to a friend’s ghost, named', () => {
    const ghost = ghostOf([50_000, 47_000], { own: false });
    const verdict = verdictOf(result(2, 99_000), [puzzle(50_000), puzzle(49_000)], ghost);
    expect(verdict).toEqual({ outcome: 'lost', puzzles: 0, ms: 2_000 });
    const { getByTestId } = render(<VerdictLine verdict={verdict} ghost={ghost} />);
    expect(getByTestId('ghost-verdict').textContent).toBe('rey’s ghost won by 2.0 s.');
  });

  it('names a ghost with no username by its player’s name', () => {
    const ghost = ghostOf([30_000], { own: false, username: null });
    const verdict = verdictOf(result(1, 20_000), [puzzle(20_000)], ghost);
    const { getByTestId } = render(<VerdictLine verdict={verdict} ghost={ghost} />);
    expect(getByTestId('ghost-verdict').textContent).toBe('You beat Rey S.’s run by 10 s.');
  });

  it('is a tie under a tenth of a second apart', () => {
    const ghost = ghostOf([30_000]);
    expect(verdictOf(result(1, 30_040), [puzzle(30_040)], ghost)).toEqual({ outcome: 'tie', puzzles: 0, ms: 0 });
    const { getByTestId } = render(<VerdictLine verdict={{ outcome: 'tie', puzzles: 0, ms: 0 }} ghost={ghost} />);
    expect(getByTestId('ghost-verdict').textContent).toBe('A dead heat with your best.');
  });

  it('goes first by puzzles solved: a run that solved fewer loses, however quick', () => {
    const ghost = ghostOf([30_000, 30_000, 30_000]);
    const verdict = verdictOf(result(2, 20_000), [puzzle(10_000), puzzle(10_000), puzzle(0, 'unfinished')], ghost);
    expect(verdict).toEqual({ outcome: 'lost', puzzles: 1, ms: 0 });
    const { getByTestId } = render(<VerdictLine verdict={verdict} ghost={ghost} />);
    expect(getByTestId('ghost-verdict').textContent).toBe('The ghost of your best won by 1 puzzle.');
  });

  it('in a timed run, the same count is won by the earlier last solve', () => {
    const ghost = ghostOf([60_000, 70_000, [50_000, 'unfinished']], { mode: 'timed' });
    const mine = [puzzle(50_000), puzzle(75_000), puzzle(55_000, 'unfinished')];
    expect(verdictOf(result(2, 180_000, 'timed'), mine, ghost)).toEqual({ outcome: 'won', puzzles: 0, ms: 5_000 });
  });
});

describe('both results', () => {
  it('sets the times side by side (a number of puzzles), the puzzles solved (timed)', () => {
    const { getByTestId } = render(<BothResults result={result(1, 108_000)} ghost={ghostOf([97_000])} />);
    expect(getByTestId('ghost-both').textContent).toBe('You: 1:48 · the ghost: 1:37');
    cleanup();
    const timed = render(
      <BothResults result={result(3, 300_000, 'timed')} ghost={ghostOf([1, 2], { mode: 'timed' })} />,
    );
    expect(timed.getByTestId('ghost-both').textContent).toBe('You: 3 puzzles · the ghost: 2 puzzles');
  });
});

describe('seconds apart', () => {
  it('says tenths under ten seconds, whole seconds above, whole seconds down while running', () => {
    expect(secondsApart(2_449, 'en')).toBe('2.4');
    expect(secondsApart(-11_600, 'en')).toBe('12');
    expect(secondsApart(3_900, 'en', true)).toBe('3');
    expect(secondsApart(2_400, 'pt')).toBe('2,4');
  });

  it('says minutes and seconds from a minute: "won by 3:42", a running split "+2:31"', () => {
    expect(timeApart(59_400, 'en')).toEqual({ unit: 'seconds', value: '59' });
    expect(timeApart(-222_400, 'en')).toEqual({ unit: 'clock', value: '3:42' });
    expect(timeApart(151_900, 'en', true)).toEqual({ unit: 'clock', value: '2:31' });
    const ghost = ghostOf([80_000], { own: false });
    const verdict = verdictOf(result(1, 302_000), [puzzle(302_000)], ghost);
    const { getByTestId } = render(<VerdictLine verdict={verdict} ghost={ghost} />);
    expect(getByTestId('ghost-verdict').textContent).toBe('rey’s ghost won by 3:42.');
    cleanup();
    const running = render(<SplitLine split={{ puzzle: 1, ms: 151_900, live: true }} />);
    expect(running.getByTestId('ghost-split').textContent).toBe('+2:31 behind the ghost (puzzle 1)');
  });
});
