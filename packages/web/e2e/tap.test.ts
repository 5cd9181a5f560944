import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { centreOf, solveWithKeyboard, solveWithTaps } from './play.js';
import { chromiumAndServer, watchErrors } from './support.js';

/*
 * Tap to place, as a person plays a solo run without dragging: on a phone (390x844, real touch
 * events, taps only, not one touch move) and a desktop window (1366x800, mouse clicks only); and
 * the keyboard alone still solves. With UBONGO_SCREENSHOTS set, the board with a piece picked up
 * and its preview shown is saved there at both sizes, to look at.
 */

const real = chromiumAndServer();
const OUT = process.env['UBONGO_SCREENSHOTS'];

/** A solo run of five puzzles on a phone (touch) or a desktop (mouse), started, its board shown. */
async function soloRun(on: 'phone' | 'desktop'): Promise<{ page: Page; errors: string[] }> {
  const context = await real.browser.newContext(
    on === 'phone'
      ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'en-GB' }
      : { viewport: { width: 1366, height: 800 }, locale: 'en-GB' },
  );
  await context.addInitScript(() => {
    localStorage.setItem('ubongo.name', 'Tam');
  });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${real.server.url}/#/solo`);
  await page.getByLabel('Number of puzzles').check();
  await page.getByRole('button', { name: 'Start' }).click();
  await expect.poll(() => page.getByText('0 of 5 solved').count()).toBe(1);
  await page.locator('svg.puzzle-svg g.piece').first().waitFor();
  // Every touch move and every move of a finger's pointer the page is sent, counted.
  await page.evaluate(() => {
    const moves = { touch: 0 };
    Object.assign(window, { moves });
    window.addEventListener('touchmove', () => (moves.touch += 1), { capture: true });
    window.addEventListener(
      'pointermove',
      (e) => {
        if (e.pointerType === 'touch') moves.touch += 1;
      },
      { capture: true },
    );
  });
  return { page, errors };
}

const touchMoves = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { moves: { touch: number } }).moves.touch);

describe('tap to place', () => {
  it('solves a solo puzzle on a phone by taps alone, not one touch move', async () => {
    const { page, errors } = await soloRun('phone');
    await solveWithTaps(page, 'touch');
    await expect.poll(() => page.getByText('1 of 5 solved').count(), { timeout: 10_000 }).toBe(1);
    expect(await touchMoves(page)).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('solves a solo puzzle on a desktop with mouse clicks only', async () => {
    const { page, errors } = await soloRun('desktop');
    let drags = 0;
    await page.exposeFunction('noteDrag', () => (drags += 1));
    await page.evaluate(() => {
      // A button held down and moved over the board would be a drag: none is made.
      window.addEventListener('pointermove', (e) => {
        if (e.buttons !== 0) (window as unknown as { noteDrag: () => void }).noteDrag();
      });
    });
    await solveWithTaps(page, 'mouse');
    await expect.poll(() => page.getByText('1 of 5 solved').count(), { timeout: 10_000 }).toBe(1);
    expect(drags).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('solves a solo puzzle with the keyboard alone', async () => {
    const { page, errors } = await soloRun('desktop');
    await page.locator('main').focus();
    await solveWithKeyboard(page);
    await expect.poll(() => page.getByText('1 of 5 solved').count(), { timeout: 10_000 }).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it.each(['phone', 'desktop'] as const)(
    'on a %s: a tap on a cell shows the preview, another cell moves it, a tap in the tray sends the piece back',
    async (on) => {
      const { page, errors } = await soloRun(on);
      const tap = async (x: number, y: number): Promise<void> => {
        if (on === 'phone') await page.touchscreen.tap(x, y);
        else await page.mouse.click(x, y);
      };
      const svg = page.locator('svg.puzzle-svg');
      const region = JSON.parse((await svg.getAttribute('data-region')) ?? '[]') as [number, number][];
      const piece = page.locator('g.piece[data-index="0"]');
      await page.locator('.puzzle').scrollIntoViewIfNeeded();
      const home = await centreOf(piece.locator('polygon.piece-cell').first());
      await tap(...home);
      await expect.poll(() => svg.getAttribute('data-held')).toBe('0');
      await expect.poll(() => piece.getAttribute('class')).toContain('lifted');
      await expect.poll(() => page.getByTestId('announcer').textContent()).toMatch(/^Piece A picked up/);
      // Picked up, it has not moved: it waits for a cell.
      await expect.poll(() => piece.getAttribute('data-at')).toBe('');
      const [a, b] = [region[0], region[region.length - 1]] as [[number, number], [number, number]];
      const cell = (c: [number, number]) => page.locator(`polygon[data-board-cell="${c[0]},${c[1]}"]`);
      const first = (JSON.parse((await piece.getAttribute('data-cells')) ?? '[]') as [number, number][])[0] ?? [0, 0];
      await tap(...(await centreOf(cell(a))));
      await expect.poll(() => svg.getAttribute('data-aim')).toBe(`${a[0] - first[0]},${a[1] - first[1]}`);
      await expect
        .poll(() => page.getByTestId('announcer').textContent())
        .toMatch(`Piece A would go at column ${a[0] + 1}, row ${a[1] + 1}`);
      // The preview is drawn on the board, where the piece would go.
      await expect.poll(() => page.locator('.drop-preview polygon').count()).toBeGreaterThan(0);
      await expect
        .poll(() => page.locator('.drop-preview').evaluate((g) => getComputedStyle(g).visibility))
        .toBe('visible');
      if (OUT) {
        const dir = resolve(OUT);
        mkdirSync(dir, { recursive: true });
        await page.screenshot({ path: join(dir, `${on}-tap-preview.png`) });
      }
      // Another cell moves the preview; nothing is put down yet.
      await tap(...(await centreOf(cell(b))));
      await expect.poll(() => svg.getAttribute('data-aim')).toBe(`${b[0] - first[0]},${b[1] - first[1]}`);
      await expect.poll(() => piece.getAttribute('data-at')).toBe('');
      // The Turn button acts on the piece picked up, which stays picked up.
      await page.locator('.puzzle-tools button', { hasText: 'Turn' }).click();
      await expect.poll(() => svg.getAttribute('data-held')).toBe('0');
      // A tap on the preview puts it down there.
      const landed = (await svg.getAttribute('data-aim')) ?? '';
      await tap(...(await centreOf(cell(b))));
      await expect.poll(() => piece.getAttribute('data-at')).toBe(landed);
      await expect.poll(() => svg.getAttribute('data-held')).toBe('');
      // A tap on the placed piece picks it up again; a tap in the tray, away from the board, sends it back.
      await page.waitForTimeout(450);
      await tap(...(await centreOf(piece.locator('polygon.piece-cell').first())));
      await expect.poll(() => svg.getAttribute('data-held')).toBe('0');
      const box = await svg.boundingBox();
      if (!box) throw new Error('no board');
      // (The corner above the tray and beside the board: off the board's card, no piece there.)
      await tap(box.x + 4, box.y + 4);
      await expect.poll(() => piece.getAttribute('data-at')).toBe('');
      await expect.poll(() => svg.getAttribute('data-held')).toBe('');
      expect(errors).toEqual([]);
      await page.context().close();
    },
    90_000,
  );
});
