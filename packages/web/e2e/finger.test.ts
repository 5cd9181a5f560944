import type { Cell } from '@ubongo/core';
import type { CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rotated } from '../src/play/geometry.js';
import { centreOf, liftOn } from './play.js';
import { chromiumAndServer, SIZES, watchErrors } from './support.js';

/*
 * A finger on the board of the practice screen on a phone (390x844, Chromium's own touch input
 * through the DevTools protocol): a dragged piece rides above the finger with its drop preview,
 * and a second finger during the drag turns the piece rather than cancel the drag.
 */

const real = chromiumAndServer();

async function practice(): Promise<{ page: Page; errors: string[]; cdp: CDPSession; region: Cell[] }> {
  const context = await real.browser.newContext({ ...SIZES.phone, locale: 'en-GB' });
  await context.addInitScript(() => {
    localStorage.setItem('ubongo.name', 'Pat');
  });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${real.server.url}/#/practice`);
  const svg = page.locator('svg.puzzle-svg');
  await svg.waitFor();
  const region = JSON.parse((await svg.getAttribute('data-region')) ?? '[]') as Cell[];
  return { page, errors, cdp: await context.newCDPSession(page), region };
}

type Point = readonly [number, number];
/** The touch points on the screen, each with its id (the finger). */
const touch = (cdp: CDPSession, type: 'touchStart' | 'touchMove' | 'touchEnd', points: Point[]): Promise<unknown> =>
  cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: points.map(([x, y], id) => ({ x, y, id })),
  });
/** One finger sliding from `from` to `to` in `steps` moves, `others` held still. */
async function slide(cdp: CDPSession, from: Point, to: Point, steps = 8): Promise<void> {
  for (let k = 1; k <= steps; k++)
    await touch(cdp, 'touchMove', [
      [from[0] + ((to[0] - from[0]) * k) / steps, from[1] + ((to[1] - from[1]) * k) / steps],
    ]);
}

const cellsOf = async (page: Page, i: number): Promise<Cell[]> =>
  JSON.parse((await page.locator(`g.piece[data-index="${i}"]`).getAttribute('data-cells')) ?? '[]') as Cell[];
const shown = (page: Page): Promise<string[]> =>
  page
    .locator('.drop-preview polygon')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-preview-cell') ?? '').sort());

/** A dot drawn where the finger touches, for the screenshot. */
const mark = (page: Page, [x, y]: Point): Promise<void> =>
  page.evaluate(
    ([px, py]) => {
      const dot = document.createElement('div');
      dot.className = 'test-finger';
      Object.assign(dot.style, {
        position: 'fixed',
        left: `${px - 20}px`,
        top: `${py - 20}px`,
        width: '40px',
        height: '40px',
        borderRadius: '50%',
        background: '#0008',
        border: '2px solid #fff',
        pointerEvents: 'none',
        zIndex: '99',
      });
      document.body.append(dot);
    },
    [x, y] as const,
  );

describe('a finger on the board', () => {
  it('carries the piece and its preview above the finger, and puts it down where the preview shows', async () => {
    const { page, errors, cdp, region } = await practice();
    const lift = await liftOn(page);
    // A row and a half of 44 px cells at least: the cell held clears the fingertip.
    expect(lift).toBeGreaterThanOrEqual(64);
    const piece = page.locator('g.piece[data-index="0"]');
    const cells = await cellsOf(page, 0);
    const first = cells[0] ?? [0, 0];
    const target = region[0] ?? [0, 0];
    const from = await centreOf(piece.locator('polygon.piece-cell').first());
    const cell = await centreOf(page.locator(`polygon[data-board-cell="${target[0]},${target[1]}"]`));
    // The finger aims `lift` under the cell its piece's first cell should take, as a player learns to.
    const finger = [cell[0], cell[1] + lift] as const;
    await touch(cdp, 'touchStart', [from]);
    await slide(cdp, from, finger);
    const expected = cells.map(([x, y]) => `${x - first[0] + target[0]},${y - first[1] + target[1]}`).sort();
    await expect.poll(() => shown(page)).toEqual(expected);
    const landing = await shown(page);
    // The preview's first cell on that board cell, above the finger; the piece in hand drawn over the preview.
    const [px, py] = await centreOf(
      page.locator(`.drop-preview polygon[data-preview-cell="${target[0]},${target[1]}"]`),
    );
    expect(px).toBeCloseTo(cell[0], 0);
    expect(py).toBeCloseTo(finger[1] - lift, 0);
    const inHand = await page.locator('use.in-hand').boundingBox();
    // The preview's cells (its layer has room around them for the strokes), and a cell's size.
    const preview = await page.evaluate(() => {
      const boxes = [...document.querySelectorAll('.drop-preview polygon')].map((el) => el.getBoundingClientRect());
      return {
        x: Math.min(...boxes.map((b) => b.left)),
        y: Math.min(...boxes.map((b) => b.top)),
        cell: boxes[0]?.width ?? 0,
      };
    });
    // Within a tenth of a cell (the piece in hand is drawn lifted a little, with its shadow).
    expect(Math.abs((inHand?.x ?? 0) - preview.x)).toBeLessThan(preview.cell / 10);
    expect(Math.abs((inHand?.y ?? 0) - preview.y)).toBeLessThan(preview.cell / 10);
    await mark(page, finger);
    await page.screenshot({ path: '/tmp/shots/board/drag-phone.png' });
    // Let go: it lands on the preview's cells.
    await touch(cdp, 'touchEnd', []);
    await expect.poll(() => page.locator('.drop-preview polygon').count()).toBe(0);
    const at = (await piece.getAttribute('data-at')) ?? '';
    const [ax, ay] = at.split(',').map(Number);
    expect(cells.map(([x, y]) => `${x + (ax ?? 0)},${y + (ay ?? 0)}`).sort()).toEqual(landing);
    // With the mouse nothing changes: on a desktop the piece lies under the pointer (board.test.ts).
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('turns the piece in hand at a second finger’s touch, and the drag goes on', async () => {
    const { page, errors, cdp, region } = await practice();
    const lift = await liftOn(page);
    const i = 1;
    const piece = page.locator(`g.piece[data-index="${i}"]`);
    const before = await cellsOf(page, i);
    const from = await centreOf(piece.locator('polygon.piece-cell').first());
    const target = region[0] ?? [0, 0];
    const cell = await centreOf(page.locator(`polygon[data-board-cell="${target[0]},${target[1]}"]`));
    const to = [cell[0], cell[1] + lift] as const;
    await touch(cdp, 'touchStart', [from]);
    await slide(cdp, from, to);
    await expect.poll(() => page.locator('.drop-preview polygon').count()).toBe(before.length);
    // A second finger taps the felt beside the tray, then lets go while the first stays.
    const felt = await page.locator('.puzzle').boundingBox();
    if (!felt) throw new Error('no felt');
    const second = [felt.x + felt.width - 20, felt.y + felt.height / 2] as const;
    await touch(cdp, 'touchStart', [to, second]);
    await touch(cdp, 'touchMove', [to]);
    await expect.poll(() => cellsOf(page, i)).toEqual(rotated('square', before));
    // Still in the first finger: it follows on, and lands turned where it is let go.
    await expect.poll(() => page.locator('svg.puzzle-svg').getAttribute('class')).toContain('dragging');
    const landing = await shown(page);
    expect(landing.length).toBe(before.length);
    await slide(cdp, to, [to[0] + 1, to[1] + 1], 2);
    await touch(cdp, 'touchEnd', []);
    await expect.poll(() => piece.getAttribute('data-at')).not.toBe('');
    const [ax, ay] = ((await piece.getAttribute('data-at')) ?? '').split(',').map(Number);
    const now = await cellsOf(page, i);
    expect(now).toEqual(rotated('square', before));
    expect(now.map(([x, y]) => `${x + (ax ?? 0)},${y + (ay ?? 0)}`).sort()).toEqual(landing);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
