import type { ProposedPlacement } from '../checker.js';
import { findTask } from '../deck.js';
import type { Puzzle } from '../puzzle.js';
import type { Gem, JewelColour } from './gems.js';
import type { Deal, RaceAction, RaceEngine, RaceEvent, RaceView, RoundRecord, Standing } from './race.js';
import type { PlayerId } from './types.js';

/*
 * The reveal of a round (docs/protocol.md): every player's board with how it was covered, the
 * placements of a player who solved it or a solution of the deck for one who did not, and what
 * each took. Shown between rounds and, round by round, by a game's replay.
 */

/** A player's board of a round, revealed. */
export interface RevealBoard {
  readonly player: PlayerId;
  readonly deal: Deal;
  readonly task: Puzzle;
  readonly solved: boolean;
  /** The player's own placements when solved; otherwise a solution from the deck. */
  readonly placements: readonly ProposedPlacement[];
  /** What the player took this round (gems or jewels), in order. */
  readonly gains: readonly (Gem | JewelColour)[];
}

/** A finished round revealed. */
export interface RoundReveal {
  readonly round: number;
  readonly tieBreak: boolean;
  /** Who solved, in order. */
  readonly solved: readonly PlayerId[];
  readonly boards: readonly RevealBoard[];
}

/** A round's reveal from its record and the placements of the claims the race accepted in it. */
export function revealRound(
  engine: RaceEngine,
  record: RoundRecord,
  claims: ReadonlyMap<PlayerId, readonly ProposedPlacement[]>,
): RoundReveal {
  return {
    round: record.round,
    tieBreak: record.tieBreak,
    solved: record.solved,
    boards: record.deals.map((deal) => {
      const own = record.solved.includes(deal.player) ? claims.get(deal.player) : undefined;
      return {
        player: deal.player,
        deal,
        task: engine.puzzleOf(deal),
        solved: own !== undefined,
        placements: own ?? findTask(engine.deck, deal)?.solution ?? [],
        gains: record.gains[deal.player] ?? [],
      };
    }),
  };
}

/**
 * Follows a race's accepted actions and their events, and reveals each round as it ends: keeps
 * the placements of the claims that solved a board, and forgets them when the next round starts.
 */
export class RoundWatcher {
  readonly #claims = new Map<PlayerId, readonly ProposedPlacement[]>();

  constructor(readonly engine: RaceEngine) {}

  /** The reveal of a round that `events` ended, if one did. */
  step(action: RaceAction, events: readonly RaceEvent[]): RoundReveal | undefined {
    let reveal: RoundReveal | undefined;
    for (const event of events) {
      if (event.type === 'round-started') this.#claims.clear();
      if (event.type === 'solved' && action.type === 'claim' && action.player === event.player)
        this.#claims.set(event.player, action.placements);
      if (event.type === 'round-ended') reveal = revealRound(this.engine, event.record, this.#claims);
    }
    return reveal;
  }
}

/** A round revealed with the players and standings after it, as a replay shows it. */
export interface ReplayRound extends RoundReveal {
  readonly players: RaceView['players'];
  readonly standings: readonly Standing[];
}
