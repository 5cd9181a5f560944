import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumAndServer, SIZES, watchErrors } from './support.js';

/*
 * A table that cannot start says why, on a phone (390x844) in Chromium against the real server:
 * a rated table with a guest at it names the guest, a person alone at a quick-match table is told
 * it waits for a second person. Screenshots go to UBONGO_SCREENSHOTS (or ./screenshots) to look at.
 */

const real = chromiumAndServer();
const OUT = resolve(process.env.UBONGO_SCREENSHOTS ?? 'screenshots');

async function open(lang = 'en'): Promise<{ page: Page; errors: string[] }> {
  const context = await real.browser.newContext({ ...SIZES.phone, locale: 'en-GB' });
  await context.addInitScript(
    ([l]) => {
      localStorage.setItem('ubongo.name', 'Pat');
      localStorage.setItem('ubongo.lang', l);
    },
    [lang] as const,
  );
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${real.server.url}/#/`);
  return { page, errors };
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  await page.screenshot({ path: join(OUT, `phone-${name}.png`), fullPage: true });
}

describe('a table that cannot start', () => {
  it('names the guest at a rated table to everyone, and says nothing once it is casual', async () => {
    const { page, errors } = await open();
    await page.getByRole('button', { name: 'Create a table' }).tap();
    await page.getByTestId('room-code').waitFor();
    await expect.poll(() => page.getByTestId('blocked').count()).toBe(0);
    // Pat plays as a guest: ticking Rated game blocks the table, and it says who.
    await page.getByRole('checkbox', { name: 'Rated game' }).tap();
    const banner = page.getByTestId('blocked');
    await banner.waitFor();
    await expect.poll(() => banner.textContent()).toMatch(/^This rated game cannot start: Pat plays as a guest/);
    await banner.scrollIntoViewIfNeeded();
    await shot(page, 'lobby-blocked-guest');
    // Within the window's width.
    const box = await banner.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
    await page.getByRole('checkbox', { name: 'Rated game' }).tap();
    await expect.poll(() => banner.count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('tells a person alone at a quick-match table that it waits for someone, in their language', async () => {
    const { page, errors } = await open('pl');
    await page.getByRole('button', { name: 'Szybka gra' }).tap();
    const banner = page.getByTestId('blocked');
    await banner.waitFor();
    await expect
      .poll(() => banner.textContent())
      .toBe('Szukamy graczy… Szybka gra zaczyna się sama, gdy tylko dołączy druga osoba.');
    await shot(page, 'quick-match-alone-pl');
    expect(errors).toEqual([]);
  });
});
