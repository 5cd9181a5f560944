// npm run bench:web: the web client's size, its speed under a dragging finger, and Lighthouse's scores.
// 1. The initial JavaScript: every script index.html loads (and preloads), gzipped as the server
//    sends it; goal under 200 kB.
// 2. Frame times while a piece is dragged in Debian's Chromium (one pointer move per step, back and
//    forth over the board): Chromium's trace gives each animation frame's time, from the input
//    that started it to the end of its rendering, i.e. the work of the frame (input, React,
//    style, layout, paint), not the 16.7 ms between frames of a 60 Hz screen. Once as is, once
//    with the CPU slowed 4x (a phone, roughly); on the practice screen, and on a race's game
//    screen (a round in play with a bot: the hourglass runs and the bot may solve while the piece
//    moves); goal p95 under 16 ms (issue 12: under 8 ms at 4x). Beside each, the peer: a bare page
//    whose pointer listener moves one square, measured the same way just before, and the ratio.
//    Each is the median of DRAG_RUNS (3) traced drags, after an untraced one.
// 3. Lighthouse 12's performance and accessibility scores (0-100) for the home page on a first
//    visit and for a game screen (a round in play, reloaded: the page as it loads), with its mobile
//    preset (a mid-range phone: simulated slow 4G and a CPU slowed 4x) and its desktop preset; the
//    median of LH_RUNS runs (3) each, since a busy machine moves single runs by several points
//    (LH_RUNS=0 skips them).
//    Debian's Chromium, headless, with nothing fetched from anywhere but the local server.
//    Goals: accessibility 95, performance 90.
// The server runs in its own process, as `npm start` does, serving the built client.
import * as chromeLauncher from 'chrome-launcher';
import type { Flags, RunnerResult } from 'lighthouse';
import lighthouse, { desktopConfig } from 'lighthouse';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import type { Browser, Page as PuppeteerPage } from 'puppeteer-core';
import puppeteer from 'puppeteer-core';
import { scratchFolder, startServerProcess } from '@ubongo/test-support';
import { CHROMIUM, CHROMIUM_ARGS, launchChromium } from '@ubongo/test-support/chromium';

// The built client measured: packages/web/dist, or UBONGO_WEB_DIR (which the server serves too), so
// that two builds can be measured back to back.
const DIST = process.env['UBONGO_WEB_DIR'] ?? fileURLToPath(new URL('../../packages/web/dist/', import.meta.url));
const MOVES = Number(process.env['MOVES'] ?? 400);
const LH_RUNS = Number(process.env['LH_RUNS'] ?? 3);
// Traced drags per screen and CPU speed (after one untraced): on a shared machine single drags
// differ by a third in p95, so the median of these is reported.
const DRAG_RUNS = Number(process.env['DRAG_RUNS'] ?? 3);
// Some of the drags only, to compare two builds quickly: SLOWDOWNS=4 SCREENS=game (the bare page,
// their peer, is always measured).
// SLOWDOWNS=none: no drags at all (Lighthouse alone).
const SLOWDOWNS = process.env['SLOWDOWNS'] === 'none' ? [] : (process.env['SLOWDOWNS'] ?? '1,4').split(',').map(Number);
const SCREENS_DRAGGED = (process.env['SCREENS'] ?? 'practice,game').split(',');
// Lighthouse's pages and presets, to measure some only: LH_PAGES=game LH_PRESETS=mobile.
const LH_PAGES = (process.env['LH_PAGES'] ?? 'home,game').split(',');
const LH_PRESETS = (process.env['LH_PRESETS'] ?? 'mobile,desktop').split(',');
for (const page of LH_PAGES)
  if (page !== 'home' && page !== 'game') throw new Error(`LH_PAGES: no page ${page} (home, game)`);
for (const preset of LH_PRESETS)
  if (preset !== 'mobile' && preset !== 'desktop') throw new Error(`LH_PRESETS: no preset ${preset} (mobile, desktop)`);
for (const screen of SCREENS_DRAGGED)
  if (screen !== 'practice' && screen !== 'game') throw new Error(`SCREENS: no screen ${screen} (practice, game)`);
for (const slowdown of SLOWDOWNS)
  if (slowdown !== 1 && slowdown !== 4) throw new Error(`SLOWDOWNS: no slowdown ${slowdown} (1, 4)`);

// --- 1. size
const html = readFileSync(join(DIST, 'index.html'), 'utf8');
const scripts = [
  ...html.matchAll(/<script[^>]+src="\/?([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/?([^"]+)"/g),
].map((m) => m[1] ?? '');
let raw = 0;
let gzip = 0;
for (const file of new Set(scripts)) {
  const body = readFileSync(join(DIST, file));
  raw += body.length;
  gzip += gzipSync(body, { level: 9 }).length;
}
const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/?([^"]+)"/g)].map((m) => m[1] ?? '');
const cssGzip = css.reduce((n, f) => n + gzipSync(readFileSync(join(DIST, f)), { level: 9 }).length, 0);
const kb = (n: number): string => `${(n / 1024).toFixed(1)} kB`;
console.log(`initial JavaScript: ${scripts.length} file(s), ${kb(raw)} raw, ${kb(gzip)} gzip`);
console.log(`  goal 200 kB gzip: ${((gzip / (200 * 1024)) * 100).toFixed(0)}% of it (CSS ${kb(cssGzip)} gzip besides)`);

// --- 2. frames while dragging
const server = await startServerProcess({ UBONGO_DATA_DIR: scratchFolder('bench-web') });
const { port } = server;

const browser = await launchChromium();

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly pid: number;
  readonly tid: number;
  readonly id?: string;
  readonly id2?: { readonly local?: string };
}

/** The bare page the drags are compared with: one square moved by a pointer listener, the least a drag can cost. */
const BARE_PAGE = `<!doctype html><html><body style="margin:0">
<div class="board" style="position:relative;width:720px;height:480px;margin:80px;background:#f2e7cf;touch-action:none">
<div class="piece" style="position:absolute;left:0;top:0;width:80px;height:80px;background:#e63946;will-change:transform"></div></div>
<script>
const board = document.querySelector('.board'), piece = document.querySelector('.piece'), box = board.getBoundingClientRect();
board.addEventListener('pointerdown', (e) => {
  // As the board does: the press starts no text selection, which would be tracked on every move.
  e.preventDefault();
  board.setPointerCapture(e.pointerId);
});
board.addEventListener('pointermove', (e) => {
  piece.style.transform = 'translate(' + (e.clientX - box.left - 40) + 'px,' + (e.clientY - box.top - 40) + 'px)';
});
</script></body></html>`;

/** What is dragged, and over what: a piece and the board's card, or the bare page's square and box. */
const SCREENS = {
  practice: { piece: 'g.piece[data-index="0"] polygon', board: 'rect.board-back' },
  game: { piece: 'g.piece[data-index="0"] polygon', board: 'rect.board-back' },
  bare: { piece: 'div.piece', board: 'div.board' },
} as const;
type Screen = keyof typeof SCREENS;

/**
 * Drags a piece over the board while Chromium traces, and returns each animation frame's time in
 * ms: the main thread's work within Chromium's `AnimationFrame` span (the span Long Animation
 * Frames measure: from the first task that led to the frame, such as the pointer event and React's
 * render, to the end of its rendering), i.e. the span without the idle wait for the next frame.
 */
async function dragFrames(page: Page, trace: boolean, screen: Screen): Promise<number[]> {
  // The game screen stays where it is: a race's round, started once (raceRound).
  if (screen === 'practice') await page.goto(`http://127.0.0.1:${port}/#/practice`);
  if (screen === 'bare') await page.setContent(BARE_PAGE);
  const piece = page.locator(SCREENS[screen].piece).first();
  await piece.waitFor();
  const start = await piece.boundingBox();
  const board = await page.locator(SCREENS[screen].board).boundingBox();
  if (!start || !board) throw new Error('no piece or board on screen');
  if (trace) await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel'] });
  // The mouse through the DevTools protocol itself: Playwright's page.mouse runs scripts of its
  // own in the page on each move while a button is down (to see HTML drag and drop), which would
  // be counted in the frames.
  const input = await page.context().newCDPSession(page);
  const mouse = async (type: 'mousePressed' | 'mouseMoved' | 'mouseReleased', x: number, y: number, down = true) => {
    await input.send('Input.dispatchMouseEvent', {
      type,
      x,
      y,
      button: down ? 'left' : 'none',
      buttons: down && type !== 'mouseReleased' ? 1 : 0,
      clickCount: 1,
    });
  };
  const [sx, sy] = [start.x + start.width / 2, start.y + start.height / 2];
  await mouse('mouseMoved', sx, sy, false);
  await mouse('mousePressed', sx, sy);
  let last: readonly [number, number] = [sx, sy];
  for (let i = 0; i < MOVES; i++) {
    // Back and forth across the board, a zigzag.
    const u = (i % 100) / 100;
    const x = board.x + board.width * (i % 200 < 100 ? u : 1 - u);
    const y = board.y + board.height * (0.2 + 0.6 * Math.abs(Math.sin(i / 7)));
    await mouse('mouseMoved', x, y);
    last = [x, y];
  }
  await mouse('mouseReleased', last[0], last[1]);
  await input.detach();
  if (!trace) return [];
  const data = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(data) ? data : data.traceEvents;
  const begins = new Map<string, TraceEvent>();
  const spans: { pid: number; tid: number; from: number; to: number }[] = [];
  for (const e of events) {
    if (e.name !== 'AnimationFrame') continue;
    const key = `${e.pid}:${e.id ?? e.id2?.local ?? ''}`;
    const begin = begins.get(key);
    if (e.ph === 'b') begins.set(key, e);
    else if (e.ph === 'e' && begin) {
      spans.push({ pid: begin.pid, tid: begin.tid, from: begin.ts, to: e.ts });
      begins.delete(key);
    }
  }
  const tasks = events.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.ph === 'X');
  return spans.map((span) => {
    let busy = 0;
    for (const t of tasks) {
      if (t.pid !== span.pid || t.tid !== span.tid) continue;
      const from = Math.max(t.ts, span.from);
      const to = Math.min(t.ts + (t.dur ?? 0), span.to);
      if (to > from) busy += to - from;
    }
    return busy / 1000;
  });
}

/** A round in play at a table with a bot (a long hourglass, so that it outlasts the drags), in `page`. */
async function raceRound(page: Page): Promise<void> {
  await page.goto(`http://127.0.0.1:${port}/#/`);
  await page.getByRole('button', { name: 'Create a table' }).click();
  await page.getByTestId('room-code').waitFor();
  await page.getByLabel('Hourglass').selectOption('300');
  await page.getByRole('button', { name: 'Add a bot' }).click();
  await page.locator('.seat-name').nth(1).waitFor();
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.locator('svg.puzzle-svg').waitFor();
}

/** The median of some numbers. */
function median(values: readonly number[]): number {
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
async function startRound(page: PuppeteerPage): Promise<string> {
  await page.goto(`http://127.0.0.1:${port}/#/`);
  await page.locator('::-p-aria([name="Create a table"][role="button"])').click();
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

/** Lighthouse's figures for the home page and a game screen, each preset's median of LH_RUNS runs. */
async function lighthouseScores(): Promise<void> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const lh = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    let game = await lh.newPage();
    const gameUrl = await startRound(game);
    for (const [label, url] of (
      [
        ['home page, first visit', `http://127.0.0.1:${port}/#/`],
        ['game screen, a round in play', gameUrl],
      ] as const
    ).filter(([, u]) => LH_PAGES.includes(u === gameUrl ? 'game' : 'home'))) {
      const inGame = url === gameUrl;
      for (const preset of (['mobile', 'desktop'] as const).filter((p) => LH_PRESETS.includes(p))) {
        const runs = [];
        for (let k = 0, failed = 0; k < LH_RUNS; k++) {
          let tab: PuppeteerPage;
          if (inGame) {
            const saved = (await game.evaluate(`sessionStorage.getItem(${JSON.stringify(SEAT)})`)) as string | null;
            if (!saved) throw new Error('the game tab keeps no way back to its seat');
            await game.close();
            tab = game = await gameTab(lh, saved);
          } else {
            // The home page in a tab of its own, its stores cleared: a first visit each time.
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

try {
  // Each of ours beside the bare page's, measured just before it in the same way: Chromium's own
  // cost of a frame that moves something under a pointer (input, style, compositing) is the floor.
  let bare = { p50: NaN, p95: NaN };
  const drags = (
    [
      ['desktop CPU', 1, 'bare'],
      ['desktop CPU', 1, 'practice'],
      ['desktop CPU', 1, 'game'],
      ['CPU slowed 4x', 4, 'bare'],
      ['CPU slowed 4x', 4, 'practice'],
      ['CPU slowed 4x', 4, 'game'],
    ] as const
  ).filter(
    ([, slowdown, screen]) => SLOWDOWNS.includes(slowdown) && (screen === 'bare' || SCREENS_DRAGGED.includes(screen)),
  );
  for (const [label, slowdown, screen] of drags) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    if (screen === 'game') await raceRound(page);
    if (slowdown > 1) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    }
    await dragFrames(page, false, screen); // warm-up: JIT, fonts, first layout
    // DRAG_RUNS traced drags, each's figures its own; the median of each figure is the one judged.
    const runs: { p50: number; p95: number; p99: number; max: number; count: number }[] = [];
    for (let k = 0; k < DRAG_RUNS; k++) {
      const frames = (await dragFrames(page, true, screen)).sort((a, b) => a - b);
      runs.push({
        p50: percentile(frames, 50),
        p95: percentile(frames, 95),
        p99: percentile(frames, 99),
        max: frames[frames.length - 1] ?? NaN,
        count: frames.length,
      });
    }
    const figure = (f: 'p50' | 'p95' | 'p99' | 'max' | 'count'): number => median(runs.map((r) => r[f]));
    const [p50, p95, p99, max] = [figure('p50'), figure('p95'), figure('p99'), figure('max')];
    const figures =
      `${Math.round(figure('count'))} frames over ${MOVES} pointer moves; frame time p50 ${p50.toFixed(1)} ms, ` +
      `p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms` +
      (runs.length > 1
        ? ` (medians of ${runs.length} drags; p95 ${runs.map((r) => r.p95.toFixed(1)).join(', ')})`
        : '');
    if (screen === 'bare') {
      bare = { p50, p95 };
      console.log(`dragging a square on a bare page (${label}): ${figures}`);
    } else {
      console.log(`dragging on the ${screen === 'game' ? "race's game" : 'practice'} screen (${label}): ${figures}`);
      // Issue 12 asks for under 8 ms at 4x.
      const goal = slowdown > 1 ? 8 : 16;
      console.log(
        `  goal p95 ${goal} ms: ${((p95 / goal) * 100).toFixed(0)}% of it; against the bare page: p50 ${(p50 / bare.p50).toFixed(2)}x, p95 ${(p95 / bare.p95).toFixed(2)}x`,
      );
    }
    await page.close();
  }
  await browser.close();
  // --- 3. Lighthouse (LH_RUNS=0: the drags alone)
  if (LH_RUNS > 0) await lighthouseScores();
} finally {
  await browser.close();
  await server.stop();
}
