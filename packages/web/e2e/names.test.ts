import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { solveWithMouse, solveWithTouch } from './play.js';
import type { On } from './support.js';
import { chromiumAndServer, SIZES, watchErrors } from './support.js';

/*
 * Names that link to profiles in the game's standings and on the replay page, and a replay that
 * names the stored winners: a player alone at a table who never solves (nobody scores, so nobody
 * wins). Played at both sizes as a person does: on the phone with real touch, on the desktop with
 * the mouse. Game time x4: a 20 s hourglass lasts 5 s.
 */

const SHOTS = '/tmp/shots/polish2';
mkdirSync(SHOTS, { recursive: true });

const real = chromiumAndServer(4);

/** A control used as a person at that size does: a tap on the phone, a click on the desktop. */
const press = (page: Page, on: On, name: string, role: 'button' | 'link' = 'button'): Promise<void> =>
  on === 'phone' ? page.getByRole(role, { name }).tap() : page.getByRole(role, { name }).click();

describe('names that link to profiles', () => {
  for (const on of ['phone', 'desktop'] as const) {
    it(`links the standings and the replay to profiles, and a replay of a game nobody scored names no winner, on the ${on}`, async () => {
      const context = await real.browser.newContext({ ...SIZES[on], locale: 'en-GB' });
      await context.addInitScript(() => {
        if (!localStorage.getItem('ubongo.name')) localStorage.setItem('ubongo.name', 'Nia');
      });
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto(real.server.url);
      await press(page, on, 'Create a table');
      await page.getByTestId('room-code').waitFor();
      await page.getByLabel('Rounds').selectOption('1');
      await page.getByLabel('Hourglass').selectOption('20');
      await expect.poll(() => page.getByLabel('Hourglass').inputValue()).toBe('20');
      // Her account, as her seat in the lobby links to it.
      const profile = (await page.locator('.seats a.player-ref', { hasText: 'Nia' }).getAttribute('href')) ?? '';
      expect(profile).toMatch(/^#\/player\/[\w-]+$/);
      await press(page, on, 'Start the game');
      await page.getByText('Round 1 of 1').waitFor();
      // In the round, her name in the standings links to her profile, outside the board.
      const link = page.locator('.players a.player-ref', { hasText: 'Nia' });
      await link.waitFor();
      await expect.poll(() => link.getAttribute('href')).toBe(profile);
      await page.screenshot({ path: `${SHOTS}/standings-${on}.png` });
      const [board, name] = await Promise.all([page.locator('.puzzle').boundingBox(), link.boundingBox()]);
      if (!board || !name) throw new Error('no board or no name');
      const overlaps =
        name.x < board.x + board.width &&
        board.x < name.x + name.width &&
        name.y < board.y + board.height &&
        board.y < name.y + name.height;
      expect(overlaps).toBe(false);
      // A piece put down on the board stays a move on the board: the page stays on the game.
      const room = new URL(page.url()).hash;
      expect(room).toMatch(/^#\/room\//);
      if (on === 'phone') await solveWithTouch(page, 1);
      else await solveWithMouse(page, 1);
      await expect.poll(() => page.locator('g.piece:not([data-at=""])').count()).toBe(1);
      expect(new URL(page.url()).hash).toBe(room);
      // She never solves: the sand runs out twice, and nobody scored.
      await page.getByRole('heading', { name: 'Nobody wins' }).waitFor({ timeout: 60_000 });
      await press(page, on, 'Replay', 'link');
      await page.getByRole('heading', { name: 'Final standings' }).waitFor();
      await expect
        .poll(() => page.getByTestId('decided').textContent())
        .toBe('Nobody scored a point or took a jewel in this game, so nobody won it.');
      const row = page.locator('.replay-standings li a.player-ref', { hasText: 'Nia' });
      await expect.poll(() => row.getAttribute('href')).toBe(profile);
      await page.screenshot({ path: `${SHOTS}/replay-${on}.png`, fullPage: true });
      // Her name takes her to her profile.
      await (on === 'phone' ? row.tap() : row.click());
      await expect.poll(() => new URL(page.url()).hash).toBe(profile);
      await page.getByRole('heading', { name: /Nia/, level: 1 }).waitFor();
      expect(errors).toEqual([]);
      await context.close();
    }, 120_000);
  }
});
