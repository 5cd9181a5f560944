import type { On } from './support.js';
import type { Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { byHand, humanPause, member, Player, solve } from '@ubongo/test-support/player';
import { expect, it } from 'vitest';
import { chromiumAndServer, SIZES, watchErrors } from './support.js';

/*
 * The arena pages (#/arenas, #/arena/ID), at a phone's size with real touch and at a desktop's: a
 * person joins a running arena from its page and is taken to the table it seats them at, with two
 * scripted players; after the game the way back leads to the arena, whose standings show the
 * game's points; a finished arena shows its podium; the list shows both. Screenshots in
 * /tmp/arena-shots.
 */

const TIME_SCALE = 20;
const SHOTS = '/tmp/arena-shots';
const real = chromiumAndServer(TIME_SCALE);

/** A scripted player of the arena: each time a table is theirs, plays its game at a person's pace; until `stop`. */
async function scripted(arena: string, session: string, stop: () => boolean): Promise<void> {
  const { url } = real.server;
  const ws = url.replace(/^http/, 'ws');
  while (!stop()) {
    const res = await fetch(`${url}/api/arenas/${arena}/join`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session}` },
    });
    const answer = (await res.json()) as { you?: { table: string | null } };
    const table = answer.you?.table;
    if (!table) {
      // Near the web client's pace (it says it is in the lobby every 2 s): each say costs the
      // address's API budget, which this page and both scripted players share (one address here).
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    const player = await Player.join(ws, table, { side: 'easy' }, session);
    // A table whose game does not start (its third player took a break) is left, as a person
    // would, and the arena asked again: once the test is over, the loop ends there.
    const started = await player
      .waitFor('view', (m) => m.view.phase === 'playing' && m.view.task !== null, 30_000)
      .catch(() => null);
    if (started?.view.task) {
      await humanPause(started.view.task, TIME_SCALE);
      player.send('claim', byHand(solve(started.view.task)));
      await player.waitFor('saved', () => true, 30_000).catch(() => null);
    }
    await player.room.leave();
  }
  await fetch(`${url}/api/arenas/${arena}/join`, { method: 'DELETE', headers: { authorization: `Bearer ${session}` } });
}

/** A signed-in person with a username, on `page`. */
async function claimed(page: Page, username: string): Promise<void> {
  await page.goto(real.server.url);
  await page.locator('header.top a.who').waitFor();
  const status = await page.evaluate(async (name) => {
    const res = await fetch('/api/me/claim', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${localStorage.getItem('ubongo.session')}`,
      },
      body: JSON.stringify({ username: name, password: 'arena and ready' }),
    });
    return res.status;
  }, username);
  expect(status).toBe(200);
  await page.reload();
}

/** A finished arena with four players' results, stored as its tables would have. */
async function finishedArena(id: string, names: readonly string[]): Promise<void> {
  const { stores } = real.server.server;
  const now = Date.now();
  await stores.arenas.createArena({
    id,
    name: 'Friday night',
    edition: 'classic',
    rounds: 3,
    startsAt: now - 3_600_000,
    endsAt: now - 1_800_000,
    createdAt: now - 7_200_000,
  });
  const ids = names.map((_, i) => `${id}-acct-${i}`);
  for (const [i, name] of names.entries()) {
    const acct = ids[i] ?? '';
    await stores.accounts.createAccount({
      id: acct,
      secretHash: 'ab',
      name,
      username: null,
      passwordHash: null,
      createdAt: 1,
    });
    await stores.accounts.claimAccount(acct, name.toLowerCase(), name.toLowerCase(), 'h', name.toLowerCase());
    await stores.arenas.enterArena(id, acct, now - 3_500_000 + i);
  }
  for (const [g, places] of [
    [0, 1, 2, 3],
    [1, 0, 3, 2],
    [0, 2, 1, 3],
  ].entries()) {
    await stores.arenas.seatArenaTable(id, ids, `T${g}`);
    await stores.arenas.endArenaTable(
      id,
      `T${g}`,
      places.map((p, i) => ({ accountId: ids[i] ?? '', points: [4, 2, 1, 0][p] ?? 0, win: p === 0 })),
    );
    for (const acct of ids) await stores.arenas.enterArena(id, acct, now - 3_000_000 + g);
  }
}

it.each<On>(['phone', 'desktop'])(
  'joins a running arena, plays at the table it seats, comes back to standings; a finished arena has its podium (%s)',
  async (on) => {
    mkdirSync(SHOTS, { recursive: true });
    const { url, server } = real.server;
    // New names each try (a retry would find the first try's usernames claimed and arenas made).
    const tag = Date.now().toString(36).slice(-5);
    const arena = `live-${on}-${tag}`;
    const now = (await (await fetch(`${url}/api/arenas`)).json()) as { serverNow: number };
    await server.stores.arenas.createArena({
      id: arena,
      name: '',
      edition: 'classic',
      rounds: 1,
      startsAt: now.serverNow,
      endsAt: now.serverNow + 60 * 60_000,
      createdAt: now.serverNow,
    });
    const ws = url.replace(/^http/, 'ws');
    const bots = await Promise.all([member(ws, `kit_${on}${tag}`), member(ws, `lou_${on}${tag}`)]);
    let done = false;
    const playing = bots.map((b) => scripted(arena, b.session, () => done));

    const context = await real.browser.newContext(SIZES[on]);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const press = async (name: string): Promise<void> => {
      const target = page.getByRole('button', { name }).or(page.getByRole('link', { name }));
      await (on === 'phone' ? target.first().tap() : target.first().click());
    };
    await claimed(page, `ana_${on}${tag}`);
    await page.goto(`${url}/#/arena/${arena}`);
    await page.getByRole('heading', { name: 'Classic arena' }).waitFor();
    await page.getByText('Ends in', { exact: false }).waitFor();
    await page.screenshot({ path: `${SHOTS}/arena-lobby-${on}.png`, fullPage: true });
    await press('Join the arena');
    // Seated by the arena: taken to its table, which starts by itself.
    await page.waitForURL(/#\/room\//, { timeout: 30_000 });
    await page
      .getByRole('heading', { name: 'Arena table' })
      .or(page.locator('.game-bar'))
      .or(page.getByRole('link', { name: 'Back to the arena' }))
      .first()
      .waitFor();
    await page.screenshot({ path: `${SHOTS}/arena-table-${on}.png` });
    // The game is played to its end without this player solving: the way back is the arena's.
    await page.getByRole('link', { name: 'Back to the arena' }).waitFor({ timeout: 60_000 });
    await page.screenshot({ path: `${SHOTS}/arena-end-${on}.png`, fullPage: true });
    await press('Back to the arena');
    await page.waitForURL(new RegExp(`#/arena/${arena}$`));
    // The standings count the game: the scripted players who solved have points, this player is listed.
    const standings = page.getByTestId('arena-standings');
    // This player played the game (and solved nothing: no points).
    const mine = standings.locator('tr.me');
    await mine.getByText(`ana_${on}${tag}`).waitFor();
    await expect.poll(() => mine.locator('td').nth(3).textContent()).toBe('1');
    await expect.poll(async () => (await standings.locator('tbody tr').count()) >= 3, { timeout: 20_000 }).toBe(true);
    await expect
      .poll(async () => Number((await standings.locator('tbody tr').first().locator('td').nth(2).textContent()) ?? 0), {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    // Back in the lobby by coming back: waiting (or seated again) until a break is taken.
    await page.getByRole('button', { name: 'Take a break' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/arena-standings-${on}.png`, fullPage: true });
    await press('Take a break');
    await page.getByRole('button', { name: 'Back in the arena' }).waitFor();
    done = true;
    await Promise.all(playing);

    // A finished arena: its podium, second, first, third.
    const over = `over-${on}-${tag}`;
    await finishedArena(
      over,
      ['Ada', 'Bea', 'Cid', 'Dov'].map((n) => `${n}${on === 'phone' ? 'p' : 'd'}${tag}`),
    );
    await page.goto(`${url}/#/arena/${over}`);
    await page.getByRole('heading', { name: 'Friday night' }).waitFor();
    const podium = page.getByTestId('arena-podium');
    await podium.waitFor();
    const suffix = on === 'phone' ? 'p' : 'd';
    await expect
      .poll(() => podium.locator('li').allInnerTexts())
      .toEqual([
        expect.stringContaining(`Bea${suffix}`),
        expect.stringContaining(`Ada${suffix}`),
        expect.stringContaining(`Cid${suffix}`),
      ]);
    await expect.poll(() => podium.locator('li.place-1').innerText()).toContain('10 points');
    await page.getByText('The arena is over').waitFor();
    await page.screenshot({ path: `${SHOTS}/arena-podium-${on}.png`, fullPage: true });

    // The list: the running arena and the finished one.
    await page.goto(`${url}/#/arenas`);
    await page.getByTestId('arenas-running').getByRole('link', { name: 'Classic arena' }).first().waitFor();
    await page.getByTestId('arenas-finished').getByRole('link', { name: 'Friday night' }).first().waitFor();
    await page.screenshot({ path: `${SHOTS}/arenas-list-${on}.png`, fullPage: true });

    // A profile lists the arena with the place in it.
    await page.goto(`${url}/#/player/${over}-acct-0`);
    await page.getByTestId('profile-arenas').getByText('place 1 of 4').waitFor();
    await page.screenshot({ path: `${SHOTS}/arena-profile-${on}.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  },
  180_000,
);
