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
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { scratchFolder, startServerProcess } from '@ubongo/test-support';
import { launchChromium } from '@ubongo/test-support/chromium';
import { lighthouseScores, median } from './web-lighthouse.js';

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
  if (LH_RUNS > 0) await lighthouseScores(port, { pages: LH_PAGES, presets: LH_PRESETS, runs: LH_RUNS });
} finally {
  await browser.close();
  await server.stop();
}
