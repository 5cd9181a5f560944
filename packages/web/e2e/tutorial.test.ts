import type { Cell } from '@ubongo/core';
import { knownPiece, normalize, solveFirst } from '@ubongo/core';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { centreOf, Finger } from './play.js';
import type { On } from './support.js';
import { chromiumAndServer, SIZES, watchErrors } from './support.js';

/*
 * The first-play tutorial as a new player meets it, on a phone (390x844, real touch events) and a
 * desktop window (1366x800, mouse): offered on the home page, three steps that move on when the
 * gesture is made on the board, the board covered at the end, remembered, skippable, and reachable
 * again from the how-to page.
 */

const real = chromiumAndServer();

/** A first visit: nothing remembered but a name. */
async function firstVisit(on: On): Promise<{ page: Page; errors: string[] }> {
  const context = await real.browser.newContext({ ...SIZES[on], locale: 'en-GB' });
  await context.addInitScript(() => {
    localStorage.setItem('ubongo.name', 'Ada');
  });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(real.server.url);
  return { page, errors };
}

async function press(on: On, target: Locator): Promise<void> {
  if (on === 'phone') await target.tap();
  else await target.click();
}

const offer = (page: Page): Locator => page.getByRole('heading', { name: 'New here?' });
const step = (page: Page): Promise<string | null> => page.locator('.tutorial-say').getAttribute('data-step');
const piece = (page: Page, i: number): Locator => page.locator(`g.piece[data-index="${i}"]`);
const cellsOf = async (el: Locator): Promise<Cell[]> =>
  JSON.parse((await el.getAttribute('data-cells')) ?? '[]') as Cell[];
const key = (cells: readonly Cell[]): string =>
  normalize(cells)
    .map((c) => c.join(','))
    .join(' ');

/** Where each piece of the board on the page goes, by the engine: its cells on the board, by index. */
async function targets(page: Page): Promise<Cell[][]> {
  const svg = page.locator('svg.puzzle-svg');
  const region = JSON.parse((await svg.getAttribute('data-region')) ?? '[]') as Cell[];
  const ids = JSON.parse((await svg.getAttribute('data-needed')) ?? '[]') as string[];
  const pieces = ids.map((id) => ({ id, cells: normalize(knownPiece(id)?.cells ?? []) }));
  const solution = solveFirst({ grid: 'square', region, pieces }).solution ?? [];
  return ids.map((id) => (solution.find((p) => p.piece === id)?.cells ?? []).map(([x, y]) => [x, y] as const));
}

/** Drags piece `i`, as it lies now, so that it covers `cells` of the board: with a finger or the mouse. */
async function dragTo(on: On, page: Page, i: number, cells: readonly Cell[]): Promise<void> {
  const now = await cellsOf(piece(page, i));
  const grab = now[0] ?? [0, 0];
  const minX = Math.min(...cells.map((c) => c[0]));
  const minY = Math.min(...cells.map((c) => c[1]));
  const from = await centreOf(piece(page, i).locator(`polygon[data-cell="${grab[0]},${grab[1]}"]`));
  const to = await centreOf(page.locator(`polygon[data-board-cell="${grab[0] + minX},${grab[1] + minY}"]`));
  if (on === 'phone') {
    const finger = await Finger.on(page);
    await finger.carry(from, to);
    await finger.detach();
  } else {
    await page.mouse.move(...from);
    await page.mouse.down();
    await page.mouse.move(...to, { steps: 8 });
    await page.mouse.up();
  }
  await expect.poll(() => piece(page, i).getAttribute('data-at')).toBe(`${minX},${minY}`);
}

/**
 * Taps a piece to pick it for the buttons. Right after a finger's drag, a busy Chromium may take
 * the tap for the end of the drag's fling: a person who sees the piece not picked taps again
 * (after a pause, or the two taps would flip it).
 */
async function tapPiece(page: Page, i: number): Promise<void> {
  for (let tries = 0; tries < 2; tries++) {
    await page.touchscreen.tap(...(await centreOf(piece(page, i).locator('polygon').first())));
    const picked = await page
      .waitForFunction((k) => document.querySelector(`g.piece[data-index="${k}"]`)?.classList.contains('selected'), i, {
        timeout: 600,
      })
      .then(
        () => true,
        () => false,
      );
    if (picked) return;
  }
  throw new Error(`piece ${i} was not picked`);
}

describe.each(['phone', 'desktop'] as const)('the tutorial, %s', (on) => {
  it('is offered on a first visit and teaches drag, turn and flip, each step moving on when done', async () => {
    const { page, errors } = await firstVisit(on);
    await offer(page).waitFor();
    await press(on, page.getByRole('link', { name: 'Show me how' }));
    await page.locator('svg.puzzle-svg').waitFor();
    expect(page.url()).toMatch(/#\/tutorial$/);
    expect(await page.title()).toBe('Tutorial · Ubongo');
    const say = page.locator('.tutorial-say');
    // The words are for the hand in use.
    await expect.poll(() => say.textContent()).toContain(on === 'phone' ? 'Put your finger on' : 'with the mouse');
    expect(await step(page)).toBe('drag');
    const [a = [], b = [], c = []] = await targets(page);
    // The board keeps its scale from step to step, whatever the length of the words above it.
    const cell = async (): Promise<number> =>
      (await page.locator('polygon[data-board-cell]').first().boundingBox())?.width ?? 0;
    const size = await cell();
    expect(size).toBeGreaterThan(20);

    // 1. Drag: A lies as it must; onto the board with it.
    await dragTo(on, page, 0, a);
    await expect.poll(() => step(page)).toBe('turn');
    await expect.poll(() => page.locator('.tutorial-steps li.finished').count()).toBe(1);
    await expect.poll(() => page.locator('[aria-current="step"]').textContent()).toContain('Turn');
    await expect.poll(() => say.textContent()).toContain(on === 'phone' ? 'tap Turn' : 'Right-click B');
    expect(await cell()).toBeCloseTo(size, 1);

    // 2. Turn: B stands up, its place lies down; one quarter turn.
    const bBefore = await cellsOf(piece(page, 1));
    if (on === 'phone') {
      await tapPiece(page, 1);
      await page.locator('.puzzle-tools button', { hasText: 'Turn' }).tap();
    } else {
      await page.mouse.click(...(await centreOf(piece(page, 1).locator('polygon').first())), { button: 'right' });
    }
    await expect.poll(() => step(page)).toBe('flip');
    await expect.poll(async () => key(await cellsOf(piece(page, 1)))).not.toBe(key(bBefore));
    await expect.poll(async () => key(await cellsOf(piece(page, 1)))).toBe(key(b));
    await expect.poll(() => say.textContent()).toContain(on === 'phone' ? 'double-tap' : 'double-click');
    expect(await cell()).toBeCloseTo(size, 1);

    // 3. Flip, then cover the board: C turned over, then B and C down.
    const grip = await centreOf(piece(page, 2).locator('polygon').first());
    if (on === 'phone') {
      await page.touchscreen.tap(...grip);
      await page.touchscreen.tap(...grip);
    } else {
      await page.mouse.dblclick(...grip);
    }
    await expect.poll(async () => key(await cellsOf(piece(page, 2)))).toBe(key(c));
    await expect.poll(() => page.locator('.tutorial-done').count()).toBe(0);
    await dragTo(on, page, 1, b);
    await expect.poll(() => page.locator('.tutorial-done').count()).toBe(0);
    await dragTo(on, page, 2, c);
    const done = page.getByRole('heading', { name: 'Well done: you know the moves!' });
    await done.waitFor();
    await expect.poll(() => page.locator('.tutorial-steps li.finished').count()).toBe(3);
    await expect.poll(() => page.locator('svg.puzzle-svg').getAttribute('data-complete')).toBe('true');
    // What comes next, on the screen.
    await expect.poll(() => page.getByRole('link', { name: 'Solo' }).isVisible()).toBe(true);

    // Remembered: the home page no longer offers it, after a reload too.
    await page.goto(`${real.server.url}/#/`);
    await page.getByRole('button', { name: 'Create a table' }).waitFor();
    await expect.poll(() => offer(page).count()).toBe(0);
    await page.reload();
    await page.getByRole('button', { name: 'Create a table' }).waitFor();
    await expect.poll(() => offer(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('can be declined on the home page or skipped, and is there again on the how-to page', async () => {
    const { page, errors } = await firstVisit(on);
    // Declined: gone, and not back on the next visit.
    await press(on, page.getByRole('button', { name: 'No, thanks' }));
    await expect.poll(() => offer(page).count()).toBe(0);
    await page.reload();
    await page.getByRole('button', { name: 'Create a table' }).waitFor();
    await expect.poll(() => offer(page).count()).toBe(0);
    // Still there from the how-to page.
    await press(on, page.getByRole('link', { name: 'How to play' }).first());
    await press(on, page.getByRole('link', { name: 'Tutorial', exact: true }));
    await page.locator('svg.puzzle-svg').waitFor();
    expect(await step(page)).toBe('drag');
    // Skipped: back home.
    await press(on, page.getByRole('link', { name: 'Skip the tutorial' }));
    await page.getByRole('button', { name: 'Create a table' }).waitFor();
    expect(page.url()).toMatch(/#\/$/);
    await expect.poll(() => offer(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();

    // Skipped from the tutorial itself, on another first visit: not offered again either.
    const other = await firstVisit(on);
    await press(on, other.page.getByRole('link', { name: 'Show me how' }));
    await press(on, other.page.getByRole('link', { name: 'Skip the tutorial' }));
    await other.page.getByRole('button', { name: 'Create a table' }).waitFor();
    await expect.poll(() => offer(other.page).count()).toBe(0);
    expect(other.errors).toEqual([]);
    await other.page.context().close();
  }, 60_000);
});
