// bench/honest.ts's honest players: who they are (a profile's pace, device, boards and accounts)
// and a profile's runs played through the web client in Chromium, each run's verdict then read
// from the server's stores: held, flagged (listed with the model's flags) or listed clean.
import type { Rng } from '@ubongo/core';
import type { UbongoServer } from '@ubongo/server';
import { member } from '@ubongo/test-support/player';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import type { Pace } from './honest-hand.js';
import { Hand } from './honest-hand.js';

/** A kind of honest player. */
export interface Profile {
  readonly name: string;
  /** A desktop window with the mouse, or a phone with a finger. */
  readonly on: 'desktop' | 'phone';
  readonly side: 'easy' | 'hard';
  readonly limit: 5 | 10;
  readonly pace: Pace;
  /** Runs an account plays before the profile's next account (Infinity: one account for them all). */
  readonly runsPerAccount: number;
  /** How long the pauses are, as a share of the pace's: by the account's run number (0 first) and the times it has seen the board. */
  speed(run: number, seen: number): number;
}

const SIZES: Readonly<Record<Profile['on'], BrowserContextOptions>> = {
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  desktop: { viewport: { width: 1366, height: 800 } },
};

/**
 * The honest players, none of them drawn from the bot model the plausibility model is fitted on:
 * their times come of pauses of thought before pieces and the hand's own moves at the real page.
 */
export const PROFILES: readonly Profile[] = [
  {
    // New to the game: long looks, many slips and extra turns; a new account every two runs.
    name: 'beginner',
    on: 'desktop',
    side: 'easy',
    limit: 5,
    pace: { look: [6, 0.5], piece: [9, 0.6], move: [0.5, 0.5], misplace: 0.3, overturn: 0.35, fumble: 0.25 },
    runsPerAccount: 2,
    speed: () => 1,
  },
  {
    // Plays the hard side again and again on one account and remembers the boards (36 a side):
    // each time a board comes again its pauses are a fifth shorter, down to 40%.
    name: 'regular',
    on: 'desktop',
    side: 'hard',
    limit: 5,
    pace: { look: [3, 0.5], piece: [4.5, 0.5], move: [0.35, 0.5], misplace: 0.1, overturn: 0.15, fumble: 0.05 },
    runsPerAccount: Infinity,
    speed: (_run, seen) => Math.max(0.4, 0.8 ** seen),
  },
  {
    // Gets faster run by run on one account: a tenth shorter pauses each run, down to 40%.
    name: 'improver',
    on: 'desktop',
    side: 'easy',
    limit: 5,
    pace: { look: [5, 0.5], piece: [7, 0.6], move: [0.4, 0.5], misplace: 0.2, overturn: 0.25, fumble: 0.1 },
    runsPerAccount: Infinity,
    speed: (run) => Math.max(0.4, 0.9 ** run),
  },
  {
    // A phone held in the hand: touch only, the Turn and Flip buttons; a new account every five runs.
    name: 'phone',
    on: 'phone',
    side: 'easy',
    limit: 5,
    pace: { look: [4, 0.5], piece: [5.5, 0.6], move: [0.45, 0.5], misplace: 0.15, overturn: 0.2, fumble: 0.1 },
    runsPerAccount: 5,
    speed: () => 1,
  },
];

/** What became of one run. */
export interface RunOutcome {
  readonly profile: string;
  readonly account: string;
  readonly run: number;
  readonly verified: boolean;
  readonly review: string;
  readonly reasons: readonly string[];
  /** On the boards (`records` of anyone's listed runs holds it). */
  readonly listed: boolean;
  /** Each solve's time, game seconds, as the server measured it. */
  readonly solves: readonly number[];
  /** The run's real time, seconds. */
  readonly realSeconds: number;
}

/** What a profile's runs need: the server, Chromium, the game-time scale, a generator, where screenshots go. */
export interface Bench {
  readonly server: UbongoServer;
  readonly url: string;
  readonly browser: Browser;
  readonly timeScale: number;
  readonly rng: Rng;
  readonly shots: string;
  readonly tag: string;
  /** Said as each run ends. */
  readonly progress: (outcome: RunOutcome) => void;
}

/** One account of a profile: its id, a page signed in to it at the profile's size, and the hand that plays there. */
async function accountPage(bench: Bench, profile: Profile, n: number): Promise<{ id: string; page: Page; hand: Hand }> {
  const username = `${profile.name.slice(0, 4)}${n}_${bench.tag}`;
  const { id, session } = await member(bench.url.replace(/^http/, 'ws'), username);
  const context = await bench.browser.newContext({ ...SIZES[profile.on], locale: 'en-GB' });
  // Signed in as the web client keeps it (the bench is compiled without the DOM's types: the script is text).
  await context.addInitScript(
    `localStorage.setItem('ubongo.name', ${JSON.stringify(username)});` +
      `localStorage.setItem('ubongo.session', ${JSON.stringify(session)});`,
  );
  const page = await context.newPage();
  await page.goto(`${bench.url}/#/solo`);
  const hand = await Hand.on(page, profile.on === 'phone' ? 'touch' : 'mouse', bench.rng, bench.timeScale);
  return { id, page, hand };
}

/** Starts a run on the solo page: the count mode, the profile's length and side, Start (or Play again). */
async function start(page: Page, profile: Profile): Promise<void> {
  const press = profile.on === 'phone' ? 'tap' : 'click';
  await page.getByLabel('Number of puzzles').check();
  await page.getByLabel('Puzzles', { exact: true }).selectOption(String(profile.limit));
  await page.getByLabel('Boards', { exact: true }).selectOption(profile.side);
  await page.getByRole('button', { name: /^(Start|Play again)$/ })[press]();
}

/** The account's newest run once it is stored after `after` (its id), with whether it is listed. */
async function verdictOf(
  bench: Bench,
  profile: Profile,
  account: string,
  after: number,
): Promise<Omit<RunOutcome, 'profile' | 'realSeconds'>> {
  const runs = bench.server.stores.soloRuns;
  for (let tries = 0; tries < 100; tries++) {
    const [last] = await runs.soloResultsOf(account, { top: 1 });
    if (last && last.id > after) {
      const listed = await runs.records({
        mode: 'count',
        limit: profile.limit,
        side: profile.side,
        from: 'anyone',
        accountId: account,
        top: 1000,
      });
      return {
        account,
        run: last.id,
        verified: last.verified,
        review: last.review ?? 'none',
        reasons: last.reasons ?? [],
        listed: listed.some((r) => r.id === last.id),
        solves: (last.puzzles ?? []).filter((p) => p.outcome === 'solved').map((p) => p.ms / 1000),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no run stored for ${account}`);
}

/** Plays `runs` runs of `profile` through the web client, one after another, and reads each verdict. */
export async function playProfile(bench: Bench, profile: Profile, runs: number): Promise<RunOutcome[]> {
  const outcomes: RunOutcome[] = [];
  let account: { id: string; page: Page; hand: Hand } | undefined;
  let last = 0;
  let accountRun = 0;
  // The boards this account has seen, by their region, and how often.
  let seen = new Map<string, number>();
  for (let r = 0; r < runs; r++) {
    if (!account || accountRun >= profile.runsPerAccount) {
      await account?.page.context().close();
      account = await accountPage(bench, profile, r);
      accountRun = 0;
      seen = new Map();
    }
    const { page, id, hand } = account;
    const began = Date.now();
    await start(page, profile);
    for (let n = 0; n < profile.limit; n++) {
      await page.getByText(`${n} of ${profile.limit} solved`).first().waitFor({ timeout: 30_000 });
      const region = (await page.locator('svg.puzzle-svg').getAttribute('data-region')) ?? '';
      const times = seen.get(region) ?? 0;
      // A screenshot of the first run under way: the second puzzle, its first piece down.
      const shot =
        r === 0 && n === 1
          ? async () => {
              mkdirSync(bench.shots, { recursive: true });
              await page.screenshot({ path: join(bench.shots, `${profile.name}-${profile.on}.png`) });
            }
          : undefined;
      await hand.solve(profile.pace, profile.speed(accountRun, times), shot);
      seen.set(region, times + 1);
    }
    await page.getByRole('heading', { name: 'Your result' }).waitFor({ timeout: 30_000 });
    const verdict = await verdictOf(bench, profile, id, last);
    last = verdict.run;
    accountRun += 1;
    const outcome = { profile: profile.name, ...verdict, realSeconds: (Date.now() - began) / 1000 };
    outcomes.push(outcome);
    bench.progress(outcome);
  }
  await account?.page.context().close();
  return outcomes;
}
