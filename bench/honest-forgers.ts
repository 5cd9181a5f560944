// bench/honest.ts's forgers: solo count runs (5, easy side) claimed over a colyseus.js socket, each
// puzzle solved by the engine and claimed with a made-up move trail, of five kinds, each from a new
// claimed account. What the server made of each: held, listed, and listed as reviewed (which must
// never be, with no reviewer: docs/accounts.md, "Reviewed results").
import type { Rng, TrailMove } from '@ubongo/core';
import { findTask, humanFloorSeconds, lieOf, PROTOCOL_VERSION } from '@ubongo/core';
import { shippedDeck } from '@ubongo/core/decks';
import type { UbongoServer } from '@ubongo/server';
import { member, Player, solve } from '@ubongo/test-support/player';
import { logNormal, uniform } from './honest-hand.js';

/**
 * The forgeries: `floor-hugger` claims each puzzle at its floor plus 0.25 s with a hand-like trail
 * (the attack the model flags); `off-board` lays its trail's pieces at (1000, -1000); `reused` makes
 * every solve's trail of the same gaps to the millisecond; `machine-even` spaces its moves evenly
 * (2% jitter); `under-floor` claims at 60% of the floor. All but the first at a person's pace (two
 * to four times the floor).
 */
export const FORGERIES = ['floor-hugger', 'off-board', 'reused', 'machine-even', 'under-floor'] as const;
export type Forgery = (typeof FORGERIES)[number];

/** What became of one forged run. */
export interface ForgedOutcome {
  readonly forgery: Forgery;
  readonly account: string;
  readonly run: number;
  readonly verified: boolean;
  readonly review: string;
  readonly reasons: readonly string[];
  readonly listed: boolean;
  /** Listed as reviewed: approved by a person (none is, here). */
  readonly reviewed: boolean;
}

const LIMIT = 5;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** When each move of a solve of `moves` moves happens (ms on the forger's clock), the solve claimed at `wait` ms. */
function timings(forgery: Forgery, rng: Rng, moves: number, wait: number, template: readonly number[]): number[] {
  const span = wait * 0.9;
  let gaps: number[];
  if (forgery === 'reused') gaps = template.slice(0, moves);
  else if (forgery === 'machine-even')
    gaps = Array.from({ length: moves }, () => (span / moves) * (1 + 0.02 * (2 * uniform(rng) - 1)));
  else {
    // A hand's: a long pause of thought before each piece, its turn and place quick after.
    gaps = Array.from({ length: moves }, (_, i) => logNormal(rng, i % 2 === 0 ? [1.5, 0.5] : [0.3, 0.4]));
    const sum = gaps.reduce((s, g) => s + g, 0);
    gaps = gaps.map((g) => (g / sum) * span);
  }
  let at = 0;
  return gaps.map((g) => (at += Math.max(1, Math.round(g))));
}

/** One forged run of `forgery` by a new claimed account. */
async function forgeRun(
  server: UbongoServer,
  url: string,
  forgery: Forgery,
  username: string,
  rng: Rng,
  timeScale: number,
): Promise<ForgedOutcome> {
  const { client, id } = await member(url.replace(/^http/, 'ws'), username);
  const player = Player.wrap<'solo'>(
    client,
    await client.create('solo', { protocol: PROTOCOL_VERSION, mode: 'count', limit: LIMIT, side: 'easy' }),
  );
  // The reused trail's gaps, the same for every solve (4 s in all, uneven).
  const template = [900, 310, 520, 1400, 260, 700, 450, 380];
  player.send('start');
  for (let n = 0; n < LIMIT; n++) {
    const v = await player.waitFor('view', (m) => m.solved === n && m.task !== null);
    if (!v.task || !v.current) throw new Error('no puzzle');
    const task = findTask(shippedDeck('classic'), v.current);
    if (!task) throw new Error('a task the deck does not hold');
    const floor = humanFloorSeconds(task.difficulty, task.pieces.length);
    const seconds =
      forgery === 'floor-hugger'
        ? floor + 0.25
        : forgery === 'under-floor'
          ? floor * 0.6
          : floor * (2 + 2 * uniform(rng));
    const wait = seconds * 1000;
    const puzzle = v.task;
    const placements = solve(puzzle);
    const times = timings(forgery, rng, 2 * placements.length, wait, template);
    const trail = placements.flatMap((p, i): TrailMove[] => {
      const dealt = puzzle.pieces.find((q) => q.id === p.piece)?.cells ?? [];
      const lie = lieOf(puzzle.grid, dealt, p.cells);
      if (!lie) throw new Error('no lie');
      const laid = forgery === 'off-board' ? ([1000, -1000, lie[2]] as const) : lie;
      return [
        [times[2 * i] ?? 0, 'turn', p.piece],
        [times[2 * i + 1] ?? 0, 'place', p.piece, laid],
      ];
    });
    await sleep(wait / timeScale);
    player.send('claim', { placements, trail });
  }
  const recorded = await player.waitFor('recorded');
  await player.room.leave();
  const stored = await server.stores.soloRuns.soloRun(recorded.run);
  const listed = await server.stores.soloRuns.records({
    mode: 'count',
    limit: LIMIT,
    side: 'easy',
    from: 'anyone',
    accountId: id,
    top: 100,
  });
  const review = stored?.review ?? 'none';
  return {
    forgery,
    account: id,
    run: recorded.run,
    verified: stored?.verified ?? recorded.verified,
    review,
    reasons: stored?.reasons ?? [],
    listed: listed.some((r) => r.id === recorded.run),
    reviewed: review === 'approved' || review === 'released',
  };
}

/**
 * Up to `runs` forged runs of each kind, the kinds in turn, until `deadline` (ms since 1970); then
 * the public board (GET /api/records) read as anyone reads it, to see that none of them is shown
 * reviewed.
 */
export async function forge(
  server: UbongoServer,
  url: string,
  how: { readonly runs: number; readonly deadline: number; readonly timeScale: number; readonly tag: string },
  rng: Rng,
): Promise<{ outcomes: ForgedOutcome[]; reviewedOnBoard: number }> {
  const outcomes: ForgedOutcome[] = [];
  for (let r = 0; r < how.runs && Date.now() < how.deadline; r++)
    for (const [k, forgery] of FORGERIES.entries())
      outcomes.push(await forgeRun(server, url, forgery, `f${k}r${r}_${how.tag}`, rng, how.timeScale));
  const accounts = new Set(outcomes.map((o) => o.account));
  let reviewedOnBoard = 0;
  for (let cursor: string | null = '0'; cursor !== null;) {
    const res = await fetch(`${url}/api/records?mode=count&limit=5&side=easy&top=50&cursor=${cursor}`);
    if (!res.ok) throw new Error(`GET /api/records: ${res.status}`);
    const page = (await res.json()) as {
      records: { account: string | null; reviewed: boolean }[];
      next: string | null;
    };
    reviewedOnBoard += page.records.filter((e) => e.account !== null && accounts.has(e.account) && e.reviewed).length;
    cursor = page.next;
  }
  return { outcomes, reviewedOnBoard };
}
