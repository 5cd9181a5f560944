import type { Deck, DeckEdition, Side } from '@ubongo/core';
import {
  calibrate,
  CALIBRATION_MIN_ATTEMPTS,
  DECK_EDITIONS,
  difficultyOfTask,
  drawShape,
  makeCalibration,
  generateDeck,
  makeDeck,
  parseDeck,
  printScale,
  renderBoardSheet,
  renderPieceSheets,
  renderSide,
  SIDES,
  verifyDeck,
} from '@ubongo/core';
import { shippedDeck } from '@ubongo/core/decks';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Learned, Measured } from './dataset.js';
import { datasetCsv, datasetJson, datasetRows } from './dataset.js';
import type { DatabaseOptions } from './database.js';
import { openDatabase } from './database.js';
import type { Io } from './io.js';
import { EXIT, UsageError } from './io.js';

/** Help for `ubongo deck`. */
export const DECK_HELP = `Usage: ubongo deck COMMAND classic|extreme [options]

The decks of puzzle boards: 36 classic boards (square pieces, a task per die face) and 54
Extreme boards (hexagon pieces, a task per colour), each with an easy and a hard side.
Every task was generated and solved by the engine; docs/decks.md has the format.

  deck export EDITION                    the shipped deck as JSON on standard output (the deck format)
  deck export --format json|csv [--edition EDITION] [--out FILE] [--data-dir DIR | --database-url URL]
                                         the open dataset (CC0): every task of both decks (or one)
                                         with its board, side, key, pieces, white area, solutions,
                                         static and calibrated difficulty; with a database, each
                                         task's learned rating and the first attempts it rests on,
                                         and its time-model difficulty and the timed attempts
  deck calibrate [--data-dir DIR | --database-url URL] [--out FILE]
                                         fit every task's difficulty from the stored first attempts'
                                         times (the batch fit) and write the calibration snapshot
                                         (default: packages/core/src/calibration.json, which the
                                         campaign and the daily read once rebuilt)
  deck verify EDITION [--file FILE]      re-solve every task and check every rule (exit 1 on a problem)
  deck show EDITION [BOARD] [--side S]   boards and tasks drawn as text (S: easy or hard)
  deck render EDITION --out DIR          SVG pictures of every side, a printable A4 sheet per board
                                         and sheets of pieces to cut out, at the boards' scale
  deck generate --seed N --out DIR [--edition EDITION]
                                         generate decks from a seed (both editions by default)
`;

function edition(value: string | undefined): DeckEdition {
  if (!DECK_EDITIONS.includes(value as DeckEdition))
    throw new UsageError(`expected classic or extreme, got ${value ?? 'nothing'}`);
  return value as DeckEdition;
}

function side(value: string | undefined): Side | undefined {
  if (value === undefined) return undefined;
  if (!SIDES.includes(value as Side)) throw new UsageError(`--side must be easy or hard, got ${value}`);
  return value as Side;
}

function showSide(deck: Deck, boardIndex: number, which: Side): string {
  const board = deck.boards[boardIndex];
  if (!board) return '';
  const { region, tasks } = board.sides[which];
  const lines = [`${board.id} ${which}: ${region.length} cells`];
  lines.push(drawShape(deck.grid, region));
  for (const t of tasks)
    lines.push(
      `  ${t.key.padEnd(6)} ${t.pieces.join(' + ').padEnd(40)} difficulty ${t.difficulty}, ${t.solutions} solution${t.solutions === 1 ? '' : 's'}`,
    );
  return lines.join('\n') + '\n';
}

function progressBar(io: Io, label: string, tty: boolean): (done: number, total: number) => void {
  let last = -1;
  return (done, total) => {
    const percent = Math.floor((done / total) * 100);
    if (tty) {
      const filled = Math.round((done / total) * 30);
      io.err(
        `\r${label.padEnd(8)} [${'#'.repeat(filled)}${'.'.repeat(30 - filled)}] ${done}/${total}${done === total ? '\n' : ''}`,
      );
    } else if (percent >= last + 25 || done === total) {
      last = percent;
      io.err(`${label}: ${done}/${total} sides\n`);
    }
  };
}

/** `ubongo deck export --format json|csv`: the open dataset, on standard output or in `--out`. */
async function exportDataset(
  values: DatabaseOptions & { format?: string; edition?: string; out?: string },
  rest: readonly string[],
  io: Io,
): Promise<number> {
  const format = values.format;
  if (format !== 'json' && format !== 'csv') throw new UsageError(`--format must be json or csv, got ${format}`);
  if (rest.length > 0) throw new UsageError(`the dataset takes --edition, not ${rest.join(' ')}`);
  const editions = values.edition === undefined ? DECK_EDITIONS : [edition(values.edition)];
  const decks = editions.map((ed) => shippedDeck(ed));
  const learned = new Map<string, Learned>();
  const measured = new Map<string, Measured>();
  if (values['data-dir'] !== undefined || values['database-url'] !== undefined) {
    const stores = await openDatabase(values, io);
    try {
      const { puzzleDisplay } = await import('@ubongo/server');
      for (const ed of editions) {
        for (const r of await stores.ratings.puzzleRatings(`${ed}/`))
          learned.set(r.task, { rating: puzzleDisplay(r), attempts: r.attempts });
        for (const t of await stores.ratings.taskTimes(`${ed}/`))
          measured.set(t.task, { difficulty: difficultyOfTask(t.mean), attempts: t.attempts });
      }
    } finally {
      await stores.close();
    }
  }
  const rows = datasetRows(decks, learned, measured);
  const text = format === 'json' ? datasetJson(rows) : datasetCsv(rows);
  if (values.out === undefined) io.out(text);
  else {
    try {
      writeFileSync(values.out, text);
    } catch (e) {
      throw new UsageError(`cannot write ${values.out}: ${e instanceof Error ? e.message : String(e)}`);
    }
    io.err(`${rows.length} tasks written to ${values.out}\n`);
  }
  return EXIT.ok;
}

/** The shipped calibration snapshot in the source tree (from packages/cli/dist or src): what `deck calibrate` writes by default. */
export const CALIBRATION_FILE = fileURLToPath(new URL('../../core/src/calibration.json', import.meta.url));

/**
 * `ubongo deck calibrate`: the batch fit over every timed first attempt a server's database holds
 * (core's `calibrate`), written as a calibration snapshot (`makeCalibration`) to `--out` or the
 * shipped snapshot's file.
 */
async function calibrateDecks(
  values: DatabaseOptions & { out?: string },
  rest: readonly string[],
  io: Io,
): Promise<number> {
  if (rest.length > 0) throw new UsageError(`calibrate takes no edition (it fits both decks), not ${rest.join(' ')}`);
  const out = values.out ?? CALIBRATION_FILE;
  const stores = await openDatabase(values, io);
  const attempts = await Promise.all(DECK_EDITIONS.map((ed) => stores.ratings.timedAttempts(`${ed}/`))).finally(() =>
    stores.close(),
  );
  const snapshot = calibrate(
    DECK_EDITIONS.map((ed) => shippedDeck(ed)),
    attempts.flat().map((a) => ({ task: a.task, solver: a.accountId, ms: a.ms, solved: a.solved })),
  );
  try {
    writeFileSync(out, makeCalibration(snapshot));
  } catch (e) {
    throw new UsageError(`cannot write ${out}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const tasks = Object.values(snapshot.tasks);
  const published = tasks.filter((t) => t.attempts >= CALIBRATION_MIN_ATTEMPTS).length;
  io.err(
    `${snapshot.attempts} first attempts, ${tasks.length} tasks fitted, ${published} with ${CALIBRATION_MIN_ATTEMPTS} or more (published): written to ${out}\n`,
  );
  return EXIT.ok;
}

/** `ubongo deck ...` */
export function deckCommand(args: string[], io: Io, isTty: boolean = process.stderr.isTTY): number | Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      file: { type: 'string' },
      side: { type: 'string' },
      out: { type: 'string' },
      seed: { type: 'string' },
      edition: { type: 'string' },
      format: { type: 'string' },
      'data-dir': { type: 'string' },
      'database-url': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [sub, ...rest] = positionals;
  if (values.help || sub === undefined) {
    io.out(DECK_HELP);
    return values.help ? EXIT.ok : EXIT.usage;
  }
  switch (sub) {
    case 'export': {
      if (values.format === undefined) {
        io.out(makeDeck(shippedDeck(edition(rest[0]))));
        return EXIT.ok;
      }
      return exportDataset(values, rest, io);
    }
    case 'calibrate':
      return calibrateDecks(values, rest, io);
    case 'verify': {
      const ed = edition(rest[0]);
      let deck = shippedDeck(ed);
      if (values.file !== undefined) {
        let text: string;
        try {
          text = io.readFile(values.file);
        } catch (e) {
          throw new UsageError(`cannot read ${values.file}: ${e instanceof Error ? e.message : String(e)}`);
        }
        const parsed = parseDeck(text);
        if (!parsed.ok) throw new UsageError(`${values.file}: ${parsed.error.path}: ${parsed.error.message}`);
        if (parsed.value.edition !== ed)
          throw new UsageError(`${values.file} is a ${parsed.value.edition} deck, not ${ed}`);
        deck = parsed.value;
      }
      const started = performance.now();
      const report = verifyDeck(deck);
      const ms = Math.round(performance.now() - started);
      for (const p of report.problems) io.out(`${p.where}: ${p.message}\n`);
      const summary = `${ed} deck: ${deck.boards.length} boards, ${report.sides} sides, ${report.tasks} tasks re-solved in ${ms} ms`;
      if (report.problems.length > 0) {
        io.out(`${summary}: ${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}\n`);
        return EXIT.none;
      }
      io.out(`${summary}: all sound\n`);
      return EXIT.ok;
    }
    case 'show': {
      const deck = shippedDeck(edition(rest[0]));
      const only = side(values.side);
      const indexes =
        rest[1] === undefined
          ? deck.boards.map((_, i) => i)
          : [deck.boards.findIndex((b) => b.id === rest[1]?.toUpperCase())];
      if (indexes[0] === -1)
        throw new UsageError(`no board ${rest[1]}; boards are ${deck.boards[0]?.id} to ${deck.boards.at(-1)?.id}`);
      for (const i of indexes) for (const s of only ? [only] : SIDES) io.out(showSide(deck, i, s) + '\n');
      return EXIT.ok;
    }
    case 'render': {
      const deck = shippedDeck(edition(rest[0]));
      if (values.out === undefined) throw new UsageError('render needs --out DIR');
      mkdirSync(values.out, { recursive: true });
      let files = 0;
      const scale = printScale(deck);
      for (const board of deck.boards) {
        for (const s of SIDES) {
          writeFileSync(join(values.out, `${board.id}-${s}.svg`), renderSide(deck, board, s).svg);
          files++;
        }
        writeFileSync(join(values.out, `${board.id}-sheet.svg`), renderBoardSheet(deck, board, scale));
        files++;
      }
      for (const [i, sheet] of renderPieceSheets(deck, scale).entries()) {
        writeFileSync(join(values.out, `pieces-${i + 1}.svg`), sheet);
        files++;
      }
      io.out(`wrote ${files} SVG files to ${values.out}\n`);
      return EXIT.ok;
    }
    case 'generate': {
      const seed = Number(values.seed);
      if (values.seed === undefined || !Number.isSafeInteger(seed) || seed < 0) {
        throw new UsageError(
          `generate needs --seed N, a non-negative integer${values.seed === undefined ? '' : `, got ${values.seed}`}`,
        );
      }
      if (values.out === undefined) throw new UsageError('generate needs --out DIR');
      const editions = values.edition === undefined ? DECK_EDITIONS : [edition(values.edition)];
      mkdirSync(values.out, { recursive: true });
      for (const ed of editions) {
        const deck = generateDeck(ed, seed, progressBar(io, ed, isTty));
        const file = join(values.out, `${ed}.json`);
        writeFileSync(file, makeDeck(deck));
        io.out(`wrote ${file}\n`);
      }
      return EXIT.ok;
    }
    default:
      throw new UsageError(`unknown deck command ${sub}; run 'ubongo deck --help'`);
  }
}
