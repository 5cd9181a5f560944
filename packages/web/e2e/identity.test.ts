import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { On } from './support.js';
import { SIZES, chromiumAndServer, watchErrors, claimedAccount } from './support.js';

/*
 * Play one tap from home, and who is who, as people see it in Chromium against the real server, on
 * a phone (390x844, touch) and a desktop window (1366x800): the ways to play are tiles on the first
 * screen, the tutorial beside them; "you" on a board is your account, never a name someone else may
 * take; names link to profiles; guests are marked at a rated table before it starts; claiming a
 * username offers it as the name; a new guest is named in the player's language. Screenshots go to
 * UBONGO_IDENTITY_SHOTS (/tmp/shots/home) to look at.
 */

const real = chromiumAndServer();
const DAY = 86_400_000;
const SHOTS = process.env['UBONGO_IDENTITY_SHOTS'] ?? '/tmp/shots/home';
const SIDES = ['phone', 'desktop'] as const;

/** A page at `on`: named `name` on this browser (a new guest's default name without one), signed in with `session`. */
async function pageAt(on: On, opts: { name?: string; session?: string; locale?: string } = {}): Promise<Page> {
  const context = await real.browser.newContext({ ...SIZES[on], locale: opts.locale ?? 'en-GB' });
  await context.addInitScript(
    ([name, token]) => {
      if (name && !localStorage.getItem('ubongo.name')) localStorage.setItem('ubongo.name', name);
      if (token && !localStorage.getItem('ubongo.session')) localStorage.setItem('ubongo.session', token);
    },
    [opts.name ?? '', opts.session ?? ''] as const,
  );
  return context.newPage();
}

const press = (target: Locator, on: On): Promise<void> => (on === 'phone' ? target.tap() : target.click());
const header = (page: Page): Locator => page.locator('header.top a.who');

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, name) });
}

/** A new account through the API, claimed with `username`: its id and session. */
const claimed = (name: string, username: string) => claimedAccount(real.server.url, name, username);

describe.each(SIDES)('the home page, %s', (on) => {
  const TILES = [
    { role: 'link', name: /^Solo/, opens: (page: Page) => page.getByRole('heading', { name: 'Solo', level: 1 }) },
    {
      role: 'button',
      name: /^Quick match/,
      opens: (page: Page) => page.getByRole('heading', { name: 'Quick match', level: 1 }),
    },
    { role: 'button', name: /^Create a table/, opens: (page: Page) => page.getByTestId('room-code') },
    {
      role: 'link',
      name: /^Practice/,
      opens: (page: Page) => page.getByRole('heading', { name: 'Practice', level: 1 }),
    },
  ] as const;

  it('shows the four ways to play on the first screen, the tutorial beside them; a tap on each opens it', async () => {
    const page = await pageAt(on, { name: 'Ada' });
    const errors = watchErrors(page);
    const { width, height } = SIZES[on].viewport ?? { width: 0, height: 0 };
    for (const tile of TILES) {
      await page.goto(`${real.server.url}/#/`);
      const ways = page.getByRole('navigation', { name: 'Ways to play' });
      const target = ways.getByRole(tile.role, { name: tile.name });
      await target.waitFor();
      // Every tile whole within the first screen, and big enough to hit.
      for (const each of await ways.locator('.tile').all()) {
        const box = await each.boundingBox();
        expect(box).not.toBeNull();
        if (!box) continue;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        expect(box.y + box.height).toBeLessThanOrEqual(height);
        expect(box.height).toBeGreaterThanOrEqual(88);
      }
      // A first visit is offered the tutorial beside the tiles, not in front of them.
      const offer = page.getByRole('complementary', { name: 'New here?' });
      const tiles = await ways.boundingBox();
      const offered = await offer.boundingBox();
      expect(tiles && offered).toBeTruthy();
      if (tiles && offered) {
        if (on === 'phone') expect(offered.y).toBeGreaterThanOrEqual(tiles.y + tiles.height);
        else expect(offered.x).toBeGreaterThanOrEqual(tiles.x + tiles.width);
      }
      if (tile === TILES[0]) await shot(page, `${on}-home.png`);
      await press(target, on);
      await tile.opens(page).waitFor();
      // The name, joining by code and how to play stay on the home page.
    }
    await page.goto(`${real.server.url}/#/`);
    await page.getByLabel('Your name').waitFor();
    await page.getByLabel('Table code').waitFor();
    await page.getByRole('link', { name: 'How to play' }).first().waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});

it('marks your records by your account: a guest who takes a record holder’s name is not shown as them; names link to profiles', async () => {
  const { server, url } = real.server;
  // A new username each try (a retry would find the first try's claimed).
  const username = `marta_${Date.now().toString(36).slice(-5)}`;
  const marta = await claimed('Marta', username);
  const now = Date.now();
  // Three runs, each approved by a reviewer: the solo screen's "best on this server" lists reviewed
  // results, each player once (their best), as the boards do.
  for (const [i, at] of [now - DAY, now - 60_000, now].entries()) {
    const run = await server.stores.soloRuns.saveSolo({
      player: 'Marta',
      mode: 'timed',
      limit: 5,
      side: 'easy',
      solved: 6 + i,
      skipped: 0,
      ms: 300_000,
      seed: 1,
      finishedAt: at,
      accountId: marta.id,
      verified: true,
      puzzles: [{ board: 'C01', side: 'easy', key: '1', outcome: 'solved', ms: 4200, trail: [[900, 'place', 'L4']] }],
    });
    await server.stores.reviews.decide(`run-${run}`, 'approved');
  }
  const records = (page: Page): Locator => page.locator('ol.records li');

  // The attack: a guest named Marta on a phone.
  const guest = await pageAt('phone', { name: 'Marta' });
  const errors = watchErrors(guest);
  await guest.goto(`${url}/#/solo`);
  await expect.poll(() => header(guest).textContent()).toBe('Marta');
  await expect.poll(() => records(guest).count()).toBe(1);
  for (const row of await records(guest).all()) await expect.poll(() => row.getAttribute('class')).not.toContain('me');
  const name = records(guest)
    .first()
    .getByRole('link', { name: `Marta @${username}` });
  await expect.poll(() => name.getAttribute('href')).toBe(`#/player/${marta.id}`);
  await records(guest).first().scrollIntoViewIfNeeded();
  await shot(guest, 'phone-records-links.png');
  await name.tap();
  await guest.getByRole('heading', { name: 'Marta', level: 1 }).waitFor();
  await guest.getByText(`@${username}`, { exact: false }).waitFor();
  expect(errors).toEqual([]);

  // Marta herself, on a desktop: her rows are hers.
  const holder = await pageAt('desktop', { session: marta.session });
  await holder.goto(`${url}/#/solo`);
  await expect.poll(() => records(holder).count()).toBe(1);
  await expect
    .poll(async () => Promise.all((await records(holder).all()).map((r) => r.getAttribute('class'))))
    .toEqual(['me']);
  await holder.locator('ol.records').scrollIntoViewIfNeeded();
  await shot(holder, 'desktop-records-links.png');
  // The leaderboards mark her rows too, and a guest's not.
  await holder.goto(`${url}/#/leaderboards`);
  const board = holder
    .locator('section', { has: holder.getByRole('heading', { name: 'Solo records (verified)' }) })
    .locator('ol li');
  await expect.poll(async () => Promise.all((await board.all()).map((r) => r.getAttribute('class')))).toEqual(['me']);
  await guest.goto(`${url}/#/leaderboards`);
  const theirs = guest
    .locator('section', { has: guest.getByRole('heading', { name: 'Solo records (verified)' }) })
    .locator('ol li');
  await expect.poll(() => theirs.count()).toBe(1);
  for (const row of await theirs.all()) await expect.poll(() => row.getAttribute('class')).not.toContain('me');
  await guest.context().close();
  await holder.context().close();
}, 60_000);

it('marks each guest at a rated table before it starts, and names them in the banner', async () => {
  const { url } = real.server;
  const rae = await claimed('Rae', 'rae_lobby');
  const host = await pageAt('phone', { session: rae.session });
  const errors = watchErrors(host);
  await host.goto(`${url}/#/`);
  await expect.poll(() => header(host).textContent()).toBe('Rae');
  await host
    .getByRole('navigation', { name: 'Ways to play' })
    .getByRole('button', { name: /^Create a table/ })
    .tap();
  const code = (await host.getByTestId('room-code').textContent()) ?? '';
  await host.getByRole('checkbox', { name: 'Rated game' }).tap();

  const guest = await pageAt('desktop');
  await guest.goto(`${url}/#/room/${code}`);
  await guest.getByLabel('Your name at the table').fill('Gil');
  await guest.getByRole('button', { name: 'Join the table' }).click();

  const seat = (page: Page, name: string): Locator => page.locator('li.seat', { hasText: name });
  for (const page of [host, guest]) {
    await seat(page, 'Gil').getByTestId('guest-tag').waitFor();
    await expect.poll(() => seat(page, 'Gil').getByTestId('guest-tag').textContent()).toBe('guest');
    // The host has a username: no tag, and a link to their profile.
    await expect.poll(() => seat(page, 'Rae').getByTestId('guest-tag').count()).toBe(0);
    await expect
      .poll(() => seat(page, 'Rae').getByRole('link', { name: 'Rae @rae_lobby' }).getAttribute('href'))
      .toBe(`#/player/${rae.id}`);
    await expect.poll(() => page.getByTestId('blocked').textContent()).toMatch(/cannot start: Gil plays as a guest/);
  }
  await seat(host, 'Gil').scrollIntoViewIfNeeded();
  await shot(host, 'phone-lobby-guest.png');
  await shot(guest, 'desktop-lobby-guest.png');
  // Casual, nobody is tagged: a guest may play it.
  await host.getByRole('checkbox', { name: 'Rated game' }).tap();
  for (const page of [host, guest]) await expect.poll(() => page.getByTestId('guest-tag').count()).toBe(0);
  expect(errors).toEqual([]);
  await host.context().close();
  await guest.context().close();
}, 60_000);

describe.each(SIDES)('a new account, %s', (on) => {
  it('is named in the player’s language, and claiming offers the username as the name', async () => {
    const username = `${on}_43114`;
    const page = await pageAt(on, { locale: on === 'phone' ? 'es-ES' : 'pl-PL' });
    const errors = watchErrors(page);
    await page.goto(`${real.server.url}/#/account`);
    await expect
      .poll(async () => (await header(page).textContent()) ?? '')
      .toMatch(on === 'phone' ? /^Jugador \d{4}$/ : /^Gracz \d{4}$/);
    const before = (await header(page).textContent()) ?? '';
    // Back to English for the rest (the name stays as it was made).
    await page.evaluate(() => {
      localStorage.setItem('ubongo.lang', 'en');
    });
    await page.reload();
    await expect.poll(() => header(page).textContent()).toBe(before);
    const keep = page.locator('form', { has: page.getByRole('heading', { name: 'Keep this account' }) });
    await keep.getByLabel('Username').fill(username);
    await keep.getByLabel('Password').fill('a long password');
    const offer = keep.getByRole('checkbox', { name: `Use it as my name at tables (instead of “${before}”)` });
    expect(await offer.isChecked()).toBe(true);
    if (on === 'phone') {
      // Taken as offered: one tap.
      await keep.getByRole('button', { name: 'Keep my account' }).tap();
      await expect.poll(() => header(page).textContent()).toBe(username);
    } else {
      // Declined, then taken later from the account page with one click.
      await offer.uncheck();
      await keep.getByRole('button', { name: 'Keep my account' }).click();
      await page.getByText(`Your username is ${username}.`, { exact: true }).waitFor();
      await expect.poll(() => header(page).textContent()).toBe(before);
      await page.getByText(`At tables you are ${before}; your username is ${username}.`).waitFor();
      await shot(page, 'desktop-take-username.png');
      await page.getByRole('button', { name: `Go by ${username}` }).click();
      await expect.poll(() => header(page).textContent()).toBe(username);
      await expect.poll(() => page.getByTestId('take-username').count()).toBe(0);
    }
    await page.getByRole('link', { name: 'Your profile' }).first().waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
