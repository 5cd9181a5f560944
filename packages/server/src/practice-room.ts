import type { Client } from '@colyseus/core';
import { Room } from '@colyseus/core';
import type { DeckTask, PracticeServerMessages, PracticeTaskRef, Placement } from '@ubongo/core';
import { checkSolution, findTask, puzzleOf } from '@ubongo/core';
import { expireWhenIdle, heard, parseJoin, registrar, reject, rejectUnknown, sender } from './messages.js';
import { practiceJoinSchema, practiceMessages } from './protocol.js';
import type { RoomServices } from './services.js';
import type { Account } from './storage.js';

/** Practice: any task of either deck, untimed, with hints (one more piece each time) and the solution. */
export class PracticeRoom extends Room {
  services!: RoomServices;
  readonly #send = sender<PracticeServerMessages>(this);
  #task: PracticeTaskRef = { edition: 'classic', board: 'C01', side: 'easy', key: '1' };
  #hints = 0;

  override onCreate(options: unknown): void {
    parseJoin(practiceJoinSchema, options);
    this.maxClients = 1;
    void this.setPrivate(true);
    this.#register();
    expireWhenIdle(this, this.services);
  }

  override onJoin(client: Client): void {
    heard(this);
    this.#sendTask(client);
  }

  /** The task being practised; the room only ever holds one the deck has. */
  #deckTask(): DeckTask {
    const task = findTask(this.services.decks[this.#task.edition], this.#task);
    if (!task) throw new Error(`practice holds a task the deck does not have: ${JSON.stringify(this.#task)}`);
    return task;
  }

  #register(): void {
    const on = registrar(this, practiceMessages, this.services);
    on('task', (client, data) => {
      if (!findTask(this.services.decks[data.edition], data)) {
        reject(client, {
          to: 'task',
          code: 'message/malformed',
          message: `no task ${data.key} on ${data.edition} board ${data.board} ${data.side}`,
        });
        return;
      }
      this.#task = data;
      this.#hints = 0;
      this.#sendTask(client);
    });
    on('hint', (client) => {
      if (this.#inPlay(client, 'hint')) return;
      const solution: readonly Placement[] = this.#deckTask().solution;
      // Each hint places one more piece of a solution.
      this.#hints = Math.min(this.#hints + 1, solution.length);
      this.#send.to(client, 'hint', { placements: solution.slice(0, this.#hints), of: solution.length });
    });
    on('solution', (client) => {
      if (this.#inPlay(client, 'solution')) return;
      this.#send.to(client, 'solution', { placements: this.#deckTask().solution });
    });
    on('claim', (client, data) => {
      const check = checkSolution(puzzleOf(this.services.decks[this.#task.edition], this.#task), data.placements);
      if (check.ok) {
        this.#send.to(client, 'checked', { solved: true });
        return;
      }
      const first = check.error[0];
      reject(client, {
        to: 'claim',
        code: first?.code ?? 'claim/malformed',
        message: first?.message ?? 'not a solution',
        problems: check.error,
      });
    });
    rejectUnknown(this, this.services);
  }

  /**
   * Whether the task is dealt to this account in a run or a race still in play: then its hints and
   * solution are refused, so that practice cannot solve a game for it.
   */
  #inPlay(client: Client, to: string): boolean {
    const account = (client.auth as Account | undefined)?.id;
    if (account === undefined || !this.services.inPlay.has(account, this.#task)) return false;
    reject(client, {
      to,
      code: 'message/not-allowed',
      message: 'this board is dealt to you in a game still in play; practise it when that game is over',
    });
    return true;
  }

  #sendTask(client: Client): void {
    const deck = this.services.decks[this.#task.edition];
    this.#send.to(client, 'practice', {
      ...this.#task,
      difficulty: this.#deckTask().difficulty,
      task: puzzleOf(deck, this.#task),
    });
  }
}
