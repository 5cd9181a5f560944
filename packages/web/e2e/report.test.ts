import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { On } from './support.js';
import { SIZES, chromiumAndServer, watchErrors, claimedAccount } from './support.js';
import { seriousViolations } from './axe.js';

/*
 * Reporting as a person does it: a player with a username opens a run from the solo board on a
 * phone, reports it by taps (sent, thank you) and reports it again (the server has it already); on
 * a desktop, reports a player from their profile with the mouse, and finds none on their own; a
 * guest finds the button off, with why. Each at one size: what the form says for each of the
 * server's answers, and a guest's button at any size, are accounts/Report.test.tsx's.
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

it('reports a run from the board, and again; a player from their profile; a guest cannot', async () => {
  const { server, url } = real.server;
  mkdirSync(SHOTS, { recursive: true });
  // New usernames each try (a retry would find the first try's claimed).
  const tag = Date.now().toString(36).slice(-5);
  // A player named "speedy" with a verified run: an entry of the solo board.
  const speedy = await claimed('speedy', `sp1_${tag}`);
  await server.stores.soloRuns.saveSolo({
    player: 'speedy',
    mode: 'timed',
    limit: 5,
    side: 'easy',
    solved: 4,
    skipped: 0,
    ms: 200_000,
    seed: 1,
    finishedAt: Date.now() - 60_000,
    accountId: speedy.id,
    verified: true,
    puzzles: [{ board: 'C01', side: 'easy', key: '1', outcome: 'solved', ms: 4200, trail: [[900, 'place', 'L4']] }],
  });
  const rita = await claimed('Rita', `rita_${tag}`);

  // A run, from the board, on a phone: taps.
  const phone = await pageAt('phone', rita.session);
  const errors = watchErrors(phone);
  await phone.goto(`${url}/#/leaderboards`);
  const board = phone
    .locator('section', { has: phone.getByRole('heading', { name: 'Solo records (verified)' }) })
    .locator('ol');
  const link = board.locator('a[href^="#/run/"]').first();
  await link.waitFor();
  const run = (await link.getAttribute('href')) ?? '';
  await link.tap();
  await phone.getByRole('heading', { name: /4 puzzles/, level: 1 }).waitFor();
  await phone.getByText(`@sp1_${tag}`).waitFor();
  const report = phone.getByRole('button', { name: 'Report' });
  await report.tap();
  const form = phone.getByRole('form', { name: 'Report this run' });
  await form.getByRole('radio', { name: 'Too fast to be real' }).tap();
  await form.getByLabel('Anything to add? (optional)').fill('Four puzzles in a blink.');
  await phone.screenshot({ path: join(SHOTS, 'phone-run-form.png'), fullPage: true });
  expect(await seriousViolations(phone, 'report')).toEqual([]);
  await form.getByRole('button', { name: 'Send report' }).tap();
  await phone.getByRole('status').filter({ hasText: 'Report sent. Thank you: someone will look at it.' }).waitFor();
  await expect.poll(() => form.count()).toBe(0);
  await phone.screenshot({ path: join(SHOTS, 'phone-run-sent.png'), fullPage: true });
  // Again: the server has it already, and says so.
  await report.tap();
  await form.getByRole('button', { name: 'Send report' }).tap();
  await phone.getByRole('status').filter({ hasText: 'You have reported this already. Thank you.' }).waitFor();
  await phone.screenshot({ path: join(SHOTS, 'phone-run-already.png'), fullPage: true });
  expect(errors.filter((e) => !e.includes('409'))).toEqual([]);

  // A player, from their profile, on a desktop: the mouse.
  const desk = await pageAt('desktop', rita.session);
  await desk.goto(`${url}/#/player/${speedy.id}`);
  await desk.getByRole('heading', { name: 'speedy', level: 1 }).waitFor();
  await desk.getByRole('button', { name: 'Report' }).click();
  const player = desk.getByRole('form', { name: 'Report this player' });
  await player.getByRole('radio', { name: 'Offensive name' }).check();
  await desk.screenshot({ path: join(SHOTS, 'desktop-player-form.png'), fullPage: true });
  await player.getByRole('button', { name: 'Send report' }).click();
  await desk.getByRole('status').filter({ hasText: 'Report sent.' }).waitFor();
  await desk.screenshot({ path: join(SHOTS, 'desktop-player-sent.png'), fullPage: true });
  // One's own profile offers no report.
  await desk.goto(`${url}/#/player/${rita.id}`);
  await desk.getByRole('heading', { name: 'Rita', level: 1 }).waitFor();
  await expect.poll(() => desk.getByRole('button', { name: 'Report' }).count()).toBe(0);

  // What the server holds: one report for the run, one for the player, in the words sent.
  const held = await server.stores.reports.reports();
  expect(held.map((r) => [r.kind, r.target, r.reason]).sort()).toEqual(
    [
      ['player', speedy.id, 'offensive-name'],
      ['run', run.replace('#/run/', ''), 'too-fast: Four puzzles in a blink.'],
    ].sort(),
  );

  // A guest sees the button off, with why.
  const guest = await pageAt('desktop');
  await guest.goto(`${url}/${run}`);
  await expect.poll(() => guest.getByRole('button', { name: 'Report' }).isDisabled()).toBe(true);
  await guest.getByText('Reporting needs an account with a username.').waitFor();
  await guest.screenshot({ path: join(SHOTS, 'desktop-run-guest.png'), fullPage: true });
  expect(await seriousViolations(guest, 'report')).toEqual([]);
}, 120_000);
