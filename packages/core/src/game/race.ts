import type { Deck } from '../deck.js';
import { puzzleOf as deckPuzzle } from '../deck.js';
import type { Mutable } from '../draft.js';
import { draft } from '../draft.js';
import { err, ok } from '../result.js';
import { claim, move, place } from './race-claims.js';
import { layOut, startRound, tick } from './race-rounds.js';
import { refuse, setup } from './race-setup.js';
import type { RaceAction, RaceEngine, RaceEvent, RaceState } from './race-types.js';
import { result, view } from './race-view.js';
import type { GameError, PlayerId } from './types.js';

/*
 * The race editions, one engine: classic (docs/rules.md §2), Extreme (§3) and the
 * original jewel-board edition (§4). They share the round: boards dealt, a die rolled or
 * colours drawn, an hourglass with one second chance, players solving in an order. They differ in
 * what solving earns and how the game is won: those differences are data (`EDITION_RULES`), read
 * by exhaustive `switch`es below. The rules are those of docs/rules.md.
 *
 * State is plain JSON. Randomness comes from the generator in the state, time from `now` (ms).
 * apply never changes the state it is given.
 */

export * from './race-types.js';
export {
  compareJewelScores,
  jewelScore,
  leaders,
  pointsOf,
  reachableRows,
  scoreOf,
  standings,
} from './race-scoring.js';
export { parseRaceAction, parseRaceConfig } from './race-setup.js';

type Step = ReturnType<RaceEngine['apply']>;

/** Applies an action to a copy of the state: the new state and what happened, or why it is refused. */
function apply(deck: Deck, state: RaceState, action: RaceAction, now: number): Step {
  if (!Number.isFinite(now)) return refuse('action/malformed', 'the time must be a number');
  if (state.phase === 'finished') return refuse('action/finished', 'the game is over');
  const s = draft(state);
  const events: RaceEvent[] = [];
  let error: GameError | undefined;
  switch (action.type) {
    case 'start-round':
      if (s.phase !== 'waiting') return refuse('action/wrong-phase', 'a round is being played');
      startRound(s, now, events);
      break;
    case 'tick':
      if (s.phase === 'playing') tick(s, now, events);
      break;
    case 'place':
      error = place(s, action.player, action.row, events);
      break;
    case 'lay-out':
      error = applyLayOut(s, action.player, now, events);
      break;
    case 'claim':
    case 'move':
      error = applyPlay(deck, s, action, now, events);
      break;
  }
  return error ? err(error) : ok({ state: s, events });
}

/** A player has laid out the pieces, once a tick that is due has been applied. */
function applyLayOut(s: Mutable<RaceState>, player: PlayerId, now: number, events: RaceEvent[]): GameError | undefined {
  if (!s.players.some((p) => p.id === player))
    return { code: 'action/not-in-game', message: `${player} is not in this game` };
  if (s.phase !== 'playing') return { code: 'action/wrong-phase', message: 'no round is being played' };
  // After the time to lay out, the tick is due first: the sand has been turned.
  if (now > (s.round?.deadline ?? Infinity)) tick(s, now, events);
  if ((s as RaceState).phase !== 'playing') return { code: 'action/wrong-phase', message: 'the round is over' };
  return layOut(s, player, now, events);
}

/** A claim or a pawn's move, once a tick that is due has been applied. */
function applyPlay(
  deck: Deck,
  s: Mutable<RaceState>,
  action: Extract<RaceAction, { type: 'claim' | 'move' }>,
  now: number,
  events: RaceEvent[],
): GameError | undefined {
  if (!s.players.some((p) => p.id === action.player))
    return { code: 'action/not-in-game', message: `${action.player} is not in this game` };
  if (s.phase !== 'playing') return { code: 'action/wrong-phase', message: 'no round is being played' };
  // A claim that comes after the sand ran out but before the referee's tick: the tick is
  // due, so it happens first (it may turn the hourglass for a second chance).
  if (now > (s.round?.deadline ?? Infinity)) {
    tick(s, now, events);
    // tick() may end the round; read the phase afresh (the checker cannot see that).
    if ((s as RaceState).phase !== 'playing') return { code: 'claim/too-late', message: 'the sand has run out' };
  }
  if (s.round?.layout)
    return { code: 'action/wrong-phase', message: 'the sand is not turned yet: the pieces are being laid out' };
  return action.type === 'claim'
    ? claim(deck, s, action.player, action.placements, now, events)
    : move(s, action.player, action.row, now, events);
}

/** The race engine for a deck. */
export function raceEngine(deck: Deck): RaceEngine {
  return {
    deck,
    setup: (config, seed) => setup(deck, config, seed),
    apply: (state, action, now) => apply(deck, state, action, now),
    view: (state, player) => view(deck, state, player),
    result,
    puzzleOf: (deal) => deckPuzzle(deck, deal),
  };
}
