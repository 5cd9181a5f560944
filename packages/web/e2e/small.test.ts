import { mkdirSync } from 'node:fs';
import type { BrowserContext, Dialog, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { solveWithMouse, solveWithTouch } from './play.js';
import type { On } from './support.js';
import { chromiumAndServer, SIZES, watchErrors } from './support.js';

/*
 * The smaller things a player notices, each at 390x844 with real touch and at 1366x800: Extreme's
 * colour as its pieces are drawn; practice "at my level" moving with solves, shown, never the same
 * board twice; the counters of the game bar named in words; fixed scoring without the marker and
 * the bag; one word for the board in the reveal and the game; the game's own dialog to leave; a
 * quick match that says it is looking for players and offers "I'm ready".
 * Game time x4 (a 300 s hourglass lasts 75 s), but for the quick match, whose countdown is real.
 */

const SHOTS = '/tmp/shots/small';
mkdirSync(SHOTS, { recursive: true });

/** A person's press: a tap of the finger on a phone, a click of the mouse on a desktop. */
const press = (on: On, target: Locator): Promise<void> => (on === 'phone' ? target.tap() : target.click());

async function newPage(
  browser: { newContext: (o: object) => Promise<BrowserContext> },
  on: On,
  name: string,
): Promise<{ context: BrowserContext; page: Page; errors: string[]; dialogs: string[] }> {
  const context = await browser.newContext({ ...SIZES[on], locale: 'en-GB' });
  await context.addInitScript((n) => {
    if (!localStorage.getItem('ubongo.name')) localStorage.setItem('ubongo.name', n);
  }, name);
  const page = await context.newPage();
  const errors = watchErrors(page);
  // The browser's own dialogs are never wanted: any that opens is noted (and dismissed).
  const dialogs: string[] = [];
  page.on('dialog', (d: Dialog) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return { context, page, errors, dialogs };
}

/** The hue of a CSS colour (`#rrggbb` or `rgb(r, g, b)`), in degrees. */
function hueOf(colour: string): number {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour.trim());
  const rgb = /rgb\((\d+), (\d+), (\d+)\)/.exec(colour);
  const [r, g, b] = (hex ? hex.slice(1).map((h) => parseInt(h, 16)) : (rgb?.slice(1) ?? []).map(Number)).map(
    (v) => v / 255,
  );
  if (r === undefined || g === undefined || b === undefined) throw new Error(`not a colour: ${colour}`);
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}
const hueApart = (a: number, b: number): number => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

describe.each(['phone', 'desktop'] as const)('at %s size', (on) => {
  const real = chromiumAndServer(4);

  /** A new table, set up by the host with a master bot, started; the page in the first round. */
  async function startTable(page: Page, settings: { edition?: string; variant?: string }): Promise<void> {
    await page.goto(real.server.url);
    await press(on, page.getByRole('button', { name: 'Create a table' }));
    await page.getByTestId('room-code').waitFor();
    if (settings.edition) await page.getByLabel('Edition').selectOption(settings.edition);
    if (settings.variant) await page.getByLabel('Scoring').selectOption(settings.variant);
    await page.getByLabel('Hourglass').selectOption('300');
    await expect.poll(() => page.getByLabel('Hourglass').inputValue()).toBe('300');
    await page.getByRole('combobox', { name: /^Bot/ }).selectOption('master');
    await press(on, page.getByRole('button', { name: 'Add a bot' }));
    await page.locator('.seat-name', { hasText: 'Master bot 1' }).waitFor();
    await press(on, page.getByRole('button', { name: 'Start the game' }));
    await page.locator('svg.puzzle-svg').waitFor({ timeout: 30_000 });
  }

  it("Extreme's colour line names the colour the pieces are drawn in, on a swatch of it", async () => {
    const { context, page, errors, dialogs } = await newPage(real.browser, on, 'Ezra');
    await startTable(page, { edition: 'extreme' });
    const swatch = page.locator('.game-bar .task-key .colour-key');
    await swatch.waitFor();
    await expect
      .poll(() => page.locator('.game-bar .task-key').textContent())
      .toMatch(/^Your colour: (red|blue|green|yellow)$/);
    const colour = (await swatch.getAttribute('data-colour')) ?? '';
    await expect.poll(() => swatch.textContent()).toBe(colour);
    const swatchHue = hueOf(await swatch.evaluate((el) => getComputedStyle(el).backgroundColor));
    // Every piece in front of me is one of my colour's, drawn in a shade of the swatch's colour.
    const pieces = await page.locator('g.piece').evaluateAll((els) =>
      els.map((el) => ({
        id: el.getAttribute('data-piece') ?? '',
        fill: getComputedStyle(el).getPropertyValue('--piece'),
      })),
    );
    expect(pieces.length).toBeGreaterThan(2);
    for (const piece of pieces) {
      expect(piece.id.startsWith(`${colour}-`), piece.id).toBe(true);
      expect(hueApart(hueOf(piece.fill), swatchHue), `${piece.id} drawn ${piece.fill}`).toBeLessThan(12);
    }
    await page.screenshot({ path: `${SHOTS}/extreme-colour-${on}.png` });
    expect(errors).toEqual([]);
    expect(dialogs).toEqual([]);
    await context.close();
  }, 90_000);

  it('names the marker and the bag in words, asks in its own dialog before leaving, and calls a board by one word', async () => {
    const { context, page, errors, dialogs } = await newPage(real.browser, on, 'Nina');
    await startTable(page, { edition: 'classic' });
    // The counters are named in visible words, inside the window, and the bar does not spill over.
    const names = page.locator('.game-bar .counter-name');
    await expect.poll(() => names.allTextContents()).toEqual(['Marker', 'Bag']);
    const width = SIZES[on].viewport?.width ?? 0;
    for (const name of await names.all()) {
      await expect.poll(() => name.isVisible()).toBe(true);
      const box = await name.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    }
    const bar = page.locator('.game-bar');
    expect(await bar.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await bar.screenshot({ path: `${SHOTS}/counters-${on}.png` });

    // A link away asks in the game's own dialog: focus on Stay, kept inside, Escape stays.
    const table = page.url();
    const away = page.locator('header.top').getByRole('link', { name: 'How to play' });
    await press(on, away);
    const ask = page.getByRole('dialog', { name: 'Leave the game?' });
    await ask.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Stay');
    await page.screenshot({ path: `${SHOTS}/leave-dialog-${on}.png` });
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(table);
    await press(on, away);
    await press(on, ask.getByRole('button', { name: 'Stay' }));
    await ask.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(table);
    await expect.poll(() => page.locator('svg.puzzle-svg').count()).toBe(1);

    // I solve; in Spanish, the reveal of the round calls the boards what the game calls them.
    // (The bot may have solved already: then my solve ends the round, and the reveal replaces my board at once.)
    const reveal = page.locator('.round-boards');
    const solving = on === 'phone' ? solveWithTouch(page) : solveWithMouse(page);
    await Promise.race([solving, reveal.waitFor({ timeout: 60_000 })]);
    solving.catch(() => undefined);
    await reveal.waitFor({ timeout: 60_000 });
    // Both solved (the bot and I), and then I choose Spanish.
    await expect.poll(() => reveal.locator('li.solved').count()).toBe(2);
    await page.getByLabel('Language').selectOption('es');
    // (Spanish is loaded when chosen: the page says it once it has it.)
    await expect.poll(() => reveal.locator('h2').textContent()).toBe('Ronda 1: todas las plantillas');
    const labels = await reveal
      .locator('svg.board-picture')
      .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
    expect(labels.length).toBe(2);
    for (const label of labels) expect(label).toMatch(/: plantilla C\d+, /);
    // The next round's board, in the same word.
    await page.getByText(/^Completa la figura blanca de la plantilla C\d+/).waitFor({ timeout: 60_000 });

    // Leaving, in the language chosen.
    await press(on, page.locator('header.top').getByRole('link', { name: 'Cómo se juega' }));
    await press(on, page.getByRole('dialog', { name: '¿Salir de la partida?' }).getByRole('button', { name: 'Salir' }));
    await page.getByRole('heading', { level: 1, name: 'Cómo se juega' }).waitFor();
    expect(errors).toEqual([]);
    expect(dialogs).toEqual([]);
    await context.close();
  }, 150_000);

  it('shows neither the marker nor the bag with fixed scoring, but the gem each place takes', async () => {
    const { context, page, errors } = await newPage(real.browser, on, 'Fede');
    await startTable(page, { variant: 'fixed' });
    const fixed = page.getByRole('img', {
      name: 'Fixed scoring: the first to solve takes a ruby, the second a sapphire, the third an emerald, the fourth an amber',
    });
    await fixed.waitFor();
    await expect.poll(() => fixed.locator('.counter-name').textContent()).toBe('Fixed scoring');
    await expect.poll(() => page.getByRole('img', { name: /^The round marker/ }).count()).toBe(0);
    await expect.poll(() => page.getByRole('img', { name: /^The bag/ }).count()).toBe(0);
    await expect.poll(() => page.locator('.bag-picture').count()).toBe(0);
    await page.locator('.game-bar').screenshot({ path: `${SHOTS}/fixed-${on}.png` });
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);

  it('practice at my level: shows the level, which rises with a solve, and never deals a board twice', async () => {
    const { context, page, errors } = await newPage(real.browser, on, 'Lev');
    await page.goto(`${real.server.url}/#/practice`);
    const level = page.getByTestId('practice-level');
    await expect.poll(() => level.textContent()).toBe('Your level: 5.0');
    const about = page.locator('details.choose summary .task-line');
    // Which board and task: the line about it, and the die's symbol beside it.
    const which = async (): Promise<string> =>
      `${await about.textContent()} ${await page.locator('details.choose summary svg.die').getAttribute('aria-label')}`;
    const seen = new Set<string>();
    for (const expected of ['5.5', '6.0']) {
      const before = await which();
      await press(on, page.getByRole('button', { name: 'At my level' }));
      await expect.poll(which).not.toBe(before);
      const board = await which();
      expect(seen.has(board), board).toBe(false);
      seen.add(board);
      if (on === 'phone') await solveWithTouch(page);
      else await solveWithMouse(page);
      await page.locator('.solved-banner').waitFor();
      // A person looks at the solved board before the next tap (a tap at once is taken as a double tap).
      await page.waitForTimeout(900);
      await expect.poll(() => level.textContent()).toBe(`Your level: ${expected}`);
    }
    await page.screenshot({ path: `${SHOTS}/practice-level-${on}.png` });
    // Giving up lowers it.
    await press(on, page.getByRole('button', { name: 'At my level' }));
    await press(on, page.getByRole('button', { name: 'Show the solution' }));
    await expect.poll(() => level.textContent()).toBe('Your level: 5.5');
    expect(seen.has(await which())).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});

describe.each(['phone', 'desktop'] as const)('a quick match at %s size', (on) => {
  const real = chromiumAndServer();

  it('says it is looking for players, then offers "I’m ready", which starts the game once both press it', async () => {
    const first = await newPage(real.browser, on, 'Ona');
    await first.page.goto(real.server.url);
    await press(on, first.page.getByRole('button', { name: 'Quick match' }));
    await first.page.getByText('Looking for players…', { exact: false }).waitFor();
    await first.page.screenshot({ path: `${SHOTS}/quick-looking-${on}.png` });
    const second = await newPage(real.browser, on, 'Teo');
    await second.page.goto(real.server.url);
    await press(on, second.page.getByRole('button', { name: 'Quick match' }));
    for (const { page } of [first, second]) {
      await page.getByTestId('starts-in').waitFor();
      await page.getByText('The game starts as soon as everyone is ready.').waitFor();
    }
    await first.page.screenshot({ path: `${SHOTS}/quick-ready-${on}.png` });
    for (const { page } of [first, second]) await press(on, page.getByRole('button', { name: "I'm ready" }));
    for (const { page } of [first, second]) await page.locator('svg.puzzle-svg').waitFor({ timeout: 20_000 });
    for (const { context, errors, dialogs } of [first, second]) {
      expect(errors).toEqual([]);
      expect(dialogs).toEqual([]);
      await context.close();
    }
  }, 90_000);
});
