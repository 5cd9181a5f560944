import { mkdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { chromiumAndServer, SIZES, watchErrors } from './support.js';

/*
 * Learn from the misses (#/misses/RUN), at a phone's size with real touch: a Storm run with a board
 * set aside and one left on the board as the clock runs out, its end's "Try the missed boards", the
 * two boards one after the other, and a solution asked for; then the same review at a desktop's
 * size, by the same account; and the other new screens, the daily archive and the profile's
 * costliest boards (a tap into practice). axe on each, and screenshots of each.
 */

// Storm's three minutes pass in 12 s: nothing here is solved against the clock.
const real = chromiumAndServer(15);
const SHOTS = '/tmp/shots/misses';

it('reviews a Storm run’s missed boards, a solution on request', async () => {
  mkdirSync(SHOTS, { recursive: true });
  const phone = await real.browser.newContext({ ...SIZES.phone, bypassCSP: true });
  const page = await phone.newPage();
  const errors = watchErrors(page);
  await page.goto(`${real.server.url}/#/storm`);
  await page.getByRole('button', { name: 'Start the storm' }).tap();
  await page.locator('svg.puzzle-svg').waitFor();
  await page.getByRole('button', { name: 'Set aside (−10 s)' }).tap();
  await expect.poll(() => page.getByTestId('storm-flash').textContent()).toContain('−10 s');
  await page.getByRole('heading', { name: 'The storm is over' }).waitFor({ timeout: 40_000 });
  await page.screenshot({ path: `${SHOTS}/phone-storm-end.png` });
  await page.getByTestId('try-missed').tap();

  // The two boards missed, the first dealt; its solution on request fills the board.
  const at = page.getByTestId('misses-at');
  await expect.poll(() => at.textContent()).toMatch(/^Board 1 of 2: C\d\d, easy side$/);
  const first = await at.textContent();
  await page.screenshot({ path: `${SHOTS}/phone-review.png` });
  expect(await seriousViolations(page, 'misses')).toEqual([]);
  await page.getByRole('button', { name: 'Show the solution' }).tap();
  await expect.poll(() => page.getByRole('button', { name: 'Show the solution' }).isDisabled()).toBe(true);
  await page.screenshot({ path: `${SHOTS}/phone-solution.png` });
  await page.getByRole('button', { name: 'Next board' }).tap();
  await expect.poll(() => at.textContent()).toMatch(/^Board 2 of 2: C\d\d, easy side$/);
  expect(await at.textContent()).not.toBe(first);
  await expect.poll(() => page.getByRole('button', { name: 'Show the solution' }).isDisabled()).toBe(false);
  const review = page.url();
  expect(errors).toEqual([]);

  // The same review at a desktop's size, by the same account.
  const desktop = await real.browser.newContext({
    ...SIZES.desktop,
    bypassCSP: true,
    storageState: await phone.storageState(),
  });
  const wide = await desktop.newPage();
  const wideErrors = watchErrors(wide);
  await wide.goto(review);
  await expect.poll(() => wide.getByTestId('misses-at').textContent()).toMatch(/^Board 1 of 2/);
  await wide.getByRole('button', { name: 'Show the solution' }).click();
  await expect.poll(() => wide.getByRole('button', { name: 'Show the solution' }).isDisabled()).toBe(true);
  await wide.screenshot({ path: `${SHOTS}/desktop-review.png` });
  expect(await seriousViolations(wide, 'misses desktop')).toEqual([]);

  // The other new screens of the misses, by the same account: the daily archive and, on its own
  // profile, what costs it most (the Storm run's two misses).
  await wide.goto(`${real.server.url}/#/daily`);
  await wide.getByTestId('daily-archive').getByRole('button').first().waitFor();
  await wide.getByRole('heading', { name: 'Past days' }).scrollIntoViewIfNeeded();
  await wide.screenshot({ path: `${SHOTS}/desktop-archive.png` });
  expect(await seriousViolations(wide, 'daily archive')).toEqual([]);
  const me = await wide.evaluate(async () => {
    const answer = await fetch('/api/me', {
      headers: { authorization: `Bearer ${localStorage.getItem('ubongo.session') ?? ''}` },
    });
    return ((await answer.json()) as { account: { id: string } }).account.id;
  });
  await wide.goto(`${real.server.url}/#/player/${me}`);
  await wide.getByTestId('costly-boards').getByRole('link').first().waitFor();
  await wide.getByRole('heading', { name: 'What costs you most' }).scrollIntoViewIfNeeded();
  await wide.screenshot({ path: `${SHOTS}/desktop-costly.png` });
  expect(await seriousViolations(wide, 'costly')).toEqual([]);
  await wide.getByTestId('costly-boards').getByRole('link').first().click();
  await wide.getByRole('button', { name: 'Show the solution' }).waitFor();
  expect(wideErrors).toEqual([]);
  await Promise.all([phone.close(), desktop.close()]);
}, 180_000);
