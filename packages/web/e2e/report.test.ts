import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { On } from './support.js';
import { SIZES, chromiumAndServer, watchErrors, claimedAccount } from './support.js';
import { seriousViolations } from './axe.js';

/*
 * Reporting a board entry as a person does it: a player with a username opens a run from the
 * solo board, reports it (sent, thank you) and reports it again (already reported), on a phone and
 * on a desktop; reports a player from their profile; a guest finds the button off, with why.
 * The screenshots are kept in UBONGO_REPORT_SHOTS (/tmp/report-shots) to look at.
 */

const real = chromiumAndServer();
const SHOTS = process.env['UBONGO_REPORT_SHOTS'] ?? '/tmp/report-shots';

/** A new account through the API, claimed with `username`: its id and session. */
const claimed = (name: string, username: string) => claimedAccount(real.server.url, name, username);

/** A page at `size` whose browser is signed in with `session` (a guest's own, without one). */
async function pageAt(size: On, session?: string): Promise<Page> {
  // The server's CSP allows no inline script: axe comes in past it, as a browser extension's would.
  const context = await real.browser.newContext({ ...SIZES[size], locale: 'en-GB', bypassCSP: true });
  await context.addInitScript((token) => {
    localStorage.setItem('ubongo.name', 'Rita');
    if (token) localStorage.setItem('ubongo.session', token);
  }, session);
  return context.newPage();
}

const press = (page: Page, size: On) => (size === 'phone' ? 'tap' : 'click');

it('reports a run from the board, and again; a player from their profile; a guest cannot', async () => {
  const { server, url } = real.server;
  mkdirSync(SHOTS, { recursive: true });
  // New usernames each try (a retry would find the first try's claimed).
  const tag = Date.now().toString(36).slice(-5);
  // Two players named "speedy", a verified run each: two entries of the solo board (one a player).
  const speedy = await claimed('speedy', `sp1_${tag}`);
  const other = await claimed('speedy', `sp2_${tag}`);
  for (const [i, who] of [speedy, other].entries())
    await server.stores.soloRuns.saveSolo({
      player: 'speedy',
      mode: 'timed',
      limit: 5,
      side: 'easy',
      solved: 4,
      skipped: 0,
      ms: 200_000 + i,
      seed: 1,
      finishedAt: Date.now() - 60_000,
      accountId: who.id,
      verified: true,
      puzzles: [{ board: 'C01', side: 'easy', key: '1', outcome: 'solved', ms: 4200, trail: [[900, 'place', 'L4']] }],
    });
  const rita = await claimed('Rita', `rita_${tag}`);

  const runs: string[] = [];
  for (const [n, size] of (['phone', 'desktop'] as const).entries()) {
    const page = await pageAt(size, rita.session);
    const errors = watchErrors(page);
    await page.goto(`${url}/#/leaderboards`);
    const board = page
      .locator('section', { has: page.getByRole('heading', { name: 'Solo records (verified)' }) })
      .locator('ol');
    await board.locator('li').nth(1).waitFor();
    // Each size reports an entry of its own.
    const link = board.locator('a[href^="#/run/"]').nth(n);
    runs.push((await link.getAttribute('href')) ?? '');
    await link[press(page, size)]();
    await page.getByRole('heading', { name: /4 puzzles/, level: 1 }).waitFor();
    await page.getByText(`@sp${n + 1}_${tag}`).waitFor();
    const report = page.getByRole('button', { name: 'Report' });
    await report[press(page, size)]();
    const form = page.getByRole('form', { name: 'Report this run' });
    await form.getByRole('radio', { name: 'Too fast to be real' }).check();
    await form.getByLabel('Anything to add? (optional)').fill('Four puzzles in a blink.');
    await page.screenshot({ path: join(SHOTS, `${size}-run-form.png`), fullPage: true });
    expect(await seriousViolations(page, 'report')).toEqual([]);
    await form.getByRole('button', { name: 'Send report' })[press(page, size)]();
    await page.getByRole('status').filter({ hasText: 'Report sent. Thank you: someone will look at it.' }).waitFor();
    await expect.poll(() => form.count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, `${size}-run-sent.png`), fullPage: true });
    // Again: the server has it already, and says so.
    await report[press(page, size)]();
    await form.getByRole('button', { name: 'Send report' })[press(page, size)]();
    await page.getByRole('status').filter({ hasText: 'You have reported this already. Thank you.' }).waitFor();
    await page.screenshot({ path: join(SHOTS, `${size}-run-already.png`), fullPage: true });
    expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
  }
  expect(runs[0]).not.toBe(runs[1]);

  // A player, from their profile.
  const desk = await pageAt('desktop', rita.session);
  await desk.goto(`${url}/#/player/${speedy.id}`);
  await desk.getByRole('heading', { name: 'speedy', level: 1 }).waitFor();
  await desk.getByRole('button', { name: 'Report' }).click();
  const form = desk.getByRole('form', { name: 'Report this player' });
  await form.getByRole('radio', { name: 'Offensive name' }).check();
  await desk.screenshot({ path: join(SHOTS, 'desktop-player-form.png'), fullPage: true });
  await form.getByRole('button', { name: 'Send report' }).click();
  await desk.getByRole('status').filter({ hasText: 'Report sent.' }).waitFor();
  await desk.screenshot({ path: join(SHOTS, 'desktop-player-sent.png'), fullPage: true });
  // One's own profile offers no report.
  await desk.goto(`${url}/#/player/${rita.id}`);
  await desk.getByRole('heading', { name: 'Rita', level: 1 }).waitFor();
  await expect.poll(() => desk.getByRole('button', { name: 'Report' }).count()).toBe(0);

  // What the server holds: one report for each run, one for the player, in the words sent.
  const held = await server.stores.reports.reports();
  expect(held.map((r) => [r.kind, r.target, r.reason]).sort()).toEqual(
    [
      ['player', speedy.id, 'offensive-name'],
      ['run', runs[0]?.replace('#/run/', ''), 'too-fast: Four puzzles in a blink.'],
      ['run', runs[1]?.replace('#/run/', ''), 'too-fast: Four puzzles in a blink.'],
    ].sort(),
  );

  // A guest sees the button off, with why, on both sizes.
  for (const size of ['phone', 'desktop'] as const) {
    const page = await pageAt(size);
    await page.goto(`${url}/${runs[0] ?? ''}`);
    const report = page.getByRole('button', { name: 'Report' });
    await expect.poll(() => report.isDisabled()).toBe(true);
    await page.getByText('Reporting needs an account with a username.').waitFor();
    await page.screenshot({ path: join(SHOTS, `${size}-run-guest.png`), fullPage: true });
    expect(await seriousViolations(page, 'report')).toEqual([]);
  }
}, 120_000);
