import type { Placement, RaceEvent, TrailMove } from '@ubongo/core';
import { humanFloorSeconds, lieOf, puzzleOf } from '@ubongo/core';
import { shippedDeck } from '@ubongo/core/decks';
import { describe, expect, it } from 'vitest';
import { LocalInPlay } from '../practice/in-play.js';
import { Attempts, taskKey } from '../rating/puzzles.js';
import type { Whose } from './solves.js';
import { claimReview } from './reviews.js';
import { Solves, trackRace, UNKNOWN_DIFFICULTY } from './solves.js';
import { openMemoryStores } from '../storage/memory.js';
import type { Stores } from '../storage/stores.js';

/*
 * Judging solves, flagging accounts, counting attempts and the tasks in play, with the in-memory
 * store and a clock the test moves: no server, no socket.
 */

const deck = shippedDeck('classic');
const board = deck.boards[0];
if (!board) throw new Error('the classic deck has no boards');
const task = board.sides.easy.tasks[0];
if (!task) throw new Error('the first board has no tasks');
const ref = { board: board.id, side: 'easy', key: task.key } as const;
const floorMs = humanFloorSeconds(task.difficulty, task.pieces.length) * 1000;

const puzzle = puzzleOf(deck, ref);

/** Where a placement lies, as the web client says it with a place (a trail must end in the placements). */
function placed(at: number, p: Placement): TrailMove {
  const dealt = puzzle.pieces.find((x) => x.id === p.piece);
  const lie = dealt ? lieOf(puzzle.grid, dealt.cells, p.cells) : undefined;
  if (!lie) throw new Error(`no lie of ${p.piece}`);
  return [at, 'place', p.piece, lie];
}

/** The task's solution put down as a hand puts pieces down: one every 0.4 s. */
const claim = {
  placements: task.solution,
  trail: task.solution.flatMap((p, i): TrailMove[] => [[200 + 400 * i, 'turn', p.piece], placed(400 + 400 * i, p)]),
};

function setup(whose: Record<string, Whose> = { p1: { person: true, account: 'ana' } }) {
  const stores = openMemoryStores();
  const clock = { t: 1_000_000, now: () => clock.t };
  const inPlay = new LocalInPlay();
  const attempts = new Attempts(stores);
  const logged: string[] = [];
  const services = { stores, attempts, inPlay, clock, log: (m: string) => logged.push(m) };
  const solves = new Solves(services, deck, 'room1', { log: 'room room1', flag: ' in a race' }, (p) => whose[p]);
  return { stores, clock, inPlay, attempts, solves, logged };
}

async function account(stores: Stores, id: string): Promise<void> {
  await stores.accounts.createAccount({
    id,
    secretHash: id,
    name: id,
    username: null,
    passwordHash: null,
    createdAt: 0,
  });
}

describe('Solves', () => {
  it('keeps a dealt task in play for the account until the round or run is over', async () => {
    const { solves, inPlay } = setup();
    const inDeck = { edition: 'classic', ...ref } as const;
    solves.deal([{ player: 'p1', ...ref }]);
    expect(await inPlay.has('ana', inDeck)).toBe(true);
    // Another account's practice of the same task is free.
    expect(await inPlay.has('ben', inDeck)).toBe(false);
    solves.close();
    expect(await inPlay.has('ana', inDeck)).toBe(false);
  });

  it("counts a person's solve in a hand's time as a first attempt, at the task's difficulty", async () => {
    const { solves, clock, stores, attempts } = setup();
    solves.deal([{ player: 'p1', ...ref }]);
    clock.t += floorMs + 2000;
    expect(solves.solved('p1', claim)).toBe(true);
    // The solve's time is kept from the deal to the solve, not to when the attempt is counted.
    clock.t += 5000;
    expect(solves.spent('p1')).toBeCloseTo(floorMs + 2000, 6);
    solves.attempted('p1', ref, true, solves.spent('p1'));
    await attempts.idle();
    const rated = await stores.ratings.puzzleRating(taskKey('classic', ref));
    expect(rated?.attempts).toBe(1);
    expect(await stores.ratings.timedAttempts('classic/')).toEqual([
      { accountId: 'ana', task: taskKey('classic', ref), ms: Math.round(floorMs + 2000), solved: true, at: clock.t },
    ]);
    expect(await stores.ratings.taskTimes('classic/')).toMatchObject([{ task: taskKey('classic', ref), attempts: 1 }]);
    expect(await stores.accounts.flaggedAccounts()).toEqual([]);
    expect(solves.implausible.size).toBe(0);
  });

  it('times a race round’s attempts: a solve to its claim, a board not solved to the round’s end (censored)', async () => {
    const { solves, clock, stores, attempts } = setup({
      p1: { person: true, account: 'ana' },
      p2: { person: true, account: 'ben' },
    });
    const deals = [
      { player: 'p1', ...ref },
      { player: 'p2', ...ref },
    ];
    const started: RaceEvent = { type: 'round-started', round: 1, tieBreak: false, roller: 'p1', deals, deadline: 0 };
    trackRace(solves, [started], { type: 'start-round' });
    clock.t += floorMs + 2000;
    const solvedAt = clock.t;
    trackRace(solves, [{ type: 'solved', player: 'p1', position: 1, gains: [] }], {
      type: 'claim',
      player: 'p1',
      ...claim,
    });
    clock.t += 30_000;
    const record = {
      round: 1,
      tieBreak: false,
      secondChance: false,
      deals,
      solved: ['p1'],
      gains: {},
      bag: { ruby: 0, sapphire: 0, emerald: 0, amber: 0 },
      marker: { sapphire: 0, amber: 0 },
      moves: {},
      rows: [],
    };
    trackRace(solves, [{ type: 'round-ended', record }], { type: 'start-round' });
    await attempts.idle();
    const key = taskKey('classic', ref);
    expect(await stores.ratings.timedAttempts('classic/')).toEqual([
      { accountId: 'ana', task: key, ms: Math.round(floorMs + 2000), solved: true, at: clock.t },
      { accountId: 'ben', task: key, ms: Math.round(solvedAt + 30_000 - 1_000_000), solved: false, at: clock.t },
    ]);
  });

  it('flags the account of a solve under the human floor, and counts no attempt of that player again', async () => {
    const { solves, clock, stores, attempts } = setup();
    await account(stores, 'ana');
    solves.deal([{ player: 'p1', ...ref }]);
    clock.t += floorMs / 2;
    expect(solves.solved('p1', claim)).toBe(false);
    expect([...solves.implausible]).toEqual(['p1']);
    solves.attempted('p1', ref, true, floorMs / 2);
    // The next board, solved or not: still not counted.
    solves.deal([{ player: 'p1', ...ref }]);
    solves.attempted('p1', ref, false, 1000);
    await attempts.idle();
    expect(await stores.ratings.puzzleRating(taskKey('classic', ref))).toBeUndefined();
    expect(await stores.ratings.timedAttempts('classic/')).toEqual([]);
    await expect
      .poll(async () => (await stores.accounts.flaggedAccounts()).map((f) => [f.account.id, f.reason]))
      .toEqual([
        [
          'ana',
          expect.stringMatching(
            new RegExp(`^solved ${ref.board} easy ${ref.key} in a race in [0-9.]+ s, under the human floor of`),
          ),
        ],
      ]);
  });

  it('flags a claim with no move trail however slow, and judges no bot', async () => {
    const { solves, clock, stores } = setup({
      p1: { person: true, account: 'ana' },
      p2: { person: false, account: 'ben' },
    });
    await account(stores, 'ana');
    await account(stores, 'ben');
    solves.deal([
      { player: 'p1', ...ref },
      { player: 'p2', ...ref },
    ]);
    clock.t += 60_000;
    expect(solves.solved('p1', { placements: task.solution })).toBe(false);
    // A bot standing in for ben solves in no time: bots are not judged.
    expect(solves.solved('p2', undefined)).toBe(true);
    await expect.poll(async () => (await stores.accounts.flaggedAccounts()).map((f) => f.account.id)).toEqual(['ana']);
  });

  it('counts no attempt of a guest without an account, nor of a bot', async () => {
    const { solves, stores, attempts } = setup({
      p1: { person: true, account: undefined },
      p2: { person: false, account: 'ben' },
    });
    solves.deal([
      { player: 'p1', ...ref },
      { player: 'p2', ...ref },
    ]);
    solves.attempted('p1', ref, false, 1000);
    solves.attempted('p2', ref, false, 1000);
    await attempts.idle();
    expect(await stores.ratings.puzzleRating(taskKey('classic', ref))).toBeUndefined();
  });

  it('judges a task the deck does not hold at the lowest difficulty, so that our slip flags no one', () => {
    expect(UNKNOWN_DIFFICULTY).toBeLessThanOrEqual(
      Math.min(...deck.boards.flatMap((b) => [...b.sides.easy.tasks, ...b.sides.hard.tasks]).map((t) => t.difficulty)),
    );
    const { solves, clock } = setup();
    const unknown = { board: 'Z99', side: 'easy', key: task.key } as const;
    solves.deal([{ player: 'p1', ...unknown }]);
    clock.t += humanFloorSeconds(UNKNOWN_DIFFICULTY, task.pieces.length) * 1000 + 2000;
    expect(solves.solved('p1', claim)).toBe(true);
  });

  it('logs an attempt the store could not count, and goes on', async () => {
    const { solves, stores, attempts, logged } = setup();
    await stores.close();
    solves.deal([{ player: 'p1', ...ref }]);
    solves.attempted('p1', ref, false, 1000);
    await attempts.idle();
    await expect.poll(() => logged).toEqual([expect.stringMatching(/^room room1: could not count an attempt: /)]);
  });

  it("holds a rated game's claims only for what no person does, flags what the model notices, keeps both for review", async () => {
    const stores = openMemoryStores();
    const clock = { t: 1_000_000, now: () => clock.t };
    const logged: string[] = [];
    const services = {
      stores,
      attempts: new Attempts(stores),
      inPlay: new LocalInPlay(),
      clock,
      log: (m: string) => logged.push(m),
    };
    const whose = (p: string): Whose | undefined =>
      p === 'bot' ? { person: false, account: undefined } : { person: true, account: p };
    const solves = new Solves(
      services,
      deck,
      'room1',
      { log: 'room room1', flag: ' in a race' },
      whose,
      claimReview(stores, deck, 'G1-1'),
    );
    // The attack: each round claimed 0.25 s after the floor, one trail replayed each round (held);
    // a bare trail, new each round (flagged: the timing model is no proof, a reviewer looks); a person.
    const reused = {
      placements: task.solution,
      trail: task.solution.flatMap((p, i): TrailMove[] => [[200 + 700 * i, 'turn', p.piece], placed(500 + 700 * i, p)]),
    };
    const bare = (round: number) => ({
      placements: task.solution,
      trail: task.solution.map((p, i): TrailMove => placed(500 + 700 * i + 37 * round, p)),
    });
    const person = (round: number) => ({
      placements: task.solution,
      trail: task.solution.flatMap((p, i): TrailMove[] => [
        [300 + 1700 * i + (round % 3) * 400, 'turn', p.piece],
        [420 + 1700 * i + (round % 3) * 400, 'flip', p.piece],
        placed(900 + 1700 * i + (round % 3) * 400 + (round % 2) * 150, p),
      ]),
    });
    const verdicts: boolean[] = [];
    for (let round = 0; round < 4; round++) {
      solves.deal([
        { player: 'forger', ...ref },
        { player: 'flo', ...ref },
        { player: 'pia', ...ref },
        { player: 'bot', ...ref },
      ]);
      clock.t += floorMs + 250;
      verdicts.push(solves.solved('forger', reused));
      expect(solves.solved('flo', bare(round))).toBe(true);
      expect(solves.solved('bot', undefined)).toBe(true);
      clock.t += 6000 + 4000 * (round % 3);
      expect(solves.solved('pia', person(round)), logged.join('\n')).toBe(true);
    }
    // Each claim passes the floor; the forger's second replays the first's trail: held, and not
    // judged again (the player is off the game's ratings already). Flo stays rated, flagged once.
    expect(verdicts).toEqual([true, false, true, true]);
    expect([...solves.implausible]).toEqual(['forger']);
    await expect.poll(() => stores.reviews.reviews()).toHaveLength(1);
    await expect.poll(() => stores.reviews.queue(10)).toHaveLength(2);
    const flagged = (await stores.reviews.queue(10)).find((r) => r.kind === 'claim' && r.player === 'flo');
    expect(flagged).toMatchObject({ review: 'none', accountId: 'flo' });
    expect(flagged?.reasons.join('\n')).toMatch(/^floor: 2 of 2 solves within 25% over the human floor/m);
    expect(logged.join('\n')).toMatch(/claim of flo in game G1-1 flagged for review: /);
    const [held] = await stores.reviews.reviews();
    expect(held).toMatchObject({
      kind: 'claim',
      gameId: 'G1-1',
      player: 'forger',
      accountId: 'forger',
      review: 'held',
    });
    expect(held?.reasons.join('\n')).toMatch(/^reused: 2 trails or more with the same move timings to the ms$/m);
    expect(logged.join('\n')).toMatch(/claim of forger in game G1-1 held for review: /);
    // The server restarts: the game, resumed with a new Solves, still knows whose claim was held.
    const resumed = new Solves(
      services,
      deck,
      'room1',
      { log: 'room room1', flag: ' in a race' },
      whose,
      claimReview(stores, deck, 'G1-1'),
    );
    expect([...resumed.implausible]).toEqual([]);
    resumed.recall();
    await expect.poll(() => [...resumed.implausible]).toEqual(['forger']);
  });
});
