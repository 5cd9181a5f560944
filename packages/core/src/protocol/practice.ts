import type { ProposedPlacement } from '../checker.js';
import type { DeckEdition, Side } from '../deck.js';
import type { GridName } from '../grid.js';
import type { Puzzle } from '../puzzle.js';
import type { Placement } from '../solver.js';
import type { EmptyBody, Rejected } from './shared.js';

// The practice room: any task of either deck, untimed, with hints; and what it offers (`GET /api/decks`).

/** Options to create a practice room. */
export interface PracticeJoinOptions {
  readonly protocol: number;
  /** The task to go on with (a practice coming back after its connection dropped); the first of the deck otherwise. */
  readonly task?: PracticeTaskRef;
  /**
   * Practice the boards a stored run of the player's missed (docs/courses.md, "Learn from the
   * misses"): its Storm, daily or campaign run, by id. The server reads which boards from the run.
   */
  readonly misses?: { readonly run: number };
}

/** Which task to practise. */
export interface PracticeTaskRef {
  readonly edition: DeckEdition;
  readonly board: string;
  readonly side: Side;
  readonly key: string;
}

/** What a player sends to practice. */
export interface PracticeClientMessages {
  readonly task: PracticeTaskRef;
  /** A task of a side near the player's level (docs/accounts.md), answered like `task`. */
  readonly level: { readonly edition: DeckEdition; readonly side: Side };
  readonly claim: { readonly placements: readonly ProposedPlacement[] };
  /** One more piece of a solution. */
  readonly hint: EmptyBody;
  readonly solution: EmptyBody;
  /** In a practice of the misses: deal the missed board at `index` (of `misses.tasks`). */
  readonly missed: { readonly index: number };
}

/** The task being practised, as a checked puzzle. */
export interface PracticeMessage extends PracticeTaskRef {
  readonly difficulty: number;
  readonly task: Puzzle;
}

/** What a practice room sends. */
export interface PracticeServerMessages {
  readonly practice: PracticeMessage;
  /** The player's level in an edition this session (docs/accounts.md), on the decks' scale of difficulty: on joining, and as it moves. */
  readonly level: { readonly edition: DeckEdition; readonly level: number };
  readonly hint: { readonly placements: readonly Placement[]; readonly of: number };
  readonly solution: { readonly placements: readonly Placement[] };
  readonly checked: { readonly solved: true };
  readonly rejected: Rejected;
  /** In a practice of the misses: the boards missed, in the run's order, and the one dealt now (sent before its `practice`). */
  readonly misses: PracticeMisses;
}

/** The boards a stored run missed, as a practice of them goes through them (untimed, unscored). */
export interface PracticeMisses {
  /** The stored run (`#/run/ID`). */
  readonly run: number;
  /** What the run was. */
  readonly course: MissesCourse;
  readonly tasks: readonly PracticeTaskRef[];
  /** The board dealt now (`tasks[at]`). */
  readonly at: number;
}

/** The runs whose misses may be practised. */
export const MISSES_COURSES = ['storm', 'daily', 'campaign', 'archive'] as const;
export type MissesCourse = (typeof MISSES_COURSES)[number];

/** `GET /api/decks`: what practice offers, without solutions. */
export interface DeckIndex {
  readonly decks: readonly {
    readonly edition: DeckEdition;
    readonly grid: GridName;
    readonly boards: readonly {
      readonly id: string;
      readonly sides: Readonly<
        Record<Side, { readonly tasks: readonly { readonly key: string; readonly difficulty: number }[] }>
      >;
    }[];
  }[];
}

/**
 * `GET /api/me/costly` (docs/courses.md, "What costs you most"): the boards and the pieces that cost
 * the signed-in account most time in its recent solo runs, costliest first, each with a task of it
 * to practise. A puzzle's cost: for a solve, the time over what the time model predicts for this
 * player at that task; for a miss, its time and at least that prediction.
 */
export interface CostlyAnswer {
  /** How many runs were read (the newest, up to a limit). */
  readonly runs: number;
  readonly boards: readonly CostlyEntry[];
  readonly pieces: readonly (CostlyEntry & { readonly piece: string })[];
}

/** A board side (or a piece) that cost time: how often it came, how often missed, the time lost, a task to practise. */
export interface CostlyEntry {
  readonly edition: DeckEdition;
  readonly board: string;
  readonly side: Side;
  readonly played: number;
  readonly missed: number;
  readonly lostMs: number;
  /** The task of it that cost most: practice opens at it. */
  readonly task: PracticeTaskRef;
}
