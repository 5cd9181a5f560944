import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { solveWithMouse, solveWithTouch } from './play.js';
import { chromiumAndServer } from './support.js';

/*
 * `npm run screenshots`: every screen on a phone-sized (390x844) and a desktop-sized (1366x800) window, as PNG files in
 * UBONGO_SCREENSHOTS (./screenshots), to look at. Not part of `npm test` (skipped without it).
 */

const OUT = process.env['UBONGO_SCREENSHOTS'];
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 800 } } as const;

describe.skipIf(!OUT)('screenshots', () => {
  const real = chromiumAndServer(2);

  async function open(size: keyof typeof SIZES, hash = '', touch = false): Promise<Page> {
    const context = await real.browser.newContext({
      viewport: SIZES[size],
      locale: 'en-GB',
      deviceScaleFactor: 1,
      ...(touch ? { hasTouch: true, isMobile: true } : {}),
    });
    await context.addInitScript(() => {
      localStorage.setItem('ubongo.name', 'Ada');
    });
    const page = await context.newPage();
    await page.goto(`${real.server.url}/#/${hash}`);
    return page;
  }
  const shot = async (page: Page, size: string, name: string): Promise<void> => {
    const dir = resolve(OUT ?? 'screenshots');
    mkdirSync(dir, { recursive: true });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(dir, `${size}-${name}.png`), fullPage: true });
  };

  /** A table with bots, started, in the given edition. */
  async function table(size: keyof typeof SIZES, edition: string, rounds = '2'): Promise<Page> {
    const page = await open(size);
    await page.getByRole('button', { name: 'Create a table' }).click();
    await page.getByTestId('room-code').waitFor();
    await page.getByLabel('Edition').selectOption(edition);
    await page.getByLabel('Rounds').selectOption(rounds);
    await page.getByLabel('Hourglass').selectOption('120');
    for (const level of ['casual', 'master']) {
      await page.getByRole('combobox', { name: /^Bot/ }).selectOption(level);
      await page.getByRole('button', { name: 'Add a bot' }).click();
    }
    await page.getByText(/bot 2/).waitFor();
    return page;
  }

  // UBONGO_SCREENSHOT_SIZE=phone (or desktop) for one size only.
  const only = process.env['UBONGO_SCREENSHOT_SIZE'];
  for (const size of (['phone', 'desktop'] as const).filter((s) => !only || s === only)) {
    it(`every screen, ${size}`, async () => {
      let page = await open(size);
      await shot(page, size, '1-home');
      await page.goto(`${real.server.url}/#/how-to-play`);
      await shot(page, size, '2-how-to-play');
      // The tutorial, by the device's hand (its words follow it): its first step, a step on, and done.
      const phone = size === 'phone';
      const tutorial = await open(size, 'tutorial', phone);
      await tutorial.locator('svg.puzzle-svg').waitFor();
      await shot(tutorial, size, '2a-tutorial');
      await (phone ? solveWithTouch(tutorial, 1) : solveWithMouse(tutorial, 1));
      await tutorial.locator('.tutorial-say[data-step="turn"]').waitFor();
      await shot(tutorial, size, '2b-tutorial-turn');
      await (phone ? solveWithTouch(tutorial) : solveWithMouse(tutorial));
      await tutorial.locator('.tutorial-done').waitFor();
      await shot(tutorial, size, '2c-tutorial-done');
      await tutorial.context().close();
      await page.goto(`${real.server.url}/#/practice`);
      await page.locator('svg.puzzle-svg').waitFor();
      await page.getByRole('button', { name: 'Hint' }).click();
      await page.locator('g.piece.pinned').first().waitFor();
      await shot(page, size, '3-practice-hint');
      await page.goto(`${real.server.url}/#/solo`);
      await shot(page, size, '4-solo-start');
      await page.getByRole('button', { name: 'Start' }).click();
      await page.locator('svg.puzzle-svg').waitFor();
      await solveWithMouse(page, 1);
      await shot(page, size, '5-solo-playing');
      await page.context().close();

      page = await table(size, 'classic');
      await shot(page, size, '6-lobby');
      await page.getByRole('button', { name: 'Start the game' }).click();
      await page.locator('svg.puzzle-svg').waitFor();
      await solveWithMouse(page, 2);
      await shot(page, size, '7-game-classic');
      await solveWithMouse(page);
      await page.getByText(/Ubongo! You solved it/).waitFor();
      await shot(page, size, '8-game-solved');
      await page.getByRole('heading', { name: /win|share/ }).waitFor({ timeout: 120_000 });
      await shot(page, size, '9-end');
      await page.context().close();

      page = await table(size, 'extreme', '1');
      await page.getByRole('button', { name: 'Start the game' }).click();
      await page.locator('svg.puzzle-svg').waitFor();
      await solveWithMouse(page, 2);
      await shot(page, size, '10-game-extreme');
      await page.context().close();

      page = await table(size, 'jewels', '1');
      await page.getByRole('button', { name: 'Start the game' }).click();
      await page.locator('svg.puzzle-svg').waitFor();
      await solveWithMouse(page);
      await page.locator('.reachable').first().waitFor();
      await shot(page, size, '11-game-jewels-move');
      await page.context().close();
    }, 240_000);
  }
});
