import type { Deck, SoloEvent, SoloJoinOptions, SoloResult, SoloServerMessages, TaskRef } from '@ubongo/core';
import { compareSoloResults, isNewBest } from '@ubongo/core';
import type { GameClock } from './clock.js';
import type { Limits } from './limits.js';
import type { RoomServices } from './services.js';
import { isListed } from './leaderboards.js';
import { soloSetting } from './solo-bests.js';
import type { Claimed } from './solves.js';
import { Solves } from './solves.js';
import type { SoloPuzzle, Storage } from './storage.js';

/** What a solo run needs from the server around it (storage narrowed to what it calls). */
export type SoloRunServices = Pick<RoomServices, 'attempts' | 'inPlay' | 'log'> & {
  readonly clock: Pick<GameClock, 'now'>;
  readonly storage: Pick<Storage, 'flagAccount' | 'saveSolo' | 'soloSummary' | 'pruneTrails'>;
  /** How many runs' trails an account keeps (trail-sweep.ts), held to as each run is stored. */
  readonly limits: Pick<Limits, 'trailDays' | 'trailsPerAccount'>;
};

/** The one player of a run, as its solves name it. */
const PLAYER = 'solo';

/**
 * What follows an accepted step of a solo run, apart from the socket and the timer (the room's):
 * each puzzle kept with what became of it and its time on the server's clock; each solve judged
 * and each attempt counted (solves.ts); the finished run stored, verified or not, and whether it
 * is a new best. Only the server's measures count, so records are earned.
 */
export class SoloRun {
  readonly #solves: Solves;
  /** The puzzles of the run so far, kept with its result. */
  readonly #puzzles: SoloPuzzle[] = [];
  /** The task on the board, and whether it is neither solved nor set aside yet. */
  #dealt: TaskRef | undefined;
  #open = false;

  constructor(
    private readonly services: SoloRunServices,
    deck: Deck,
    private readonly room: string,
    /** The account playing (none: nothing is flagged, counted or in play). */
    private readonly account: string | undefined,
    private readonly options: Pick<SoloJoinOptions, 'best' | 'dealing'>,
  ) {
    this.#solves = new Solves(services, deck, room, { log: `solo room ${room}`, flag: '' }, () => ({
      person: true,
      account,
    }));
  }

  /** Whether every solve so far came as a person's could. */
  get verified(): boolean {
    return this.#solves.implausible.size === 0;
  }

  /** The engine's events of a step; `claim`: the claim applied, whose trail a solve is judged by. */
  step(events: readonly SoloEvent[], claim?: Claimed): void {
    const solves = this.#solves;
    for (const event of events) {
      const dealt = this.#dealt;
      // A task set aside, or on the board when the time ran out, is the task's win (its first attempt only).
      if ((event.type === 'skipped' || event.type === 'finished') && dealt && this.#open) {
        this.#open = false;
        solves.attempted(PLAYER, dealt, false);
        this.#keep(dealt, event.type === 'skipped' ? 'skipped' : 'unfinished');
      }
      if (event.type === 'solved' && dealt) {
        this.#open = false;
        const plausible = solves.solved(PLAYER, claim);
        this.#keep(dealt, 'solved', claim?.trail);
        if (plausible) solves.attempted(PLAYER, dealt, true);
      }
      if (event.type === 'puzzle') {
        this.#dealt = event.deal;
        this.#open = true;
        solves.deal([{ ...event.deal, player: PLAYER }]);
      }
      if (event.type === 'finished') solves.close();
    }
  }

  /**
   * Keeps the puzzle on the board as the run's next, with what became of it and its time from the
   * deal on the server's clock (an event's own `at` counts from the run's start).
   */
  #keep({ board, side, key }: TaskRef, outcome: SoloPuzzle['outcome'], trail?: SoloPuzzle['trail']): void {
    const ms = this.#solves.since(PLAYER);
    this.#puzzles.push({ board, side, key, outcome, ms, ...(trail ? { trail } : {}) });
  }

  /**
   * Stores the finished run, kept with its account and puzzles; what the player is told of it: a
   * new best only for a listed run (solo-bests.ts) that beats the bar. Throws if it was not stored.
   */
  async record(result: SoloResult, player: string, seed: number): Promise<SoloServerMessages['recorded']> {
    const { storage, clock, log } = this.services;
    // Read before this run is stored, so that it is not its own bar. A failed read leaves the bar the
    // best the browser sent: it must not keep the run from being stored.
    const bar = await this.#bestSoFar(result).catch((e: unknown) => {
      log(`solo room ${this.room}: could not read the account's runs: ${String(e)}`);
      return this.#sentBest(result);
    });
    const { verified } = this;
    const dealing = this.options.dealing ?? 'shuffled';
    await storage.saveSolo({
      ...result,
      accountId: this.account ?? null,
      verified,
      player,
      seed,
      finishedAt: clock.now(),
      puzzles: this.#puzzles,
      dealing,
    });
    if (this.account !== undefined) this.#keepBudget(this.account);
    const puzzles = this.#puzzles.map(({ board, side, key, outcome, ms }) => ({ board, side, key, outcome, ms }));
    return { result, newBest: isNewBest(result, bar) && isListed({ verified, dealing }), verified, puzzles };
  }

  /**
   * The best to beat on this run's setting: the account's best listed run (what the server stored,
   * on any device) or the best the browser sent, whichever is better.
   */
  async #bestSoFar(result: SoloResult): Promise<SoloResult | null> {
    const sent = this.#sentBest(result);
    if (this.account === undefined) return sent;
    const setting = soloSetting(result);
    const mine = (await this.services.storage.soloSummary(this.account)).best.find((r) => soloSetting(r) === setting);
    return mine && (!sent || compareSoloResults(mine, sent) > 0) ? mine : sent;
  }

  /**
   * The account's trails held to its budget now that it has one run more (the sweep does the same
   * for every account, trail-sweep.ts), in the background: a failure is logged, the run is stored.
   */
  #keepBudget(accountId: string): void {
    const { storage, limits, log, clock } = this.services;
    storage
      .pruneTrails({
        // Runs are stored at the server's clock's time: their age is told on it too.
        unverifiedBefore: clock.now() - limits.trailDays * 86_400_000,
        keepPerAccount: limits.trailsPerAccount,
        accountId,
      })
      .catch((e: unknown) => {
        log(`solo room ${this.room}: could not hold the account's trails to its budget: ${String(e)}`);
      });
  }

  /** The best the browser sent, as a result on this run's setting (none if it sent none). */
  #sentBest(result: SoloResult): SoloResult | null {
    const { best } = this.options;
    return best ? { ...result, skipped: 0, ...best } : null;
  }
}
