import type { ProposedPlacement } from '../checker.js';
import { checkSolution } from '../checker.js';
import type { Deck } from '../deck.js';
import { puzzleOf as deckPuzzle } from '../deck.js';
import type { Mutable } from '../draft.js';
import type { Gem, JewelColour } from './gems.js';
import { endRound } from './race-rounds.js';
import { reward } from './race-scoring.js';
import { isInt } from './race-setup.js';
import type { PlayerState, RaceEvent, RaceState, RoundState } from './race-types.js';
import { EDITION_RULES, JEWEL_MOVES, JEWEL_ROWS } from './race-types.js';
import { claimRefusal } from './refusal.js';
import type { GameError, PlayerId } from './types.js';

/** A player claims a solve: checked, ranked, rewarded; it may end the round. */
export function claim(
  deck: Deck,
  s: Mutable<RaceState>,
  player: PlayerId,
  placements: readonly ProposedPlacement[],
  now: number,
  events: RaceEvent[],
): GameError | undefined {
  const round = s.round as Mutable<RoundState>;
  const deal = round.deals.find((d) => d.player === player);
  if (!deal) return { code: 'action/not-in-game', message: `${player} has no board this round` };
  if (round.solved.includes(player))
    return { code: 'action/already-solved', message: `${player} has already solved this round` };
  if (now > round.deadline) return { code: 'claim/too-late', message: 'the sand has run out' };
  const check = checkSolution(deckPuzzle(deck, deal), placements);
  if (!check.ok) return claimRefusal(check.error);
  round.solved.push(player);
  const position = round.solved.length;
  const me = s.players.find((p) => p.id === player) as Mutable<PlayerState>;
  const rules = EDITION_RULES[s.config.edition];
  let gains: Gem[] = [];
  let moveUpTo: number | undefined;
  // The first to solve a tie-break round wins it; nothing is handed out.
  if (!round.tieBreak) {
    switch (rules.reward) {
      case 'jewels':
        moveUpTo = JEWEL_MOVES[position - 1] ?? 0;
        break;
      case 'gems':
        gains = reward(s, round, me, position);
        break;
    }
  }
  round.gains[player] = gains;
  events.push({ type: 'solved', player, position, gains, ...(moveUpTo === undefined ? {} : { moveUpTo }) });
  const stop = round.tieBreak || (round.secondChance && rules.secondChance === 'first-stops');
  // In a jewel round the round ends when every solver has moved; in a gem round when all have solved.
  const allDone = rules.reward === 'gems' && round.solved.length === round.deals.length;
  if (stop || allDone) endRound(s, events);
  return undefined;
}

/** A jewel round's solver moves the pawn and takes the row's first two jewels. */
export function move(
  s: Mutable<RaceState>,
  player: PlayerId,
  row: number,
  now: number,
  events: RaceEvent[],
): GameError | undefined {
  const round = s.round as Mutable<RoundState>;
  if (EDITION_RULES[s.config.edition].reward !== 'jewels')
    return { code: 'action/wrong-phase', message: 'pawns move in the jewel edition only' };
  const position = round.solved.indexOf(player);
  if (!round.deals.some((d) => d.player === player))
    return { code: 'action/not-in-game', message: `${player} has no board this round` };
  if (position < 0) return { code: 'action/not-solved', message: 'solve the puzzle before moving the pawn' };
  if (round.moved.includes(player))
    return { code: 'action/already-moved', message: `${player} has already moved and taken jewels` };
  if (now > round.deadline) return { code: 'claim/too-late', message: 'the sand has run out' };
  if (!isInt(row, 0, JEWEL_ROWS - 1)) {
    return { code: 'action/malformed', message: `row must be an integer from 0 to ${JEWEL_ROWS - 1}` };
  }
  const me = s.players.find((p) => p.id === player) as Mutable<PlayerState>;
  // Every pawn is on the board once a round is played (the first round places the rest by lot).
  const pawn = me.pawn ?? 0;
  const allowed = JEWEL_MOVES[position] ?? 0;
  if (Math.abs(row - pawn) > allowed) {
    return {
      code: 'action/too-far',
      message: `the pawn may move at most ${allowed} space${allowed === 1 ? '' : 's'} from row ${pawn}`,
    };
  }
  const from = pawn;
  me.pawn = row;
  const took = (s.rows[row] as JewelColour[]).splice(0, 2);
  for (const jewel of took) me.jewels[jewel]++;
  round.moved.push(player);
  round.moves[player] = { from, to: row };
  round.gains[player] = took;
  events.push({ type: 'moved', player, from, to: row, took });
  if (round.moved.length === round.deals.length) endRound(s, events);
  return undefined;
}

/** A player puts the pawn on a row before the first round of a jewel game. */
export function place(
  s: Mutable<RaceState>,
  player: PlayerId,
  row: number,
  events: RaceEvent[],
): GameError | undefined {
  const me = s.players.find((p) => p.id === player);
  if (!me) return { code: 'action/not-in-game', message: `${player} is not in this game` };
  if (EDITION_RULES[s.config.edition].reward !== 'jewels')
    return { code: 'action/wrong-phase', message: 'pawns are placed in the jewel edition only' };
  if (s.phase !== 'waiting' || s.round !== null || me.placedBy === 'lot')
    return { code: 'action/wrong-phase', message: 'pawns are placed before the first round' };
  if (!isInt(row, 0, JEWEL_ROWS - 1))
    return { code: 'action/malformed', message: `row must be an integer from 0 to ${JEWEL_ROWS - 1}` };
  // Until the first round starts a player may put the pawn elsewhere; several may share a row.
  me.pawn = row;
  me.placedBy = 'choice';
  events.push({ type: 'placed', player: me.id, row, by: 'choice' });
  return undefined;
}
