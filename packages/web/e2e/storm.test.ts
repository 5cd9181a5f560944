import { mkdirSync } from 'node:fs';
import type { On } from './support.js';
import { expect, it } from 'vitest';
import { solveWithMouse, solveWithTouch } from './play.js';
import { chromiumAndServer, SIZES, watchErrors } from './support.js';

/*
 * Storm (#/storm), at a phone's size with real touch and at a desktop's: the rules and the tile on
 * the home screen, a run started, a puzzle solved by dragging its pieces (its seconds given back,
 * flashed), puzzles set aside (their seconds taken) until the clock runs out, and the end screen:
 * the score, the highs, every puzzle's time and each missed puzzle drawn with a solution.
 */

// Game time runs as the wall clock: a hand's solve, however busy the machine, stays well within
// Storm's 20 s; the run is ended by setting puzzles aside, as a person in a hurry would.
const real = chromiumAndServer(1);
const SHOTS = '/tmp/storm-shots';

/** Someone established on Storm's boards already: a claimed account with a history, and a Storm run of today. */
async function someoneOnTheBoards(id: string, username: string, score: number): Promise<void> {
  const { stores } = real.server.server;
  const now = Date.now();
  await stores.accounts.createAccount({
    id,
    secretHash: 'ab',
    name: username,
    username: null,
    passwordHash: null,
    createdAt: 1,
  });
  await stores.accounts.claimAccount(id, username, username, 'h', username);
  const run = (finishedAt: number, over: { limit: number; solved: number; dealing: 'shuffled' | 'storm' }) =>
    stores.soloRuns.saveSolo({
      player: username,
      mode: 'timed',
      side: 'easy',
      skipped: 0,
      ms: 180_000,
      seed: 1,
      finishedAt,
      accountId: id,
      verified: true,
      puzzles: [],
      review: 'none',
      reasons: [],
      ...over,
    });
  for (const at of [now - 3 * 86_400_000, now - 2 * 86_400_000, now - 86_400_000])
    await run(at, { limit: 5, solved: 4, dealing: 'shuffled' });
  await run(now, { limit: 3, solved: score, dealing: 'storm' });
}

let seeded: Promise<void> | undefined;

it.each<On>(['phone', 'desktop'])(
  'plays a Storm run to its end screen (%s)',
  async (on) => {
    mkdirSync(SHOTS, { recursive: true });
    seeded ??= someoneOnTheBoards('acct-storm-rey', 'rey', 14);
    await seeded;
    const context = await real.browser.newContext(SIZES[on]);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const press = (name: string) =>
      on === 'phone' ? page.getByRole('button', { name }).tap() : page.getByRole('button', { name }).click();

    // The tile among what comes back each day leads to Storm's screen.
    await page.goto(`${real.server.url}/#/`);
    const tile = page.getByRole('navigation', { name: 'Every day' }).getByRole('link', { name: /Storm/ });
    await tile.getByText('3 minutes, as many as you can').waitFor();
    await page.screenshot({ path: `${SHOTS}/${on}-home.png` });
    if (on === 'phone') await tile.tap();
    else await tile.click();
    await page.getByRole('heading', { name: 'Storm', level: 1 }).waitFor();
    await page
      .getByText('A solve within 20 s gives back 3 s (4 s from 5 in a row, up to 5 s)', { exact: false })
      .waitFor();
    await page.getByRole('heading', { name: 'Highs', exact: true }).waitFor();
    // Someone is on the boards of the day, the week and all time already, by name and score.
    for (const board of ['storm-board-day', 'storm-board-week', 'storm-board-all'])
      await page.getByTestId(board).getByText('rey: 14 solved').waitFor();
    await page.screenshot({ path: `${SHOTS}/${on}-before.png`, fullPage: true });

    await press('Start the storm');
    await page.locator('svg.puzzle-svg').waitFor();
    const clockText = async (): Promise<string> => (await page.getByTestId('storm-clock').textContent()) ?? '';
    await expect.poll(() => clockText()).toMatch(/^Time left \d:\d\d$/);
    await expect.poll(() => page.getByTestId('storm-score').textContent()).toBe('0');
    await page.screenshot({ path: `${SHOTS}/${on}-playing.png` });

    // A puzzle solved by hand: the score and the combo go up, and seconds come back, flashed.
    if (on === 'phone') await solveWithTouch(page);
    else await solveWithMouse(page);
    await page.getByTestId('storm-flash').getByText('+3 s').waitFor();
    await page.screenshot({ path: `${SHOTS}/${on}-gain.png` });
    await page.getByTestId('storm-score').getByText('1', { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('storm-combo').textContent()).toBe('1');
    // Under load a finger may leave the last drag on the move; a moment's rest (as daily.test.ts).
    if (on === 'phone') await page.waitForTimeout(1000);

    // A set-aside: ten seconds taken, flashed, the combo gone.
    // (Right after a finger's drag a busy Chromium may swallow a tap as the end of its fling: a
    // person taps again, and so does this, once.)
    const lost = page.getByTestId('storm-flash').getByText('−10 s');
    await press('Set aside (−10 s)');
    if (
      !(await lost.waitFor({ timeout: 3_000 }).then(
        () => true,
        () => false,
      ))
    )
      await press('Set aside (−10 s)');
    await lost.waitFor();
    // The flash comes with the step's events, the combo with the view just after them.
    await page.getByTestId('storm-combo').getByText('0', { exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/${on}-loss.png` });

    // Set aside until the clock runs out.
    const over = page.getByRole('heading', { name: 'The storm is over' });
    for (let i = 0; i < 25 && !(await over.isVisible()); i++) {
      const skip = page.getByRole('button', { name: 'Set aside (−10 s)' });
      if (!(await skip.isVisible())) break;
      await (on === 'phone' ? skip.tap() : skip.click()).catch(() => undefined);
      await page.waitForTimeout(150);
    }
    await over.waitFor();
    await expect.poll(() => page.getByTestId('storm-final').textContent()).toBe('1 solved');
    await page.getByRole('heading', { name: 'Your highs' }).first().waitFor();
    // Every puzzle's time, the solved one first.
    const bars = page.locator('.run-bars li');
    await expect.poll(() => bars.count()).toBeGreaterThanOrEqual(3);
    await expect.poll(() => bars.first().getAttribute('class')).toContain('solved');
    // Each missed puzzle drawn with a solution, folded away until asked for (they are there to try
    // again first): every piece of it on the board.
    const fold = page.locator('.storm-missed-solutions summary');
    await expect.poll(() => fold.textContent()).toMatch(/^Show \d+ solutions?$/);
    expect(await page.locator('.storm-missed-list').isVisible()).toBe(false);
    await (on === 'phone' ? fold.tap() : fold.click());
    const missed = page.locator('.storm-missed-list li');
    await expect.poll(async () => (await missed.count()) - (await bars.count())).toBe(-1);
    await missed
      .first()
      .getByText(/^Puzzle 2: board C\d\d, easy side, .+: set aside after \d+:\d\d\.$/)
      .waitFor();
    await expect.poll(() => missed.first().locator('g.picture-piece').count()).toBeGreaterThanOrEqual(3);
    await page.getByRole('button', { name: 'Play again' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/${on}-end.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  },
  180_000,
);
