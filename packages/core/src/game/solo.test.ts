import { describe, expect, it } from 'vitest';
import { shippedDeck } from '../decks.js';
import { solveFirst } from '../solver.js';
import type { SoloAction, SoloConfig, SoloResult, SoloState } from './solo.js';
import {
  compareSoloResults,
  isNewBest,
  parseSoloAction,
  parseSoloConfig,
  SOLO_MAX_PUZZLES,
  soloEngine,
} from './solo.js';

const engine = soloEngine(shippedDeck('classic'));

function start(config: Partial<SoloConfig> = {}): SoloState {
  const r = engine.setup({ player: 'ana', mode: 'count', limit: 5, side: 'easy', ...config }, 3);
  if (!r.ok) throw new Error(r.error.message);
  const s = engine.apply(r.value, { type: 'start' }, 1_000);
  if (!s.ok) throw new Error(s.error.message);
  return s.value.state;
}

function act(state: SoloState, action: SoloAction, now: number): SoloState {
  const r = engine.apply(state, action, now);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value.state;
}

const solve = (state: SoloState, now: number): SoloState =>
  act(
    state,
    { type: 'claim', placements: solveFirst(engine.puzzleOf(state.current ?? ({} as never))).solution ?? [] },
    now,
  );

describe('solo: a number of puzzles as fast as possible', () => {
  it('ends when the fifth puzzle is solved; skipped puzzles do not count', () => {
    let s = start();
    s = act(s, { type: 'skip' }, 2_000);
    for (let i = 0; i < 5; i++) s = solve(s, 10_000 + i * 10_000);
    expect(s.phase).toBe('finished');
    expect(engine.result(s)).toEqual({ mode: 'count', limit: 5, side: 'easy', solved: 5, skipped: 1, ms: 49_000 });
  });

  it('each puzzle is a new board of the chosen side with a die roll', () => {
    let s = start({ side: 'hard' });
    const boards = new Set<string>();
    for (let i = 0; i < 4; i++) {
      expect(s.current?.side).toBe('hard');
      boards.add(s.current?.board ?? '');
      s = solve(s, 2_000 + i);
    }
    expect(boards.size).toBe(4);
  });
});

describe('solo: as many puzzles as possible in the time', () => {
  it('counts what was solved before the time ran out; later claims are refused', () => {
    let s = start({ mode: 'timed', limit: 5 });
    s = solve(s, 60_000);
    s = solve(s, 120_000);
    const current = s.current;
    const late = engine.apply(
      s,
      { type: 'claim', placements: solveFirst(engine.puzzleOf(current ?? ({} as never))).solution ?? [] },
      301_001,
    );
    expect(!late.ok && late.error.code).toBe('claim/too-late');
    s = act(s, { type: 'tick' }, 301_001);
    expect(engine.result(s)).toEqual({ mode: 'timed', limit: 5, side: 'easy', solved: 2, skipped: 0, ms: 300_000 });
  });
});

describe('solo refusals change nothing', () => {
  it.each<[string, SoloAction]>([
    ['an empty claim', { type: 'claim', placements: [] }],
    ['an unknown action', { type: 'jump' } as unknown as SoloAction],
    ['a second start', { type: 'start' }],
  ])('%s', (_what, action) => {
    const s = start();
    const frozen = JSON.stringify(s);
    expect(engine.apply(s, action, 5_000).ok).toBe(false);
    expect(JSON.stringify(s)).toBe(frozen);
  });

  it('setup refuses limits other than 5, 10 or 20', () => {
    const r = engine.setup({ player: 'ana', mode: 'timed', limit: 7, side: 'easy' }, 1);
    expect(!r.ok && r.error.code).toBe('config/invalid');
  });
});

describe('solo limits', () => {
  it('a run deals at most SOLO_MAX_PUZZLES puzzles, so skipping cannot grow it without end', () => {
    let s = start({ mode: 'timed', limit: 20 });
    for (let i = 0; i < SOLO_MAX_PUZZLES; i++) s = act(s, { type: 'skip' }, 2_000 + i);
    const r = engine.apply(s, { type: 'skip' }, 3_000);
    expect(!r.ok && r.error.code).toBe('action/limit');
  });
});

describe('the solo view', () => {
  it('shows the settings, the score so far and the current puzzle, checked, with its pieces’ shapes', () => {
    let s = start({ mode: 'count', limit: 5 });
    s = solve(s, 2_000);
    s = act(s, { type: 'skip' }, 3_000);
    const v = engine.view(s);
    expect(v).toMatchObject({ phase: 'playing', mode: 'count', limit: 5, side: 'easy', solved: 1, skipped: 1 });
    const deck = shippedDeck('classic');
    const side = deck.boards.find((b) => b.id === s.current?.board)?.sides[s.current?.side ?? 'easy'];
    expect(v.current).toEqual(s.current);
    expect(v.task?.region).toEqual(side?.region);
    expect(v.task?.pieces.map((p) => p.id)).toEqual(side?.tasks.find((t) => t.key === s.current?.key)?.pieces);
    expect(v.task?.grid).toBe('square');
    expect(v.task?.pieces).toHaveLength(3);
    expect(JSON.stringify(v)).not.toContain('"rng"');
    expect(v.result).toBeNull();
  });
});

describe('which solo result is the better record', () => {
  const r = (over: Partial<SoloResult>): SoloResult => ({
    mode: 'timed',
    limit: 5,
    side: 'easy',
    solved: 3,
    skipped: 0,
    ms: 300_000,
    ...over,
  });
  it('timed: more puzzles solved, then less time', () => {
    expect(compareSoloResults(r({ solved: 4 }), r({ solved: 3 }))).toBeGreaterThan(0);
    expect(compareSoloResults(r({ ms: 200_000 }), r({}))).toBeGreaterThan(0);
    expect(compareSoloResults(r({}), r({ skipped: 9 }))).toBe(0);
  });
  it('count: a complete run beats an incomplete one whatever the time; then less time', () => {
    const done = r({ mode: 'count', solved: 5, ms: 90_000 });
    expect(compareSoloResults(done, r({ mode: 'count', solved: 4, ms: 10_000 }))).toBeGreaterThan(0);
    expect(compareSoloResults(done, { ...done, ms: 80_000 })).toBeLessThan(0);
  });
  it('a new best: a timed run with a solve beats nothing; an incomplete count run never is one', () => {
    expect(isNewBest(r({ solved: 1 }), null)).toBe(true);
    expect(isNewBest(r({ solved: 0 }), null)).toBe(false);
    expect(isNewBest(r({ mode: 'count', solved: 4 }), null)).toBe(false);
    expect(isNewBest(r({ mode: 'count', solved: 5, ms: 70_000 }), r({ mode: 'count', solved: 5, ms: 80_000 }))).toBe(
      true,
    );
    expect(isNewBest(r({ solved: 3 }), r({ solved: 3 }))).toBe(false);
  });
});

describe('solo: dealing from a pool (the player’s level)', () => {
  const pool = [
    { board: 'C01', key: '1' },
    { board: 'C02', key: '4' },
    { board: 'C03', key: '6' },
  ] as const;

  it('deals the pool’s tasks only, each once before any again', () => {
    let s = start({ side: 'hard', limit: 20, pool });
    const dealt: string[] = [];
    for (let i = 0; i < 6; i++) {
      dealt.push(`${s.current?.board} ${s.current?.key} ${s.current?.side}`);
      s = act(s, { type: 'skip' }, 2_000 + i);
    }
    const names = pool.map((t) => `${t.board} ${t.key} hard`);
    expect([...dealt.slice(0, 3)].sort()).toEqual([...names].sort());
    expect([...dealt.slice(3, 6)].sort()).toEqual([...names].sort());
  });

  it('refuses a pool with a task the deck does not have', () => {
    for (const bad of [[], [{ board: 'C99', key: '1' }], [{ board: 'C01', key: '7' }]])
      expect(
        engine.setup({ player: 'ana', mode: 'count', limit: 5, side: 'easy', pool: bad as never }, 3),
      ).toMatchObject({ ok: false, error: { code: 'config/invalid' } });
  });
});

describe('solo configurations and actions from outside', () => {
  it('parses what it was given back to the same values, after a trip through JSON', () => {
    const configs: SoloConfig[] = [
      { player: 'ana', mode: 'count', limit: 5, side: 'easy' },
      { player: 'ana', mode: 'timed', limit: 20, side: 'hard', pieceSet: 'box', pool: [{ board: 'C01', key: '3' }] },
    ];
    for (const config of configs)
      expect(parseSoloConfig(JSON.parse(JSON.stringify(config)))).toEqual({ ok: true, value: config });
    const actions: SoloAction[] = [
      { type: 'start' },
      { type: 'skip' },
      { type: 'tick' },
      { type: 'claim', placements: [] },
    ];
    for (const action of actions)
      expect(parseSoloAction(JSON.parse(JSON.stringify(action)))).toEqual({ ok: true, value: action });
  });

  it.each<[string, unknown]>([
    ['no object', 'count'],
    ['no player', { mode: 'count', limit: 5, side: 'easy' }],
    ['another mode', { player: 'ana', mode: 'relay', limit: 5, side: 'easy' }],
    ['a limit as text', { player: 'ana', mode: 'count', limit: '5', side: 'easy' }],
    ['a limit the rulebooks do not give', { player: 'ana', mode: 'count', limit: 7, side: 'easy' }],
    ['another side', { player: 'ana', mode: 'count', limit: 5, side: 'middle' }],
    ['another piece set', { player: 'ana', mode: 'count', limit: 5, side: 'easy', pieceSet: 'all' }],
    ['an empty pool', { player: 'ana', mode: 'count', limit: 5, side: 'easy', pool: [] }],
    [
      'a pool task without a die face',
      { player: 'ana', mode: 'count', limit: 5, side: 'easy', pool: [{ board: 'C01' }] },
    ],
  ])('refuses a configuration with %s', (_what, raw) => {
    expect(parseSoloConfig(raw)).toMatchObject({ ok: false, error: { code: 'config/invalid' } });
  });

  it.each<[string, unknown]>([
    ['no object', null],
    ['no type', { placements: [] }],
    ['an unknown type', { type: 'jump' }],
    ['a claim without placements', { type: 'claim' }],
  ])('refuses an action with %s', (_what, raw) => {
    expect(parseSoloAction(raw)).toMatchObject({ ok: false, error: { code: 'action/malformed' } });
  });
});

describe('solo: a course (the campaign, the daily)', () => {
  const extreme = soloEngine(shippedDeck('extreme'));
  const course = [
    { board: 'C07', side: 'hard', key: '3' },
    { board: 'C02', side: 'easy', key: '6' },
  ] as const;

  it('deals its tasks in its order, each on its own side, and ends when the last is solved', () => {
    let s = start({ tasks: course, limit: 2 });
    expect(s.current).toMatchObject(course[0]);
    s = solve(s, 5_000);
    expect(s.current).toMatchObject(course[1]);
    s = solve(s, 9_000);
    expect(s.phase).toBe('finished');
    expect(engine.result(s)).toMatchObject({ solved: 2, skipped: 0, ms: 8_000 });
  });

  it('ends when its last task is set aside, solved or not', () => {
    let s = start({ tasks: course.slice(0, 1), limit: 1 });
    s = act(s, { type: 'skip' }, 4_000);
    expect(s.phase).toBe('finished');
    expect(engine.result(s)).toMatchObject({ solved: 0, skipped: 1, ms: 3_000 });
  });

  it('a timed course ends when its tasks run out, before the time', () => {
    let s = start({ tasks: course, mode: 'timed', limit: 3 });
    s = act(s, { type: 'skip' }, 2_000);
    s = solve(s, 3_000);
    expect(s.phase).toBe('finished');
    expect(engine.result(s)).toMatchObject({ mode: 'timed', limit: 3, solved: 1, skipped: 1 });
  });

  it('deals Extreme tasks on the Extreme deck, which shuffled runs do not use', () => {
    const deck = shippedDeck('extreme');
    const board = deck.boards[0];
    const task = board ? { board: board.id, side: 'easy' as const, key: board.sides.easy.tasks[0]?.key ?? '' } : null;
    if (!task) throw new Error('no Extreme board');
    const r = extreme.setup({ player: 'ana', mode: 'count', limit: 1, side: 'easy', tasks: [task] }, 1);
    expect(r.ok).toBe(true);
    expect(extreme.setup({ player: 'ana', mode: 'count', limit: 5, side: 'easy' }, 1).ok).toBe(false);
  });

  it.each<[string, Partial<SoloConfig>]>([
    ['an empty course', { tasks: [], limit: 5 }],
    ['a count that is not its length', { tasks: course, limit: 5 }],
    ['a task the deck does not have', { tasks: [{ board: 'C99', side: 'easy', key: '1' }], limit: 1 }],
    ['a course and a pool', { tasks: course, limit: 2, pool: [{ board: 'C01', key: '1' }] }],
    ['a timed course of an hour', { tasks: course, mode: 'timed', limit: 60 }],
  ])('refuses %s', (_, config) => {
    expect(engine.setup({ player: 'ana', mode: 'count', limit: 5, side: 'easy', ...config }, 1).ok).toBe(false);
  });

  it('reads a course from outside, after a trip through JSON', () => {
    const config = { player: 'ana', mode: 'count', limit: 2, side: 'easy', tasks: course };
    const parsed = parseSoloConfig(JSON.parse(JSON.stringify(config)));
    expect(parsed).toEqual({ ok: true, value: config });
    expect(parseSoloConfig({ ...config, tasks: [{ board: 'C01', side: 'up', key: '1' }] }).ok).toBe(false);
  });
});
