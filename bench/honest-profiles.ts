// bench/honest.ts's honest players: who they are (a profile's pace, device, boards and accounts)
// and a profile's runs played through the web client in Chromium, each run's verdict then read
// from the server's stores: held, flagged (listed with the model's flags) or listed clean.
import type { Rng } from '@ubongo/core';
import { createRng } from '@ubongo/core';
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
    pace: {
      look: [6, 0.5],
      piece: [9, 0.6],
      growth: 1.3,
      insight: 0.5,
      move: [0.5, 0.5],
      misplace: 0.3,
      overturn: 0.35,
      fumble: 0.25,
    },
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
    pace: {
      look: [3, 0.5],
      piece: [4.5, 0.5],
      growth: 1.25,
      insight: 0.45,
      move: [0.35, 0.5],
      misplace: 0.1,
      overturn: 0.15,
      fumble: 0.05,
    },
    runsPerAccount: Infinity,
    speed: (_run, seen) => Math.max(0.4, 0.8 ** seen),
  },
  {
    // Gets faster run by run on one account: a tenth shorter pauses each run, down to 40%.
    name: 'improver',
    on: 'desktop',
    side: 'easy',
    limit: 5,
    pace: {
      look: [5, 0.5],
      piece: [7, 0.6],
      growth: 1.25,
      insight: 0.45,
      move: [0.4, 0.5],
      misplace: 0.2,
      overturn: 0.25,
      fumble: 0.1,
    },
    runsPerAccount: Infinity,
    speed: (run) => Math.max(0.4, 0.9 ** run),
  },
  {
    // A phone held in the hand: touch only, the Turn and Flip buttons; a new account every five runs.
    name: 'phone',
    on: 'phone',
    side: 'easy',
    limit: 5,
    pace: {
      look: [4, 0.5],
      piece: [5.5, 0.6],
      growth: 1.25,
      insight: 0.45,
      move: [0.45, 0.5],
      misplace: 0.15,
      overturn: 0.2,
      fumble: 0.1,
    },
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
  /** Each profile's players draw from a generator of their own, seeded by this and the profile's place in `PROFILES`. */
  readonly seed: number;
  readonly shots: string;
  readonly tag: string;
  /** No run starts after this time (ms since 1970). */
  readonly deadline: number;
  /** Said as each run ends, or fails (the page did not do what the player did: counted apart). */
  readonly progress: (outcome: RunOutcome) => void;
  readonly failed: (profile: string, error: unknown) => void;
}

/** A claimed account of a profile: its id and session. */
async function newAccount(
  bench: Bench,
  profile: Profile,
  n: number,
): Promise<{ id: string; session: string; username: string }> {
  const username = `${profile.name.slice(0, 4)}${n}_${bench.tag}`;
  return { username, ...(await member(bench.url.replace(/^http/, 'ws'), username)) };
}

/** A page signed in to the account at the profile's size, on the solo page, and the hand that plays there. */
async function pageOf(
  bench: Bench,
  profile: Profile,
  account: { session: string; username: string },
  rng: Rng,
): Promise<{ page: Page; hand: Hand }> {
  const context = await bench.browser.newContext({ ...SIZES[profile.on], locale: 'en-GB' });
  // Signed in as the web client keeps it (the bench is compiled without the DOM's types: the script is text).
  await context.addInitScript(
    `localStorage.setItem('ubongo.name', ${JSON.stringify(account.username)});` +
      `localStorage.setItem('ubongo.session', ${JSON.stringify(account.session)});`,
  );
  const page = await context.newPage();
  await page.goto(`${bench.url}/#/solo`);
  const hand = await Hand.on(page, profile.on === 'phone' ? 'touch' : 'mouse', rng, bench.timeScale);
  return { page, hand };
}

/** Starts a run on the solo page: the count mode, the profile's length and side, Start (or Play again). */
async function start(page: Page, profile: Profile): Promise<void> {
  const press = profile.on === 'phone' ? 'tap' : 'click';
  await page.getByLabel('Number of puzzles').check();
  const field = (label: string) =>
    page.locator('label.field', { has: page.locator('span', { hasText: new RegExp(`^${label}$`) }) }).locator('select');
  await field('Puzzles').selectOption(String(profile.limit));
  await field('Boards').selectOption(profile.side);
  await page.getByRole('button', { name: /^(Start|Play again)$/ })[press]();
}

/** The account's newest whole run stored after `after` (its id), with whether it is listed. */
async function verdictOf(
  bench: Bench,
  profile: Profile,
  account: string,
  after: number,
): Promise<Omit<RunOutcome, 'profile' | 'realSeconds'>> {
  const runs = bench.server.stores.soloRuns;
  for (let tries = 0; tries < 100; tries++) {
    const found = (await runs.soloResultsOf(account, { top: 5 })).find(
      (r) => r.id > after && r.solved === profile.limit,
    );
    if (found) {
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
        run: found.id,
        verified: found.verified,
        review: found.review ?? 'none',
        reasons: found.reasons ?? [],
        listed: listed.some((r) => r.id === found.id),
        solves: (found.puzzles ?? []).filter((p) => p.outcome === 'solved').map((p) => p.ms / 1000),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no run stored for ${account}`);
}

/** Plays one run on the page: each puzzle solved as the profile plays, `seen` counting the boards met. */
async function playRun(
  bench: Bench,
  profile: Profile,
  at: { page: Page; hand: Hand },
  run: { first: boolean; number: number; seen: Map<string, number> },
): Promise<void> {
  const { page, hand } = at;
  await start(page, profile);
  for (let n = 0; n < profile.limit; n++) {
    await page.getByText(`${n} of ${profile.limit} solved`).first().waitFor({ timeout: 30_000 });
    const region = (await page.locator('svg.puzzle-svg').getAttribute('data-region')) ?? '';
    const times = run.seen.get(region) ?? 0;
    // A screenshot of the first run under way: the second puzzle, its first piece down.
    const shot =
      run.first && n === 1
        ? async () => {
            mkdirSync(bench.shots, { recursive: true });
            await page.screenshot({ path: join(bench.shots, `${profile.name}-${profile.on}.png`) });
          }
        : undefined;
    await hand.solve(profile.pace, profile.speed(run.number, times), shot);
    run.seen.set(region, times + 1);
  }
  await page.getByRole('heading', { name: 'Your result' }).waitFor({ timeout: 30_000 });
}

/**
 * A profile's players at the web client, a run at a time (`next`), each verdict read from the
 * stores. A run the page failed (a drag that never landed) is said and left out; the account plays
 * on in a new page.
 */
export class ProfilePlayer {
  readonly outcomes: RunOutcome[] = [];
  readonly #rng: Rng;
  #account: { id: string; session: string; username: string } | undefined;
  #at: { page: Page; hand: Hand } | undefined;
  #last = 0;
  #accountRun = 0;
  #tries = 0;
  /** The boards this account has seen, by their region, and how often. */
  #seen = new Map<string, number>();

  constructor(
    private readonly bench: Bench,
    readonly profile: Profile,
  ) {
    this.#rng = createRng(bench.seed + PROFILES.indexOf(profile));
  }

  /** Plays the next run. */
  async next(): Promise<void> {
    const { bench, profile } = this;
    const r = this.#tries++;
    if (!this.#account || this.#accountRun >= profile.runsPerAccount) {
      await this.close();
      this.#account = await newAccount(bench, profile, r);
      this.#accountRun = 0;
      this.#seen = new Map();
    }
    const at = (this.#at ??= await pageOf(bench, profile, this.#account, this.#rng));
    const began = Date.now();
    try {
      await playRun(bench, profile, at, { first: r === 0, number: this.#accountRun, seen: this.#seen });
    } catch (e) {
      bench.failed(profile.name, e);
      await this.close();
      return;
    }
    const verdict = await verdictOf(bench, profile, this.#account.id, this.#last);
    this.#last = verdict.run;
    this.#accountRun += 1;
    const outcome = { profile: profile.name, ...verdict, realSeconds: (Date.now() - began) / 1000 };
    this.outcomes.push(outcome);
    bench.progress(outcome);
  }

  /** Closes the page. */
  async close(): Promise<void> {
    await this.#at?.page.context().close();
    this.#at = undefined;
  }

  /** Runs tried (played or failed). */
  get tried(): number {
    return this.#tries;
  }
}

/**
 * Plays up to `runs` runs of each profile, `parallel` runs at once, the profile with the fewest
 * runs tried next, until the bench's deadline: so that each profile has as many as time allowed.
 */
export async function playProfiles(
  bench: Bench,
  profiles: readonly Profile[],
  runs: number,
  parallel: number,
): Promise<RunOutcome[]> {
  const players = profiles.map((p) => new ProfilePlayer(bench, p));
  const busy = new Set<ProfilePlayer>();
  const slot = async (): Promise<void> => {
    for (;;) {
      if (Date.now() >= bench.deadline) return;
      const free = players.filter((p) => !busy.has(p) && p.tried < runs).sort((a, b) => a.tried - b.tried);
      const player = free[0];
      if (!player) return;
      busy.add(player);
      await player.next();
      busy.delete(player);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, players.length) }, slot));
  for (const player of players) await player.close();
  return players.flatMap((p) => p.outcomes);
}
