import type { Timers } from '../rooms/timers.js';
import type { RoomServices } from '../services.js';
import { Alarm } from './alarm.js';
import type { TableOrder } from './kinds.js';
import type { RaceMaster } from './race-master.js';

/** What the wait for people needs of its room (race-room.ts). */
export interface WaitingRoom {
  /** The room's id, for the log. */
  id(): string;
  master(): RaceMaster;
  /** The game's next step planned (race-steps.ts). */
  schedule(): void;
  /** Everyone told how things stand. */
  tellAll(): void;
  updateVisibility(): void;
  /** The room closes once nobody is connected again (it was kept for its people till now). */
  release(): void;
  close(): void;
}

/**
 * A room's wait for the people its kind of table expects (kinds.ts). After a restart (resume.ts), a
 * game rebuilt from the journal or a table kept between games waits for its people to come back
 * with their seats' keys for the reconnection window (counted from now, in game time like every
 * wait of the game's); at its end, or once everyone is back, the game or the table goes on with
 * those back, or ends with nobody. An arena's table waits for the players the arena seated.
 */
export class PeopleWait {
  readonly #wait: Alarm;

  constructor(
    timers: Timers,
    services: () => RoomServices,
    private readonly room: WaitingRoom,
  ) {
    this.#wait = new Alarm(timers, services);
  }

  /** A game or a table back after a restart, rebuilt by the master before the room hears anyone: until when it waits. */
  rebuild(order: TableOrder): number | null {
    if (order.kind === 'resumed') return this.room.master().resume(order.resumption.game);
    if (order.kind === 'restored')
      return this.room.master().restore(order.restoration.game, order.restoration.table.ratings);
    return null;
  }

  /** The wait begins, once the room hears messages; `waitBy` is `rebuild`'s. */
  begin(order: TableOrder, waitBy: number | null): void {
    if (order.kind === 'resumed') this.#resumed(waitBy);
    else if (order.kind === 'restored') this.#restored(waitBy);
    else if (order.kind === 'arena') this.#arena(order.order.seating.startBy);
  }

  /**
   * An arena's table starts once the players the arena seated all sit there, or at its deadline
   * with two of them; with fewer by then it closes, and its players are free again.
   */
  #arena(startBy: number): void {
    this.#wait.set(`room ${this.room.id()}: arena table`, startBy, () => {
      const master = this.room.master();
      const people = master.table.seats.filter((s) => s.occupant.kind === 'human' && s.connected).length;
      if (master.game === null && people < 2) this.room.close();
    });
  }

  /**
   * A game rebuilt from the journal, at the start of the interrupted round. Those back in time play
   * on; bots stand in for the others; if nobody comes back, the game is stored as interrupted,
   * blaming no one. `resumeBy`: null with everyone back.
   */
  #resumed(resumeBy: number | null): void {
    if (resumeBy === null) this.goOn();
    else
      this.#wait.set(`room ${this.room.id()}: resume`, resumeBy, () => {
        const master = this.room.master();
        const ended = master.resumeBy === null ? null : master.endWait();
        if (ended === 'go-on') this.goOn();
        else if (ended)
          void ended.then(() => {
            this.room.close();
          });
      });
  }

  /**
   * A lobby with its settings, seats, ready states and host, or a finished game's table (its end
   * shown, a rematch to come). At the wait's end the seats of those still away are given up, and
   * with nobody back the room closes (the table is forgotten).
   */
  #restored(waitBy: number | null): void {
    this.room.updateVisibility();
    if (waitBy === null) this.#tableBack();
    else
      this.#wait.set(`room ${this.room.id()}: restore`, waitBy, () => {
        this.#tableBack();
      });
  }

  /** Someone is back in their seat: a game waiting for its people goes on once the last one is; says whether it did. */
  back(): boolean {
    const master = this.room.master();
    if (master.resumeBy === null || !master.table.seats.every((s) => s.connected)) return false;
    this.goOn();
    return true;
  }

  /** Everyone is back (or replaced): the game goes on, its next round a pause from now. */
  goOn(): void {
    const master = this.room.master();
    if (master.restoredTable) {
      this.#tableBack();
      return;
    }
    if (!master.game) return;
    this.#wait.clear();
    master.goOn();
    this.room.release();
    this.room.schedule();
    this.room.tellAll();
  }

  /** A restored table's wait is over (or everyone is back): it goes on with those back, or closes with nobody. */
  #tableBack(): void {
    this.#wait.clear();
    if (!this.room.master().endTableWait()) {
      this.room.close();
      return;
    }
    this.room.release();
    this.room.updateVisibility();
    this.room.tellAll();
  }
}
