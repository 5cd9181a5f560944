import type { Cell, GridName } from '@ubongo/core';
import { normalize } from '@ubongo/core';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { flipped } from '../src/play/geometry.js';
import { Finger, centreOf, liftOn, solveWithTouch } from './play.js';
import { chromiumAndServer, watchErrors } from './support.js';

/*
 * The board itself, as a person handles it on the practice screen: a phone (390x844, touch
 * through Chromium's own touch input) and a desktop window (1366x800, the mouse), in Debian's
 * Chromium against the real server.
 */

const real = chromiumAndServer();

interface Board {
  readonly page: Page;
  readonly errors: string[];
  readonly grid: GridName;
  readonly region: Cell[];
}

/** The practice screen on a phone (touch) or a desktop (mouse), scrolled to the board. */
async function practice(on: 'phone' | 'desktop'): Promise<Board> {
  const context = await real.browser.newContext(
    on === 'phone'
      ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'en-GB' }
      : { viewport: { width: 1366, height: 800 }, locale: 'en-GB' },
  );
  await context.addInitScript(() => {
    localStorage.setItem('ubongo.name', 'Pat');
  });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${real.server.url}/#/practice`);
  const svg = page.locator('svg.puzzle-svg');
  await svg.waitFor();
  await page.locator('.puzzle').scrollIntoViewIfNeeded();
  const grid = (await svg.getAttribute('data-grid')) as GridName;
  const region = JSON.parse((await svg.getAttribute('data-region')) ?? '[]') as Cell[];
  return { page, errors, grid, region };
}

const piece = (page: Page, i: number): Locator => page.locator(`g.piece[data-index="${i}"]`);
const cellsOf = async (p: Locator): Promise<Cell[]> =>
  JSON.parse((await p.getAttribute('data-cells')) ?? '[]') as Cell[];
const shape = (cells: readonly Cell[]): string =>
  normalize(cells)
    .map((c) => c.join(','))
    .join(' ');
/** The centre, on the screen, of a piece's cell (by its index in the piece) or of a board cell. */
const pieceCell = async (p: Locator, k = 0): Promise<[number, number]> =>
  centreOf(p.locator('polygon.piece-cell').nth(k));
const boardCell = async (page: Page, c: Cell): Promise<[number, number]> =>
  centreOf(page.locator(`polygon[data-board-cell="${c[0]},${c[1]}"]`));

/** The first piece that looks different turned over, and another one. */
async function chiralAndOther(board: Board): Promise<[number, number]> {
  const count = await board.page.locator('g.piece').count();
  for (let i = 0; i < count; i++) {
    const cells = await cellsOf(piece(board.page, i));
    if (shape(flipped(board.grid, cells)) !== shape(cells)) return [i, i === 0 ? 1 : 0];
  }
  throw new Error('every piece looks the same turned over');
}

/** Drags piece `i` by its first cell onto a board cell, by touch or with the mouse; returns where it should land. */
async function dragOnto(board: Board, i: number, target: Cell, finger?: Finger): Promise<string> {
  const p = piece(board.page, i);
  const first = (await cellsOf(p))[0] ?? [0, 0];
  const from = await pieceCell(p, 0);
  const to = await boardCell(board.page, target);
  if (finger) await finger.carry(from, to);
  else {
    await board.page.mouse.move(from[0], from[1]);
    await board.page.mouse.down();
    await board.page.mouse.move(to[0], to[1], { steps: 8 });
    await board.page.mouse.up();
  }
  return `${target[0] - first[0]},${target[1] - first[1]}`;
}

/** Where every piece lies and how it is turned: `at` and cells, piece by piece. */
const arrangement = (page: Page): Promise<string[]> =>
  page
    .locator('g.piece')
    .evaluateAll((els) => els.map((el) => `${el.getAttribute('data-at')} ${el.getAttribute('data-cells')}`));

describe('the board', () => {
  it('solves a practice puzzle by touch alone: taps, the Turn button, double taps, drags', async () => {
    const { page, errors } = await practice('phone');
    await solveWithTouch(page);
    await page.getByText('Solved! Well done.', { exact: true }).first().waitFor({ timeout: 10_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('after a double tap flips a piece, a finger drags whatever piece it touches next', async () => {
    const board = await practice('phone');
    const { page } = board;
    const [a, b] = await chiralAndOther(board);
    const before = await cellsOf(piece(page, a));
    const home = await piece(page, a).getAttribute('transform');
    const [x, y] = await pieceCell(piece(page, a));
    const finger = await Finger.on(page);
    await finger.doubleTap(x, y);
    await expect.poll(async () => shape(await cellsOf(piece(page, a)))).toBe(shape(flipped(board.grid, before)));
    await expect.poll(() => piece(page, a).getAttribute('class')).not.toContain('lifted');
    const target = board.region[0] ?? [0, 0];
    const lands = await dragOnto(board, b, target, finger);
    await expect.poll(() => piece(page, b).getAttribute('data-at')).toBe(lands);
    // The flipped piece stayed in the tray, where it was.
    await expect.poll(() => piece(page, a).getAttribute('data-at')).toBe('');
    await expect.poll(() => piece(page, a).getAttribute('transform')).toBe(home);
    expect(board.errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('after a double click flips a piece, the mouse drags the piece it grabs next, not the flipped one', async () => {
    const board = await practice('desktop');
    const { page } = board;
    const [a, b] = await chiralAndOther(board);
    const before = await cellsOf(piece(page, a));
    const [x, y] = await pieceCell(piece(page, a));
    await page.mouse.dblclick(x, y);
    await expect.poll(async () => shape(await cellsOf(piece(page, a)))).toBe(shape(flipped(board.grid, before)));
    const lands = await dragOnto(board, b, board.region[0] ?? [0, 0]);
    await expect.poll(() => piece(page, b).getAttribute('data-at')).toBe(lands);
    await expect.poll(() => piece(page, a).getAttribute('data-at')).toBe('');
    expect(board.errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('a tap on a piece soon after the Flip button does not flip it again', async () => {
    const board = await practice('phone');
    const { page } = board;
    const [a] = await chiralAndOther(board);
    const before = await cellsOf(piece(page, a));
    const flip = await centreOf(page.locator('.puzzle-tools button', { hasText: 'Flip' }));
    const [x, y] = await pieceCell(piece(page, a));
    // Tap, Flip, tap: quicker than a double tap (400 ms) apart.
    await page.touchscreen.tap(x, y);
    await page.touchscreen.tap(flip[0], flip[1]);
    const again = await pieceCell(piece(page, a));
    await page.touchscreen.tap(again[0], again[1]);
    await page.waitForTimeout(100);
    expect(shape(await cellsOf(piece(page, a)))).toBe(shape(flipped(board.grid, before)));
    expect(board.errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('outlines overlapping cells in red on every piece, the selected one too', async () => {
    const board = await practice('phone');
    const { page } = board;
    const finger = await Finger.on(page);
    // A on the board, then B dropped with its first cell on A's first cell.
    const target = board.region[0] ?? [0, 0];
    await dragOnto(board, 0, target, finger);
    await expect.poll(() => piece(page, 0).getAttribute('data-at')).not.toBe('');
    await dragOnto(board, 1, target, finger);
    await expect.poll(() => piece(page, 1).locator('.piece-cell.bad').count()).toBeGreaterThan(0);
    await expect.poll(() => piece(page, 1).getAttribute('class')).toContain('selected');
    const look = (cells: Locator): Promise<string[]> =>
      cells.evaluateAll((els) =>
        els.map((el) => {
          const s = getComputedStyle(el);
          return `${s.stroke} ${s.strokeWidth} ${s.strokeDasharray}`;
        }),
      );
    const warnings = await look(page.locator('g.piece .piece-cell.bad'));
    const fine = await look(page.locator('g.piece .piece-cell:not(.bad)'));
    // Every warning looks the same, selected piece or not, and unlike any cell that is fine.
    expect(new Set(warnings).size).toBe(1);
    expect(fine).not.toContain(warnings[0]);
    expect(board.errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('draws the piece dropped last on top of the one it was dropped on, and hands it to the next touch', async () => {
    const board = await practice('desktop');
    const { page } = board;
    const last = (await page.locator('g.piece').count()) - 1;
    // The last piece first, then the first piece onto it: drawn in the order A, B, C, the first would be underneath.
    const target = board.region[0] ?? [0, 0];
    await dragOnto(board, last, target);
    await expect.poll(() => piece(page, last).getAttribute('data-at')).not.toBe('');
    await dragOnto(board, 0, target);
    await expect.poll(() => piece(page, 0).locator('.piece-cell.bad').count()).toBeGreaterThan(0);
    const [x, y] = await boardCell(page, target);
    const onTop = (): Promise<string | null | undefined> =>
      page.evaluate(
        ([px, py]) => document.elementFromPoint(px, py)?.closest('[data-index]')?.getAttribute('data-index'),
        [x, y] as const,
      );
    await expect.poll(() => onTop()).toBe('0');
    // What is on top is what the mouse picks up: a drag from there moves the first piece again.
    const first = (await cellsOf(piece(page, 0)))[0] ?? [0, 0];
    const right = await boardCell(page, [target[0] + 1, target[1]]);
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(right[0], right[1], { steps: 8 });
    await page.mouse.up();
    await expect
      .poll(() => piece(page, 0).getAttribute('data-at'))
      .toBe(`${target[0] + 1 - first[0]},${target[1] - first[1]}`);
    expect(board.errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('ignores a context menu while a finger drags a piece: the piece is not turned, no menu opens', async () => {
    const board = await practice('phone');
    const { page } = board;
    const p = piece(page, 1);
    const before = await p.getAttribute('data-cells');
    const finger = await Finger.on(page);
    const from = await pieceCell(p);
    const cell = await boardCell(page, board.region[0] ?? [0, 0]);
    // The finger goes under the cell: a finger's drag carries the piece above it.
    const to = [cell[0], cell[1] + (await liftOn(page))] as const;
    await finger.down(from[0], from[1]);
    await finger.move((from[0] + to[0]) / 2, (from[1] + to[1]) / 2);
    // What Android sends on a long press, at the finger, whatever is under it.
    const prevented = await page.evaluate(
      ([x, y]) => {
        const menu = new PointerEvent('contextmenu', {
          bubbles: true,
          cancelable: true,
          composed: true,
          pointerType: 'touch',
          clientX: x,
          clientY: y,
        });
        document.elementFromPoint(x, y)?.dispatchEvent(menu);
        return menu.defaultPrevented;
      },
      [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2] as const,
    );
    expect(prevented).toBe(true);
    await expect.poll(() => p.getAttribute('data-cells')).toBe(before);
    // The drag goes on to the board.
    await finger.move(to[0], to[1]);
    await finger.up();
    await expect.poll(() => p.getAttribute('data-at')).not.toBe('');
    await expect.poll(() => p.getAttribute('data-cells')).toBe(before);
    expect(board.errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('a long press (Chromium’s own gesture) on a piece, then a drag, does not turn it', async () => {
    const board = await practice('phone');
    const { page } = board;
    const p = piece(page, 1);
    const before = await p.getAttribute('data-cells');
    await page.evaluate(() => {
      const seen: boolean[] = [];
      Object.assign(window, { menus: seen });
      window.addEventListener('contextmenu', (e) => seen.push(e.defaultPrevented));
    });
    // Chromium's touch emulation turns a held mouse button into a finger, with the gestures a
    // phone sees, the long press among them. Its input calls are answered late: sent, not awaited.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setEmitTouchEventsForMouse', { enabled: true, configuration: 'mobile' });
    const send = (type: 'mouseMoved' | 'mousePressed' | 'mouseReleased', x: number, y: number, buttons = 1): void => {
      cdp
        .send('Input.dispatchMouseEvent', { type, x, y, button: 'left', buttons, clickCount: 1 })
        .catch(() => undefined);
    };
    const [x, y] = await pieceCell(p);
    const [tx, cy] = await boardCell(page, board.region[0] ?? [0, 0]);
    // A finger's drag carries the piece above the finger: the finger goes under the cell.
    const ty = cy + (await liftOn(page));
    send('mouseMoved', x, y, 0);
    send('mousePressed', x, y);
    await expect.poll(() => page.evaluate(() => (window as unknown as { menus: boolean[] }).menus)).toEqual([true]);
    for (let k = 1; k <= 8; k++) send('mouseMoved', x + ((tx - x) * k) / 8, y + ((ty - y) * k) / 8);
    send('mouseReleased', tx, ty);
    await expect.poll(() => p.getAttribute('data-at')).not.toBe('');
    await expect.poll(() => p.getAttribute('data-cells')).toBe(before);
    expect(board.errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('shows a hinted piece with a glow of its own, not the dashed outline of a mistake', async () => {
    const board = await practice('desktop');
    const { page } = board;
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    const pinned = page.locator('g.piece.pinned');
    await pinned.first().waitFor();
    const look = await pinned.first().evaluate((g) => ({
      glow: getComputedStyle(g).filter,
      dashes: [...g.querySelectorAll('.piece-cell')].map((c) => getComputedStyle(c).strokeDasharray),
    }));
    expect(look.dashes.every((d) => d === 'none')).toBe(true);
    expect(look.glow).toContain('drop-shadow');
    // A piece that is not hinted has no glow.
    expect(
      await page
        .locator('g.piece:not(.pinned)')
        .first()
        .evaluate((g) => getComputedStyle(g).filter),
    ).toBe('none');
    expect(board.errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('while a finger drags a piece, shows under it the cells it would take, and which of them fit', async () => {
    const board = await practice('phone');
    const { page, region } = board;
    const finger = await Finger.on(page);
    // B on the board first, then A dragged with its first cell over B's first cell.
    const target = region[0] ?? [0, 0];
    const landsB = await dragOnto(board, 1, target, finger);
    await expect.poll(() => piece(page, 1).getAttribute('data-at')).toBe(landsB);
    const a = piece(page, 0);
    const cells = await cellsOf(a);
    const first = cells[0] ?? [0, 0];
    const at: Cell = [target[0] - first[0], target[1] - first[1]];
    const [bx, by] = landsB.split(',').map(Number);
    const taken = new Set((await cellsOf(piece(page, 1))).map(([x, y]) => `${x + (bx ?? 0)},${y + (by ?? 0)}`));
    const white = new Set(region.map((c) => c.join(',')));
    const expected = cells
      .map(([x, y]) => {
        const c = `${x + at[0]},${y + at[1]}`;
        return `${c} ${white.has(c) && !taken.has(c) ? 'fits' : 'clash'}`;
      })
      .sort();
    const preview = page.locator('.drop-preview polygon');
    const shown = (): Promise<string[]> =>
      preview.evaluateAll((els) =>
        els
          .map((el) => `${el.getAttribute('data-preview-cell')} ${el.classList.contains('fits') ? 'fits' : 'clash'}`)
          .sort(),
      );
    const from = await pieceCell(a);
    // The finger goes `lift` under the cell it aims at: the piece and its preview ride that far above it.
    const lift = await liftOn(page);
    const below = ([x, y]: readonly [number, number]): [number, number] => [x, y + lift];
    const to = below(await boardCell(page, target));
    await finger.down(from[0], from[1]);
    await finger.move(to[0], to[1]);
    await expect.poll(shown).toEqual(expected);
    expect(expected.some((c) => c.endsWith('clash'))).toBe(true);
    // On the board's own cells, above the finger, and drawn under the piece in hand.
    const [px, py] = await centreOf(
      page.locator(`.drop-preview polygon[data-preview-cell="${target[0]},${target[1]}"]`),
    );
    const [cx, cy] = await boardCell(page, target);
    expect(px).toBeCloseTo(cx, 0);
    expect(py).toBeCloseTo(cy, 0);
    const underneath = await page.evaluate(() => {
      const shadow = document.querySelector('.drop-preview');
      const inHand = document.querySelector('use.in-hand');
      return !!shadow && !!inHand && (shadow.compareDocumentPosition(inHand) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    });
    expect(underneath).toBe(true);
    // A cell further: the preview follows.
    const next = await boardCell(page, [target[0] + 1, target[1]]);
    await finger.move(...below(next), 4);
    await expect
      .poll(() =>
        page.locator(`.drop-preview polygon[data-preview-cell="${at[0] + 1 + first[0]},${at[1] + first[1]}"]`).count(),
      )
      .toBe(1);
    // Drawn there, on that board cell (the preview's layer moved by a whole cell).
    const [qx, qy] = await centreOf(
      page.locator(`.drop-preview polygon[data-preview-cell="${target[0] + 1},${target[1]}"]`),
    );
    expect(qx).toBeCloseTo(next[0], 0);
    expect(qy).toBeCloseTo(next[1], 0);
    // Off the board (the empty green under the tray): its cells are hidden, not taken away; back on it, shown again.
    const visibility = (): Promise<string> =>
      page.locator('.drop-preview').evaluate((g) => getComputedStyle(g).visibility);
    const stage = await page.locator('.puzzle-stage').boundingBox();
    if (!stage) throw new Error('no stage');
    // Under the board, in the tray: the piece rides above the finger, still off the board.
    const card = await page.locator('rect.board-back').boundingBox();
    await finger.move(
      stage.x + 30,
      Math.max(stage.y + stage.height * 0.7, (card?.y ?? 0) + (card?.height ?? 0) + lift + 40),
      4,
    );
    await expect.poll(visibility).toBe('hidden');
    await expect.poll(() => preview.count()).toBe(cells.length);
    await finger.move(...below(next), 4);
    await expect.poll(visibility).toBe('visible');
    // Let go: the piece lands where the preview said, and the preview goes.
    await finger.up();
    await expect.poll(() => a.getAttribute('data-at')).toBe(`${at[0] + 1},${at[1]}`);
    await expect.poll(() => preview.count()).toBe(0);
    expect(board.errors).toEqual([]);
    await page.context().close();
  }, 60_000);
  it('on a hexagon board too, draws the preview on the board cells under the finger', async () => {
    const board = await practice('phone');
    const { page } = board;
    // The puzzle's choice is folded away on a phone: opened with a tap, as a player would.
    await page.locator('details.choose summary').tap();
    await page.getByLabel('Deck').selectOption('extreme');
    const svg = page.locator('svg.puzzle-svg');
    await expect.poll(() => svg.getAttribute('data-grid')).toBe('hex');
    const region = JSON.parse((await svg.getAttribute('data-region')) ?? '[]') as Cell[];
    const finger = await Finger.on(page);
    const a = piece(page, 0);
    const cells = await cellsOf(a);
    const target = region[0] ?? [0, 0];
    await finger.down(...(await pieceCell(a)));
    const [tx, ty] = await boardCell(page, target);
    await finger.move(tx, ty + (await liftOn(page)));
    const preview = page.locator('.drop-preview polygon');
    await expect.poll(() => preview.count()).toBe(cells.length);
    // The grabbed cell's preview lies on the board's hexagon `lift` above the finger.
    const [px, py] = await centreOf(
      page.locator(`.drop-preview polygon[data-preview-cell="${target[0]},${target[1]}"]`),
    );
    const [cx, cy] = await boardCell(page, target);
    expect(px).toBeCloseTo(cx, 0);
    expect(py).toBeCloseTo(cy, 0);
    await finger.up();
    await expect.poll(() => preview.count()).toBe(0);
    expect(board.errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('takes moves back one by one with Ctrl+Z, Cmd+Z and the Undo button: drops, turns, flips, keyboard moves, back to tray', async () => {
    const board = await practice('desktop');
    const { page } = board;
    const undo = page.getByRole('button', { name: 'Undo' });
    expect(await undo.isDisabled()).toBe(true);
    const seen = [await arrangement(page)];
    // A drop; a right click turns a piece in the tray, a double click turns it over.
    const [a, b] = await chiralAndOther(board);
    const c = [0, 1, 2].find((i) => i !== a && i !== b) ?? 2;
    await dragOnto(board, b, board.region[0] ?? [0, 0]);
    await expect.poll(() => piece(page, b).getAttribute('data-at')).not.toBe('');
    seen.push(await arrangement(page));
    const [rx, ry] = await pieceCell(piece(page, a));
    await page.mouse.click(rx, ry, { button: 'right' });
    await expect.poll(() => arrangement(page)).not.toEqual(seen[1]);
    seen.push(await arrangement(page));
    const [fx, fy] = await pieceCell(piece(page, a));
    await page.mouse.dblclick(fx, fy);
    await expect.poll(() => arrangement(page)).not.toEqual(seen[2]);
    seen.push(await arrangement(page));
    // The keyboard: picked up onto the board, two cells to the right, put down: one move.
    await piece(page, c).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    seen.push(await arrangement(page));
    expect(seen[4]).not.toEqual(seen[3]);
    // Back to the tray, by its button, on the piece the keyboard moved.
    await page.getByRole('button', { name: 'Back to tray' }).click();
    await expect.poll(() => arrangement(page)).not.toEqual(seen[4]);

    await page.keyboard.press('Control+z');
    await expect.poll(() => arrangement(page)).toEqual(seen[4]);
    await page.keyboard.press('Control+z');
    await expect.poll(() => arrangement(page)).toEqual(seen[3]);
    await undo.click();
    await expect.poll(() => arrangement(page)).toEqual(seen[2]);
    await page.keyboard.press('Meta+z');
    await expect.poll(() => arrangement(page)).toEqual(seen[1]);
    await undo.click();
    await expect.poll(() => arrangement(page)).toEqual(seen[0]);
    await expect.poll(() => undo.isDisabled()).toBe(true);
    expect(board.errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('takes back a finger’s drag, and a turn, with a tap on Undo', async () => {
    const board = await practice('phone');
    const { page } = board;
    const before = await arrangement(page);
    const finger = await Finger.on(page);
    await dragOnto(board, 1, board.region[0] ?? [0, 0], finger);
    await expect.poll(() => piece(page, 1).getAttribute('data-at')).not.toBe('');
    const dropped = await arrangement(page);
    // Right after a drag, a busy Chromium may take the next tap for the end of the drag's fling and
    // drop it: the Turn button is tapped again only while nothing has turned (a frame renders a turn
    // long before the next look, so a turn is never tapped twice).
    const unchanged = async (): Promise<boolean> => JSON.stringify(await arrangement(page)) === JSON.stringify(dropped);
    await expect
      .poll(
        async () => {
          if (await unchanged()) await page.getByRole('button', { name: 'Turn' }).tap();
          return arrangement(page);
        },
        { interval: 700 },
      )
      .not.toEqual(dropped);
    await page.getByRole('button', { name: 'Undo' }).tap();
    await expect.poll(() => arrangement(page)).toEqual(dropped);
    await page.getByRole('button', { name: 'Undo' }).tap();
    await expect.poll(() => arrangement(page)).toEqual(before);
    expect(board.errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
