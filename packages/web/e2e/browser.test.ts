import type { Dialog, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { solveWithKeyboard, solveWithMouse } from './play.js';
import { chromiumAndServer, SIZES, watchErrors } from './support.js';

/*
 * The web client in Debian's Chromium against the real server (game time x4, so that a round's
 * 90 s hourglass lasts 22.5 s). Each test opens its own browser context: its own storage, its own
 * player.
 */

const real = chromiumAndServer(4);

async function newPlayer(
  name: string,
  viewport = { width: 1280, height: 900 },
): Promise<{ page: Page; errors: string[] }> {
  const context = await real.browser.newContext({ viewport, locale: 'en-GB' });
  await context.addInitScript((n) => {
    if (!localStorage.getItem('ubongo.name')) localStorage.setItem('ubongo.name', n);
  }, name);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(real.server.url);
  return { page, errors };
}

/** As host in the lobby: one round, fixed scoring (no luck in the standings), a 90 s hourglass. */
async function shortGameSettings(page: Page): Promise<void> {
  await page.getByLabel('Rounds').selectOption('1');
  await page.getByLabel('Scoring').selectOption('fixed');
  await page.getByLabel('Hourglass').selectOption('90');
  await expect.poll(() => page.getByLabel('Rounds').inputValue()).toBe('1');
  await expect.poll(() => page.getByLabel('Scoring').inputValue()).toBe('fixed');
}

describe('the web client', () => {
  it('solves a solo puzzle by dragging pieces with the mouse', async () => {
    const { page, errors } = await newPlayer('Mona');
    await page.getByRole('link', { name: 'Solo' }).click();
    await page.getByLabel('Number of puzzles').check();
    await page.getByRole('button', { name: 'Start' }).click();
    await expect.poll(() => page.getByText('0 of 5 solved').count()).toBe(1);
    // The clock counts the time taken, second by second (it has a clock of its own).
    const clock = page.locator('.solo-clock strong');
    const started = await clock.textContent();
    await expect.poll(() => clock.textContent(), { timeout: 5_000 }).not.toBe(started);
    await solveWithMouse(page);
    await expect.poll(() => page.getByText('1 of 5 solved').count(), { timeout: 10_000 }).toBe(1);
    // The next puzzle is dealt, with its pieces back in the tray.
    await expect.poll(() => page.locator('g.piece[data-at=""]').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('keeps a solo best with the account: a new best is said, and another browser of the account shows it', async () => {
    const { page, errors } = await newPlayer('Ola');
    await page.getByRole('link', { name: 'Solo' }).click();
    await page.getByLabel('Number of puzzles').check();
    await page.getByText('No result yet on this setting.').waitFor();
    await page.getByRole('button', { name: 'Start' }).click();
    for (let n = 0; n < 5; n++) {
      await page.getByText(`${n} of 5 solved`).first().waitFor();
      // At a person's pace (3 s, 12 s of game time): a faster solve is not listed, nor a best.
      await page.waitForTimeout(3000);
      await solveWithMouse(page);
    }
    await page.getByRole('heading', { name: 'Your result' }).waitFor();
    await page.getByText('A new personal best!').waitFor();
    // A moment: the words over a burst drawn once (ui/moments.tsx).
    await expect.poll(() => page.locator('[data-moment="best"]').getByText('A new personal best!').count()).toBe(1);
    const best = page.locator('h2', { hasText: 'Your best' }).locator('xpath=following-sibling::p[1]');
    await expect.poll(() => best.textContent()).toMatch(/^\d+:\d\d$/);
    const time = await best.textContent();
    // The same account in another browser (its keys copied, as signing in there would give it).
    const keys = await page.evaluate(() => ({
      account: localStorage.getItem('ubongo.account'),
      session: localStorage.getItem('ubongo.session'),
    }));
    const other = await real.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
    await other.addInitScript((k) => {
      if (k.account) localStorage.setItem('ubongo.account', k.account);
      if (k.session) localStorage.setItem('ubongo.session', k.session);
    }, keys);
    const there = await other.newPage();
    const thereErrors = watchErrors(there);
    await there.goto(`${real.server.url}/#/solo`);
    await there.getByLabel('Number of puzzles').check();
    const bestThere = there.locator('h2', { hasText: 'Your best' }).locator('xpath=following-sibling::p[1]');
    await expect.poll(() => bestThere.textContent()).toBe(time);
    expect([...errors, ...thereErrors]).toEqual([]);
    await other.close();
    await page.context().close();
  }, 90_000);

  it('plays solo with the whole set in the tray, picking out the task’s pieces', async () => {
    const { page, errors } = await newPlayer('Nia');
    await page.getByRole('link', { name: 'Solo' }).click();
    await page.getByLabel('Number of puzzles').check();
    await page.getByLabel(/^Pieces/).selectOption('box');
    await page.getByRole('button', { name: 'Start' }).click();
    await expect.poll(() => page.getByText('0 of 5 solved').count()).toBe(1);
    // Twelve pieces in the tray, the task's three or four shown above the board.
    await expect.poll(() => page.locator('g.piece').count()).toBe(12);
    const needed = JSON.parse((await page.locator('svg.puzzle-svg').getAttribute('data-needed')) ?? '[]') as string[];
    expect(needed.length).toBeGreaterThanOrEqual(3);
    await expect.poll(() => page.getByTestId('needed').locator('svg').count()).toBe(needed.length);
    // Only the needed pieces go on the board; the others stay in the tray, and the board counts as solved.
    await solveWithMouse(page);
    await expect.poll(() => page.getByText('1 of 5 solved').count(), { timeout: 10_000 }).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('plays a whole short game against a bot to the standings, then a rematch', async () => {
    const { page, errors } = await newPlayer('Ada');
    await page.getByRole('button', { name: 'Create a table' }).click();
    await page.getByTestId('room-code').waitFor();
    await shortGameSettings(page);
    await page.getByRole('combobox', { name: /^Bot/ }).selectOption('beginner');
    await page.getByRole('button', { name: 'Add a bot' }).click();
    await page.locator('.seat-name', { hasText: 'Beginner bot 1' }).waitFor();
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.getByText('Round 1 of 1').waitFor();
    await solveWithMouse(page);
    await page.getByText(/Ubongo! You solved it/).waitFor({ timeout: 10_000 });
    // The game ends when the bot has solved or the sand (22.5 s here) has run out.
    await page.getByRole('heading', { name: /win|share/ }).waitFor({ timeout: 60_000 });
    const standings = page.locator('.players li');
    await expect.poll(() => standings.count()).toBe(2);
    await expect.poll(() => standings.first().textContent()).toContain('Ada');
    await expect.poll(() => standings.first().textContent()).toContain('4 points');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('You win!');
    await expect.poll(() => page.locator('[data-moment="win"] h1').count()).toBe(1);
    // The last round's boards, both, as between rounds.
    await expect.poll(() => page.locator('.end .round-boards .board-picture').count()).toBe(2);
    // The podium (the winner in the middle) and what each gem is worth.
    const podium = page.getByRole('list', { name: 'Podium' }).getByRole('listitem');
    expect(await podium.allTextContents()).toEqual(['Beginner bot 1second', 'Ada (you)first']);
    await expect.poll(() => page.getByTestId('gem-legend').textContent()).toBe(' ruby 4 sapphire 3 emerald 2 amber 1');
    // The game's replay, on its own page: its link opened as someone it was shared with would.
    const href = (await page.getByRole('link', { name: 'Replay' }).getAttribute('href')) ?? '';
    expect(href).toMatch(/^#\/replay\/[\w-]+$/);
    const replay = await page.context().newPage();
    await replay.goto(`${real.server.url}/${href}`);
    await replay.getByRole('heading', { name: 'A game of Classic', level: 1 }).waitFor();
    await replay.getByText('Round 1 of 1').waitFor();
    await expect.poll(() => replay.locator('.round-boards .board-picture').count()).toBe(2);
    await replay.getByRole('heading', { name: 'Final standings' }).waitFor();
    // Each row's place said once (its own, not the list's numbers too), the bot named as the game named it.
    const rows = replay.locator('.replay-standings li');
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => rows.first().textContent()).toMatch(/^1\. Ada 4 points/);
    await expect.poll(() => rows.nth(1).textContent()).toMatch(/^2\. Beginner bot 1 \d points/);
    await expect.poll(() => replay.getByTestId('decided').textContent()).toBe('Ada wins!');
    expect(await replay.locator('.replay-standings').evaluate((list) => getComputedStyle(list).listStyleType)).toBe(
      'none',
    );
    await replay.close();
    await page.getByRole('button', { name: 'Rematch' }).click();
    await page.getByRole('button', { name: 'Start the game' }).waitFor();
    await expect.poll(() => page.locator('.seat-name', { hasText: 'Beginner bot 1' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('turns the hourglass over for a second chance on a phone: a banner over the page, the pieces stay put', async () => {
    const context = await real.browser.newContext({ ...SIZES.phone, locale: 'en-GB' });
    await context.addInitScript(() => {
      localStorage.setItem('ubongo.name', 'Sol');
    });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(real.server.url);
    await page.getByRole('button', { name: 'Create a table' }).tap();
    await page.getByTestId('room-code').waitFor();
    await page.getByLabel('Rounds').selectOption('1');
    await page.getByLabel('Hourglass').selectOption('20');
    await expect.poll(() => page.getByLabel('Hourglass').inputValue()).toBe('20');
    // Alone at the table and solving nothing: when the sand (5 s here) runs out, it is turned over.
    await page.getByRole('button', { name: 'Start the game' }).tap();
    await page.locator('svg.puzzle-svg').waitFor();
    const places = (): Promise<number[][]> =>
      page.locator('g.piece').evaluateAll((pieces) =>
        pieces.map((piece) => {
          const box = piece.getBoundingClientRect();
          return [Math.round(box.x), Math.round(box.y)];
        }),
      );
    // Where the pieces lie once the board is laid out (two readings alike), before the sand runs out.
    let before = await places();
    await expect
      .poll(async () => {
        const now = await places();
        const same = JSON.stringify(now) === JSON.stringify(before);
        before = now;
        return same;
      })
      .toBe(true);
    const banner = page.getByText('The hourglass is turned over: a second chance!');
    await banner.waitFor();
    await page.locator('.hourglass-label', { hasText: /^Second chance \d+ s$/ }).waitFor();
    // The banner takes no room: the board is not made smaller, its tray not laid out again.
    expect(await places()).toEqual(before);
    // It goes after a few seconds; the label says it still.
    await banner.waitFor({ state: 'hidden', timeout: 8_000 });
    await expect.poll(() => page.locator('.hourglass-label').textContent()).toMatch(/^Second chance/);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('asks before a link leaves a game under way, and stays at the table if told no', async () => {
    const { page, errors } = await newPlayer('Tam');
    await page.getByRole('button', { name: 'Create a table' }).click();
    await page.getByTestId('room-code').waitFor();
    await page.getByRole('button', { name: 'Start the game' }).click();
    await page.locator('svg.puzzle-svg').waitFor();
    const table = page.url();
    // The skip link goes to the page's content: it asks nothing and leaves nothing.
    const dialogs: string[] = [];
    const anyDialog = (dialog: Dialog): void => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    };
    page.on('dialog', anyDialog);
    await page.locator('.skip-link').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(dialogs).toEqual([]);
    expect(page.url()).toBe(table);
    // A link away asks in the game's own dialog (never the browser's), and Stay stays.
    await page.locator('header.top').getByRole('link', { name: 'How to play' }).click();
    const ask = page.getByRole('dialog', { name: 'Leave the game?' });
    await ask.getByText('A bot will play your seat until the game ends.').waitFor();
    await ask.getByRole('button', { name: 'Stay' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(page.url()).toBe(table);
    await expect.poll(() => page.locator('svg.puzzle-svg').count()).toBe(1);
    await page.locator('header.top').getByRole('link', { name: 'How to play' }).click();
    await ask.getByRole('button', { name: 'Leave' }).click();
    page.off('dialog', anyDialog);
    expect(dialogs).toEqual([]);
    await page.getByRole('heading', { name: 'How to play', level: 1 }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('lets someone watch a game under way, and after a reload watch again without knocking on a seat', async () => {
    const host = await newPlayer('Hugo');
    await host.page.getByRole('button', { name: 'Create a table' }).click();
    const code = (await host.page.getByTestId('room-code').textContent()) ?? '';
    await host.page.getByRole('button', { name: 'Add a bot' }).click();
    await host.page.locator('.seat-name').nth(1).waitFor();
    await host.page.getByRole('button', { name: 'Start the game' }).click();
    await host.page.locator('svg.puzzle-svg').waitFor();

    const watcher = await newPlayer('Vera', { width: 390, height: 844 });
    await watcher.page.getByLabel('Table code').fill(code);
    await watcher.page.getByRole('button', { name: 'Join' }).click();
    await watcher.page.getByText('You are watching this game.').waitFor();
    // The die everyone plays by, as the host sees it.
    const die = async (page: Page): Promise<string | null> =>
      page.locator('.task-key [role="img"]').first().getAttribute('aria-label');
    await watcher.page.locator('.task-key').waitFor();
    await expect.poll(() => die(watcher.page)).toBe(await die(host.page));
    // A watcher holds no seat: a reload comes back by the table's code, not by a reconnection the
    // server would refuse (410, logged by the browser) a few times over.
    await watcher.page.reload();
    await watcher.page.getByText('You are watching this game.').waitFor();
    expect(watcher.errors).toEqual([]);
    expect(host.errors).toEqual([]);
    await Promise.all([host.page.context().close(), watcher.page.context().close()]);
  }, 60_000);

  it('lets a second player join a private table by its code, and both play a round', async () => {
    const host = await newPlayer('Hana');
    await host.page.getByRole('button', { name: 'Create a table' }).click();
    const code = (await host.page.getByTestId('room-code').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z0-9]{6}$/);
    await shortGameSettings(host.page);

    const guest = await newPlayer('Gil', { width: 390, height: 844 });
    await guest.page.getByLabel('Table code').fill(code.toLowerCase());
    await guest.page.getByRole('button', { name: 'Join' }).click();
    await guest.page.getByText('Waiting for the host to start the game.').waitFor();
    await host.page.getByText('Gil').waitFor();

    await host.page.getByRole('button', { name: 'Start the game' }).click();
    await Promise.all([host.page, guest.page].map((p) => p.getByText('Round 1 of 1').waitFor()));
    await Promise.all([solveWithMouse(host.page), solveWithMouse(guest.page)]);
    for (const { page } of [host, guest]) {
      await page.getByRole('heading', { name: /win|share/ }).waitFor({ timeout: 20_000 });
      const names = await page.locator('.players li .player-name').allTextContents();
      expect(names.join(' ')).toContain('Hana');
      expect(names.join(' ')).toContain('Gil');
      // Fixed scoring: 4 points for the first, 3 for the second.
      expect((await page.locator('.players li').allTextContents()).join(' ')).toMatch(/4 points[\s\S]*3 points/);
    }
    expect([...host.errors, ...guest.errors]).toEqual([]);
    await host.page.context().close();
    await guest.page.context().close();
  }, 90_000);

  it('quick match seats two strangers at one public table; a reload keeps the seat', async () => {
    const first = await newPlayer('Quinn');
    await first.page.getByRole('button', { name: 'Quick match' }).click();
    await first.page.getByRole('heading', { name: 'Quick match' }).waitFor();
    const second = await newPlayer('Rui');
    await second.page.getByRole('button', { name: 'Quick match' }).click();
    await second.page.getByRole('heading', { name: 'Quick match' }).waitFor();
    await expect.poll(() => first.page.locator('.seat-name').allTextContents()).toEqual(['Quinn (you)host', 'Rui']);
    await expect.poll(() => second.page.locator('.seat-name').allTextContents()).toEqual(['Quinnhost', 'Rui (you)']);
    expect(first.page.url()).toBe(second.page.url());
    // The host reloads: back in the same seat, still host.
    await first.page.reload();
    await first.page.getByRole('button', { name: 'Start the game' }).waitFor();
    await expect.poll(() => first.page.locator('.seat-name').allTextContents()).toEqual(['Quinn (you)host', 'Rui']);
    expect([...first.errors, ...second.errors]).toEqual([]);
    await first.page.context().close();
    await second.page.context().close();
  }, 60_000);

  it('a table opened again in a second tab takes the seat there, and the first tab says where it went', async () => {
    const first = await newPlayer('Sol');
    await first.page.getByRole('button', { name: 'Create a table' }).click();
    await first.page.getByRole('button', { name: 'Start the game' }).waitFor();
    // A duplicated tab starts with a copy of the first tab's session storage: the seat's token.
    const saved = await first.page.evaluate(() => sessionStorage.getItem('ubongo.reconnect'));
    const tab = await first.page.context().newPage();
    const tabErrors = watchErrors(tab);
    await tab.addInitScript((copy) => {
      if (copy && !sessionStorage.getItem('ubongo.reconnect')) sessionStorage.setItem('ubongo.reconnect', copy);
    }, saved);
    await tab.goto(first.page.url());
    await tab.getByRole('button', { name: 'Start the game' }).waitFor();
    await expect.poll(() => tab.locator('.seat-name').allTextContents()).toEqual(['Sol (you)host']);
    // Said as what happened, not as a join that failed.
    await expect
      .poll(() => first.page.locator('p[role="alert"]').textContent())
      .toBe('This table is open in another tab or window now.');
    expect([...first.errors, ...tabErrors]).toEqual([]);
    await first.page.context().close();
  }, 60_000);

  it('sends a piece dropped away from the board back to its place in the tray', async () => {
    const { page, errors } = await newPlayer('Tao');
    await page.goto(`${real.server.url}/#/practice`);
    const piece = page.locator('g.piece[data-index="1"]');
    await piece.waitFor();
    const before = await piece.boundingBox();
    const home = await piece.getAttribute('transform');
    const grip = await piece.locator('polygon').first().boundingBox();
    const cell = await page.locator('polygon[data-board-cell]').first().boundingBox();
    if (!before || !grip || !cell) throw new Error('not on screen');
    // From the tray to nowhere: back where it was.
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(5, 5, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => piece.getAttribute('transform')).toBe(home);
    // Onto the board, then away from it.
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(cell.x + cell.width / 2, cell.y + cell.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => piece.getAttribute('data-at')).not.toBe('');
    const placed = await piece.locator('polygon').first().boundingBox();
    await page.mouse.move((placed?.x ?? 0) + 10, (placed?.y ?? 0) + 10);
    await page.mouse.down();
    await page.mouse.move(5, 5, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => piece.getAttribute('data-at')).toBe('');
    await expect.poll(() => piece.getAttribute('transform')).toBe(home);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('asks someone who opens a table’s link without a name for one, then seats them', async () => {
    const host = await newPlayer('Ines');
    await host.page.getByRole('button', { name: 'Create a table' }).click();
    const code = (await host.page.getByTestId('room-code').textContent()) ?? '';
    const context = await real.browser.newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(`${real.server.url}/#/room/${code}`);
    // Offered the guest's name, to keep or change.
    await expect.poll(() => page.getByLabel('Your name at the table').inputValue()).toMatch(/^Player \d{4}$/);
    await page.getByLabel('Your name at the table').fill('Jo');
    await page.getByRole('button', { name: 'Join the table' }).click();
    await page.getByText('Waiting for the host to start the game.').waitFor();
    await expect.poll(() => host.page.locator('.seat-name').allTextContents()).toEqual(['Ines (you)host', 'Jo']);
    expect([...errors, ...host.errors]).toEqual([]);
    await context.close();
    await host.page.context().close();
  }, 60_000);

  it('says a table’s code that is no table’s in words, not in the server’s', async () => {
    const { page, errors } = await newPlayer('Uma');
    await page.goto(`${real.server.url}/#/room/ZZZZZZ`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await expect
      .poll(() => alert.textContent())
      .toBe('Could not join: There is no table with this code. Check it, or ask for the link again.');
    // The browser logs the refused join; nothing else.
    expect(errors.filter((e) => !/\b404\b|not found/i.test(e))).toEqual([]);
    await page.context().close();
  }, 30_000);

  it('switches language, remembers it, and sets <html lang>', async () => {
    const { page, errors } = await newPlayer('Lu');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByLabel('Language').selectOption('pl');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('pl');
    const create = page.locator('.home .play-tiles button.create');
    await expect.poll(() => create.textContent()).not.toMatch(/^Create a table/);
    const createPl = (await create.textContent()) ?? '';
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('pl');
    await expect.poll(() => page.locator('.home .play-tiles button.create').textContent()).toBe(createPl);
    await page.getByLabel('Język').selectOption('it');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('it');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('places pieces with the keyboard only and solves a practice puzzle', async () => {
    const { page, errors } = await newPlayer('Kay');
    await page.goto(`${real.server.url}/#/practice`);
    await page.locator('svg.puzzle-svg').waitFor();
    // The first piece: picked up with Enter, moved with an arrow, put down with Enter.
    const first = page.locator('g.piece[data-index="0"]');
    await first.focus();
    await page.keyboard.press('Enter');
    // (Drawn on the page's next frame: read once it is.)
    await expect.poll(() => first.getAttribute('data-at')).toMatch(/^-?\d+,-?\d+$/);
    const at = await first.getAttribute('data-at');
    await page.keyboard.press('ArrowRight');
    const [x, y] = (at ?? '').split(',').map(Number);
    await expect.poll(() => first.getAttribute('data-at')).toBe(`${(x ?? 0) + 1},${y ?? 0}`);
    await page.keyboard.press('Escape');
    await expect.poll(() => first.getAttribute('data-at')).toBe('');
    // Then the whole puzzle, from the top of the page, by Tab, R, F, arrows and Enter.
    await page.locator('main').focus();
    await solveWithKeyboard(page);
    await page.getByText('Solved! Well done.', { exact: true }).first().waitFor({ timeout: 10_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  }, 60_000);
});
