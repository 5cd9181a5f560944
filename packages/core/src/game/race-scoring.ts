import type { Mutable } from '../draft.js';
import type { Gem, JewelColour } from './gems.js';
import { drawGem, FIXED_SCORING, gemPoints, JEWEL_COLOURS } from './gems.js';
import type { PlayerState, RaceEdition, RaceState, RoundState, Standing } from './race-types.js';
import { EDITION_RULES, JEWEL_ROWS } from './race-types.js';
import type { PlayerId } from './types.js';

/** A player's jewels at the start: none of any colour. */
export const noJewels = (): Record<JewelColour, number> =>
  Object.fromEntries(JEWEL_COLOURS.map((c) => [c, 0])) as Record<JewelColour, number>;

/** The points of a player in classic and Extreme. */
export function pointsOf(player: PlayerState): number {
  return gemPoints(player.gems);
}

/** A player's jewel counts sorted high to low: the jewel edition's score, compared entry by entry. */
export function jewelScore(player: PlayerState): number[] {
  return JEWEL_COLOURS.map((c) => player.jewels[c]).sort((a, b) => b - a);
}

/** Compares jewel scores: positive when `a` beats `b`. */
export function compareJewelScores(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** A player's score in an edition: points, or sorted jewel counts. */
export function scoreOf(edition: RaceEdition, player: PlayerState): number | number[] {
  switch (EDITION_RULES[edition].reward) {
    case 'gems':
      return pointsOf(player);
    case 'jewels':
      return jewelScore(player);
  }
}

/** Compares two scores of one edition: positive when `a` is better. */
function compareScores(a: number | readonly number[], b: number | readonly number[]): number {
  return typeof a === 'number' && typeof b === 'number'
    ? a - b
    : compareJewelScores(typeof a === 'number' ? [a] : a, typeof b === 'number' ? [b] : b);
}

/** The players in the lead: most points, or the best sorted jewel counts. */
export function leaders(state: RaceState): PlayerId[] {
  const scores = state.players.map((p) => scoreOf(state.config.edition, p));
  const best = scores.reduce((a, b) => (compareScores(b, a) > 0 ? b : a));
  return state.players.filter((_, i) => compareScores(scores[i] ?? 0, best) === 0).map((p) => p.id);
}

/** The standings: winners first (a tie-break decides without points), then by score; level players share a place. */
export function standings(state: RaceState): Standing[] {
  const won = (id: PlayerId): number => (state.winners?.includes(id) ? 1 : 0);
  const rows = state.players.map((p) => ({ player: p.id, score: scoreOf(state.config.edition, p) }));
  const compare = (a: (typeof rows)[number], b: (typeof rows)[number]): number =>
    won(b.player) - won(a.player) || compareScores(b.score, a.score);
  const sorted = [...rows].sort(compare);
  return sorted.map((row) => {
    const ahead = sorted.filter((other) => compare(other, row) < 0).length;
    const level = sorted.filter((other) => other !== row && compare(other, row) === 0).length;
    return { player: row.player, place: ahead + 1, tied: level > 0, score: row.score };
  });
}

/** The rows a pawn on `pawn` may reach with a move of up to `upTo` spaces. */
export function reachableRows(pawn: number, upTo: number): number[] {
  return Array.from({ length: JEWEL_ROWS }, (_, r) => r).filter((r) => Math.abs(r - pawn) <= upTo);
}

/** What the n-th solver (from 1) of a gem round earns; gains are pushed as they are taken. */
export function reward(s: Mutable<RaceState>, round: Mutable<RoundState>, me: Mutable<PlayerState>, position: number) {
  const gains: Gem[] = [];
  const gain = (gem: Gem | undefined): void => {
    if (gem === undefined) return;
    me.gems[gem]++;
    gains.push(gem);
  };
  const fromMarker = (gem: 'sapphire' | 'amber'): void => {
    if (s.marker[gem] === 0) return;
    s.marker[gem]--;
    round.fromMarker.push(gem);
    round.markerTakers[me.id] = gem;
    gain(gem);
  };
  const fromBag = (gem: Gem): void => {
    if (s.bag[gem] === 0) return;
    s.bag[gem]--;
    gain(gem);
  };
  const rules = EDITION_RULES[s.config.edition];
  if (round.secondChance && rules.secondChance === 'first-stops') {
    // Extreme's second chance: the first solver stops everybody and gets one stone from the bag.
    gain(drawGem(s.bag, s.rng));
    return gains;
  }
  switch (s.config.variant) {
    case 'fixed': {
      // Fixed scoring: a ruby, a sapphire, an emerald, an amber by solving order; no draw.
      const gem = FIXED_SCORING[position - 1];
      if (gem) fromBag(gem);
      break;
    }
    case 'standard':
      if (position === 1) fromMarker('sapphire');
      if (position === 2) fromMarker('amber');
      gain(drawGem(s.bag, s.rng));
      break;
  }
  return gains;
}
