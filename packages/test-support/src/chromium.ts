import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { chromium } from 'playwright-core';

/*
 * Debian's Chromium as the browser tests and the web bench drive it: one binary and one set of
 * flags, so that what the bench measures is the browser the tests trust.
 */

/** The Chromium binary: UBONGO_CHROMIUM, or Debian's. */
export const CHROMIUM = process.env['UBONGO_CHROMIUM'] ?? '/usr/bin/chromium';

/** Chromium's flags for this closed, sandboxed machine: nothing is fetched but from the local server. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Launches headless Chromium with `CHROMIUM_ARGS` and `extraArgs`, or says how to install it. */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM))
    throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set UBONGO_CHROMIUM)`);
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...extraArgs], headless: true });
}
