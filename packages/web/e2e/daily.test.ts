import type { On } from './support.js';
import { dailyDateAdd, dailyDateOf, dailyOverAt } from '@ubongo/core';
import { expect, it } from 'vitest';
import { solveWithMouse, solveWithTouch } from './play.js';
import { chromiumAndServer, SIZES, watchErrors } from './support.js';

/*
 * The daily puzzle (#/daily), at a phone's size with real touch and at a desktop's: today's task
 * solved by dragging its pieces, the result shared (the clipboard read back), a practice run after
 * it that does not count, the day's board, and yesterday's task drawn with its solution.
 */

// Game time runs faster, so that a test's quick hand is over the human floor (docs/accounts.md):
// a solve under it would be on no board and in no streak.
const real = chromiumAndServer(20);

/** Someone established on today's board already: a claimed account with a history, and its solved attempt. */
async function someoneOnTheBoard(id: string, username: string, ms: number): Promise<void> {
  const { stores } = real.server.server;
  const now = Date.now();
  const today = dailyDateOf(now);
  await stores.accounts.createAccount({
    id,
    secretHash: 'ab',
    name: username,
    username: null,
    passwordHash: null,
    createdAt: 1,
  });
  await stores.accounts.claimAccount(id, username, username, 'h', username);
  const run = (finishedAt: number) =>
    stores.soloRuns.saveSolo({
      player: username,
      mode: 'count',
      limit: 5,
      side: 'easy',
      solved: 5,
      skipped: 0,
      ms: 300_000,
      seed: 1,
      finishedAt,
      accountId: id,
      verified: true,
      puzzles: [],
      review: 'none',
      reasons: [],
      dealing: 'shuffled',
    });
  for (const at of [now - 3 * 86_400_000, now - 2 * 86_400_000, now - 86_400_000]) await run(at);
  const attempt = await run(now);
  await stores.daily.takeDailyAttempt(id, today, now - ms);
  await stores.daily.settleDailyAttempt(id, today, { id: attempt, solved: true, ms, verified: true });
}

let seeded: Promise<void> | undefined;

it.each<On>(['phone', 'desktop'])(
  'plays the daily, shares it, practises it, and shows the board and yesterday’s solution (%s)',
  async (on) => {
    seeded ??= someoneOnTheBoard('acct-daily-rey', 'rey', 41_000);
    await seeded;
    const context = await real.browser.newContext({ ...SIZES[on], permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const press = (name: string) =>
      on === 'phone' ? page.getByRole('button', { name }).tap() : page.getByRole('button', { name }).click();
    const today = dailyDateOf(Date.now());
    await page.goto(`${real.server.url}/#/daily`);
    await page.getByText(`Today: ${today} (UTC)`).waitFor();
    await page.getByText('Your first run counts: one attempt a day', { exact: false }).waitFor();
    // Someone is on today's board already, by name.
    await page.getByTestId('daily-board').getByText('rey').waitFor();
    // Yesterday's task, drawn with a solution: every piece of it on the board (from 01:00 UTC, when
    // yesterday's solution comes out; a run in the hour before sees none).
    const yesterday = dailyDateAdd(today, -1);
    if (Date.now() >= dailyOverAt(yesterday) + 60_000) {
      await page.getByRole('heading', { name: `Yesterday's puzzle (${yesterday})` }).waitFor();
      const picture = page.locator('.daily-yesterday svg.board-picture');
      await picture.waitFor();
      await expect.poll(() => picture.locator('g.picture-piece').count()).toBeGreaterThanOrEqual(3);
    }
    await page.screenshot({ path: `/tmp/shots/daily/${on}-before.png`, fullPage: true });

    await press("Play today's puzzle");
    await page.locator('svg.puzzle-svg').waitFor();
    await page.screenshot({ path: `/tmp/shots/daily/${on}-playing.png` });
    if (on === 'phone') await solveWithTouch(page);
    else await solveWithMouse(page);

    await page.getByRole('heading', { name: "Today's attempt" }).waitFor();
    await page.getByText('Streak: 1 day in a row').waitFor();
    const time = /Solved in (\d+:\d\d)\./.exec((await page.getByText(/^Solved in/).textContent()) ?? '')?.[1];
    expect(time).toBeDefined();
    // The last piece's drag ended the run; under load its finger may have left on the move, and
    // Chromium swallows the next tap as the one that stops the fling (play.ts, Finger.drag): a
    // moment's rest, as a person reads the result before sharing it.
    if (on === 'phone') await page.waitForTimeout(1000);
    await press('Share');
    await page.getByText('Copied to the clipboard:').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(`Ubongo daily ${today} · ${time ?? ''} · streak 1`);
    await expect.poll(() => page.getByTestId('share-line').inputValue()).toBe(copied);
    await page.screenshot({ path: `/tmp/shots/daily/${on}-result.png`, fullPage: true });

    // Practice after the attempt: said before it starts, and it does not count.
    await page.getByText("Practising the board again doesn't count", { exact: false }).waitFor();
    await press("Practise it (doesn't count)");
    await page.locator('svg.puzzle-svg').waitFor();
    if (on === 'phone') await solveWithTouch(page);
    else await solveWithMouse(page);
    await page.getByRole('heading', { name: 'Practice (not counted)' }).waitFor();
    await page.getByText('Streak: 1 day in a row').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Share' }).count()).toBe(0);
    // A new run leaves the one before: no connection was lost.
    await expect.poll(() => page.getByText('The connection was lost', { exact: false }).count()).toBe(0);
    await page.screenshot({ path: `/tmp/shots/daily/${on}-practice.png`, fullPage: true });

    // Back later: the attempt is taken, its result shown, and it can be shared again.
    await page.reload();
    await page
      .getByTestId('daily-attempt')
      .getByText(`Your attempt today: solved in ${time ?? ''}.`)
      .waitFor();
    await page.getByRole('button', { name: "Practise it (doesn't count)" }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: "Play today's puzzle" }).count()).toBe(0);
    // Shared again from there, in a browser without a clipboard: the line to copy by hand.
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    });
    await press('Share');
    await page.getByText("The clipboard isn't available here: copy this line").waitFor();
    await expect.poll(() => page.getByTestId('share-line').inputValue()).toBe(copied);
    await page.screenshot({ path: `/tmp/shots/daily/${on}-later.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  },
  120_000,
);
