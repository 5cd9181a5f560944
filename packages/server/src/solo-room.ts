import type { Client } from '@colyseus/core';
import { Room } from '@colyseus/core';
import type {
  DieFace,
  SoloAction,
  SoloClientMessages,
  SoloEngine,
  SoloEvent,
  SoloJoinOptions,
  SoloResult,
  SoloServerMessages,
  SoloState,
  TrailMove,
} from '@ubongo/core';
import { compareSoloResults, findTask, isNewBest, judgeSolve, soloEngine } from '@ubongo/core';
import {
  expireWhenIdle,
  guarded,
  heard,
  parseJoin,
  refusal,
  registrar,
  reject,
  rejectUnknown,
  sender,
} from './messages.js';
import { soloJoinSchema, soloMessages } from './protocol.js';
import { nearLevel } from './puzzles.js';
import { bestListedRuns, soloSetting } from './solo-bests.js';
import type { RoomServices } from './services.js';
import type { Account, SoloPuzzle } from './storage.js';
import type { Timer } from './timers.js';
import { Timers } from './timers.js';

/**
 * One player alone, a solo variant: a timed run or a number of puzzles. The server keeps the
 * clock and the score, so records are earned.
 */
export class SoloRoom extends Room {
  services!: RoomServices;
  readonly #send = sender<SoloServerMessages>(this);
  #options!: SoloJoinOptions;
  #engine!: SoloEngine;
  #state: SoloState | undefined;
  #seed = 0;
  #timer: Timer | undefined;
  /** The room's waits (timers.ts): the room sends no state, so Colyseus's patches (and its clock's ticks) are off. */
  readonly #timers = new Timers();
  /** The account playing. */
  #account: Account | undefined;
  #player = '';
  /** When the puzzle on the board was dealt (game time), and how many solves came faster than a person can. */
  #dealtAt = 0;
  #dealt: (SoloEvent & { type: 'puzzle' }) | undefined;
  #implausible = 0;
  /** The claim being applied, whose trail the judgement reads. */
  #claim: SoloClientMessages['claim'] | undefined;
  /** Whether the task on the board is neither solved nor set aside yet. */
  #open = false;
  /** The puzzles of the run so far, kept with its result. */
  readonly #puzzles: SoloPuzzle[] = [];
  /** The tasks a run dealt at the player's level deals from, looked up when the player comes. */
  #pool: Promise<{ board: string; key: DieFace }[] | undefined> = Promise.resolve(undefined);
  #starting = false;

  override onCreate(options: unknown): void {
    this.patchRate = 0;
    this.#options = parseJoin(soloJoinSchema, options);
    this.maxClients = 1;
    void this.setPrivate(true);
    this.#engine = soloEngine(this.services.decks.classic);
    this.#register();
    // A timed run under way ends by itself; a run of puzzles nobody plays expires.
    expireWhenIdle(
      this,
      this.services,
      this.#timers,
      () => this.#state?.phase === 'playing' && this.#state.endsAt !== null,
    );
  }

  override onJoin(client: Client, _options: unknown, auth?: Account): void {
    heard(this);
    // The matchmaker let in signed-in players only (server.ts): the run is the account's.
    this.#account = auth;
    this.#player = auth?.name ?? 'Player';
    if (this.#options.dealing === 'level') {
      const { storage, decks, log } = this.services;
      // The classic deck's tasks are keyed by die faces.
      this.#pool = nearLevel(storage, decks.classic, this.#options.side, auth?.id)
        .then((tasks) => tasks.map((t) => ({ board: t.board, key: t.key as DieFace })))
        .catch((e: unknown) => {
          log(`solo room ${this.roomId}: no tasks at the player's level, dealing shuffled boards: ${String(e)}`);
          return undefined;
        });
    }
    this.#send.to(client, 'solo', this.#options);
  }

  #register(): void {
    const on = registrar(this, soloMessages, this.services);
    on('start', (client) => {
      const { mode, limit, side, pieceSet = 'task' } = this.#options;
      const name = this.#player;
      if (this.#state || this.#starting) {
        reject(client, { to: 'start', code: 'action/wrong-phase', message: 'the run has started' });
        return;
      }
      this.#starting = true;
      void this.#pool.then((pool) => {
        this.#seed = this.services.seed();
        const setup = this.#engine.setup(
          { player: name, mode, limit, side, pieceSet, ...(pool ? { pool } : {}) },
          this.#seed,
        );
        if (!setup.ok) {
          this.#starting = false;
          reject(client, refusal('start', setup.error));
          return;
        }
        this.#state = setup.value;
        this.#act(client, 'start', { type: 'start' });
      });
    });
    on('claim', (client, data) => {
      this.#claim = data;
      this.#act(client, 'claim', { type: 'claim', placements: data.placements });
      this.#claim = undefined;
    });
    on('skip', (client) => {
      this.#act(client, 'skip', { type: 'skip' });
    });
    rejectUnknown(this, this.services);
  }

  #act(client: Client, type: string, action: SoloAction): void {
    const state = this.#state;
    if (!state) {
      reject(client, { to: type, code: 'message/wrong-phase', message: 'send start first' });
      return;
    }
    const step = this.#engine.apply(state, action, this.services.clock.now());
    if (!step.ok) {
      reject(client, refusal(type, step.error));
      return;
    }
    this.#state = step.value.state;
    this.#judge(step.value.events);
    this.#send.to(client, 'events', { events: step.value.events });
    this.#afterChange(step.value.events);
  }

  /**
   * Times each solve from its deal, as the server measured them, against the human floor of the
   * task, and looks at the claim's move trail (core's judgeSolve): a run with a solve no person
   * could have made is kept but not verified.
   */
  #judge(events: readonly SoloEvent[]): void {
    const now = this.services.clock.now();
    for (const event of events) {
      // A task set aside, or on the board when the time ran out, is the task's win (its first attempt only).
      if ((event.type === 'skipped' || event.type === 'finished') && this.#dealt && this.#open) {
        this.#open = false;
        this.#attempted(this.#dealt, false);
        this.#kept(event.type === 'skipped' ? 'skipped' : 'unfinished', now);
      }
      if (event.type === 'solved' && this.#dealt) {
        this.#open = false;
        const task = findTask(this.services.decks.classic, this.#dealt.deal);
        // The solve's time on the server's clock (the event's own `at` counts from the run's start).
        const took = now - this.#dealtAt;
        const verdict = judgeSolve({
          took,
          difficulty: task?.difficulty ?? 1,
          pieces: this.#claim?.placements.map((p) => p.piece) ?? task?.pieces ?? [],
          trail: this.#claim?.trail,
        });
        this.#kept('solved', now, this.#claim?.trail);
        if (verdict.plausible) this.#attempted(this.#dealt, true);
        else {
          this.#implausible++;
          const account = this.#account;
          if (account)
            void this.services.storage
              .flagAccount(
                account.id,
                `solved ${this.#dealt.deal.board} ${this.#dealt.deal.side} ${this.#dealt.deal.key} in ${(took / 1000).toFixed(2)} s, ${verdict.reason}`,
                now,
              )
              .catch((e: unknown) => {
                this.services.log(`could not flag account ${account.id}: ${String(e)}`);
              });
        }
      }
      if (event.type === 'puzzle') {
        this.#dealt = event;
        this.#dealtAt = now;
        this.#open = true;
        if (this.#account)
          this.services.inPlay.deal(this.roomId, this.#account.id, { edition: 'classic', ...event.deal });
      }
      if (event.type === 'finished') this.services.inPlay.clear(this.roomId);
    }
  }

  #afterChange(events: readonly SoloEvent[]): void {
    const state = this.#state;
    if (!state) return;
    this.#timer?.clear();
    if (state.phase === 'playing' && state.endsAt !== null) {
      this.#timer = this.#timers.after(
        guarded(`solo room ${this.roomId}: tick`, this.services.log, () => {
          const client = this.clients[0];
          if (client) this.#act(client, 'tick', { type: 'tick' });
        }),
        this.services.clock.until(state.endsAt) + 1,
      );
    }
    const finished = events.find((e) => e.type === 'finished');
    if (finished?.type === 'finished') void this.#record(finished.result);
    this.#sendView();
  }

  /** Keeps the puzzle on the board as the run's next, with what became of it. */
  #kept(outcome: SoloPuzzle['outcome'], now: number, trail?: readonly TrailMove[]): void {
    const deal = this.#dealt?.deal;
    if (!deal) return;
    this.#puzzles.push({
      board: deal.board,
      side: deal.side,
      key: deal.key,
      outcome,
      ms: now - this.#dealtAt,
      ...(trail ? { trail } : {}),
    });
  }

  async #record(result: SoloResult): Promise<void> {
    // Read before this run is stored, so that it is not its own bar. A failed read leaves the bar the
    // best the browser sent: it must not keep the run from being stored.
    const bar = await this.#bestSoFar(result).catch((e: unknown) => {
      this.services.log(`solo room ${this.roomId}: could not read the account's runs: ${String(e)}`);
      return this.#sentBest(result);
    });
    try {
      const verified = this.#implausible === 0;
      await this.services.storage.saveSolo({
        ...result,
        accountId: this.#account?.id ?? null,
        verified,
        player: this.#player,
        seed: this.#seed,
        finishedAt: this.services.clock.now(),
        puzzles: this.#puzzles,
        dealing: this.#options.dealing ?? 'shuffled',
      });
      const newBest = isNewBest(result, bar);
      const client = this.clients[0];
      // A run that is not verified, or was dealt at the player's level, is no one's best.
      const listed = verified && this.#options.dealing !== 'level';
      const puzzles = this.#puzzles.map(({ board, side, key, outcome, ms }) => ({ board, side, key, outcome, ms }));
      if (client) this.#send.to(client, 'recorded', { result, newBest: newBest && listed, verified, puzzles });
    } catch (e) {
      this.services.log(`solo room ${this.roomId}: could not save the result: ${String(e)}`);
      const client = this.clients[0];
      if (client)
        reject(client, {
          to: 'claim',
          code: 'message/not-saved',
          message: 'the server could not store this result; it will not be among the records',
        });
    }
  }

  /**
   * The best to beat on this run's setting: the account's best listed run (what the server stored,
   * on any device) or the best the browser sent, whichever is better.
   */
  async #bestSoFar(result: SoloResult): Promise<SoloResult | null> {
    const sent = this.#sentBest(result);
    if (!this.#account) return sent;
    const mine = bestListedRuns(await this.services.storage.soloResultsOf(this.#account.id)).get(soloSetting(result));
    return mine && (!sent || compareSoloResults(mine, sent) > 0) ? mine : sent;
  }

  /** The best the browser sent, as a result on this run's setting (none if it sent none). */
  #sentBest(result: SoloResult): SoloResult | null {
    const { best } = this.#options;
    return best ? { ...result, skipped: 0, ...best } : null;
  }

  /** A person's attempt at a task counts for its rating if it is their first (puzzles.ts). */
  #attempted(dealt: SoloEvent & { type: 'puzzle' }, solved: boolean): void {
    const account = this.#account;
    if (!account) return;
    const { attempts, decks, clock, log } = this.services;
    const difficulty = findTask(decks.classic, dealt.deal)?.difficulty ?? 5;
    attempts
      .count({ accountId: account.id, edition: 'classic', task: dealt.deal, difficulty, solved }, clock.now())
      .catch((e: unknown) => {
        log(`solo room ${this.roomId}: could not count an attempt: ${String(e)}`);
      });
  }

  override onDispose(): void {
    this.#timers.clearAll();
    this.services.inPlay.clear(this.roomId);
  }

  #sendView(): void {
    const state = this.#state;
    const client = this.clients[0];
    if (!state || !client) return;
    const { clock } = this.services;
    this.#send.to(client, 'view', {
      serverNow: clock.now(),
      timeScale: clock.timeScale,
      ...this.#engine.view(state),
    });
  }
}
