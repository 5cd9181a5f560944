import type { SoloDealing, SoloResult } from '../game/solo.js';
import type { TrailMove } from '../game/trail.js';
import type { Puzzle } from '../puzzle.js';
import type { SoloPuzzleTime } from './solo.js';

// The HTTP API's answers about solo runs: the boards, a player's runs, one run, reports.

/** A stored solo result, as `GET /api/records` lists it. */
export interface SoloRecordEntry extends SoloResult {
  readonly player: string;
  readonly seed: number;
  readonly finishedAt: number;
}

/**
 * A solo run on a board or a profile: its result, the run's id (`run`: its replay is
 * `GET /api/runs/:run`) and its account's username beside the display name (`player`).
 */
export interface BoardRunEntry extends SoloRecordEntry {
  readonly run: number;
  readonly username: string | null;
  /**
   * The account's public id (its profile is `GET /api/players/:account`): who "you" are is matched
   * by it, never by the name. Null for a run stored before accounts.
   */
  readonly account: string | null;
  /**
   * Whether a person (a reviewer) looked at its replay and approved it: a result is listed at once,
   * unreviewed, and only an approval makes it reviewed (docs/accounts.md, "Reviewed results").
   */
  readonly reviewed: boolean;
}

/** `GET /api/records`: a page of a board (one entry a player, their best), and the cursor of the next (null at the end). */
export interface RecordsAnswer {
  readonly records: readonly BoardRunEntry[];
  readonly next: string | null;
}

/** `GET /api/players/:id/runs`: a page of a player's runs, newest first, verified or not. */
export interface PlayerRunsAnswer {
  readonly runs: readonly (BoardRunEntry & { readonly verified: boolean; readonly dealing: SoloDealing })[];
  readonly next: string | null;
}

/** `GET /api/runs/:id`: one solo run with each puzzle, and the moves of each solve while they are kept. */
export interface SoloRunAnswer {
  readonly run: BoardRunEntry & { readonly verified: boolean; readonly dealing: SoloDealing };
  /** Each puzzle, with its moves while they are kept, and the task as dealt (`task`, its pieces: what plays the moves back; none for a task no deck has now). */
  readonly puzzles: readonly (SoloPuzzleTime & { readonly trail?: readonly TrailMove[]; readonly task?: Puzzle })[];
  /** Whether the moves were kept (an unverified run's go after a while, docs/operations.md). */
  readonly trails: boolean;
}

/** `POST /api/reports`: a signed-in player reports a board entry (a solo run, or a player on a rating board), or a shared board. */
export interface ReportRequest {
  readonly kind: 'run' | 'player' | 'board';
  readonly target: string;
  readonly reason: string;
}
