import type { BoardMeasures, PuzzleSpec, Result } from '@ubongo/core';
import { checkPlayerBoard, err, ok, puzzleFromSpec, puzzleToSpec } from '@ubongo/core';
import { randomInt } from 'node:crypto';
import { Refused } from '../http/http-common.js';

/** The letters of a share code: lower case and digits without look-alikes (no 0, 1, i, l, o). */
const CODE_LETTERS = '23456789abcdefghjkmnpqrstuvwxyz';

/** A new board's id, which is its share code: eight letters of `CODE_LETTERS` (`BOARD_ID_PATTERN`). */
export function newBoardId(): string {
  return Array.from({ length: 8 }, () => CODE_LETTERS[randomInt(CODE_LETTERS.length)]).join('');
}

/** A board the server proved: its file as written back (the parser's own form), and what it measured. */
export interface JudgedBoard {
  readonly spec: PuzzleSpec;
  readonly measures: Omit<BoardMeasures, 'nodes'>;
}

/**
 * A board as `POST /api/boards` judges it: parsed as `ubongo solve` parses a file (puzzle.ts), then
 * checked and counted by the solver within its budget (core's `checkPlayerBoard`). A refusal is a
 * 422 whose code and values say why and where: `path`, the cell (`x`, `y`) or the piece's index.
 */
export function judgeBoard(file: PuzzleSpec): Result<JudgedBoard, Refused> {
  const parsed = puzzleFromSpec(file);
  if (!parsed.ok) {
    const { code, path, message } = parsed.error;
    return err(new Refused(422, `${path}: ${message}`, {}, { code, params: { path } }));
  }
  const checked = checkPlayerBoard(parsed.value);
  if (!checked.ok) {
    const { code, path, message, cell, piece } = checked.error;
    const params = {
      path,
      ...(cell ? { x: cell[0], y: cell[1] } : {}),
      ...(piece === undefined ? {} : { piece }),
    };
    return err(new Refused(422, path === '(top)' ? message : `${path}: ${message}`, {}, { code, params }));
  }
  const { solutions, difficulty } = checked.value;
  return ok({ spec: puzzleToSpec(parsed.value), measures: { solutions, difficulty } });
}
