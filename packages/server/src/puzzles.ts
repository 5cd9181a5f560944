import type { Deck, DeckEdition, Side, TaskKey } from '@ubongo/core';
import { rate, rating } from 'openskill';
import { displayOf } from './ratings.js';
import type { Attempt, RateAttempt, Storage } from './storage.js';

/*
 * Ratings for puzzles (docs/accounts.md), as lichess rates its puzzles: each deck task is a player
 * that every person's first attempt at it plays against. Solving it in time (a verified solve) is
 * the person's win; setting it aside or running out of time is the task's. The task's rating and
 * the person's solver rating (their level at puzzles, apart from their race ratings) move, and only
 * with first attempts: seeing a task again says nothing new about it. A task starts from its
 * static difficulty. Practice and solo deal "at my level" from the tasks nearest a player's level.
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

  constructor(private readonly storage: Storage) {}

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
        const counted = await this.storage.countAttempts(
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

/** A player's level at puzzles in an edition, as a mu: their solver rating's (a new player's, 25, when they have none). */
export async function levelOf(storage: Storage, edition: DeckEdition, accountId: string | undefined): Promise<number> {
  const level = accountId === undefined ? undefined : await storage.solverRating(accountId, edition);
  return level?.mu ?? rating().mu;
}

/** A mu as a difficulty, the scale the decks print: the inverse of `startOf`. */
export const difficultyOf = (mu: number): number => 5 + (mu - 25) / 1.5;

/**
 * The `n` tasks of a deck's side nearest a level `mu`, leaving out the tasks of `skip` (by
 * `taskKey`): each task at its learned rating (its difficulty's start while it has none). Nearest
 * first; equally near ones by board and key.
 */
export async function nearMu(
  storage: Storage,
  deck: Deck,
  side: Side,
  mu: number,
  n: number,
  skip: ReadonlySet<string> = new Set(),
): Promise<{ board: string; key: TaskKey; mu: number }[]> {
  const learned = new Map((await storage.puzzleRatings(`${deck.edition}/`)).map((r) => [r.task, r.mu]));
  return deck.boards
    .flatMap((b) =>
      b.sides[side].tasks.flatMap((t) => {
        const key = taskKey(deck.edition, { board: b.id, side, key: t.key });
        return skip.has(key) ? [] : [{ board: b.id, key: t.key, mu: learned.get(key) ?? startOf(t.difficulty).mu }];
      }),
    )
    .sort(
      (a, b) =>
        Math.abs(a.mu - mu) - Math.abs(b.mu - mu) ||
        (a.board < b.board ? -1 : a.board > b.board ? 1 : 0) ||
        (a.key < b.key ? -1 : 1),
    )
    .slice(0, n);
}

/**
 * The `n` tasks of a deck's side nearest a player's level: the player at their solver rating (a
 * new player's: 25, even with a difficulty-5 task). Nearest first; equally near ones by board and key.
 */
export async function nearLevel(
  storage: Storage,
  deck: Deck,
  side: Side,
  accountId: string | undefined,
  n = LEVEL_POOL,
): Promise<{ board: string; key: TaskKey; mu: number }[]> {
  return nearMu(storage, deck, side, await levelOf(storage, deck.edition, accountId), n);
}
