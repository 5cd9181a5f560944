import type { DeckEdition, Side } from '@ubongo/core';

/** A task of a deck, as practice names it. */
export interface TaskOfDeck {
  readonly edition: DeckEdition;
  readonly board: string;
  readonly side: Side;
  readonly key: string;
}

const keyOf = (t: TaskOfDeck): string => `${t.edition}/${t.board}/${t.side}/${t.key}`;

/**
 * The tasks each account has been dealt in a solo run or a race still in play, by the room that
 * dealt them: practice will not show their solutions to that account (docs/accounts.md).
 */
export class InPlay {
  /** By room: each account's task there. */
  readonly #byRoom = new Map<string, Map<string, string>>();

  /** `account` has `task` in front of it in `room` (replacing what it had there). */
  deal(room: string, account: string, task: TaskOfDeck): void {
    let tasks = this.#byRoom.get(room);
    if (!tasks) {
      tasks = new Map();
      this.#byRoom.set(room, tasks);
    }
    tasks.set(account, keyOf(task));
  }

  /** Nothing is in play in `room` any more (a round or a run ended, the room closed). */
  clear(room: string): void {
    this.#byRoom.delete(room);
  }

  /** Whether `account` has `task` in play anywhere. */
  has(account: string, task: TaskOfDeck): boolean {
    const key = keyOf(task);
    for (const tasks of this.#byRoom.values()) if (tasks.get(account) === key) return true;
    return false;
  }
}
