import type { PlayerId } from './types.js';

/*
 * What decided a finished race, as data for an end screen to put into words (docs/rules.md §2.8,
 * §4.7, §1.9): the score alone, the n-th best jewel colour, a tie-break round, a tie that stayed a
 * tie, or a game nobody scored in (which nobody wins). Pure: it reads the standings, the winners
 * and the rounds played, and decides nothing the referee has not.
 */

/** What decided a finished race. */
export type Decision =
  /** Nobody scored a point or took a jewel: nobody won (docs/rules.md §1.9). */
  | { readonly by: 'nobody-scored' }
  /** The winner was ahead on the score (points, or the most jewels of one colour) without a tie. */
  | { readonly by: 'score' }
  /**
   * Jewel edition: leaders level on their best colours, the `rank`-th best colour (from 1) told them
   * apart; `counts` holds each of them and their jewels of that colour, best first.
   */
  | {
      readonly by: 'jewel-count';
      readonly rank: number;
      readonly counts: readonly { readonly player: PlayerId; readonly jewels: number }[];
    }
  /** Leaders level on points (`tied`): the winner was first to solve tie-break round `round`. */
  | { readonly by: 'tie-break'; readonly round: number; readonly tied: readonly PlayerId[] }
  /**
   * Leaders level to the end share the victory: after `tieBreaks` tie-break rounds nobody solved
   * (classic, Extreme), or with identical sorted jewel counts (jewel edition, `tieBreaks` 0).
   */
  | { readonly by: 'shared'; readonly tied: readonly PlayerId[]; readonly tieBreaks: number };

/** What `decisionOf` reads of a finished race. */
export interface DecisionInput {
  /** The standings, best first, each with its score (points, or jewel counts sorted high to low). */
  readonly standings: readonly { readonly player: PlayerId; readonly score: number | readonly number[] }[];
  /** The winners the referee named: none when nobody scored. */
  readonly winners: readonly PlayerId[];
  /** The rounds played, in order: which were tie-break rounds, and who solved them. */
  readonly history: readonly {
    readonly round: number;
    readonly tieBreak: boolean;
    readonly solved: readonly PlayerId[];
    readonly deals: readonly { readonly player: PlayerId }[];
  }[];
}

/** Whether a score is nothing at all: no points, or no jewel of any colour. */
export const isNoScore = (score: number | readonly number[]): boolean =>
  typeof score === 'number' ? score === 0 : score.every((n) => n === 0);

/** What decided a finished race (see `Decision`). */
export function decisionOf({ standings, winners, history }: DecisionInput): Decision {
  if (winners.length === 0) return { by: 'nobody-scored' };
  const tieRounds = history.filter((r) => r.tieBreak);
  const tied = [...new Set(tieRounds.flatMap((r) => r.deals.map((d) => d.player)))];
  if (winners.length > 1) return { by: 'shared', tied: winners, tieBreaks: tieRounds.length };
  const won = tieRounds.find((r) => r.solved.length > 0);
  if (won) return { by: 'tie-break', round: won.round, tied };
  const winner = standings.find((s) => s.player === winners[0]);
  const runnerUp = standings.find((s) => s.player !== winners[0]);
  if (!winner || !runnerUp || typeof winner.score === 'number' || typeof runnerUp.score === 'number')
    return { by: 'score' };
  const mine = winner.score;
  const rank = mine.findIndex((n, i) => n !== (runnerUp.score as readonly number[])[i]);
  if (rank <= 0) return { by: 'score' };
  // Everyone level with the winner on the colours before `rank` was in the running.
  const level = standings.filter(
    (s) => typeof s.score !== 'number' && s.score.slice(0, rank).every((n, i) => n === mine[i]),
  );
  return {
    by: 'jewel-count',
    rank: rank + 1,
    counts: level.map((s) => ({ player: s.player, jewels: (s.score as readonly number[])[rank] ?? 0 })),
  };
}
