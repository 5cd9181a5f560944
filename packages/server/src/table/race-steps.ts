import type { Client } from '@colyseus/core';
import type { RaceAction } from '@ubongo/core';
import { refusal, reject } from '../rooms/messages.js';
import type { Timers } from '../rooms/timers.js';
import type { RoomServices } from '../services.js';
import { Alarm } from './alarm.js';
import type { RaceMaster } from './race-master.js';

/** What a race room's steps need of the room: its code, its master, its services. */
export interface SteppingRoom {
  readonly roomId: string;
  readonly master: RaceMaster;
  readonly services: Pick<RoomServices, 'clock' | 'log'>;
  /** A step was taken: the room lists the game again (live.ts). */
  stepped(): void;
  /** Starts the game (the room's start); says why not. */
  start(): string | undefined;
}

/**
 * A race room's steps in time (race-room.ts): the players' actions and the referee's taken in
 * turn by the master (race-master.ts), the referee's next step planned on one timer, and a quick
 * match's start by itself.
 */
export class RaceSteps {
  /** The referee's next step; quick match's start. */
  readonly #next: Alarm;
  readonly #autoStart: Alarm;
  /** The next piece a bot lays on its board (round-boards.ts). */
  readonly #botPiece: Alarm;
  /** The referee's step is being taken (race-master.ts): its answer plans the next, none is planned meanwhile. */
  #refereeActing = false;

  constructor(
    timers: Timers,
    private readonly room: SteppingRoom,
  ) {
    this.#next = new Alarm(timers, () => room.services);
    this.#autoStart = new Alarm(timers, () => room.services);
    this.#botPiece = new Alarm(timers, () => room.services);
  }

  /** The bots' boards as they stand now (everyone sees them fill: round-boards.ts), and the wait for the next piece. */
  #layBotPieces(): void {
    const next = this.room.master.boards.bots(this.room.services.clock.now());
    if (next === null) this.#botPiece.clear();
    else
      this.#botPiece.set(`room ${this.room.roomId}: a bot's piece`, next, () => {
        this.#layBotPieces();
      });
  }

  /**
   * Takes an action, in turn (race-master.ts): a player's (refusals go back to them) or the
   * referee's. The next step of the referee's is planned once the answer is in.
   */
  act(action: RaceAction, from?: { client: Client; type: string }): void {
    if (!this.room.master.game) return;
    if (!from) {
      this.#next.clear();
      this.#refereeActing = true;
    }
    this.room.master
      .act(action, from !== undefined)
      .then((step) => {
        if (!from) this.#refereeActing = false;
        if (step.ok) {
          this.schedule();
          this.room.stepped();
        } else if (from) {
          const { error } = step;
          reject(
            from.client,
            error.code === 'message/not-saved'
              ? { to: from.type, code: error.code, message: error.message }
              : refusal(from.type, error),
          );
        }
        // The referee's refused plan was dropped (race-master.ts), or its step could not be stored
        // and stays planned: it is asked again, not sooner than a second later, so that a refusal
        // or a store that is down can never spin.
        else this.schedule(1000);
      })
      .catch((e: unknown) => {
        if (!from) this.#refereeActing = false;
        this.room.services.log(`room ${this.room.roomId}: ${action.type} failed: ${String(e)}`);
        this.schedule(1000);
      });
  }

  /** Sets the one timer for what the referee does next: a round's start, the sand's end, a bot's turn. */
  schedule(atLeastMs = 0): void {
    this.#layBotPieces();
    this.#next.clear();
    // The referee's step under way plans the next once it is taken.
    if (this.#refereeActing) return;
    const next = this.room.master.game?.next();
    if (!next) return;
    const run = (): void => {
      if (this.room.services.clock.now() < next.at) this.schedule();
      else this.act(next.action);
    };
    this.#next.set(`room ${this.room.roomId}: ${next.action.type}`, next.at, run, atLeastMs);
  }

  /** Quick match: a public table starts by itself when the table says (table.ts, QUICK_MATCH). */
  planAutoStart(): void {
    const at = this.room.master.startsAt();
    if (at === null) this.#autoStart.clear();
    else
      this.#autoStart.set(`room ${this.room.roomId}: quick-match start`, at, () => {
        const due = this.room.master.startsAt();
        if (due === null || due > this.room.services.clock.now()) this.planAutoStart();
        // A start refused (the table's own words go to everyone in its lobby) is tried again later.
        else if (this.room.start() !== undefined)
          this.#autoStart.set(
            `room ${this.room.roomId}: quick-match start`,
            due,
            () => {
              this.planAutoStart();
            },
            5000,
          );
      });
  }
}
