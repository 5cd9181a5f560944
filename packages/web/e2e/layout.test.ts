import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { solveWithKeyboard, solveWithMouse } from './play.js';
import type { On } from './support.js';
import { chromiumAndServer, SIZES, watchErrors } from './support.js';

/*
 * The screens around the board, as a person meets them on a phone (390x844, touch) and a desktop
 * window (1366x800, mouse and keyboard), in Debian's Chromium against the real server: a screen
 * in play fits the window, a game opens at its top, a board solved before a reload looks solved,
 * a new puzzle takes a keyboard player's focus, and the settings' choices are not cut short in any
 * language.
 */

const real = chromiumAndServer();

async function open(on: On, hash = '', lang = 'en', name = 'Pat'): Promise<{ page: Page; errors: string[] }> {
  const context = await real.browser.newContext({ ...SIZES[on], locale: 'en-GB' });
  await context.addInitScript(
    ([n, l]) => {
      localStorage.setItem('ubongo.name', n);
      localStorage.setItem('ubongo.lang', l);
    },
    [name, lang] as const,
  );
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${real.server.url}/#/${hash}`);
  return { page, errors };
}

/** Presses a button as the device would: a tap on a phone, a click on a desktop. */
async function press(on: On, button: Locator): Promise<void> {
  if (on === 'phone') await button.tap();
  else await button.click();
}

/**
 * What of the play is off the screen: the page's own scrolling, and the board's cells, the pieces,
 * the buttons and the clock (or what `clock` selects) that lie outside the window, by a word each.
 */
async function offScreen(page: Page, clock: string): Promise<{ scroll: string; outside: string[] }> {
  return page.evaluate((clockSelector) => {
    const doc = document.scrollingElement ?? document.documentElement;
    const key = [
      ...document.querySelectorAll('polygon[data-board-cell]'),
      ...document.querySelectorAll('g.piece'),
      ...document.querySelectorAll('.puzzle-tools button'),
      ...document.querySelectorAll(clockSelector),
    ];
    const tools = document.querySelectorAll('.puzzle-tools button').length;
    const outside = key
      .filter((el) => {
        const b = el.getBoundingClientRect();
        return !(
          b.width > 0 &&
          b.height > 0 &&
          b.left >= -0.5 &&
          b.top >= -0.5 &&
          b.right <= innerWidth + 0.5 &&
          b.bottom <= innerHeight + 0.5
        );
      })
      .map((el) => el.getAttribute('data-board-cell') ?? el.getAttribute('data-piece') ?? el.textContent);
    // Turn, Flip, Back to tray, Clear the board at least.
    if (tools < 4) outside.push(`only ${tools} buttons`);
    if (document.querySelectorAll(clockSelector).length === 0) outside.push('no clock');
    return {
      scroll: `${doc.scrollWidth}x${doc.scrollHeight} in ${innerWidth}x${innerHeight}`,
      outside,
    };
  }, clock);
}

/** Nothing to scroll, and all of the play in the window. */
async function expectOneScreen(page: Page, clock: string): Promise<void> {
  const size = page.viewportSize();
  const seen = await offScreen(page, clock);
  expect(seen.outside).toEqual([]);
  expect(seen.scroll).toBe(`${size?.width}x${size?.height} in ${size?.width}x${size?.height}`);
}

/** The width on the screen of one of the board's cells. */
const cellWidth = async (page: Page): Promise<number> =>
  (await page.locator('polygon[data-board-cell]').first().boundingBox())?.width ?? 0;

/** A table with a beginner bot, one round of a long hourglass; the page at the lobby. */
async function tableWithBot(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Create a table' }).click();
  await page.getByTestId('room-code').waitFor();
  await page.getByLabel('Rounds').selectOption('1');
  await page.getByLabel('Hourglass').selectOption('300');
  await page.getByRole('combobox', { name: /^Bot/ }).selectOption('beginner');
  await page.getByRole('button', { name: 'Add a bot' }).click();
  await page.locator('.seat-name', { hasText: 'Beginner bot 1' }).waitFor();
}

describe('a screen in play fits the window', () => {
  it.each(['phone', 'desktop'] as const)(
    'solo, %s: the board, the tray, the buttons and the clock on one screen, large from puzzle to puzzle',
    async (on) => {
      const { page, errors } = await open(on, 'solo');
      await press(on, page.getByRole('button', { name: 'Start' }));
      await page.locator('svg.puzzle-svg').waitFor();
      const sizes: number[] = [];
      const svg = page.locator('svg.puzzle-svg');
      for (let k = 0; k < 4; k++) {
        await expectOneScreen(page, '.solo-clock');
        sizes.push(await cellWidth(page));
        // Set aside: the next task comes on a board drawn anew (one not marked as seen).
        await svg.evaluate((el) => {
          el.setAttribute('data-seen', '');
        });
        await press(on, page.getByRole('button', { name: 'Set aside' }));
        await expect.poll(() => svg.getAttribute('data-seen')).toBeNull();
      }
      // Each board at the largest scale it fits at with its pieces (docs/web.md): never small.
      for (const size of sizes) expect(size).toBeGreaterThan(on === 'phone' ? 34 : 60);
      expect(errors).toEqual([]);
      await page.context().close();
    },
    90_000,
  );

  it('solo with the whole set, phone: twelve pieces in the tray, still on one screen', async () => {
    const { page, errors } = await open('phone', 'solo');
    await page.getByLabel(/^Pieces/).selectOption('box');
    await page.getByRole('button', { name: 'Start' }).tap();
    await page.locator('svg.puzzle-svg').waitFor();
    await expect.poll(() => page.locator('g.piece').count()).toBe(12);
    await expectOneScreen(page, '.solo-clock');
    expect(await cellWidth(page)).toBeGreaterThan(18);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it.each(['phone', 'desktop'] as const)(
    'practice, %s: on one screen; once the solution is shown, no empty tray under the board',
    async (on) => {
      const { page, errors } = await open(on, 'practice');
      await page.locator('svg.puzzle-svg').waitFor();
      await expectOneScreen(page, '.practice-actions button');
      const pieces = await page.locator('g.piece').count();
      await press(on, page.getByRole('button', { name: 'Show the solution' }));
      await expect.poll(() => page.locator('g.piece.pinned').count()).toBe(pieces);
      const svg = await page.locator('svg.puzzle-svg').boundingBox();
      const board = await page.locator('rect.board-back').boundingBox();
      // The picture is the board and its margins (12 picture units, at most 18 pixels each).
      expect((svg?.height ?? 0) - (board?.height ?? 0)).toBeLessThan(40);
      expect(errors).toEqual([]);
      await page.context().close();
    },
    60_000,
  );

  it.each(['phone', 'desktop'] as const)(
    'a round, %s: Start at the bottom of the lobby opens the round at its top, all on one screen',
    async (on) => {
      const { page, errors } = await open(on);
      await tableWithBot(page);
      const start = page.getByRole('button', { name: 'Start the game' });
      await start.scrollIntoViewIfNeeded();
      if (on === 'phone') expect(await page.evaluate(() => scrollY)).toBeGreaterThan(100);
      await press(on, start);
      await page.locator('svg.puzzle-svg').waitFor();
      await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);
      for (const what of [page.locator('.round-title'), page.locator('.task-key .die'), page.locator('.hourglass')])
        expect(await what.evaluate((el) => el.getBoundingClientRect().top >= 0)).toBe(true);
      await expectOneScreen(page, '.hourglass');
      expect(errors).toEqual([]);
      await page.context().close();
    },
    60_000,
  );

  it('solo setup, phone: Start at the bottom of the page opens the run at its top', async () => {
    // Spanish: the longest words, the tallest setup.
    const { page, errors } = await open('phone', 'solo', 'es');
    const start = page.locator('.solo button.primary');
    await page.evaluate(() => {
      scrollTo(0, document.body.scrollHeight);
    });
    await start.tap();
    await page.locator('svg.puzzle-svg').waitFor();
    await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);
    await expect
      .poll(() => page.locator('.solo-clock').evaluate((el) => el.getBoundingClientRect().top >= 0))
      .toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});

describe('a board solved before a reload', () => {
  it('shows as solved after the page is reloaded, not as pieces back in the tray and buttons that do nothing', async () => {
    const host = await open('desktop', '', 'en', 'Hana');
    await host.page.getByRole('button', { name: 'Create a table' }).click();
    const code = (await host.page.getByTestId('room-code').textContent()) ?? '';
    await host.page.getByLabel('Rounds').selectOption('1');
    await host.page.getByLabel('Hourglass').selectOption('300');
    // A second player who does not solve: the round goes on while the host reloads.
    const guest = await open('phone', '', 'en', 'Gil');
    await guest.page.getByLabel('Table code').fill(code);
    await guest.page.getByRole('button', { name: 'Join' }).click();
    await host.page.locator('.seat-name', { hasText: 'Gil' }).waitFor();
    await host.page.getByRole('button', { name: 'Start the game' }).click();
    await host.page.locator('svg.puzzle-svg').waitFor();
    const cells = await host.page.locator('polygon[data-board-cell]').count();
    await solveWithMouse(host.page);
    await host.page.getByText(/Ubongo! You solved it/).waitFor({ timeout: 10_000 });

    await host.page.reload();
    await host.page.getByText(/Ubongo! You solved it/).waitFor({ timeout: 20_000 });
    const svg = host.page.locator('svg.puzzle-svg');
    await svg.waitFor();
    await expect.poll(() => svg.getAttribute('data-solved')).toBe('true');
    // Covered, every cell; no piece waiting in the tray; no buttons, all of them disabled.
    await expect.poll(() => host.page.locator('polygon[data-board-cell].covered').count()).toBe(cells);
    await expect.poll(() => host.page.locator('g.piece[data-at=""]').count()).toBe(0);
    await expect.poll(() => host.page.locator('.puzzle-tools button').count()).toBe(0);
    await expect.poll(() => host.page.locator('.puzzle-status').textContent()).toBe('Solved.');
    expect([...host.errors, ...guest.errors]).toEqual([]);
    await guest.page.context().close();
    await host.page.context().close();
  }, 90_000);
});

describe('a keyboard player', () => {
  const focused = (page: Page): Promise<string> =>
    page.evaluate(() => {
      const el = document.activeElement;
      return el?.matches('g.piece') ? `piece ${el.getAttribute('data-index')}` : (el?.tagName ?? 'none');
    });

  it('lands on the first piece after Start and after each solved solo puzzle', async () => {
    const { page, errors } = await open('desktop', 'solo');
    await page.getByLabel('Number of puzzles').check();
    await page.getByRole('button', { name: 'Start' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('svg.puzzle-svg').waitFor();
    await expect.poll(() => focused(page)).toBe('piece 0');
    await solveWithKeyboard(page);
    await expect.poll(() => page.getByText('1 of 5 solved').count(), { timeout: 10_000 }).toBe(1);
    // The count shows before the next puzzle is drawn: a keyboard player waits for its pieces in
    // the tray, then for the focus on the first of them.
    await expect.poll(() => page.locator('g.piece[data-at=""]').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => focused(page)).toBe('piece 0');
    // And it plays on from there.
    await page.keyboard.press('Enter');
    // (The page draws the piece put down on its next frame: read once it has.)
    await expect.poll(() => page.locator('g.piece[data-index="0"]').getAttribute('data-at')).not.toBe('');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('lands on the first piece when a round starts after Start was pressed with the keyboard', async () => {
    const { page, errors } = await open('desktop');
    await tableWithBot(page);
    await page.getByRole('button', { name: 'Start the game' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('svg.puzzle-svg').waitFor();
    await expect.poll(() => focused(page)).toBe('piece 0');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('does not have the focus moved for it when it plays with the mouse', async () => {
    const { page, errors } = await open('desktop', 'solo');
    await page.getByRole('button', { name: 'Start' }).click();
    await page.locator('svg.puzzle-svg').waitFor();
    await page.waitForTimeout(200);
    expect(await focused(page)).not.toMatch(/^piece/);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});

describe('the settings on a phone, in every language', () => {
  /** Selects narrower than their longest choice, and radio labels on more than one line. */
  const cut = (page: Page): Promise<string[]> =>
    page.evaluate(() => {
      const found: string[] = [];
      for (const select of document.querySelectorAll('select')) {
        if (select.getClientRects().length === 0) continue;
        // The same select, as wide as its widest choice, where it is (so with its font).
        const natural = select.cloneNode(true) as HTMLSelectElement;
        natural.style.cssText = 'width:auto;max-width:none;min-width:0;flex:none;position:absolute;visibility:hidden';
        select.after(natural);
        const need = natural.getBoundingClientRect().width;
        natural.remove();
        const has = select.getBoundingClientRect().width;
        if (has + 0.5 < need) {
          const widest = [...select.options].map((o) => o.text).sort((a, b) => b.length - a.length)[0];
          found.push(`"${widest}" in ${has.toFixed(0)} of ${need.toFixed(0)} px`);
        }
      }
      for (const label of document.querySelectorAll('fieldset label')) {
        const text = [...label.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
        if (!text) continue;
        const range = document.createRange();
        range.selectNodeContents(text);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) found.push(`"${text.textContent}" on ${lines.size} lines`);
      }
      return found;
    });

  it.each(['en', 'es', 'pt', 'pl', 'it'])(
    '%s: no choice cut short in the lobby, the solo setup or practice',
    async (lang) => {
      const { page, errors } = await open('phone', '', lang);
      await page.locator('.home .play-tiles button.create').tap();
      await page.getByTestId('room-code').waitFor();
      await expect.poll(() => page.locator('.lobby select').count()).toBeGreaterThan(4);
      const lobby = await cut(page);
      await page.goto(`${real.server.url}/#/solo`);
      await page.locator('.solo select').first().waitFor();
      const solo = await cut(page);
      await page.goto(`${real.server.url}/#/practice`);
      await page.locator('.practice select').first().waitFor({ state: 'attached' });
      // The choice of task, folded away on a phone, opened.
      if (!(await page.locator('.practice select').first().isVisible())) await page.locator('.choose summary').tap();
      await page.locator('.practice select').first().waitFor({ state: 'visible' });
      const practice = await cut(page);
      expect({ lobby, solo, practice }).toEqual({ lobby: [], solo: [], practice: [] });
      expect(errors).toEqual([]);
      await page.context().close();
    },
    60_000,
  );
});
