import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { On } from './support.js';
import { chromiumAndServer, SIZES, watchErrors } from './support.js';

/*
 * The home page's live board and the how-to page's pictures, on a phone (390x844, touch) and a
 * desktop window (1366x800): the board plays itself (its pieces move from the tray onto the board,
 * board after board), holds still and solved for those who ask for less motion, waits while it is
 * off screen, and keeps its room while it loads (nothing moves when it comes); the how-to pictures
 * are drawn, each with its caption, within the page.
 */

const real = chromiumAndServer();

async function open(
  on: On,
  hash: string,
  reducedMotion: 'reduce' | 'no-preference',
): Promise<{ page: Page; errors: string[] }> {
  // No service worker: a script it kept would be answered from its cache, past the routes that refuse it.
  const context = await real.browser.newContext({
    ...SIZES[on],
    locale: 'en-GB',
    reducedMotion,
    serviceWorkers: 'block',
  });
  await context.addInitScript(() => {
    localStorage.setItem('ubongo.name', 'Ada');
  });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${real.server.url}/#/${hash}`);
  return { page, errors };
}

/** Where each piece of the demo board is drawn now, and whether it is on the board. */
const pieces = (page: Page): Promise<{ box: string; placed: boolean }[]> =>
  page.$$eval('.demo-board .demo-piece', (els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return {
        box: [r.x, r.y, r.width, r.height].map((v) => Math.round(v)).join(','),
        placed: el.getAttribute('data-placed') === 'true',
      };
    }),
  );
const board = (page: Page): Promise<Record<string, string | undefined>> =>
  page.$eval('.demo-board .demo-stage', (el) => Object.fromEntries(Object.entries((el as HTMLElement).dataset)));

describe.each(['phone', 'desktop'] as const)('the home page, %s', (on) => {
  it('shows a board that plays itself: pieces move from the tray onto the board, board after board', async () => {
    const { page, errors } = await open(on, '', 'no-preference');
    const demo = page.locator('.demo-board svg.demo-svg');
    await demo.waitFor();
    // Below the ways to play (on a phone, below the first screen): it plays once in sight.
    await demo.scrollIntoViewIfNeeded();
    // A picture for the eyes; the words beside it say what it shows, with a way to try it.
    await expect.poll(() => page.locator('.demo-board').getAttribute('aria-hidden')).toBe('true');
    await page.getByText('Real boards of the game solving themselves', { exact: false }).waitFor();
    await expect
      .poll(() => page.getByText('A real board of the game, solved', { exact: false }).isVisible())
      .toBe(false);
    await expect
      .poll(() => page.getByRole('link', { name: 'Try it yourself' }).getAttribute('href'))
      .toBe('#/tutorial');
    // The first board: its pieces all start in the tray, then one lands.
    expect((await board(page))['puzzle']).toBe('C26-easy-1');
    const before = await pieces(page);
    expect(before.length).toBe(3);
    await expect.poll(async () => (await pieces(page)).filter((p) => p.placed).length).toBeGreaterThan(0);
    // It moved on screen (once its slide is over), not just in its attributes.
    await expect
      .poll(async () => (await pieces(page)).filter((p, i) => p.box !== before[i]?.box).length)
      .toBeGreaterThan(0);
    // Then the whole board is covered, and the next board comes.
    await expect.poll(() => board(page).then((b) => b['puzzle']), { timeout: 15_000 }).toBe('C25-hard-3');
    expect(await pieces(page)).toHaveLength(4);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps the board’s room while it loads: nothing moves when it arrives', async () => {
    const context = await real.browser.newContext({ ...SIZES[on], locale: 'en-GB' });
    // The board's script held back until the page has settled without it.
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route(/\/DemoBoard-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${real.server.url}/#/`);
    await page.locator('.demo-board').waitFor();
    await page.evaluate(() => document.fonts.ready);
    const layout = (): Promise<string[]> =>
      page.$$eval('.hero, .demo-board, .demo-caption, main > div > section', (els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          return `${el.getAttribute('class') ?? ''} ${[r.x, r.y, r.width, r.height].map((v) => Math.round(v)).join(',')}`;
        }),
      );
    // The page as laid out, taken when the board's box has its size (React may swap the placeholder
    // for the lazy board's while it waits for the board's script: seen in a few runs in a dozen, even
    // just after the box was seen at its size, as a box of no size for a moment).
    let before: string[] = [];
    const boardWidth = (entries: string[]): number =>
      Number(
        entries
          .find((e) => e.includes('demo-board'))
          ?.split(' ')
          .at(-1)
          ?.split(',')[2] ?? 0,
      );
    await expect
      .poll(async () => {
        before = await layout();
        return boardWidth(before);
      })
      .toBeGreaterThan(on === 'phone' ? 300 : 400);
    await expect.poll(() => page.locator('.demo-board svg').count()).toBe(0);
    release();
    await page.locator('.demo-board svg.demo-svg').waitFor();
    expect(await layout()).toEqual(before);
    // As wide as the room it has, and as tall as its box says.
    const box = await page.locator('.demo-board').boundingBox();
    expect(box?.width).toBeGreaterThan(on === 'phone' ? 300 : 400);
    expect(Math.abs((box?.width ?? 0) / (box?.height ?? 1) - 44 / 25)).toBeLessThan(0.02);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('holds the board still and solved for those who ask for less motion', async () => {
    const { page, errors } = await open(on, '', 'reduce');
    await page.locator('.demo-board svg.demo-svg').waitFor();
    const first = await pieces(page);
    expect(first.map((p) => p.placed)).toEqual([true, true, true]);
    // The words say what is shown: a board solved, not one solving itself.
    await page.getByText('A real board of the game, solved', { exact: false }).waitFor();
    await expect
      .poll(() => page.getByText('Real boards of the game solving themselves', { exact: false }).isVisible())
      .toBe(false);
    await expect.poll(() => board(page)).toMatchObject({ puzzle: 'C26-easy-1', running: 'false' });
    await page.waitForTimeout(3000);
    expect(await pieces(page)).toEqual(first);
    expect((await board(page))['puzzle']).toBe('C26-easy-1');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the home page, off screen', () => {
  it('waits while the board is scrolled out of sight, and goes on when it is back', async () => {
    const { page, errors } = await open('phone', '', 'no-preference');
    await page.locator('.demo-board svg.demo-svg').waitFor();
    // On a phone the board comes below the ways to play: scrolled to, it plays.
    await page.locator('.demo-board').scrollIntoViewIfNeeded();
    await expect.poll(() => board(page).then((b) => b['running'])).toBe('true');
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
    await expect.poll(() => board(page).then((b) => b['running'])).toBe('false');
    const still = await board(page);
    await page.waitForTimeout(2500);
    expect(await board(page)).toEqual(still);
    await page.locator('.demo-board').scrollIntoViewIfNeeded();
    await expect.poll(() => board(page).then((b) => b['running'])).toBe('true');
    await expect.poll(() => board(page).then((b) => b['step'])).not.toBe(still['step']);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe.each(['phone', 'desktop'] as const)('the how-to page, %s', (on) => {
  it('draws its pictures beside their sections, each with its caption, within the page', async () => {
    const { page, errors } = await open(on, 'how-to-play', 'no-preference');
    await page.locator('.howto-figure').first().waitFor();
    const figures = await page.$$eval('.howto-figure', (els) =>
      els.map((f) => {
        const picture = f.querySelector('.howto-picture');
        const r = picture?.getBoundingClientRect();
        const drawn = [...(picture?.querySelectorAll('svg') ?? [])].map((s) => s.getBoundingClientRect());
        return {
          name: f.getAttribute('data-picture'),
          section: f.closest('section')?.querySelector('h2')?.textContent,
          caption: f.querySelector('figcaption')?.textContent ?? '',
          hidden: picture?.getAttribute('aria-hidden'),
          right: r ? r.right : Infinity,
          drawn: drawn.length > 0 && drawn.every((s) => s.width > 12 && s.height > 12),
          shapes: picture?.querySelectorAll('polygon, path').length ?? 0,
        };
      }),
    );
    expect(figures.map((f) => [f.name, f.section])).toEqual([
      ['board', 'The race'],
      ['solved', 'The race'],
      ['die', 'A round'],
      ['turns', 'Handling the pieces'],
      ['gems', 'Classic'],
      ['marker', 'Classic'],
      ['fixed', 'Fixed scoring'],
      ['extreme', 'Extreme'],
      ['jewels', 'The jewel board'],
    ]);
    const width = await page.evaluate(() => window.innerWidth);
    for (const f of figures) {
      expect(f.caption.length, f.name ?? '').toBeGreaterThan(20);
      expect(f.hidden).toBe('true');
      expect(f.drawn, f.name ?? '').toBe(true);
      expect(f.shapes, f.name ?? '').toBeGreaterThan(3);
      expect(f.right, f.name ?? '').toBeLessThanOrEqual(width);
    }
    // Nothing wider than the window.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    // On a desktop the pictures stand beside the words; on a phone under them.
    const [text, picture] = await Promise.all([
      page.locator('section.with-pictures .howto-text').first().boundingBox(),
      page.locator('section.with-pictures .howto-pictures').first().boundingBox(),
    ]);
    if (on === 'desktop') expect(picture?.x).toBeGreaterThan((text?.x ?? 0) + (text?.width ?? 0) - 1);
    else expect(picture?.y).toBeGreaterThan((text?.y ?? 0) + (text?.height ?? 0) - 1);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe('the languages', () => {
  it('draws a first visit from a Polish browser in Polish from its first frame, loading Polish alone', async () => {
    const context = await real.browser.newContext({ ...SIZES.phone, locale: 'pl-PL' });
    // Everything the page ever shows in its root, from the first node on.
    await context.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { seen });
      new MutationObserver(() => {
        const text = document.getElementById('root')?.textContent ?? '';
        if (text) seen.push(text);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${real.server.url}/#/`);
    await page.getByText('Układankowy wyścig na czas', { exact: false }).waitFor();
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('pl');
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen.length).toBeGreaterThan(0);
    // Never the English home page first.
    expect(seen.filter((text) => text.includes('Create a table'))).toEqual([]);
    // The Polish texts came as a chunk of their own; no other language's did.
    const languages = scripts.map((s) => /\/(en|es|pt|pl|it)-[\w-]+\.js$/.exec(s)?.[1]).filter(Boolean);
    expect(languages).toEqual(['pl']);
    // Switched to Spanish: its chunk comes then.
    await page.getByRole('combobox', { name: 'Język' }).selectOption('es');
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('es');
    expect(scripts.some((s) => /\/es-[\w-]+\.js$/.test(s))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.each(['phone', 'desktop'] as const)('a screen whose script cannot be fetched, %s', (on) => {
  it('says the page could not be opened, and a reload opens it', async () => {
    const { page, errors } = await open(on, '', 'no-preference');
    await page.locator('.demo-board').waitFor();
    // The how-to page's script fails, as an old page's does once the game is updated (its script
    // renamed) or when the connection drops.
    let refuse = true;
    await page.route(/\/HowTo-[^/]*\.js$/, (route) => (refuse ? route.abort('failed') : route.continue()));
    const link = page.locator('header.top nav').getByRole('link', { name: 'How to play' });
    await (on === 'phone' ? link.tap() : link.click());
    const failed = page.getByRole('alert').filter({ hasText: 'This page could not be opened' });
    await failed.waitFor();
    await failed.getByText('Ubongo may have been updated', { exact: false }).waitFor();
    // The page around it stands: the header, the way home.
    await expect.poll(() => page.locator('header.top').isVisible()).toBe(true);
    const home = failed.getByRole('link', { name: 'Back to the start' });
    await (on === 'phone' ? home.tap() : home.click());
    await page.locator('.demo-board').waitFor();
    await expect.poll(() => failed.count()).toBe(0);
    // Once the script can be had again, a reload from the failed page opens it.
    await (on === 'phone' ? link.tap() : link.click());
    await failed.waitFor();
    refuse = false;
    const reload = failed.getByRole('button', { name: 'Reload' });
    await (on === 'phone' ? reload.tap() : reload.click());
    await page.locator('.howto-figure').first().waitFor();
    expect(page.url()).toMatch(/#\/how-to-play$/);
    await expect.poll(() => failed.count()).toBe(0);
    // What failed was the script, said once by the browser and once by React; nothing else.
    expect(errors.filter((e) => !/HowTo-|dynamically imported module|net::ERR_FAILED/.test(e))).toEqual([]);
    await page.context().close();
  });

  it('keeps the home page whole when its live board’s script cannot be fetched', async () => {
    const context = await real.browser.newContext({ ...SIZES[on], locale: 'en-GB', serviceWorkers: 'block' });
    await context.route(/\/DemoBoard-[^/]*\.js$/, (route) => route.abort('failed'));
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${real.server.url}/#/`);
    await expect.poll(() => errors.some((e) => /DemoBoard-|dynamically imported module/.test(e))).toBe(true);
    // The board's box stays empty; the rest of the page is there and works.
    await expect.poll(() => page.locator('.demo-board').count()).toBe(1);
    await expect.poll(() => page.locator('.demo-board svg').count()).toBe(0);
    await expect.poll(() => page.getByRole('alert').count()).toBe(0);
    const tryIt = page.getByRole('link', { name: 'Try it yourself' });
    await (on === 'phone' ? tryIt.tap() : tryIt.click());
    await expect.poll(() => page.url()).toMatch(/#\/tutorial$/);
    await page.locator('svg.puzzle-svg').waitFor();
    expect(errors.filter((e) => !/DemoBoard-|dynamically imported module|net::ERR_FAILED/.test(e))).toEqual([]);
    await context.close();
  });
});
