import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { solveWithMouse } from './play.js';
import type { On } from './support.js';
import { chromiumAndServer, SIZES, watchErrors } from './support.js';
import { seriousViolations } from './axe.js';

/*
 * The campaign as a person plays it: the map of worlds with level 1 open and level 2 locked, level 1
 * played by dragging its pieces with the mouse (1366x800; a finger's drags at 390x844 are the board's
 * own tests', board.test.ts and finger.test.ts), the end card with its stars, time and thresholds,
 * and back on the map level 1's stars and level 2 open, the end card passing axe. The map's layout is
 * what differs by size: a campaign well under way scrolls to its next level on a phone (real touch,
 * where axe audits the map) and a desktop window. Screenshots go to /tmp/shots/campaign.
 */

const real = chromiumAndServer();
const SHOTS = '/tmp/shots/campaign';
mkdirSync(SHOTS, { recursive: true });

/** A tap on a phone, a click on a desktop. */
const press = (on: On, target: Locator): Promise<void> => (on === 'phone' ? target.tap() : target.click());

/** Waits as a person thinks before the next piece (uneven pauses: a person's times spread). */
const think = (page: Page, ms: number): Promise<void> => page.waitForTimeout(ms);

describe('the campaign, on a desktop', () => {
  const on: On = 'desktop';
  it('shows the map, plays level 1 by dragging its pieces, earns stars and opens level 2', async () => {
    // The server's CSP allows no inline script: axe comes in past it, as a browser extension's would.
    const context = await real.browser.newContext({ ...SIZES[on], locale: 'en-GB', bypassCSP: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(real.server.url);
    await press(on, page.getByRole('link', { name: /Campaign/ }).first());
    await expect.poll(() => page.url()).toContain('#/campaign');

    // The map: worlds of levels, level 1 open and standing out, level 2 locked and said so.
    await page.getByRole('heading', { name: /^World 1 · Classic/ }).waitFor();
    const level1 = page.getByRole('button', { name: 'Level 1, 0 stars of 3' });
    await expect.poll(() => level1.getAttribute('aria-current')).toBe('step');
    const level2Locked = page.getByRole('button', { name: 'Level 2, locked' });
    await expect.poll(() => level2Locked.isDisabled()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { name: /World 13 · Extreme/ }).count()).toBe(1);
    // A guest is told where the stars are kept.
    await expect.poll(() => page.getByText(/kept on this device/).count()).toBe(1);
    // (axe audits the map in the campaign well under way, below: one audit of the map is enough.)
    await page.screenshot({ path: `${SHOTS}/map-${on}.png` });

    // Level 1, played by hand: one piece at a time, with a person's pauses between.
    await press(on, level1);
    await page.getByRole('heading', { name: 'Level 1' }).waitFor();
    await page.locator('svg.puzzle-svg').waitFor();
    const pieces = JSON.parse((await page.locator('svg.puzzle-svg').getAttribute('data-needed')) ?? '[]') as string[];
    await expect.poll(() => page.getByRole('button', { name: 'Give up' }).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/play-${on}.png` });
    const pauses = [1300, 2100, 900, 1700];
    for (let i = 0; i < pieces.length; i++) {
      await think(page, pauses[i] ?? 1000);
      await solveWithMouse(page, i + 1, i);
    }

    // The end card: stars earned (in words too), the time, the thresholds, and what next.
    const end = page.getByTestId('campaign-end');
    await end.waitFor({ timeout: 20_000 });
    await expect.poll(() => end.getByRole('heading').textContent()).toBe('Level 1 solved');
    const big = end.locator('.big-stars');
    await expect.poll(() => big.getAttribute('aria-label')).toMatch(/^[123] stars? of 3$/);
    const stars = await big.getAttribute('aria-label');
    // Drawn, not glyphs; three are a moment (a burst round them), fewer are not.
    await expect.poll(() => big.locator('svg.star').count()).toBe(3);
    await expect.poll(() => end.locator('[data-moment="stars"]').count()).toBe(stars === '3 stars of 3' ? 1 : 0);
    await expect.poll(() => end.getByText(/^Time: \d:\d\d$/).count()).toBe(1);
    await expect.poll(() => end.getByText(/^★★★ within \d:\d\d$/).count()).toBe(1);
    await expect.poll(() => end.getByText(/^★★ within \d:\d\d$/).count()).toBe(1);
    await expect.poll(() => end.getByText('Level 2 is open!').count()).toBe(1);
    await expect.poll(() => end.getByRole('button', { name: 'Next level' }).count()).toBe(1);
    await expect.poll(() => end.getByRole('button', { name: 'Play again' }).count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/end-${on}.png` });
    expect(await seriousViolations(page, 'campaign')).toEqual([]);

    // Back on the map: level 1 has its stars, level 2 is open and is the one to play.
    await press(on, end.getByRole('button', { name: 'Map' }));
    const earned = page.getByRole('button', { name: `Level 1, ${stars ?? ''}` });
    await earned.waitFor();
    // Its stars drawn, as many filled as it earned.
    await expect.poll(() => earned.locator('.star.earned').count()).toBe(Number.parseInt(stars ?? '', 10));
    const level2 = page.getByRole('button', { name: 'Level 2, 0 stars of 3' });
    await level2.waitFor();
    await expect.poll(() => level2.isDisabled()).toBe(false);
    await expect.poll(() => level2.getAttribute('aria-current')).toBe('step');
    await page.screenshot({ path: `${SHOTS}/map-after-${on}.png` });
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});

describe.each(['phone', 'desktop'] as const)('a campaign well under way, on a %s', (on) => {
  it('the map scrolls to the level to play next, past the worlds done', async () => {
    // The server's CSP allows no inline script: axe comes in past it, as a browser extension's would.
    const context = await real.browser.newContext({ ...SIZES[on], locale: 'en-GB', bypassCSP: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(real.server.url);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('ubongo.session'))).not.toBeNull();
    // The account has solved levels 1 to 30 (kept as the server keeps a solved level).
    const id = await page.evaluate(async () => {
      const res = await fetch('/api/me', {
        headers: { authorization: `Bearer ${localStorage.getItem('ubongo.session') ?? ''}` },
      });
      return ((await res.json()) as { account: { id: string } }).account.id;
    });
    for (let level = 1; level <= 30; level++)
      await real.server.server.stores.campaign.markCampaignLevel({
        accountId: id,
        level,
        stars: 3,
        bestMs: 9000,
        at: 1,
      });
    await press(on, page.getByRole('link', { name: /Campaign/ }).first());
    const next = page.getByRole('button', { name: 'Level 31, 0 stars of 3' });
    await expect.poll(() => next.getAttribute('aria-current')).toBe('step');
    // On screen without a scroll of the person's own: the map went to it.
    await expect
      .poll(() =>
        next.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.top >= 0 && r.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect.poll(() => page.getByText('72 stars of 72').count()).toBe(1);
    await expect.poll(() => page.getByRole('button', { name: 'Level 32, locked' }).isDisabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/map-under-way-${on}.png` });
    // axe audits the map once, at a phone's size (the end card is audited at a desktop's, above).
    if (on === 'phone') expect(await seriousViolations(page, 'campaign map')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
