import { boardShapeProblems } from './board-shape.js';
import { canonicalKey, normalize } from './cells.js';
import type { Deck, DeckBoard, DeckEdition, DeckRules, DeckSide, DeckTask, Side } from './deck.js';
import { boardId, DECK_RULES, SIDES } from './deck.js';
import { difficultyOf, measureTask } from './difficulty.js';
import { EXTREME_COLOURS, EXTREME_PIECES, extremeColourPieceIds } from './extreme.js';
import type { Cell, GridName } from './grid.js';
import { gridOf } from './grid.js';
import type { PieceShape } from './pieces.js';
import { CLASSIC_PIECES, knownPiece } from './pieces.js';
import type { Puzzle } from './puzzle.js';
import type { Rng } from './random.js';
import { createRng, pick, randomInt, shuffle } from './random.js';
import { layPieces } from './sample.js';
import type { Placement } from './solver.js';
import { solveFirst } from './solver.js';

/** The seed the shipped decks were generated with. */
export const SHIPPED_DECK_SEED = 2026;

/** Called after each board side is made, with how many are done of how many. */
export type GenerateProgress = (done: number, total: number) => void;

/** Every `k`-element subset of `items`, in lexicographic order of positions. */
function subsets<T>(items: readonly T[], k: number): T[][] {
  const out: T[][] = [];
  const chosen: T[] = [];
  const visit = (from: number): void => {
    if (chosen.length === k) {
      out.push([...chosen]);
      return;
    }
    for (let i = from; i <= items.length - (k - chosen.length); i++) {
      chosen.push(items[i] as T);
      visit(i + 1);
      chosen.pop();
    }
  };
  visit(0);
  return out;
}

const area = (ids: readonly string[]): number => ids.reduce((sum, id) => sum + (knownPiece(id)?.cells.length ?? 0), 0);

interface Candidate {
  readonly pieces: readonly string[];
  readonly solution: readonly Placement[];
  readonly difficulty: number;
  readonly solutions: number;
}

function candidate(grid: GridName, region: readonly Cell[], ids: readonly string[]): Candidate | undefined {
  const puzzle: Puzzle = {
    grid,
    region,
    pieces: ids.map((id) => ({ id, cells: normalize(knownPiece(id)?.cells ?? []) })),
  };
  const { solution } = solveFirst(puzzle);
  if (!solution) return undefined;
  const measures = measureTask(puzzle);
  return { pieces: ids, solution, difficulty: difficultyOf(measures), solutions: measures.solutions };
}

/** The `count` candidates whose difficulties lie closest together (ties broken by the generator). */
function closestGroup(rng: Rng, candidates: readonly Candidate[], count: number): Candidate[] {
  const sorted = [...candidates].sort((a, b) => a.difficulty - b.difficulty);
  let bestSpread = Infinity;
  let starts: number[] = [];
  for (let i = 0; i + count <= sorted.length; i++) {
    const spread = (sorted[i + count - 1] as Candidate).difficulty - (sorted[i] as Candidate).difficulty;
    if (spread < bestSpread - 1e-9) {
      bestSpread = spread;
      starts = [i];
    } else if (Math.abs(spread - bestSpread) <= 1e-9) starts.push(i);
  }
  const start = pick(rng, starts);
  return sorted.slice(start, start + count);
}

/** A new region grown from the chosen pieces, unless it breaks the deck's rules or repeats a side. */
function newRegion(
  rng: Rng,
  rules: DeckRules,
  side: Side,
  chosen: readonly string[],
  seen: ReadonlySet<string>,
): { region: Cell[]; key: string } | undefined {
  const { minArea, maxArea } = rules.sides[side];
  const a = area(chosen);
  if (a < minArea || a > maxArea) return undefined;
  const pieces = chosen.map((id) => knownPiece(id) as PieceShape);
  const region = layPieces(rules.grid, pieces, rng, { attempts: 8 + randomInt(rng, 16), compact: true });
  if (!region || boardShapeProblems(rules.grid, region, rules).length > 0) return undefined;
  const key = canonicalKey(gridOf(rules.grid), region, 'free');
  return seen.has(key) ? undefined : { region, key };
}

interface SideRequest {
  readonly edition: DeckEdition;
  readonly side: Side;
  readonly seen: Set<string>;
}

/** One classic side: a region and six tasks (one per die face), six different piece sets. */
function classicSide(rng: Rng, { side, seen }: SideRequest): DeckSide {
  const rules = DECK_RULES.classic;
  const k = rules.sides[side].pieces;
  const ids = CLASSIC_PIECES.map((p) => p.id);
  const sets = subsets(ids, k);
  for (;;) {
    const fresh = newRegion(rng, rules, side, shuffle(rng, ids).slice(0, k), seen);
    if (!fresh) continue;
    const { region, key } = fresh;
    const candidates = sets
      .filter((set) => area(set) === region.length)
      .map((set) => candidate('square', region, set))
      .filter((c) => c !== undefined);
    if (candidates.length < rules.keys.length) continue;
    seen.add(key);
    const group = shuffle(rng, closestGroup(rng, candidates, rules.keys.length));
    return { region, tasks: group.map((c, i) => task(rules.keys[i] ?? '1', c)) };
  }
}

const OWN_PIECES = new Set(EXTREME_COLOURS.flatMap((c) => extremeColourPieceIds(c).slice(8)));

/** One Extreme side: a region and one task per colour, each with at least one piece of that colour's own. */
function extremeSide(rng: Rng, { side, seen }: SideRequest): DeckSide {
  const rules = DECK_RULES.extreme;
  const k = rules.sides[side].pieces;
  const setsByColour = EXTREME_COLOURS.map((colour) =>
    subsets(extremeColourPieceIds(colour), k).filter((set) => set.some((id) => OWN_PIECES.has(id))),
  );
  for (;;) {
    const base = randomInt(rng, EXTREME_COLOURS.length);
    const chosen = shuffle(rng, extremeColourPieceIds(EXTREME_COLOURS[base] ?? 'red')).slice(0, k);
    const fresh = newRegion(rng, rules, side, chosen, seen);
    if (!fresh) continue;
    const { region, key } = fresh;
    // For each colour, up to a few sets that cover the region; give up on the region at the first colour with none.
    const perColour: Candidate[][] = [];
    for (const sets of setsByColour) {
      const found: Candidate[] = [];
      for (const set of shuffle(
        rng,
        sets.filter((s) => area(s) === region.length),
      )) {
        const c = candidate('hex', region, set);
        if (c) found.push(c);
        if (found.length >= 6) break;
      }
      if (found.length === 0) break;
      perColour.push(found);
    }
    if (perColour.length < EXTREME_COLOURS.length) continue;
    seen.add(key);
    // One task per colour, as close in difficulty as the candidates allow.
    let best: Candidate[] = [];
    let bestSpread = Infinity;
    for (const target of perColour.flat().map((c) => c.difficulty)) {
      const group = perColour.map((found) =>
        found.reduce((x, y) => (Math.abs(y.difficulty - target) < Math.abs(x.difficulty - target) ? y : x)),
      );
      const ds = group.map((c) => c.difficulty);
      const spread = Math.max(...ds) - Math.min(...ds);
      if (spread < bestSpread) {
        best = group;
        bestSpread = spread;
      }
    }
    return { region, tasks: best.map((c, i) => task(EXTREME_COLOURS[i] ?? 'red', c)) };
  }
}

function task(key: DeckTask['key'], c: Candidate): DeckTask {
  return { key, pieces: c.pieces, difficulty: c.difficulty, solutions: c.solutions, solution: c.solution };
}

/** The piece set of an edition, as a deck lists it. */
export function deckPieces(edition: DeckEdition): Record<string, readonly Cell[]> {
  const set = edition === 'classic' ? CLASSIC_PIECES : EXTREME_PIECES;
  return Object.fromEntries(set.map((p) => [p.id, p.cells]));
}

/**
 * Generates a whole deck from a seed: the same seed gives the same deck, byte for byte once
 * written by makeDeck. Every task is solved by the engine; sides of one deck have different shapes.
 */
export function generateDeck(edition: DeckEdition, seed: number, onProgress?: GenerateProgress): Deck {
  const rules = DECK_RULES[edition];
  const rng = createRng(seed);
  const seen = new Set<string>();
  const total = rules.boards * SIDES.length;
  const boards: DeckBoard[] = [];
  for (let b = 0; b < rules.boards; b++) {
    const sides = {} as Record<Side, DeckSide>;
    for (const side of SIDES) {
      const request = { edition, side, seen };
      sides[side] = edition === 'classic' ? classicSide(rng, request) : extremeSide(rng, request);
      onProgress?.(boards.length * SIDES.length + (side === 'easy' ? 1 : 2), total);
    }
    boards.push({ id: boardId(edition, b), sides });
  }
  return { edition, grid: rules.grid, seed, pieces: deckPieces(edition), boards };
}
