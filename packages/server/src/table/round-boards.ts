import type { PlayerId, ProposedPlacement, RaceAction, RaceEvent } from '@ubongo/core';
import { botLaid, seesBoards, solveFirst } from '@ubongo/core';
import type { GameClock } from '../clock.js';
import type { ProgressReports, ReportRefused } from './progress-reports.js';
import type { RaceGame } from './race-game.js';
import type { RaceState } from './race-state.js';
import type { Table } from './table.js';
import type { TableViews } from './table-views.js';

/**
 * The boards of the round in play as the table watches them fill (docs/protocol.md, "Progress"):
 * the players' reports (race-messages.ts), the bots' boards laid piece by piece over their solve
 * time (core's `botLaid`), and a solved player's claim; each change sent to everyone as they may
 * see it (`ProgressReports.seenBy`: watchers and those who have solved see the boards, the others
 * the counts).
 */
export class RoundBoards {
  /** The solution each bot of the round will claim (the referee's: core's `solveFirst`), by round and player. */
  #solutions = new Map<string, readonly ProposedPlacement[]>();

  constructor(
    private readonly clock: Pick<GameClock, 'now'>,
    private readonly table: Pick<Table, 'seatOf'>,
    private readonly s: RaceState,
    private readonly progress: ProgressReports,
    private readonly views: Pick<TableViews, 'each'>,
  ) {}

  /**
   * A seated player reports their board: how many pieces are down and, when said, where they lie.
   * Kept and sent on when it changed, or refused (ProgressReports.report says when).
   */
  report(player: PlayerId, down: number, placements?: readonly ProposedPlacement[]): ReportRefused | null {
    const game = this.s.game;
    if (!game || this.s.beginning) return { code: 'message/wrong-phase', message: 'the game has not started' };
    return this.progress.report(game, { player, down, placements }, this.clock.now(), (counts) => {
      this.#announce(game, counts);
    });
  }

  /** After a step of `game` (before its views are sent): a solved claim's placements are its player's board. */
  stepped(game: RaceGame, action: RaceAction, events: readonly RaceEvent[]): void {
    const round = game.roundInPlay;
    if (!round || action.type !== 'claim') return;
    const solved = events.some((e) => e.type === 'solved' && e.player === action.player);
    const of = game.tasks()[action.player]?.pieces.length;
    if (solved && of !== undefined) this.progress.set(round, action.player, action.placements, of);
  }

  /**
   * The bots' boards at `now`, each with the pieces that have landed on it (core's `botLaid`): sent
   * to everyone when one changed. Says when the next piece lands (null: none before a claim).
   */
  bots(now: number): number | null {
    const game = this.s.game;
    const round = game?.roundInPlay;
    if (!game || !round || this.s.beginning) return null;
    let next: number | null = null;
    let changed = false;
    for (const plan of game.botPlans()) {
      const key = `${round.number}:${plan.player}`;
      let solution = this.#solutions.get(key);
      if (!solution) {
        if (this.#solutions.size > 16) this.#solutions.clear();
        solution = solveFirst(plan.task).solution ?? [];
        this.#solutions.set(key, solution);
      }
      const { down, nextAt } = botLaid(solution, plan.from, plan.at, now);
      if (this.progress.set(round, plan.player, down, plan.task.pieces.length)) changed = true;
      if (nextAt !== null && (next === null || nextAt < next)) next = nextAt;
    }
    if (changed) this.#announce(game, true);
    return next;
  }

  /**
   * Everyone's progress, to each as they may see it; when only where the pieces lie changed (not
   * the `counts`), only to those who see the boards (the others would be told nothing new).
   */
  #announce(game: RaceGame, counts: boolean): void {
    const round = game.roundInPlay;
    if (!round) return;
    this.views.each('progress', (sessionId) => {
      const viewer = this.table.seatOf(sessionId)?.id ?? null;
      if (!counts && !seesBoards(round, viewer)) return null;
      return { round: round.number, players: this.progress.seenBy(game, viewer) };
    });
  }
}
