import { boardShapeProblems } from './board-shape.js';
import { canonicalKey, sameCells } from './cells.js';
import { checkSolution } from './checker.js';
import type { Deck, DeckSide, Side } from './deck.js';
import { boardId, DECK_RULES, SIDES, taskPuzzle } from './deck.js';
import { difficultyOf, measureTask } from './difficulty.js';
import { deckPieces } from './generate.js';
import { gridOf } from './grid.js';
import type { Puzzle } from './puzzle.js';

/** One thing wrong with a deck: where (`C07 hard`, `C07 hard task 3`) and what. */
export interface DeckProblem {
  /** The board, side and task concerned, or `deck`. */
  readonly where: string;
  /** A sentence for people. */
  readonly message: string;
}

/** What verifying a deck found: its problems (none when it is sound) and how much was checked. */
export interface DeckReport {
  /** Every problem found. */
  readonly problems: readonly DeckProblem[];
  /** Board sides checked. */
  readonly sides: number;
  /** Tasks re-solved. */
  readonly tasks: number;
}

function verifySide(deck: Deck, side: DeckSide, which: Side, where: string, problems: DeckProblem[]): number {
  const rules = DECK_RULES[deck.edition];
  const { pieces: k, minArea, maxArea } = rules.sides[which];
  const add = (at: string, message: string): void => {
    problems.push({ where: at, message });
  };
  const n = side.region.length;
  if (n < minArea || n > maxArea) add(where, `the region has ${n} cells, not ${minArea} to ${maxArea}`);
  for (const p of boardShapeProblems(deck.grid, side.region, rules)) add(where, `the region ${p}`);
  const keys = side.tasks.map((t) => t.key);
  if (keys.join() !== rules.keys.join())
    add(where, `the tasks are ${keys.join(', ')}; expected ${rules.keys.join(', ')}`);
  const sets = new Set(side.tasks.map((t) => [...t.pieces].sort().join('+')));
  if (sets.size !== side.tasks.length) add(where, 'two tasks use the same set of pieces');

  for (const task of side.tasks) {
    const at = `${where} task ${task.key}`;
    if (task.pieces.length !== k) add(at, `has ${task.pieces.length} pieces, not ${k}`);
    if (new Set(task.pieces).size !== task.pieces.length) add(at, 'uses a piece twice');
    const unknown = task.pieces.filter((id) => deck.pieces[id] === undefined);
    if (unknown.length > 0) {
      add(at, `uses pieces that are not in the set: ${unknown.join(', ')}`);
      continue;
    }
    if (deck.edition === 'extreme' && !task.pieces.every((id) => id.startsWith(`${task.key}-`))) {
      add(at, `uses pieces of another colour: ${task.pieces.join(', ')}`);
    }
    const puzzle: Puzzle = taskPuzzle(deck, side, task);
    const check = checkSolution(puzzle, task.solution);
    if (!check.ok) add(at, `the shipped solution is wrong: ${check.error.map((e) => e.message).join('; ')}`);
    const measures = measureTask(puzzle);
    if (measures.solutions === 0) add(at, 'has no solution');
    if (measures.solutions !== task.solutions)
      add(at, `has ${measures.solutions} solutions, the deck says ${task.solutions}`);
    const difficulty = difficultyOf(measures);
    if (difficulty !== task.difficulty) add(at, `has difficulty ${difficulty}, the deck says ${task.difficulty}`);
  }
  return side.tasks.length;
}

/**
 * Checks everything a deck promises: its piece set, its boards and their ids, every region's
 * shape and area, every task's pieces, every shipped solution (with the independent checker),
 * every solution count and difficulty (re-solved), and that no two sides have the same shape up
 * to rotation and reflection.
 */
export function verifyDeck(deck: Deck): DeckReport {
  const problems: DeckProblem[] = [];
  const rules = DECK_RULES[deck.edition];
  if (deck.grid !== rules.grid) problems.push({ where: 'deck', message: `grid ${deck.grid}, expected ${rules.grid}` });
  const expected = deckPieces(deck.edition);
  const ids = Object.keys(deck.pieces);
  if (ids.join() !== Object.keys(expected).join()) {
    problems.push({
      where: 'deck',
      message: `the piece set is ${ids.join(', ')}; expected ${Object.keys(expected).join(', ')}`,
    });
  }
  for (const [id, cells] of Object.entries(expected)) {
    const shipped = deck.pieces[id];
    if (shipped && !sameCells(shipped, cells))
      problems.push({ where: 'deck', message: `piece ${id} has other cells than the set` });
  }
  if (deck.boards.length !== rules.boards) {
    problems.push({ where: 'deck', message: `${deck.boards.length} boards, expected ${rules.boards}` });
  }
  const shapes = new Map<string, string>();
  let sides = 0;
  let tasks = 0;
  for (const [b, board] of deck.boards.entries()) {
    if (board.id !== boardId(deck.edition, b)) {
      problems.push({
        where: board.id,
        message: `board ${b + 1} is called ${board.id}, expected ${boardId(deck.edition, b)}`,
      });
    }
    for (const which of SIDES) {
      const where = `${board.id} ${which}`;
      const side = board.sides[which];
      sides++;
      tasks += verifySide(deck, side, which, where, problems);
      const key = canonicalKey(gridOf(deck.grid), side.region, 'free');
      const twin = shapes.get(key);
      if (twin !== undefined) problems.push({ where, message: `has the same shape as ${twin}` });
      else shapes.set(key, where);
    }
  }
  return { problems, sides, tasks };
}
