import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shippedDeck } from '../decks.js';
import { createRng, randomInt } from '../random.js';
import type { Placement } from '../solver.js';
import { solveFirst } from '../solver.js';
import { canonicalKey } from '../cells.js';
import { gridOf } from '../grid.js';
import { knownPiece } from '../pieces.js';
import type { Gem, Gems } from './gems.js';
import { gemCount, gemPoints, GEMS, JEWEL_COLOURS } from './gems.js';
import type { Deal, PlayerState, RaceAction, RaceConfig, RaceEdition, RaceEngine, RaceState, Variant } from './race.js';
import {
  compareJewelScores,
  deckFor,
  EDITION_RULES,
  jewelScore,
  LAYOUT_MS,
  parseRaceAction,
  parseRaceConfig,
  RACE_EDITIONS,
  raceEngine,
} from './race.js';

type Mutable<T> = { -readonly [K in keyof T]: Mutable<T[K]> };

const classic = raceEngine(shippedDeck('classic'));
const extreme = raceEngine(shippedDeck('extreme'));
const engineFor = (edition: RaceEdition): RaceEngine => (edition === 'extreme' ? extreme : classic);

function config(edition: RaceEdition, players: number, over: Partial<RaceConfig> = {}): RaceConfig {
  return {
    edition,
    variant: 'standard',
    players: Array.from({ length: players }, (_, i) => ({ id: `p${i + 1}`, side: i % 2 === 0 ? 'easy' : 'hard' })),
    hourglassSeconds: 60,
    rounds: 9,
    ...over,
  };
}

function setup(edition: RaceEdition, players: number, seed = 1, over: Partial<RaceConfig> = {}): RaceState {
  const r = engineFor(edition).setup(config(edition, players, over), seed);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Applies an action that must be accepted. */
function step(
  engine: RaceEngine,
  state: RaceState,
  action: RaceAction,
  now: number,
): ReturnType<RaceEngine['apply']> & { ok: true } {
  const r = engine.apply(state, action, now);
  if (!r.ok) throw new Error(`${action.type} refused: ${r.error.code} ${r.error.message}`);
  return r;
}

function solution(engine: RaceEngine, state: RaceState, player: string): Placement[] {
  const deal = state.round?.deals.find((d) => d.player === player) as Deal;
  return [...(solveFirst(engine.puzzleOf(deal)).solution ?? [])];
}

const claim = (engine: RaceEngine, state: RaceState, player: string, now: number): RaceState =>
  step(engine, state, { type: 'claim', player, placements: solution(engine, state, player) }, now).value.state;

/** Every gem or jewel of the game, wherever it is. */
function total(state: RaceState): number {
  if (state.config.edition === 'jewels') {
    return (
      state.rows.reduce((n, r) => n + r.length, 0) +
      state.players.reduce((n, p) => n + JEWEL_COLOURS.reduce((m, c) => m + p.jewels[c], 0), 0)
    );
  }
  return (
    gemCount(state.bag) +
    state.marker.sapphire +
    state.marker.amber +
    state.players.reduce((n, p) => n + gemCount(p.gems), 0)
  );
}

describe('the rulebooks’ examples', () => {
  it('1 ruby, 1 sapphire, 3 emeralds and 3 ambers make 16 points', () => {
    expect(gemPoints({ ruby: 1, sapphire: 1, emerald: 3, amber: 3 })).toBe(16);
  });

  it('jewels: A (6,4,2,2,2,2), B (2,2,0,1,2,3) and C (4,3,2,6,1,0): C wins on the third count', () => {
    const s = setup('jewels', 3, 5, { rounds: 1 }) as Mutable<RaceState>;
    const counts = { p1: [6, 4, 2, 2, 2, 2], p2: [2, 2, 0, 1, 2, 3], p3: [4, 3, 2, 6, 1, 0] } as const;
    for (const p of s.players)
      JEWEL_COLOURS.forEach((c, i) => (p.jewels[c] = counts[p.id as keyof typeof counts][i] ?? 0));
    let state: RaceState = step(classic, s, { type: 'start-round' }, 0).value.state;
    state = step(classic, state, { type: 'tick' }, 60_000).value.state;
    const end = step(classic, state, { type: 'tick' }, 120_000);
    expect(end.value.events.at(-1)).toEqual({ type: 'game-ended', winners: ['p3'], shared: false });
    expect(classic.result(end.value.state)?.scores).toEqual({
      p1: [6, 4, 2, 2, 2, 2],
      p2: [3, 2, 2, 2, 1, 0],
      p3: [6, 4, 3, 2, 1, 0],
    });
  });

  it('identical sorted jewel counts share the victory', () => {
    expect(compareJewelScores([5, 3, 1], [5, 3, 1])).toBe(0);
    expect(compareJewelScores([5, 3, 2], [5, 3, 1])).toBeGreaterThan(0);
  });
});

describe('a classic round', () => {
  it('rewards by solving order: sapphire + a gem, amber + a gem, a gem, a gem', () => {
    let s = setup('classic', 4);
    s = step(classic, s, { type: 'start-round' }, 1000).value.state;
    expect(s.round?.deadline).toBe(61_000);
    const order = ['p3', 'p1', 'p4', 'p2'];
    order.forEach((p, i) => (s = claim(classic, s, p, 2000 + i * 1000)));
    const gains = s.history[0]?.gains ?? {};
    expect(gains['p3']?.[0]).toBe('sapphire');
    expect(gains['p3']).toHaveLength(2);
    expect(gains['p1']?.[0]).toBe('amber');
    expect(gains['p1']).toHaveLength(2);
    expect(gains['p4']).toHaveLength(1);
    expect(gains['p2']).toHaveLength(1);
    // The view says whose first gem came from the marker (the client flies it from there).
    expect(s.round?.markerTakers).toEqual({ p3: 'sapphire', p1: 'amber' });
    // Everyone solved: the round is over; the marker gave exactly its sapphire and amber.
    expect(s.phase).toBe('waiting');
    expect(s.marker).toEqual({ sapphire: 8, amber: 8 });
    expect(gemCount(s.bag)).toBe(40 - 4);
  });

  it('when only one solves, the marker’s amber goes into the bag', () => {
    let s = step(classic, setup('classic', 2), { type: 'start-round' }, 0).value.state;
    s = claim(classic, s, 'p1', 10_000);
    const before = s.bag.amber;
    s = step(classic, s, { type: 'tick' }, 60_000).value.state;
    expect(s.marker).toEqual({ sapphire: 8, amber: 8 });
    expect(s.bag.amber).toBe(before + 1);
  });

  it('when nobody solves, the hourglass turns once more; then the sapphire and the amber go into the bag', () => {
    let s = step(classic, setup('classic', 2), { type: 'start-round' }, 0).value.state;
    expect(step(classic, s, { type: 'tick' }, 59_999).value.events).toEqual([]);
    const turned = step(classic, s, { type: 'tick' }, 60_000);
    expect(turned.value.events).toEqual([{ type: 'second-chance', deadline: 120_000 }]);
    s = turned.value.state;
    s = claim(classic, s, 'p2', 100_000);
    expect(s.round?.gains['p2']?.[0]).toBe('sapphire');
    s = step(classic, s, { type: 'tick' }, 120_000).value.state;
    expect(s.history[0]?.secondChance).toBe(true);
    let t = step(classic, s, { type: 'start-round' }, 130_000).value.state;
    t = step(classic, t, { type: 'tick' }, 190_000).value.state;
    const end = step(classic, t, { type: 'tick' }, 250_000);
    expect(end.value.state.history[1]?.solved).toEqual([]);
    expect(end.value.state.marker).toEqual({ sapphire: 7, amber: 7 });
    // Round 1: one gem drawn, the amber returned; round 2: both returned.
    expect(gemCount(end.value.state.bag)).toBe(40 - 1 + 1 + 2);
  });

  it('fixed scoring: a ruby, a sapphire, an emerald, an amber by order, nothing drawn', () => {
    let s = step(classic, setup('classic', 4, 3, { variant: 'fixed' }), { type: 'start-round' }, 0).value.state;
    for (const [i, p] of ['p2', 'p4', 'p1', 'p3'].entries()) s = claim(classic, s, p, 1000 * (i + 1));
    expect(s.history[0]?.gains).toEqual({ p2: ['ruby'], p4: ['sapphire'], p1: ['emerald'], p3: ['amber'] });
    expect(s.round?.markerTakers).toEqual({});
    expect(s.marker).toEqual({ sapphire: 8, amber: 8 });
    expect(s.bag).toEqual({ ruby: 9, sapphire: 10, emerald: 9, amber: 10 });
  });

  it('deals each player a board of their own side, and one die face to all', () => {
    const s = step(classic, setup('classic', 3), { type: 'start-round' }, 0).value.state;
    const deals = s.round?.deals ?? [];
    expect(deals.map((d) => d.side)).toEqual(['easy', 'hard', 'easy']);
    expect(new Set(deals.map((d) => d.board)).size).toBe(3);
    expect(new Set(deals.map((d) => d.key)).size).toBe(1);
  });
});

describe('claims that are wrong, and other refusals, change nothing', () => {
  const started = step(classic, setup('classic', 2), { type: 'start-round' }, 0).value.state;
  const good = solution(classic, started, 'p1');
  const first = good[0] as Placement;
  const cases: [string, RaceAction, number, string][] = [
    [
      'a wrong piece',
      { type: 'claim', player: 'p1', placements: [{ ...first, piece: 'Q9' }, ...good.slice(1)] },
      1000,
      'claim/unknown-piece',
    ],
    ['a missing piece', { type: 'claim', player: 'p1', placements: good.slice(1) }, 1000, 'claim/missing-piece'],
    [
      'an overlap',
      {
        type: 'claim',
        player: 'p1',
        placements: [first, { ...(good[1] as Placement), cells: first.cells }, ...good.slice(2)],
      },
      1000,
      'claim/wrong-shape',
    ],
    [
      'cells outside',
      {
        type: 'claim',
        player: 'p1',
        placements: [{ ...first, cells: first.cells.map(([x, y]) => [x + 40, y] as const) }, ...good.slice(1)],
      },
      1000,
      'claim/outside',
    ],
    ['not in the game', { type: 'claim', player: 'p9', placements: good }, 1000, 'action/not-in-game'],
    ['a second start', { type: 'start-round' }, 1000, 'action/wrong-phase'],
    ['a move in classic', { type: 'move', player: 'p1', row: 2 }, 1000, 'action/wrong-phase'],
  ];
  it.each(cases)('%s', (_what, action, now, code) => {
    const copy = structuredClone(started);
    const r = classic.apply(started, action, now);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe(code);
      expect(r.error.message.length).toBeGreaterThan(5);
    }
    expect(started).toEqual(copy);
  });

  it('a wrong placement lists every problem with its cells', () => {
    const r = classic.apply(started, { type: 'claim', player: 'p1', placements: good.slice(1) }, 1000);
    expect(!r.ok && r.error.problems?.map((p) => p.code)).toEqual(['claim/missing-piece', 'claim/uncovered']);
  });

  it('a claim after the sand ran out, once someone has solved', () => {
    const s = claim(classic, started, 'p2', 1000);
    const copy = JSON.stringify(s);
    const r = classic.apply(s, { type: 'claim', player: 'p1', placements: good }, 60_001);
    expect(!r.ok && r.error.code).toBe('claim/too-late');
    expect(JSON.stringify(s)).toBe(copy);
  });

  it('a claim after the sand ran out with nobody solved: the due tick turns the hourglass first', () => {
    const r = step(classic, started, { type: 'claim', player: 'p1', placements: good }, 60_020);
    expect(r.value.events.map((e) => e.type)).toEqual(['second-chance', 'solved']);
  });

  it('a second claim by the same player', () => {
    const s = claim(classic, started, 'p1', 1000);
    const r = classic.apply(s, { type: 'claim', player: 'p1', placements: good }, 2000);
    expect(!r.ok && r.error.code).toBe('action/already-solved');
  });
});

describe('Extreme', () => {
  it('each player draws a different colour; rewards as in the classic game', () => {
    let s = step(extreme, setup('extreme', 4), { type: 'start-round' }, 0).value.state;
    expect(new Set(s.round?.deals.map((d) => d.key)).size).toBe(4);
    s = claim(extreme, s, 'p4', 5000);
    expect(s.round?.gains['p4']?.[0]).toBe('sapphire');
  });

  it('second chance: the first to solve stops everybody and gets one stone from the bag only', () => {
    let s = step(extreme, setup('extreme', 3), { type: 'start-round' }, 0).value.state;
    const bagAtStart = gemCount(s.bag);
    s = step(extreme, s, { type: 'tick' }, 60_000).value.state;
    // The bank's sapphire and amber go into the bag as the second hourglass starts.
    expect(s.marker).toEqual({ sapphire: 8, amber: 8 });
    const bagBefore = gemCount(s.bag);
    expect(bagBefore).toBe(bagAtStart + 2);
    const r = step(extreme, s, { type: 'claim', player: 'p2', placements: solution(extreme, s, 'p2') }, 70_000);
    s = r.value.state;
    expect(s.phase).toBe('waiting');
    expect(s.history[0]?.solved).toEqual(['p2']);
    const gains = s.history[0]?.gains['p2'] ?? [];
    expect(gains).toHaveLength(1);
    // One stone came out of the bag; the bank gave nothing more at the round's end.
    expect(s.marker).toEqual({ sapphire: 8, amber: 8 });
    expect(gemCount(s.bag)).toBe(bagBefore - 1);
  });
});

describe('the jewel edition', () => {
  const rows = [0, 5, 2];
  it('moves 3, 2, 1, 0 spaces by solving order, and takes the two front jewels', () => {
    let s = step(classic, setup('jewels', 3, 9, { startRows: rows }), { type: 'start-round' }, 0).value.state;
    s = claim(classic, s, 'p2', 1000);
    const tooFar = classic.apply(s, { type: 'move', player: 'p2', row: 1 }, 1500);
    expect(!tooFar.ok && tooFar.error.code).toBe('action/too-far');
    const front = s.rows[2]?.slice(0, 2);
    const moved = step(classic, s, { type: 'move', player: 'p2', row: 2 }, 2000);
    expect(moved.value.events[0]).toEqual({ type: 'moved', player: 'p2', from: 5, to: 2, took: front });
    s = moved.value.state;
    expect(s.rows[2]).toHaveLength(10);
    s = claim(classic, s, 'p1', 3000);
    const second = classic.apply(s, { type: 'move', player: 'p1', row: 3 }, 3500);
    expect(!second.ok && second.error.code).toBe('action/too-far');
    s = step(classic, s, { type: 'move', player: 'p1', row: 2 }, 4000).value.state;
    expect(s.rows[2]).toHaveLength(8);
    const again = classic.apply(s, { type: 'move', player: 'p1', row: 2 }, 4500);
    expect(!again.ok && again.error.code).toBe('action/already-moved');
    const unsolved = classic.apply(s, { type: 'move', player: 'p3', row: 2 }, 4500);
    expect(!unsolved.ok && unsolved.error.code).toBe('action/not-solved');
    s = claim(classic, s, 'p3', 5000);
    expect(classic.apply(s, { type: 'move', player: 'p3', row: 4 }, 5500).ok).toBe(false);
    s = step(classic, s, { type: 'move', player: 'p3', row: 3 }, 6000).value.state;
    // Everyone solved and moved: the round ends before the sand runs out.
    expect(s.phase).toBe('waiting');
    expect(s.history[0]?.moves).toEqual({ p2: { from: 5, to: 2 }, p1: { from: 0, to: 2 }, p3: { from: 2, to: 3 } });
  });

  it('a fourth solver may not move but still takes; an emptied row gives what is left', () => {
    let s = step(classic, setup('jewels', 4, 2, { startRows: [1, 1, 1, 1] }), { type: 'start-round' }, 0).value.state;
    const mutable = s as Mutable<RaceState>;
    mutable.rows[1] = ['red', 'blue', 'green', 'violet', 'brown'];
    for (const [i, p] of ['p1', 'p2', 'p3', 'p4'].entries()) {
      s = claim(classic, s, p, 1000 + i * 100);
    }
    s = step(classic, s, { type: 'move', player: 'p1', row: 1 }, 2000).value.state;
    s = step(classic, s, { type: 'move', player: 'p2', row: 1 }, 2100).value.state;
    const last = step(classic, s, { type: 'move', player: 'p3', row: 1 }, 2200);
    expect(last.value.events[0]).toMatchObject({ took: ['brown'] });
    s = last.value.state;
    const nothing = step(classic, s, { type: 'move', player: 'p4', row: 1 }, 2300);
    expect(nothing.value.events[0]).toMatchObject({ took: [] });
    const far = classic.apply(s, { type: 'move', player: 'p4', row: 2 }, 2300);
    expect(!far.ok && far.error.code).toBe('action/too-far');
  });

  it('what is not done before the sand runs out is lost', () => {
    let s = step(classic, setup('jewels', 2, 4), { type: 'start-round' }, 0).value.state;
    s = claim(classic, s, 'p1', 59_000);
    const late = classic.apply(s, { type: 'move', player: 'p1', row: s.players[0]?.pawn ?? 0 }, 60_001);
    expect(!late.ok && late.error.code).toBe('claim/too-late');
    s = step(classic, s, { type: 'tick' }, 60_000).value.state;
    expect(s.history[0]?.gains['p1']).toEqual([]);
  });
});

describe('ties', () => {
  function tiedAtTheEnd(seed = 8): RaceState {
    const s = setup('classic', 3, seed, { rounds: 1 }) as Mutable<RaceState>;
    const gems: Record<string, Partial<Record<Gem, number>>> = {
      p1: { ruby: 2 },
      p2: { sapphire: 2, amber: 2 },
      p3: { amber: 1 },
    };
    for (const p of s.players) {
      for (const g of GEMS) {
        const n = gems[p.id]?.[g] ?? 0;
        p.gems[g] = n;
        s.bag[g] -= n;
      }
    }
    return s;
  }

  it('tied leaders play a tie-break round; the first to solve wins', () => {
    let s = step(classic, tiedAtTheEnd(), { type: 'start-round' }, 0).value.state;
    const end = step(classic, s, { type: 'tick' }, 60_000);
    s = step(classic, end.value.state, { type: 'tick' }, 120_000).value.state;
    expect(s.tieBreak).toEqual({ players: ['p1', 'p2'], attempts: 0 });
    s = step(classic, s, { type: 'start-round' }, 130_000).value.state;
    expect(s.round?.deals.map((d) => d.player)).toEqual(['p1', 'p2']);
    const r = step(classic, s, { type: 'claim', player: 'p2', placements: solution(classic, s, 'p2') }, 140_000);
    expect(r.value.events.at(-1)).toEqual({ type: 'game-ended', winners: ['p2'], shared: false });
    expect(r.value.state.history.at(-1)?.gains).toEqual({ p2: [] });
  });

  it('a tie-break nobody solves is replayed at most 3 times, then the tied players share', () => {
    let s = step(classic, tiedAtTheEnd(), { type: 'start-round' }, 0).value.state;
    let t = 0;
    const next = (action: RaceAction): void => {
      t += 60_000;
      s = step(classic, s, action, t).value.state;
    };
    next({ type: 'tick' });
    next({ type: 'tick' });
    for (let attempt = 0; attempt < 4; attempt++) {
      expect(s.phase).toBe('waiting');
      next({ type: 'start-round' });
      // The sand runs out with nobody solved: it is turned once more, as in every round.
      next({ type: 'tick' });
      expect(s.phase).toBe('playing');
      expect(s.round?.secondChance).toBe(true);
      next({ type: 'tick' });
    }
    expect(s.phase).toBe('finished');
    expect(s.history.filter((r) => r.tieBreak).map((r) => r.secondChance)).toEqual([true, true, true, true]);
    expect(classic.result(s)).toEqual({ winners: ['p1', 'p2'], scores: { p1: 8, p2: 8, p3: 1 }, tieBreakRounds: 4 });
  });

  it('property: a tie-break round is won by the first solve in either hourglass, else replayed', () => {
    const within = fc.integer({ min: 1, max: 130_000 });
    fc.assert(
      fc.property(fc.nat(1000), fc.array(fc.tuple(within, within), { minLength: 4, maxLength: 4 }), (seed, times) => {
        let s = tiedAtTheEnd(seed);
        let t = 0;
        s = step(classic, s, { type: 'start-round' }, t).value.state;
        s = step(classic, s, { type: 'tick' }, (t += 60_000)).value.state;
        s = step(classic, s, { type: 'tick' }, (t += 60_000)).value.state;
        const bag = { ...s.bag };
        const marker = { ...s.marker };
        for (const [a, b] of times) {
          if (s.phase === 'finished') break;
          const start = (t += 5_000);
          s = step(classic, s, { type: 'start-round' }, start).value.state;
          const plans = [
            { player: 'p1', at: start + a },
            { player: 'p2', at: start + b },
          ].sort((x, y) => x.at - y.at);
          const first = plans[0] as { player: string; at: number };
          const inTime = first.at <= start + 120_000;
          // The referee ticks at each deadline before a later claim, as the server does.
          while (s.phase === 'playing' && first.at > (s.round?.deadline ?? 0))
            s = step(classic, s, { type: 'tick' }, s.round?.deadline ?? 0).value.state;
          if (s.phase === 'playing') {
            expect(inTime).toBe(true);
            expect(s.round?.secondChance).toBe(first.at > start + 60_000);
            s = step(
              classic,
              s,
              { type: 'claim', player: first.player, placements: solution(classic, s, first.player) },
              first.at,
            ).value.state;
            expect(s.phase).toBe('finished');
            expect(s.winners).toEqual([first.player]);
          } else {
            expect(inTime).toBe(false);
            // Both hourglasses ran out: the round was played with the second chance and is over.
            expect(s.history.at(-1)).toMatchObject({ tieBreak: true, secondChance: true, solved: [] });
          }
          t = s.round?.deadline ?? t;
        }
        const tieBreaks = s.history.filter((r) => r.tieBreak);
        expect(tieBreaks.length).toBeLessThanOrEqual(4);
        if (s.phase !== 'finished') throw new Error('the game should be over');
        if (tieBreaks.every((r) => r.solved.length === 0)) expect(s.winners).toEqual(['p1', 'p2']);
        expect(s.bag).toEqual(bag);
        expect(s.marker).toEqual(marker);
      }),
      { seed: 37, numRuns: 60 },
    );
  });

  it.each<RaceEdition>(['classic', 'extreme'])(
    '%s: a tie-break round gets the second chance; its first solver wins, and the bank and bag stay as they were',
    (edition) => {
      const engine = engineFor(edition);
      const base = tiedAtTheEnd() as Mutable<RaceState>;
      let s: RaceState = base;
      if (edition === 'extreme') {
        // The same tie, set up in an Extreme game: p1 and p2 on 8 points, p3 on 1.
        const e = setup('extreme', 3, 8, { rounds: 1 }) as Mutable<RaceState>;
        const gems: Record<string, Partial<Record<Gem, number>>> = {
          p1: { ruby: 2 },
          p2: { sapphire: 2, amber: 2 },
          p3: { amber: 1 },
        };
        for (const p of e.players) {
          for (const g of GEMS) {
            const n = gems[p.id]?.[g] ?? 0;
            p.gems[g] = n;
            e.bag[g] -= n;
          }
        }
        s = e;
      }
      s = step(engine, s, { type: 'start-round' }, 0).value.state;
      s = step(engine, s, { type: 'tick' }, 60_000).value.state;
      s = step(engine, s, { type: 'tick' }, 120_000).value.state;
      expect(s.tieBreak).toEqual({ players: ['p1', 'p2'], attempts: 0 });
      s = step(engine, s, { type: 'start-round' }, 125_000).value.state;
      const bag = { ...s.bag };
      const marker = { ...s.marker };
      const turned = step(engine, s, { type: 'tick' }, 185_000);
      expect(turned.value.events).toEqual([{ type: 'second-chance', deadline: 245_000 }]);
      s = turned.value.state;
      expect(s.bag).toEqual(bag);
      expect(s.marker).toEqual(marker);
      const won = step(engine, s, { type: 'claim', player: 'p1', placements: solution(engine, s, 'p1') }, 200_000);
      expect(won.value.events.map((e) => e.type)).toEqual(['solved', 'round-ended', 'game-ended']);
      expect(won.value.events.at(-1)).toEqual({ type: 'game-ended', winners: ['p1'], shared: false });
      const record = won.value.state.history.at(-1);
      expect(record).toMatchObject({ tieBreak: true, secondChance: true, gains: { p1: [] }, bag, marker });
    },
  );
});

describe('views', () => {
  it('show a player their task and the public state, never the generator or the deck order', () => {
    const s = step(classic, setup('classic', 2), { type: 'start-round' }, 0).value.state;
    const v = classic.view(s, 'p1');
    expect(v.task?.pieces).toHaveLength(3);
    expect(JSON.stringify(v)).not.toContain('"rng"');
    expect(JSON.stringify(v)).not.toContain('"deck"');
    expect(Object.keys(v)).not.toContain('bag');
    expect(classic.view(s, null).task).toBeNull();
  });
});

describe('setup', () => {
  it.each<[string, Partial<RaceConfig>]>([
    ['no players', { players: [] }],
    ['five players', { players: ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, side: 'easy' as const })) }],
    [
      'the same id twice',
      {
        players: [
          { id: 'a', side: 'easy' },
          { id: 'a', side: 'hard' },
        ],
      },
    ],
    ['a short hourglass', { hourglassSeconds: 10 }],
    ['ten rounds', { rounds: 10 }],
    ['fixed scoring in Extreme', { edition: 'extreme', variant: 'fixed' }],
  ])('refuses %s', (_what, over) => {
    const r = engineFor(over.edition ?? 'classic').setup({ ...config('classic', 2), ...over }, 1);
    expect(!r.ok && r.error.code).toBe('config/invalid');
  });

  it('refuses the wrong deck', () => {
    expect(extreme.setup(config('classic', 2), 1).ok).toBe(false);
  });
});

/** Plays a game with random solvers, random timing and random bad actions, checking invariants at every step. */
function playChecked(edition: RaceEdition, variant: Variant, players: number, seed: number, script: number): RaceState {
  const engine = engineFor(edition);
  let s = setup(edition, players, seed, { variant });
  const rng = createRng(script);
  const expectedTotal = edition === 'classic' ? 58 : edition === 'extreme' ? 54 : 72;
  let now = 0;
  let regular = 0;
  let steps = 0;
  const check = (before: RaceState, after: RaceState): void => {
    expect(total(after)).toBe(expectedTotal);
    for (const p of after.players)
      expect(gemPoints(p.gems)).toBe(engine.view(after, p.id).players.find((q) => q.id === p.id)?.points);
    if (edition !== 'jewels' && after.played > before.played) {
      // The marker loses exactly one sapphire and one amber per regular round.
      regular++;
      expect(after.marker).toEqual({ sapphire: 9 - regular, amber: 9 - regular });
    }
  };
  const go = (action: RaceAction, at: number): ReturnType<RaceEngine['apply']> & { ok: true } => {
    const prev = s;
    const r = step(engine, s, action, at);
    s = r.value.state;
    check(prev, s);
    return r;
  };
  // A function, not a comparison, since `go` changes `s` behind the type checker's back.
  const playing = (): boolean => s.phase === 'playing';
  while (s.phase !== 'finished' && steps++ < 500) {
    go({ type: 'start-round' }, now);
    const deals = s.round?.deals ?? [];
    // Each player solves with probability 1/2 at a random time in the first or second hourglass.
    const plans = deals
      .map((d) => ({ player: d.player, at: now + 1 + randomInt(rng, 125_000), solves: randomInt(rng, 2) === 1 }))
      .sort((a, b) => a.at - b.at);
    for (const plan of plans) {
      if (s.phase !== 'playing') break;
      // A bad action first: it must be refused and change nothing.
      const frozen = JSON.stringify(s);
      const bad = engine.apply(s, { type: 'claim', player: plan.player, placements: [] }, plan.at);
      expect(bad.ok).toBe(false);
      expect(JSON.stringify(s)).toBe(frozen);
      if (!plan.solves) continue;
      while (playing() && plan.at > (s.round?.deadline ?? 0)) go({ type: 'tick' }, s.round?.deadline ?? 0);
      if (!playing()) break;
      const solvedBefore = s.round?.solved.length ?? 0;
      const prev = s;
      const r = go({ type: 'claim', player: plan.player, placements: solution(engine, s, plan.player) }, plan.at);
      const solvedEvent = r.value.events.find((e) => e.type === 'solved');
      expect(solvedEvent).toMatchObject({ player: plan.player, position: solvedBefore + 1 });
      if (solvedEvent?.type === 'solved' && !prev.round?.tieBreak && edition !== 'jewels') {
        const gains = solvedEvent.gains;
        const secondChanceExtreme = edition === 'extreme' && prev.round?.secondChance;
        if (secondChanceExtreme) expect(gains.length).toBeLessThanOrEqual(1);
        else if (variant === 'fixed')
          expect(gains).toEqual([(['ruby', 'sapphire', 'emerald', 'amber'] as const)[solvedBefore]]);
        else {
          if (solvedBefore === 0) expect(gains[0]).toBe('sapphire');
          if (solvedBefore === 1) expect(gains[0]).toBe('amber');
          expect(gains).toHaveLength(solvedBefore < 2 ? 2 : 1);
        }
      }
      if (edition === 'jewels' && playing()) {
        go({ type: 'move', player: plan.player, row: s.players.find((p) => p.id === plan.player)?.pawn ?? 0 }, plan.at);
      }
    }
    while (s.phase === 'playing') go({ type: 'tick' }, s.round?.deadline ?? now);
    now = (s.round?.deadline ?? now) + 1000;
  }
  return s;
}

describe('properties over many seeds and player counts', () => {
  it.each<[RaceEdition, Variant]>([
    ['classic', 'standard'],
    ['classic', 'fixed'],
    ['extreme', 'standard'],
    ['jewels', 'standard'],
  ])('%s (%s): 9 rounds, everything conserved, rewards by order, winners by the rules', (edition, variant) => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.nat(), fc.nat(), (players, seed, script) => {
        const end = playChecked(edition, variant, players, seed, script);
        expect(end.phase).toBe('finished');
        expect(end.played).toBe(9);
        const engine = engineFor(edition);
        const result = engine.result(end);
        if (!result) throw new Error('no result');
        if (edition === 'jewels') {
          const best = end.players.map(jewelScore).reduce((a, b) => (compareJewelScores(a, b) >= 0 ? a : b));
          const top = end.players.filter((p) => compareJewelScores(jewelScore(p), best) === 0).map((p) => p.id);
          expect(result.winners).toEqual(top);
        } else {
          for (const p of end.players) expect(result.scores[p.id]).toBe(gemPoints(p.gems));
          const best = Math.max(...end.players.map((p) => gemPoints(p.gems)));
          // Winners were among the leaders; a single leader wins outright; several go to a tie-break.
          const top = end.players.filter((p) => gemPoints(p.gems) === best).map((p) => p.id);
          for (const w of result.winners) expect(top).toContain(w);
          if (top.length === 1) expect(result.winners).toEqual(top);
          else if (result.winners.length > 1) expect(result.tieBreakRounds).toBe(4);
        }
      }),
      { seed: 42, numRuns: 25 },
    );
  });

  it('the same seed and the same actions give the same game', () => {
    expect(playChecked('classic', 'standard', 3, 77, 5)).toEqual(playChecked('classic', 'standard', 3, 77, 5));
  });
});

describe('parsing what comes from outside', () => {
  it.each<[string, unknown, string]>([
    ['not an object', 'claim', 'action/malformed'],
    ['no type', {}, 'action/malformed'],
    ['no player', { type: 'claim', placements: [] }, 'action/malformed'],
    ['an unknown action', { type: 'dance' }, 'action/malformed'],
    ['a claim without placements', { type: 'claim', player: 'p1' }, 'action/malformed'],
    ['a row off the board', { type: 'move', player: 'p1', row: 6 }, 'action/malformed'],
    ['a row that is not a whole number', { type: 'move', player: 'p1', row: 1.5 }, 'action/malformed'],
  ])('refuses an action that is %s', (_what, raw, code) => {
    const r = parseRaceAction(raw);
    expect(!r.ok && r.error.code).toBe(code);
    expect(!r.ok && r.error.message.length).toBeGreaterThan(5);
  });

  it('reads every well-formed action into the same action', () => {
    for (const action of [
      { type: 'start-round' },
      { type: 'tick' },
      { type: 'claim', player: 'p1', placements: [{ piece: 'I2', cells: [[0, 0]] }] },
      { type: 'move', player: 'p2', row: 5 },
    ]) {
      expect(parseRaceAction(JSON.parse(JSON.stringify(action)))).toEqual({ ok: true, value: action });
    }
  });

  it('reads a configuration, and refuses what setup refuses, with the same words', () => {
    const good = config('jewels', 3, { startRows: [0, 1, 2] });
    expect(parseRaceConfig(JSON.parse(JSON.stringify(good)))).toEqual({ ok: true, value: good });
    for (const bad of [
      null,
      { ...good, edition: 'chess' },
      { ...good, variant: 'fast' },
      { ...good, players: 'p1' },
      { ...good, players: [{ id: 'p1', side: 'medium' }] },
      { ...good, hourglassSeconds: '60' },
      { ...good, startRows: [0, 1] },
      { ...good, edition: 'extreme', variant: 'fixed' },
    ]) {
      const r = parseRaceConfig(bad);
      expect(!r.ok && r.error.code).toBe('config/invalid');
    }
    const short = { ...good, hourglassSeconds: 10 };
    const parsed = parseRaceConfig(short);
    const set = classic.setup(short, 1);
    expect(!parsed.ok && !set.ok && parsed.error.message === set.error.message).toBe(true);
  });
});

describe('edition rules', () => {
  it('each edition plays its deck, and the engine refuses the other one', () => {
    expect(RACE_EDITIONS.map(deckFor)).toEqual(['classic', 'extreme', 'classic']);
    for (const edition of RACE_EDITIONS) {
      const wrong = edition === 'extreme' ? classic : extreme;
      expect(wrong.setup(config(edition, 2), 1).ok).toBe(false);
      expect(engineFor(edition).deck.edition).toBe(EDITION_RULES[edition].deck);
    }
  });
});

describe('a view is complete: the client decides nothing', () => {
  it('the task is a checked puzzle: the grid, the white area and each piece with its shape', () => {
    for (const edition of RACE_EDITIONS) {
      const engine = engineFor(edition);
      const s = step(engine, setup(edition, 2), { type: 'start-round' }, 0).value.state;
      const task = engine.view(s, 'p2').task;
      expect(task?.grid).toBe(edition === 'extreme' ? 'hex' : 'square');
      const deal = s.round?.deals.find((d) => d.player === 'p2') as Deal;
      // Built here from the deck's own data and the piece sets, not by the engine's lookup.
      const board = engine.deck.boards.find((b) => b.id === deal.board);
      const pieces = board?.sides[deal.side].tasks.find((t) => t.key === deal.key)?.pieces ?? [];
      expect(task?.region).toEqual(board?.sides[deal.side].region);
      expect(task?.pieces.map((p) => p.id)).toEqual(pieces);
      for (const piece of task?.pieces ?? []) {
        const known = knownPiece(piece.id);
        expect(known?.grid).toBe(task?.grid);
        expect(canonicalKey(gridOf(known?.grid ?? 'square'), piece.cells, 'free')).toBe(
          canonicalKey(gridOf(known?.grid ?? 'square'), known?.cells ?? [], 'free'),
        );
      }
      expect(task && solveFirst(task).solution).toBeTruthy();
    }
  });

  it('standings: best first, level players share a place, a tie-break winner ranks above', () => {
    const holding = (...gems: Gems[]): RaceState => {
      const base = setup('classic', 3, 4);
      return { ...base, players: base.players.map((p, i) => ({ ...p, gems: gems[i] ?? p.gems })) };
    };
    const sapphire = { ruby: 0, sapphire: 1, emerald: 0, amber: 0 };
    let s = holding(sapphire, { ruby: 1, sapphire: 0, emerald: 0, amber: 0 }, sapphire);
    expect(classic.view(s, 'p1').standings).toEqual([
      { player: 'p2', place: 1, tied: false, score: 4 },
      { player: 'p1', place: 2, tied: true, score: 3 },
      { player: 'p3', place: 2, tied: true, score: 3 },
    ]);
    s = { ...holding(sapphire, sapphire, sapphire), winners: ['p3'] };
    expect(classic.view(s, null).standings.map((r) => [r.player, r.place, r.tied])).toEqual([
      ['p3', 1, false],
      ['p1', 2, true],
      ['p2', 2, true],
    ]);
  });

  it('jewel standings compare sorted counts; shared winners share first place', () => {
    const base = setup('jewels', 2, 4);
    const jewels: PlayerState['jewels'][] = [
      { green: 2, red: 1, blue: 0, violet: 0, brown: 0, yellow: 0 },
      { green: 0, red: 0, blue: 0, violet: 1, brown: 0, yellow: 2 },
    ];
    const s: RaceState = {
      ...base,
      players: base.players.map((p, i) => ({ ...p, jewels: jewels[i] ?? p.jewels })),
      winners: ['p1', 'p2'],
    };
    expect(classic.view(s, null).standings).toEqual([
      { player: 'p1', place: 1, tied: true, score: [2, 1, 0, 0, 0, 0] },
      { player: 'p2', place: 1, tied: true, score: [2, 1, 0, 0, 0, 0] },
    ]);
  });

  it('reach: the rows a pawn may go to, only after solving and before moving, for that player only', () => {
    let s = step(classic, setup('jewels', 3, 9, { startRows: [0, 5, 2] }), { type: 'start-round' }, 0).value.state;
    expect(classic.view(s, 'p2').reach).toBeNull();
    s = claim(classic, s, 'p2', 1000);
    expect(classic.view(s, 'p2').reach).toEqual({ upTo: 3, rows: [2, 3, 4, 5] });
    expect(classic.view(s, 'p1').reach).toBeNull();
    expect(classic.view(s, null).reach).toBeNull();
    s = claim(classic, s, 'p1', 1100);
    expect(classic.view(s, 'p1').reach).toEqual({ upTo: 2, rows: [0, 1, 2] });
    s = step(classic, s, { type: 'move', player: 'p2', row: 4 }, 1200).value.state;
    expect(classic.view(s, 'p2').reach).toBeNull();
    // Every row the view offers is a move the engine accepts.
    for (const row of classic.view(s, 'p1').reach?.rows ?? []) {
      expect(classic.apply(s, { type: 'move', player: 'p1', row }, 1300).ok).toBe(true);
    }
    expect(classic.apply(s, { type: 'move', player: 'p1', row: 3 }, 1300).ok).toBe(false);
  });

  it('classic and Extreme have no reach', () => {
    const s = step(classic, setup('classic', 2), { type: 'start-round' }, 0).value.state;
    expect(classic.view(claim(classic, s, 'p1', 1000), 'p1').reach).toBeNull();
  });
});

describe('the jewel pawns’ start (docs/rules.md §4.2)', () => {
  it('players place their pawns before the first round, may change their minds, and may share a row', () => {
    let s = setup('jewels', 3, 4);
    expect(s.players.map((p) => [p.pawn, p.placedBy])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
    const placed = step(classic, s, { type: 'place', player: 'p1', row: 4 }, 10);
    expect(placed.value.events).toEqual([{ type: 'placed', player: 'p1', row: 4, by: 'choice' }]);
    s = placed.value.state;
    s = step(classic, s, { type: 'place', player: 'p1', row: 2 }, 20).value.state;
    s = step(classic, s, { type: 'place', player: 'p2', row: 2 }, 30).value.state;
    expect(classic.view(s, null).players.map((p) => p.pawn)).toEqual([2, 2, null]);
    const bad = classic.apply(s, { type: 'place', player: 'p3', row: 6 }, 40);
    expect(!bad.ok && bad.error.code).toBe('action/malformed');
    // The first round puts the pawn nobody placed on a row drawn by lot, and says so.
    const started = step(classic, s, { type: 'start-round' }, 50);
    const lot = started.value.events.find((e) => e.type === 'placed');
    expect(lot).toMatchObject({ type: 'placed', player: 'p3', by: 'lot' });
    s = started.value.state;
    expect(s.players.map((p) => p.placedBy)).toEqual(['choice', 'choice', 'lot']);
    expect(s.players.every((p) => p.pawn !== null && p.pawn >= 0 && p.pawn < 6)).toBe(true);
    // Once the first round has started, pawns only move by solving.
    const late = classic.apply(s, { type: 'place', player: 'p1', row: 0 }, 60);
    expect(!late.ok && late.error.code).toBe('action/wrong-phase');
  });

  it('only the jewel edition places pawns; start rows given in the configuration count as chosen', () => {
    const c = classic.apply(setup('classic', 2), { type: 'place', player: 'p1', row: 1 }, 0);
    expect(!c.ok && c.error.code).toBe('action/wrong-phase');
    const given = setup('jewels', 2, 1, { startRows: [5, 0] });
    expect(given.players.map((p) => [p.pawn, p.placedBy])).toEqual([
      [5, 'choice'],
      [0, 'choice'],
    ]);
    const started = step(classic, given, { type: 'start-round' }, 0);
    expect(started.value.events.some((e) => e.type === 'placed')).toBe(false);
  });
});

describe('the whole set, as in the box (docs/rules.md §1.8)', () => {
  it('hands each player the whole set, the task among it; a claim must use exactly the task’s pieces', () => {
    let s = step(classic, setup('classic', 2, 5, { pieceSet: 'box' }), { type: 'start-round' }, 0).value.state;
    const v = classic.view(s, 'p1');
    expect(v.set?.map((p) => p.id)).toEqual(['I2', 'I3', 'V3', 'T4', 'L4', 'I4', 'S4', 'O4', 'Y5', 'L5', 'P5', 'Z5']);
    for (const p of v.task?.pieces ?? []) expect(v.set).toContainEqual(p);
    // The same area covered with a piece of the set the task does not list is no solution.
    const good = solution(classic, s, 'p1');
    const [first, ...rest] = good;
    if (!first) throw new Error('no solution');
    const other = v.set?.find(
      (p) => p.cells.length === first.cells.length && !v.task?.pieces.some((q) => q.id === p.id),
    );
    const swapped = classic.apply(
      s,
      { type: 'claim', player: 'p1', placements: [{ ...first, piece: other?.id ?? 'I2' }, ...rest] },
      100,
    );
    expect(!swapped.ok && swapped.error.code).toBe('claim/unknown-piece');
    s = claim(classic, s, 'p1', 200);
    expect(s.round?.solved).toEqual(['p1']);
    // Without the setting, only the task's pieces.
    const plain = step(classic, setup('classic', 2, 5), { type: 'start-round' }, 0).value.state;
    expect(classic.view(plain, 'p1').set).toBeNull();
  });

  it('in Extreme the set is the 13 pieces of the player’s colour', () => {
    const s = step(extreme, setup('extreme', 3, 6, { pieceSet: 'box' }), { type: 'start-round' }, 0).value.state;
    for (const deal of s.round?.deals ?? []) {
      const set = extreme.view(s, deal.player).set ?? [];
      expect(set).toHaveLength(13);
      expect(set.every((p) => p.id.startsWith(`${deal.key}-`))).toBe(true);
    }
  });

  it('the setting is read from outside like the rest of a configuration', () => {
    expect(parseRaceConfig({ ...config('classic', 2), pieceSet: 'box' }).ok).toBe(true);
    const bad = parseRaceConfig({ ...config('classic', 2), pieceSet: 'drawer' });
    expect(!bad.ok && bad.error.code).toBe('config/invalid');
  });
});

describe('Extreme with the whole set: laying out the pieces before the sand (docs/rules.md §3.6)', () => {
  const boxed = (players = 3): RaceState => setup('extreme', players, 4, { pieceSet: 'box' });

  it('the sand is turned once every player has laid out their pieces; nobody may claim before', () => {
    const started = step(extreme, boxed(), { type: 'start-round' }, 1_000);
    expect(started.value.events[0]).toMatchObject({ type: 'round-started', deadline: 1_000 + LAYOUT_MS, layout: true });
    let s = started.value.state;
    expect(s.round?.layout).toEqual({ until: 1_000 + LAYOUT_MS, done: [] });
    const early = extreme.apply(s, { type: 'claim', player: 'p1', placements: solution(extreme, s, 'p1') }, 2_000);
    expect(!early.ok && early.error.code).toBe('action/wrong-phase');
    s = step(extreme, s, { type: 'lay-out', player: 'p2' }, 3_000).value.state;
    const twice = extreme.apply(s, { type: 'lay-out', player: 'p2' }, 3_500);
    expect(!twice.ok && twice.error.code).toBe('action/already-laid-out');
    s = step(extreme, s, { type: 'lay-out', player: 'p1' }, 4_000).value.state;
    // A tick before the time is up changes nothing.
    expect(step(extreme, s, { type: 'tick' }, 5_000).value.events).toEqual([]);
    const last = step(extreme, s, { type: 'lay-out', player: 'p3' }, 6_000);
    expect(last.value.events).toEqual([
      { type: 'laid-out', player: 'p3' },
      { type: 'sand-turned', deadline: 66_000, by: 'everyone' },
    ]);
    s = last.value.state;
    expect(s.round?.layout).toBeUndefined();
    expect(s.round?.deadline).toBe(66_000);
    const late = extreme.apply(s, { type: 'lay-out', player: 'p1' }, 7_000);
    expect(!late.ok && late.error.code).toBe('action/wrong-phase');
    s = claim(extreme, s, 'p1', 10_000);
    expect(s.round?.solved).toEqual(['p1']);
  });

  it('when the time to lay out runs out the sand is turned anyway, from that moment', () => {
    let s = step(extreme, boxed(2), { type: 'start-round' }, 0).value.state;
    s = step(extreme, s, { type: 'lay-out', player: 'p1' }, 1_000).value.state;
    const turned = step(extreme, s, { type: 'tick' }, LAYOUT_MS + 250);
    expect(turned.value.events).toEqual([{ type: 'sand-turned', deadline: LAYOUT_MS + 60_000, by: 'time' }]);
    // A claim arriving after the time to lay out, before the tick, lets the tick happen first.
    const claimFirst = step(
      extreme,
      s,
      { type: 'claim', player: 'p2', placements: solution(extreme, s, 'p2') },
      LAYOUT_MS + 1,
    );
    expect(claimFirst.value.events.map((e) => e.type)).toEqual(['sand-turned', 'solved']);
  });

  it('only Extreme with the whole set lays out: classic with the whole set and Extreme with the task pieces do not', () => {
    const classicBox = step(classic, setup('classic', 2, 1, { pieceSet: 'box' }), { type: 'start-round' }, 0).value
      .state;
    expect(classicBox.round?.layout).toBeUndefined();
    expect(classicBox.round?.deadline).toBe(60_000);
    const extremeTask = step(extreme, setup('extreme', 2), { type: 'start-round' }, 0).value.state;
    expect(extremeTask.round?.layout).toBeUndefined();
    const refused = classic.apply(classicBox, { type: 'lay-out', player: 'p1' }, 100);
    expect(!refused.ok && refused.error.code).toBe('action/wrong-phase');
  });

  it('a tie-break round lays out too, only its players; a stranger to the round is refused', () => {
    let s = boxed(3) as Mutable<RaceState>;
    s.config = { ...s.config, rounds: 1 };
    for (const p of s.players.slice(0, 2)) p.gems.ruby = 2;
    s.bag.ruby -= 4;
    let t = 0;
    let next: RaceState = step(extreme, s, { type: 'start-round' }, t).value.state;
    next = step(extreme, next, { type: 'tick' }, (t += LAYOUT_MS)).value.state;
    next = step(extreme, next, { type: 'tick' }, (t += 60_000)).value.state;
    next = step(extreme, next, { type: 'tick' }, (t += 60_000)).value.state;
    expect(next.tieBreak?.players).toEqual(['p1', 'p2']);
    next = step(extreme, next, { type: 'start-round' }, (t += 5_000)).value.state;
    expect(next.round?.layout?.done).toEqual([]);
    const stranger = extreme.apply(next, { type: 'lay-out', player: 'p3' }, t + 10);
    expect(!stranger.ok && stranger.error.code).toBe('action/not-in-game');
    next = step(extreme, next, { type: 'lay-out', player: 'p1' }, t + 100).value.state;
    const both = step(extreme, next, { type: 'lay-out', player: 'p2' }, t + 200);
    expect(both.value.events.at(-1)).toEqual({ type: 'sand-turned', deadline: t + 200 + 60_000, by: 'everyone' });
    s = both.value.state as Mutable<RaceState>;
    expect(s.phase).toBe('playing');
  });

  it('property: refused lay-outs change nothing, and the sand turns exactly once, at the last lay-out or the time', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.nat(),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: LAYOUT_MS + 5_000 })), {
          maxLength: 12,
        }),
        (players, seed, script) => {
          let s = step(extreme, setup('extreme', players, seed, { pieceSet: 'box' }), { type: 'start-round' }, 0).value
            .state;
          const laid = new Set<string>();
          let turnedAt: number | null = null;
          let now = 0;
          for (const [seat, dt] of script) {
            now += dt;
            const player = `p${seat + 1}`;
            const frozen = JSON.stringify(s);
            const r = extreme.apply(s, { type: 'lay-out', player }, now);
            if (!r.ok) {
              expect(JSON.stringify(s)).toBe(frozen);
              const expected =
                seat >= players
                  ? 'action/not-in-game'
                  : laid.has(player) && turnedAt === null
                    ? 'action/already-laid-out'
                    : 'action/wrong-phase';
              if (turnedAt === null && now <= LAYOUT_MS) expect(r.error.code).toBe(expected);
              continue;
            }
            s = r.value.state;
            const turned = r.value.events.filter((e) => e.type === 'sand-turned');
            expect(turnedAt).toBeNull();
            if (now > LAYOUT_MS) {
              // The time was up: the sand had been turned when it ran out, so this lay-out came too late.
              throw new Error('a lay-out after the time to lay out should be refused');
            }
            laid.add(player);
            if (laid.size === players) {
              expect(turned).toEqual([{ type: 'sand-turned', deadline: now + 60_000, by: 'everyone' }]);
              turnedAt = now;
            } else expect(turned).toEqual([]);
          }
          if (turnedAt === null && s.phase === 'playing') {
            const r = step(extreme, s, { type: 'tick' }, LAYOUT_MS);
            expect(r.value.events).toEqual([{ type: 'sand-turned', deadline: LAYOUT_MS + 60_000, by: 'time' }]);
          }
        },
      ),
      { seed: 37, numRuns: 100 },
    );
  });
});
