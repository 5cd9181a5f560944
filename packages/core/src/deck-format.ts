import type { Deck, DeckBoard, DeckSide, DeckTask, Side, TaskKey } from './deck.js';
import { DECK_EDITIONS, SIDES } from './deck.js';
import type { Cell } from './grid.js';
import { GRID_NAMES } from './grid.js';
import type { Result } from './result.js';
import { err, ok } from './result.js';
import type { Placement } from './solver.js';

/** Why a deck file could not be read, and where (`boards[3].sides.easy.tasks[2].pieces`). */
export interface DeckFormatError {
  /** Always `deck/format`: the file does not have the shape of a deck. */
  readonly code: 'deck/format';
  /** Where. */
  readonly path: string;
  /** A sentence for people. */
  readonly message: string;
}

class FormatError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
  }
}

function object(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new FormatError(path, 'expected an object');
  return value as Record<string, unknown>;
}

function list(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new FormatError(path, 'expected a list');
  return value;
}

function string(value: unknown, path: string): string {
  if (typeof value !== 'string') throw new FormatError(path, 'expected a string');
  return value;
}

function number(value: unknown, path: string, integer = false): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isSafeInteger(value))) {
    throw new FormatError(path, integer ? 'expected an integer' : 'expected a number');
  }
  return value;
}

function cells(value: unknown, path: string): Cell[] {
  return list(value, path).map((c, i) => {
    const pair = list(c, `${path}[${i}]`);
    if (pair.length !== 2) throw new FormatError(`${path}[${i}]`, 'expected a cell [x, y]');
    return [number(pair[0], `${path}[${i}][0]`, true), number(pair[1], `${path}[${i}][1]`, true)] as const;
  });
}

function task(value: unknown, path: string): DeckTask {
  const t = object(value, path);
  return {
    key: string(t['key'], `${path}.key`) as TaskKey,
    pieces: list(t['pieces'], `${path}.pieces`).map((p, i) => string(p, `${path}.pieces[${i}]`)),
    difficulty: number(t['difficulty'], `${path}.difficulty`),
    solutions: number(t['solutions'], `${path}.solutions`, true),
    solution: list(t['solution'], `${path}.solution`).map((p, i): Placement => {
      const placement = object(p, `${path}.solution[${i}]`);
      return {
        piece: string(placement['piece'], `${path}.solution[${i}].piece`),
        cells: cells(placement['cells'], `${path}.solution[${i}].cells`),
      };
    }),
  };
}

function side(value: unknown, path: string): DeckSide {
  const s = object(value, path);
  return {
    region: cells(s['region'], `${path}.region`),
    tasks: list(s['tasks'], `${path}.tasks`).map((t, i) => task(t, `${path}.tasks[${i}]`)),
  };
}

/** Reads the text of a deck file into a `Deck` (its shape only; `verifyDeck` checks its content). */
export function parseDeck(text: string): Result<Deck, DeckFormatError> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return err({
      code: 'deck/format',
      path: '(top)',
      message: `not valid JSON: ${e instanceof Error ? e.message : String(e)}`,
    });
  }
  return deckFromValue(value);
}

/** Reads a parsed JSON value into a `Deck` (its shape only). */
export function deckFromValue(value: unknown): Result<Deck, DeckFormatError> {
  try {
    const d = object(value, '(top)');
    const edition = string(d['edition'], 'edition');
    if (!DECK_EDITIONS.includes(edition as Deck['edition']))
      throw new FormatError('edition', 'expected "classic" or "extreme"');
    const grid = string(d['grid'], 'grid');
    if (!GRID_NAMES.includes(grid as Deck['grid'])) throw new FormatError('grid', 'expected "square" or "hex"');
    const pieces = object(d['pieces'], 'pieces');
    const boards = list(d['boards'], 'boards').map((b, i): DeckBoard => {
      const board = object(b, `boards[${i}]`);
      const sides = object(board['sides'], `boards[${i}].sides`);
      return {
        id: string(board['id'], `boards[${i}].id`),
        sides: Object.fromEntries(SIDES.map((s) => [s, side(sides[s], `boards[${i}].sides.${s}`)])) as Record<
          Side,
          DeckSide
        >,
      };
    });
    return ok({
      edition: edition as Deck['edition'],
      grid: grid as Deck['grid'],
      seed: number(d['seed'], 'seed', true),
      pieces: Object.fromEntries(Object.entries(pieces).map(([id, c]) => [id, cells(c, `pieces.${id}`)])),
      boards,
    });
  } catch (e) {
    if (e instanceof FormatError) return err({ code: 'deck/format', path: e.path, message: e.message });
    throw e;
  }
}

const cellList = (cs: readonly Cell[]): string => `[${cs.map(([x, y]) => `[${x},${y}]`).join(',')}]`;

/** The text of a deck file: stable, one task per line, so that a regenerated deck diffs cleanly. */
export function makeDeck(deck: Deck): string {
  const lines: string[] = ['{'];
  lines.push(`  "edition": ${JSON.stringify(deck.edition)},`);
  lines.push(`  "grid": ${JSON.stringify(deck.grid)},`);
  lines.push(`  "seed": ${deck.seed},`);
  const pieces = Object.entries(deck.pieces).map(([id, cs]) => `    ${JSON.stringify(id)}: ${cellList(cs)}`);
  lines.push(`  "pieces": {\n${pieces.join(',\n')}\n  },`);
  const boards = deck.boards.map((board) => {
    const sides = SIDES.map((s) => {
      const { region, tasks } = board.sides[s];
      const taskLines = tasks.map((t) => {
        const solution = t.solution.map((p) => `{"piece":${JSON.stringify(p.piece)},"cells":${cellList(p.cells)}}`);
        const fields = [
          `"key":${JSON.stringify(t.key)}`,
          `"pieces":${JSON.stringify(t.pieces)}`,
          `"difficulty":${t.difficulty}`,
          `"solutions":${t.solutions}`,
          `"solution":[${solution.join(',')}]`,
        ];
        return `            {${fields.join(',')}}`;
      });
      const body = [
        `          "region": ${cellList(region)},`,
        `          "tasks": [\n${taskLines.join(',\n')}\n          ]`,
      ];
      return `        ${JSON.stringify(s)}: {\n${body.join('\n')}\n        }`;
    });
    return `    {\n      "id": ${JSON.stringify(board.id)},\n      "sides": {\n${sides.join(',\n')}\n      }\n    }`;
  });
  lines.push(`  "boards": [\n${boards.join(',\n')}\n  ]`);
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
