import type { RecordsAnswer } from '@ubongo/core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { On } from './support.js';
import { SIZES, chromiumAndServer, watchErrors, claimedAccount } from './support.js';
import { seriousViolations } from './axe.js';

/*
 * The review screen as a reviewer uses it (docs/accounts.md, "Reviewed results"), on a phone with
 * touch and on a desktop: from their account page to the queue, a reported and flagged run first,
 * its flags, the report and its replay beside them, approved with a tap; the board then marks it
 * reviewed. A second entry rejected, and off the board. A player who is no reviewer is told the
 * screen is not theirs. Screenshots go to UBONGO_REVIEW_SHOTS (/tmp/review-shots).
 */

const real = chromiumAndServer();
const SHOTS = process.env['UBONGO_REVIEW_SHOTS'] ?? '/tmp/review-shots';

/** A new account through the API, claimed with `username`: its id and session. */
const claimed = (name: string, username: string) => claimedAccount(real.server.url, name, username);

/** A page at `size` whose browser is signed in with `session`. */
async function pageAt(size: On, session: string): Promise<Page> {
  const context = await real.browser.newContext({ ...SIZES[size], locale: 'en-GB', bypassCSP: true });
  await context.addInitScript((token) => {
    localStorage.setItem('ubongo.session', token);
  }, session);
  return context.newPage();
}

/** A verified timed run of `who`'s on the solo board, with the model's flags and its moves kept: its id. */
function run(who: { id: string }, name: string, ms: number, flags: string[]): Promise<number> {
  return real.server.server.stores.soloRuns.saveSolo({
    player: name,
    mode: 'timed',
    limit: 5,
    side: 'easy',
    solved: 4,
    skipped: 0,
    ms,
    seed: 1,
    finishedAt: Date.now() - 60_000,
    accountId: who.id,
    verified: true,
    dealing: 'shuffled',
    review: 'none',
    reasons: flags,
    puzzles: [{ board: 'C01', side: 'easy', key: '1', outcome: 'solved', ms: 4200, trail: [[900, 'place', 'L4']] }],
  });
}

const boardEntry = async (run: number) =>
  (
    (await (await fetch(`${real.server.url}/api/records?mode=timed&limit=5&side=easy`)).json()) as RecordsAnswer
  ).records.find((e) => e.run === run);

it('lets a reviewer approve a reported run beside its replay, and reject another, at both sizes', async () => {
  const { server, url } = real.server;
  mkdirSync(SHOTS, { recursive: true });
  // New usernames each try (a retry would find the first try's claimed).
  const tag = Date.now().toString(36).slice(-5);
  const reviewer = await claimed('Vera', `vera_${tag}`);
  await server.stores.reviews.setRole(reviewer.id, 'reviewer');
  const reporter = await claimed('Rita', `rita_${tag}`);

  for (const size of ['phone', 'desktop'] as const) {
    const press = size === 'phone' ? 'tap' : 'click';
    const quick = await claimed('Quick', `quick_${size}_${tag}`);
    const slow = await claimed('Slow', `slow_${size}_${tag}`);
    const flagged = await run(quick, 'Quick', 150_000, ['history: 3.1 s a puzzle against 9.4 s before']);
    const plain = await run(slow, 'Slow', 290_000, []);
    const reported = await fetch(`${url}/api/reports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${reporter.session}` },
      body: JSON.stringify({ kind: 'run', target: String(flagged), reason: 'too-fast: four boards in a blink' }),
    });
    expect(reported.status).toBe(201);

    const page = await pageAt(size, reviewer.session);
    const errors = watchErrors(page);
    await page.goto(`${url}/#/account`);
    await page.getByRole('link', { name: 'Review results' })[press]();
    await page.getByRole('heading', { name: 'Review results', level: 1 }).waitFor();
    // The reported run first, chosen: its flags, the report, its replay and the decisions.
    const queue = page.getByRole('navigation', { name: 'Review queue' });
    await expect.poll(() => queue.getByRole('button').first().textContent()).toContain('Quick');
    const entry = page.locator('.review-entry');
    await entry.getByRole('heading', { name: /5 minutes, easy side: 4 puzzles/ }).waitFor();
    await entry.getByText('history: 3.1 s a puzzle against 9.4 s before').waitFor();
    await entry.getByText('“too-fast: four boards in a blink”').waitFor();
    await entry.getByText('The moves of 1 solve are kept.').waitFor();
    await page.screenshot({ path: join(SHOTS, `${size}-queue.png`), fullPage: true });
    expect(await seriousViolations(page, 'review')).toEqual([]);
    expect(await boardEntry(flagged)).toMatchObject({ reviewed: false });

    await entry.getByRole('button', { name: 'Approve' })[press]();
    await page.getByRole('status').filter({ hasText: 'Approved: 5 minutes, easy side: 4 puzzles.' }).waitFor();
    await expect.poll(async () => (await boardEntry(flagged))?.reviewed).toBe(true);
    await page.screenshot({ path: join(SHOTS, `${size}-approved.png`), fullPage: true });

    // The plain run, chosen from the queue, rejected: off the board.
    await queue.getByRole('button', { name: /Slow/ })[press]();
    await entry.getByText('Nothing: the timing model found nothing unusual.').waitFor();
    await entry.getByRole('button', { name: 'Reject' })[press]();
    await page.getByRole('status').filter({ hasText: 'Rejected: 5 minutes, easy side: 4 puzzles.' }).waitFor();
    await expect.poll(async () => boardEntry(plain)).toBeUndefined();
    expect(errors).toEqual([]);
  }

  // Someone who is no reviewer is told so, and offered no link.
  const page = await pageAt('phone', reporter.session);
  await page.goto(`${url}/#/account`);
  await page.getByRole('link', { name: 'Your profile' }).waitFor();
  expect(await page.getByRole('link', { name: 'Review results' }).count()).toBe(0);
  await page.goto(`${url}/#/review`);
  await page.getByText('Only reviewers and operators review results.', { exact: false }).waitFor();
  await page.screenshot({ path: join(SHOTS, 'phone-not-reviewer.png'), fullPage: true });
}, 120_000);
