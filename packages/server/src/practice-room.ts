import type { Client } from '@colyseus/core';
import { Room, ServerError } from '@colyseus/core';
import type { DeckTask, PracticeServerMessages, PracticeTaskRef, Placement } from '@ubongo/core';
import { checkSolution, claimRefusal, findTask, puzzleOf } from '@ubongo/core';
import { expireWhenIdle, heard, parseJoin, registrar, reject, rejectUnknown, sender } from './messages.js';
import { practiceJoinSchema, practiceMessages } from './protocol.js';
import type { RoomServices } from './services.js';
import type { Account } from './storage.js';
import { nearLevel } from './puzzles.js';
import { Timers } from './timers.js';

/** "At my level" picks one of this many tasks nearest the player's level, by lot. */
const PRACTICE_LEVEL_CHOICE = 8;

/** Practice: any task of either deck, untimed, with hints (one more piece each time) and the solution. */
export class PracticeRoom extends Room {
  services!: RoomServices;
  readonly #send = sender<PracticeServerMessages>(this);
  #task: PracticeTaskRef = { edition: 'classic', board: 'C01', side: 'easy', key: '1' };
  #hints = 0;
  /** The room's waits (timers.ts): the room sends no state, so Colyseus's patches (and its clock's ticks) are off. */
  readonly #timers = new Timers();

  override onCreate(options: unknown): void {
    this.patchRate = 0;
    const { task } = parseJoin(practiceJoinSchema, options);
    // A practice coming back after its connection dropped (or the server restarted) goes on with its task.
    if (task) {
      if (!findTask(this.services.decks[task.edition], task))
        throw new ServerError(400, `no task ${task.key} on ${task.edition} board ${task.board} ${task.side}`);
      this.#task = task;
    }
    this.maxClients = 1;
    void this.setPrivate(true);
    this.#register();
    expireWhenIdle(this, this.services, this.#timers);
  }

  override onDispose(): void {
    this.#timers.clearAll();
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
    on('level', (client, data) => {
      const account = (client.auth as Account | undefined)?.id;
      const { storage, decks, seed, log } = this.services;
      nearLevel(storage, decks[data.edition], data.side, account, PRACTICE_LEVEL_CHOICE)
        .then((near) => {
          const pick = near[seed() % near.length];
          if (!pick) throw new Error('the deck has no task on that side');
          this.#task = { edition: data.edition, board: pick.board, side: data.side, key: pick.key };
          this.#hints = 0;
          this.#sendTask(client);
        })
        .catch((e: unknown) => {
          log(`room ${this.roomId}: no task at the player's level: ${String(e)}`);
          reject(client, { to: 'level', code: 'message/failed', message: 'the server could not pick a task now' });
        });
    });
    on('hint', (client) => {
      this.#unlessInPlay(client, 'hint', () => {
        const solution: readonly Placement[] = this.#deckTask().solution;
        // Each hint places one more piece of a solution.
        this.#hints = Math.min(this.#hints + 1, solution.length);
        this.#send.to(client, 'hint', { placements: solution.slice(0, this.#hints), of: solution.length });
      });
    });
    on('solution', (client) => {
      this.#unlessInPlay(client, 'solution', () => {
        this.#send.to(client, 'solution', { placements: this.#deckTask().solution });
      });
    });
    on('claim', (client, data) => {
      const check = checkSolution(puzzleOf(this.services.decks[this.#task.edition], this.#task), data.placements);
      if (check.ok) {
        this.#send.to(client, 'checked', { solved: true });
        return;
      }
      reject(client, { to: 'claim', ...claimRefusal(check.error) });
    });
    rejectUnknown(this, this.services);
  }

  /**
   * Answers with `answer` unless the task is dealt to this account in a run or a race still in play
   * (in any process): then its hints and solution are refused, so that practice cannot solve a game
   * for it.
   */
  #unlessInPlay(client: Client, to: string, answer: () => void): void {
    const account = (client.auth as Account | undefined)?.id;
    const task = this.#task;
    (account === undefined ? Promise.resolve(false) : this.services.inPlay.has(account, task))
      .then((inPlay) => {
        // The player moved to another task meanwhile: that one is asked about anew.
        if (task !== this.#task) {
          this.#unlessInPlay(client, to, answer);
          return;
        }
        if (!inPlay) {
          answer();
          return;
        }
        reject(client, {
          to,
          code: 'message/not-allowed',
          message: 'this board is dealt to you in a game still in play; practise it when that game is over',
        });
      })
      .catch((e: unknown) => {
        this.services.log(`room ${this.roomId}: could not ask what is in play: ${String(e)}`);
        reject(client, { to, code: 'message/not-allowed', message: 'the server cannot tell now; try again' });
      });
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
