import type { GuestAnswer } from '@ubongo/core';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import type { On } from './support.js';
import { chromiumAndServer, SIZES, watchErrors } from './support.js';

/*
 * Friends (#/friends), at a phone's size with real touch and at a desktop's: two players follow
 * each other by username on the Friends screen, one sees where the other is, makes a table and
 * invites the other from its lobby; the other, on another screen, sees the invitation and joins
 * with one tap.
 */

const real = chromiumAndServer();
const SHOTS = '/tmp/friends-shots';
/** Tries of the test so far: a test run again (the browser lane's retry) claims usernames of its own. */
let tries = 0;

/** A claimed account made over the API, as the web client would have it: its session. */
async function claimed(username: string): Promise<string> {
  const http = real.server.url;
  const guest = (await (
    await fetch(`${http}/api/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: username }),
    })
  ).json()) as GuestAnswer;
  const res = await fetch(`${http}/api/me/claim`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${guest.session}` },
    body: JSON.stringify({ username, password: 'a long password' }),
  });
  expect(res.status).toBe(200);
  return guest.session;
}

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

it.each<On>(['phone', 'desktop'])(
  'two players befriend on the Friends screen, one invites from a table, the other joins from another screen; a block (%s)',
  async (on) => {
    tries += 1;
    const ana = `ana_${on}_${tries}`;
    const ben = `ben_${on}_${tries}`;
    const a = await pageOf(on, await claimed(ana));
    const b = await pageOf(on, await claimed(ben));
    const press = (target: Locator) => (on === 'phone' ? target.tap() : target.click());
    const violations: string[] = [];

    // Ana reaches Friends from Home and follows Ben by username.
    await a.page.goto(real.server.url);
    await a.page.getByRole('link', { name: /^Friends/ }).waitFor();
    await a.page.screenshot({ path: `${SHOTS}/${on}-home.png`, fullPage: true });
    await press(a.page.getByRole('link', { name: /^Friends/ }));
    await a.page.getByRole('heading', { name: 'Friends', level: 1 }).waitFor();
    await a.page.getByText('No friends yet', { exact: false }).waitFor();
    await a.page.getByLabel('Follow a player by username').fill(ben.toUpperCase());
    await press(a.page.getByRole('button', { name: 'Follow', exact: true }));
    await a.page
      .getByRole('status')
      .filter({ hasText: `You follow ${ben.toUpperCase()}.` })
      .waitFor();
    await a.page.getByRole('heading', { name: 'Waiting for them to follow you back' }).waitFor();

    // Ben sees her among his followers and follows back: they are friends, and she is online.
    await b.page.goto(`${real.server.url}/#/friends`);
    const followers = b.page.locator('section', { has: b.page.getByRole('heading', { name: 'Following you' }) });
    await followers.getByText(ana).first().waitFor();
    await press(followers.getByRole('button', { name: 'Follow back' }));
    await b.page
      .getByRole('status')
      .filter({ hasText: `You and ${ana} are friends now.` })
      .waitFor();
    const bensFriends = b.page.locator('section', { has: b.page.getByRole('heading', { name: 'Your friends' }) });
    await bensFriends.locator('.friend', { hasText: ana }).getByText('Online').waitFor();
    await b.page.screenshot({ path: `${SHOTS}/${on}-friends.png`, fullPage: true });
    violations.push(...(await seriousViolations(b.page, 'friends')));

    // Ana's list says Ben is online once he has polled; she makes a table.
    await a.page.reload();
    const anasFriends = a.page.locator('section', { has: a.page.getByRole('heading', { name: 'Your friends' }) });
    await anasFriends.locator('.friend', { hasText: ben }).waitFor();
    await a.page.goto(real.server.url);
    await press(a.page.getByRole('button', { name: /^Create a table/ }));
    const code = (await a.page.getByTestId('room-code').textContent({ timeout: 15_000 }))?.trim() ?? '';
    expect(code).toMatch(/^[A-Z0-9]{4,12}$/);

    // Ben, on the leaderboards, sees Ana at her table on his Friends screen first (another screen after).
    await b.page.reload();
    await bensFriends.locator('.friend', { hasText: ana }).getByText(`At table ${code}`).waitFor({ timeout: 15_000 });
    await b.page.goto(`${real.server.url}/#/leaderboards`);

    // She invites him from the lobby.
    const invite = a.page.locator('section', { has: a.page.getByRole('heading', { name: 'Invite a friend' }) });
    await invite.locator('.friend', { hasText: ben }).waitFor();
    await a.page.screenshot({ path: `${SHOTS}/${on}-lobby-invite.png`, fullPage: true });
    violations.push(...(await seriousViolations(a.page, 'lobby, invite a friend')));
    await press(invite.getByRole('button', { name: 'Invite', exact: true }));
    await invite.getByRole('button', { name: 'Invited' }).waitFor();

    // The invitation shows on his screen; one tap takes him to her table.
    const toast = b.page.getByRole('region', { name: 'Invitation' });
    await toast.getByText(`${ana} invites you to their table.`).waitFor({ timeout: 15_000 });
    await b.page.screenshot({ path: `${SHOTS}/${on}-invitation.png` });
    violations.push(...(await seriousViolations(b.page, 'an invitation')));
    await press(toast.getByRole('link', { name: 'Join' }));
    await b.page.waitForURL(new RegExp(`#/room/${code}$`));
    await b.page.getByTestId('room-code').filter({ hasText: code }).waitFor();
    await toast.waitFor({ state: 'detached' });
    await a.page.locator('.seats').getByText(ben).waitFor();
    // Seated, he is no longer among the friends to invite.
    await invite.waitFor({ state: 'detached' });
    await a.page.screenshot({ path: `${SHOTS}/${on}-joined.png`, fullPage: true });

    // Ana blocks Ben from her Friends screen (asked first): he is gone from his list of friends, and
    // she keeps him in her list of those blocked, to unblock.
    a.page.once('dialog', (dialog) => {
      expect(dialog.message()).toContain(`Block ${ben}?`);
      void dialog.accept();
    });
    await a.page.goto(`${real.server.url}/#/friends`);
    await press(anasFriends.locator('.friend', { hasText: ben }).getByRole('button', { name: 'Block' }));
    await a.page
      .getByRole('status')
      .filter({ hasText: `You block ${ben}.` })
      .waitFor();
    const blocked = a.page.locator('section', { has: a.page.getByRole('heading', { name: 'Blocked' }) });
    await blocked.locator('.friend', { hasText: ben }).getByRole('button', { name: 'Unblock' }).waitFor();
    await a.page.screenshot({ path: `${SHOTS}/${on}-blocked.png`, fullPage: true });
    await b.page.goto(`${real.server.url}/#/friends`);
    await b.page.getByText('No friends yet', { exact: false }).waitFor();

    expect(violations).toEqual([]);
    expect(a.errors).toEqual([]);
    expect(b.errors).toEqual([]);
    await a.page.context().close();
    await b.page.context().close();
  },
  // Two browsers, a table and a block, at a person's pace: about 20 s on a quiet machine.
  120_000,
);
