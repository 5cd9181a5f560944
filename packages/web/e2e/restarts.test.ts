import type { ServerProcess } from '@ubongo/test-support';
import { freePort, startServerProcess } from '@ubongo/test-support';
import { Player, solve } from '@ubongo/test-support/player';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveWithMouse, solveWithTouch } from './play.js';
import type { On } from './support.js';
import { launchChromium, SIZES, WEB_DIST, watchErrors } from './support.js';

/*
 * What a player sees of a server restart (the process killed with kill -9, started again on the
 * same port and data), at both sizes, by touch on the phone: the waiting screen says the server
 * restarted and which round starts over; a lobby comes back with its seats and settings; practice
 * gets its room back by itself, its board as it was, and answers a board covered meanwhile.
 */

let browser: Browser;
const servers: ServerProcess[] = [];
const folders: string[] = [];
const shots = '/tmp/shots/restarts';

beforeAll(async () => {
  browser = await launchChromium();
  mkdirSync(shots, { recursive: true });
}, 60_000);

afterAll(async () => {
  await browser.close();
  for (const server of servers) await server.stop('SIGKILL');
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A server on `port` with the data in `dataDir`, game time four times faster. */
async function serve(port: number, dataDir: string): Promise<ServerProcess> {
  const server = await startServerProcess({
    PORT: String(port),
    UBONGO_DATA_DIR: dataDir,
    UBONGO_WEB_DIR: WEB_DIST,
    UBONGO_TIME_SCALE: '4',
  });
  servers.push(server);
  return server;
}

/** A fresh place for a server: its port and data folder. */
async function place(): Promise<{ port: number; dataDir: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ubongo-web-restarts-'));
  folders.push(dataDir);
  return { port: await freePort(), dataDir };
}

async function open(on: On, name: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ ...SIZES[on], locale: 'en-GB' });
  await context.addInitScript((n) => {
    localStorage.setItem('ubongo.name', n);
  }, name);
  const page = await context.newPage();
  return { context, page, errors: watchErrors(page) };
}

/** A person's press: a tap on the phone, a click on the desktop. */
const press = (on: On, target: Locator): Promise<void> => (on === 'phone' ? target.tap() : target.click());

/** Errors other than the sockets the kill closed. */
const unexpected = (errors: readonly string[]): string[] =>
  errors.filter((e) => !/WebSocket|ERR_CONNECTION_REFUSED|Failed to load resource/.test(e));

describe.each(['phone', 'desktop'] as const)('a restart seen on a %s', (on) => {
  it('says on the waiting screen that the server restarted and which round starts over', async () => {
    const { port, dataDir } = await place();
    let server = await serve(port, dataDir);
    const { context, page, errors } = await open(on, 'Rita');
    await page.goto(`http://127.0.0.1:${port}/`);
    await press(on, page.getByRole('button', { name: 'Create a table' }));
    const code = (await page.getByTestId('room-code').textContent())?.trim() ?? '';
    await page.getByLabel('Rounds').selectOption('3');
    await page.getByLabel('Hourglass').selectOption('60');
    // Ben, another person, plays from his own device (a socket).
    const ben = await Player.join(`ws://127.0.0.1:${port}`, code, { name: 'Ben' });
    await page.locator('.seat-name', { hasText: 'Ben' }).waitFor();
    await press(on, page.getByRole('button', { name: 'Start the game' }));
    // Round 1: both solve it.
    await page.getByText('Round 1 of 3').waitFor();
    const first = await ben.waitFor('view', (m) => m.view.phase === 'playing' && m.view.task !== null);
    if (!first.view.task) throw new Error('no task');
    ben.send('claim', { placements: solve(first.view.task) });
    if (on === 'phone') await solveWithTouch(page);
    else await solveWithMouse(page);
    // Round 2 is dealt: the server dies in it.
    await page.getByText('Round 2 of 3').waitFor({ timeout: 30_000 });
    await page.locator('svg.puzzle-svg').waitFor();
    // Rita has one piece down when it dies: the round starts over from an empty board, as Ben's.
    if (on === 'phone') await solveWithTouch(page, 1);
    else await solveWithMouse(page, 1);
    await page.getByText(/^1 of \d+ pieces on the board\.$/).waitFor();
    await server.stop('SIGKILL');
    await page.getByText('Connection lost', { exact: false }).waitFor();
    server = await serve(port, dataDir);

    // Rita is back by herself; Ben is not: the round to be played again is named, not the last one.
    await page
      .getByText('The server restarted: round 2 starts over once everyone is back.')
      .waitFor({ timeout: 20_000 });
    await expect.poll(() => page.locator('h1.round-title').textContent()).toBe('Round 2 of 3');
    await expect(page.getByText('Round over', { exact: false }).count()).resolves.toBe(0);
    await page.screenshot({ path: `${shots}/waiting-after-restart-${on}.png` });
    // Rita reloads the page meanwhile, as one does: the board she had begun is not laid again.
    await page.reload();
    await page
      .getByText('The server restarted: round 2 starts over once everyone is back.')
      .waitFor({ timeout: 20_000 });
    // After the minute of waiting (15 s here) a bot plays for Ben, and round 2 is dealt again.
    await page.locator('svg.puzzle-svg').waitFor({ timeout: 40_000 });
    await expect.poll(() => page.locator('h1.round-title').textContent()).toBe('Round 2 of 3');
    await page.getByText(/^0 of \d+ pieces on the board\.$/).waitFor();
    await expect(page.getByText('The server restarted', { exact: false }).count()).resolves.toBe(0);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
    await server.stop('SIGTERM');
  }, 150_000);

  it('brings a lobby back after a restart, with its seats and settings, and it starts', async () => {
    const { port, dataDir } = await place();
    let server = await serve(port, dataDir);
    const { context, page, errors } = await open(on, 'Lena');
    await page.goto(`http://127.0.0.1:${port}/`);
    await press(on, page.getByRole('button', { name: 'Create a table' }));
    const code = (await page.getByTestId('room-code').textContent())?.trim() ?? '';
    await page.getByLabel('Rounds').selectOption('2');
    await page.getByLabel('Hourglass').selectOption('120');
    await page.getByRole('combobox', { name: /^Bot/ }).selectOption('expert');
    await press(on, page.getByRole('button', { name: 'Add a bot' }));
    await page.locator('.seat-name', { hasText: 'Expert bot 1' }).waitFor();
    // Max sits down from his own device (a socket); he will not come back.
    await Player.join(`ws://127.0.0.1:${port}`, code, { name: 'Max' });
    await page.locator('.seat-name', { hasText: 'Max' }).waitFor();
    await server.stop('SIGKILL');
    await page.getByText('Connection lost', { exact: false }).waitFor();
    server = await serve(port, dataDir);

    // The same table, by itself: its code, Lena in her seat hosting, the bot, the settings; it
    // says it waits for Max, and that a seat not taken back is freed.
    await expect.poll(() => page.getByText('Connection lost', { exact: false }).count(), { timeout: 30_000 }).toBe(0);
    await page
      .getByText('The server restarted. Waiting for 1 player to come back to the table', { exact: false })
      .waitFor();
    await page.locator('.seat-name', { hasText: 'Max' }).waitFor();
    await page.locator('.seat-name', { hasText: 'Expert bot 1' }).waitFor();
    await page.screenshot({ path: `${shots}/lobby-waiting-${on}.png` });
    // After the minute (15 s here) Max's seat is freed.
    await expect.poll(() => page.locator('.seat-name', { hasText: 'Max' }).count(), { timeout: 30_000 }).toBe(0);
    await expect(page.getByText('The server restarted', { exact: false }).count()).resolves.toBe(0);
    expect((await page.getByTestId('room-code').textContent())?.trim()).toBe(code);
    expect(page.url()).toContain(code);
    await expect(page.getByLabel('Rounds').inputValue()).resolves.toBe('2');
    await expect(page.getByLabel('Hourglass').inputValue()).resolves.toBe('120');
    await page.screenshot({ path: `${shots}/lobby-back-${on}.png` });
    await press(on, page.getByRole('button', { name: 'Start the game' }));
    await page.getByText('Round 1 of 2').waitFor();
    expect(unexpected(errors)).toEqual([]);
    await context.close();
    await server.stop('SIGTERM');
  }, 120_000);

  it('gets practice back by itself, and answers a board covered while the server was down', async () => {
    const { port, dataDir } = await place();
    let server = await serve(port, dataDir);
    const { context, page, errors } = await open(on, 'Pia');
    await page.goto(`http://127.0.0.1:${port}/#/practice`);
    await page.locator('svg.puzzle-svg').waitFor();
    const about = await page.locator('.task-line').textContent();
    await server.stop('SIGKILL');
    // Said plainly, and the buttons that need the server wait for it.
    await page.getByText('Connection lost. Getting practice back', { exact: false }).waitFor();
    await expect(page.getByRole('button', { name: 'Hint' }).isDisabled()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Another puzzle' }).isDisabled()).resolves.toBe(true);
    await page.screenshot({ path: `${shots}/practice-reconnecting-${on}.png` });
    // The board still plays: Pia covers it meanwhile.
    if (on === 'phone') await solveWithTouch(page);
    else await solveWithMouse(page);
    server = await serve(port, dataDir);
    // Back with the same task, and the covered board is answered.
    await page.locator('.solved-banner', { hasText: 'Solved! Well done.' }).waitFor({ timeout: 30_000 });
    await expect(page.getByText('Connection lost', { exact: false }).count()).resolves.toBe(0);
    await expect(page.locator('.task-line').textContent()).resolves.toBe(about);
    await page.screenshot({ path: `${shots}/practice-back-${on}.png` });
    // And it goes on: another puzzle comes.
    await press(on, page.getByRole('button', { name: 'Another puzzle' }));
    await expect.poll(() => page.locator('.solved-banner').count()).toBe(0);
    await expect.poll(() => page.locator('.task-line').textContent()).not.toBe(about);
    expect(unexpected(errors)).toEqual([]);
    await context.close();
    await server.stop('SIGTERM');
  }, 120_000);
});
