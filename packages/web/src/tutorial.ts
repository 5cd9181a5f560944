import type { Puzzle as PuzzleTask } from '@ubongo/core';

/*
 * The first-play tutorial's board and what the browser remembers of it. The board is drawn by the
 * same `Puzzle` as a game's; nothing is sent to the server.
 */

/**
 * A small board of the classic set, three pieces laid in the tray so that each step needs its
 * gesture: A (I4) fits as it lies, B (I3) only after one quarter turn, C (L4) only turned over.
 * Its only solution (Tutorial.test.tsx proves it with the engine):
 *
 *     A A A A
 *     B B B C
 *     . C C C
 */
export const TUTORIAL_TASK: PuzzleTask = {
  grid: 'square',
  region: [
    [0, 0],
    [1, 0],
    [2, 0],
    [3, 0],
    [0, 1],
    [1, 1],
    [2, 1],
    [3, 1],
    [1, 2],
    [2, 2],
    [3, 2],
  ],
  pieces: [
    {
      id: 'I4',
      cells: [
        [0, 0],
        [1, 0],
        [2, 0],
        [3, 0],
      ],
    },
    {
      id: 'I3',
      cells: [
        [0, 0],
        [0, 1],
        [0, 2],
      ],
    },
    {
      id: 'L4',
      cells: [
        [0, 0],
        [0, 1],
        [1, 1],
        [2, 1],
      ],
    },
  ],
};

/** The tutorial's steps, in order: each teaches one gesture; the last ends with the board covered. */
export const TUTORIAL_STEPS = ['drag', 'turn', 'flip'] as const;
export type TutorialStep = (typeof TUTORIAL_STEPS)[number];

const KEY = 'ubongo.tutorial';

/** What the player did with the tutorial: started it, skipped it (or declined the offer), or finished it. */
export type TutorialAnswer = 'started' | 'skipped' | 'done';

/**
 * Whether to offer the tutorial: never answered on this browser. Where nothing can be stored, never:
 * it would come back on every visit.
 */
export function tutorialOffered(): boolean {
  try {
    return localStorage.getItem(KEY) === null;
  } catch {
    return false;
  }
}

/** Remembers the player's answer; finishing is never overwritten by a later start or skip. */
export function rememberTutorial(answer: TutorialAnswer): void {
  try {
    if (answer !== 'done' && localStorage.getItem(KEY) === 'done') return;
    localStorage.setItem(KEY, answer);
  } catch {
    // not remembered
  }
}
