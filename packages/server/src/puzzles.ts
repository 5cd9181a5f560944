import type { Deck, DeckEdition, Side, TaskKey } from '@ubongo/core';
import { rate, rating } from 'openskill';
import { displayOf } from './ratings.js';
import type { PuzzleRating, Storage } from './storage.js';

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

/**
 * Counts a person's attempt at a task, if it is their first: the task and the person's solver
 * rating in the edition (a new player's when they have none) play one game, as lichess's puzzles
 * and players do, and both move. Says whether it counted.
 */
export async function attempted(
  storage: Storage,
  attempt: {
    readonly accountId: string;
    readonly edition: DeckEdition;
    readonly task: { board: string; side: Side; key: string };
    readonly difficulty: number;
    readonly solved: boolean;
  },
  now: number,
): Promise<boolean> {
  const key = taskKey(attempt.edition, attempt.task);
  if (!(await storage.firstAttempt(attempt.accountId, key, now))) return false;
  const before = (await storage.puzzleRating(key)) ?? {
    task: key,
    ...startOf(attempt.difficulty),
    attempts: 0,
    updatedAt: now,
  };
  const solver = await storage.solverRating(attempt.accountId, attempt.edition);
  const person = solver ? rating({ mu: solver.mu, sigma: solver.sigma }) : rating();
  const [[me], [it]] = rate([[person], [rating({ mu: before.mu, sigma: before.sigma })]], {
    rank: attempt.solved ? [1, 2] : [2, 1],
  });
  const next: PuzzleRating = { task: key, mu: it.mu, sigma: it.sigma, attempts: before.attempts + 1, updatedAt: now };
  await storage.savePuzzleRating(next);
  await storage.saveSolverRating({
    accountId: attempt.accountId,
    edition: attempt.edition,
    mu: me.mu,
    sigma: me.sigma,
    attempts: (solver?.attempts ?? 0) + 1,
    updatedAt: now,
  });
  return true;
}

/** How many tasks "at my level" deals from: the nearest to the player's level on the side. */
export const LEVEL_POOL = 24;

/**
 * The `n` tasks of a deck's side nearest a player's level: each task at its learned rating (its
 * difficulty's start while it has none), the player at their solver rating (a new player's: 25,
 * even with a difficulty-5 task). Nearest first; equally near ones by board and key.
 */
export async function nearLevel(
  storage: Storage,
  deck: Deck,
  side: Side,
  accountId: string | undefined,
  n = LEVEL_POOL,
): Promise<{ board: string; key: TaskKey; mu: number }[]> {
  const level = accountId === undefined ? undefined : await storage.solverRating(accountId, deck.edition);
  const mu = level?.mu ?? rating().mu;
  const learned = new Map((await storage.puzzleRatings(`${deck.edition}/`)).map((r) => [r.task, r.mu]));
  return deck.boards
    .flatMap((b) =>
      b.sides[side].tasks.map((t) => ({
        board: b.id,
        key: t.key,
        mu: learned.get(taskKey(deck.edition, { board: b.id, side, key: t.key })) ?? startOf(t.difficulty).mu,
      })),
    )
    .sort(
      (a, b) =>
        Math.abs(a.mu - mu) - Math.abs(b.mu - mu) ||
        (a.board < b.board ? -1 : a.board > b.board ? 1 : 0) ||
        (a.key < b.key ? -1 : 1),
    )
    .slice(0, n);
}
