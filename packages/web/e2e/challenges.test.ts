import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { solveWithMouse, solveWithTouch } from './play.js';
import type { On } from './support.js';
import { chromiumAndServer, claimedAccount, SIZES, watchErrors } from './support.js';

/*
 * Challenges (docs/challenges.md), at a phone's size with real touch and at a desktop's: Ana plays
 * a solo run and challenges her friend Ben with it; Ben finds it under Challenges from the home
 * page, races her ghost on the same tasks, and both see the server's verdict. Each new screen is
 * axe clean. Screenshots go to /tmp/challenge-shots.
 */

// Game time 20 times faster: a 5-minute run lasts 15 s, and a test's quick hand is over the human floor.
const real = chromiumAndServer(20);
const SHOTS = '/tmp/challenge-shots';
mkdirSync(SHOTS, { recursive: true });
/** Tries so far: a test run again (the browser lane's retry) claims usernames of its own. */
let tries = 0;

/** A page of its own browser (as on another device) signed in with `session`. */
async function pageOf(on: On, session: string): Promise<{ page: Page; errors: string[] }> {
  // axe comes in as an inline script, past the server's CSP.
  const context = await real.browser.newContext({ ...SIZES[on], bypassCSP: true });
  await context.addInitScript((token: string) => {
    localStorage.setItem('ubongo.session', token);
    localStorage.setItem('ubongo.tutorial', 'skipped');
  }, session);
  const page = await context.newPage();
  return { page, errors: watchErrors(page) };
}

/** `session` follows `username`. */
async function follow(session: string, username: string): Promise<void> {
  const res = await fetch(`${real.server.url}/api/me/follows`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session}` },
    body: JSON.stringify({ username }),
  });
  expect(res.status).toBe(200);
}

it.each<On>(['phone', 'desktop'])(
  'a friend’s run is sent, received, raced against its ghost, and both see the verdict (%s)',
  async (on) => {
    tries += 1;
    const ana = `ana_${on}_${tries}`;
    const ben = `ben_${on}_${tries}`;
    const anaAccount = await claimedAccount(real.server.url, ana, ana);
    const benAccount = await claimedAccount(real.server.url, ben, ben);
    await follow(anaAccount.session, ben);
    await follow(benAccount.session, ana);
    const a = await pageOf(on, anaAccount.session);
    const b = await pageOf(on, benAccount.session);
    const press = (target: Locator) => (on === 'phone' ? target.tap() : target.click());
    const solve = (page: Page) => (on === 'phone' ? solveWithTouch(page) : solveWithMouse(page));
    const violations: string[] = [];

    // Ana plays 5 minutes against the clock (15 s here): one puzzle solved, the rest of the time runs out.
    await a.page.goto(`${real.server.url}/#/solo`);
    await press(a.page.getByRole('button', { name: 'Start', exact: true }));
    await a.page.locator('svg.puzzle-svg').waitFor();
    await solve(a.page);
    await a.page.getByRole('heading', { name: 'Your result' }).waitFor({ timeout: 60_000 });
    // She challenges her one friend with it.
    const send = a.page.getByTestId('challenge-friend');
    await send.getByRole('heading', { name: 'Challenge a friend' }).waitFor();
    await expect.poll(() => send.getByRole('combobox', { name: 'Friend' }).inputValue()).toBe(benAccount.id);
    await press(send.getByRole('button', { name: 'Send challenge' }));
    await send
      .getByRole('status')
      .filter({ hasText: `Challenge sent to ${ben}` })
      .waitFor();
    await a.page.screenshot({ path: `${SHOTS}/${on}-sent.png`, fullPage: true });
    violations.push(...(await seriousViolations(a.page, 'challenge sent')));

    // Ben finds it under Challenges from the home page: Ana's, open, a week to race it.
    await b.page.goto(real.server.url);
    await b.page.getByRole('link', { name: /^Challenges/ }).waitFor();
    await b.page.screenshot({ path: `${SHOTS}/${on}-home.png`, fullPage: true });
    await press(b.page.getByRole('link', { name: /^Challenges/ }));
    await b.page.getByRole('heading', { name: 'Challenges', level: 1 }).waitFor();
    const received = b.page.getByTestId('challenge').filter({ hasText: `${ana} challenges you` });
    await received.waitFor();
    await expect.poll(() => received.getByTestId('challenge-status').textContent()).toMatch(/^Open · \d+ days? left$/);
    await received.getByText(/^Solo run · 5 minutes · /).waitFor();
    await b.page.screenshot({ path: `${SHOTS}/${on}-received.png`, fullPage: true });
    violations.push(...(await seriousViolations(b.page, 'challenges received')));

    // He races it: her ghost beside his board, the same tasks.
    await press(received.getByRole('link', { name: 'Race' }));
    await b.page.getByRole('heading', { name: `Challenge from ${ana}` }).waitFor();
    violations.push(...(await seriousViolations(b.page, 'challenge race start')));
    await press(b.page.getByRole('button', { name: 'Start the race' }));
    await b.page.locator('svg.puzzle-svg').waitFor();
    await b.page.getByTestId('ghost-board').getByText(`Ghost: ${ana}`).waitFor();
    await b.page.screenshot({ path: `${SHOTS}/${on}-racing.png` });
    await solve(b.page);
    // The run ends (its tasks or its time run out): the verdict as the server stored it.
    const verdict = b.page.getByTestId('challenge-verdict');
    await verdict.waitFor({ timeout: 60_000 });
    await expect.poll(() => verdict.getAttribute('data-outcome')).toMatch(/^(won|lost|tie)$/);
    await verdict.getByText(new RegExp(`^You: .+ · ${ana}: .+$`)).waitFor();
    await b.page.getByRole('button', { name: 'Rematch' }).waitFor();
    await b.page.screenshot({ path: `${SHOTS}/${on}-verdict.png`, fullPage: true });
    violations.push(...(await seriousViolations(b.page, 'challenge verdict')));
    const benOutcome = await verdict.getAttribute('data-outcome');

    // Ana sees it raced, with the verdict from her side.
    await a.page.goto(`${real.server.url}/#/challenges`);
    const sent = a.page.getByTestId('challenge').filter({ hasText: `You challenged ${ben}` });
    await expect.poll(() => sent.getAttribute('data-status')).toBe('raced');
    const hers = await sent.getByTestId('challenge-verdict').getAttribute('data-outcome');
    expect(hers).toBe(benOutcome === 'won' ? 'lost' : benOutcome === 'lost' ? 'won' : 'tie');
    await a.page.screenshot({ path: `${SHOTS}/${on}-sender-verdict.png`, fullPage: true });
    violations.push(...(await seriousViolations(a.page, 'challenges sent')));

    expect(violations).toEqual([]);
    expect([...a.errors, ...b.errors]).toEqual([]);
    await a.page.context().close();
    await b.page.context().close();
  },
  240_000,
);
