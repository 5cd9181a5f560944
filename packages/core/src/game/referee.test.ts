import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shippedDeck } from '../decks.js';
import { findTask } from '../deck.js';
import { createRng } from '../random.js';
import { solveFirst } from '../solver.js';
import type { BotLevel } from './bot-model.js';
import { BOT_FIND_SECONDS, botSolveSeconds } from './bot-model.js';
import { botStartRow } from './bots.js';
import { humanFloorSeconds } from './human-floor.js';
import type { RaceAction, RaceEngine, RaceState } from './race.js';
import { LAYOUT_MS, raceEngine } from './race.js';
import type { Planned, RefereeState } from './referee.js';
import { ALL_PLACED_MS, BOT_MOVE_MS, BOT_PLACE_MS, botSeed, PLACING_MS, referee, ROUND_PAUSE_MS } from './referee.js';

const deck = shippedDeck('classic');
const engine: RaceEngine = raceEngine(deck);
const judge = referee(deck);

function game(edition: 'classic' | 'jewels', players: number, seed: number): RaceState {
  const r = engine.setup(
    {
      edition,
      variant: 'standard',
      players: Array.from({ length: players }, (_, i) => ({ id: `p${i + 1}`, side: 'easy' as const })),
      hourglassSeconds: 60,
      rounds: 2,
    },
    seed,
  );
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** A game and its referee, as the server starts them. */
function begin(
  state: RaceState,
  seed: number,
  bots: Readonly<Record<string, BotLevel>>,
  now: number,
): [RaceState, RefereeState] {
  return [state, judge.start(state, seed, bots, now)];
}

/** Runs the referee's plan until `stop` says so; every planned action must be accepted. */
function run(
  state: RaceState,
  ref: RefereeState,
  stop: (s: RaceState, next: Planned) => boolean = () => false,
): { state: RaceState; ref: RefereeState; log: Planned[] } {
  const log: Planned[] = [];
  for (let next = judge.next(ref, state); next && !stop(state, next); next = judge.next(ref, state)) {
    const step = engine.apply(state, next.action, next.at);
    if (!step.ok) throw new Error(`the referee's ${next.action.type} at ${next.at} was refused: ${step.error.message}`);
    state = step.value.state;
    ref = judge.observe(ref, state, step.value.events, next.at);
    log.push(next);
  }
  return { state, ref, log };
}

describe('the referee', () => {
  it('starts the first round at once, then each round 5 s after the previous one ended', () => {
    const bots: Record<string, BotLevel> = { p1: 'master', p2: 'expert' };
    const { state, log } = run(...begin(game('classic', 2, 3), 3, bots, 1000));
    expect(state.phase).toBe('finished');
    const starts = log.filter((p) => p.action.type === 'start-round').map((p) => p.at);
    expect(starts[0]).toBe(1000);
    // The round ends with the last action before a start: the next start is 5 s after it.
    for (let i = 1; i < starts.length; i++) {
      const before = log[log.findIndex((p) => p.at === starts[i]) - 1];
      expect((starts[i] ?? 0) - (before?.at ?? 0)).toBe(ROUND_PAUSE_MS);
    }
  });

  it('with people only, it ticks at the deadline, turns the sand once, and ends the round', () => {
    const { log } = run(...begin(game('classic', 2, 1), 1, {}, 0), (s) => s.history.length === 1);
    expect(log.map((p) => [p.action.type, p.at])).toEqual([
      ['start-round', 0],
      ['tick', 60_000],
      ['tick', 120_000],
    ]);
  });

  it('draws each bot a claim time from the bot model, and claims with a solution when it is due', () => {
    const { state, ref } = run(...begin(game('classic', 2, 7), 7, { p2: 'casual' }, 0), (s) => s.round !== null);
    expect(state.phase).toBe('playing');
    // Only the bot has a plan; the person plays for themselves.
    expect(Object.keys(ref.claims)).toEqual(['p2']);
    const claimAt = ref.claims['p2'] ?? 0;
    expect(claimAt).toBeGreaterThan(0);
    const next = judge.next(ref, state);
    if (claimAt <= 60_000) {
      expect(next).toMatchObject({ at: claimAt, action: { type: 'claim', player: 'p2' } });
      const after = engine.apply(state, next?.action ?? { type: 'tick' }, claimAt);
      expect(after.ok && after.value.state.round?.solved).toEqual(['p2']);
    } else {
      expect(next).toEqual({ at: 60_000, action: { type: 'tick' } });
    }
  });

  it('draws the same times as the bot model with the bots’ own seed', () => {
    const { state, ref } = run(
      ...begin(game('classic', 2, 9), 9, { p1: 'expert', p2: 'master' }, 0),
      (s) => s.round !== null,
    );
    const rng = createRng(botSeed(9));
    for (const deal of state.round?.deals ?? []) {
      const level = deal.player === 'p1' ? 'expert' : 'master';
      const difficulty = findTask(deck, deal)?.difficulty ?? 0;
      expect(ref.claims[deal.player]).toBe(Math.round(botSolveSeconds(level, difficulty, rng) * 1000));
    }
  });

  it('is deterministic: the same seed and bots give the same plan', () => {
    const bots: Record<string, BotLevel> = { p1: 'beginner', p2: 'master', p3: 'casual' };
    const a = run(...begin(game('jewels', 3, 5), 5, bots, 0));
    const b = run(...begin(game('jewels', 3, 5), 5, bots, 0));
    expect(a.log).toEqual(b.log);
    expect(a.state).toEqual(b.state);
  });

  it('a jewel bot moves 1.5 s after it solves, to a row the engine accepts', () => {
    const { log } = run(...begin(game('jewels', 2, 2), 2, { p1: 'master', p2: 'master' }, 0));
    const moves = log.filter((p) => p.action.type === 'move');
    expect(moves.length).toBeGreaterThan(0);
    // Every move comes 1.5 s after its player's claim (a claim may have no move: the sand ran out).
    for (const m of moves) {
      const player = m.action.type === 'move' ? m.action.player : '';
      const claim = log.find(
        (p) => p.action.type === 'claim' && p.action.player === player && p.at === m.at - BOT_MOVE_MS,
      );
      expect(claim, `${player} at ${m.at}`).toBeDefined();
    }
  });

  it('a stand-in plays on for a person: it claims if they had not solved, moves if they had', () => {
    const { state, ref } = run(...begin(game('jewels', 2, 11), 11, {}, 0), (s) => s.round !== null);
    // p2 leaves before solving: a casual bot claims in their place, some time from now.
    let r = judge.standIn(ref, state, 'p2', 2000);
    expect(r.bots).toEqual({ p2: 'casual' });
    expect(Object.keys(r.claims)).toEqual(['p2']);
    expect(r.claims['p2']).toBeGreaterThan(2000);
    // p1 solves, then leaves before moving: the bot only moves, 1.5 s from then.
    const deal = state.round?.deals.find((d) => d.player === 'p1');
    if (!deal) throw new Error('p1 should have a board');
    const placements = solveFirst(engine.puzzleOf(deal)).solution ?? [];
    const after = engine.apply(state, { type: 'claim', player: 'p1', placements }, 3000);
    if (!after.ok) throw new Error(after.error.message);
    r = judge.observe(r, after.value.state, after.value.events, 3000);
    expect(r.moves).toEqual({});
    r = judge.standIn(r, after.value.state, 'p1', 4000);
    expect(r.moves).toEqual({ p1: 4000 + BOT_MOVE_MS });
    expect(r.claims['p1']).toBeUndefined();
  });

  it('a refused plan is dropped, so the game goes on', () => {
    const { state, ref } = run(...begin(game('classic', 2, 3), 3, { p1: 'master' }, 0), (s) => s.round !== null);
    const next = judge.next(ref, state);
    expect(next?.action.type).toBe('claim');
    const dropped = judge.drop(ref, next?.action ?? { type: 'tick' });
    expect(judge.next(dropped, state)).toEqual({ at: 60_000, action: { type: 'tick' } });
  });

  it('every plan it makes is accepted, over many seeds, sizes and levels', () => {
    const level = fc.constantFrom<BotLevel>('beginner', 'casual', 'expert', 'master');
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom<'classic' | 'jewels'>('classic', 'jewels'),
        fc.array(fc.option(level, { nil: undefined }), { minLength: 1, maxLength: 4 }),
        (seed, edition, levels) => {
          const bots = Object.fromEntries(
            levels.flatMap((l, i) => (l === undefined ? [] : [[`p${i + 1}`, l] as const])),
          );
          const { state } = run(...begin(game(edition, levels.length, seed), seed, bots, 0));
          expect(state.phase).toBe('finished');
        },
      ),
      { numRuns: 25, seed: 20261126 },
    );
  });
});

describe('the referee after a restart', () => {
  it('resumes a game waiting between rounds: the next round a pause from now, the same plans as before', () => {
    const bots: Record<string, BotLevel> = { p2: 'casual' };
    // Played up to the end of round 1 (the server restarts in the pause).
    const { state, ref } = run(
      ...begin(game('classic', 2, 5), 5, bots, 0),
      (s, next) => s.history.length === 1 && next.action.type === 'start-round',
    );
    const resumed = judge.resume(ref, state, 90_000);
    expect(judge.next(resumed, state)).toEqual({ at: 90_000 + ROUND_PAUSE_MS, action: { type: 'start-round' } });
    // The rest of the game goes as it would have, shifted: the bots' draws come from the same generator.
    const later = run(state, resumed).log.map((p) => p.action.type);
    const sooner = run(state, ref).log.map((p) => p.action.type);
    expect(later).toEqual(sooner);
  });

  it('resumes a jewel game before its first round: the time to place again, bots placing anew', () => {
    const [state, ref] = begin(game('jewels', 2, 23), 23, { p2: 'expert' }, 0);
    const resumed = judge.resume(ref, state, 50_000);
    expect(resumed.nextRoundAt).toBe(50_000 + PLACING_MS);
    expect(judge.next(resumed, state)).toMatchObject({
      at: 50_000 + BOT_PLACE_MS,
      action: { type: 'place', player: 'p2' },
    });
  });

  it('leaves a game in play alone', () => {
    const [state, ref] = begin(game('classic', 2, 6), 6, {}, 0);
    const { state: playing, ref: during } = run(state, ref, (s) => s.phase === 'playing');
    expect(judge.resume(during, playing, 99_000)).toEqual(during);
  });
});

describe('the referee and the jewel pawns’ start', () => {
  it('bots place their pawns by their strategy; the first round waits out the choosing time for a person', () => {
    const [state, ref] = begin(game('jewels', 2, 21), 21, { p2: 'expert' }, 0);
    expect(ref.nextRoundAt).toBe(PLACING_MS);
    const first = judge.next(ref, state);
    expect(first).toEqual({ at: BOT_PLACE_MS, action: { type: 'place', player: 'p2', row: botStartRow(state, 'p2') } });
    const { log, state: after } = run(state, ref, (s) => s.round !== null);
    expect(log.map((p) => [p.action.type, p.at])).toEqual([
      ['place', BOT_PLACE_MS],
      ['start-round', PLACING_MS],
    ]);
    // The person who did not choose got a row by lot.
    expect(after.players.map((p) => p.placedBy)).toEqual(['lot', 'choice']);
  });

  it('once every pawn is down the first round starts soon, not at the end of the choosing time', () => {
    const [state, ref] = begin(game('jewels', 2, 22), 22, { p2: 'casual' }, 0);
    const placed = engine.apply(state, { type: 'place', player: 'p1', row: 3 }, 400);
    if (!placed.ok) throw new Error(placed.error.message);
    let r = judge.observe(ref, placed.value.state, placed.value.events, 400);
    expect(r.nextRoundAt).toBe(PLACING_MS);
    const bot = judge.next(r, placed.value.state);
    if (bot?.action.type !== 'place') throw new Error('the bot should place next');
    const both = engine.apply(placed.value.state, bot.action, bot.at);
    if (!both.ok) throw new Error(both.error.message);
    r = judge.observe(r, both.value.state, both.value.events, bot.at);
    expect(judge.next(r, both.value.state)).toEqual({ at: bot.at + ALL_PLACED_MS, action: { type: 'start-round' } });
  });

  it('a bot’s start row takes a pair of one colour over two colours, nearest the middle', () => {
    const s = game('jewels', 1, 23) as { -readonly [K in keyof RaceState]: RaceState[K] };
    const rows: RaceState['rows'] = [
      ['green', 'green'],
      ['red', 'blue'],
      ['red', 'yellow'],
      ['brown', 'brown'],
      ['violet', 'brown'],
      ['blue', 'red'],
    ];
    // Two pairs: the one nearer the middle.
    expect(botStartRow({ ...s, rows }, 'p1')).toBe(3);
    // One pair, at the edge: still better than any two colours.
    expect(botStartRow({ ...s, rows: rows.map((r, i) => (i === 3 ? ['red', 'blue'] : r)) }, 'p1')).toBe(0);
  });
});

describe('bots and the whole set', () => {
  it('a bot first finds the task’s pieces: its claim comes later by its finding time per piece', () => {
    const plan = (pieceSet: 'task' | 'box'): number => {
      const r = engine.setup(
        {
          edition: 'classic',
          variant: 'standard',
          players: [{ id: 'p1', side: 'hard' }],
          hourglassSeconds: 60,
          rounds: 1,
          pieceSet,
        },
        31,
      );
      if (!r.ok) throw new Error(r.error.message);
      const { ref } = run(...begin(r.value, 31, { p1: 'expert' }, 0), (s) => s.round !== null);
      return ref.claims['p1'] ?? 0;
    };
    // The hard side: 4 pieces to find.
    expect(plan('box') - plan('task')).toBe(Math.round(BOT_FIND_SECONDS.expert * 4 * 1000));
  });
});

describe('the human floor', () => {
  it('is the master bot’s one-in-a-thousand time, and never under 0.6 s a piece', () => {
    // Difficulty 5: 9 s median, times e^(-3.09 * 0.35).
    expect(humanFloorSeconds(5, 4)).toBeCloseTo(9 * Math.exp(-3.09 * 0.35), 6);
    expect(humanFloorSeconds(1, 3)).toBeCloseTo(1.8, 6);
    expect(humanFloorSeconds(10, 5)).toBeGreaterThan(humanFloorSeconds(9, 5));
    // Over many draws, about one master solve in a thousand is faster than the floor.
    const rng = createRng(77);
    let under = 0;
    for (let i = 0; i < 100_000; i++) if (botSolveSeconds('master', 6, rng) < humanFloorSeconds(6, 3)) under++;
    expect(under / 100_000).toBeGreaterThan(0.0005);
    expect(under / 100_000).toBeLessThan(0.002);
  });
});

describe('Extreme with the whole set: bots lay out their pieces before the sand (docs/rules.md §3.6)', () => {
  const xDeck = shippedDeck('extreme');
  const xEngine = raceEngine(xDeck);
  const xJudge = referee(xDeck);
  const start = (): [RaceState, RefereeState] => {
    const r = xEngine.setup(
      {
        edition: 'extreme',
        variant: 'standard',
        players: ['p1', 'p2', 'p3'].map((id) => ({ id, side: 'hard' as const })),
        hourglassSeconds: 60,
        rounds: 1,
        pieceSet: 'box',
      },
      9,
    );
    if (!r.ok) throw new Error(r.error.message);
    let state = r.value;
    let ref = xJudge.start(state, 9, { p2: 'master', p3: 'beginner' }, 0);
    const first = xJudge.next(ref, state);
    expect(first?.action.type).toBe('start-round');
    const step = xEngine.apply(state, { type: 'start-round' }, 0);
    if (!step.ok) throw new Error(step.error.message);
    state = step.value.state;
    ref = xJudge.observe(ref, state, step.value.events, 0);
    return [state, ref];
  };

  it('each bot lays out after its time to find the task pieces; no claim is planned before the sand', () => {
    const [state, ref] = start();
    expect(ref.claims).toEqual({});
    expect(ref.layouts).toEqual({
      p2: BOT_FIND_SECONDS.master * 4 * 1000,
      p3: BOT_FIND_SECONDS.beginner * 4 * 1000,
    });
    expect(xJudge.next(ref, state)).toEqual({ at: 3_200, action: { type: 'lay-out', player: 'p2' } });
  });

  it('the person lays out last: the sand turns then, and the bots solve from that moment without finding time', () => {
    let [state, ref] = start();
    const apply = (action: RaceAction, at: number): void => {
      const step = xEngine.apply(state, action, at);
      if (!step.ok) throw new Error(step.error.message);
      state = step.value.state;
      ref = xJudge.observe(ref, state, step.value.events, at);
    };
    for (let next = xJudge.next(ref, state); next?.action.type === 'lay-out'; next = xJudge.next(ref, state))
      apply(next.action, next.at);
    expect(state.round?.layout?.done).toEqual(['p2', 'p3']);
    expect(xJudge.next(ref, state)).toEqual({ at: LAYOUT_MS, action: { type: 'tick' } });
    apply({ type: 'lay-out', player: 'p1' }, 20_000);
    expect(state.round?.deadline).toBe(80_000);
    // The bots' claims are drawn now, from the sand turned at 20 s, with the bots' own generator.
    const rng = createRng(botSeed(9));
    for (const p of ['p2', 'p3'] as const) {
      const deal = state.round?.deals.find((d) => d.player === p);
      const task = deal ? findTask(xDeck, deal) : undefined;
      const seconds = botSolveSeconds(p === 'p2' ? 'master' : 'beginner', task?.difficulty ?? 5, rng);
      expect(ref.claims[p]).toBe(20_000 + Math.round(seconds * 1000));
    }
  });

  it('a stand-in during the laying out lays out for the person who left', () => {
    const [state, ref] = start();
    const r = xJudge.standIn(ref, state, 'p1', 5_000);
    expect(r.layouts['p1']).toBe(5_000 + BOT_FIND_SECONDS.casual * 4 * 1000);
  });
});
