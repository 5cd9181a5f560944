import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { solveWithMouse } from './play.js';
import { chromiumAndServer, watchErrors } from './support.js';

/*
 * Gems travel from the round marker (its sapphire and amber) or the bag, and jewels from the jewel
 * board, to the row of whoever takes them: mine and the others'. The page records every travelling
 * gem as it is put on the page, with the animations it has then; someone who asks for less motion
 * gets none, the gems just appear.
 * Game time x4: a 120 s hourglass lasts 30 s.
 */

const real = chromiumAndServer(4);

interface Flight {
  readonly player: string;
  readonly gem: string;
  readonly animations: number;
  /** Where its flight starts: the marker's sapphire or amber, the bag's mouth, or elsewhere. */
  readonly from: string;
}

/**
 * Records each travelling gem the page puts on: for whom, which gem, how many animations it runs,
 * and what on the page its first frame is centred on (within 3 pixels).
 */
function recordFlights(): void {
  const flights: Flight[] = [];
  (window as unknown as { flights: Flight[] }).flights = flights;
  const sourceOf = (traveller: HTMLElement): string => {
    const first = traveller.getAnimations()[0]?.effect;
    const transform = first instanceof KeyframeEffect ? String(first.getKeyframes()[0]?.transform) : '';
    const m = /translate\((-?[\d.]+)px, (-?[\d.]+)px\)/.exec(transform);
    const layer = traveller.parentElement?.getBoundingClientRect();
    // Its own box, not its children's: the first frame scales them down.
    const size = traveller.offsetWidth / 2;
    if (!m || !layer) return 'elsewhere';
    const x = Number(m[1]) + layer.left + size;
    const y = Number(m[2]) + layer.top + size;
    const places: [string, Element | null, number][] = [
      ['marker sapphire', document.querySelector('.marker-gems[data-gem="sapphire"] svg'), 0.5],
      ['marker amber', document.querySelector('.marker-gems[data-gem="amber"] svg'), 0.5],
      ['bag', document.querySelector('.bag-picture'), 0.25],
    ];
    for (const [name, el, down] of places) {
      const box = el?.getBoundingClientRect();
      if (box && Math.hypot(box.left + box.width / 2 - x, box.top + box.height * down - y) < 3) return name;
    }
    return 'elsewhere';
  };
  new MutationObserver((changes) => {
    for (const change of changes)
      for (const node of change.addedNodes)
        if (node instanceof HTMLElement && node.classList.contains('traveller'))
          flights.push({
            player: node.dataset['player'] ?? '',
            gem: node.dataset['gem'] ?? '',
            animations: node.getAnimations().length,
            from: sourceOf(node),
          });
  }).observe(document, { childList: true, subtree: true });
}

const flightsOf = (page: Page): Promise<Flight[]> =>
  page.evaluate(() => (window as unknown as { flights: Flight[] }).flights);

/** Rita at a new table with a master bot, started in `edition`; the page in the round. */
async function race(
  reducedMotion: 'reduce' | 'no-preference',
  edition: 'classic' | 'jewels',
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await real.browser.newContext({ viewport: { width: 1366, height: 800 }, reducedMotion });
  await context.addInitScript(() => {
    if (!localStorage.getItem('ubongo.name')) localStorage.setItem('ubongo.name', 'Rita');
  });
  await context.addInitScript(recordFlights);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(real.server.url);
  await page.getByRole('button', { name: 'Create a table' }).click();
  await page.getByTestId('room-code').waitFor();
  await page.getByLabel('Edition').selectOption(edition);
  await page.getByLabel('Rounds').selectOption('2');
  await page.getByLabel('Hourglass').selectOption('120');
  await expect.poll(() => page.getByLabel('Hourglass').inputValue()).toBe('120');
  await page.getByRole('combobox', { name: /^Bot/ }).selectOption('master');
  await page.getByRole('button', { name: 'Add a bot' }).click();
  await page.locator('.seat-name', { hasText: 'Master bot 1' }).waitFor();
  await page.getByRole('button', { name: 'Start the game' }).click();
  await page.locator('svg.puzzle-svg').waitFor({ timeout: 30_000 });
  return { context, page, errors };
}

/** The gems (or jewels) the last round's card says a player took, by name. */
async function tookInLastRound(page: Page, name: string): Promise<string[]> {
  const row = page.locator('.last-round li', { hasText: name });
  return row.locator('svg').evaluateAll((icons) => icons.map((icon) => icon.getAttribute('aria-label') ?? ''));
}

it('sends the gems from the marker and the bag to the row of whoever takes them, mine and the bot’s', async () => {
  const { context, page, errors } = await race('no-preference', 'classic');
  await expect.poll(() => page.getByRole('img', { name: /^The bag: \d+ gems left$/ }).count()).toBe(1);
  await expect.poll(() => page.getByRole('img', { name: 'The round marker: sapphires 9, ambers 9' }).count()).toBe(1);
  const me = (await page.locator('.players li.me').getAttribute('data-player')) ?? '';
  const bot = (await page.locator('.players li:not(.me)').getAttribute('data-player')) ?? '';
  await solveWithMouse(page);
  // Both have solved: the round is over, and its card says who took what.
  await page.locator('.last-round h2', { hasText: 'Round 1' }).waitFor({ timeout: 60_000 });
  const flights = await flightsOf(page);
  // Each gem taken travelled once, moving: to Rita's row and to the bot's, as many as each took.
  for (const [player, name] of [
    [me, 'Rita'],
    [bot, 'Master bot 1'],
  ] as const) {
    const theirs = flights.filter((f) => f.player === player);
    expect(theirs.length, name).toBeGreaterThan(0);
    expect(theirs.every((f) => f.animations > 0)).toBe(true);
    expect(theirs.map((f) => f.gem).sort()).toEqual((await tookInLastRound(page, name)).sort());
  }
  // The first to solve got the marker's sapphire, the second its amber: those flew off the marker,
  // each as the first of its taker's gems; the rest came out of the bag.
  const [first, second] = await page
    .locator('.last-round li')
    .evaluateAll((rows) => rows.map((row) => row.textContent));
  const firstId = first?.includes('Rita') ? me : bot;
  const secondId = firstId === me ? bot : me;
  expect(second).toBeDefined();
  expect(flights.filter((f) => f.from.startsWith('marker'))).toEqual([
    expect.objectContaining({ player: firstId, gem: 'sapphire', from: 'marker sapphire' }),
    expect.objectContaining({ player: secondId, gem: 'amber', from: 'marker amber' }),
  ]);
  expect(flights.filter((f) => !f.from.startsWith('marker')).map((f) => f.from)).toEqual(['bag', 'bag']);
  await expect.poll(() => page.getByRole('img', { name: 'The round marker: sapphires 8, ambers 8' }).count()).toBe(1);
  // They land and go: none is left on the page.
  await expect.poll(() => page.locator('.traveller').count()).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
}, 120_000);

it('lets the gems just appear for someone who asks for less motion', async () => {
  const { context, page, errors } = await race('reduce', 'classic');
  // The bot solves and takes its gems; they are in its row at once, with nothing travelling.
  const botRow = page.locator('.players li:not(.me)');
  await botRow.locator('.solved-tag .gem').first().waitFor({ timeout: 60_000 });
  const gem = botRow.locator('.solved-tag .gem').first();
  expect(await gem.evaluate((el) => el.getAnimations().length)).toBe(0);
  expect((await gem.boundingBox())?.width).toBeGreaterThan(0);
  expect(await flightsOf(page)).toEqual([]);
  expect(await page.locator('.traveller').count()).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
}, 120_000);

it('sends the jewels a pawn takes from the jewel board to its player’s row', async () => {
  const { context, page, errors } = await race('no-preference', 'jewels');
  const bot = (await page.locator('.players li:not(.me)').getAttribute('data-player')) ?? '';
  // The bot solves, moves its pawn and takes the two front jewels of its row.
  await expect
    .poll(() => flightsOf(page).then((f) => f.filter((x) => x.player === bot).length), { timeout: 60_000 })
    .toBe(2);
  const flights = (await flightsOf(page)).filter((f) => f.player === bot);
  expect(flights.every((f) => f.animations > 0)).toBe(true);
  expect(flights.every((f) => ['green', 'red', 'blue', 'violet', 'brown', 'yellow'].includes(f.gem))).toBe(true);
  expect(errors).toEqual([]);
  await context.close();
}, 120_000);
