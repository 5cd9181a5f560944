import type { Deck, SoloCourse } from '@ubongo/core';
import { DIE_FACES, err, knownPiece, ok, puzzleFromSpec, solveFirst } from '@ubongo/core';
import type { Course } from '../solo/courses/course.js';
import type { PlayerBoard } from './store.js';

/*
 * A shared board played (docs/boards.md): a solo run of one task, the board, as a campaign level is
 * one; its deck is the board's own, made here (one board, both sides the white area, one task of
 * its pieces with a solution for hints). The run is timed, judged, stored and reviewed as every
 * solo run is (its dealing `board`: on no solo board); a solved, verified run's time goes on the
 * board's own times board, which lists it while its review allows (boards/store.ts). It counts for
 * no puzzle rating (the board is no deck's task).
 */

type BoardCourse = Extract<SoloCourse, { kind: 'board' }>;

/** The deck of one shared board: its white area on both sides, its pieces as one task, a solution. */
export function boardDeck(board: Pick<PlayerBoard, 'id' | 'grid' | 'spec' | 'solutions' | 'difficulty'>): Deck {
  const puzzle = puzzleFromSpec(board.spec);
  // A stored board was judged as it was saved and read back through the parser.
  if (!puzzle.ok) throw new Error(`board ${board.id}: ${puzzle.error.message}`);
  const { solution } = solveFirst(puzzle.value);
  if (!solution) throw new Error(`board ${board.id}: no solution`);
  const ids = puzzle.value.pieces.map((p) => p.id);
  const side = {
    region: puzzle.value.region,
    tasks: [
      {
        key: board.grid === 'square' ? DIE_FACES[0] : ('red' as const),
        pieces: ids,
        difficulty: board.difficulty,
        solutions: board.solutions,
        solution,
      },
    ],
  };
  return {
    edition: board.grid === 'square' ? 'classic' : 'extreme',
    grid: board.grid,
    seed: 0,
    pieces: Object.fromEntries(ids.map((id) => [id, knownPiece(id)?.cells ?? []])),
    boards: [{ id: board.id, sides: { easy: side, hard: side } }],
  };
}

/** A shared board's course: plan its one task on its own deck; a solved, verified run's time on its board. */
export const boardCourse: Course<BoardCourse> = {
  async plan(course, _player, services) {
    const board = await services.stores.boards.board(course.id);
    if (!board || board.hiddenAt !== null) return err(`there is no board ${course.id}`);
    const deck = boardDeck(board);
    const key = deck.boards[0]?.sides.easy.tasks[0]?.key ?? DIE_FACES[0];
    return ok({
      edition: deck.edition,
      mode: 'count',
      limit: 1,
      side: 'easy',
      pieceSet: 'task',
      tasks: [{ board: board.id, side: 'easy', key }],
      deck,
      unrated: true,
    });
  },

  async recorded(course, _plan, player, run, services) {
    const puzzle = run.puzzles[0];
    if (player.account && run.verified && puzzle?.outcome === 'solved')
      await services.stores.boards.saveBoardTime({
        board: course.id,
        accountId: player.account.id,
        run: run.id,
        ms: puzzle.ms,
        at: run.finishedAt,
      });
    return undefined;
  },
};
