import type { Client } from '@colyseus/core';
import { Room, ServerError } from '@colyseus/core';
import type {
  DeckEdition,
  DeckTask,
  PracticeJoinOptions,
  PracticeServerMessages,
  PracticeTaskRef,
  Placement,
} from '@ubongo/core';
import { checkSolution, claimRefusal, findTask, puzzleOf } from '@ubongo/core';
import { expireWhenIdle, heard, parseJoin, registrar, reject, rejectUnknown, sender } from '../rooms/messages.js';
import { practiceJoinSchema, practiceMessages } from '../protocol.js';
import type { RoomServices } from '../services.js';
import type { Account } from '../accounts/store.js';
import { levelOf, nearLevelAt, taskKey } from '../rating/puzzles.js';
import { Timers } from '../rooms/timers.js';
import type { MissedBoards } from '../misses/missed.js';
import { missedBoards } from '../misses/missed.js';

/** "At my level" picks one of this many tasks nearest the session's level, by lot. */
const PRACTICE_LEVEL_CHOICE = 4;
/** How far (in difficulty points) a task dealt "at my level" moves the session's level: up when solved without a hint, down when its solution is shown. */
export const PRACTICE_LEVEL_STEP = 0.5;

/** Practice: any task of either deck, untimed, with hints (one more piece each time) and the solution. */
export class PracticeRoom extends Room {
  services!: RoomServices;
  readonly #send = sender<PracticeServerMessages>(this);
  #task: PracticeTaskRef = { edition: 'classic', board: 'C01', side: 'easy', key: '1' };
  #hints = 0;
  /**
   * "At my level" (docs/accounts.md): the session's level in each edition (on the decks' scale of
   * difficulty), from the player's time-model skill, moved by the tasks dealt at it; the tasks shown in this session (by `taskKey`),
   * which it does not deal again; whether the task on the board was dealt at the level and has not
   * moved it yet.
   */
  readonly #levels = new Map<DeckEdition, number>();
  readonly #seen = new Set<string>();
  #atLevel = false;
  /** The room's waits (timers.ts): the room sends no state, so Colyseus's patches (and its clock's ticks) are off. */
  readonly #timers = new Timers();
  /** A practice of a run's misses (docs/courses.md): the run, as the join option names it; then its boards, once read. */
  #missesOf: PracticeJoinOptions['misses'];
  #misses: MissedBoards | undefined;

  override onCreate(options: unknown): void {
    this.patchRate = 0;
    const { task, misses } = parseJoin(practiceJoinSchema, options);
    this.#missesOf = misses;
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
    this.#timers.close();
    this.services.whereabouts.clear(this.roomId);
  }
  override async onJoin(client: Client): Promise<void> {
    heard(this);
    const account = (client.auth as Account | undefined)?.id;
    if (account !== undefined) this.services.whereabouts.note(this.roomId, account, { kind: 'practice' });
    if (this.#missesOf) await this.#readMisses(client, account, this.#missesOf.run);
    this.#sendTask(client);
    this.#sendLevel(client, this.#task.edition);
  }

  /**
   * A practice of a run's misses: the boards read from the stored run (the asker's own, or the join
   * is refused), dealt from the first (or from the task a practice coming back goes on with).
   */
  async #readMisses(client: Client, account: string | undefined, run: number): Promise<void> {
    const { stores, decks } = this.services;
    const read = account === undefined ? undefined : await missedBoards(stores.soloRuns, decks, account, run);
    if (!read?.ok) throw new ServerError(404, read?.error.message ?? `you have no run ${run}`);
    this.#misses = read.value;
    const same = (t: PracticeTaskRef): boolean =>
      t.edition === this.#task.edition &&
      t.board === this.#task.board &&
      t.side === this.#task.side &&
      t.key === this.#task.key;
    this.#dealMissed(client, Math.max(0, read.value.tasks.findIndex(same)));
  }

  /** Deals the missed board at `index` (a board of `#misses`), telling the player where it is among them. */
  #dealMissed(client: Client, index: number): void {
    const misses = this.#misses;
    const task = misses?.tasks[index];
    if (!misses || !task) return;
    this.#task = task;
    this.#hints = 0;
    this.#atLevel = false;
    this.#send.to(client, 'misses', { ...misses, at: index });
  }

  /** The session's level in an edition (the decks' scale): the player's time-model level until a task dealt at it moves it. */
  async #levelIn(client: Client, edition: DeckEdition): Promise<number> {
    const known = this.#levels.get(edition);
    if (known !== undefined) return known;
    const level = await levelOf(this.services.stores, edition, (client.auth as Account | undefined)?.id);
    // Another ask may have set it while the level was read: that one stands.
    const now = this.#levels.get(edition) ?? level;
    this.#levels.set(edition, now);
    return now;
  }

  /** The session's level in an edition as shown: on the decks' scale of difficulty, to a tenth. */
  #shownLevel(edition: DeckEdition): number {
    return Math.round((this.#levels.get(edition) ?? 5) * 10) / 10;
  }

  /** Tells the player their level in `edition`, on the decks' scale of difficulty. */
  #sendLevel(client: Client, edition: DeckEdition): void {
    this.#levelIn(client, edition)
      .then(() => {
        this.#send.to(client, 'level', { edition, level: this.#shownLevel(edition) });
      })
      .catch((e: unknown) => {
        this.services.log(`room ${this.roomId}: could not read the player's level: ${String(e)}`);
      });
  }

  /**
   * A task dealt at the level is settled, once: solved without a hint (`up`), its solution shown
   * (`down`), or solved with hints (it stays). Within the deck's range of tasks, so that it never
   * runs off where no task is.
   */
  #settle(client: Client, move: 'up' | 'down' | 'stay'): void {
    if (!this.#atLevel) return;
    this.#atLevel = false;
    const edition = this.#task.edition;
    const level = this.#levels.get(edition);
    if (level === undefined || move === 'stay') return;
    const difficulties = this.services.decks[edition].boards.flatMap((b) =>
      [b.sides.easy, b.sides.hard].flatMap((side) => side.tasks.map((t) => t.difficulty)),
    );
    const low = Math.min(...difficulties);
    const high = Math.max(...difficulties);
    const step = PRACTICE_LEVEL_STEP;
    this.#levels.set(edition, Math.min(high, Math.max(low, level + (move === 'up' ? step : -step))));
    this.#sendLevel(client, edition);
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
      const edition = this.#task.edition;
      this.#task = data;
      this.#hints = 0;
      this.#atLevel = false;
      this.#sendTask(client);
      if (data.edition !== edition) this.#sendLevel(client, data.edition);
    });
    on('level', (client, data) => {
      const { stores, decks, seed, log } = this.services;
      const deck = decks[data.edition];
      const near = async (): Promise<{ board: string; key: string }[]> => {
        const level = await this.#levelIn(client, data.edition);
        const fresh = await nearLevelAt(stores, deck, data.side, level, PRACTICE_LEVEL_CHOICE, this.#seen);
        if (fresh.length > 0) return fresh;
        // Every task of the side has been shown this session: it starts over (the one on the board aside).
        for (const key of [...this.#seen])
          if (key.startsWith(`${data.edition}/`) && key.includes(`/${data.side}/`)) this.#seen.delete(key);
        return nearLevelAt(
          stores,
          deck,
          data.side,
          level,
          PRACTICE_LEVEL_CHOICE,
          new Set([taskKey(this.#task.edition, this.#task)]),
        );
      };
      near()
        .then((pool) => {
          const pick = pool[seed() % pool.length];
          if (!pick) throw new Error('the deck has no task on that side');
          this.#task = { edition: data.edition, board: pick.board, side: data.side, key: pick.key };
          this.#hints = 0;
          this.#atLevel = true;
          this.#send.to(client, 'level', { edition: data.edition, level: this.#shownLevel(data.edition) });
          this.#sendTask(client);
        })
        .catch((e: unknown) => {
          log(`room ${this.roomId}: no task at the player's level: ${String(e)}`);
          reject(client, { to: 'level', code: 'message/failed', message: 'the server could not pick a task now' });
        });
    });
    on('missed', (client, { index }) => {
      if (!this.#misses) {
        reject(client, {
          to: 'missed',
          code: 'message/wrong-phase',
          message: 'this practice is not of a run’s misses',
        });
        return;
      }
      if (index >= this.#misses.tasks.length) {
        reject(client, { to: 'missed', code: 'message/malformed', message: `no missed board ${index}` });
        return;
      }
      this.#dealMissed(client, index);
      this.#sendTask(client);
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
        this.#settle(client, 'down');
      });
    });
    on('claim', (client, data) => {
      const check = checkSolution(puzzleOf(this.services.decks[this.#task.edition], this.#task), data.placements);
      if (check.ok) {
        this.#send.to(client, 'checked', { solved: true });
        this.#settle(client, this.#hints === 0 ? 'up' : 'stay');
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
    this.#seen.add(taskKey(this.#task.edition, this.#task));
    this.#send.to(client, 'practice', {
      ...this.#task,
      difficulty: this.#deckTask().difficulty,
      task: puzzleOf(deck, this.#task),
    });
  }
}
