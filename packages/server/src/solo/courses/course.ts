import type {
  CourseOutcome,
  Deck,
  DeckEdition,
  PieceSet,
  Result,
  Side,
  SoloClock,
  SoloCourse,
  SoloMode,
  SoloResult,
  TaskRef,
} from '@ubongo/core';
import type { RoomServices } from '../../services.js';
import type { Account } from '../../accounts/store.js';
import type { SoloPuzzle } from '../store.js';

/*
 * What a course is (courses.ts has them all, and says how the solo room uses them): its own
 * module, so that each course and the list of them import it without a circle.
 */

/** A course's run as the server sets it up: its deck, its setting and its tasks in order. */
export interface CoursePlan {
  readonly edition: DeckEdition;
  readonly mode: SoloMode;
  /** Minutes (timed) or the number of tasks (count). */
  readonly limit: number;
  /** The side the run is kept under (each task has its own). */
  readonly side: Side;
  readonly pieceSet: PieceSet;
  readonly tasks: readonly TaskRef[];
  /** A clock that moves (Storm's). */
  readonly clock?: SoloClock;
  /** The seed the run is kept with, when the course chose its tasks by it (Storm's); the room's own otherwise. */
  readonly seed?: number;
  /** The deck the tasks are of, when it is the course's own (a shared board's); the server's `edition` deck otherwise. */
  readonly deck?: Deck;
  /** The run counts for no rating (its tasks are no deck's: a shared board's). */
  readonly unrated?: boolean;
}

/** Who plays a course's run: the account (a run without one is never counted for anything). */
export interface CoursePlayer {
  readonly account: Account | undefined;
}

/** A course's run once stored, as its course sees it. */
export interface StoredCourseRun {
  /** The stored run's id. */
  readonly id: number;
  readonly result: SoloResult;
  readonly puzzles: readonly SoloPuzzle[];
  /** Every solve came as a person's (the human floor, the trail). */
  readonly verified: boolean;
  /** Held for review by the run model: it counts for nothing until an operator releases it. */
  readonly held: boolean;
  /** When it finished, on the server's clock. */
  readonly finishedAt: number;
}

/** One kind of course. `C`: its join option. */
export interface Course<C extends SoloCourse> {
  /** The run `player` is dealt for `course` now, or why they may not play it (said to them as is). */
  plan(course: C, player: CoursePlayer, services: RoomServices): Promise<Result<CoursePlan, string>>;
  /** The run has started (its first task dealt), at `at` on the server's clock. */
  started?(course: C, plan: CoursePlan, player: CoursePlayer, at: number, services: RoomServices): Promise<void>;
  /** The player left the run before it ended (at `at` on the server's clock): it will never be stored. */
  left?(course: C, plan: CoursePlan, player: CoursePlayer, at: number, services: RoomServices): Promise<void>;
  /** The run is stored: what it came to, for the player. */
  recorded?(
    course: C,
    plan: CoursePlan,
    player: CoursePlayer,
    run: StoredCourseRun,
    services: RoomServices,
  ): Promise<CourseOutcome | undefined>;
}
