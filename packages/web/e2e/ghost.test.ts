import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import type { TrailMove } from '@ubongo/core';
import { dailyDateOf, lieOf, puzzleOf, solveFirst } from '@ubongo/core';
import { dailyTaskOn } from '@ubongo/server';
import { shippedDeck } from '@ubongo/core/decks';
import { expect, it } from 'vitest';
import { Finger, solveWithMouse, solveWithTouch } from './play.js';
import type { On } from './support.js';
import { chromiumAndServer, pick, SIZES, watchErrors } from './support.js';
import { seriousViolations } from './axe.js';

/*
 * Racing a ghost and the trail replay, at a phone's size with real touch and at a desktop's: the
 * day's attempt played, then a practice run raced against the best of the day's board (someone
 * else's ghost: its board beside the player's, its pieces going down at their times, the lead or
 * lag running), solved by dragging; who won and by how much, what the raced run counted for; a
 * rematch against the same ghost; both runs replayed with the scrubber, the speed and Play (Pause
 * readable, axe clean). Screenshots go to /tmp/ghost-shots, the race's to /tmp/ghostrace-shots.
 */

// Game time runs faster, so that a test's quick hand is over the human floor (docs/accounts.md).
const real = chromiumAndServer(20);
const SHOTS = '/tmp/ghost-shots';
const RACE_SHOTS = '/tmp/ghostrace-shots';
mkdirSync(SHOTS, { recursive: true });
mkdirSync(RACE_SHOTS, { recursive: true });

/** Game ms between the ghost's pieces: a second apart in real time. */
const GAP = 20_000;

/**
 * Someone first on today's board, their attempt approved by a reviewer and its moves kept, each piece put down
 * where it lies in a solution (core's trail-replay.ts): the ghost the players race. Its number of pieces.
 */
async function ghostOnTheBoard(): Promise<number> {
  const { stores } = real.server.server;
  const now = Date.now();
  const today = dailyDateOf(now);
  const id = 'acct-ghost-rey';
  await stores.accounts.createAccount({
    id,
    secretHash: 'ab',
    name: 'rey',
    username: null,
    passwordHash: null,
    createdAt: 1,
  });
  await stores.accounts.claimAccount(id, 'rey', 'rey', 'h', 'rey');
  const decks = { classic: shippedDeck('classic'), extreme: shippedDeck('extreme') };
  // The day's task as this server deals it: drawn with its own secret, not the public seed.
  const daily = await dailyTaskOn(decks, stores, today);
  if (!daily) throw new Error(`no daily task on ${today}`);
  const task = puzzleOf(decks[daily.edition], daily.task);
  const solution = solveFirst(task).solution ?? [];
  const trail = solution.flatMap((p, i): TrailMove[] => {
    const dealt = task.pieces.find((q) => q.id === p.piece)?.cells ?? [];
    const lie = lieOf(task.grid, dealt, p.cells);
    if (!lie) throw new Error(`no lie for ${p.piece}`);
    return [
      [GAP * (i + 1) - GAP / 3, 'turn', p.piece],
      [GAP * (i + 1), 'place', p.piece, lie],
    ];
  });
  const ms = GAP * (solution.length + 1);
  const run = (finishedAt: number, puzzles: readonly object[], dealing: 'shuffled' | 'daily') =>
    stores.soloRuns.saveSolo({
      player: 'rey',
      mode: 'count',
      limit: 1,
      side: daily.task.side,
      solved: 1,
      skipped: 0,
      ms,
      seed: 1,
      finishedAt,
      accountId: id,
      verified: true,
      puzzles: puzzles as never,
      review: 'none',
      reasons: [],
      dealing,
    });
  for (const at of [now - 3 * 86_400_000, now - 2 * 86_400_000, now - 86_400_000]) await run(at, [], 'shuffled');
  const attempt = await run(now, [{ ...daily.task, outcome: 'solved', ms, trail }], 'daily');
  await stores.daily.takeDailyAttempt(id, today, now - ms);
  await stores.daily.settleDailyAttempt(id, today, { id: attempt, solved: true, ms, verified: true });
  // A ghost races only a result a reviewer approved (docs/accounts.md, "Reviewed results").
  await stores.reviews.decide(`run-${attempt}`, 'approved');
  return solution.length;
}

let seeded: Promise<number> | undefined;

const piecesIn = (where: Locator): Promise<number> => where.locator('g.picture-piece').count();

/** The trail player's pieces on the board, once they are `n` (polled: the animation runs). */
async function untilPieces(player: Locator, test: (n: number) => boolean): Promise<number> {
  await expect.poll(async () => test(await piecesIn(player)), { timeout: 15_000 }).toBe(true);
  return piecesIn(player);
}

/**
 * Uses the replay of a run: the scrubber to the start, then to a moment in the middle, then Play at 4x to the end.
 * `check`: the playing replay's Pause is looked at too (only for a run long enough to be caught playing: a quick
 * hand's own run lasts a second of trail, a quarter of one at 4x, over before a busy machine reads it).
 */
async function scrub(page: Page, on: On, pieces: number, name: string, playing: 'check' | 'to the end'): Promise<void> {
  const player = page.locator('.trail-player[data-positioned="true"]').first();
  await player.waitFor();
  const slider = player.getByRole('slider', { name: /Moment of the replay/ });
  // It opens at the end: every piece down.
  await expect.poll(() => piecesIn(player)).toBe(pieces);
  const box = await slider.boundingBox();
  if (!box) throw new Error('no scrubber');
  const y = box.y + box.height / 2;
  if (on === 'phone') {
    // A finger takes the thumb from the end back to the start.
    const finger = await Finger.on(page);
    await finger.drag([box.x + box.width - 4, y], [box.x + 1, y]);
    await finger.detach();
  } else {
    // The keyboard: Home to the start.
    await slider.focus();
    await page.keyboard.press('Home');
  }
  await untilPieces(player, (n) => n === 0);
  // Then along the track, a tap (a click) at a time, to a moment with some pieces down and not all.
  let middle = 0;
  for (let f = 0.1; f < 0.95 && (middle === 0 || middle === pieces); f += 0.1) {
    if (on === 'phone') await page.touchscreen.tap(box.x + box.width * f, y);
    else await page.mouse.click(box.x + box.width * f, y);
    await page.waitForTimeout(100);
    middle = await piecesIn(player);
  }
  expect(middle).toBeGreaterThan(0);
  expect(middle).toBeLessThan(pieces);
  await expect.poll(() => slider.getAttribute('aria-valuetext')).toMatch(/^\d+:\d\d\.\d of \d+:\d\d\.\d$/);
  await page.screenshot({ path: `${SHOTS}/${on}-${name}-middle.png`, fullPage: true });
  expect(await seriousViolations(page, 'ghost')).toEqual([]);
  // 4x, then Play: the rest goes down by itself.
  const press = (locator: Locator) => (on === 'phone' ? locator.tap() : locator.click());
  await press(player.getByRole('button', { name: '4×' }));
  await press(player.getByRole('button', { name: 'Play' }));
  if (playing === 'check') {
    // Playing: the button says Pause, white on blue, the pointer (or the finger's tap) still on it.
    const pause = player.getByRole('button', { name: 'Pause' });
    await pause.waitFor();
    // (Once its colour has come: a hover's cream under it made the label white on cream.)
    await expect.poll(() => pause.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(29, 53, 87)');
    expect(await seriousViolations(page, 'replay playing')).toEqual([]);
    await page.screenshot({ path: `${RACE_SHOTS}/${on}-${name}-pause.png` });
  }
  await untilPieces(player, (n) => n === pieces);
  await player.getByRole('button', { name: 'Play' }).waitFor();
  await page.screenshot({ path: `${SHOTS}/${on}-${name}-end.png`, fullPage: true });
}

it.each<On>(['phone', 'desktop'])(
  'races the best of the day’s board as a ghost, then replays both runs with the scrubber (%s)',
  async (on) => {
    seeded ??= ghostOnTheBoard();
    const pieces = await seeded;
    // The server's CSP allows no inline script: axe comes in past it, as a browser extension's would.
    const context = await real.browser.newContext({ ...SIZES[on], bypassCSP: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const press = (name: string) =>
      on === 'phone' ? page.getByRole('button', { name }).tap() : page.getByRole('button', { name }).click();
    const solve = () => (on === 'phone' ? solveWithTouch(page) : solveWithMouse(page));
    await page.goto(`${real.server.url}/#/daily`);
    // The counted attempt races no ghost: it is said before it starts, and no ghost is offered for it.
    await page.getByText('Your counted attempt is played without a ghost', { exact: false }).waitFor();
    await expect.poll(() => page.getByRole('radio', { name: 'The best reviewed run' }).count()).toBe(0);
    await press("Play today's puzzle");
    await page.locator('svg.puzzle-svg').waitFor();
    await solve();
    await page.getByRole('heading', { name: "Today's attempt" }).waitFor();
    if (on === 'phone') await page.waitForTimeout(1000);

    // Practice, racing the best of the day's board: someone else's ghost.
    // (A tap after a drag's fling may be swallowed as the one that stops it, play.ts.)
    await pick(page.getByRole('radio', { name: 'The best reviewed run' }), on);
    await page.screenshot({ path: `${SHOTS}/${on}-choose.png`, fullPage: true });
    await press("Practise it (doesn't count)");
    await page.locator('svg.puzzle-svg').waitFor();
    const ghost = page.getByTestId('ghost-board');
    await ghost.getByText('Ghost: rey').waitFor();
    // Its pieces go down at their times, one a second: some, then all.
    await untilPieces(ghost, (n) => n >= 1);
    await page.screenshot({ path: `${SHOTS}/${on}-race.png` });
    expect(await seriousViolations(page, 'ghost')).toEqual([]);
    await untilPieces(ghost, (n) => n === pieces);
    await ghost.getByText(/^The ghost finished in \d+:\d\d\.$/).waitFor();
    // The ghost solved and the player not yet: the lag runs, in whole seconds.
    const split = ghost.getByTestId('ghost-split');
    await expect.poll(() => split.textContent()).toMatch(/^\+(\d+ s|\d+:\d\d) behind the ghost \(puzzle 1\)$/);
    await page.screenshot({ path: `${RACE_SHOTS}/${on}-race-behind.png` });
    // The ghost's board takes no touch: the player's board is solved under and around it.
    await solve();
    const end = page.getByTestId('ghost-end');
    await end
      .getByText('Raced against another player’s ghost: this run counts for nothing', { exact: false })
      .waitFor();
    // The verdict: the ghost finished first, and it is named by its player.
    await expect
      .poll(() => end.getByTestId('ghost-verdict').textContent())
      .toMatch(/^rey’s ghost won by ([\d.]+ s|\d+:\d\d)\.$/);
    await expect
      .poll(() => end.getByTestId('ghost-both').textContent())
      .toMatch(/^You: \d+:\d\d · the ghost: \d+:\d\d$/);
    await page.screenshot({ path: `${SHOTS}/${on}-raced.png`, fullPage: true });
    await page.screenshot({ path: `${RACE_SHOTS}/${on}-verdict.png`, fullPage: true });
    expect(await seriousViolations(page, 'ghost verdict')).toEqual([]);

    // A rematch: the same task against the same ghost, from the start; solved at once this time.
    if (on === 'phone') await page.waitForTimeout(1000);
    await press('Rematch: same tasks, same ghost');
    await page.locator('svg.puzzle-svg').waitFor();
    await ghost.getByText('Ghost: rey').waitFor();
    await page.screenshot({ path: `${RACE_SHOTS}/${on}-rematch.png` });
    await solve();
    await expect
      .poll(() => end.getByTestId('ghost-verdict').textContent())
      .toMatch(/^(rey’s ghost won by|You beat rey’s run by) ([\d.]+ s|\d+:\d\d)\.$/);
    await page.screenshot({ path: `${RACE_SHOTS}/${on}-rematch-verdict.png`, fullPage: true });

    // Both runs replayed: the ghost's, then the player's own (its trail says where each piece went).
    const mine = await end.getByRole('link', { name: 'Replay your run' }).getAttribute('href');
    // The last drag may have let go on the move; Chromium swallows the next tap as the one that
    // stops the fling (play.ts): a moment's rest, as a person reads before going on.
    if (on === 'phone') await page.waitForTimeout(1000);
    await (on === 'phone'
      ? end.getByRole('link', { name: 'Replay the ghost’s run' }).tap()
      : end.getByRole('link', { name: 'Replay the ghost’s run' }).click());
    await scrub(page, on, pieces, 'ghost-replay', 'check');
    await page.goto(`${real.server.url}/${mine ?? ''}`);
    // The practice run's one task, the same as the ghost's: played back from the browser's own moves.
    await scrub(page, on, pieces, 'own-replay', 'to the end');
    await expect.poll(() => page.locator('.trail-player[data-positioned="false"]').count()).toBe(0);

    // Solo: a ghost chosen where there is none to race is refused, and the screen says why.
    await page.goto(`${real.server.url}/#/solo`);
    await pick(page.getByRole('radio', { name: 'My best' }), on);
    await press('Start');
    // (What the alert says, should it say something else: the whole of it.)
    await expect
      .poll(async () => (await page.getByRole('alert').allInnerTexts()).join(' | '))
      .toContain('There is no recorded run to race here yet.');
    await expect.poll(() => page.locator('svg.puzzle-svg').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/${on}-solo-refused.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  },
  180_000,
);
