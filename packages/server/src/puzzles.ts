import type { DeckEdition, Side } from '@ubongo/core';
import { rate, rating } from 'openskill';
import { displayOf } from './ratings.js';
import type { PlayerRating, PuzzleRating, Storage } from './storage.js';

/*
 * Ratings for puzzles (docs/accounts.md), as lichess rates its puzzles: each deck task is a player
 * that every person's first attempt at it plays against. Solving it in time (a verified solve) is
 * the person's win; setting it aside or running out of time is the task's. Only the task's rating
 * moves (people's ratings move in rated races), and only with first attempts: seeing a task again
 * says nothing new about it. A task starts from its static difficulty.
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
 * Counts a person's attempt at a task, if it is their first: the task's rating moves against the
 * person's rating in the edition (a new player's when they have none). Says whether it counted.
 */
export async function attempted(
  storage: Storage,
  attempt: {
    readonly accountId: string;
    readonly edition: DeckEdition;
    readonly task: { board: string; side: Side; key: string };
    readonly difficulty: number;
    readonly solved: boolean;
    readonly player: PlayerRating | undefined;
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
  const person = attempt.player ? rating({ mu: attempt.player.mu, sigma: attempt.player.sigma }) : rating();
  const [, [after]] = rate([[person], [rating({ mu: before.mu, sigma: before.sigma })]], {
    rank: attempt.solved ? [1, 2] : [2, 1],
  });
  const next: PuzzleRating = {
    task: key,
    mu: after.mu,
    sigma: after.sigma,
    attempts: before.attempts + 1,
    updatedAt: now,
  };
  await storage.savePuzzleRating(next);
  return true;
}
