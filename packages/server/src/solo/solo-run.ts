import type { Deck, SoloBest, SoloDealing, SoloEvent, SoloResult, SoloServerMessages, TaskRef } from '@ubongo/core';
import { compareSoloResults, isNewBest } from '@ubongo/core';
import type { GameClock } from '../clock.js';
import type { Limits } from '../net/limits.js';
import type { RoomServices } from '../services.js';
import type { StoredCourseRun } from './courses.js';
import { isJudged, isListed } from '../leaderboards.js';
import { HISTORY_RUNS, judgeWhole, pastSolves, runSolves, signalsOf } from './reviews.js';
import { soloSetting } from './solo-bests.js';
import type { Claimed } from './solves.js';
import { Solves } from './solves.js';
import type { SoloPuzzle, SoloRecord } from './store.js';
import type { Stores } from '../storage/stores.js';

/** What a solo run needs from the server around it (stores narrowed to what it calls). */
export type SoloRunServices = Pick<RoomServices, 'attempts' | 'inPlay' | 'log'> & {
  readonly clock: Pick<GameClock, 'now'>;
  readonly stores: Pick<Stores, 'accounts' | 'soloRuns'>;
  /** How many runs' trails an account keeps (trail-sweep.ts), held to as each run is stored. */
  readonly limits: Pick<Limits, 'trailDays' | 'trailsPerAccount'>;
};

/** The one player of a run, as its solves name it. */
const PLAYER = 'solo';

/**
 * What follows an accepted step of a solo run, apart from the socket and the timer (the room's):
 * each puzzle kept with what became of it and its time on the server's clock; each solve judged
 * and each attempt counted (solves.ts); the finished run judged as a whole (core's judgeRun, with
 * the account's past runs) and stored, verified or not, held for review or not, and whether it is
 * a new best. Only the server's measures count, so records are earned.
 */
export class SoloRun {
  readonly #solves: Solves;
  /** The puzzles of the run so far, kept with its result. */
  readonly #puzzles: SoloPuzzle[] = [];
  /** The task on the board, and whether it is neither solved nor set aside yet. */
  #dealt: TaskRef | undefined;
  #open = false;
  /**
   * The run's attempts with their times from the deal, counted for the tasks' and the player's
   * ratings and time-model beliefs once the run is judged as a whole (`record`, or `close` for a run never finished): a held run counts none.
   */
  #attempts: { task: TaskRef; solved: boolean; ms: number }[] = [];
  #settled = false;

  constructor(
    private readonly services: SoloRunServices,
    private readonly deck: Deck,
    private readonly room: string,
    /** The account playing (none: nothing is flagged, counted or in play). */
    private readonly account: string | undefined,
    private readonly options: {
      readonly best?: SoloBest | undefined;
      readonly dealing?: SoloDealing | undefined;
      /** Raced against a ghost (ghosts.ts): its solves are no one's first attempts, and count for no rating. */
      readonly raced?: boolean | undefined;
    },
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
        const ms = this.#keep(dealt, event.type === 'skipped' ? 'skipped' : 'unfinished');
        this.#attempts.push({ task: dealt, solved: false, ms });
      }
      if (event.type === 'solved' && dealt) {
        this.#open = false;
        const plausible = solves.solved(PLAYER, claim);
        const ms = this.#keep(dealt, 'solved', claim?.trail);
        if (plausible) this.#attempts.push({ task: dealt, solved: true, ms });
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
   * deal on the server's clock (an event's own `at` counts from the run's start). Returns that time.
   */
  #keep({ board, side, key }: TaskRef, outcome: SoloPuzzle['outcome'], trail?: SoloPuzzle['trail']): number {
    const ms = this.#solves.since(PLAYER);
    this.#puzzles.push({ board, side, key, outcome, ms, ...(trail ? { trail } : {}) });
    return ms;
  }

  /**
   * Stores the finished run, kept with its account and puzzles; a run that could be listed is
   * judged as a whole first (docs/accounts.md, "Held results"), and held if the model finds it
   * implausible. What the player is told of it: held or not; a new best only for a listed run
   * (solo-bests.ts) that beats the bar. Returns that, and the run as stored (for its course, if
   * it has one). Throws if it was not stored.
   */
  async record(
    result: SoloResult,
    player: string,
    seed: number,
  ): Promise<{ message: SoloServerMessages['recorded']; stored: StoredCourseRun }> {
    const { stores, clock, log } = this.services;
    // Read before this run is stored, so that it is not its own bar nor its own history. A failed
    // read leaves the bar the best the browser sent and the run judged without a history: it must
    // not keep the run from being stored.
    const past = await this.#pastRuns().catch((e: unknown) => {
      log(`solo room ${this.room}: could not read the account's runs: ${String(e)}`);
      return null;
    });
    const bar = await this.#bestSoFar(result).catch((e: unknown) => {
      log(`solo room ${this.room}: could not read the account's bests: ${String(e)}`);
      return this.#sentBest(result);
    });
    const { verified } = this;
    const dealing = this.options.dealing ?? 'shuffled';
    // Held only for what no person does; what the timing model notices is a flag for a reviewer,
    // and the run is listed at once, unreviewed (docs/accounts.md, "Reviewed results").
    const verdict =
      verified && isJudged({ dealing })
        ? judgeWhole(runSolves(this.deck, this.#puzzles), pastSolves(this.deck, past ?? []))
        : judgeWhole([]);
    const review = verdict.hold.length > 0 ? 'held' : 'none';
    const { reasons } = verdict;
    this.#settle(verdict.plausible);
    if (reasons.length > 0)
      log(`solo room ${this.room}: run ${review === 'held' ? 'held' : 'flagged'} for review: ${reasons.join('; ')}`);
    const finishedAt = clock.now();
    const id = await stores.soloRuns.saveSolo({
      ...result,
      accountId: this.account ?? null,
      verified,
      player,
      seed,
      finishedAt,
      puzzles: this.#puzzles,
      dealing,
      review,
      reasons,
    });
    if (this.account !== undefined) this.#keepBudget(this.account);
    const puzzles = this.#puzzles.map(({ board, side, key, outcome, ms }) => ({ board, side, key, outcome, ms }));
    const listed = isListed({ verified, dealing, review });
    const held = review === 'held';
    const message = {
      result,
      newBest: isNewBest(result, bar) && listed,
      verified,
      held,
      unverified: this.#solves.whyImplausible(PLAYER),
      signals: signalsOf(verdict.hold),
      puzzles,
      run: id,
    };
    return { message, stored: { id, result, puzzles: this.#puzzles, verified, held, finishedAt } };
  }

  /**
   * The room closes: a run that never finished (its player left) is judged on its solves so far,
   * without a history, and its attempts counted if it is plausible. Nothing for a recorded run.
   */
  close(): void {
    if (this.#settled) return;
    this.#settle(judgeWhole(runSolves(this.deck, this.#puzzles)).plausible);
  }

  /** Counts the run's attempts (once), if the run as a whole is plausible. */
  #settle(plausible: boolean): void {
    if (this.#settled) return;
    this.#settled = true;
    if (plausible && !this.options.raced)
      for (const { task, solved, ms } of this.#attempts) this.#solves.attempted(PLAYER, task, solved, ms);
    this.#attempts = [];
  }

  /** The account's latest stored runs, newest first (none without an account): its history, for judging. */
  async #pastRuns(): Promise<SoloRecord[]> {
    return this.account === undefined
      ? []
      : this.services.stores.soloRuns.soloResultsOf(this.account, { top: HISTORY_RUNS });
  }

  /**
   * The best to beat on this run's setting: the account's best listed run (what the server stored,
   * on any device) or the best the browser sent, whichever is better.
   */
  async #bestSoFar(result: SoloResult): Promise<SoloResult | null> {
    const sent = this.#sentBest(result);
    if (this.account === undefined) return sent;
    const setting = soloSetting(result);
    const mine = (await this.services.stores.soloRuns.soloSummary(this.account)).best.find(
      (r) => soloSetting(r) === setting,
    );
    return mine && (!sent || compareSoloResults(mine, sent) > 0) ? mine : sent;
  }

  /**
   * The account's trails held to its budget now that it has one run more (the sweep does the same
   * for every account, trail-sweep.ts), in the background: a failure is logged, the run is stored.
   */
  #keepBudget(accountId: string): void {
    const { stores, limits, log, clock } = this.services;
    stores.soloRuns
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
