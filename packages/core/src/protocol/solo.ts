import type { ProposedPlacement } from '../checker.js';
import type { PieceSet, Side } from '../deck.js';
import type { Signal } from '../game/plausibility.js';
import type { SoloDealing, SoloEvent, SoloMode, SoloResult, SoloView } from '../game/solo.js';
import type { Implausibility, TrailMove } from '../game/trail.js';
import type { Puzzle } from '../puzzle.js';
import type { CourseOutcome, SoloCourse } from './courses.js';
import type { EmptyBody, Rejected, Timed } from './shared.js';

// The solo room: one player, a timed run or a number of puzzles.

/** A player's best so far in a mode, length and side, as a client may send it. */
export interface SoloBest {
  readonly solved: number;
  readonly ms: number;
}

/** Options to create a solo room. */
export interface SoloJoinOptions {
  readonly protocol: number;
  readonly mode: SoloMode;
  readonly limit: 5 | 10 | 20;
  readonly side: Side;
  /** The task's pieces only (the default), or the whole set as in the box. */
  readonly pieceSet?: PieceSet;
  /**
   * A best the player has done so far, if any: the run is a new best if it beats both this and the
   * account's best listed run on the setting (the web client sends none).
   */
  readonly best?: SoloBest;
  /**
   * Shuffled boards (the default, the rulebooks'), or the tasks nearest the player's level
   * (docs/accounts.md): such a run is kept with the account but is never a record.
   */
  readonly dealing?: Extract<SoloDealing, 'shuffled' | 'level'>;
  /**
   * A course to play in place of the run the other options describe (docs/protocol.md, "Courses"):
   * the course sets the run's mode, length, side, pieces and tasks, and the run is stored with the
   * course's kind as its dealing. The server refuses a course the player may not play now.
   */
  readonly course?: SoloCourse;
  /**
   * A recorded run to race (docs/courses.md, "Racing a ghost"): the account's own best of the
   * setting (`own`) or the best listed run of it (`best`). The run deals the ghost's tasks, the
   * ghost's moves come in `ghost`, and the run counts for nothing but the player's own eyes.
   */
  readonly ghost?: GhostKind;
  /**
   * A challenge to race (docs/challenges.md), by its id: its sender's run is the ghost, dealt on the
   * run's own tasks in its order, for the challenge's recipient only while it is open. The setting
   * comes from the challenged run; the run counts for nothing on any board, and its result is the
   * challenge's verdict.
   */
  readonly challenge?: string;
}

/** Whose recorded run a solo run races: the account's own best, or the best listed run of the setting. */
export const GHOST_KINDS = ['own', 'best'] as const;
export type GhostKind = (typeof GHOST_KINDS)[number];

/**
 * The recorded run a solo run races (`ghost`, sent as the run starts): whose, how it went, and each
 * of its puzzles with when it was dealt (`from`, ms after the run's start: the times of the puzzles
 * before it, as the server measured them), the task as dealt and the moves of its solve where kept
 * (their times from the deal, on its player's clock). The ghost's board at a moment of the run is
 * its puzzle dealt last by then, with its trail played to then (core's `trailAt`).
 */
export interface SoloGhost {
  /** Whose run: `challenge` for a challenge's sender's. */
  readonly kind: GhostKind | 'challenge';
  /** The stored run (its page: `GET /api/runs/:id`). */
  readonly run: number;
  readonly player: string;
  readonly username: string | null;
  /** Whether it is the player's own run. */
  readonly own: boolean;
  readonly result: SoloResult;
  readonly puzzles: readonly (SoloPuzzleTime & {
    readonly from: number;
    readonly task: Puzzle;
    readonly trail?: readonly TrailMove[];
  })[];
}

/** A puzzle of a solo run: which, what became of it, and how long from its deal (the server's clock). */
export interface SoloPuzzleTime {
  readonly board: string;
  readonly side: Side;
  readonly key: string;
  readonly outcome: 'solved' | 'skipped' | 'unfinished';
  readonly ms: number;
}

/** What a solo player sends. */
export interface SoloClientMessages {
  readonly start: EmptyBody;
  /** The board covered, with the moves that covered it (a claim without them is kept but not verified). */
  readonly claim: { readonly placements: readonly ProposedPlacement[]; readonly trail?: readonly TrailMove[] };
  readonly skip: EmptyBody;
}

/** The run as it stands. */
export type SoloViewMessage = Timed & SoloView;

/** What a solo room sends. */
export interface SoloServerMessages {
  /** The options the run was created with. */
  readonly solo: SoloJoinOptions;
  readonly view: SoloViewMessage;
  readonly events: { readonly events: readonly SoloEvent[] };
  /**
   * The run is stored. `newBest` when it beats the account's best listed run on the setting and any
   * best the player joined with (a listed run only, with a solve). `verified` is false when a solve
   * came faster than a person can (the server's measure against the human floor, docs/accounts.md):
   * it is kept but never listed. `held` when the run as a whole showed what no person does
   * (docs/accounts.md, "Reviewed results": a trail reused, moves machine-even): it is kept, shown to
   * its owner as under review, and listed only if a reviewer approves it. Any other run is listed at
   * once, unreviewed.
   */
  readonly recorded: {
    readonly result: SoloResult;
    readonly newBest: boolean;
    readonly verified: boolean;
    readonly held: boolean;
    /**
     * Why the run is not verified: each kind of solve that was not a person's (trail.ts's
     * `Implausibility`: faster than the human floor, or without a hand's trail). Empty when verified.
     */
    readonly unverified: readonly Implausibility[];
    /** Why the run is held: what no person does (plausibility.ts's `impossibleOf`, by `Signal`). Empty when not held. */
    readonly signals: readonly Signal[];
    /** Each puzzle of the run, in order, with its time. */
    readonly puzzles: readonly SoloPuzzleTime[];
    /** The stored run's id (its page is `#/run/ID`, `GET /api/runs/:id`). */
    readonly run: number;
    /** A course's run: what it came to (stars, the day's place and streak, Storm's score and highs). */
    readonly course?: CourseOutcome;
  };
  readonly rejected: Rejected;
  /** The recorded run this run races (`ghost` option), as the run starts. */
  readonly ghost: SoloGhost;
}
