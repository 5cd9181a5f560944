import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { solveWithMouse, solveWithTouch } from './play.js';
import type { On } from './support.js';
import { chromiumAndServer, SIZES, watchErrors } from './support.js';

/*
 * A race you can watch, and a board that outlives a reload, played as people do: on the phone with
 * real touch (Chromium's touch input), on the desktop with the mouse. A rival's pieces down show in
 * the standings; a reload mid-round lays the pieces where they were; a solo solve is a moment before
 * the next puzzle (at both sizes: a touch and a press pass through it); a timed run's clock turns
 * urgent in its last seconds.
 */

const SHOTS = '/tmp/shots/watch';
mkdirSync(SHOTS, { recursive: true });

/** Puts a solution's pieces before `pieces` down, from its `from`th, as a person at that size does (all: solves). */
const play = (page: Page, on: On, pieces = Infinity, from = 0): Promise<void> =>
  on === 'phone' ? solveWithTouch(page, pieces, from) : solveWithMouse(page, pieces, from);

/** A button pressed as a person at that size does: a tap on the phone, a click on the desktop. */
const press = (page: Page, on: On, name: string): Promise<void> =>
  on === 'phone' ? page.getByRole('button', { name }).tap() : page.getByRole('button', { name }).click();

describe('at game time', () => {
  const real = chromiumAndServer(1);

  async function newPlayer(name: string, on: On): Promise<{ page: Page; errors: string[] }> {
    const context = await real.browser.newContext({ ...SIZES[on], locale: 'en-GB' });
    await context.addInitScript((n) => {
      if (!localStorage.getItem('ubongo.name')) localStorage.setItem('ubongo.name', n);
    }, name);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(real.server.url);
    return { page, errors };
  }

  /** As host: a private table of one round with a 90 s hourglass (a round the test never waits out); its code. */
  async function openTable(page: Page, on: On): Promise<string> {
    await press(page, on, 'Create a table');
    const code = (await page.getByTestId('room-code').textContent()) ?? '';
    await page.getByLabel('Rounds').selectOption('1');
    await page.getByLabel('Hourglass').selectOption('90');
    await expect.poll(() => page.getByLabel('Rounds').inputValue()).toBe('1');
    await expect.poll(() => page.getByLabel('Hourglass').inputValue()).toBe('90');
    return code;
  }

  /*
   * A rival's progress and a board kept over a reload are the same components at both sizes (the
   * standings' pips are tried in jsdom too, table/Game.test.tsx): one path each here, the watcher and
   * the reloading player on a phone with real touch, the rival at a desktop with the mouse.
   */
  it(`shows a rival's pieces down and when they solve, on a phone (the rival at a desktop)`, async () => {
    const me = await newPlayer('Vera', 'phone');
    const code = await openTable(me.page, 'phone');
    const rival = await newPlayer('Remo', 'desktop');
    await rival.page.getByLabel('Table code').fill(code);
    await press(rival.page, 'desktop', 'Join');
    await rival.page.getByText('Waiting for the host to start the game.').waitFor();
    await me.page.getByText('Remo').waitFor();
    await press(me.page, 'phone', 'Start the game');
    await Promise.all([me.page, rival.page].map((p) => p.getByText('Round 1 of 1').waitFor()));

    // Remo puts two pieces down: Vera sees it in the standings, as she plays her own board.
    const remo = me.page.locator('.players li', { hasText: 'Remo' });
    const needed = (await rival.page.locator('svg.puzzle-svg').getAttribute('data-needed')) ?? '[]';
    const of = (JSON.parse(needed) as string[]).length;
    await play(rival.page, 'desktop', 2);
    await remo.getByRole('img', { name: `2 of ${of} pieces down` }).waitFor();
    // Her own row says she has none down yet.
    await me.page
      .locator('.players li.me')
      .getByRole('img', { name: /^0 of \d+ pieces down$/ })
      .waitFor();
    await me.page.screenshot({ path: `${SHOTS}/race-progress-phone.png` });

    // Remo solves: his row says in which place, and no longer counts pieces.
    await play(rival.page, 'desktop', Infinity, 2);
    await remo.locator('.solved-tag', { hasText: 'first' }).waitFor();
    await expect.poll(() => remo.locator('.pieces-down').count()).toBe(0);
    await me.page.screenshot({ path: `${SHOTS}/race-solved-phone.png` });
    expect([...me.errors, ...rival.errors]).toEqual([]);
    await Promise.all([me.page.context().close(), rival.page.context().close()]);
  }, 120_000);

  it(`lays the pieces down again after a reload mid-round, on a phone`, async () => {
    const me = await newPlayer('Rhea', 'phone');
    await openTable(me.page, 'phone');
    await press(me.page, 'phone', 'Start the game');
    await me.page.getByText('Round 1 of 1').waitFor();
    await play(me.page, 'phone', 2);
    const lying = (): Promise<string[]> =>
      me.page
        .locator('g.piece:not([data-at=""])')
        .evaluateAll((els) =>
          els.map(
            (el) => `${el.getAttribute('data-piece')}@${el.getAttribute('data-at')}:${el.getAttribute('data-cells')}`,
          ),
        );
    const before = await lying();
    expect(before).toHaveLength(2);
    await me.page.reload();
    await me.page.getByText('Round 1 of 1').waitFor();
    await me.page.locator('svg.puzzle-svg').waitFor();
    await expect.poll(lying).toEqual(before);
    await me.page.getByText(/^2 of \d+ pieces on the board\.$/).waitFor();
    // And the board goes on from there: the rest put down solves it.
    await play(me.page, 'phone', Infinity, 2);
    // Alone at the table, her solve ends the round: her board is shown solved.
    await me.page.locator('.round-boards li[data-player="p1"] .solved-tag').waitFor({ timeout: 15_000 });
    expect(me.errors).toEqual([]);
    await me.page.context().close();
  }, 120_000);

  for (const on of ['phone', 'desktop'] as const) {
    it(`makes a solo solve a moment over the next board, which takes a move at once, on the ${on}`, async () => {
      const me = await newPlayer('Sami', on);
      await me.page.getByRole('link', { name: 'Solo' }).click();
      const count = me.page.getByLabel('Number of puzzles');
      if (on === 'phone') await count.tap();
      else await count.check();
      await press(me.page, on, 'Start');
      await me.page.getByText('0 of 5 solved').waitFor();
      // For each touch or press: whether a beat was on screen then.
      await me.page.evaluate(() => {
        const w = window as unknown as { touches: boolean[] };
        w.touches = [];
        document.addEventListener(
          'pointerdown',
          () => {
            w.touches.push(document.querySelector('.solo-beat') !== null);
          },
          { capture: true },
        );
      });
      await play(me.page, on);
      // What the page shows as the beat begins (read in one go: a beat lasts a moment).
      const seen = await me.page.waitForFunction(() => {
        const beat = document.querySelector('.solo-beat');
        if (!beat) return null;
        const box = beat.getBoundingClientRect();
        return {
          time: beat.querySelector('.solo-beat-time')?.textContent ?? '',
          text: beat.textContent,
          inTray: document.querySelectorAll('g.piece[data-at=""]').length,
          down: document.querySelectorAll('g.piece:not([data-at=""])').length,
          // What a tap in the middle of the beat reaches: the board under it.
          under: document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.closest('.puzzle') !== null,
        };
      });
      const beat = (await seen.jsonValue()) as {
        time: string;
        text: string;
        inTray: number;
        down: number;
        under: boolean;
      };
      // The next puzzle is already there, its pieces in the tray, and the beat takes no tap.
      expect(beat.inTray).toBeGreaterThan(0);
      expect(beat.down).toBe(0);
      expect(beat.under).toBe(true);
      expect(beat.time).toMatch(/^Solved in \d+:\d\d$/);
      expect(beat.text).toContain('1 of 5 solved');
      // A piece of the next board put down at once, touched during the beat: it lands. (The beat
      // lasts 1.5 s of the page's time: nothing slow, a screenshot above all, comes before the touch.)
      const touches = () => me.page.evaluate(() => (window as unknown as { touches: boolean[] }).touches);
      const before = (await touches()).length;
      await play(me.page, on, 1);
      await expect.poll(() => me.page.locator('g.piece:not([data-at=""])').count()).toBe(1);
      expect((await touches())[before]).toBe(true);
      // For the picture: the next board under the beat (or just after it, on a slow machine).
      await me.page.screenshot({ path: `${SHOTS}/solo-beat-${on}.png` });
      // Then the beat goes by itself.
      await me.page.locator('.solo-beat').waitFor({ state: 'detached', timeout: 10_000 });
      expect(me.errors).toEqual([]);
      await me.page.context().close();
    }, 120_000);
  }
});

/*
 * When a run's clock turns urgent, and the sand it sounds, is tried in jsdom on a test clock
 * (ui/countdown.test.tsx); here, once, what a phone shows: the clock calm, then in red, live, at game
 * time x10 (a five-minute run in 30 s: at x30 a page on a busy machine drew its first clock already in
 * the last ten seconds). The page itself notes the clock as it changes (a MutationObserver), so the
 * test does not have to catch its last ten seconds, one real second here, by polling.
 */
describe('a timed run, game time x10', () => {
  const real = chromiumAndServer(10);

  it('turns the solo clock urgent in its last ten seconds, in red, on a phone', async () => {
    const context = await real.browser.newContext({ ...SIZES.phone, locale: 'en-GB' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(real.server.url);
    await page.getByRole('link', { name: 'Solo' }).tap();
    // The page notes what its clock shows as it changes: calm first, then urgent (with its colour).
    await page.evaluate(() => {
      const w = window as unknown as { calm?: boolean; urgent?: { calmBefore: boolean; text: string; colour: string } };
      new MutationObserver(() => {
        const el = document.querySelector('.solo-clock');
        if (!el || w.urgent) return;
        if (!el.hasAttribute('data-urgent')) w.calm = true;
        else
          w.urgent = {
            calmBefore: w.calm === true,
            text: el.querySelector('strong')?.textContent ?? '',
            colour: getComputedStyle(el).color,
          };
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await press(page, 'phone', 'Start');
    const urgent = await page.waitForFunction(() => (window as unknown as { urgent?: object }).urgent, undefined, {
      timeout: 60_000,
    });
    const { calmBefore, text, colour } = (await urgent.jsonValue()) as {
      calmBefore: boolean;
      text: string;
      colour: string;
    };
    expect(calmBefore).toBe(true);
    const [m, s] = text.split(':').map(Number);
    expect((m ?? 0) * 60 + (s ?? 0)).toBeLessThanOrEqual(10);
    expect(colour).toBe('rgb(179, 38, 30)');
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
