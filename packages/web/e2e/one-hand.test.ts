import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { solveWithMouse, solveWithTouch } from './play.js';
import type { On } from './support.js';
import { chromiumAndServer, SIZES, watchErrors } from './support.js';

/*
 * Play held in one hand: on a 390x844 phone, with touch, every control needed in play (turn, flip,
 * back to the tray, clear, undo, set aside, the sound) lies in the bottom part of the screen, within
 * a thumb's reach, each at least 44 px square, and nothing to press sits above the board; on a
 * 1366x800 window the same controls are on the screen, under the board. A piece put down is felt (a
 * short vibration) and so is a solve (a pattern), not when the sound is off: the page's calls to
 * `navigator.vibrate` are recorded, since a headless browser has no motor to feel.
 */

const real = chromiumAndServer();

/** The lower share of the window a thumb reaches on a phone held in one hand. */
const THUMB_SHARE = 0.4;
const TARGET = 44;

async function open(on: On, hash = ''): Promise<{ page: Page; errors: string[] }> {
  const context = await real.browser.newContext({ ...SIZES[on], locale: 'en-GB' });
  await context.addInitScript(() => {
    localStorage.setItem('ubongo.name', 'Pat');
    localStorage.setItem('ubongo.tutorial', 'skipped');
    // What the page asks the motor to do, in order (the platform's own vibrate is still called).
    const felt: unknown[] = [];
    (window as unknown as { felt: unknown[] }).felt = felt;
    const vibrate = Object.getOwnPropertyDescriptor(Navigator.prototype, 'vibrate')?.value as
      ((this: Navigator, pattern: VibratePattern) => boolean) | undefined;
    Object.defineProperty(Navigator.prototype, 'vibrate', {
      configurable: true,
      value(this: Navigator, pattern: VibratePattern): boolean {
        felt.push(pattern);
        return vibrate ? vibrate.call(this, pattern) : true;
      },
    });
  });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${real.server.url}/#/${hash}`);
  return { page, errors };
}

const felt = (page: Page): Promise<unknown[]> =>
  page.evaluate(() => [...(window as unknown as { felt: unknown[] }).felt]);

interface Control {
  readonly name: string;
  readonly top: number;
  readonly bottom: number;
  readonly width: number;
  readonly height: number;
}

/**
 * The play controls (the board's buttons and the bar under it) with their boxes, the board's
 * picture's top, and any control of the screen in play that lies above the board.
 */
async function controls(page: Page): Promise<{ controls: Control[]; above: string[]; height: number }> {
  return page.evaluate(() => {
    const name = (el: Element): string =>
      (el.getAttribute('aria-label') ?? el.textContent).replace(/[⟳⇋↩↶]/g, '').trim();
    const boardTop = document.querySelector('svg.puzzle-svg')?.getBoundingClientRect().top ?? 0;
    const found = [...document.querySelectorAll('.puzzle-tools button, .play-bar button')].map((el) => {
      const b = el.getBoundingClientRect();
      return { name: name(el), top: b.top, bottom: b.bottom, width: b.width, height: b.height };
    });
    const above = [...document.querySelectorAll('.play-screen :is(button, input, select, a[href])')]
      .filter((el) => {
        const b = el.getBoundingClientRect();
        return b.width > 0 && b.height > 0 && b.bottom <= boardTop;
      })
      .map(name);
    return { controls: found, above, height: innerHeight };
  });
}

/** Every control within a thumb's reach (the window's lower part) and 44 px square at least. */
function expectWithinThumb(seen: { controls: Control[]; height: number }): void {
  const reach = seen.height * (1 - THUMB_SHARE);
  const out = seen.controls.filter(
    (c) => c.top < reach || c.bottom > seen.height || c.width < TARGET - 0.5 || c.height < TARGET - 0.5,
  );
  expect(out).toEqual([]);
}

/** A round in play at a table with a beginner bot, a long hourglass. */
async function round(page: Page, on: On): Promise<void> {
  const press = (name: string): Promise<void> =>
    on === 'phone' ? page.getByRole('button', { name }).tap() : page.getByRole('button', { name }).click();
  await press('Create a table');
  await page.getByTestId('room-code').waitFor();
  await page.getByLabel('Rounds').selectOption('1');
  await page.getByLabel('Hourglass').selectOption('300');
  await page.getByRole('combobox', { name: /^Bot/ }).selectOption('beginner');
  await press('Add a bot');
  await page.locator('.seat-name', { hasText: 'Beginner bot 1' }).waitFor();
  await press('Start the game');
  await page.locator('svg.puzzle-svg').waitFor();
}

const BOARD_BUTTONS = ['Turn', 'Flip', 'Back to tray', 'Clear the board', 'Undo'];

describe('one hand on a phone', () => {
  it('a round at 390x844: the controls at the bottom within a thumb’s reach, 44 px at least, only what is read above the board', async () => {
    const { page, errors } = await open('phone');
    await round(page, 'phone');
    const seen = await controls(page);
    expect(seen.controls.map((c) => c.name)).toEqual([...BOARD_BUTTONS, 'Sound on or off']);
    expectWithinThumb(seen);
    expect(seen.above).toEqual([]);
    // The sound's button works from there.
    const sound = page.locator('.play-bar').getByRole('button', { name: 'Sound on or off' });
    await expect.poll(() => sound.getAttribute('aria-pressed')).toBe('true');
    await sound.tap();
    await expect.poll(() => sound.getAttribute('aria-pressed')).toBe('false');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('a solo run at 390x844: Set aside and the sound at the bottom too, and Set aside sets aside', async () => {
    const { page, errors } = await open('phone', 'solo');
    await page.getByRole('button', { name: 'Start' }).tap();
    await page.locator('svg.puzzle-svg').waitFor();
    const seen = await controls(page);
    expect(seen.controls.map((c) => c.name)).toEqual([...BOARD_BUTTONS, 'Sound on or off', 'Set aside']);
    expectWithinThumb(seen);
    expect(seen.above).toEqual([]);
    // The next task comes on a board drawn anew (one not marked as seen).
    const svg = page.locator('svg.puzzle-svg');
    await svg.evaluate((el) => {
      el.setAttribute('data-seen', '');
    });
    await page.getByRole('button', { name: 'Set aside' }).tap();
    await expect.poll(() => svg.getAttribute('data-seen')).toBeNull();
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('practice at 390x844: the board’s buttons, a hint, the solution and the sound at the bottom', async () => {
    const { page, errors } = await open('phone', 'practice');
    await page.locator('svg.puzzle-svg').waitFor();
    const seen = await controls(page);
    expect(seen.controls.map((c) => c.name)).toEqual([
      ...BOARD_BUTTONS,
      'Hint',
      'Show the solution',
      'Sound on or off',
    ]);
    expectWithinThumb(seen);
    // A hint from there: its count beside it, the controls still within reach.
    await page.getByRole('button', { name: 'Hint', exact: true }).tap();
    await page.locator('.play-bar .hint-count').waitFor();
    expectWithinThumb(await controls(page));
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it.each(['solo', 'game'] as const)(
    'desktop 1366x800, %s: the same controls on the screen, under the board, 44 px high',
    async (where) => {
      const { page, errors } = await open('desktop', where === 'solo' ? 'solo' : '');
      if (where === 'solo') {
        await page.getByRole('button', { name: 'Start' }).click();
        await page.locator('svg.puzzle-svg').waitFor();
      } else await round(page, 'desktop');
      const seen = await controls(page);
      const board = await page.locator('.puzzle').boundingBox();
      expect(seen.controls.map((c) => c.name)).toEqual([
        ...BOARD_BUTTONS,
        'Sound on or off',
        ...(where === 'solo' ? ['Set aside'] : []),
      ]);
      const wrong = seen.controls.filter(
        (c) =>
          c.height < TARGET - 0.5 || c.bottom > seen.height || c.top < (board?.y ?? 0) + (board?.height ?? 0) * 0.5,
      );
      expect(wrong).toEqual([]);
      // The bar right under the board, not somewhere down the page.
      const bar = await page.locator('.play-bar').boundingBox();
      expect((bar?.y ?? 0) - ((board?.y ?? 0) + (board?.height ?? 0))).toBeLessThan(20);
      expect(seen.above).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    },
    60_000,
  );
});

describe('haptics', () => {
  // On the practice screen, whose board stays once solved (a solo run's makes way for the next at once).
  it('a phone: a tick when a piece snaps down, a pattern on a solve, nothing when the sound is off', async () => {
    const { page, errors } = await open('phone', 'practice');
    const svg = page.locator('svg.puzzle-svg');
    await svg.waitFor();
    const pieces = await page.locator('g.piece').count();
    // Each piece put down by a finger: one short tick (the taps, turns and flips on the way tick
    // nothing); then the server says solved: a pattern.
    await solveWithTouch(page);
    await page.locator('.solved-banner').waitFor();
    await expect.poll(() => felt(page)).toEqual([...Array<number>(pieces).fill(12), [40, 60, 40, 60, 120]]);
    const before = (await felt(page)).length;
    // The sound off: the next puzzle's pieces are put down without a tick.
    const sound = page.locator('.play-bar').getByRole('button', { name: 'Sound on or off' });
    await sound.tap();
    // Chromium may take the first tap after a drag for the one that stops a fling: then once more
    // (once the page has had the time to draw a tap that did take).
    const took = await expect
      .poll(() => sound.getAttribute('aria-pressed'), { timeout: 2_000 })
      .toBe('false')
      .then(
        () => true,
        () => false,
      );
    if (!took) await sound.tap();
    await expect.poll(() => sound.getAttribute('aria-pressed')).toBe('false');
    await svg.evaluate((el) => {
      el.setAttribute('data-seen', '');
    });
    await page.getByRole('button', { name: 'Another puzzle' }).tap();
    await expect.poll(() => svg.getAttribute('data-seen')).toBeNull();
    await solveWithTouch(page, 1);
    await expect.poll(() => page.locator('g.piece:not([data-at=""])').count()).toBeGreaterThan(0);
    expect((await felt(page)).slice(before)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('a desktop with a mouse: the page still works where a vibration does nothing', async () => {
    const { page, errors } = await open('desktop', 'practice');
    await page.locator('svg.puzzle-svg').waitFor();
    // No vibrate at all here, as on Safari: the board works on, and is solved.
    await page.evaluate(() => {
      Object.defineProperty(Navigator.prototype, 'vibrate', { configurable: true, value: undefined });
    });
    await solveWithMouse(page);
    await page.locator('.solved-banner').waitFor();
    expect(await felt(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);
});
