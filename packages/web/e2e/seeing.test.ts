import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { On } from './support.js';
import { chromiumAndServer, pick, SIZES, watchErrors } from './support.js';
import { seriousViolations } from './axe.js';

/*
 * Pieces for every eye (issue 48 item 4), at a phone's size with real touch and at a desktop's:
 * patterns turned on in the account's settings, then an Extreme board (one colour's shades) seen
 * through Chromium's deuteranopia emulation, each piece with a pattern of its own and the colour's
 * swatch with its mark and name; high contrast chosen, the pieces' edges drawn black. Screenshots
 * go to /tmp/seeing-shots.
 */

const real = chromiumAndServer();
const SHOTS = '/tmp/seeing-shots';
mkdirSync(SHOTS, { recursive: true });

/** The patterns on the board's pieces, in the pieces' order. */
const patternsOnPieces = (page: Page): Promise<(string | null)[]> =>
  page.locator('svg.puzzle-svg g.piece .piece-pattern').evaluateAll((all) => all.map((p) => p.getAttribute('fill')));

it.each<On>(['phone', 'desktop'])(
  'draws patterns and high contrast when asked, readable under deuteranopia (%s)',
  async (on) => {
    const context = await real.browser.newContext({ ...SIZES[on], bypassCSP: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${real.server.url}/#/account`);
    const settings = page.getByRole('region', { name: 'Colours and contrast' });
    await settings.waitFor();
    // Nothing asked for yet: no patterns anywhere.
    expect(await page.locator('.piece-pattern').count()).toBe(0);
    await pick(settings.getByRole('checkbox', { name: 'Patterns on pieces and colours' }), on);
    await expect.poll(() => settings.locator('.piece-pattern').count()).toBe(6);
    await settings.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${on}-settings.png`, fullPage: true });
    expect(await seriousViolations(page, 'seeing settings')).toEqual([]);

    // An Extreme board in practice: green's pieces, shades of one colour, seen as deuteranopia does.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setEmulatedVisionDeficiency', { type: 'deuteranopia' });
    await page.goto(`${real.server.url}/#/practice/extreme/E01/hard/green`);
    await page.locator('svg.puzzle-svg g.piece').first().waitFor();
    const fills = await patternsOnPieces(page);
    const pieces = await page.locator('svg.puzzle-svg g.piece').count();
    expect(fills).toHaveLength(pieces);
    // The pieces of the task, told apart by their patterns (as many as the pieces, up to six).
    expect(new Set(fills).size).toBe(Math.min(pieces, 6));
    // The swatch of the colour: its name, and its mark.
    const swatch = page.locator('.colour-key[data-colour="green"]').first();
    if ((await swatch.count()) > 0) {
      expect(await swatch.textContent()).toMatch(/green/i);
      expect(await swatch.evaluate((el) => getComputedStyle(el).backgroundImage)).toContain('gradient');
    }
    await page.screenshot({ path: `${SHOTS}/${on}-extreme-deuteranopia.png`, fullPage: true });

    // High contrast: the pieces' edges black and firm.
    await cdp.send('Emulation.setEmulatedVisionDeficiency', { type: 'none' });
    await page.goto(`${real.server.url}/#/account`);
    await pick(settings.getByRole('radio', { name: 'High' }), on);
    await page.goto(`${real.server.url}/#/practice/extreme/E01/hard/green`);
    const edge = page.locator('svg.puzzle-svg g.piece .piece-edge').first();
    await edge.waitFor();
    await expect.poll(() => edge.evaluate((el) => getComputedStyle(el).stroke)).toBe('rgb(0, 0, 0)');
    await page.screenshot({ path: `${SHOTS}/${on}-extreme-high-contrast.png`, fullPage: true });
    expect(await seriousViolations(page, 'practice in high contrast')).toEqual([]);
    // Kept on this device: still on after a reload.
    await page.reload();
    await page.locator('svg.puzzle-svg g.piece').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset['contrast'])).toBe('high');
    expect((await patternsOnPieces(page)).length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  },
);
