import type { GuestAnswer } from '@ubongo/core';
import { expect, it } from 'vitest';
import { chromiumAndServer, watchErrors } from './support.js';

/*
 * A public board as a person reads it: one entry a player (their best), the username beside the
 * name, marked until a reviewer has approved it, linking the run's own page, which shows the run
 * puzzle by puzzle and whether its moves are kept.
 */

const real = chromiumAndServer();
const DAY = 86_400_000;

it('links every board entry to its run, and tells two players of the same name apart', async () => {
  const { server, url } = real.server;
  // New usernames each try (a retry would find the first try's claimed).
  const tag = Date.now().toString(36).slice(-5);
  const [one, two] = [`sp1_${tag}`, `sp2_${tag}`];
  // Two claimed accounts named "speedy", each with three verified runs on two days: the board lists each player once, by their best.
  for (const [username, ms] of [
    [one, 200_000],
    [two, 250_000],
  ] as const) {
    const guest = (await (
      await fetch(`${url}/api/accounts`, { method: 'POST', body: JSON.stringify({ name: 'speedy' }) })
    ).json()) as GuestAnswer;
    const claimed = await fetch(`${url}/api/me/claim`, {
      method: 'POST',
      headers: { authorization: `Bearer ${guest.session}` },
      body: JSON.stringify({ username, password: 'a long password' }),
    });
    expect(claimed.status).toBe(200);
    const now = Date.now();
    for (const [i, at] of [now - DAY, now - 60_000, now].entries())
      await server.stores.soloRuns.saveSolo({
        player: 'speedy',
        mode: 'timed',
        limit: 5,
        side: 'easy',
        solved: 4,
        skipped: 0,
        ms: ms + i,
        seed: 1,
        finishedAt: at,
        accountId: guest.account.id,
        verified: true,
        puzzles: [{ board: 'C01', side: 'easy', key: '1', outcome: 'solved', ms: 4200, trail: [[900, 'place', 'L4']] }],
      });
  }
  const page = await (await real.browser.newContext({ viewport: { width: 1366, height: 800 } })).newPage();
  const errors = watchErrors(page);
  await page.goto(`${url}/#/leaderboards`);
  const board = page
    .locator('section', { has: page.getByRole('heading', { name: 'Solo records (verified)' }) })
    .locator('ol');
  await board.locator('li').first().waitFor();
  await expect
    .poll(() => board.locator('li').allTextContents())
    .toEqual([`speedy @${one}: 4 puzzles ○`, `speedy @${two}: 4 puzzles ○`]);
  // No reviewer has approved them: each is marked, and the board says what the mark means.
  expect(await board.getByRole('img', { name: 'not yet reviewed' }).count()).toBe(2);
  await page.getByText('○ not yet reviewed', { exact: false }).first().waitFor();
  // Each name is a link to the player's profile; the result, to the run.
  expect(
    await board
      .getByRole('link', { name: `speedy @${one}` })
      .first()
      .getAttribute('href'),
  ).toMatch(/^#\/player\//);
  const first = board.locator('a[href^="#/run/"]').first();
  expect(await first.getAttribute('href')).toMatch(/^#\/run\/\d+$/);
  await first.click();
  await page.getByRole('heading', { name: /4 puzzles/, level: 1 }).waitFor();
  await page.getByText(`@${one}`).waitFor();
  await page.getByText('The moves of 1 solve are kept.').waitFor();
  await page.getByText('C01', { exact: false }).first().waitFor();
  await page.goto(`${url}/#/run/99999`);
  await page.getByText('No such run.').waitFor();
  expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
});
