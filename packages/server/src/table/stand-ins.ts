import { STAND_IN_LEVEL } from '@ubongo/core';
import type { GameJournal } from './journal.js';
import type { RaceGame } from './race-game.js';
import type { RaceState } from './race-state.js';
import type { Seat } from './seats.js';
import type { Table } from './table.js';
import type { TableViews } from './table-views.js';

/**
 * Bots standing in for people gone for good mid-game (`RaceMaster.leave`): everyone is told once
 * the journal keeps it; until it can, the seat waits, and it is tried again before each step.
 */
export class StandIns {
  /** People gone whose stand-in could not be stored yet. */
  readonly #due = new Map<Seat, 'left' | 'timeout'>();

  constructor(
    private readonly table: Table,
    private readonly journal: GameJournal,
    private readonly s: RaceState,
    private readonly views: TableViews,
    /** A bot now plays for someone gone: the room plans its turns and shows the seat. */
    private readonly stoodIn: () => void,
  ) {}

  /** `seat`'s person is gone for good (`reason`): a bot is to stand in. */
  due(seat: Seat, reason: 'left' | 'timeout'): void {
    this.#due.set(seat, reason);
  }

  /** Stands bots in for the people gone whose stand-in is not stored yet, in turn. */
  async nowDue(game: RaceGame, now: number): Promise<void> {
    for (const [seat, reason] of this.#due) {
      if (this.s.game !== game || game.finished || seat.occupant.kind !== 'human') {
        this.#due.delete(seat);
        continue;
      }
      const name = seat.occupant.name;
      const step = game.attemptStandIn(seat.id, now);
      if (!(await this.journal.write(game.id, step.entry))) return;
      this.s.toldNotSaved = false;
      this.#due.delete(seat);
      step.commit();
      if (this.s.game !== game) continue;
      this.table.standIn(seat);
      this.views.all('notice', { kind: 'replaced', seat: seat.id, reason, name, level: STAND_IN_LEVEL });
      this.stoodIn();
    }
  }
}
