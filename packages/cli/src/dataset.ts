import type { Cell, Deck, DeckEdition, Side } from '@ubongo/core';
import { calibratedDifficulty } from '@ubongo/core';

/*
 * The open dataset (docs/decks.md, "The open dataset", CC0): every task of the shipped decks with
 * its board, side, key, pieces, white area, number of solutions, static and calibrated difficulty,
 * and, from a server's database when one is read, its learned rating and the first attempts it
 * rests on, and its time-model difficulty and the timed first attempts that one rests on.
 * Deterministic: the same decks and ratings give the same bytes.
 */

/** A task's learned rating as a server has it (its first attempts' rating on the players' scale). */
export interface Learned {
  readonly rating: number;
  readonly attempts: number;
}

/** A task's difficulty in the time model as a server has it (on the decks' scale), and the timed first attempts it rests on. */
export interface Measured {
  readonly difficulty: number;
  readonly attempts: number;
}

/** One task of the dataset. */
export interface DatasetRow {
  readonly edition: DeckEdition;
  readonly board: string;
  readonly side: Side;
  readonly key: string;
  readonly pieces: readonly string[];
  /** The white area's cells, `[x, y]` (docs/puzzle-format.md's coordinates for the deck's grid). */
  readonly region: readonly Cell[];
  readonly area: number;
  readonly solutions: number;
  readonly difficulty: number;
  readonly calibrated: number;
  /** Null when no database was read, or the task has no learned rating yet. */
  readonly learned: number | null;
  readonly attempts: number;
  /** The time model's difficulty (decks' scale, to two decimals); null when no database was read, or no timed attempt yet. */
  readonly measured: number | null;
  readonly measuredAttempts: number;
}

/** The dataset's rows: deck by deck, board by board, easy then hard, tasks in key order. `learned` and `measured` by `edition/board/side/key`. */
export function datasetRows(
  decks: readonly Deck[],
  learned: ReadonlyMap<string, Learned> = new Map(),
  measured: ReadonlyMap<string, Measured> = new Map(),
): DatasetRow[] {
  return decks.flatMap((deck) =>
    deck.boards.flatMap((board) =>
      (['easy', 'hard'] as const).flatMap((side) =>
        board.sides[side].tasks.map((task) => {
          const ref = { board: board.id, side, key: task.key };
          const name = `${deck.edition}/${board.id}/${side}/${task.key}`;
          const known = learned.get(name);
          const timed = measured.get(name);
          return {
            edition: deck.edition,
            ...ref,
            pieces: task.pieces,
            region: board.sides[side].region,
            area: board.sides[side].region.length,
            solutions: task.solutions,
            difficulty: task.difficulty,
            calibrated: calibratedDifficulty(deck, ref),
            learned: known ? Math.round(known.rating) : null,
            attempts: known?.attempts ?? 0,
            measured: timed ? Math.round(timed.difficulty * 100) / 100 : null,
            measuredAttempts: timed?.attempts ?? 0,
          };
        }),
      ),
    ),
  );
}

/** The dataset's licence, said in both formats. */
export const DATASET_LICENSE = 'CC0-1.0';

/** The dataset as JSON: its licence, its columns' meaning by name, and the rows. */
export function datasetJson(rows: readonly DatasetRow[]): string {
  return `${JSON.stringify({ license: DATASET_LICENSE, tasks: rows }, null, 1)}\n`;
}

const CSV_COLUMNS = [
  'edition',
  'board',
  'side',
  'key',
  'pieces',
  'region',
  'area',
  'solutions',
  'difficulty',
  'calibrated',
  'learned',
  'attempts',
  'measured',
  'measuredAttempts',
] as const;

/** A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled. */
function field(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The dataset as CSV (RFC 4180, CRLF lines): pieces space-separated, the region as `x,y` pairs separated by spaces. */
export function datasetCsv(rows: readonly DatasetRow[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of rows) {
    const values: Record<(typeof CSV_COLUMNS)[number], string> = {
      edition: r.edition,
      board: r.board,
      side: r.side,
      key: r.key,
      pieces: r.pieces.join(' '),
      region: r.region.map(([x, y]) => `${x},${y}`).join(' '),
      area: String(r.area),
      solutions: String(r.solutions),
      difficulty: String(r.difficulty),
      calibrated: String(r.calibrated),
      learned: r.learned === null ? '' : String(r.learned),
      attempts: String(r.attempts),
      measured: r.measured === null ? '' : String(r.measured),
      measuredAttempts: String(r.measuredAttempts),
    };
    lines.push(CSV_COLUMNS.map((c) => field(values[c])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
