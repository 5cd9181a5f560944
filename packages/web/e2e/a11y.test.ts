import type { Puzzle } from '@ubongo/core';
import { humanPause, Player, solve } from '@ubongo/test-support/player';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { solveWithKeyboard, solveWithMouse, solveWithTouch } from './play.js';
import type { On } from './support.js';
import { chromiumAndServer, SIZES, watchErrors } from './support.js';
import { seriousViolations } from './axe.js';

/*
 * Every screen checked by axe-core (the engine behind Lighthouse's and the browsers' accessibility
 * audits), on a phone (390x844, touch) and a desktop window (1366x800, mouse), reached the way a
 * person gets there: taps on the phone, clicks on the desktop, a game played to its end (against
 * another person at a socket, whose solve ends each round). No screen may have a violation axe
 * rates serious or critical. Game time runs 4x faster.
 */

/** Game time's pace: a round's 120 s of sand is 30 s. */
const SCALE = 4;
const real = chromiumAndServer(SCALE);

async function open(on: On): Promise<{ page: Page; errors: string[] }> {
  // The server's CSP allows no inline script: axe comes in past it, as a browser extension's would.
  const context = await real.browser.newContext({ ...SIZES[on], locale: 'en-GB', bypassCSP: true });
  await context.addInitScript(() => {
    localStorage.setItem('ubongo.name', 'Ada');
  });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(real.server.url);
  return { page, errors };
}

/** Presses a button or link as the device would: a tap on a phone, a click on a desktop. */
async function press(on: On, target: Locator): Promise<void> {
  if (on === 'phone') await target.tap();
  else await target.click();
}

/**
 * Follows a link as the device would, and waits for the screen it leads to. Right after a finger's
 * drag, a busy Chromium may take a tap for the end of the drag's fling and swallow it: a person
 * taps again, and so does this, once, if the page has not moved.
 */
async function follow(on: On, link: Locator): Promise<void> {
  const href = (await link.getAttribute('href')) ?? '';
  const arrived = (): Promise<boolean> =>
    link
      .page()
      .waitForFunction((h) => location.hash === h, href, { timeout: 2_000 })
      .then(
        () => true,
        () => false,
      );
  await press(on, link);
  if (on === 'phone' && !(await arrived())) await press(on, link);
  await link.page().waitForFunction((h) => location.hash === h, href);
}

describe.each(['phone', 'desktop'] as const)('accessibility (axe-core), %s', (on) => {
  it('home, how to play, the tutorial from start to end, account, profile, leaderboards, live games', async () => {
    const { page, errors } = await open(on);
    const found: string[] = [];
    await page.getByRole('heading', { name: 'New here?' }).waitFor();
    found.push(...(await seriousViolations(page, 'home, first visit')));
    await follow(on, page.getByRole('link', { name: 'Show me how' }));
    await page.locator('svg.puzzle-svg').waitFor();
    found.push(...(await seriousViolations(page, 'tutorial')));
    // Finished, by the hand of the device.
    if (on === 'phone') await solveWithTouch(page);
    else await solveWithMouse(page);
    await page.getByRole('heading', { name: /you know the moves/ }).waitFor();
    found.push(...(await seriousViolations(page, 'tutorial, done')));
    await follow(on, page.getByRole('link', { name: 'How to play' }).first());
    await page.getByRole('heading', { name: 'How to play', level: 1 }).waitFor();
    found.push(...(await seriousViolations(page, 'how to play')));
    await follow(on, page.locator('header a.who'));
    await page.getByRole('heading', { name: 'Your account', level: 1 }).waitFor();
    found.push(...(await seriousViolations(page, 'account')));
    await follow(on, page.getByRole('link', { name: 'Your profile' }));
    await page.locator('.profile h1').waitFor();
    found.push(...(await seriousViolations(page, 'profile')));
    await follow(on, page.getByRole('link', { name: 'Home' }));
    await follow(on, page.getByRole('link', { name: 'Leaderboards' }));
    await page.getByRole('heading', { name: 'Leaderboards', level: 1 }).waitFor();
    found.push(...(await seriousViolations(page, 'leaderboards')));
    await follow(on, page.getByRole('link', { name: 'Home' }));
    await follow(on, page.getByRole('link', { name: 'Live games' }));
    await page.getByRole('heading', { name: 'Live games', level: 1 }).waitFor();
    await page.getByText('No games are being played right now.').waitFor();
    found.push(...(await seriousViolations(page, 'live games')));
    expect(found.join('\n')).toBe('');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('solo (set up and in play) and practice (with a hint)', async () => {
    const { page, errors } = await open(on);
    const found: string[] = [];
    await follow(on, page.getByRole('link', { name: 'Solo' }));
    await page.getByRole('button', { name: 'Start' }).waitFor();
    found.push(...(await seriousViolations(page, 'solo, set up')));
    await press(on, page.getByRole('button', { name: 'Start' }));
    await page.locator('svg.puzzle-svg').waitFor();
    found.push(...(await seriousViolations(page, 'solo, in play')));
    if (on === 'phone') await solveWithTouch(page, 1);
    else await solveWithMouse(page, 1);
    found.push(...(await seriousViolations(page, 'solo, a piece down')));
    await follow(on, page.getByRole('link', { name: 'Home' }));
    await follow(on, page.getByRole('link', { name: 'Practice' }));
    await page.locator('svg.puzzle-svg').waitFor();
    found.push(...(await seriousViolations(page, 'practice')));
    await press(on, page.getByRole('button', { name: 'Hint' }));
    await page.locator('g.piece.pinned').first().waitFor();
    found.push(...(await seriousViolations(page, 'practice, a hint')));
    expect(found.join('\n')).toBe('');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('a table: the lobby, a round in play, solved, every board between rounds, and the end of the game', async () => {
    const { page, errors } = await open(on);
    const found: string[] = [];
    await press(on, page.getByRole('button', { name: 'Create a table' }));
    const code = (await page.getByTestId('room-code').textContent())?.trim() ?? '';
    await page.getByLabel('Rounds').selectOption('2');
    await page.getByLabel('Hourglass').selectOption('120');
    // Ben plays from his own device (a socket): each round ends once he has solved too, when the
    // screens before have been audited, and not with the sand.
    const ben = await Player.join(real.server.url.replace(/^http/, 'ws'), code, { name: 'Ben' });
    await page.locator('.seat-name', { hasText: 'Ben' }).waitFor();
    found.push(...(await seriousViolations(page, 'lobby')));
    await press(on, page.getByRole('button', { name: 'Start the game' }));
    /** Ben's task of round `n`, and a person's time to solve it (the server refuses a faster claim). */
    const bensTask = async (n: number): Promise<Puzzle> => {
      const { view } = await ben.waitFor('view', (m) => m.view.round?.number === n && m.view.task !== null);
      if (!view.task) throw new Error('no task');
      await humanPause(view.task, SCALE);
      return view.task;
    };
    let task = bensTask(1);
    await page.getByText('Round 1 of 2').waitFor();
    await page.locator('svg.puzzle-svg').waitFor();
    found.push(...(await seriousViolations(page, 'game, in play')));
    // The keyboard solves the race's boards at both sizes: this test audits the screens (board.test.ts
    // drives touch itself).
    await solveWithKeyboard(page);
    await page.getByText(/Ubongo! You solved it/).waitFor();
    found.push(...(await seriousViolations(page, 'game, solved')));
    ben.send('claim', { placements: solve(await task) });
    await page.getByRole('heading', { name: 'Round 1: every board' }).waitFor();
    found.push(...(await seriousViolations(page, 'between rounds, every board')));
    task = bensTask(2);
    await page.getByText('Round 2 of 2').waitFor();
    await page.locator('svg.puzzle-svg').waitFor();
    await solveWithKeyboard(page);
    ben.send('claim', { placements: solve(await task) });
    await page.getByRole('heading', { name: /win|share/ }).waitFor();
    found.push(...(await seriousViolations(page, 'end of the game')));
    expect(found.join('\n')).toBe('');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
