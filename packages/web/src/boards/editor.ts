import type { Cell, GridName, PuzzleError, PuzzleSpec } from '@ubongo/core';
import { CLASSIC_PIECES, EXTREME_PIECES, puzzleFromSpec, puzzleToSpec } from '@ubongo/core';

/*
 * The board editor's state as a value (docs/boards.md): the grid, the white cells, the pieces
 * chosen from the grid's deck set, and the server's refusal of the last save to point at. One
 * `reduce`, no DOM. Whether a board is fair is the server's to say (POST /api/boards): the editor
 * only draws, and reads and writes the puzzle file format with core's own parser and writer.
 */

/** How many cells the drawing area has each way. */
export const EDITOR_SIZE = 8;

/** The most pieces the picker adds (the server takes 2 to 8). */
export const EDITOR_PIECES = 8;

/** What the server refused, to show on the board: a cell or a piece. */
export interface Refusal {
  readonly code: string;
  readonly message: string;
  readonly cell?: Cell;
  readonly piece?: number;
}

export interface EditorState {
  readonly grid: GridName;
  /** The white cells, as `x,y` keys, in the order drawn. */
  readonly cells: readonly string[];
  /** Piece ids of the grid's set, in the order chosen. */
  readonly pieces: readonly string[];
  readonly name: string;
  readonly refusal: Refusal | null;
}

export type EditorAction =
  | { readonly type: 'grid'; readonly grid: GridName }
  | { readonly type: 'paint'; readonly cell: Cell; readonly white: boolean }
  | { readonly type: 'add'; readonly piece: string }
  | { readonly type: 'remove'; readonly index: number }
  | { readonly type: 'name'; readonly name: string }
  | { readonly type: 'clear' }
  | { readonly type: 'refused'; readonly refusal: Refusal | null }
  | { readonly type: 'load'; readonly state: EditorState };

export const emptyEditor = (grid: GridName = 'square'): EditorState => ({
  grid,
  cells: [],
  pieces: [],
  name: '',
  refusal: null,
});

const key = ([x, y]: Cell): string => `${x},${y}`;
const cellOf = (k: string): Cell => {
  const [x = 0, y = 0] = k.split(',').map(Number);
  return [x, y];
};

/** The cells the drawing area offers: a square of them, or on hexagons rows shifted to look square. */
export function editorCells(grid: GridName): Cell[] {
  const out: Cell[] = [];
  for (let y = 0; y < EDITOR_SIZE; y++)
    for (let i = 0; i < EDITOR_SIZE; i++) out.push(grid === 'square' ? [i, y] : [i - Math.floor(y / 2), y]);
  return out;
}

/** The piece set of a grid: the classic polyominoes, or the Extreme polyhexes. */
export function pieceSet(grid: GridName): readonly { readonly id: string; readonly cells: readonly Cell[] }[] {
  return grid === 'square' ? CLASSIC_PIECES : EXTREME_PIECES;
}

export function reduce(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'grid':
      return action.grid === state.grid ? state : emptyEditor(action.grid);
    case 'paint': {
      const k = key(action.cell);
      if (!editorCells(state.grid).some((c) => key(c) === k)) return state;
      const has = state.cells.includes(k);
      if (has === action.white) return state;
      const cells = action.white ? [...state.cells, k] : state.cells.filter((c) => c !== k);
      return { ...state, cells, refusal: null };
    }
    case 'add':
      if (state.pieces.length >= EDITOR_PIECES || !pieceSet(state.grid).some((p) => p.id === action.piece))
        return state;
      return { ...state, pieces: [...state.pieces, action.piece], refusal: null };
    case 'remove':
      return { ...state, pieces: state.pieces.filter((_, i) => i !== action.index), refusal: null };
    case 'name':
      return { ...state, name: action.name };
    case 'clear':
      return emptyEditor(state.grid);
    case 'refused':
      return { ...state, refusal: action.refusal };
    case 'load':
      return action.state;
  }
}

/** The white cells as cells. */
export const whiteCells = (state: EditorState): Cell[] => state.cells.map(cellOf);

/** The board as the puzzle file format writes it (what Save sends and Export saves), with its name if any. */
export function editorSpec(state: EditorState): PuzzleSpec & { name?: string } {
  const cells = whiteCells(state);
  const set = pieceSet(state.grid);
  const spec = puzzleToSpec({
    grid: state.grid,
    region: cells,
    pieces: state.pieces.map((id) => ({ id, cells: set.find((p) => p.id === id)?.cells ?? [] })),
  });
  return state.name.trim() === '' ? spec : { ...spec, name: state.name.trim() };
}

/** An editor holding a puzzle file's board (Import), or the file's problem as the CLI says it. */
export function editorOf(text: string): { ok: true; state: EditorState } | { ok: false; error: PuzzleError } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: { code: 'puzzle/json', path: '(top)', message: 'not valid JSON' } };
  }
  const parsed = puzzleFromSpec(value);
  if (!parsed.ok) return parsed;
  const { grid, region, pieces } = parsed.value;
  const name = (value as { name?: unknown }).name;
  return {
    ok: true,
    state: {
      grid,
      cells: region.map(key),
      pieces: pieces.map((p) => p.id),
      name: typeof name === 'string' ? name : '',
      refusal: null,
    },
  };
}
