import { expect, it } from 'vitest';
import { solveWithMouse } from './play.js';
import { chromiumAndServer, watchErrors } from './support.js';

/*
 * Dealing at the player's level, on a phone with real touch: a solo run dealt at the level, and a
 * practice puzzle at it. A new player's level is even with a difficulty-5 task (docs/accounts.md).
 */

const real = chromiumAndServer();

it('deals a solo run and a practice puzzle at a new player’s level on a phone', async () => {
  const phone = await real.browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  await phone.addInitScript(() => {
    if (!localStorage.getItem('ubongo.name')) localStorage.setItem('ubongo.name', 'Lia');
  });
  const page = await phone.newPage();
  const errors = watchErrors(page);
  await page.goto(`${real.server.url}/#/solo`);
  await page.getByText('Shuffled boards, as in the box: the run can be a record.').waitFor();
  await page.getByRole('checkbox', { name: 'Deal at my level' }).tap();
  await page.getByText('Boards near your level', { exact: false }).waitFor();
  await page.getByRole('button', { name: 'Start' }).tap();
  await page.locator('svg.puzzle-svg').waitFor();
  await expect.poll(() => page.locator('g.piece').count()).toBeGreaterThan(0);

  await page.goto(`${real.server.url}/#/practice`);
  // The hard side: difficulty 6.6 to 10.3; a new player's level is nearest its easiest tasks (6.6, 6.7).
  await page.locator('details.choose summary').tap();
  await page.getByLabel('Side').selectOption('hard');
  const about = page.getByText(/^Board C\d+, hard side, difficulty \d+\.\d\.$/);
  await about.waitFor();
  const difficulty = async (): Promise<number> =>
    Number(/difficulty (\d+\.\d)/.exec((await about.textContent()) ?? '')?.[1]);
  // First a puzzle far from the level (by lot, as a person would ask for another)...
  for (let n = 0; n < 30 && (await difficulty()) < 7.5; n++) {
    const before = await about.textContent();
    await page.getByRole('button', { name: 'Another puzzle' }).tap();
    // (The same puzzle again, by lot, leaves the text as it was: then the next try.)
    await expect
      .poll(() => about.textContent(), { timeout: 2000 })
      .not.toBe(before)
      .catch(() => undefined);
  }
  expect(await difficulty()).toBeGreaterThanOrEqual(7.5);
  // ...then one at the level.
  await page.getByRole('button', { name: 'At my level' }).tap();
  await expect.poll(difficulty).toBeLessThanOrEqual(6.7);
  // The solution shown, there is nothing more to ask for.
  await page.getByRole('button', { name: 'Show the solution' }).tap();
  await expect.poll(() => page.getByRole('button', { name: 'Hint' }).isDisabled()).toBe(true);
  await expect.poll(() => page.getByRole('button', { name: 'Show the solution' }).isDisabled()).toBe(true);
  expect(errors).toEqual([]);
  await phone.close();
}, 60_000);

it('says a run was lost to a reload, and shows a finished run puzzle by puzzle', async () => {
  const context = await real.browser.newContext({ viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`${real.server.url}/#/solo`);
  await page.getByLabel('Number of puzzles').check();
  await page.getByRole('button', { name: 'Start' }).click();
  await page.getByText('0 of 5 solved').waitFor();
  await page.reload();
  await page.getByText('Your last run ended when the page was left or reloaded', { exact: false }).waitFor();
  await page.getByLabel('Number of puzzles').check();
  await page.getByRole('button', { name: 'Start' }).click();
  for (let n = 0; n < 5; n++) {
    await page.getByText(`${n} of 5 solved`).first().waitFor();
    await solveWithMouse(page);
  }
  await page.getByRole('heading', { name: 'Your result' }).waitFor();
  // Each puzzle with its time, in words as well as by its bar.
  const chart = page.getByRole('list', { name: 'Your run, puzzle by puzzle' });
  await chart.waitFor();
  await expect.poll(() => chart.locator('li.solved').count()).toBe(5);
  for (const row of await chart.getByRole('listitem').allTextContents())
    expect(row).toMatch(/^C\d+ \([a-z ]+\)\d+:\d\d$/);
  await page
    .getByText(/^Fastest: C\d+ \([a-z ]+\) in \d+:\d\d · slowest: C\d+ \([a-z ]+\) in \d+:\d\d · mean \d+:\d\d$/)
    .waitFor();
  // The result first, above the settings for the next run.
  const result = await page.getByRole('heading', { name: 'Your result' }).boundingBox();
  const again = await page.getByRole('button', { name: 'Play again' }).boundingBox();
  expect(result && again ? result.y < again.y : 'no result or no Play again').toBe(true);
  await expect.poll(() => page.getByText('Your last run ended', { exact: false }).count()).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
}, 90_000);
