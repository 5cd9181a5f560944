import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calibratedDifficulty } from './calibration.js';
import { shippedDeck } from './decks.js';
import type { SoloConfig, SoloEvent, SoloState } from './game/solo.js';
import { bestComboOf, parseSoloConfig, soloClockBonus, soloEngine } from './game/solo.js';
import { solveFirst } from './solver.js';
import {
  STORM_BUCKETS,
  STORM_CLOCK,
  STORM_MINUTES,
  STORM_RAMP,
  stormBucketAt,
  stormBuckets,
  stormPeriods,
  stormTasks,
} from './storm.js';

const deck = shippedDeck('classic');
const buckets = stormBuckets(deck);
const name = (t: { board: string; side: string; key: string }): string => `${t.board} ${t.side} ${t.key}`;

describe('Storm: the ramp', () => {
  it('cuts the classic deck into 8 buckets of 54 by calibrated difficulty: known answers', () => {
    expect(buckets.map((b) => b.length)).toEqual(Array(STORM_BUCKETS).fill(54));
    const edges = buckets.map((b) => [b[0], b.at(-1)].map((t) => calibratedDifficulty(deck, t ?? ({} as never))));
    expect(edges).toEqual([
      [3.8, 4.6],
      [4.6, 5],
      [5, 5.5],
      [5.5, 6.1],
      [6.6, 7.1],
      [7.2, 7.7],
      [7.7, 8.2],
      [8.2, 10.3],
    ]);
    // The easy sides fill the first four buckets, the hard sides the last four.
    expect(buckets.map((b) => new Set(b.map((t) => t.side)).size === 1 && b[0]?.side)).toEqual([
      'easy',
      'easy',
      'easy',
      'easy',
      'hard',
      'hard',
      'hard',
      'hard',
    ]);
    expect(name(buckets[0]?.[0] ?? ({} as never))).toBe('C36 easy 3');
    expect(name(buckets[7]?.at(-1) ?? ({} as never))).toBe('C35 hard 1');
  });

  it('deals a seed’s run: known answers', () => {
    const run = stormTasks(buckets, 1);
    expect(run).toHaveLength(80);
    expect(run.slice(0, 3).map(name)).toEqual(['C23 easy 4', 'C35 easy 1', 'C26 easy 4']);
    expect(name(run.at(-1) ?? ({} as never))).toBe('C26 hard 5');
    expect(STORM_RAMP.reduce((a, b) => a + b, 0)).toBe(80);
    expect([0, 7, 8, 16, 25, 79, 80, 500].map(stormBucketAt)).toEqual([0, 0, 1, 2, 3, 7, 7, 7]);
  });

  it('every seed climbs the same steps: each bucket’s count, no task twice, never easier a step up', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const run = stormTasks(buckets, seed);
        expect(run).toHaveLength(STORM_RAMP.reduce((a, b) => a + b, 0));
        expect(new Set(run.map(name)).size).toBe(run.length);
        run.forEach((t, i) => {
          expect(buckets[stormBucketAt(i)]?.map(name)).toContain(name(t));
        });
        // The same seed, the same run.
        expect(stormTasks(buckets, seed)).toEqual(run);
        for (let i = 1; i < run.length; i++)
          if (stormBucketAt(i) > stormBucketAt(i - 1))
            expect(calibratedDifficulty(deck, run[i] as never)).toBeGreaterThanOrEqual(
              Math.max(...(buckets[stormBucketAt(i - 1)] ?? []).map((t) => calibratedDifficulty(deck, t))),
            );
      }),
      { numRuns: 40 },
    );
  });

  it('counts highs from the UTC day and the ISO week (Monday)', () => {
    expect(stormPeriods(Date.UTC(2026, 10, 28, 8))).toMatchObject({ day: '2026-11-28', week: '2026-11-23' });
    expect(stormPeriods(Date.UTC(2026, 10, 30))).toMatchObject({ day: '2026-11-30', week: '2026-11-30' });
    expect(stormPeriods(Date.UTC(2026, 10, 29, 23, 59, 59, 999))).toMatchObject({
      day: '2026-11-29',
      week: '2026-11-23',
      weekFrom: Date.UTC(2026, 10, 23),
    });
    expect(stormPeriods(Date.UTC(2027, 0, 1, 12))).toMatchObject({ week: '2026-12-28', dayFrom: Date.UTC(2027, 0, 1) });
  });
});

describe('Storm: the clock that moves (the solo engine’s `clock`)', () => {
  const engine = soloEngine(deck);
  const config: SoloConfig = {
    player: 'ana',
    mode: 'timed',
    limit: STORM_MINUTES,
    side: 'easy',
    tasks: stormTasks(buckets, 7),
    clock: STORM_CLOCK,
  };
  const T0 = 1_000;

  function started(): SoloState {
    const setup = engine.setup(config, 3);
    if (!setup.ok) throw new Error(setup.error.message);
    const step = engine.apply(setup.value, { type: 'start' }, T0);
    if (!step.ok) throw new Error(step.error.message);
    return step.value.state;
  }

  function act(state: SoloState, how: 'solve' | 'skip', now: number): { state: SoloState; events: SoloEvent[] } {
    const step =
      how === 'skip'
        ? engine.apply(state, { type: 'skip' }, now)
        : engine.apply(
            state,
            { type: 'claim', placements: solveFirst(engine.puzzleOf(state.current ?? ({} as never))).solution ?? [] },
            now,
          );
    if (!step.ok) throw new Error(`${step.error.code}: ${step.error.message}`);
    return step.value;
  }

  it('gives back 3 s for a fast solve, 4 s from 5 in a row, 5 s from 10; a slow one nothing; a skip costs 10 s', () => {
    expect([1, 4, 5, 9, 10, 30].map((c) => soloClockBonus(STORM_CLOCK, c))).toEqual([
      3000, 3000, 4000, 4000, 5000, 5000,
    ]);
    let s = started();
    expect(s.endsAt).toBe(T0 + 180_000);
    let now = T0;
    const backs: (number | undefined)[] = [];
    // Ten fast solves (5 s each), then a slow one (25 s), then a fast one, then a set-aside.
    for (const [how, wait] of [
      ...Array<['solve', number]>(10).fill(['solve', 5_000]),
      ['solve', 25_000],
      ['solve', 20_000],
      ['skip', 1_000],
    ] as const) {
      now += wait;
      const step = act(s, how, now);
      s = step.state;
      const e = step.events[0];
      backs.push(e?.type === 'solved' || e?.type === 'skipped' ? e.clockMs : undefined);
    }
    expect(backs).toEqual([3000, 3000, 3000, 3000, 4000, 4000, 4000, 4000, 4000, 5000, 0, 5000, -10_000]);
    const sum = 4 * 3000 + 5 * 4000 + 5000 + 0 + 5000 - 10_000;
    expect(s.endsAt).toBe(T0 + 180_000 + sum);
    expect(s.combo).toBe(0);
    const view = engine.view(s);
    expect(view.clock).toEqual({ rules: STORM_CLOCK, combo: 0, bestCombo: 12, dealtAt: now - T0 });
  });

  it('a skip with less than 10 s left ends the run there and then; the tick ends it at the deadline', () => {
    let s = started();
    const late = T0 + 175_000;
    const step = act(s, 'skip', late);
    expect(step.state.phase).toBe('finished');
    expect(engine.result(step.state)).toMatchObject({ solved: 0, skipped: 1, ms: 175_000 });
    s = started();
    s = act(s, 'solve', T0 + 30_000).state;
    const tick = engine.apply(s, { type: 'tick' }, T0 + 180_000);
    expect(tick.ok && engine.result(tick.value.state)).toMatchObject({ solved: 1, ms: 180_000 });
  });

  it('for any run, the deadline is the start’s plus what each step said, and the combo the solves since a skip', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ how: fc.constantFrom('solve', 'skip'), wait: fc.integer({ min: 1, max: 30_000 }) }), {
          maxLength: 30,
        }),
        (steps) => {
          let s = started();
          let now = T0;
          for (const { how, wait } of steps) {
            now += wait;
            if (s.phase === 'finished') break;
            const before = s.endsAt ?? 0;
            if (now >= before) {
              const tick = engine.apply(s, { type: 'tick' }, now);
              if (!tick.ok) throw new Error(tick.error.message);
              s = tick.value.state;
              expect(s.finishedAt).toBe(before);
              break;
            }
            const step = act(s, how as 'solve' | 'skip', now);
            const e = step.events[0];
            if (e?.type !== 'solved' && e?.type !== 'skipped') throw new Error('no solve nor skip');
            expect(e.combo).toBe(step.state.combo);
            expect(e.clockMs).toBe(
              e.type === 'skipped' ? -10_000 : [0, 3000, 4000, 5000].includes(e.clockMs ?? -1) ? e.clockMs : NaN,
            );
            // The deadline moves by what the step says; a skip past it ends the run then.
            expect(step.state.endsAt).toBe(Math.max(now, before + (e.clockMs ?? 0)));
            if (step.state.phase === 'finished') expect(step.state.finishedAt).toBe(now);
            s = step.state;
          }
          const trailing = s.log.length - 1 - s.log.map((x) => x.outcome).lastIndexOf('skipped');
          expect(s.combo).toBe(trailing);
          expect(bestComboOf(s.log)).toBeGreaterThanOrEqual(s.combo);
          const result = engine.result(s);
          if (result) expect(result.solved).toBe(s.log.filter((e) => e.outcome === 'solved').length);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('reads a clock from outside, and refuses one without its times', () => {
    const raw: unknown = JSON.parse(JSON.stringify(config));
    expect(parseSoloConfig(raw)).toEqual({ ok: true, value: config });
    expect(parseSoloConfig({ ...config, clock: { ...STORM_CLOCK, skipMs: '10' } })).toMatchObject({
      ok: false,
      error: { code: 'config/invalid' },
    });
    expect(parseSoloConfig({ ...config, clock: { ...STORM_CLOCK, fastMs: -1 } })).toMatchObject({ ok: false });
  });

  it('a clock that moves is a timed course’s only', () => {
    expect(engine.setup({ ...config, mode: 'count', limit: 80 }, 1)).toMatchObject({ ok: false });
    expect(engine.setup({ player: 'ana', mode: 'timed', limit: 5, side: 'easy', clock: STORM_CLOCK }, 1)).toMatchObject(
      { ok: false },
    );
    expect(engine.setup({ ...config, clock: { ...STORM_CLOCK, comboEvery: 0 } }, 1)).toMatchObject({ ok: false });
  });
});
