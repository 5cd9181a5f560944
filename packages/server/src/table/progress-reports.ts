import type { PlayerId, ProposedPlacement, Progress, RoundProgress, RoundState } from '@ubongo/core';
import { BOARD_REPORTS, laidProblem, seesBoards } from '@ubongo/core';
import type { RaceGame } from './race-game.js';

/** Why a player's report of their progress was refused. */
export interface ReportRefused {
  code: 'message/wrong-phase' | 'message/malformed' | 'message/too-fast';
  message: string;
}

/**
 * The players' boards in the round being played (`RaceMaster.report`, bot-boards.ts): how many
 * pieces each has down and, when said, where they lie; a new round starts them afresh. Nothing
 * here is judged: it is what they say, shown as such, to whom may see it (`seenBy`).
 */
export class ProgressReports {
  /** The players' reports in round `round`, and what is left of each one's allowance of reports (game time). */
  #progress: {
    round: number;
    players: Map<PlayerId, Progress>;
    allowance: Map<PlayerId, { left: number; at: number }>;
  } = {
    round: -1,
    players: new Map(),
    allowance: new Map(),
  };

  /** A game is taken (or resumed): nobody has reported in it yet. */
  clear(): void {
    this.#progress = { round: -1, players: new Map(), allowance: new Map() };
  }

  /** The progress reported in the round being played of `game` (none between rounds), boards and all. */
  of(game: RaceGame | null): RoundProgress {
    const round = game?.playingRound ?? null;
    return round === this.#progress.round ? Object.fromEntries(this.#progress.players) : {};
  }

  /**
   * The progress as `viewer` (null: a watcher) may see it (core's `seesBoards`): everything, or
   * only the counts for a seated player still at their own board.
   */
  seenBy(game: RaceGame | null, viewer: PlayerId | null): RoundProgress {
    const all = this.of(game);
    if (seesBoards(game?.roundInPlay ?? null, viewer)) return all;
    return Object.fromEntries(Object.entries(all).map(([p, { down, of }]) => [p, { down, of }]));
  }

  /**
   * `player` of `game` has `down` pieces down (lying at `placements`, when said) at `now`: kept,
   * and `announce`d when it changed (saying whether the count did). Refused while no round of theirs is being played, once they
   * have solved, beyond their task's pieces, with placements that are not `down` of its pieces in
   * their shapes on the board (core's `laidProblem`), or beyond the allowance (`BOARD_REPORTS`: a
   * burst, then one every so often), so that no client floods the others with boards.
   */
  report(
    game: RaceGame,
    report: { player: PlayerId; down: number; placements?: readonly ProposedPlacement[] | undefined },
    now: number,
    announce: (counts: boolean) => void,
  ): ReportRefused | null {
    const { player, down, placements } = report;
    const inPlay = game.progressOf(player);
    if (!inPlay.ok) return { code: 'message/wrong-phase', message: inPlay.error };
    const { round, of, task } = inPlay.value;
    if (down > of) return { code: 'message/malformed', message: `your task has ${of} pieces` };
    if (placements && placements.length !== down)
      return { code: 'message/malformed', message: `${placements.length} placements for ${down} pieces down` };
    const problem = placements && laidProblem(task, placements);
    if (problem) return { code: 'message/malformed', message: problem };
    const fresh = this.#progress.round !== round;
    const allowance = fresh ? undefined : this.#progress.allowance.get(player);
    const left = Math.min(
      BOARD_REPORTS.burst,
      allowance ? allowance.left + (now - allowance.at) / BOARD_REPORTS.everyMs : BOARD_REPORTS.burst,
    );
    if (left < 1)
      return {
        code: 'message/too-fast',
        message: `at most ${BOARD_REPORTS.burst} boards at once, then one every ${BOARD_REPORTS.everyMs} ms`,
      };
    const counted = this.#progress.round === round ? this.#progress.players.get(player)?.down : undefined;
    if (!this.#set(round, player, { down, of, ...(placements ? { placements } : {}) })) return null;
    this.#progress.allowance.set(player, { left: left - 1, at: now });
    announce(counted !== down);
    return null;
  }

  /**
   * The server's own word of `player`'s board in `round` (a bot's as it fills, a solved player's
   * claim); says whether it changed.
   */
  set(round: RoundState, player: PlayerId, placements: readonly ProposedPlacement[], of: number): boolean {
    return this.#set(round.number, player, { down: placements.length, of, placements });
  }

  #set(round: number, player: PlayerId, progress: Progress): boolean {
    if (this.#progress.round !== round) this.#progress = { round, players: new Map(), allowance: new Map() };
    const was = this.#progress.players.get(player);
    if (was?.down === progress.down && sameBoards(was.placements, progress.placements)) return false;
    this.#progress.players.set(player, progress);
    return true;
  }
}

/** Whether two boards as said are the same (both unsaid counts as the same). */
function sameBoards(a: readonly ProposedPlacement[] | undefined, b: readonly ProposedPlacement[] | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b));
}
