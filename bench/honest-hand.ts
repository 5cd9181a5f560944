// The hand of bench/honest.ts's players: it reads the board the web client draws, finds a solution
// with the engine, and plays it at the real page with the mouse (right click turns, double click
// flips, drag and drop) or a finger (Chromium's touch input through the DevTools protocol: a tap
// picks a piece, the Turn and Flip buttons turn it, a drag puts it down), at a person's pace: a look
// at the board, a pause of thought before each piece, turns a few hundred ms apart, now and then a
// piece turned round once more than needed, put down a cell off and moved, or another piece picked
// up and let go. Every pause is drawn in game time and waited out in real time, `timeScale` times
// shorter, as the server's clock runs (docs/accounts.md, "Measured with honest players in Chromium").
import type { Cell, GridName, Rng } from '@ubongo/core';
import { knownPiece, nextUint32, normalize, solveFirst, standardNormal } from '@ubongo/core';
import { shippedDeck } from '@ubongo/core/decks';
import type { CDPSession, Locator, Page } from 'playwright-core';

/** How a player plays: log-normal pauses (game seconds: median and sigma of ln) and the chances of slips. */
export interface Pace {
  /** The look at a new board before the first piece. */
  readonly look: readonly [median: number, sigma: number];
  /** The thought before each piece. */
  readonly piece: readonly [median: number, sigma: number];
  /** Between one move of the hand and the next on the same piece (a turn, a flip). */
  readonly move: readonly [median: number, sigma: number];
  /** How much longer the pauses are per point of the task's difficulty over 5. */
  readonly growth: number;
  /** The ln-spread of a board's hardness for the player (some boards are seen at once, some not). */
  readonly insight: number;
  /** The chance a piece is put down a cell off first, then moved to its place. */
  readonly misplace: number;
  /** The chance a piece is turned round once more than needed (a whole turn more). */
  readonly overturn: number;
  /** The chance another piece is picked up first and let go where it was. */
  readonly fumble: number;
}

/** A number in [0, 1) from the generator. */
export const uniform = (rng: Rng): number => nextUint32(rng) / 0x1_0000_0000;

/** A log-normal draw about `median` with ln-spread `sigma`. */
export const logNormal = (rng: Rng, [median, sigma]: readonly [number, number]): number =>
  median * Math.exp(sigma * standardNormal(rng));

/** The items in an order drawn from the generator. */
export function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = nextUint32(rng) % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

interface Target {
  readonly index: number;
  readonly cells: Cell[];
}

const shapeKey = (cells: readonly Cell[]): string =>
  normalize(cells)
    .map(([x, y]) => `${x},${y}`)
    .join(' ');

const cellsOf = async (piece: Locator): Promise<Cell[]> =>
  JSON.parse((await piece.getAttribute('data-cells')) ?? '[]') as Cell[];

async function centreOf(locator: Locator): Promise<[number, number]> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return [box.x + box.width / 2, box.y + box.height / 2];
}

/** The deck's difficulty of the task the page draws (its board's region and the pieces it needs), 5 if not found. */
function difficultyOf(region: string, needed: readonly string[]): number {
  const cells = shapeKey(JSON.parse(region) as Cell[]);
  const pieces = [...needed].sort().join(' ');
  for (const board of shippedDeck('classic').boards)
    for (const side of Object.values(board.sides)) {
      if (shapeKey(side.region) !== cells) continue;
      const task = side.tasks.find((t) => [...t.pieces].sort().join(' ') === pieces);
      if (task) return task.difficulty;
    }
  console.warn(`no task of the deck on the board the page draws (${pieces}): difficulty 5`);
  return 5;
}

/** The board the page draws, solved by the engine: each piece's index on the page and its cells. */
async function plan(page: Page): Promise<{ grid: GridName; region: string; needed: string[]; targets: Target[] }> {
  const svg = page.locator('svg.puzzle-svg');
  await svg.waitFor();
  const grid = (await svg.getAttribute('data-grid')) as GridName;
  const region = (await svg.getAttribute('data-region')) ?? '[]';
  const needed = JSON.parse((await svg.getAttribute('data-needed')) ?? '[]') as string[];
  const shown = (await page.evaluate(
    `[...document.querySelectorAll('g.piece')].map((el) => [Number(el.getAttribute('data-index')), el.getAttribute('data-piece')])`,
  )) as [number, string][];
  const puzzle = {
    grid,
    region: JSON.parse(region) as Cell[],
    pieces: needed.map((id) => ({ id, cells: normalize(knownPiece(id)?.cells ?? []) })),
  };
  const solution = solveFirst(puzzle).solution;
  if (!solution) throw new Error('the page shows a puzzle with no solution');
  const used = new Set<number>();
  const targets = solution.map((placement) => {
    const index = shown.find(([i, id]) => id === placement.piece && !used.has(i))?.[0] ?? -1;
    used.add(index);
    return { index, cells: placement.cells.map(([x, y]) => [x, y] as Cell) };
  });
  return { grid, region, needed, targets };
}

/**
 * How far above a finger (CSS pixels) the page carries a piece dragged by touch: as the web
 * client's geometry.ts `touchLift` says, a row and a half of the board as drawn, at least 64 px.
 */
async function liftOn(page: Page, grid: GridName): Promise<number> {
  const box = await page.locator('polygon[data-board-cell]').first().boundingBox();
  const width = box?.width ?? 0;
  const rowOverAcross = grid === 'square' ? 1 : 1.5 / Math.sqrt(3);
  return Math.max(64, 1.5 * rowOverAcross * width);
}

/** In-page code (the bench is compiled without the DOM's types): an attribute of piece `index` on the page. */
const pieceAttribute = (index: number, name: string): string =>
  `document.querySelector('g.piece[data-index="${index}"]')?.getAttribute(${JSON.stringify(name)})`;

/** A player's hand at one page: the mouse on a desktop, one finger on a phone. */
export class Hand {
  private constructor(
    private readonly page: Page,
    private readonly rng: Rng,
    private readonly timeScale: number,
    private readonly cdp: CDPSession | undefined,
  ) {}

  static async on(page: Page, by: 'mouse' | 'touch', rng: Rng, timeScale: number): Promise<Hand> {
    const cdp = by === 'touch' ? await page.context().newCDPSession(page) : undefined;
    return new Hand(page, rng, timeScale, cdp);
  }

  /** Waits `gameSeconds` of game time, in real time. */
  async pause(gameSeconds: number): Promise<void> {
    await sleep((gameSeconds * 1000) / this.timeScale);
  }

  /**
   * Solves the board the page shows at `pace`, its pauses `speed` times as long (a player who
   * knows the board, or has got faster, thinks for less).
   */
  async solve(pace: Pace, speed: number, underWay?: () => Promise<void>): Promise<void> {
    const { grid, region, needed, targets } = await plan(this.page);
    // How hard the board is for this player today: the deck's difficulty (a harder one takes a
    // quarter longer a point), and a draw of the player's own (a board seen at once, or not).
    const hard = pace.growth ** (difficultyOf(region, needed) - 5) * logNormal(this.rng, [1, pace.insight]);
    // Pieces in an order of the player's own.
    const order = shuffled(this.rng, targets);
    await this.pause(logNormal(this.rng, pace.look) * speed * hard);
    for (const [k, target] of order.entries()) {
      await this.pause(logNormal(this.rng, pace.piece) * speed * hard);
      if (uniform(this.rng) < pace.fumble) await this.fumble(target, targets);
      await this.place(grid, region, target, pace);
      if (k === 0) await underWay?.();
    }
  }

  private piece(index: number): Locator {
    return this.page.locator(`g.piece[data-index="${index}"]`);
  }

  /** Picks up another piece of the board and lets it go where it was (a tap on a phone). */
  private async fumble(target: Target, targets: readonly Target[]): Promise<void> {
    const other = targets.find((t) => t.index !== target.index);
    if (!other) return;
    const piece = this.piece(other.index);
    if ((await piece.getAttribute('data-at')) !== '') return;
    const [x, y] = await centreOf(piece.locator('polygon').first());
    if (this.cdp) {
      // A tap picks it for the buttons, and nothing moves; the next tap, on another piece, is not a double tap.
      await this.touch('touchStart', x, y);
      await this.touch('touchEnd');
      await sleep(450);
    } else {
      await this.page.mouse.move(x, y);
      await this.page.mouse.down();
      await this.page.mouse.move(x + 6, y + 4, { steps: 3 });
      await this.page.mouse.move(x, y, { steps: 3 });
      await this.page.mouse.up();
    }
    await this.pause(logNormal(this.rng, [1.2, 0.4]));
  }

  private async touch(type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0, y = 0): Promise<void> {
    await this.cdp?.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  }

  /** Turns the piece to its place's shape, maybe once round more, then puts it down (maybe a cell off first). */
  private async place(grid: GridName, region: string, target: Target, pace: Pace): Promise<void> {
    const piece = this.piece(target.index);
    await this.page.locator('.puzzle').scrollIntoViewIfNeeded();
    if (this.cdp) {
      // A tap picks the piece for the buttons; a moment, so that later taps are not a double tap.
      const [x, y] = await centreOf(piece.locator('polygon').first());
      await this.touch('touchStart', x, y);
      await this.touch('touchEnd');
      await sleep(Math.max(450, (logNormal(this.rng, pace.move) * 1000) / this.timeScale));
    }
    await this.orient(grid, piece, target, pace);
    const minX = Math.min(...target.cells.map((c) => c[0]));
    const minY = Math.min(...target.cells.map((c) => c[1]));
    if (uniform(this.rng) < pace.misplace) {
      const off = await this.offCell(target, minX, minY);
      if (off) {
        await this.drop(grid, region, target.index, off[0], off[1]);
        await this.pause(logNormal(this.rng, [1.5, 0.5]));
      }
    }
    await this.drop(grid, region, target.index, minX, minY);
  }

  /** A place a cell off the right one whose cell under the hand is on the board, if any. */
  private async offCell(target: Target, minX: number, minY: number): Promise<[number, number] | undefined> {
    const grab = (await cellsOf(this.piece(target.index)))[0] ?? [0, 0];
    const offsets: Cell[] = [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ];
    for (const [dx, dy] of shuffled(this.rng, offsets)) {
      const cell = `${grab[0] + minX + dx},${grab[1] + minY + dy}`;
      if ((await this.page.locator(`polygon[data-board-cell="${cell}"]`).count()) > 0) return [minX + dx, minY + dy];
    }
    return undefined;
  }

  /** Turns the piece until it has its place's shape (a flip when a whole turn round did not find it); maybe once round more. */
  private async orient(grid: GridName, piece: Locator, target: Target, pace: Pace): Promise<void> {
    const steps = grid === 'square' ? 4 : 6;
    const want = shapeKey(target.cells);
    const turnOnce = async (how: 'turn' | 'flip'): Promise<void> => {
      await this.turn(target.index, how);
      await this.pause(logNormal(this.rng, pace.move));
    };
    for (let side = 0; ; side++) {
      if (side === 3) throw new Error(`could not turn ${await piece.getAttribute('data-piece')} into ${want}`);
      let k = 0;
      while (k < steps && shapeKey(await cellsOf(piece)) !== want) {
        await turnOnce('turn');
        k += 1;
      }
      if (k < steps) break;
      await turnOnce('flip');
    }
    // Turned round once more, past the shape and back to it, as a person not yet sure.
    if (uniform(this.rng) < pace.overturn) for (let k = 0; k < steps; k++) await turnOnce('turn');
  }

  private async turn(index: number, how: 'turn' | 'flip'): Promise<void> {
    const piece = this.piece(index);
    const before = await piece.getAttribute('data-cells');
    if (this.cdp) {
      await this.page.locator('.puzzle-tools button', { hasText: how === 'turn' ? 'Turn' : 'Flip' }).tap();
    } else {
      const [x, y] = await centreOf(piece.locator('polygon').first());
      if (how === 'turn') await this.page.mouse.click(x, y, { button: 'right' });
      else await this.page.mouse.dblclick(x, y);
    }
    // The page draws the piece turned on its next frame.
    await this.page
      .waitForFunction(`${pieceAttribute(index, 'data-cells')} !== ${JSON.stringify(before)}`, undefined, {
        timeout: 3_000,
      })
      .catch(() => undefined);
  }

  /**
   * Drags piece `index` so that it lies with its origin at (x, y), and waits until it does, or the
   * board has gone or is complete; a drag that did not take is made again, as a person does.
   */
  private async drop(grid: GridName, region: string, index: number, x: number, y: number): Promise<void> {
    const piece = this.piece(index);
    const at = `${x},${y}`;
    for (let attempt = 1; ; attempt++) {
      const grab = (await cellsOf(piece))[0] ?? [0, 0];
      const from = await centreOf(piece.locator(`polygon[data-cell="${grab[0]},${grab[1]}"]`));
      const to = await centreOf(this.page.locator(`polygon[data-board-cell="${grab[0] + x},${grab[1] + y}"]`));
      if (this.cdp) await this.carry(grid, from, to);
      else {
        await this.page.mouse.move(from[0], from[1]);
        await this.page.mouse.down();
        await this.page.mouse.move(to[0], to[1], { steps: 8 + (nextUint32(this.rng) % 8) });
        await this.page.mouse.up();
      }
      const landed = await this.page
        .waitForFunction(
          // The piece lies there, or the board has gone (the next is dealt, the run is over) or is complete.
          `(() => {
            const svg = document.querySelector('svg.puzzle-svg');
            if (!svg || svg.getAttribute('data-region') !== ${JSON.stringify(region)} || svg.getAttribute('data-complete') === 'true')
              return true;
            return ${pieceAttribute(index, 'data-at')} === ${JSON.stringify(at)};
          })()`,
          undefined,
          { timeout: 5_000 },
        )
        .then(
          () => true,
          () => false,
        );
      if (landed) return;
      if (attempt === 3) throw new Error(`piece ${index} did not land at ${at} in 3 drags`);
      await sleep(400);
    }
  }

  /** A finger's drag: the page carries the piece above the finger, so it lets go that far under the place. */
  private async carry(grid: GridName, from: readonly [number, number], to: readonly [number, number]): Promise<void> {
    const lift = await liftOn(this.page, grid);
    const end: [number, number] = [to[0], to[1] + lift];
    await this.touch('touchStart', from[0], from[1]);
    const steps = 8 + (nextUint32(this.rng) % 6);
    for (let k = 1; k <= steps; k++)
      await this.touch(
        'touchMove',
        from[0] + ((end[0] - from[0]) * k) / steps,
        from[1] + ((end[1] - from[1]) * k) / steps,
      );
    // Held still a moment before letting go: a finger lifted on the move starts a fling.
    await sleep(60);
    await this.touch('touchMove', end[0], end[1]);
    await this.touch('touchEnd');
  }
}
