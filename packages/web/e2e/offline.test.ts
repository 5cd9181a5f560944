import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { On } from './support.js';
import { chromiumAndServer, SIZES, watchErrors } from './support.js';
import { Finger, solveWithMouse, solveWithTouch } from './play.js';

/*
 * Installable, and practice offline (docs/web.md, "Offline"): the page links a manifest with its
 * icons, a service worker takes the page over, and with the network cut in the browser the game
 * still opens and practice plays, checked in the browser, saying that it is offline; with the
 * network back, practice is the server's again. On a phone (390x844, touch) and a desktop.
 */

const real = chromiumAndServer();
const SHOTS = '/tmp/shots/offline';
mkdirSync(SHOTS, { recursive: true });

describe.each<On>(['phone', 'desktop'])('offline, on the %s', (on) => {
  it('installs, then practice plays with the network cut and comes back to the server', async () => {
    const context = await real.browser.newContext(SIZES[on]);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${real.server.url}/`);
    await page.getByRole('heading', { name: 'Ubongo' }).first().waitFor();

    // Installable: a manifest with a name, standalone display and icons of 192 and 512 px that load.
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      if (!link) return null;
      const answer = await fetch(link.href);
      return { type: answer.headers.get('content-type'), body: (await answer.json()) as Record<string, unknown> };
    });
    expect(manifest?.type).toContain('application/manifest+json');
    expect(manifest?.body).toMatchObject({ name: 'Ubongo', display: 'standalone', start_url: '/' });
    const icons = (manifest?.body['icons'] ?? []) as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of icons) {
      const answer = await context.request.get(`${real.server.url}${icon.src}`);
      expect(answer.headers()['content-type']).toBe('image/png');
    }

    // The worker installs and, from the next load, controls the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // Workbox's precache holds the page and the build's files, each under its revision; nothing of the API.
    const kept = await page.evaluate(async () => {
      const names = await caches.keys();
      const precache = names.find((n) => n.startsWith('ubongo-precache'));
      const keys = precache ? await (await caches.open(precache)).keys() : [];
      return { names, urls: keys.map((r) => new URL(r.url).pathname + new URL(r.url).search) };
    });
    expect(kept.urls).toEqual(expect.arrayContaining([expect.stringMatching(/^\/index\.html\?__WB_REVISION__=/)]));
    expect(kept.urls.filter((u) => u.startsWith('/assets/')).length).toBeGreaterThan(10);
    expect(kept.urls.filter((u) => u.startsWith('/api/'))).toEqual([]);
    // An API answer opened as a page goes past the worker: it is not kept as the game's page.
    const tab = await context.newPage();
    await tab.goto(`${real.server.url}/api/daily`);
    await tab.getByText('"date"', { exact: false }).waitFor();
    await tab.close();

    // The network cut: the game still loads, and practice plays on this device.
    await context.setOffline(true);
    await page.goto(`${real.server.url}/#/practice`);
    await page.reload();
    await page
      .getByText('You’re offline', { exact: false })
      .or(page.getByText("You're offline", { exact: false }))
      .waitFor();
    await page.locator('svg.puzzle-svg').waitFor();
    // A hint places a piece of the deck's solution.
    await page.getByRole('button', { name: 'Hint' }).click();
    await page.getByText(/^1 of \d pieces shown\.$/).waitFor();
    await page.getByRole('button', { name: 'Another puzzle' }).click();
    await page.locator('svg.puzzle-svg').waitFor();
    await page.screenshot({ path: `${SHOTS}/${on}-offline-practice.png` });
    // The finger's DevTools session stays on until the network is back (its detaching would end the cut).
    const finger = on === 'phone' ? await Finger.on(page) : null;
    if (finger) await solveWithTouch(page, Infinity, 0, finger);
    else await solveWithMouse(page);
    await page.locator('.solved-banner', { hasText: 'Solved! Well done.' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/${on}-offline-solved.png` });

    // The network back: practice is the server's again (it keeps the level, which offline cannot).
    await context.setOffline(false);
    await finger?.detach();
    await page.getByRole('button', { name: 'At my level' }).waitFor();
    await expect.poll(() => page.getByText("You're offline", { exact: false }).count()).toBe(0);
    // Nothing failed but what the cut network made fail (the page's attempts to reach the server).
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/.test(e))).toEqual([]);
    await context.close();
  }, 120_000);
});

/*
 * The server out of reach, as a person on a phone meets it (390x844, taps): offline, solo and
 * practice offer practice on this device at once, in a plain sentence, and the campaign map shows
 * the progress this device last saw; online with a game socket nothing answers (a proxy or a CSP
 * that blocks it), the page says within seconds that it cannot connect, and what to try.
 */
describe('the server out of reach, on a phone', () => {
  it('offers practice on this device at once, and the campaign map shows the progress last seen', async () => {
    const context = await real.browser.newContext(SIZES.phone);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${real.server.url}/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    // The campaign's map once, online: this device keeps what it showed.
    await page
      .getByRole('link', { name: /Campaign/ })
      .first()
      .tap();
    await page.getByRole('button', { name: 'Level 1, 0 stars of 3' }).waitFor();

    await context.setOffline(true);
    // Solo: said before any start, with practice on this device a tap away.
    await page.goto(`${real.server.url}/#/solo`);
    await page.reload();
    const soloOut = page.getByTestId('solo-out');
    await soloOut.getByText('Solo runs are timed and kept by the game server', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: 'Start', exact: true }).isDisabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/phone-solo-out.png` });
    await soloOut.getByRole('link', { name: 'Practise offline' }).tap();
    await page.getByText('practice works on this device', { exact: false }).first().waitFor();
    await page.locator('svg.puzzle-svg').waitFor();
    await page.screenshot({ path: `${SHOTS}/phone-practice-out.png` });

    // The campaign's map: the progress last seen, said to be so; its levels need the server.
    await page.goto(`${real.server.url}/#/campaign`);
    await page.getByTestId('campaign-kept').waitFor();
    expect(await page.getByRole('button', { name: 'Level 1, 0 stars of 3' }).isDisabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/phone-campaign-out.png` });
    await expect.poll(() => page.getByText('Loading', { exact: false }).count()).toBe(0);
    await context.setOffline(false);
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::/.test(e))).toEqual([]);
    await context.close();
  }, 120_000);

  it('says within seconds that it cannot connect when no game socket answers, and what to try', async () => {
    const context = await real.browser.newContext(SIZES.phone);
    // Every game socket goes nowhere: opened, never answered (as behind a proxy that drops it).
    await context.routeWebSocket(/./, () => undefined);
    const page = await context.newPage();
    await page.goto(`${real.server.url}/#/solo`);
    await page.getByRole('button', { name: 'Start', exact: true }).tap();
    await page.getByTestId('solo-out').getByText("The game server can't be reached", { exact: false }).waitFor();
    await page.screenshot({ path: `${SHOTS}/phone-solo-cannot-connect.png` });
    // Elsewhere the page says it too, with a reload to try.
    await page.getByRole('link', { name: /Home/ }).first().tap();
    const note = page.getByTestId('connection-note');
    await note.getByText('Check your connection, then reload the page', { exact: false }).waitFor();
    await note.getByRole('button', { name: 'Reload the page' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/phone-cannot-connect.png` });
    await context.close();
  }, 60_000);
});
