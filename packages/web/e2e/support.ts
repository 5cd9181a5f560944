import type { GuestAnswer } from '@ubongo/core';
import type { UbongoServer } from '@ubongo/server';
import { startServer } from '@ubongo/server';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { launchChromium } from '@ubongo/test-support/chromium';
import { afterAll, beforeAll, expect, onTestFailed } from 'vitest';

/*
 * The real things the browser tests and the web bench talk to: the game server in this process
 * (on a free port, a fresh SQLite folder, the built client), and Debian's Chromium.
 */

/** The two sizes every screen is tried at: a phone (390x844, touch) and a desktop window. */
export type On = 'phone' | 'desktop';
export const SIZES: Readonly<Record<On, BrowserContextOptions>> = {
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  desktop: { viewport: { width: 1366, height: 800 } },
};

// Chromium and its flags are the web bench's too: one place for both.
export { launchChromium };

export const WEB_DIST = fileURLToPath(new URL('../dist/', import.meta.url));

export interface TestServer {
  readonly url: string;
  readonly server: UbongoServer;
  close(): Promise<void>;
}

/** The server with the built client, game time running `timeScale` times faster. */
export async function startTestServer(timeScale = 1): Promise<TestServer> {
  if (!existsSync(join(WEB_DIST, 'index.html')))
    throw new Error(`the web client is not built in ${WEB_DIST}: npm run build`);
  const dataDir = mkdtempSync(join(tmpdir(), 'ubongo-web-'));
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    timeScale,
    webDir: WEB_DIST,
    log: () => undefined,
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    server,
    close: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Chromium and a test server (game time `timeScale` times faster) for the tests of the file or
 * `describe` that calls this: started before the first test, stopped after the last. Read them in
 * the tests, once they have started.
 */
export function chromiumAndServer(timeScale = 1): { readonly browser: Browser; readonly server: TestServer } {
  let started: { browser: Browser; server: TestServer } | undefined;
  beforeAll(async () => {
    const [browser, server] = await Promise.allSettled([launchChromium(), startTestServer(timeScale)]);
    if (browser.status === 'fulfilled' && server.status === 'fulfilled')
      started = { browser: browser.value, server: server.value };
    else {
      // One of them failed: the other is stopped, not left running.
      if (browser.status === 'fulfilled') await browser.value.close();
      if (server.status === 'fulfilled') await server.value.close();
      throw browser.status === 'rejected' ? browser.reason : server.status === 'rejected' ? server.reason : null;
    }
  }, 60_000);
  afterAll(async () => {
    await started?.browser.close();
    await started?.server.close();
  });
  const get = (): { browser: Browser; server: TestServer } => {
    if (!started) throw new Error('Chromium and the test server are not started (read them in a test)');
    return started;
  };
  return {
    get browser() {
      return get().browser;
    },
    get server() {
      return get().server;
    },
  };
}

/**
 * A page whose browser errors fail the test that reads `errors`. Should the test fail, what the
 * page showed and heard is printed: its address, its text, its console and the requests that failed
 * or were refused (a test that waits for something that never comes says only that it waited).
 */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  const heard: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
    heard.push(`${m.type()}: ${m.text()}`);
  });
  page.on('requestfailed', (r) =>
    heard.push(`request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`),
  );
  page.on('response', (r) => {
    if (r.status() >= 400) heard.push(`response ${r.status()}: ${r.request().method()} ${r.url()}`);
  });
  page.on('websocket', (ws) => {
    heard.push(`socket opened: ${ws.url()}`);
    ws.on('close', () => heard.push(`socket closed: ${ws.url()}`));
  });
  onTestFailed(async () => {
    if (page.isClosed()) return;
    const text = await page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch((e: unknown) => `(no text: ${String(e)})`);
    console.log(
      `the page at ${page.url()} showed:\n${text.slice(0, 800)}\nand heard:\n${heard.slice(-40).join('\n') || '(nothing)'}`,
    );
  });
  return errors;
}

/**
 * Picks a radio button or a check box as a person does, with a tap at a phone's size or a click,
 * and again while it is not picked: a person looks and taps again when a tap did not take (a tap
 * right after a drag's fling, or one made as the settings above it were still being laid out, may
 * be swallowed).
 */
export async function pick(box: Locator, on: On): Promise<void> {
  await expect
    .poll(async () => {
      if (!(await box.isChecked())) await (on === 'phone' ? box.tap() : box.click());
      return box.isChecked();
    })
    .toBe(true);
}

/** A new account at the server at `url`, claimed with `username` (shown as `name`): its id and session. */
export async function claimedAccount(
  url: string,
  name: string,
  username: string,
): Promise<{ id: string; session: string }> {
  const guest = (await (
    await fetch(`${url}/api/accounts`, { method: 'POST', body: JSON.stringify({ name }) })
  ).json()) as GuestAnswer;
  const claim = await fetch(`${url}/api/me/claim`, {
    method: 'POST',
    headers: { authorization: `Bearer ${guest.session}` },
    body: JSON.stringify({ username, password: 'a long password' }),
  });
  expect(claim.status).toBe(200);
  return { id: guest.account.id, session: guest.session };
}
