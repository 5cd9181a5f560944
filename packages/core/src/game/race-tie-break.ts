import type { Mutable } from '../draft.js';
import { isNoScore } from './decided.js';
import { leaders, scoreOf } from './race-scoring.js';
import type { RaceEvent, RaceState, RoundState } from './race-types.js';
import { EDITION_RULES, TIE_BREAK_ATTEMPTS } from './race-types.js';
import type { PlayerId } from './types.js';

/** The game ends with its winners (`shared`: a tie nobody broke). */
function finish(s: Mutable<RaceState>, winners: PlayerId[], shared: boolean, events: RaceEvent[]): void {
  s.phase = 'finished';
  s.winners = winners;
  events.push({ type: 'game-ended', winners, shared });
}

/** After a round: a tie-break round decides or is played again; the last round ends the game, or ties it. */
export function afterRound(s: Mutable<RaceState>, round: Mutable<RoundState>, events: RaceEvent[]): void {
  if (round.tieBreak) {
    const tie = s.tieBreak as Mutable<NonNullable<RaceState['tieBreak']>>;
    if (round.solved.length > 0) {
      finish(s, [round.solved[0] as PlayerId], false, events);
      return;
    }
    tie.attempts++;
    if (tie.attempts >= TIE_BREAK_ATTEMPTS) {
      finish(s, [...tie.players], true, events);
      return;
    }
    events.push({ type: 'tie-break', players: tie.players, attempt: tie.attempts + 1 });
    return;
  }
  s.played++;
  if (s.played < s.config.rounds) return;
  const rules = EDITION_RULES[s.config.edition];
  const top = leaders(s);
  // Nobody scored anything: nobody won, and there is no tie to break (docs/rules.md §1.9).
  const lead = s.players.find((p) => p.id === top[0]);
  if (lead && isNoScore(scoreOf(s.config.edition, lead))) {
    finish(s, [], false, events);
    return;
  }
  if (top.length === 1 || s.players.length === 1) {
    finish(s, top, false, events);
    return;
  }
  switch (rules.tie) {
    case 'shared':
      finish(s, top, true, events);
      return;
    case 'tie-break':
      s.tieBreak = { players: top, attempts: 0 };
      events.push({ type: 'tie-break', players: top, attempt: 1 });
      return;
  }
}
