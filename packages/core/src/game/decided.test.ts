import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shippedDeck } from '../decks.js';
import { solveFirst } from '../solver.js';
import type { Decision } from './decided.js';
import { decisionOf } from './decided.js';
import type { Gem } from './gems.js';
import { GEMS, JEWEL_COLOURS } from './gems.js';
import type { Deal, RaceAction, RaceConfig, RaceEdition, RaceState } from './race.js';
import { compareJewelScores, raceEngine } from './race.js';

type Mutable<T> = { -readonly [K in keyof T]: Mutable<T[K]> };

const classic = raceEngine(shippedDeck('classic'));

function setup(edition: RaceEdition, players: number, seed: number, rounds = 1): Mutable<RaceState> {
  const config: RaceConfig = {
    edition,
    variant: 'standard',
    players: Array.from({ length: players }, (_, i) => ({ id: `p${i + 1}`, side: 'easy' })),
    hourglassSeconds: 60,
    rounds,
  };
  const r = classic.setup(config, seed);
  if (!r.ok) throw new Error(r.error.message);
  return r.value as Mutable<RaceState>;
}

/** Plays `actions` one a minute apart, each of which must be accepted; the state after them. */
function play(state: RaceState, actions: readonly (RaceAction | ((s: RaceState) => RaceAction))[]): RaceState {
  let s = state;
  actions.forEach((a, i) => {
    const r = classic.apply(s, typeof a === 'function' ? a(s) : a, (i + 1) * 60_000);
    if (!r.ok) throw new Error(r.error.message);
    s = r.value.state;
  });
  return s;
}

const solve =
  (player: string) =>
  (s: RaceState): RaceAction => {
    const deal = s.round?.deals.find((d) => d.player === player) as Deal;
    return { type: 'claim', player, placements: [...(solveFirst(classic.puzzleOf(deal)).solution ?? [])] };
  };

/** A one-round game whose round nobody solves (both hourglasses run out). */
const unsolvedRound: RaceAction[] = [{ type: 'start-round' }, { type: 'tick' }, { type: 'tick' }];

const decided = (s: RaceState): Decision | null => classic.view(s, null).decided;

describe('what decided a race (docs/rules.md §2.8, §4.7)', () => {
  it('the rulebook’s jewel example: A (6,4,2,2,2,2) and C (6,4,3,2,1,0) are level on two colours, C wins on the third', () => {
    const s = setup('jewels', 3, 5);
    const counts = { p1: [6, 4, 2, 2, 2, 2], p2: [2, 2, 0, 1, 2, 3], p3: [4, 3, 2, 6, 1, 0] } as const;
    for (const p of s.players)
      JEWEL_COLOURS.forEach((c, i) => (p.jewels[c] = counts[p.id as keyof typeof counts][i] ?? 0));
    const end = play(s, unsolvedRound);
    expect(end.winners).toEqual(['p3']);
    expect(decided(end)).toEqual({
      by: 'jewel-count',
      rank: 3,
      counts: [
        { player: 'p3', jewels: 3 },
        { player: 'p1', jewels: 2 },
      ],
    });
    // Before the end, nothing is decided.
    expect(decided(play(s, [{ type: 'start-round' }]))).toBeNull();
  });

  it('a jewel game won on the best colour alone is decided by the score', () => {
    const s = setup('jewels', 2, 5);
    s.players.forEach((p, i) => (p.jewels.red = 5 - i));
    expect(decided(play(s, unsolvedRound))).toEqual({ by: 'score' });
  });

  it('identical sorted jewel counts share the victory, with no tie-break round', () => {
    const s = setup('jewels', 2, 5);
    const [a, b] = s.players;
    if (!a || !b) throw new Error('two players');
    a.jewels.red = 3;
    b.jewels.blue = 3;
    const end = play(s, unsolvedRound);
    expect(end.winners).toEqual(['p1', 'p2']);
    expect(decided(end)).toEqual({ by: 'shared', tied: ['p1', 'p2'], tieBreaks: 0 });
  });

  it('leaders level on points: the first to solve the tie-break round wins it, and its number is told', () => {
    const s = setup('classic', 3, 8);
    const gems: Record<string, Partial<Record<Gem, number>>> = { p1: { ruby: 2 }, p2: { sapphire: 2, amber: 2 } };
    for (const p of s.players)
      for (const g of GEMS) {
        p.gems[g] = gems[p.id]?.[g] ?? 0;
        s.bag[g] -= p.gems[g];
      }
    const end = play(s, [...unsolvedRound, { type: 'start-round' }, solve('p2')]);
    expect(end.winners).toEqual(['p2']);
    expect(decided(end)).toEqual({ by: 'tie-break', round: 2, tied: ['p1', 'p2'] });
  });

  it('tie-break rounds nobody solved: the victory is shared, after how many of them', () => {
    const history = [1, 2, 3, 4, 5].map((round) => ({
      round,
      tieBreak: round > 1,
      solved: [],
      deals: [{ player: 'p1' }, { player: 'p2' }],
    }));
    const standings = [
      { player: 'p1', score: 8 },
      { player: 'p2', score: 8 },
    ];
    expect(decisionOf({ standings, winners: ['p1', 'p2'], history })).toEqual({
      by: 'shared',
      tied: ['p1', 'p2'],
      tieBreaks: 4,
    });
  });

  it('the jewel count that decided is the first where the winner is ahead, and everyone in it was level before (seeded)', () => {
    const counts = fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 6, maxLength: 6 });
    fc.assert(
      fc.property(fc.array(counts, { minLength: 2, maxLength: 4 }), (players) => {
        const scores = players.map((c) => [...c].sort((a, b) => b - a));
        const standings = scores
          .map((score, i) => ({ player: `p${i + 1}`, score }))
          .sort((a, b) => compareJewelScores(b.score, a.score));
        const [first, second] = standings;
        if (!first || !second || compareJewelScores(first.score, second.score) === 0 || first.score.every((n) => !n))
          return;
        const d = decisionOf({ standings, winners: [first.player], history: [] });
        const at = first.score.findIndex((n, i) => n !== second.score[i]);
        if (at === 0) {
          expect(d).toEqual({ by: 'score' });
          return;
        }
        if (d.by !== 'jewel-count') throw new Error(`decided by ${d.by}`);
        expect(d.rank).toBe(at + 1);
        expect(d.counts[0]).toEqual({ player: first.player, jewels: first.score[at] });
        for (const c of d.counts.slice(1)) {
          const them = standings.find((s) => s.player === c.player)?.score ?? [];
          expect(them.slice(0, at)).toEqual(first.score.slice(0, at));
          expect(c.jewels).toBeLessThan(first.score[at] ?? 0);
        }
      }),
      { seed: 37, numRuns: 300 },
    );
  });
});

describe('a game nobody scored in has no winner (docs/rules.md §1.9)', () => {
  it('alone at a table and never solving: no winner, nothing decided but that', () => {
    const end = play(setup('classic', 1, 3), unsolvedRound);
    expect(end.phase).toBe('finished');
    expect(end.winners).toEqual([]);
    expect(classic.result(end)?.winners).toEqual([]);
    expect(decided(end)).toEqual({ by: 'nobody-scored' });
  });

  it('alone at a table and solving: the lone player wins on the score', () => {
    const end = play(setup('classic', 1, 3), [{ type: 'start-round' }, solve('p1')]);
    expect(end.winners).toEqual(['p1']);
    expect(decided(end)).toEqual({ by: 'score' });
  });

  it('several players, nobody scored: no tie-break round is played, nobody wins', () => {
    const r = classic.apply(play(setup('classic', 3, 3), unsolvedRound.slice(0, 2)), { type: 'tick' }, 180_000);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.events.at(-1)).toEqual({ type: 'game-ended', winners: [], shared: false });
    expect(r.value.state.tieBreak).toBeNull();
    expect(decided(r.value.state)).toEqual({ by: 'nobody-scored' });
  });

  it('a jewel game in which nobody took a jewel has no winner', () => {
    const end = play(setup('jewels', 2, 3), unsolvedRound);
    expect(end.winners).toEqual([]);
    expect(decided(end)).toEqual({ by: 'nobody-scored' });
  });
});
