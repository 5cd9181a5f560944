import type { PlayerId, Progress, RoundProgress } from '@ubongo/core';
import type { RaceGame } from './race-game.js';

/** Why a player's report of their progress was refused. */
export interface ReportRefused {
  code: 'message/wrong-phase' | 'message/malformed';
  message: string;
}

/**
 * The players' reports of their progress (`RaceMaster.report`) in the round being played; a new
 * round starts them afresh. Nothing here is judged: it is what they say, shown as such.
 */
export class ProgressReports {
  /** The players' reports in round `round`. */
  #progress: { round: number; players: Map<PlayerId, Progress> } = { round: -1, players: new Map() };

  /** A game is taken (or resumed): nobody has reported in it yet. */
  clear(): void {
    this.#progress = { round: -1, players: new Map() };
  }

  /** The progress reported in the round being played of `game` (none between rounds). */
  of(game: RaceGame | null): RoundProgress {
    const round = game?.playingRound ?? null;
    return round === this.#progress.round ? Object.fromEntries(this.#progress.players) : {};
  }

  /**
   * `player` of `game` has `down` pieces down: kept, and `announce`d when it changed. Refused
   * while no round of theirs is being played, once they have solved, or beyond their task's pieces.
   */
  report(
    game: RaceGame,
    player: PlayerId,
    down: number,
    announce: (round: number, players: RoundProgress) => void,
  ): ReportRefused | null {
    const now = game.progressOf(player);
    if (!now.ok) return { code: 'message/wrong-phase', message: now.error };
    const { round, of } = now.value;
    if (down > of) return { code: 'message/malformed', message: `your task has ${of} pieces` };
    if (this.#progress.round !== round) this.#progress = { round, players: new Map() };
    if (this.#progress.players.get(player)?.down === down) return null;
    this.#progress.players.set(player, { down, of });
    announce(round, this.of(game));
    return null;
  }
}
