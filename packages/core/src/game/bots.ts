import type { JewelColour } from './gems.js';
import { JEWEL_COLOURS } from './gems.js';
import type { PlayerState, RaceState } from './race.js';
import { compareJewelScores, JEWEL_MOVES } from './race.js';
import type { PlayerId } from './types.js';

// How a bot plays at the table: which row it takes. Its levels and solve times are bot-model.ts.

/**
 * Of `rows`, in order of preference, the one whose two front jewels leave the player's sorted
 * colour counts best (the winning measure); the earlier row when two are as good.
 */
function bestRow(state: RaceState, me: PlayerState, rows: readonly number[]): number {
  let best = rows[0] ?? 0;
  let bestScore: number[] | undefined;
  for (const row of rows) {
    const jewels = state.rows[row];
    if (jewels === undefined) continue;
    const counts: Record<JewelColour, number> = { ...me.jewels };
    for (const j of jewels.slice(0, 2)) counts[j]++;
    const score = JEWEL_COLOURS.map((c) => counts[c]).sort((a, b) => b - a);
    if (bestScore === undefined || compareJewelScores(score, bestScore) > 0) {
      best = row;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The row a bot moves its pawn to in the jewel edition: of the rows it may reach, the one whose
 * two front jewels leave its own sorted colour counts best (the winning measure), preferring the
 * shorter move when two are as good.
 */
export function botJewelRow(state: RaceState, player: PlayerId): number {
  const me = state.players.find((p) => p.id === player) as PlayerState;
  const position = state.round?.solved.indexOf(player) ?? -1;
  const allowed = JEWEL_MOVES[position] ?? 0;
  const pawn = me.pawn ?? 0;
  const byDistance = [pawn];
  for (let d = 1; d <= allowed; d++) byDistance.push(pawn - d, pawn + d);
  return bestRow(state, me, byDistance);
}

/**
 * The row a bot puts its pawn on before the first round: the one whose two front jewels it would
 * most like to take first (a pair of one colour over two colours), the nearest the middle of the
 * board when several are as good, so that later moves can reach either way.
 */
export function botStartRow(state: RaceState, player: PlayerId): number {
  const me = state.players.find((p) => p.id === player) as PlayerState;
  return bestRow(state, me, [2, 3, 1, 4, 0, 5]);
}
