import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { chromiumAndServer, watchErrors } from './support.js';

/*
 * Accounts as a person uses them: a guest on a phone keeps the account with a username and a
 * password, signs in with them on a desktop, and signs out there.
 */

const real = chromiumAndServer();

const header = (page: Page) => page.locator('header.top a.who');

it('keeps a guest account on a phone, signs in with it on a desktop, and signs out', async () => {
  const phone = await real.browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  await phone.addInitScript(() => {
    if (!localStorage.getItem('ubongo.name')) localStorage.setItem('ubongo.name', 'Ama');
  });
  const page = await phone.newPage();
  const errors = watchErrors(page);
  await page.goto(real.server.url);
  await expect.poll(() => header(page).textContent()).toBe('Ama');
  await header(page).tap();
  await page.getByRole('heading', { name: 'Your account' }).waitFor();
  await page.getByText('You play as a guest on this browser.', { exact: false }).waitFor();
  const keep = page.locator('form', { has: page.getByRole('heading', { name: 'Keep this account' }) });
  await keep.getByLabel('Username').fill('ama_k');
  await keep.getByLabel('Password').fill('short');
  await keep.getByRole('button', { name: 'Keep my account' }).tap();
  await page.getByRole('alert').filter({ hasText: 'A password needs at least 8 characters.' }).waitFor();
  await keep.getByLabel('Password').fill('ama rides again');
  await keep.getByRole('button', { name: 'Keep my account' }).tap();
  await page.getByText('Your username is ama_k.').first().waitFor();
  // Claiming offered the username as the name (ticked): Ama is ama_k at tables from now on.
  await expect.poll(() => header(page).textContent()).toBe('ama_k');
  await page.screenshot({ path: join(tmpdir(), 'ubongo-account-claimed-390.png') });
  // The guest secret died with the claim (the server refuses it): the browser keeps it no longer.
  expect(await page.evaluate(() => localStorage.getItem('ubongo.account'))).toBeNull();
  // The profile and the leaderboards, from the account page.
  await page.getByRole('link', { name: 'Your profile' }).tap();
  await page.getByRole('heading', { name: 'ama_k', level: 1 }).waitFor();
  await page.getByText('@ama_k', { exact: false }).waitFor();
  await page.getByText('No rated games yet.').waitFor();
  await page.goto(`${real.server.url}/#/leaderboards`);
  await page.getByRole('heading', { name: 'Leaderboards', level: 1 }).waitFor();
  await page.getByText('No rated games in this edition yet.').waitFor();
  await page.getByLabel('Period').selectOption('day');
  await page.getByText('No records yet.').waitFor();
  // A reload keeps who you are.
  await page.reload();
  await expect.poll(() => header(page).textContent()).toBe('ama_k');
  expect(errors.filter((e) => !e.includes('400'))).toEqual([]);

  const desk = await real.browser.newContext({ viewport: { width: 1366, height: 800 } });
  const other = await desk.newPage();
  await other.goto(`${real.server.url}/#/account`);
  await expect.poll(async () => (await header(other).textContent()) ?? '').toMatch(/^Player \d{4}$/);
  // A look-alike of ama_k (a Cyrillic а) is refused, saying which username it looks like.
  const keepHere = other.locator('form', { has: other.getByRole('heading', { name: 'Keep this account' }) });
  await keepHere.getByLabel('Username').fill('\u0430ma_k');
  await keepHere.getByLabel('Password').fill('a look-alike');
  await keepHere.getByRole('button', { name: 'Keep my account' }).click();
  await other
    .getByRole('alert')
    .filter({ hasText: 'The username \u0430ma_k looks like ama_k, which is taken.' })
    .waitFor();
  await other.screenshot({ path: join(tmpdir(), 'ubongo-account-lookalike-1366.png') });
  const signIn = other.locator('form', { has: other.getByRole('heading', { name: 'Use an account you have' }) });
  await signIn.getByLabel('Username').fill('AMA_K');
  await signIn.getByLabel('Password').fill('ama rides again');
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => header(other).textContent()).toBe('ama_k');
  await other.getByText('Your username is ama_k.').first().waitFor();
  await other.getByRole('button', { name: 'Sign out' }).click();
  await expect.poll(async () => (await header(other).textContent()) ?? '').toMatch(/^Player \d{4}$/);
  await other.getByText('You play as a guest on this browser.', { exact: false }).waitFor();
  await phone.close();
  await desk.close();
}, 60_000);

it('a host with a username opens a rated table on a phone: a guest cannot start it, a casual one starts', async () => {
  const phone = await real.browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  await phone.addInitScript(() => {
    if (!localStorage.getItem('ubongo.name')) localStorage.setItem('ubongo.name', 'Rae');
  });
  const page = await phone.newPage();
  const errors = watchErrors(page);
  await page.goto(real.server.url);
  await expect.poll(() => header(page).textContent()).toBe('Rae');
  // Kept with a username (the account page's own test does it by hand).
  const status = await page.evaluate(async () => {
    const res = await fetch('/api/me/claim', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${localStorage.getItem('ubongo.session')}`,
      },
      body: JSON.stringify({ username: 'rae_r', password: 'rated and ready' }),
    });
    return res.status;
  });
  expect(status).toBe(200);
  await page.getByRole('button', { name: 'Create a table' }).tap();
  const code = (await page.getByTestId('room-code').textContent()) ?? '';
  await page.getByText("Casual: the result moves no one's rating.").waitFor();
  await page.getByRole('checkbox', { name: 'Rated game' }).tap();
  await page.getByText('Rated: only players with a username may play', { exact: false }).waitFor();
  await expect.poll(() => page.getByRole('checkbox', { name: 'Rated game' }).isChecked()).toBe(true);

  const desk = await real.browser.newContext({ viewport: { width: 1366, height: 800 } });
  const guest = await desk.newPage();
  await guest.goto(`${real.server.url}/#/room/${code}`);
  await guest.getByLabel('Your name at the table').fill('Gil');
  await guest.getByRole('button', { name: 'Join the table' }).click();
  // The guest sees the setting, and cannot change it.
  await expect.poll(() => guest.getByRole('checkbox', { name: 'Rated game' }).isChecked()).toBe(true);
  await expect.poll(() => guest.getByRole('checkbox', { name: 'Rated game' }).isDisabled()).toBe(true);
  await page.getByText('Gil', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Start the game' }).tap();
  await page.getByRole('alert').filter({ hasText: 'Only players with a username can play a rated game' }).waitFor();
  // Casual, the same table starts.
  await page.getByRole('checkbox', { name: 'Rated game' }).tap();
  await expect.poll(() => guest.getByRole('checkbox', { name: 'Rated game' }).isChecked()).toBe(false);
  await page.getByRole('button', { name: 'Start the game' }).tap();
  await page.locator('svg.puzzle-svg').waitFor({ timeout: 20_000 });
  expect(errors).toEqual([]);
  await phone.close();
  await desk.close();
}, 60_000);
