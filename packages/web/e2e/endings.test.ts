import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import type { JewelColour, ProfileAnswer, RaceView } from '@ubongo/core';
import { compareJewelScores, decisionOf, JEWEL_COLOURS, JEWEL_MOVES } from '@ubongo/core';
import { byHand, Player, solve } from '@ubongo/test-support/player';
import { describe, expect, it } from 'vitest';
import { solveWithMouse } from './play.js';
import type { On } from './support.js';
import { chromiumAndServer, SIZES, watchErrors } from './support.js';

/*
 * End screens that tell the story, each played once as a person does, on a phone (390x844, real
 * touch: taps and drags) or a desktop window (1366x800, the mouse): a jewel game decided by a colour
 * after the best, to someone watching; a rated game's ratings before and after; a game nobody scored
 * in won by nobody; a solo run not listed and why; and a person who leaves shown on screen. What
 * each end says for every kind of end (the words, the rated table's signs, no podium for nobody) is
 * the end screen's unit test's (src/table/EndOfGame.endings.test.tsx); here the server's own end
 * of a game reaches the page. The other people at the table are scripted players over a real socket.
 * Game time x5 (a 90 s hourglass lasts 18 s), but for the solo run (a twentieth), the jewel game and
 * the person who leaves (real time, below). Screenshots go to /tmp/shots/endings.
 */

const real = chromiumAndServer(5);
const SHOTS = '/tmp/shots/endings';
mkdirSync(SHOTS, { recursive: true });

const ws = (): string => real.server.url.replace(/^http/, 'ws');

/** A person at `on`'s size named `name`, on the home page. */
async function person(on: On, name: string, at = real): Promise<{ page: Page; errors: string[] }> {
  const context = await at.browser.newContext({ ...SIZES[on], locale: 'en-GB' });
  await context.addInitScript((n) => {
    if (!localStorage.getItem('ubongo.name')) localStorage.setItem('ubongo.name', n);
  }, name);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(at.server.url);
  // Signed in as a guest once the header shows the name.
  await expect.poll(() => page.locator('header.top a.who').textContent()).toBe(name);
  return { page, errors };
}

/** A tap on a phone, a click on a desktop. */
const press = (on: On, target: Locator): Promise<void> => (on === 'phone' ? target.tap() : target.click());

/** As host in the lobby: one round, fixed scoring, the hourglass given (seconds). */
async function oneRound(page: Page, hourglass: string): Promise<void> {
  await page.getByLabel('Rounds').selectOption('1');
  await page.getByLabel('Scoring').selectOption('fixed');
  await page.getByLabel('Hourglass').selectOption(hourglass);
  await expect.poll(() => page.getByLabel('Hourglass').inputValue()).toBe(hourglass);
}

/** Opens a table from the home page; says its code. */
async function openTable(on: On, page: Page): Promise<string> {
  await press(on, page.getByRole('button', { name: 'Create a table' }));
  return (await page.getByTestId('room-code').textContent()) ?? '';
}

/** The signed-in account of the page: its id, after keeping it with `username`. */
async function claim(page: Page, username: string): Promise<string> {
  return page.evaluate(async (u) => {
    const auth = { authorization: `Bearer ${localStorage.getItem('ubongo.session')}` };
    const res = await fetch('/api/me/claim', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ username: u, password: 'a long password' }),
    });
    if (!res.ok) throw new Error(await res.text());
    return ((await (await fetch('/api/me', { headers: auth })).json()) as { account: { id: string } }).account.id;
  }, username);
}

/**
 * Makes accounts established in classic (rating-rules.ts), as ratings.test.ts does: rated games
 * from 8 days ago on against five others, at a new player's rating (1500 shown).
 */
async function establish(...ids: string[]): Promise<void> {
  const start = Date.now() - 8 * 86_400_000;
  for (const id of ids)
    for (let i = 0; i < 10; i++) {
      const one = (accountId: string, games: number) =>
        ({ accountId, edition: 'classic', mu: 25, sigma: 25 / 3, games, updatedAt: start + i }) as const;
      await real.server.server.stores.ratings.saveRatings(`seed-${id}-${i}`, [
        one(id, i + 1),
        one(`seed-rival-${i % 5}`, 1),
      ]);
    }
}

/** A scripted rival with a username, `username`; says the client and its account's id. */
async function member(username: string): Promise<{ player: (code: string) => Promise<Player<'race'>>; id: string }> {
  const guest = (await (
    await fetch(`${real.server.url}/api/accounts`, { method: 'POST', body: JSON.stringify({ name: username }) })
  ).json()) as { session: string; account: { id: string } };
  const claimed = await fetch(`${real.server.url}/api/me/claim`, {
    method: 'POST',
    headers: { authorization: `Bearer ${guest.session}` },
    body: JSON.stringify({ username, password: 'a long password' }),
  });
  if (!claimed.ok) throw new Error(await claimed.text());
  return {
    id: guest.account.id,
    player: (code) => Player.join(ws(), code, { name: username }, guest.session),
  };
}

const shown = async (id: string): Promise<number | undefined> =>
  ((await (await fetch(`${real.server.url}/api/players/${id}`)).json()) as ProfileAnswer).ratings.find(
    (r) => r.edition === 'classic',
  )?.display;

/** Where two pawns start and go in a two-round jewel game, p1 solving first each round. */
interface JewelPlan {
  readonly start: readonly [number, number];
  readonly rounds: readonly (readonly [number, number])[];
}

/**
 * A plan for a two-round jewel game between p1 and p2 on these rows (front first), p1 solving and
 * moving first each round, that ends decided by a colour after the best (`jewel-count`), as
 * core's `decisionOf` says: found by trying every start and every reachable move.
 */
function jewelPlan(rows: readonly (readonly JewelColour[])[]): JewelPlan {
  const r6 = [0, 1, 2, 3, 4, 5];
  for (const s1 of r6)
    for (const s2 of r6)
      for (const a1 of r6)
        for (const b1 of r6)
          for (const a2 of r6)
            for (const b2 of r6) {
              // The first solver moves up to 3 rows, the second up to 2.
              const [firstReach, secondReach] = JEWEL_MOVES;
              if (Math.abs(a1 - s1) > firstReach || Math.abs(a2 - a1) > firstReach) continue;
              if (Math.abs(b1 - s2) > secondReach || Math.abs(b2 - b1) > secondReach) continue;
              const left = rows.map((r) => [...r]);
              const held: [Map<JewelColour, number>, Map<JewelColour, number>] = [
                new Map<JewelColour, number>(),
                new Map<JewelColour, number>(),
              ];
              for (const [who, row] of [
                [0, a1],
                [1, b1],
                [0, a2],
                [1, b2],
              ] as const)
                for (const j of left[row]?.splice(0, 2) ?? []) held[who].set(j, (held[who].get(j) ?? 0) + 1);
              const scores = held.map((h) => JEWEL_COLOURS.map((c) => h.get(c) ?? 0).sort((x, y) => y - x));
              const standings = scores
                .map((score, i) => ({ player: `p${i + 1}`, score }))
                .sort((x, y) => compareJewelScores(y.score, x.score));
              const [first, second] = standings;
              if (!first || !second || compareJewelScores(first.score, second.score) === 0) continue;
              if (decisionOf({ standings, winners: [first.player], history: [] }).by === 'jewel-count')
                return {
                  start: [s1, s2],
                  rounds: [
                    [a1, b1],
                    [a2, b2],
                  ],
                };
            }
  throw new Error('no plan ends on a colour after the best');
}

describe('end screens, game time x5', () => {
  it('a rated game says so, with each player’s rating before and after, on a desktop', async () => {
    const on: On = 'desktop';
    const me = 'ray_e';
    const { page, errors } = await person(on, me);
    const mine = await claim(page, me);
    const rival = await member('kim_e');
    await establish(mine, rival.id);
    const code = await openTable(on, page);
    await oneRound(page, '90');
    await press(on, page.getByRole('checkbox', { name: 'Rated game' }));
    const kai = await rival.player(code);
    await page.locator('.seat-name', { hasText: 'kim_e' }).waitFor();
    await press(on, page.getByRole('button', { name: 'Start the game' }));
    await page.locator('svg.puzzle-svg').waitFor({ timeout: 20_000 });
    // A person's pace: the human floor of a task is about 8 s. A person watches the sand: 10 s of
    // the 90 gone (2 s here).
    const sand = page.locator('.hourglass-label');
    await expect
      .poll(async () => Number(/\d+/.exec((await sand.textContent()) ?? '')?.[0] ?? 90))
      .toBeLessThanOrEqual(80);
    await solveWithMouse(page);
    // The rival solves second, by hand.
    const { view } = await kai.waitFor('view', (m) => m.view.phase === 'playing' && m.view.task !== null);
    await kai.waitFor('events', (m) => m.events.some((e) => e.type === 'solved' && e.player !== view.you));
    if (view.task) kai.send('claim', byHand(solve(view.task)));
    await page.getByRole('heading', { name: 'You win!' }).waitFor({ timeout: 30_000 });
    const rated = page.getByTestId('rated');
    await rated.getByRole('heading', { name: 'Rated game' }).waitFor();
    const rows = rated.locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(2);
    // Before: 1500 each (as established); after: what the profiles now say.
    const [myAfter, theirAfter] = [await shown(mine), await shown(rival.id)];
    const texts = await rows.allTextContents();
    expect(texts[0]).toContain(`${me} (you)`);
    expect(texts[0]).toContain(`1500${myAfter} (${myAfter !== undefined && myAfter > 1500 ? '+' : '−'}`);
    expect(texts[1]).toContain(`1500${theirAfter} (`);
    expect(myAfter).not.toBe(1500);
    await rated.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/rated-${on}.png`, fullPage: true });
    expect(errors).toEqual([]);
    await kai.room.leave();
    await page.context().close();
  }, 120_000);

  it('alone at a table and never solving: nobody wins, on a phone', async () => {
    const on: On = 'phone';
    const { page, errors } = await person(on, 'Solo Sam');
    await openTable(on, page);
    await oneRound(page, '20');
    await press(on, page.getByRole('button', { name: 'Start the game' }));
    await page.locator('svg.puzzle-svg').waitFor({ timeout: 20_000 });
    // Both hourglasses run out: 40 game seconds, 8 real ones.
    await page.getByRole('heading', { level: 1, name: 'Nobody wins' }).waitFor({ timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId('decided').textContent())
      .toBe('Nobody scored a point or took a jewel in this game, so nobody won it.');
    await expect.poll(() => page.getByText('You win!').count()).toBe(0);
    await expect.poll(() => page.getByTestId('rated').textContent()).toBe('A casual game: no rating changed.');
    await page.screenshot({ path: `${SHOTS}/nobody-${on}.png`, fullPage: true });
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);
});

/*
 * In real time: pawns placed at a jewel game's start are placed by lot when a placement is late (a
 * busy machine's page is slow to open), and a table plays on while its host looks at who left.
 */
describe('in real time', () => {
  const live = chromiumAndServer();
  const liveWs = (): string => live.server.url.replace(/^http/, 'ws');

  it('a jewel game’s end says which colour decided it, to someone watching on a desktop', async () => {
    const on: On = 'desktop';
    // Two scripted players, Ada (p1) and Bea (p2), play it as planned.
    const ada = await Player.create(liveWs(), 'race', {
      name: 'Ada',
      settings: { edition: 'jewels', rounds: 2, hourglassSeconds: 90 },
    });
    const { code } = await ada.waitFor('lobby');
    const bea = await Player.join(liveWs(), code, { name: 'Bea' });
    await ada.waitFor('lobby', (l) => l.seats.length === 2);
    ada.send('start');
    const first = await ada.waitFor('view', (m) => m.view.phase === 'waiting' && m.view.place !== null);
    const plan = jewelPlan(first.view.rows);
    // Someone opens the table's link and watches.
    const { page, errors } = await person(on, 'Wes', live);
    await page.goto(`${live.server.url}/#/room/${code}`);
    await page.getByRole('heading', { name: 'Round 1 of 2' }).waitFor({ timeout: 20_000 });
    ada.send('place', { row: plan.start[0] });
    bea.send('place', { row: plan.start[1] });
    const players = [ada, bea] as const;
    for (const [k, rows] of plan.rounds.entries()) {
      for (const [i, p] of players.entries()) {
        const { view } = await p.waitFor(
          'view',
          (m) => m.view.phase === 'playing' && m.view.round?.number === k + 1 && m.view.task !== null,
        );
        if (!view.task) throw new Error('no task');
        p.send('claim', byHand(solve(view.task)));
        await p.waitFor('view', (m: { view: RaceView }) => m.view.reach !== null && m.view.round?.number === k + 1);
        p.send('move', { row: rows[i] ?? 0 });
        await p.waitFor('events', (m) => m.events.some((e) => e.type === 'moved' && e.player === view.you));
      }
    }
    const end = await ada.waitFor('view', (m) => m.view.phase === 'finished');
    const decided = end.view.decided;
    if (decided?.by !== 'jewel-count') throw new Error(`decided by ${String(decided?.by)}`);
    const name = (id: string) => (id === 'p1' ? 'Ada' : 'Bea');
    const ordinal = ['', '', 'second', 'third', 'fourth', 'fifth', 'sixth'][decided.rank] ?? '';
    const counts = decided.counts.map((c) => `${name(c.player)} ${c.jewels} jewel${c.jewels === 1 ? '' : 's'}`);
    const winner = name(end.view.winners?.[0] ?? '');
    await page.getByRole('heading', { level: 1, name: `${winner} wins!` }).waitFor({ timeout: 20_000 });
    await expect
      .poll(() => page.getByTestId('decided').textContent())
      .toBe(
        `Level on the colours before it, the game was decided by the ${ordinal}-best colour: ${counts.join(', ')}.`,
      );
    await page.screenshot({ path: `${SHOTS}/jewels-${on}.png`, fullPage: true });
    expect(errors).toEqual([]);
    await Promise.all([ada.room.leave(), bea.room.leave()]);
    await page.context().close();
  }, 120_000);

  it('a person who leaves is shown on screen, and the seat as a bot for them, on a phone', async () => {
    const on: On = 'phone';
    const { page, errors } = await person(on, 'Host Hal', live);
    const code = await openTable(on, page);
    await page.getByLabel('Rounds').selectOption('2');
    const kai = await Player.join(liveWs(), code, { name: 'Kai' });
    await page.locator('.seat-name', { hasText: 'Kai' }).waitFor();
    await press(on, page.getByRole('button', { name: 'Start the game' }));
    await page.locator('svg.puzzle-svg').waitFor({ timeout: 20_000 });
    await kai.waitFor('view', (m) => m.view.phase === 'playing');
    await kai.room.leave(true);
    const toast = page.getByTestId('left-banner');
    await toast.waitFor();
    await expect.poll(() => toast.locator('p').textContent()).toBe('Kai left: a bot plays on.');
    await expect.poll(() => toast.isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Bot for Kai').count()).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/left-${on}.png` });
    // Dismissed by its button.
    await press(on, toast.getByRole('button', { name: 'Dismiss' }));
    await expect.poll(() => toast.count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});

/*
 * A solo run solved faster than a person can: game time runs at a twentieth here, so the test's own
 * hand, however slow a busy machine makes it, solves each board in a fraction of the human floor.
 */
describe('a solo run not listed, on a desktop', () => {
  const slow = chromiumAndServer(0.05);
  it('a solo run solved faster than a person can is not listed, and says why', async () => {
    const on: On = 'desktop';
    const { page, errors } = await person(on, 'Quick Quin', slow);
    await press(on, page.getByRole('link', { name: 'Solo' }).first());
    await press(on, page.getByLabel('Number of puzzles'));
    await press(on, page.getByRole('button', { name: 'Start' }));
    const why = page.getByTestId('not-listed');
    for (let n = 0; n < 5; n++) {
      await expect.poll(() => page.getByText(`${n} of 5 solved`).count(), { timeout: 10_000 }).toBe(1);
      await page.locator('svg.puzzle-svg g.piece').first().waitFor();
      const solving = solveWithMouse(page);
      // The last solve ends the run: its board goes before the helper sees its last piece land.
      if (n < 4) await solving;
      else await Promise.race([solving.catch(() => why.waitFor()), why.waitFor({ timeout: 20_000 })]);
    }
    await why.waitFor({ timeout: 15_000 });
    await expect.poll(() => why.locator('p').textContent()).toBe('This run is kept but not listed on the boards:');
    await expect
      .poll(() => why.locator('li').allTextContents())
      .toContain('a puzzle was solved faster than a person can');
    await why.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/solo-not-listed-${on}.png` });
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
