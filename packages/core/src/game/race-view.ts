import type { Deck } from '../deck.js';
import { boxSetOf, puzzleOf as deckPuzzle } from '../deck.js';
import { decisionOf } from './decided.js';
import { pointsOf, reachableRows, scoreOf, standings } from './race-scoring.js';
import type { RaceResult, RaceState, RaceView } from './race-types.js';
import { EDITION_RULES, JEWEL_MOVES, JEWEL_ROWS } from './race-types.js';
import type { PlayerId } from './types.js';

/** How far a player's pawn may move now: only after solving and before moving, in a jewel round. */
function reachOf(state: RaceState, player: PlayerId | null): RaceView['reach'] {
  const round = state.round;
  const me = state.players.find((p) => p.id === player);
  if (!me || !round || state.phase !== 'playing' || round.tieBreak) return null;
  if (EDITION_RULES[state.config.edition].reward !== 'jewels') return null;
  const position = round.solved.indexOf(me.id);
  if (position < 0 || round.moved.includes(me.id)) return null;
  const upTo = JEWEL_MOVES[position] ?? 0;
  return me.pawn === null ? null : { upTo, rows: reachableRows(me.pawn, upTo) };
}

/** Where a player may put the pawn now: before the first round of a jewel game, any row. */
function placeOf(state: RaceState, player: PlayerId | null): RaceView['place'] {
  const me = state.players.find((p) => p.id === player);
  if (!me || state.phase !== 'waiting' || state.round !== null) return null;
  if (EDITION_RULES[state.config.edition].reward !== 'jewels' || me.placedBy === 'lot') return null;
  return { rows: reachableRows(0, JEWEL_ROWS) };
}

/** What a player (or a spectator, `null`) sees of the race. */
export function view(deck: Deck, state: RaceState, player: PlayerId | null): RaceView {
  const deal = state.round?.deals.find((d) => d.player === player);
  return {
    edition: state.config.edition,
    variant: state.config.variant,
    phase: state.phase,
    you: player,
    hourglassSeconds: state.config.hourglassSeconds,
    rounds: state.config.rounds,
    players: state.players.map((p) => ({ ...p, points: pointsOf(p) })),
    standings: standings(state),
    bagSize: state.bag.ruby + state.bag.sapphire + state.bag.emerald + state.bag.amber,
    marker: state.marker,
    rows: state.rows,
    round: state.round,
    task: deal && state.phase === 'playing' ? deckPuzzle(deck, deal) : null,
    set: deal && state.phase === 'playing' && state.config.pieceSet === 'box' ? boxSetOf(deck, deal) : null,
    reach: reachOf(state, player),
    place: placeOf(state, player),
    history: state.history,
    tieBreak: state.tieBreak,
    winners: state.winners,
    decided:
      state.phase === 'finished' && state.winners
        ? decisionOf({ standings: standings(state), winners: state.winners, history: state.history })
        : null,
  };
}

/** How a finished race came out; undefined while it is being played. */
export function result(state: RaceState): RaceResult | undefined {
  if (state.phase !== 'finished' || !state.winners) return undefined;
  return {
    winners: state.winners,
    scores: Object.fromEntries(state.players.map((p) => [p.id, scoreOf(state.config.edition, p)])),
    tieBreakRounds: state.history.filter((r) => r.tieBreak).length,
  };
}
