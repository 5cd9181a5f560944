import type { GuestAnswer } from '@ubongo/core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { On } from './support.js';
import { chromiumAndServer, SIZES, watchErrors, claimedAccount } from './support.js';

/*
 * Rated quick match and the season board as a person sees them, on a phone (390x844, touch) and a
 * desktop window (1366x800): the tile on the front door, the waiting screen with its window of
 * ratings widening and the time waited, two players paired at one table, the offer of bots after
 * the wait; the season board of the season under way and of a past one, and the past seasons on a
 * profile with its rating graph. Game time runs 20 times faster: the window widens every half
 * second, bots come after 3 s.
 */

const real = chromiumAndServer(20);
const SHOTS = process.env['UBONGO_RATED_SHOTS'] ?? '/tmp/rated-shots';
const DAY = 86_400_000;

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, name), fullPage: true });
}

/** A new account through the API, claimed with `username`: its id and session. */
const claimed = (username: string) => claimedAccount(real.server.url, username, username);

/** A page at `on`, signed in with `session`. */
async function pageAt(on: On, session: string): Promise<Page> {
  const context = await real.browser.newContext({ ...SIZES[on], locale: 'en-GB' });
  await context.addInitScript((token) => {
    if (!localStorage.getItem('ubongo.session')) localStorage.setItem('ubongo.session', token);
  }, session);
  return context.newPage();
}

const press = (target: Locator, on: On): Promise<void> => (on === 'phone' ? target.tap() : target.click());

/** Where a rated game's ratings are written as if played: `at` each, one edition, a rival who is no account. */
async function played(id: string, edition: 'classic' | 'extreme', mu: number, times: readonly number[]): Promise<void> {
  for (const [i, at] of times.entries())
    await real.server.server.stores.ratings.saveRatings(`played-${id}-${edition}-${at}`, [
      { accountId: id, edition, mu, sigma: 2, games: i + 1, updatedAt: at },
      { accountId: `rival-${id}`, edition, mu: 25, sigma: 2, games: i + 1, updatedAt: at },
    ]);
}

describe.each(['phone', 'desktop'] as const)('rated quick match, %s', (on) => {
  it('waits in the queue with the window widening, pairs two players at one table, offers bots after the wait', async () => {
    const [ada, bea, cal] = await Promise.all([`ada_${on}`, `bea_${on}`, `cal_${on}`].map(claimed));
    if (!ada || !bea || !cal) throw new Error('no accounts');
    const page = await pageAt(on, ada.session);
    const errors = watchErrors(page);
    await page.goto(`${real.server.url}/#/`);
    // The tile beside quick match.
    const tile = page
      .getByRole('navigation', { name: 'Ways to play' })
      .getByRole('link', { name: /^Rated quick match/ });
    await press(tile, on);
    await page.getByRole('heading', { name: 'Rated quick match', level: 1 }).waitFor();
    await press(page.getByRole('radio', { name: 'Extreme (hexagons)' }), on);
    await shot(page, `${on}-rated-start.png`);
    await press(page.getByRole('button', { name: 'Find a rated game' }), on);
    const window = page.getByTestId('rated-window');
    /** The window shown: its low and high ratings. */
    const shown = async (): Promise<[number, number]> => {
      const m = /^Paired with ratings from (\d+) to (\d+)$/.exec((await window.textContent()) ?? '');
      return m ? [Number(m[1]), Number(m[2])] : [0, 0];
    };
    // At 20 times the pace the window widens every half second: read as it stands, about 1500.
    await expect.poll(async () => (await shown())[0]).toBeGreaterThan(0);
    const [low, high] = await shown();
    expect(1500 - low).toBe(high - 1500);
    expect(high - 1500).toBeGreaterThanOrEqual(100);
    await page.getByText('Looking for players: Extreme (hexagons)').waitFor();
    await shot(page, `${on}-rated-waiting.png`);
    // The window widens as the wait goes on; the wait is counted.
    await expect.poll(async () => (await shown())[1], { timeout: 5000 }).toBeGreaterThan(high);
    await expect
      .poll(() => page.getByTestId('rated-wait').textContent())
      .toMatch(/^Waiting for 0:[0-5]\d · In the queue: 1$/);
    // After the wait, bots are offered.
    await page.getByRole('button', { name: 'Play casual with bots' }).waitFor({ timeout: 10_000 });
    await shot(page, `${on}-rated-bots-offered.png`);

    // Another player comes: the two are paired at one rated table, and both are taken there.
    const other = await pageAt(on, bea.session);
    await other.goto(`${real.server.url}/#/rated`);
    await press(other.getByRole('radio', { name: 'Extreme (hexagons)' }), on);
    await press(other.getByRole('button', { name: 'Find a rated game' }), on);
    await page.waitForURL(/#\/room\/[A-Z0-9]{6}$/);
    await other.waitForURL(/#\/room\/[A-Z0-9]{6}$/);
    expect(new URL(page.url()).hash).toBe(new URL(other.url()).hash);
    // (The table starts by itself once both sit: at 20 times the pace, the lobby is gone at once.)
    await page.getByText(`bea_${on}`).first().waitFor();
    await shot(page, `${on}-rated-table.png`);
    await other.context().close();

    // A player alone past the wait takes the casual table with bots.
    const third = await pageAt(on, cal.session);
    await third.goto(`${real.server.url}/#/rated`);
    await press(third.getByRole('button', { name: 'Find a rated game' }), on);
    const bots = third.getByRole('button', { name: 'Play casual with bots' });
    await bots.waitFor({ timeout: 10_000 });
    await press(bots, on);
    await third.waitForURL(/#\/room\/[A-Z0-9]{6}$/);
    await expect.poll(() => third.getByText(/ 2$/).count()).toBeGreaterThan(0);
    await third.context().close();
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('sends a guest to choose a username first', async () => {
    const guest = (await (
      await fetch(`${real.server.url}/api/accounts`, { method: 'POST', body: JSON.stringify({ name: 'Gus' }) })
    ).json()) as GuestAnswer;
    const page = await pageAt(on, guest.session);
    await page.goto(`${real.server.url}/#/rated`);
    await page.getByText('Rated play is for players with a username.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Choose a username' }).waitFor();
    await shot(page, `${on}-rated-guest.png`);
    await page.context().close();
  });
});

/**
 * Two players of each size (classic on the phone, Extreme on the desktop) with rated games in May
 * 2026, the seasons of April and July 2026 turned (April's board kept), then games this season.
 * Once for both sizes: a season's turn is taken once.
 */
const seasonPlayers = (() => {
  let seeded:
    Promise<Record<On, { ivo: { id: string; session: string }; jon: { id: string; session: string } }>> | undefined;
  const seed = async () => {
    const { server } = real.server;
    const may = Date.UTC(2026, 4, 10);
    const now = Date.now();
    const players = {} as Record<On, { ivo: { id: string; session: string }; jon: { id: string; session: string } }>;
    for (const on of ['phone', 'desktop'] as const) {
      const edition = on === 'phone' ? 'classic' : 'extreme';
      const [ivo, jon] = await Promise.all([claimed(`ivo_${on}`), claimed(`jon_${on}`)]);
      await played(ivo.id, edition, 30, [may, may + DAY, may + 2 * DAY]);
      await played(jon.id, edition, 28, [may, may + DAY, may + 2 * DAY]);
      players[on] = { ivo, jon };
    }
    const shown = (x: { mu: number; sigma: number }) => Math.round(1500 + 40 * (x.mu - 3 * x.sigma));
    const turn = (id: string, startsAt: number, ending: { id: string; startsAt: number } | null) =>
      server.stores.seasons.turnSeason({ id, startsAt, at: startsAt, ending, widen: (s) => s, shown });
    await turn('2026-04', Date.UTC(2026, 3, 1), null);
    await turn('2026-07', Date.UTC(2026, 6, 1), { id: '2026-04', startsAt: Date.UTC(2026, 3, 1) });
    for (const on of ['phone', 'desktop'] as const) {
      const edition = on === 'phone' ? 'classic' : 'extreme';
      await played(players[on].ivo.id, edition, 27, [now - 2 * DAY, now - DAY, now]);
      await played(players[on].jon.id, edition, 31, [now - 2 * DAY, now - DAY, now]);
    }
    return players;
  };
  return () => (seeded ??= seed());
})();

describe.each(['phone', 'desktop'] as const)('the season board, %s', (on) => {
  it('shows the season under way and a past one as it ended; a profile shows its past seasons and its rating graph', async () => {
    const { ivo, jon } = (await seasonPlayers())[on];
    const edition = on === 'phone' ? 'classic' : 'extreme';
    const page = await pageAt(on, ivo.session);
    const errors = watchErrors(page);
    await page.goto(`${real.server.url}/#/leaderboards`);
    const board = page.getByTestId('season-board');
    await board.getByRole('heading', { name: 'Season board' }).waitFor();
    await board.getByLabel('Edition').selectOption(edition);
    const rows = board.locator('ol li');
    /** The seeded players' rows, in the board's order: a rated game this file's quick-match tests finished is on it too. */
    const seeded = async (): Promise<string[]> =>
      (await rows.allTextContents()).filter((r) => r.startsWith(`jon_${on} `) || r.startsWith(`ivo_${on} `));
    // This season: jon 31 - 6 = 25 (2500), ivo 27 - 6 = 21 (2340), first and second (the quick match's 1500s below).
    await expect.poll(seeded).toEqual([`jon_${on} 2500 games: 3`, `ivo_${on} 2340 games: 3`]);
    expect((await rows.allTextContents()).slice(0, 2)).toEqual(await seeded());
    await board.getByText('Standings so far', { exact: false }).waitFor();
    // The viewer's own place, below the board.
    await board.getByText('Your place: 2.').waitFor();
    await board.scrollIntoViewIfNeeded();
    await shot(page, `${on}-season-board.png`);
    // The season of April to June, as it ended: ivo 30 - 6 = 24 (2460), jon 28 - 6 = 22 (2380).
    await board.getByLabel('Season').selectOption('2026-04');
    await expect.poll(seeded).toEqual([`ivo_${on} 2460 games: 3`, `jon_${on} 2380 games: 3`]);
    await board.getByText('Final standings of the season.').waitFor();
    await board.getByText('Your place: 1.').waitFor();
    await shot(page, `${on}-season-board-past.png`);
    // The profile's past seasons.
    await page.goto(`${real.server.url}/#/player/${jon.id}`);
    const past = page.getByTestId('past-seasons');
    await past.getByRole('heading', { name: 'Past seasons' }).waitFor();
    const editionName = edition === 'classic' ? 'Classic' : 'Extreme (hexagons)';
    await expect
      .poll(() => past.locator('li').allTextContents())
      .toEqual([`Apr 2026 – Jun 2026, ${editionName}: 2380, place 2 of 2`]);
    await past.scrollIntoViewIfNeeded();
    await shot(page, `${on}-profile-seasons.png`);
    // The rating graph after each of jon's six games (2380 three times, then 2500; ± 40 sigma = 80),
    // within the page's width; the courses he never played say so.
    const graph = page.getByRole('img', {
      name: `${editionName} rating after each rated game: from 2380 to 2500, lowest 2380, highest 2500; uncertainty now ± 80.`,
    });
    await graph.waitFor();
    const box = await graph.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect(box !== null && box.x >= 0 && box.x + box.width <= width).toBe(true);
    const progress = page.getByRole('region', { name: 'Progress' });
    for (const nothing of ['No campaign stars yet.', 'No daily puzzle played yet.', 'No Storm score yet.'])
      await progress.getByText(nothing).waitFor();
    await graph.scrollIntoViewIfNeeded();
    await shot(page, `${on}-profile-graph.png`);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
