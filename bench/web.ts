// npm run bench:web: the web client's size and its speed under a dragging finger.
// 1. The initial JavaScript: every script index.html loads (and preloads), gzipped as the server
//    sends it; goal under 200 kB.
// 2. Frame times while a piece is dragged in Debian's Chromium (one pointer move per step, back and
//    forth over the board): Chromium's trace gives each animation frame's time, from the input
//    that started it to the end of its rendering, i.e. the work of the frame (input, React,
//    style, layout, paint), not the 16.7 ms between frames of a 60 Hz screen. Once as is, once
//    with the CPU slowed 4x (a phone, roughly); goal p95 under 16 ms.
// The server runs in its own process, as `npm start` does, serving the built client.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { startServerProcess } from './server-process.js';

const DIST = fileURLToPath(new URL('../../packages/web/dist/', import.meta.url));
const MOVES = Number(process.env['MOVES'] ?? 400);

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
const { server, port } = await startServerProcess();

const browser = await chromium.launch({
  executablePath: process.env['UBONGO_CHROMIUM'] ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

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

/**
 * Drags a piece over the board while Chromium traces, and returns each animation frame's time in
 * ms: the main thread's work within Chromium's `AnimationFrame` span (the span Long Animation
 * Frames measure: from the first task that led to the frame, such as the pointer event and React's
 * render, to the end of its rendering), i.e. the span without the idle wait for the next frame.
 */
async function dragFrames(page: Page, trace: boolean): Promise<number[]> {
  await page.goto(`http://127.0.0.1:${port}/#/practice`);
  const piece = page.locator('g.piece[data-index="0"] polygon').first();
  await piece.waitFor();
  const start = await piece.boundingBox();
  const board = await page.locator('rect.board-back').boundingBox();
  if (!start || !board) throw new Error('no piece or board on screen');
  if (trace) await browser.startTracing(page, { categories: ['devtools.timeline', 'toplevel'] });
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  for (let i = 0; i < MOVES; i++) {
    // Back and forth across the board, a zigzag.
    const u = (i % 100) / 100;
    const x = board.x + board.width * (i % 200 < 100 ? u : 1 - u);
    const y = board.y + board.height * (0.2 + 0.6 * Math.abs(Math.sin(i / 7)));
    await page.mouse.move(x, y);
  }
  await page.mouse.up();
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

try {
  for (const [label, slowdown] of [
    ['desktop CPU', 1],
    ['CPU slowed 4x', 4],
  ] as const) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    if (slowdown > 1) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
    }
    await dragFrames(page, false); // warm-up: JIT, fonts, first layout
    const frames = (await dragFrames(page, true)).sort((a, b) => a - b);
    const p95 = percentile(frames, 95);
    console.log(
      `dragging (${label}): ${frames.length} frames over ${MOVES} pointer moves; frame time p50 ${percentile(frames, 50).toFixed(1)} ms, ` +
        `p95 ${p95.toFixed(1)} ms, p99 ${percentile(frames, 99).toFixed(1)} ms, max ${(frames[frames.length - 1] ?? NaN).toFixed(1)} ms`,
    );
    console.log(`  goal p95 16 ms: ${((p95 / 16) * 100).toFixed(0)}% of it`);
    await page.close();
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
