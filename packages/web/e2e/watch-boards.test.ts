import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { PROTOCOL_VERSION } from '@ubongo/core';
import { member, Player, solve } from '@ubongo/test-support/player';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';
import { solveWithMouse } from './play.js';
import { chromiumAndServer, SIZES, watchErrors } from './support.js';

/*
 * Watching every board fill (docs/web.md, "Watching"): a host plays a table with a bot on the
 * desktop; someone opens the table's link on a phone mid-round and watches. Within seconds the
 * watcher's page draws both boards, the host's pieces as they land and the bot's as it lays them;
 * a tap brings another board large. Game time runs 2x faster.
 */

const SHOTS = '/tmp/watchlive-shots';
mkdirSync(SHOTS, { recursive: true });

describe('watching a round in play', () => {
  const real = chromiumAndServer(2);

  async function open(name: string, size: 'phone' | 'desktop', path = ''): Promise<{ page: Page; errors: string[] }> {
    const context = await real.browser.newContext({ ...SIZES[size], locale: 'en-GB', bypassCSP: true });
    await context.addInitScript((n) => {
      if (!localStorage.getItem('ubongo.name')) localStorage.setItem('ubongo.name', n);
    }, name);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${real.server.url}/${path}`);
    return { page, errors };
  }

  it('draws every board as it fills for someone who opens the link mid-round, the bot’s too', async () => {
    const host = await open('Hana', 'desktop');
    await host.page.getByRole('button', { name: 'Create a table' }).click();
    const code = (await host.page.getByTestId('room-code').textContent()) ?? '';
    await host.page.getByLabel('Rounds').selectOption('1');
    await host.page.getByLabel('Hourglass').selectOption('300');
    await expect.poll(() => host.page.getByLabel('Hourglass').inputValue()).toBe('300');
    await host.page.getByRole('combobox', { name: /^Bot/ }).selectOption('beginner');
    await host.page.getByRole('button', { name: 'Add a bot' }).click();
    await host.page.locator('.seat-name', { hasText: 'Beginner bot 1' }).waitFor();
    await host.page.getByRole('button', { name: 'Start the game' }).click();
    await host.page.getByText('Round 1 of 1').waitFor();
    // Seated and still at her board, the host sees no one's board but her own.
    await expect.poll(() => host.page.locator('.boards-in-play').count()).toBe(0);

    // Mid-round, someone opens the table's link on a phone: a watcher.
    const watcher = await open('Wim', 'phone', `#/room/${code}`);
    const page = watcher.page;
    await page.getByText('You are watching this game.').waitFor();
    // What the bot's board shows, noted as the page draws it (its pieces down), from the moment the watcher came.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { botSeen: string[] }).botSeen = seen;
      new MutationObserver(() => {
        const down = document.querySelector('.boards-in-play [data-player="p2"]')?.getAttribute('data-down');
        if (down && seen.at(-1) !== down) seen.push(down);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    const botSeen = (): Promise<number[]> =>
      page.evaluate(() => (window as unknown as { botSeen: string[] }).botSeen.map(Number));
    const boards = page.locator('.boards-in-play');
    const focused = boards.locator('.focused-board');
    const small = boards.locator('.other-boards li');
    // Both boards drawn, cells and all: the host's large, the bot's small.
    await expect.poll(() => focused.getAttribute('data-player')).toBe('p1');
    await expect.poll(() => focused.locator('.board-picture polygon.cell').count()).toBeGreaterThan(3);
    await expect.poll(() => small.count()).toBe(1);
    await expect.poll(() => small.first().locator('.board-picture polygon.cell').count()).toBeGreaterThan(3);

    // The host puts two pieces down: they appear on her board on the watcher's page.
    await solveWithMouse(host.page, 2);
    await expect.poll(() => focused.locator('.picture-piece').count(), { timeout: 5000 }).toBe(2);
    await expect.poll(() => focused.getAttribute('data-down')).toBe('2');

    // A tap brings the bot's board large: its pieces appear as it lays them, one by one.
    await page.getByRole('button', { name: /^Beginner bot 1 .*show it large$/ }).tap();
    await expect.poll(() => focused.getAttribute('data-player')).toBe('p2');
    await expect.poll(() => focused.locator('.picture-piece').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/watcher-phone.png`, fullPage: true });
    // Seen piece by piece: at least two counts of pieces down, each more than the last.
    await expect
      .poll(async () => (await botSeen()).filter((n) => n > 0).length, { timeout: 60_000 })
      .toBeGreaterThan(1);
    const seen = await botSeen();
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(await focused.locator('.picture-piece').count()).toBe(seen.at(-1));
    await expect.poll(() => small.first().getAttribute('data-player')).toBe('p1');
    await expect.poll(() => small.first().locator('.picture-piece').count()).toBe(2);

    // The watcher's screen passes axe.
    expect(await seriousViolations(page, 'watching boards in play')).toEqual([]);
    expect([...host.errors, ...watcher.errors]).toEqual([]);
    await Promise.all([host.page.context().close(), page.context().close()]);
  }, 150_000);

  /** Two members play a rated game of `rounds` (a long hourglass), scripted over the socket; both players. */
  async function ratedGame(
    names: [string, string],
    rounds: number,
  ): Promise<{ code: string; players: Player<'race'>[] }> {
    const ws = real.server.url.replace(/^http/, 'ws');
    const [a, b] = await Promise.all(names.map((n) => member(ws, n)));
    if (!a || !b) throw new Error('no members');
    const host = Player.wrap<'race'>(
      a.client,
      await a.client.create('race', {
        protocol: PROTOCOL_VERSION,
        settings: { rated: true, rounds, hourglassSeconds: 300 },
      }),
    );
    const { code } = await host.waitFor('lobby');
    const guest = Player.wrap<'race'>(b.client, await b.client.joinById(code, { protocol: PROTOCOL_VERSION }));
    await host.waitFor('lobby', (l) => l.seats.length === 2);
    host.send('start');
    await Promise.all([host, guest].map((p) => p.waitFor('view', (m) => m.view.phase === 'playing')));
    return { code, players: [host, guest] };
  }

  it('shows the top live game on the TV once turned on, its boards as they fill, and the next when it ends', async () => {
    const first = await ratedGame(['tv_ada', 'tv_bo'], 1);
    const { page, errors } = await open('Tess', 'phone');
    await page.getByRole('link', { name: 'Live games' }).tap();
    await page.getByRole('heading', { name: 'Live games', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Turn the TV on' }).tap();
    const tv = page.locator('.live-tv .tv-screen');
    await expect.poll(() => tv.getAttribute('data-code'), { timeout: 15_000 }).toBe(first.code);
    await expect.poll(() => tv.locator('.boards-in-play .board-picture').count()).toBe(2);
    await expect.poll(() => tv.locator('.live-facts').innerText()).toContain('tv_ada, tv_bo');
    // A player's pieces, as they report them, appear on the TV.
    const [ada, bo] = first.players as [Player<'race'>, Player<'race'>];
    const task = (await ada.waitFor('view', (m) => m.view.task !== null)).view.task;
    if (!task) throw new Error('no task');
    ada.send('progress', { down: 2, placements: solve(task).slice(0, 2) });
    await expect.poll(() => tv.locator('.focused-board .picture-piece').count(), { timeout: 5000 }).toBe(2);
    await page.screenshot({ path: `${SHOTS}/tv-phone.png`, fullPage: true });
    expect(await seriousViolations(page, 'live TV')).toEqual([]);

    // Another game starts; the first ends (both solve its one round): the TV shows the other.
    const second = await ratedGame(['tv_cy', 'tv_di'], 2);
    for (const p of [ada, bo]) {
      const own = (await p.waitFor('view', (m) => m.view.task !== null)).view.task;
      if (own) p.send('claim', { placements: solve(own) });
    }
    await expect.poll(() => tv.getAttribute('data-code'), { timeout: 30_000 }).toBe(second.code);
    await expect.poll(() => tv.locator('.boards-in-play .board-picture').count()).toBe(2);
    expect(errors).toEqual([]);
    await Promise.all([...first.players, ...second.players].map((p) => p.room.leave()));
    await page.context().close();
  }, 120_000);
});
