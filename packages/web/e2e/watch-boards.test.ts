import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { solveWithMouse } from './play.js';
import { chromiumAndServer, SIZES, watchErrors } from './support.js';

/*
 * Watching every board fill (docs/web.md, "Watching"): a host plays a table with a bot on the
 * desktop; someone opens the table's link on a phone mid-round and watches. Within seconds the
 * watcher's page draws both boards, the host's pieces as they land and the bot's as it lays them;
 * a tap brings another board large. Game time runs 2x faster.
 */

const SHOTS = '/tmp/watchlive-shots';
mkdirSync(SHOTS, { recursive: true });

describe('watching a round in play', () => {
  const real = chromiumAndServer(2);

  async function open(name: string, size: 'phone' | 'desktop', path = ''): Promise<{ page: Page; errors: string[] }> {
    const context = await real.browser.newContext({ ...SIZES[size], locale: 'en-GB', bypassCSP: true });
    await context.addInitScript((n) => {
      if (!localStorage.getItem('ubongo.name')) localStorage.setItem('ubongo.name', n);
    }, name);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${real.server.url}/${path}`);
    return { page, errors };
  }

  it('draws every board as it fills for someone who opens the link mid-round, the bot’s too', async () => {
    const host = await open('Hana', 'desktop');
    await host.page.getByRole('button', { name: 'Create a table' }).click();
    const code = (await host.page.getByTestId('room-code').textContent()) ?? '';
    await host.page.getByLabel('Rounds').selectOption('1');
    await host.page.getByLabel('Hourglass').selectOption('300');
    await expect.poll(() => host.page.getByLabel('Hourglass').inputValue()).toBe('300');
    await host.page.getByRole('combobox', { name: /^Bot/ }).selectOption('beginner');
    await host.page.getByRole('button', { name: 'Add a bot' }).click();
    await host.page.locator('.seat-name', { hasText: 'Beginner bot 1' }).waitFor();
    await host.page.getByRole('button', { name: 'Start the game' }).click();
    await host.page.getByText('Round 1 of 1').waitFor();
    // Seated and still at her board, the host sees no one's board but her own.
    await expect.poll(() => host.page.locator('.boards-in-play').count()).toBe(0);

    // Mid-round, someone opens the table's link on a phone: a watcher.
    const watcher = await open('Wim', 'phone', `#/room/${code}`);
    const page = watcher.page;
    await page.getByText('You are watching this game.').waitFor();
    // What the bot's board shows, noted as the page draws it (its pieces down), from the moment the watcher came.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { botSeen: string[] }).botSeen = seen;
      new MutationObserver(() => {
        const down = document.querySelector('.boards-in-play [data-player="p2"]')?.getAttribute('data-down');
        if (down && seen.at(-1) !== down) seen.push(down);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    const botSeen = (): Promise<number[]> =>
      page.evaluate(() => (window as unknown as { botSeen: string[] }).botSeen.map(Number));
    const boards = page.locator('.boards-in-play');
    const focused = boards.locator('.focused-board');
    const small = boards.locator('.other-boards li');
    // Both boards drawn, cells and all: the host's large, the bot's small.
    await expect.poll(() => focused.getAttribute('data-player')).toBe('p1');
    await expect.poll(() => focused.locator('.board-picture polygon.cell').count()).toBeGreaterThan(3);
    await expect.poll(() => small.count()).toBe(1);
    await expect.poll(() => small.first().locator('.board-picture polygon.cell').count()).toBeGreaterThan(3);

    // The host puts two pieces down: they appear on her board on the watcher's page.
    await solveWithMouse(host.page, 2);
    await expect.poll(() => focused.locator('.picture-piece').count(), { timeout: 5000 }).toBe(2);
    await expect.poll(() => focused.getAttribute('data-down')).toBe('2');

    // A tap brings the bot's board large: its pieces appear as it lays them, one by one.
    await page.getByRole('button', { name: /^Beginner bot 1 .*show it large$/ }).tap();
    await expect.poll(() => focused.getAttribute('data-player')).toBe('p2');
    await expect.poll(() => focused.locator('.picture-piece').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/watcher-phone.png`, fullPage: true });
    // Seen piece by piece: at least two counts of pieces down, each more than the last.
    await expect
      .poll(async () => (await botSeen()).filter((n) => n > 0).length, { timeout: 60_000 })
      .toBeGreaterThan(1);
    const seen = await botSeen();
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(await focused.locator('.picture-piece').count()).toBe(seen.at(-1));
    await expect.poll(() => small.first().getAttribute('data-player')).toBe('p1');
    await expect.poll(() => small.first().locator('.picture-piece').count()).toBe(2);

    // The watcher's screen passes axe.
    expect(await seriousViolations(page, 'watching boards in play')).toEqual([]);
    expect([...host.errors, ...watcher.errors]).toEqual([]);
    await Promise.all([host.page.context().close(), page.context().close()]);
  }, 150_000);
});
