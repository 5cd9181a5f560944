import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shippedDeck } from '../decks.js';
import { findTask } from '../deck.js';
import { createRng } from '../random.js';
import { solveFirst } from '../solver.js';
import type { BotLevel } from './bots.js';
import { botSolveSeconds } from './bots.js';
import type { RaceEngine, RaceState } from './race.js';
import { raceEngine } from './race.js';
import type { Planned, RefereeState } from './referee.js';
import { BOT_MOVE_MS, botSeed, referee, ROUND_PAUSE_MS } from './referee.js';

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
    const { state, log } = run(game('classic', 2, 3), judge.start(3, bots, 1000));
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
    const { log } = run(game('classic', 2, 1), judge.start(1, {}, 0), (s) => s.history.length === 1);
    expect(log.map((p) => [p.action.type, p.at])).toEqual([
      ['start-round', 0],
      ['tick', 60_000],
      ['tick', 120_000],
    ]);
  });

  it('draws each bot a claim time from the bot model, and claims with a solution when it is due', () => {
    const { state, ref } = run(game('classic', 2, 7), judge.start(7, { p2: 'casual' }, 0), (s) => s.round !== null);
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
      game('classic', 2, 9),
      judge.start(9, { p1: 'expert', p2: 'master' }, 0),
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
    const a = run(game('jewels', 3, 5), judge.start(5, bots, 0));
    const b = run(game('jewels', 3, 5), judge.start(5, bots, 0));
    expect(a.log).toEqual(b.log);
    expect(a.state).toEqual(b.state);
  });

  it('a jewel bot moves 1.5 s after it solves, to a row the engine accepts', () => {
    const { log } = run(game('jewels', 2, 2), judge.start(2, { p1: 'master', p2: 'master' }, 0));
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
    const { state, ref } = run(game('jewels', 2, 11), judge.start(11, {}, 0), (s) => s.round !== null);
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
    const { state, ref } = run(game('classic', 2, 3), judge.start(3, { p1: 'master' }, 0), (s) => s.round !== null);
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
          const { state } = run(game(edition, levels.length, seed), judge.start(seed, bots, 0));
          expect(state.phase).toBe('finished');
        },
      ),
      { numRuns: 25, seed: 20261126 },
    );
  });
});
