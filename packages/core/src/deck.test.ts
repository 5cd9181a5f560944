import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Deck, DeckEdition } from './deck.js';
import { DECK_EDITIONS } from './deck.js';
import { makeDeck, parseDeck } from './deck-format.js';
import type { Mutable } from './draft.js';
import { draft } from './draft.js';
import { shippedDeck } from './decks.js';
import { EXTREME_COLOURS, EXTREME_PIECES } from './extreme.js';
import { generateDeck, SHIPPED_DECK_SEED } from './generate.js';
import { canonicalKey, holes, isConnected } from './cells.js';
import { HEX } from './grid.js';
import { printScale, renderBoardSheet, renderPieceSheets, renderSide } from './svg.js';
import { verifyDeck } from './verify-deck.js';

const fileText = (edition: DeckEdition): string =>
  readFileSync(new URL(`./decks/${edition}.json`, import.meta.url), 'utf8');

/** A deep copy to break on purpose. */
const copy = (deck: Deck): Mutable<Deck> => draft(deck);

function at<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('missing fixture');
  return value;
}

describe('the Extreme piece set', () => {
  it('has 13 pieces per colour of 4 to 6 hexagons; 1-8 alike in all colours, 9-13 each colour its own', () => {
    expect(EXTREME_PIECES).toHaveLength(52);
    const key = (cells: Parameters<typeof canonicalKey>[1]): string => canonicalKey(HEX, cells, 'free');
    for (const colour of EXTREME_COLOURS) {
      const own = EXTREME_PIECES.filter((p) => p.id.startsWith(`${colour}-`));
      expect(own.map((p) => p.id)).toEqual(Array.from({ length: 13 }, (_, i) => `${colour}-${i + 1}`));
      expect(own.map((p) => p.cells.length)).toEqual([4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 6, 6, 6]);
      expect(new Set(own.map((p) => key(p.cells))).size).toBe(13);
      for (const p of own) {
        expect(isConnected(HEX, p.cells)).toBe(true);
        expect(holes(HEX, p.cells)).toEqual([]);
      }
    }
    for (let n = 1; n <= 13; n++) {
      const shapes = new Set(
        EXTREME_COLOURS.map((c) => key(EXTREME_PIECES.find((p) => p.id === `${c}-${n}`)?.cells ?? [])),
      );
      expect(shapes.size).toBe(n <= 8 ? 1 : 4);
    }
    const ownShapes = EXTREME_PIECES.filter((p) => Number(p.id.split('-')[1]) > 8).map((p) => key(p.cells));
    expect(new Set(ownShapes).size).toBe(20);
  });
});

describe.each(DECK_EDITIONS)('the shipped %s deck', (edition) => {
  const deck = shippedDeck(edition);

  it('passes every check of verifyDeck', () => {
    const report = verifyDeck(deck);
    expect(report.problems).toEqual([]);
    expect(report.tasks).toBe(432);
  });

  it('is what the generator makes from the recorded seed, byte for byte', () => {
    expect(deck.seed).toBe(SHIPPED_DECK_SEED);
    expect(makeDeck(generateDeck(edition, deck.seed))).toBe(fileText(edition));
  });

  it('round-trips through parseDeck and makeDeck', () => {
    const parsed = parseDeck(fileText(edition));
    expect(parsed.ok && makeDeck(parsed.value)).toBe(fileText(edition));
  });

  it('draws every side as SVG: one polygon per region cell and per piece cell', () => {
    const board = deck.boards[0];
    if (!board) throw new Error('no board');
    const { svg } = renderSide(deck, board, 'hard');
    const side = board.sides.hard;
    const cells =
      side.region.length +
      side.tasks.reduce((n, t) => n + t.pieces.reduce((m, id) => m + (deck.pieces[id]?.length ?? 0), 0), 0);
    expect(svg.match(/<polygon /g)?.length).toBe(cells + (edition === 'extreme' ? side.tasks.length : 0));
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    const sheet = renderBoardSheet(deck, board, printScale(deck));
    expect(sheet).toContain('viewBox="0 0 210 297"');
    expect(sheet.match(/<svg /g)?.length).toBe(3);
  });

  it('prints one set of pieces to cut out, every cell of every piece', () => {
    const sheets = renderPieceSheets(deck, printScale(deck));
    const cells = Object.values(deck.pieces).reduce((n, c) => n + c.length, 0);
    expect(sheets.join('').match(/<polygon /g)?.length).toBe(cells);
    for (const id of Object.keys(deck.pieces)) expect(sheets.join('')).toContain(`>${id}</text>`);
  });
});

describe('verifyDeck finds what is wrong', () => {
  const deck = shippedDeck('classic');
  const problemsOf = (broken: Deck): string[] => verifyDeck(broken).problems.map((p) => `${p.where}: ${p.message}`);

  it('a wrong shipped solution', () => {
    const broken = copy(deck);
    const task = at(broken.boards[2]?.sides.easy.tasks[1]);
    task.solution = task.solution.slice(1);
    expect(problemsOf(broken)).toEqual([
      expect.stringMatching(
        /^C03 easy task \d: the shipped solution is wrong: piece \w+ is not used; cells not covered/,
      ),
    ]);
  });

  it('a wrong solution count and difficulty', () => {
    const broken = copy(deck);
    const task = at(broken.boards[0]?.sides.hard.tasks[0]);
    task.solutions += 1;
    task.difficulty += 1;
    expect(problemsOf(broken)).toEqual([
      expect.stringMatching(/^C01 hard task 1: has \d+ solutions, the deck says \d+$/),
      expect.stringMatching(/^C01 hard task 1: has difficulty [\d.]+, the deck says [\d.]+$/),
    ]);
  });

  it('two sides of the same shape, a missing board, a board out of order', () => {
    const broken = copy(deck);
    broken.boards[5] = { ...at(broken.boards[0]), id: 'C06' };
    broken.boards.pop();
    const problems = problemsOf(broken);
    expect(problems).toContain('C06 easy: has the same shape as C01 easy');
    expect(problems).toContain('deck: 35 boards, expected 36');
  });

  it('a region with a hole, and tasks that no longer fit it', () => {
    const broken = copy(deck);
    const side = at(broken.boards[0]?.sides.easy);
    side.region = [...side.region, [20, 20]];
    const problems = problemsOf(broken);
    expect(problems).toContain('C01 easy: the region is not connected');
    expect(problems.some((p) => /^C01 easy task 1: has no solution$/.test(p))).toBe(true);
  });

  it('a task with pieces of another colour (Extreme)', () => {
    const broken = copy(shippedDeck('extreme'));
    const task = at(broken.boards[0]?.sides.easy.tasks[0]);
    task.pieces = task.pieces.map((id) => id.replace('red-', 'blue-'));
    expect(problemsOf(broken)).toContain(`E01 easy task red: uses pieces of another colour: ${task.pieces.join(', ')}`);
  });
});

describe('parseDeck', () => {
  it.each([
    ['nope', '(top)'],
    ['{"edition": "chess"}', 'edition'],
    ['{"edition": "classic", "grid": "square", "seed": 1, "pieces": {}, "boards": [{"id": "C01"}]}', 'boards[0].sides'],
    [
      '{"edition": "classic", "grid": "square", "seed": 1, "pieces": {}, "boards": [{"id": "C01", "sides": {"easy": {"region": [[0, "a"]], "tasks": []}}}]}',
      'boards[0].sides.easy.region[0][1]',
    ],
  ])('refuses %s at %s', (text, path) => {
    const r = parseDeck(text);
    expect(!r.ok && r.error.path).toBe(path);
  });
});
