import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { On } from './support.js';
import { chromiumAndServer, SIZES, watchErrors } from './support.js';

/*
 * Extreme with the whole set: the sand waits until every player has laid out their colour's pieces
 * (docs/rules.md §3.6). Pat on a phone (390x844, touch) hosts, Kai at a desktop (1366x800) joins,
 * a master bot sits with them. Screenshots go to UBONGO_SCREENSHOTS (or ./screenshots).
 */

const real = chromiumAndServer();
const OUT = resolve(process.env.UBONGO_SCREENSHOTS ?? 'screenshots');

async function open(name: string, on: On, path = '#/'): Promise<{ page: Page; errors: string[] }> {
  const context = await real.browser.newContext({ ...SIZES[on], locale: 'en-GB' });
  await context.addInitScript((n) => {
    localStorage.setItem('ubongo.name', n);
    localStorage.setItem('ubongo.lang', 'en');
  }, name);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${real.server.url}/${path}`);
  return { page, errors };
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  await page.screenshot({ path: join(OUT, `${name}.png`) });
}

describe('Extreme with the whole set: laying out the pieces', () => {
  it('the sand is turned once Pat (phone), Kai (desktop) and the bot have laid out their pieces', async () => {
    const pat = await open('Pat', 'phone');
    await pat.page.getByRole('button', { name: 'Create a table' }).tap();
    const code = (await pat.page.getByTestId('room-code').textContent()) ?? '';
    await pat.page.getByLabel('Edition').selectOption('extreme');
    await pat.page.getByLabel(/^Pieces/).selectOption('box');
    await pat.page.getByLabel('Rounds').selectOption('1');
    await expect.poll(() => pat.page.getByLabel(/^Pieces/).inputValue()).toBe('box');
    await pat.page.getByRole('combobox', { name: /^Bot/ }).selectOption('master');
    await pat.page.getByRole('button', { name: 'Add a bot' }).tap();
    await pat.page.locator('.seat-name').nth(1).waitFor();

    const kai = await open('Kai', 'desktop');
    await kai.page.getByLabel('Table code').fill(code);
    await kai.page.getByRole('button', { name: 'Join' }).click();
    await kai.page.getByText('Waiting for the host to start the game.').waitFor();
    await pat.page.getByText('Kai').first().waitFor();
    await pat.page.getByRole('button', { name: 'Start the game' }).tap();

    // Both are asked to lay out their pieces; no sand runs yet, and the board waits.
    for (const { page } of [pat, kai]) {
      await page.getByRole('button', { name: 'My pieces are laid out' }).waitFor();
      await expect
        .poll(() => page.locator('.lay-out .task-line').textContent())
        .toMatch(
          /^Find the pieces of your colour that your board shows and lay them out in front of you\. The sand is turned once everyone has, at the latest in \d+ s\.$/,
        );
      await expect.poll(() => page.locator('.hourglass').count()).toBe(0);
    }
    await shot(pat.page, 'phone-lay-out');
    await shot(kai.page, 'desktop-lay-out');

    // Pat lays out: the line now says whom the sand waits for (the bot lays out by itself).
    await pat.page.getByRole('button', { name: 'My pieces are laid out' }).tap();
    const waiting = pat.page.locator('.lay-out .task-line');
    await expect
      .poll(() => waiting.textContent(), { timeout: 15_000 })
      .toMatch(/^Waiting for Kai to lay out their pieces\. The sand is turned in \d+ s at the latest\.$/);
    await expect.poll(() => pat.page.getByRole('button', { name: 'My pieces are laid out' }).count()).toBe(0);
    await expect.poll(() => pat.page.locator('.hourglass').count()).toBe(0);
    await shot(pat.page, 'phone-lay-out-waiting');
    // Kai still has his button, and the line waits for nobody but him.
    await expect.poll(() => kai.page.locator('.lay-out .task-line').textContent()).toMatch(/^Find the pieces/);

    await kai.page.getByRole('button', { name: 'My pieces are laid out' }).click();
    // The sand is turned for everyone: the hourglass runs, the line is gone, the whole set is in the tray.
    for (const { page } of [pat, kai]) {
      await page.locator('.hourglass').waitFor({ timeout: 10_000 });
      await expect.poll(() => page.locator('.lay-out').count()).toBe(0);
      await expect.poll(() => page.locator('g.piece').count()).toBe(13);
    }
    await shot(pat.page, 'phone-lay-out-sand');
    await shot(kai.page, 'desktop-lay-out-sand');
    expect([...pat.errors, ...kai.errors]).toEqual([]);
    await Promise.all([pat.page.context().close(), kai.page.context().close()]);
  }, 90_000);
});

describe('the how-to page', () => {
  it.each<On>(['phone', 'desktop'])(
    '%s: says fewer rounds may be played, that the jewel start is chosen, and what the whole set is',
    async (on) => {
      const { page, errors } = await open('Ivo', on, '#/how-to-play');
      await page.getByRole('heading', { name: 'How to play', level: 1 }).waitFor();
      const section = (name: string) => page.locator('section', { has: page.getByRole('heading', { name }) });
      expect(await section('A round').textContent()).toContain('the host of a table may choose fewer (from 1 to 9)');
      expect(await section('The jewel board').textContent()).toContain(
        'every player chooses the row their pawn starts beside',
      );
      const whole = section('The whole set, as in the box');
      expect(await whole.textContent()).toContain('In Extreme the sand waits');
      await whole.scrollIntoViewIfNeeded();
      await shot(page, `${on}-howto-whole-set`);
      await section('Ties').scrollIntoViewIfNeeded();
      expect(await section('Ties').textContent()).toContain('As in every round');
      await shot(page, `${on}-howto-ties`);
      await section('The jewel board').scrollIntoViewIfNeeded();
      await shot(page, `${on}-howto-jewels`);
      expect(errors).toEqual([]);
      await page.context().close();
    },
    30_000,
  );
});
