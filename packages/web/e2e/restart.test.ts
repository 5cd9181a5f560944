import type { ServerProcess } from '@ubongo/test-support';
import { freePort, startServerProcess } from '@ubongo/test-support';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { solveWithMouse } from './play.js';
import { launchChromium, WEB_DIST, watchErrors } from './support.js';

/*
 * A player in Chromium at a game when the server process is killed (kill -9) and started again on
 * the same port and data: the page says the connection is lost, comes back by itself with its
 * seat's key, and the interrupted round is played again; someone watching watches again.
 */

let browser: Browser;
/** This try's port and data (a retry starts afresh: the last try's server may still hold them). */
let port = 0;
let dataDir = '';
const folders: string[] = [];
const servers: ServerProcess[] = [];

async function startOnPort(): Promise<ServerProcess> {
  const server = await startServerProcess({
    PORT: String(port),
    UBONGO_DATA_DIR: dataDir,
    UBONGO_WEB_DIR: WEB_DIST,
    // Game time twice as fast: the restarted game waits a minute of it (30 s) for its people before
    // a bot plays for one not back; at x4 a page slow to come back on a busy machine (15 s) lost
    // round 1 to the bot playing for it (once, in a clean-clone run beside another).
    UBONGO_TIME_SCALE: '2',
  });
  servers.push(server);
  return server;
}

beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser.close();
  for (const server of servers) await server.stop('SIGKILL');
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

it('brings a player back to their game after the server is killed and restarted', async () => {
  for (const left of servers.splice(0)) await left.stop('SIGKILL');
  port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'ubongo-web-restart-'));
  folders.push(dataDir);
  let server = await startOnPort();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, locale: 'en-GB' });
  await context.addInitScript(() => {
    localStorage.setItem('ubongo.name', 'Rita');
  });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.getByRole('button', { name: 'Create a table' }).click();
  await page.getByTestId('room-code').waitFor();
  await page.getByLabel('Hourglass').selectOption('300');
  await page.getByRole('combobox', { name: /^Bot/ }).selectOption('beginner');
  await page.getByRole('button', { name: 'Add a bot' }).click();
  await page.locator('.seat-name', { hasText: 'Beginner bot 1' }).waitFor();
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.getByText(/Round 1 of/).waitFor();
  await page.locator('svg.puzzle-svg').waitFor();
  // Someone watches from the table's link on a desk.
  const code = new URL(page.url()).hash.split('/').pop() ?? '';
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  await desk.addInitScript(() => {
    localStorage.setItem('ubongo.name', 'Wim');
  });
  const watcher = await desk.newPage();
  const watcherErrors = watchErrors(watcher);
  await watcher.goto(`http://127.0.0.1:${port}/#/room/${code}`);
  await watcher.getByText('You are watching this game.').waitFor();

  await server.stop('SIGKILL');
  await page.getByText('Connection lost', { exact: false }).waitFor();
  await watcher.getByText('Connection lost', { exact: false }).waitFor();
  server = await startOnPort();

  // Back by itself, at round 1 again, and it plays on.
  await expect.poll(() => page.getByText('Connection lost', { exact: false }).count(), { timeout: 20_000 }).toBe(0);
  await page.getByText(/Round 1 of/).waitFor();
  await solveWithMouse(page);
  await page.getByText(/Ubongo! You solved it/).waitFor({ timeout: 10_000 });
  // The watcher is back too, watching (not a seat, not lost), and sees the solve.
  await expect.poll(() => watcher.getByText('Connection lost', { exact: false }).count(), { timeout: 20_000 }).toBe(0);
  await watcher.getByText('You are watching this game.').waitFor();
  await watcher.getByText(/Rita solved it/).waitFor({ timeout: 10_000 });
  // The pages saw their sockets die; nothing else went wrong.
  for (const seen of [errors, watcherErrors])
    expect(seen.filter((e) => !/WebSocket|ERR_CONNECTION_REFUSED|Failed to load resource/.test(e))).toEqual([]);
  await desk.close();
  await context.close();
  await server.stop('SIGTERM');
}, 90_000);
