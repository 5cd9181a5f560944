import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { PROTOCOL_VERSION } from '@ubongo/core';
import { member, Player, solve } from '@ubongo/test-support/player';
import { describe, expect, it } from 'vitest';
import { solveWithMouse, solveWithTouch } from './play.js';
import type { On } from './support.js';
import { chromiumAndServer, SIZES, watchErrors } from './support.js';

/*
 * Games to watch and reactions at a table, as people do (the phone with real touch, the desktop
 * with the mouse): the live page lists a rated game in play, a watcher joins it from there, is
 * counted, and sees every board between rounds; two people at a table react, see each other's
 * reaction beside the seat, and one mutes the other.
 */

const SHOTS = '/tmp/watch-shots';
mkdirSync(SHOTS, { recursive: true });

/** A button pressed as a person at that size does: a tap on the phone, a click on the desktop. */
const press = (page: Page, on: On, name: string): Promise<void> =>
  on === 'phone' ? page.getByRole('button', { name }).tap() : page.getByRole('button', { name }).click();

describe('live games and reactions', () => {
  const real = chromiumAndServer(1);

  async function newPage(name: string, on: On): Promise<{ page: Page; errors: string[] }> {
    const context = await real.browser.newContext({ ...SIZES[on], locale: 'en-GB' });
    await context.addInitScript((n) => {
      if (!localStorage.getItem('ubongo.name')) localStorage.setItem('ubongo.name', n);
    }, name);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(real.server.url);
    return { page, errors };
  }

  /** Two members play a rated game of 2 rounds (a long hourglass), scripted over the socket; both players. */
  async function ratedGame(names: [string, string]): Promise<{ code: string; players: Player<'race'>[] }> {
    const ws = real.server.url.replace(/^http/, 'ws');
    const [a, b] = await Promise.all(names.map((n) => member(ws, n)));
    if (!a || !b) throw new Error('no members');
    const host = Player.wrap<'race'>(
      a.client,
      await a.client.create('race', {
        protocol: PROTOCOL_VERSION,
        settings: { rated: true, rounds: 2, hourglassSeconds: 300 },
      }),
    );
    const { code } = await host.waitFor('lobby');
    const guest = Player.wrap<'race'>(b.client, await b.client.joinById(code, { protocol: PROTOCOL_VERSION }));
    await host.waitFor('lobby', (l) => l.seats.length === 2);
    host.send('start');
    await Promise.all([host, guest].map((p) => p.waitFor('view', (m) => m.view.phase === 'playing')));
    return { code, players: [host, guest] };
  }

  let tries = 0;
  /*
   * One size each, where the other proves nothing new: the watcher on a phone (the live page and the
   * watching screen are the same components at a desktop's size; the live page there is axe's in
   * a11y.test.ts), and the reactions between a phone's taps (Vera) and a desktop's clicks (Remo), in
   * one game.
   */
  it(`lists a game in play on the live page, and watching it counts the watcher and shows the boards between rounds, on the phone`, async () => {
    // (New usernames each try: a retried test's players are new people.)
    tries += 1;
    const names: [string, string] = [`rhea_p${tries}`, `remi_p${tries}`];
    const { code, players } = await ratedGame(names);
    const me = await newPage('Wanda', 'phone');
    // From the home page.
    const link = me.page.getByRole('link', { name: 'Live games' });
    await link.tap();
    await me.page.getByRole('heading', { name: 'Live games', level: 1 }).waitFor();
    const card = me.page.locator(`.live-game[data-code="${code}"]`);
    await card.waitFor();
    await expect.poll(() => card.innerText()).toContain('average rating 1500');
    const text = await card.innerText();
    for (const s of ['Rated', 'Classic', ...names, 'Round 1 of 2', '0 watching']) expect(text).toContain(s);
    await me.page.screenshot({ path: `${SHOTS}/live-phone.png`, fullPage: true, animations: 'disabled' });

    await press(me.page, 'phone', `Watch the game of ${names.join(', ')}`);
    await me.page.getByText('You are watching this game.').waitFor();
    // Counted, for the watcher and for the players.
    await me.page.getByTestId('watchers').getByText('1 watching').waitFor();
    await Promise.all(players.map((p) => p.waitFor('lobby', (l) => l.spectators === 1)));
    // A watcher does not react: no buttons to send one, only the mutes.
    await expect.poll(() => me.page.getByRole('button', { name: 'Thumbs up' }).count()).toBe(0);
    await me.page.screenshot({ path: `${SHOTS}/watching-phone.png`, animations: 'disabled' });

    // Both players solve round 1: the watcher sees every board between rounds.
    for (const p of players) {
      const { view } = await p.waitFor('view', (m) => m.view.phase === 'playing' && m.view.task !== null);
      if (!view.task) throw new Error('no task');
      p.send('claim', { placements: solve(view.task) });
    }
    const boards = me.page.locator('.round-boards');
    await boards.getByRole('heading', { name: /Round 1/ }).waitFor();
    await expect.poll(() => boards.locator('li').count()).toBe(2);
    await me.page.screenshot({ path: `${SHOTS}/watching-reveal-phone.png`, fullPage: true, animations: 'disabled' });

    // Back to the live page: the watcher is counted there too, until they go.
    await me.page.goto(`${real.server.url}/#/live`);
    await expect.poll(() => me.page.locator(`.live-game[data-code="${code}"]`).innerText()).toContain('0 watching');

    // The game played to its end meanwhile (round 2, and a tie-break round should the two tie);
    // the watcher comes back to the table after it: the last round's boards are there (told as
    // the table is joined, before the screen listens).
    for (let round = 2; ; round++) {
      const views = await Promise.all(
        players.map((p) =>
          p.waitFor(
            'view',
            (m) =>
              m.view.phase === 'finished' ||
              (m.view.phase === 'playing' && m.view.task !== null && (m.view.round?.number ?? 0) >= round),
            20_000,
          ),
        ),
      );
      if (views.every((m) => m.view.phase === 'finished')) break;
      for (const [i, p] of players.entries()) {
        const task = views[i]?.view.task;
        if (task) p.send('claim', { placements: solve(task) });
      }
    }
    await me.page.goto(`${real.server.url}/#/room/${code}`);
    await me.page.locator('.end').waitFor();
    await me.page
      .locator('.round-boards')
      .getByRole('heading', { name: /^(Round \d+|Tie-break round): every board$/ })
      .waitFor();
    await expect.poll(() => me.page.locator('.round-boards li').count()).toBe(2);
    await me.page.screenshot({ path: `${SHOTS}/watching-end-phone.png`, fullPage: true, animations: 'disabled' });
    expect(me.errors).toEqual([]);
    await Promise.all(players.map((p) => p.room.leave()));
    await me.page.context().close();
  }, 90_000);

  it(`sends a reaction by tap, shown beside the seat and said to screen readers, and mutes a seat by click, on the phone`, async () => {
    const me = await newPage('Vera', 'phone');
    await press(me.page, 'phone', 'Create a table');
    const code = (await me.page.getByTestId('room-code').textContent()) ?? '';
    // One round, fixed scoring: the two cannot tie (with gems they may, and a tie-break round
    // comes before the end).
    await me.page.getByLabel('Rounds').selectOption('1');
    await me.page.getByLabel('Scoring').selectOption('fixed');
    await expect.poll(() => me.page.getByLabel('Rounds').inputValue()).toBe('1');
    await expect.poll(() => me.page.getByLabel('Scoring').inputValue()).toBe('fixed');
    const rival = await newPage('Remo', 'desktop');
    await rival.page.getByLabel('Table code').fill(code);
    await press(rival.page, 'desktop', 'Join');
    await rival.page.getByText('Waiting for the host to start the game.').waitFor();
    await me.page.locator('.seat', { hasText: 'Remo' }).waitFor();

    // Vera reacts: Remo sees it beside her seat, and hears it said.
    await press(me.page, 'phone', 'Thumbs up');
    const veraSeat = rival.page.locator('.seat', { hasText: 'Vera' });
    await veraSeat.locator('[data-testid="seat-reaction"][data-reaction="thumbs-up"]').waitFor();
    await expect.poll(() => rival.page.getByTestId('announcer').textContent()).toContain('Vera: Thumbs up');
    // ... and so does she, beside her own.
    await me.page.locator('.seat.me [data-reaction="thumbs-up"]').waitFor();
    await me.page.screenshot({ path: `${SHOTS}/reaction-lobby-phone.png`, fullPage: true, animations: 'disabled' });

    // In the game, beside the standings.
    await press(me.page, 'phone', 'Start the game');
    await Promise.all([me.page, rival.page].map((p) => p.getByText('Round 1 of 1').waitFor()));
    // (While solving, the board has the window: Remo reacts once he has solved.)
    await expect.poll(() => rival.page.getByRole('button', { name: 'On fire' }).isVisible()).toBe(false);
    await solveWithMouse(rival.page);
    // (The page settles first: the gems won fly, and the button moves meanwhile.)
    await rival.page.getByText('You solved it first.').waitFor();
    await rival.page.waitForTimeout(1500);
    await press(rival.page, 'desktop', 'On fire');
    await me.page.locator('.players li', { hasText: 'Remo' }).locator('[data-reaction="fire"]').waitFor();
    await me.page.screenshot({ path: `${SHOTS}/reaction-game-phone.png`, fullPage: true, animations: 'disabled' });

    // Vera solves too (until then her board has the window, and she has no reactions to send).
    await solveWithTouch(me.page);
    // A game of one round: its end, with the standings.
    await me.page.locator('.end').waitFor();
    await rival.page.locator('.end').waitFor();
    await me.page.waitForTimeout(1000);

    // Remo mutes Vera: her next reaction is neither shown nor said to him; she still sees it.
    const mutes = rival.page.locator('.reaction-mutes');
    const summary = mutes.getByText('Mute reactions');
    await summary.click();
    const box = mutes.getByRole('checkbox', { name: 'Mute Vera' });
    await box.check();
    await expect.poll(() => box.isChecked()).toBe(true);
    await rival.page.screenshot({ path: `${SHOTS}/mute-desktop.png`, fullPage: true, animations: 'disabled' });
    await press(me.page, 'phone', 'GG (good game)');
    await me.page.locator('.players li.me [data-reaction="gg"]').waitFor();
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await rival.page.locator('.players li', { hasText: 'Vera' }).locator('[data-reaction]').count()).toBe(0);
    expect(await rival.page.getByTestId('announcer').textContent()).not.toContain('good game');

    // Too many at once: she is told to wait. (Pressed until told, as a person keeps pressing: one
    // reaction comes back every 2 s, so on a slow machine three presses may not spend them all.)
    const told = me.page.getByText('Not so fast: wait a moment before reacting again.');
    await expect
      .poll(
        async () => {
          if (!(await told.isVisible())) await press(me.page, 'phone', 'Wow');
          return told.isVisible();
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    expect([...me.errors, ...rival.errors]).toEqual([]);
    await Promise.all([me.page.context().close(), rival.page.context().close()]);
  }, 120_000);
});
