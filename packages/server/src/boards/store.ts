import type { GridName, PuzzleSpec } from '@ubongo/core';

/** A board a player made and the server proved (docs/boards.md), as stored. */
export interface PlayerBoard {
  /** Its id, which is its share code too (`BOARD_ID_PATTERN`). */
  readonly id: string;
  /** The account that made it. */
  readonly accountId: string;
  /** Its name, checked as names are (accounts/names.ts). */
  readonly name: string;
  readonly grid: GridName;
  /** The board in the puzzle file format (docs/puzzle-format.md), as the server wrote it back. */
  readonly spec: PuzzleSpec;
  readonly solutions: number;
  readonly difficulty: number;
  readonly createdAt: number;
  /** When an operator hid it (null: shown). A hidden board is served to no one, its times neither. */
  readonly hiddenAt: number | null;
}

/** A solved, verified run of a board, kept for its times board. */
export interface BoardTime {
  readonly board: string;
  readonly accountId: string;
  /** The stored solo run (`SoloRuns`): its review decides whether the time is listed. */
  readonly run: number;
  readonly ms: number;
  readonly at: number;
}

/** A line of a board's times board: an account's fastest listed run. */
export interface BoardTimeEntry {
  readonly accountId: string;
  readonly name: string;
  readonly username: string | null;
  readonly run: number;
  readonly ms: number;
  /** Whether a reviewer approved its run (leaderboards.ts's `isReviewed`). */
  readonly reviewed: boolean;
}

/** Boards players made (migration 030, `player_boards`) and their times (`board_times`). */
export interface PlayerBoards {
  /** Keeps a new board; false (nothing kept) when its id is taken. */
  saveBoard(board: Omit<PlayerBoard, 'hiddenAt'>): Promise<boolean>;
  /** A board by its id, hidden or not (the routes decide what a hidden one shows). */
  board(id: string): Promise<PlayerBoard | undefined>;
  /** How many boards `accountId` made at or after `since` (the daily limit). */
  boardsMadeSince(accountId: string, since: number): Promise<number>;
  /** Every board, newest first, at most `top` (what an operator lists). */
  boardList(top: number): Promise<PlayerBoard[]>;
  /** Hides a board as of `at` (or shows it again: null); false when there is no such board. */
  hideBoard(id: string, at: number | null): Promise<boolean>;
  /** Keeps a solved, verified run's time on its board. */
  saveBoardTime(time: BoardTime): Promise<void>;
  /**
   * The board's times board, fastest first (then the earlier): each account's fastest run whose
   * review is not held or rejected, by claimed accounts not banned (as every public board), at most `top`.
   */
  boardTimes(board: string, top: number): Promise<BoardTimeEntry[]>;
}
