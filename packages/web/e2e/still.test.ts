import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { On } from './support.js';
import { chromiumAndServer, SIZES, watchErrors } from './support.js';

/*
 * A screen in play stays still where nothing happens: while the clock runs and nobody touches
 * anything, the board's DOM is not changed at all (a MutationObserver on the board counts every
 * change), though the clock beside it changes each second. A board re-rendered with the clock
 * would change at least its own attributes and text in that time.
 */

const real = chromiumAndServer();

async function open(on: On, hash = ''): Promise<{ page: Page; errors: string[] }> {
  const context = await real.browser.newContext({ ...SIZES[on], locale: 'en-GB' });
  await context.addInitScript(() => {
    localStorage.setItem('ubongo.name', 'Pat');
    localStorage.setItem('ubongo.tutorial', 'skipped');
  });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${real.server.url}/#/${hash}`);
  return { page, errors };
}

/**
 * The changes made over `ms` to the board (`.puzzle`, all of it: the picture, the tray, the buttons,
 * the status line) and to the clock (`clock`), each of the board's described in a few words.
 */
async function changesOver(page: Page, clock: string, ms: number): Promise<{ board: string[]; clock: number }> {
  await page.evaluate((clockSelector) => {
    const seen = { board: [] as string[], clock: 0 };
    (window as unknown as { seen: typeof seen }).seen = seen;
    const board = document.querySelector('.puzzle');
    const ticking = document.querySelector(clockSelector);
    if (!board || !ticking) throw new Error('no board or no clock');
    const options = { subtree: true, childList: true, attributes: true, characterData: true };
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target instanceof Element ? r.target : r.target.parentElement;
        seen.board.push(
          `${r.type} ${r.attributeName ?? ''} on ${el?.tagName ?? '?'}.${el?.getAttribute('class') ?? ''}`,
        );
      }
    }).observe(board, options);
    new MutationObserver((records) => {
      seen.clock += records.length;
    }).observe(ticking, options);
  }, clock);
  // No input at all meanwhile: only the clock and the server's messages move anything.
  await page.waitForTimeout(ms);
  return page.evaluate(() => (window as unknown as { seen: { board: string[]; clock: number } }).seen);
}

describe('a screen in play stays still', () => {
  it('a round, phone: for 5 s without input the board does not change while the sand runs', async () => {
    const { page, errors } = await open('phone');
    await page.getByRole('button', { name: 'Create a table' }).tap();
    await page.getByTestId('room-code').waitFor();
    await page.getByLabel('Rounds').selectOption('1');
    await page.getByLabel('Hourglass').selectOption('300');
    await page.getByRole('combobox', { name: /^Bot/ }).selectOption('beginner');
    await page.getByRole('button', { name: 'Add a bot' }).tap();
    await page.locator('.seat-name', { hasText: 'Beginner bot 1' }).waitFor();
    await page.getByRole('button', { name: 'Start the game' }).tap();
    await page.locator('svg.puzzle-svg').waitFor();
    // The board once drawn (measured and laid out in its first frames).
    await page.waitForTimeout(1000);
    const seen = await changesOver(page, '.hourglass', 5000);
    expect(seen.board).toEqual([]);
    // The hourglass ran meanwhile: its seconds, its sand and its bar, every second.
    expect(seen.clock).toBeGreaterThanOrEqual(4);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('a solo run, desktop: for 5 s without input the board does not change while the clock runs', async () => {
    const { page, errors } = await open('desktop', 'solo');
    await page.getByRole('button', { name: 'Start' }).click();
    await page.locator('svg.puzzle-svg').waitFor();
    await page.waitForTimeout(1000);
    const seen = await changesOver(page, '.solo-clock', 5000);
    expect(seen.board).toEqual([]);
    expect(seen.clock).toBeGreaterThanOrEqual(4);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
