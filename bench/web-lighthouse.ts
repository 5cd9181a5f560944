// npm run bench:web's third part (web.ts): Lighthouse 12's performance and accessibility scores for
// the home page on a first visit and for a game screen (a round in play, reloaded), with its mobile
// and desktop presets, the median of several runs each.
import * as chromeLauncher from 'chrome-launcher';
import type { Flags, RunnerResult } from 'lighthouse';
import lighthouse, { desktopConfig } from 'lighthouse';
import type { Browser, Page as PuppeteerPage } from 'puppeteer-core';
import puppeteer from 'puppeteer-core';
import { CHROMIUM, CHROMIUM_ARGS } from '@ubongo/test-support/chromium';

/** The median of some numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
}

/** One Lighthouse run of `url` in `page`, as scores out of 100 and the metrics behind performance. */
async function audit(
  page: PuppeteerPage,
  url: string,
  preset: 'mobile' | 'desktop',
  keepStorage: boolean,
): Promise<{ performance: number; accessibility: number; metrics: string; failing: string[] }> {
  const flags: Flags = {
    onlyCategories: ['performance', 'accessibility'],
    logLevel: 'error',
    // The game screen comes back to its seat after the reload through what the tab remembers.
    disableStorageReset: keepStorage,
  };
  const result: RunnerResult | undefined = await lighthouse(
    url,
    flags,
    preset === 'desktop' ? desktopConfig : undefined,
    page,
  );
  if (!result) throw new Error('Lighthouse gave no result');
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
  const score = (id: string): number => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
  const metric = (id: string): string => lhr.audits[id]?.displayValue ?? '?';
  const accessibility = lhr.categories['accessibility'];
  const failing = (accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    metrics: (
      [
        ['FCP', 'first-contentful-paint'],
        ['LCP', 'largest-contentful-paint'],
        ['TBT', 'total-blocking-time'],
        ['CLS', 'cumulative-layout-shift'],
      ] as const
    )
      .map(([name, id]) => `${name} ${metric(id)}`)
      .join(', '),
    failing,
  };
}

/** A round in play at a table with a bot, in `page`: the game screen Lighthouse reloads. */
async function startRound(page: PuppeteerPage, port: number): Promise<string> {
  await page.goto(`http://127.0.0.1:${port}/#/`);
  // (Its name goes on with what it is for: "Create a table Invite friends with a code".)
  await page.locator('::-p-text(Create a table)').click();
  await page.waitForSelector('[data-testid="room-code"]');
  // A long hourglass: the round outlasts the runs (the bot solving does not end it while we play on).
  await page.select('::-p-aria([name="Hourglass"][role="combobox"])', '300');
  await page.locator('::-p-aria([name="Add a bot"][role="button"])').click();
  await page.waitForFunction("document.querySelectorAll('.seat-name').length >= 2");
  await page.locator('::-p-aria([name="Start the game"][role="button"])').click();
  await page.waitForSelector('svg.puzzle-svg');
  return page.url();
}

/** The session key net.ts keeps a tab's way back to its seat under. */
const SEAT = 'ubongo.reconnect';

/**
 * A fresh tab that comes back to the seat `saved` (what a game's tab kept in its sessionStorage)
 * when it opens the table. A fresh tab each run: Lighthouse leaves for about:blank before it loads
 * the page, and a game page left that way stays in the back/forward cache with its socket open, so
 * the page loaded next would find its seat taken.
 */
async function gameTab(lh: Browser, saved: string): Promise<PuppeteerPage> {
  const tab = await lh.newPage();
  await tab.evaluateOnNewDocument(
    `try { if (location.protocol === 'http:') sessionStorage.setItem(${JSON.stringify(SEAT)}, ${JSON.stringify(saved)}); } catch {}`,
  );
  return tab;
}

/** Which pages and presets Lighthouse measures, and how many runs of each. */
export interface LighthouseRuns {
  readonly pages: readonly string[];
  readonly presets: readonly string[];
  readonly runs: number;
}

/**
 * Lighthouse's figures for the home page and a game screen of the server at `port`, each preset's
 * median of `runs` runs.
 */
export async function lighthouseScores(port: number, { pages, presets, runs: count }: LighthouseRuns): Promise<void> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const lh = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    let game = await lh.newPage();
    const gameUrl = await startRound(game, port);
    for (const [label, url] of (
      [
        ['home page, first visit', `http://127.0.0.1:${port}/#/`],
        ['game screen, a round in play', gameUrl],
      ] as const
    ).filter(([, u]) => pages.includes(u === gameUrl ? 'game' : 'home'))) {
      const inGame = url === gameUrl;
      for (const preset of (['mobile', 'desktop'] as const).filter((p) => presets.includes(p))) {
        const runs = [];
        for (let k = 0, failed = 0; k < count; k++) {
          let tab: PuppeteerPage;
          if (inGame) {
            const saved = (await game.evaluate(`sessionStorage.getItem(${JSON.stringify(SEAT)})`)) as string | null;
            if (!saved) throw new Error('the game tab keeps no way back to its seat');
            await game.close();
            tab = game = await gameTab(lh, saved);
          } else {
            // The home page in a tab of its own, its storage cleared: a first visit each time.
            tab = await lh.newPage();
          }
          try {
            runs.push(await audit(tab, url, preset, inGame));
          } catch (e) {
            // A trace of the load that came out broken (NO_NAVSTART, NO_FCP), which a busy machine
            // sometimes makes: a failed recording, not a figure. Run again, in a fresh tab, twice at most.
            if (++failed > 2 || !/NO_NAVSTART|NO_FCP/.test(String(e))) throw e;
            console.log(`  (a Lighthouse run failed to record, run again: ${String(e)})`);
            k--;
            if (!inGame) await tab.close();
            continue;
          }
          // What was measured was the round, with the board: not a lobby, a spectator's view or an error.
          if (inGame && !(await tab.$('svg.puzzle-svg'))) throw new Error('the game screen showed no board');
          if (!inGame) await tab.close();
        }
        const performance = median(runs.map((r) => r.performance));
        const accessibility = median(runs.map((r) => r.accessibility));
        const failing = [...new Set(runs.flatMap((r) => r.failing))];
        console.log(
          `Lighthouse, ${label}, ${preset}: performance ${performance} (runs ${runs.map((r) => r.performance).join(', ')}), ` +
            `accessibility ${accessibility}${failing.length ? ` (failing: ${failing.join(', ')})` : ''}`,
        );
        console.log(`  ${runs.map((r) => r.metrics).join(' | ')}`);
        const met = (value: number, goal: number): string => `${goal} (${value >= goal ? 'met' : 'not met'})`;
        console.log(`  goals: performance ${met(performance, 90)}, accessibility ${met(accessibility, 95)}`);
      }
    }
    await lh.disconnect();
  } finally {
    chrome.kill();
  }
}
