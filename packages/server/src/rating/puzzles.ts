import type { Deck, DeckEdition, Side, TaskKey } from '@ubongo/core';
import { difficultyOfTask, levelOfSolver, predictedSeconds, skillOfLevel, solverPrior, taskPrior } from '@ubongo/core';
import { rate, rating } from 'openskill';
import { displayOf } from './ratings.js';
import type { Attempt, RateAttempt } from './store.js';
import type { Stores } from '../storage/stores.js';

/*
 * Ratings for puzzles (docs/accounts.md), as lichess rates its puzzles: each deck task is a player
 * that every person's first attempt at it plays against. Solving it in time (a verified solve) is
 * the person's win; setting it aside or running out of time is the task's. The task's rating and
 * the person's solver rating (apart from their race ratings) move, and only with first attempts:
 * seeing a task again says nothing new about it. A task starts from its
 * static difficulty. Each first attempt's time moves the task's and the solver's beliefs in core's
 * time model too (docs/decks.md, "Difficulty from solve times"), in the same transaction. Practice
 * and solo deal "at my level" by the time model: the tasks the player is predicted to solve in
 * about `LEVEL_TARGET_SECONDS`. The openskill ratings are kept for the puzzle page and the export
 * (docs/accounts.md says why).
 */

/** A task as ratings name it: `edition/board/side/key`. */
export const taskKey = (edition: DeckEdition, task: { board: string; side: Side; key: string }): string =>
  `${edition}/${task.board}/${task.side}/${task.key}`;

/** Where a task's rating starts: even with a new player at difficulty 5, 1.5 mu a point of difficulty. */
export const startOf = (difficulty: number): { mu: number; sigma: number } => ({
  mu: 25 + 1.5 * (difficulty - 5),
  sigma: 25 / 3,
});

/** A task's rating as shown (the players' scale). */
export const puzzleDisplay = (r: { mu: number; sigma: number }): number => displayOf({ mu: r.mu, sigma: 0 });

/** One game of a solver against a task, as lichess's puzzles and players play: both move. */
export const rateAttempt: RateAttempt = (solver, task, solved) => {
  const [[me], [it]] = rate([[rating(solver)], [rating(task)]], { rank: solved ? [1, 2] : [2, 1] });
  return { solver: { mu: me.mu, sigma: me.sigma }, task: { mu: it.mu, sigma: it.sigma } };
};

/** A person's attempt at a task, as rooms report it. */
export interface AttemptReport {
  readonly accountId: string;
  readonly edition: DeckEdition;
  readonly task: { board: string; side: Side; key: string };
  readonly difficulty: number;
  readonly solved: boolean;
  /** Ms from the deal to the verified solve; not solved, the time spent (censored there). */
  readonly ms: number;
}

/** The most attempts one transaction counts. */
const BATCH = 200;
/** The most attempts that wait for a database that does not answer; more are refused, not kept. */
export const MAX_WAITING = 50_000;

/**
 * Counts a process's attempts at tasks, if they are first attempts: the task and the person's
 * solver rating in the edition (a new player's when they have none) play one game, and both move.
 * Attempts are counted in the order they come, one transaction at a time: those that come while
 * one is written wait and go together in the next, so a busy evening writes a few transactions a
 * second rather than five statements for every solve, and two attempts at one task never read the
 * same rating.
 */
export class Attempts {
  #waiting: { attempt: Attempt; done: (counted: boolean) => void; failed: (e: unknown) => void }[] = [];
  /** The writing under way, until nothing waits. */
  #writing: Promise<void> | undefined;

  constructor(private readonly stores: Pick<Stores, 'ratings'>) {}

  /** Counts an attempt; says, once it is stored, whether it counted (it was the person's first). */
  count(report: AttemptReport, now: number): Promise<boolean> {
    const attempt: Attempt = {
      accountId: report.accountId,
      edition: report.edition,
      task: taskKey(report.edition, report.task),
      start: startOf(report.difficulty),
      fresh: rating(),
      solved: report.solved,
      at: now,
      ms: report.ms,
      prior: { task: taskPrior(report.difficulty), solver: solverPrior() },
    };
    return new Promise((done, failed) => {
      if (this.#waiting.length >= MAX_WAITING)
        throw new Error(`${MAX_WAITING} attempts wait for the database already: this one is not counted`);
      this.#waiting.push({ attempt, done, failed });
      this.#kick();
    });
  }

  /** Starts writing what waits, unless a writing is under way (it starts again when done). */
  #kick(): void {
    if (this.#writing || this.#waiting.length === 0) return;
    this.#writing = this.#write().finally(() => {
      this.#writing = undefined;
      this.#kick();
    });
  }

  /** Resolves once every attempt counted so far is stored (or failed). */
  async idle(): Promise<void> {
    while (this.#writing) await this.#writing;
  }

  async #write(): Promise<void> {
    while (this.#waiting.length > 0) {
      const batch = this.#waiting.splice(0, BATCH);
      try {
        const counted = await this.stores.ratings.countAttempts(
          batch.map((w) => w.attempt),
          rateAttempt,
        );
        batch.forEach((w, i) => {
          w.done(counted[i] ?? false);
        });
      } catch (e) {
        for (const w of batch) w.failed(e);
      }
    }
  }
}

/** How many tasks "at my level" deals from: the nearest to the player's level on the side. */
export const LEVEL_POOL = 24;

/**
 * What "at my level" aims at: the time the player is predicted to solve a task in (the median of
 * the time model, docs/accounts.md). The reference solver's median at difficulty 5, 30 s: a task
 * is predicted at this time exactly when its difficulty (learned, or its prior) is the player's
 * level, so a new player (level 5.0) starts at the tasks of difficulty 5.
 */
export const LEVEL_TARGET_SECONDS = predictedSeconds(taskPrior(5).mean, 0);

/**
 * A player's level at puzzles in an edition, on the decks' scale of difficulty: their time-model
 * skill (`levelOfSolver`); a guest's and a new player's, the prior's, 5.0.
 */
export async function levelOf(
  stores: Pick<Stores, 'ratings'>,
  edition: DeckEdition,
  accountId: string | undefined,
): Promise<number> {
  const skill = accountId === undefined ? undefined : await stores.ratings.solverTime(accountId, edition);
  return levelOfSolver(skill?.mean ?? solverPrior().mean);
}

/** A task near a level: where it is, its difficulty as the time model has it, the player's predicted time (s). */
export interface NearTask {
  readonly board: string;
  readonly key: TaskKey;
  readonly difficulty: number;
  readonly seconds: number;
}

/**
 * The `n` tasks of a deck's side whose predicted time for a player at `level` (the decks' scale)
 * is nearest `LEVEL_TARGET_SECONDS`, as a ratio (twice as slow is as far as twice as fast),
 * leaving out the tasks of `skip` (by `taskKey`): each task at its time-model belief (its prior
 * from its static difficulty while no first attempt has moved it). Nearest first; equally near
 * ones by board and key.
 */
export async function nearLevelAt(
  stores: Pick<Stores, 'ratings'>,
  deck: Deck,
  side: Side,
  level: number,
  n: number,
  skip: ReadonlySet<string> = new Set(),
): Promise<NearTask[]> {
  const learned = new Map((await stores.ratings.taskTimes(`${deck.edition}/`)).map((t) => [t.task, t.mean]));
  const skill = skillOfLevel(level);
  const target = Math.log(LEVEL_TARGET_SECONDS);
  return deck.boards
    .flatMap((b) =>
      b.sides[side].tasks.flatMap((t) => {
        const key = taskKey(deck.edition, { board: b.id, side, key: t.key });
        if (skip.has(key)) return [];
        const mean = learned.get(key) ?? taskPrior(t.difficulty).mean;
        const seconds = predictedSeconds(mean, skill);
        return [
          {
            board: b.id,
            key: t.key,
            difficulty: difficultyOfTask(mean),
            seconds,
            far: Math.abs(Math.log(seconds) - target),
          },
        ];
      }),
    )
    .sort((a, b) => a.far - b.far || (a.board < b.board ? -1 : a.board > b.board ? 1 : 0) || (a.key < b.key ? -1 : 1))
    .slice(0, n)
    .map(({ board, key, difficulty, seconds }) => ({ board, key, difficulty, seconds }));
}

/**
 * The `n` tasks of a deck's side nearest a player's level (`levelOf`, `nearLevelAt`). Nearest
 * first; equally near ones by board and key.
 */
export async function nearLevel(
  stores: Pick<Stores, 'ratings'>,
  deck: Deck,
  side: Side,
  accountId: string | undefined,
  n = LEVEL_POOL,
): Promise<NearTask[]> {
  return nearLevelAt(stores, deck, side, await levelOf(stores, deck.edition, accountId), n);
}
