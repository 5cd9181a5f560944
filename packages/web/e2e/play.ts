import type { Cell, GridName } from '@ubongo/core';
import { knownPiece, normalize, solveFirst } from '@ubongo/core';
import type { CDPSession, Locator, Page } from 'playwright-core';
import { cellSize, touchLift } from '../src/play/geometry.js';
import { retried } from './retries.js';

/*
 * A test player at the real page: it reads the board the page shows (the region and the pieces
 * as the page draws them), finds a solution with the engine, then plays it like a person, with
 * the mouse (right click turns, double click flips, drag and drop), a finger (the Turn button,
 * double tap flips, drag and drop; in a context with `hasTouch`) or the keyboard.
 */

interface Shown {
  readonly grid: GridName;
  readonly region: Cell[];
  readonly pieces: { id: string; cells: Cell[] }[];
  /** The pieces the task needs (with the whole set in the tray, a few of those shown). */
  readonly needed: string[];
}

async function readBoard(page: Page): Promise<Shown> {
  const svg = page.locator('svg.puzzle-svg');
  await svg.waitFor();
  const grid = (await svg.getAttribute('data-grid')) as GridName;
  const region = JSON.parse((await svg.getAttribute('data-region')) ?? '[]') as Cell[];
  const pieces = await page.locator('g.piece').evaluateAll((els) =>
    els.map((el) => ({
      id: el.getAttribute('data-piece') ?? '',
      cells: JSON.parse(el.getAttribute('data-cells') ?? '[]') as [number, number][],
    })),
  );
  const needed = JSON.parse((await svg.getAttribute('data-needed')) ?? '[]') as string[];
  return { grid, region, pieces, needed };
}

const key = (cells: readonly Cell[]): string =>
  normalize(cells)
    .map(([x, y]) => `${x},${y}`)
    .join(' ');

/** The solution the engine finds for what the page shows, as target cells per piece index on the page. */
async function plan(page: Page): Promise<{ index: number; cells: Cell[] }[]> {
  const shown = await readBoard(page);
  const puzzle = {
    grid: shown.grid,
    region: shown.region,
    // The task's pieces, by the ids the page says it needs: with the whole set in the tray, the
    // player has to pick these out.
    pieces: shown.needed.map((id) => ({ id, cells: normalize(knownPiece(id)?.cells ?? []) })),
  };
  const solution = solveFirst(puzzle).solution;
  if (!solution) throw new Error('the page shows a puzzle with no solution');
  const used = new Set<number>();
  return solution.map((placement) => {
    const index = shown.pieces.findIndex((p, i) => p.id === placement.piece && !used.has(i));
    used.add(index);
    return { index, cells: placement.cells.map(([x, y]) => [x, y] as const) };
  });
}

async function pieceCellsNow(piece: Locator): Promise<Cell[]> {
  return JSON.parse((await piece.getAttribute('data-cells')) ?? '[]') as Cell[];
}

export async function centreOf(locator: Locator): Promise<[number, number]> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return [box.x + box.width / 2, box.y + box.height / 2];
}

/**
 * How far above a finger (CSS pixels) the board on the page carries a piece dragged by touch, from
 * the board's scale as drawn: the width of one of its cells over a cell's width in picture units.
 */
export async function liftOn(page: Page): Promise<number> {
  const grid = (await page.locator('svg.puzzle-svg').getAttribute('data-grid')) as GridName;
  const box = await page.locator('polygon[data-board-cell]').first().boundingBox();
  const units = grid === 'square' ? cellSize(grid) : Math.sqrt(3) * cellSize(grid);
  return touchLift(grid, (box?.width ?? 0) / units);
}

/** Turns a piece until it has the wanted shape, with `turn` and `flip` doing one step each. */
async function orient(
  piece: Locator,
  target: readonly Cell[],
  grid: GridName,
  turn: () => Promise<void>,
  flip: () => Promise<void>,
): Promise<void> {
  const steps = grid === 'square' ? 4 : 6;
  // Both sides, and the first again should a flip not have taken (a person tries once more).
  for (let side = 0; side < 3; side++) {
    if (side === 2) retried('orient retried');
    for (let k = 0; k < steps; k++) {
      if (key(await pieceCellsNow(piece)) === key(target)) return;
      await turn();
    }
    await flip();
  }
  throw new Error(`could not turn ${await piece.getAttribute('data-piece')} into ${key(target)}`);
}

/** Drags a piece onto the board at most this many times before the test says it would not land. */
const DROPS = 3;

/**
 * Puts piece `index` down with `drop` (a drag to where its cells at `at` lie), and waits until it
 * lies there, or the board has gone or changed (a solve ends a round, deals the next puzzle), or is
 * complete. A drag that did not take (seen on a busy machine: the drag went unheard, the piece left
 * picked up) is made again, as a person does when a piece does not land.
 */
async function putDown(page: Page, index: number, at: string, drop: () => Promise<void>): Promise<void> {
  const region = await page.locator('svg.puzzle-svg').getAttribute('data-region');
  for (let attempt = 1; ; attempt++) {
    await drop();
    const landed = await page
      .waitForFunction(
        ([i, where, board]) => {
          const svg = document.querySelector('svg.puzzle-svg');
          if (!svg || svg.getAttribute('data-region') !== board || svg.getAttribute('data-complete') === 'true')
            return true;
          return document.querySelector(`g.piece[data-index="${i}"]`)?.getAttribute('data-at') === where;
        },
        [index, at, region] as const,
        { timeout: 5_000 },
      )
      .then(
        () => true,
        () => false,
      );
    if (landed) return;
    if (attempt === DROPS) throw new Error(`piece ${index} did not land at ${at} in ${DROPS} drags`);
    retried('drag again');
    // A moment's rest before the next try, as a person looks again.
    await page.waitForTimeout(500);
  }
}

/**
 * Solves the board on the page with the mouse: right click turns, double click flips, then a drag
 * (only the pieces of the solution before `pieces` if given, from its `from`th: the rest of a board
 * begun so).
 */
export async function solveWithMouse(page: Page, pieces = Infinity, from = 0): Promise<void> {
  const grid = (await page.locator('svg.puzzle-svg').getAttribute('data-grid')) as GridName;
  for (const { index, cells } of (await plan(page)).slice(from, pieces)) {
    // The mouse works in the window: the board and the tray are brought into view, as a person scrolls.
    await page.locator('svg.puzzle-svg').scrollIntoViewIfNeeded();
    const piece = page.locator(`g.piece[data-index="${index}"]`);
    const firstCell = (): Locator => piece.locator('polygon').first();
    await orient(
      piece,
      cells,
      grid,
      async () => {
        const [x, y] = await centreOf(firstCell());
        await page.mouse.click(x, y, { button: 'right' });
      },
      async () => {
        const [x, y] = await centreOf(firstCell());
        await page.mouse.dblclick(x, y);
      },
    );
    const now = await pieceCellsNow(piece);
    const grab = now[0] ?? [0, 0];
    const minX = Math.min(...cells.map((c) => c[0]));
    const minY = Math.min(...cells.map((c) => c[1]));
    await putDown(page, index, `${minX},${minY}`, async () => {
      const [sx, sy] = await centreOf(piece.locator(`polygon[data-cell="${grab[0]},${grab[1]}"]`));
      const [tx, ty] = await centreOf(page.locator(`polygon[data-board-cell="${grab[0] + minX},${grab[1] + minY}"]`));
      await page.mouse.move(sx, sy);
      await page.mouse.down();
      await page.mouse.move(tx, ty, { steps: 8 });
      await page.mouse.up();
    });
  }
}

/**
 * One finger on a touch screen (a context with `hasTouch`): Chromium's own touch input, through the
 * DevTools protocol, so that the page gets touch events and touch pointer events as on a phone.
 */
export class Finger {
  private constructor(
    private readonly page: Page,
    private readonly cdp: CDPSession,
    private at: [number, number] = [0, 0],
  ) {}

  static async on(page: Page): Promise<Finger> {
    return new Finger(page, await page.context().newCDPSession(page));
  }

  async down(x: number, y: number): Promise<void> {
    this.at = [x, y];
    await this.cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  }

  /** Slides to (x, y) in `steps` moves. */
  async move(x: number, y: number, steps = 8): Promise<void> {
    const [x0, y0] = this.at;
    for (let k = 1; k <= steps; k++) {
      const point = { x: x0 + ((x - x0) * k) / steps, y: y0 + ((y - y0) * k) / steps };
      await this.cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
    }
    this.at = [x, y];
  }

  async up(): Promise<void> {
    await this.cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }

  /**
   * Two quick taps at (x, y), 120 ms apart as a person's. The touch events carry their times (the
   * page reads a double tap from them), so a busy machine that hands them over further apart does
   * not make two single taps of them: before they did, now and then (play.ts counted it).
   */
  async doubleTap(x: number, y: number): Promise<void> {
    const start = Date.now() / 1000;
    const taps = [
      ['touchStart', 0],
      ['touchEnd', 0.04],
      ['touchStart', 0.12],
      ['touchEnd', 0.16],
    ] as const;
    for (const [type, after] of taps)
      await this.cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchStart' ? [{ x, y }] : [],
        timestamp: start + after,
      });
    this.at = [x, y];
  }

  /** Holds still where it is for `ms`, as a finger does before it lets go: no fling follows. */
  async rest(ms = 60): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await this.cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: this.at[0], y: this.at[1] }],
    });
  }

  /**
   * Slides from one point to another and lets go there, after a rest: a finger lifted on the move
   * starts a fling, and Chromium swallows the next tap as the one that stops it.
   */
  async drag(from: readonly [number, number], to: readonly [number, number]): Promise<void> {
    await this.down(from[0], from[1]);
    await this.move(to[0], to[1]);
    await this.rest();
    await this.up();
  }

  /**
   * Drags what lies at `from` so that it lands on `to`: a finger's drag carries the piece above the
   * finger (liftOn), so the finger lets go that far under `to`, as a player's does.
   */
  async carry(from: readonly [number, number], to: readonly [number, number]): Promise<void> {
    await this.drag(from, [to[0], to[1] + (await liftOn(this.page))]);
  }

  async detach(): Promise<void> {
    await this.cdp.detach();
  }
}

/**
 * Solves the board on the page by touch alone: a tap picks a piece, the Turn button turns it, a
 * double tap flips it, then a drag puts it down (only the pieces before `pieces` if given, from the
 * `from`th, as solveWithMouse). With `own`, that finger (left on: detaching a DevTools session
 * ends the network's emulation, which a test of the offline page keeps on).
 */
export async function solveWithTouch(page: Page, pieces = Infinity, from = 0, own?: Finger): Promise<void> {
  const grid = (await page.locator('svg.puzzle-svg').getAttribute('data-grid')) as GridName;
  const finger = own ?? (await Finger.on(page));
  const turnButton = page.locator('.puzzle-tools button', { hasText: 'Turn' });
  const flipButton = page.locator('.puzzle-tools button', { hasText: 'Flip' });
  for (const { index, cells } of (await plan(page)).slice(from, pieces)) {
    // The board, the tray and the buttons under them fit on a phone's screen.
    await page.locator('.puzzle').scrollIntoViewIfNeeded();
    const piece = page.locator(`g.piece[data-index="${index}"]`);
    const tapPiece = async (): Promise<void> => {
      const [x, y] = await centreOf(piece.locator('polygon').first());
      await page.touchscreen.tap(x, y);
    };
    // A tap picks the piece for the buttons; a pause, so that the next taps make a double tap of their own.
    await tapPiece();
    await page.waitForTimeout(450);
    await orient(
      piece,
      cells,
      grid,
      () => turnButton.tap(),
      async () => {
        const before = await piece.getAttribute('data-cells');
        const [x, y] = await centreOf(piece.locator('polygon').first());
        await finger.doubleTap(x, y);
        // Should the double tap not take (heard as two taps, it flips nothing: the second puts the
        // piece back down), the piece is picked again and the Flip button flips it, as a person does.
        const flipped = await page
          .waitForFunction(
            ([i, cellsBefore]) =>
              document.querySelector(`g.piece[data-index="${i}"]`)?.getAttribute('data-cells') !== cellsBefore,
            [index, before] as const,
            { timeout: 1_000 },
          )
          .then(
            () => true,
            () => false,
          );
        if (flipped) return;
        retried('double tap fell back to Flip');
        await page.waitForTimeout(450);
        const held = () => page.locator('svg.puzzle-svg').getAttribute('data-held');
        if ((await held()) !== String(index)) await tapPiece();
        await page.waitForFunction(
          (i) => document.querySelector('svg.puzzle-svg')?.getAttribute('data-held') === i,
          String(index),
          { timeout: 5_000 },
        );
        await flipButton.tap();
      },
    );
    const now = await pieceCellsNow(piece);
    const grab = now[0] ?? [0, 0];
    const minX = Math.min(...cells.map((c) => c[0]));
    const minY = Math.min(...cells.map((c) => c[1]));
    // As a person would, the next piece is touched after this one has landed (the last may solve
    // the board, which then goes: the next puzzle, the round's end).
    await putDown(page, index, `${minX},${minY}`, async () => {
      await finger.carry(
        await centreOf(piece.locator(`polygon[data-cell="${grab[0]},${grab[1]}"]`)),
        await centreOf(page.locator(`polygon[data-board-cell="${grab[0] + minX},${grab[1] + minY}"]`)),
      );
    });
  }
  if (!own) await finger.detach();
}

/** Solves the board with the keyboard only: Tab to each piece, R/F, Enter, arrows, Enter. */
export async function solveWithKeyboard(page: Page): Promise<void> {
  const grid = (await page.locator('svg.puzzle-svg').getAttribute('data-grid')) as GridName;
  for (const { index, cells } of await plan(page)) {
    const piece = page.locator(`g.piece[data-index="${index}"]`);
    // Tab until the piece has the focus.
    for (let i = 0; i < 40; i++) {
      if (await piece.evaluate((el) => el === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    if (!(await piece.evaluate((el) => el === document.activeElement))) throw new Error('Tab never reached the piece');
    await orient(
      piece,
      cells,
      grid,
      () => page.keyboard.press('r'),
      () => page.keyboard.press('f'),
    );
    await page.keyboard.press('Enter');
    // Enter takes the piece onto the board, drawn on the next frame: where to, read once it is.
    await page.waitForFunction(
      (i) => document.querySelector(`g.piece[data-index="${i}"]`)?.getAttribute('data-at'),
      index,
    );
    const at = ((await piece.getAttribute('data-at')) ?? '').split(',').map(Number);
    const minX = Math.min(...cells.map((c) => c[0]));
    const minY = Math.min(...cells.map((c) => c[1]));
    const dx = minX - (at[0] ?? 0);
    const dy = minY - (at[1] ?? 0);
    for (let i = 0; i < Math.abs(dx); i++) await page.keyboard.press(dx > 0 ? 'ArrowRight' : 'ArrowLeft');
    for (let i = 0; i < Math.abs(dy); i++) await page.keyboard.press(dy > 0 ? 'ArrowDown' : 'ArrowUp');
    await page.keyboard.press('Enter');
  }
}

/**
 * Solves the board by taps alone, with no drag: a finger's taps (`touch`, in a context with
 * `hasTouch`; not one touch move) or the mouse's clicks. Each piece is tapped by a cell to pick it
 * up, turned with the Turn and Flip buttons, then its cell's place on the board is tapped (the
 * preview shows there) and tapped again (it is put down).
 */
export async function solveWithTaps(page: Page, by: 'touch' | 'mouse'): Promise<void> {
  const grid = (await page.locator('svg.puzzle-svg').getAttribute('data-grid')) as GridName;
  const tap = async (target: Locator): Promise<void> => {
    const [x, y] = await centreOf(target);
    if (by === 'touch') await page.touchscreen.tap(x, y);
    else await page.mouse.click(x, y);
  };
  const button = (name: string): Locator => page.locator('.puzzle-tools button', { hasText: name });
  const placements = await plan(page);
  for (const [k, { index, cells }] of placements.entries()) {
    await page.locator('.puzzle').scrollIntoViewIfNeeded();
    const piece = page.locator(`g.piece[data-index="${index}"]`);
    // Picked up by its first cell: that cell goes where the board is tapped.
    await tap(piece.locator('polygon.piece-cell').first());
    await page.waitForFunction(
      (i) => document.querySelector('svg.puzzle-svg')?.getAttribute('data-held') === i,
      String(index),
    );
    await orient(
      piece,
      cells,
      grid,
      () => tap(button('Turn')),
      () => tap(button('Flip')),
    );
    const anchor = (await pieceCellsNow(piece))[0] ?? [0, 0];
    const minX = Math.min(...cells.map((c) => c[0]));
    const minY = Math.min(...cells.map((c) => c[1]));
    const cell = page.locator(`polygon[data-board-cell="${anchor[0] + minX},${anchor[1] + minY}"]`);
    await tap(cell);
    await page.waitForFunction(
      (at) => document.querySelector('svg.puzzle-svg')?.getAttribute('data-aim') === at,
      `${minX},${minY}`,
    );
    await tap(cell);
    // The last piece solves the board: a run deals the next at once.
    if (k === placements.length - 1) break;
    await page.waitForFunction(
      ([i, at]) => document.querySelector(`g.piece[data-index="${i}"]`)?.getAttribute('data-at') === at,
      [index, `${minX},${minY}`] as const,
    );
  }
}
