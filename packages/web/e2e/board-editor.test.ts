import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { On } from './support.js';
import { SIZES, chromiumAndServer, claimedAccount, watchErrors } from './support.js';
import { seriousViolations } from './axe.js';
import { centreOf, Finger } from './play.js';

/*
 * The board editor as a person uses it (docs/boards.md): on a phone, a finger draws the white area
 * in strokes and taps a stray cell, the pieces are chosen, Save is refused with the reason and the
 * cell marked; the stray cell tapped away, Save gives the share code; the shared board's page shows
 * it with its times board. On a desktop the same with a mouse. Screenshots go to
 * UBONGO_BOARD_SHOTS (/tmp/shots/boards) to look at; axe finds nothing serious on either screen.
 */

const real = chromiumAndServer();
const SHOTS = process.env['UBONGO_BOARD_SHOTS'] ?? '/tmp/shots/boards';

async function pageAt(size: On, session: string): Promise<Page> {
  const context = await real.browser.newContext({ ...SIZES[size], locale: 'en-GB', bypassCSP: true });
  await context.addInitScript((token) => {
    localStorage.setItem('ubongo.session', token);
  }, session);
  return context.newPage();
}

const cell = (page: Page, x: number, y: number) => page.locator(`[data-cell="${x},${y}"]`);

/** Draws rows 0 and 1 of three cells each, and a stray cell at (4, 0): by finger strokes and a tap, or by mouse. */
async function draw(page: Page, size: On): Promise<void> {
  if (size === 'phone') {
    const finger = await Finger.on(page);
    for (const y of [0, 1]) await finger.drag(await centreOf(cell(page, 0, y)), await centreOf(cell(page, 2, y)));
    const [x, y] = await centreOf(cell(page, 4, 0));
    await finger.down(x, y);
    await finger.up();
    await finger.detach();
    return;
  }
  for (const y of [0, 1]) {
    const [x0, y0] = await centreOf(cell(page, 0, y));
    const [x1] = await centreOf(cell(page, 2, y));
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    await page.mouse.move(x1, y0, { steps: 6 });
    await page.mouse.up();
  }
  await cell(page, 4, 0).click();
}

it('draws a board by touch, is refused with the cell, saves it, and shows the shared board with its times', async () => {
  const { server, url } = real.server;
  mkdirSync(SHOTS, { recursive: true });
  const tag = Date.now().toString(36).slice(-5);
  for (const size of ['phone', 'desktop'] as const) {
    const maker = await claimedAccount(url, 'Maker', `mk_${size}_${tag}`);
    const page = await pageAt(size, maker.session);
    const errors = watchErrors(page);
    const press = (locator: ReturnType<Page['locator']>) => (size === 'phone' ? locator.tap() : locator.click());
    await page.goto(`${url}/#/boards`);
    await expect.poll(() => page.getByTestId('editor-grid').isVisible()).toBe(true);
    await draw(page, size);
    await expect.poll(() => page.locator('.editor-cell.white').count()).toBe(7);
    for (let i = 0; i < 2; i++) await press(page.getByRole('button', { name: 'Add I3' }));
    await press(page.getByRole('button', { name: 'Save and share' }));
    const refused = page.getByTestId('board-refused');
    await expect.poll(() => refused.textContent()).toContain('The white area is not in one piece. (cell 4, 0, marked)');
    expect(await cell(page, 4, 0).getAttribute('class')).toContain('refused');
    await refused.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `editor-refused-${size}.png`), fullPage: true });
    expect(await seriousViolations(page, `board editor (${size})`)).toEqual([]);

    // The stray cell taken away: saved, with its code and link.
    await press(cell(page, 4, 0));
    await expect.poll(() => page.locator('.editor-cell.white').count()).toBe(6);
    await press(page.getByRole('button', { name: 'Save and share' }));
    const made = page.getByTestId('board-made');
    await expect.poll(() => made.textContent()).toContain('Saved: the server found 1 solution.');
    const code = (await made.locator('.code').textContent()) ?? '';
    expect(code).toMatch(/^[2-9a-z]{8}$/);

    // A time on its board, as a solved run of it leaves one; then its page.
    const run = await server.stores.soloRuns.saveSolo({
      player: 'Maker',
      mode: 'count',
      limit: 1,
      side: 'easy',
      solved: 1,
      skipped: 0,
      ms: 12_000,
      seed: 1,
      finishedAt: Date.now(),
      accountId: maker.id,
      verified: true,
      dealing: 'board',
      puzzles: [{ board: code, side: 'easy', key: '1', outcome: 'solved', ms: 12_000 }],
    });
    await server.stores.boards.saveBoardTime({ board: code, accountId: maker.id, run, ms: 12_000, at: Date.now() });
    await press(made.getByRole('link'));
    const times = page.getByTestId('board-times');
    await expect.poll(() => times.textContent()).toContain('0:12');
    await page.screenshot({ path: join(SHOTS, `shared-board-${size}.png`), fullPage: true });
    expect(await seriousViolations(page, `shared board (${size})`)).toEqual([]);
    // The refusal is the server's 422, which the browser logs as a failed load: expected here.
    expect(errors.filter((e) => !e.includes('status of 422'))).toEqual([]);
    await page.context().close();
  }
}, 120_000);
