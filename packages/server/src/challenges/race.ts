import type { Deck, DeckEdition, Result, SoloMode, TaskRef } from '@ubongo/core';
import { dailyDateOf, err, findTask, ok } from '@ubongo/core';
import { boardDeck } from '../boards/board-course.js';
import { UNLISTED_REVIEWS } from '../leaderboards.js';
import type { StoredSoloRun } from '../solo/store.js';
import type { Stores } from '../storage/stores.js';

/*
 * A challenge's race (docs/challenges.md): the challenged run's tasks, dealt in its order on the
 * deck that holds them (a shared board's own deck for a board's run), in its mode, length and side.
 * Whatever the run was (a shuffled setting, a campaign level, a day's puzzle, a shared board, a race
 * of another challenge), its stored puzzles say what was dealt, so the race deals exactly those.
 */

/** The run a challenge's race is set up as. */
export interface RacePlan {
  readonly edition: DeckEdition;
  /** The deck the tasks are of: the server's `edition` deck, or a shared board's own. */
  readonly deck: Deck;
  readonly mode: SoloMode;
  readonly limit: number;
  readonly side: StoredSoloRun['side'];
  readonly tasks: readonly TaskRef[];
}

/** Why a run cannot be raced as a challenge. */
export type Unraceable = string;

/**
 * Whether `run` can be sent as a challenge: verified, not held nor rejected, with its puzzles kept,
 * and not Storm's (its clock moves with each solve: no two races of it are the same race).
 */
export function raceableRun(run: StoredSoloRun): Result<StoredSoloRun, Unraceable> {
  if (!run.verified) return err('this run was not verified: it cannot be a challenge');
  if ((UNLISTED_REVIEWS as readonly string[]).includes(run.review ?? 'none'))
    return err('this run is under review or rejected: it cannot be a challenge');
  if (run.dealing === 'storm') return err('a Storm run cannot be a challenge: its clock moves with each solve');
  if (!run.puzzles || run.puzzles.length === 0) return err('this run kept no puzzles: it cannot be a challenge');
  return ok(run);
}

/** The race of `run`: its tasks on the deck that holds them, or why it cannot be raced (a deck changed, a board gone). */
export async function planRace(
  run: StoredSoloRun,
  decks: Readonly<Record<DeckEdition, Deck>>,
  stores: Pick<Stores, 'boards'>,
): Promise<Result<RacePlan, Unraceable>> {
  const raceable = raceableRun(run);
  if (!raceable.ok) return raceable;
  const tasks = (run.puzzles ?? []).map(({ board, side, key }) => ({ board, side, key }));
  const [first] = tasks;
  if (!first) return err('this run kept no puzzles: it cannot be a challenge');
  let deck = Object.values(decks).find((d) => findTask(d, first));
  if (!deck) {
    // A shared board's run: its task's board is the board's id.
    const board = await stores.boards.board(first.board);
    if (board && board.hiddenAt === null) deck = boardDeck(board);
  }
  const held = deck;
  if (!held || !tasks.every((t) => findTask(held, t)))
    return err('the tasks of this run are no longer dealt: it cannot be raced');
  // The run's own setting: a race ends early if it runs out of the run's tasks (a skip deals the next).
  const { mode, limit, side } = run;
  return ok({ edition: held.edition, deck: held, mode, limit, side, tasks });
}

/**
 * Whether `accountId` may race `run` today: a run of today's daily puzzle shows its solution, so it
 * is raced only once the account's counted attempt of the day is over (as a ghost of the daily is).
 */
export async function dailyAllows(
  run: StoredSoloRun,
  accountId: string,
  today: number,
  stores: Pick<Stores, 'daily'>,
): Promise<Result<true, Unraceable>> {
  const day = dailyDateOf(today);
  if (run.dealing !== 'daily' || dailyDateOf(run.finishedAt) !== day) return ok(true);
  const attempt = await stores.daily.dailyAttempt(accountId, day);
  return attempt && attempt.ms !== null
    ? ok(true)
    : err('this is today’s daily puzzle: play your counted attempt first, then race the challenge');
}
