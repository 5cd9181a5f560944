import type { DeckEdition, SoloPuzzleTime } from '@ubongo/core';
import { CHALLENGE_ID_PATTERN } from '@ubongo/core';
import { shippedDeck } from '@ubongo/core/decks';
import { describe, expect, it } from 'vitest';
import { AccountError } from '../accounts/accounts.js';
import type { Account } from '../accounts/store.js';
import { solo } from '../storage/contract/fixtures.js';
import { openMemoryStores } from '../storage/memory.js';
import type { SoloRecord } from '../solo/store.js';
import { MovableClock } from '../test-clock.js';
import { CHALLENGE_MS, CHALLENGES_PER_DAY, ChallengeBook, verdictOf } from './challenges.js';
import { dailyAllows, planRace } from './race.js';

// The race looks through the decks it is given: two are enough here.
const decks = { classic: shippedDeck('classic'), extreme: shippedDeck('extreme') } as unknown as Record<
  DeckEdition,
  ReturnType<typeof shippedDeck>
>;

/** The first `n` tasks of the classic deck's easy side, as a run's puzzles, each solved in 20 s. */
const puzzles = (n: number): SoloPuzzleTime[] =>
  decks.classic.boards.slice(0, n).map((b) => ({
    board: b.id,
    side: 'easy' as const,
    key: b.sides.easy.tasks[0]?.key ?? '',
    outcome: 'solved' as const,
    ms: 20_000,
  }));

/** Ana and Bea, friends; Cy follows Ana alone; Gus a guest; a stored run of Ana's. */
async function setUp() {
  const stores = openMemoryStores();
  const clock = new MovableClock(1, 0, Date.parse('2026-11-01T12:00:00Z'));
  // Standing still, moved on by hand: the server's date as the test says it is.
  clock.hold();
  const book = new ChallengeBook(stores, () => clock.now());
  const make = async (id: string, name: string, claimed = true): Promise<Account> => {
    await stores.accounts.createAccount({
      id,
      secretHash: 'ab',
      name,
      username: null,
      passwordHash: null,
      createdAt: 1,
    });
    const key = name.toLowerCase();
    if (claimed) await stores.accounts.claimAccount(id, key, key, 'h', key);
    const account = await stores.accounts.account(id);
    if (!account) throw new Error('no account');
    return account;
  };
  const ana = await make('a1', 'Ana');
  const bea = await make('a2', 'Bea');
  const cy = await make('a3', 'Cy');
  const gus = await make('g1', 'Gus', false);
  const follow = (from: string, to: string) => stores.friends.setAccountLink({ from, to, kind: 'follow', at: 1 });
  await follow('a1', 'a2');
  await follow('a2', 'a1');
  await follow('a3', 'a1');
  const save = (over: Partial<SoloRecord> = {}) =>
    stores.soloRuns.saveSolo(
      solo({
        accountId: 'a1',
        player: 'Ana',
        mode: 'count',
        limit: 5,
        solved: 5,
        ms: 100_000,
        puzzles: puzzles(5),
        ...over,
      }),
    );
  const run = await save();
  return { stores, clock, book, ana, bea, cy, gus, run, save };
}

/** The refusal `promise` ends in: its status and code. */
async function refusal(promise: Promise<unknown>): Promise<[number, string]> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof AccountError) return [e.status, e.code];
    throw e;
  }
  throw new Error('not refused');
}

describe('challenges', () => {
  it('sends a friend a run, open for a week, then expired', async () => {
    const { book, clock, ana, bea, run } = await setUp();
    const made = await book.send(ana, 'bea', run);
    expect(made.id).toMatch(CHALLENGE_ID_PATTERN);
    expect(made.expiresAt).toBe(clock.now() + CHALLENGE_MS);
    const received = await book.list(bea);
    expect(received.sent).toEqual([]);
    expect(received.received).toMatchObject([
      {
        id: made.id,
        status: 'open',
        raceable: true,
        from: { account: 'a1', name: 'Ana', run, solved: 5, ms: 100_000 },
        to: { account: 'a2', run: null, solved: null },
        setting: { dealing: 'shuffled', mode: 'count', limit: 5, tasks: 5 },
        winner: null,
        rematch: null,
      },
    ]);
    expect((await book.list(ana)).sent).toMatchObject([{ id: made.id, status: 'open', raceable: false }]);
    clock.advance(CHALLENGE_MS - 1);
    expect((await book.toRace(bea, made.id)).run.id).toBe(run);
    clock.advance(1);
    expect((await book.list(bea)).received).toMatchObject([{ status: 'expired', raceable: false }]);
    expect(await refusal(book.toRace(bea, made.id))).toEqual([409, 'challenge/not-open']);
    expect(await refusal(book.decline(bea, made.id))).toEqual([409, 'challenge/not-open']);
    expect(
      await book.settle(made.id, {
        id: 99,
        result: { mode: 'count', limit: 5, side: 'easy', solved: 5, skipped: 0, ms: 1 },
        verified: true,
      }),
    ).toBe(false);
    // Expired, a new challenge of the same run may be sent.
    expect((await book.send(ana, 'a2', run)).id).toMatch(CHALLENGE_ID_PATTERN);
  });

  it('refuses guests, strangers, others’ runs, runs that cannot be raced, and a second open one', async () => {
    const { book, ana, bea, cy, gus, run, save } = await setUp();
    expect(await refusal(book.send(gus, 'bea', run))).toEqual([403, 'account/claim-first']);
    // Cy follows Ana, Ana does not follow Cy: not friends.
    expect(await refusal(book.send(ana, 'cy', run))).toEqual([403, 'challenge/not-friends']);
    expect(await refusal(book.send(ana, 'nobody', run))).toEqual([404, 'friends/no-such-player']);
    expect(await refusal(book.send(ana, 'ana', run))).toEqual([400, 'friends/yourself']);
    expect(await refusal(book.send(ana, 'bea', 9999))).toEqual([404, 'challenge/no-such-run']);
    expect(await refusal(book.send(bea, 'ana', run))).toEqual([403, 'challenge/not-your-run']);
    expect(await refusal(book.send(ana, 'bea', await save({ verified: false })))).toEqual([
      422,
      'challenge/not-raceable',
    ]);
    expect(await refusal(book.send(ana, 'bea', await save({ dealing: 'storm' })))).toEqual([
      422,
      'challenge/not-raceable',
    ]);
    expect(await refusal(book.send(ana, 'bea', await save({ review: 'held' })))).toEqual([
      422,
      'challenge/not-raceable',
    ]);
    await book.send(ana, 'bea', run);
    expect(await refusal(book.send(ana, 'bea', run))).toEqual([409, 'challenge/already-open']);
    expect(cy.id).toBe('a3');
  });

  it(`sends at most ${CHALLENGES_PER_DAY} a day`, async () => {
    const { book, clock, ana, save } = await setUp();
    for (let i = 0; i < CHALLENGES_PER_DAY; i++) await book.send(ana, 'bea', await save());
    expect(await refusal(book.send(ana, 'bea', await save()))).toEqual([429, 'challenge/too-many']);
    clock.advance(86_400_001);
    expect((await book.send(ana, 'bea', await save())).id).toMatch(CHALLENGE_ID_PATTERN);
  });

  it('only its recipient races or declines it; anyone else gets 404', async () => {
    const { book, ana, bea, cy, run } = await setUp();
    const { id } = await book.send(ana, 'bea', run);
    expect(await refusal(book.toRace(ana, id))).toEqual([404, 'challenge/not-found']);
    expect(await refusal(book.toRace(cy, id))).toEqual([404, 'challenge/not-found']);
    expect(await refusal(book.decline(cy, id))).toEqual([404, 'challenge/not-found']);
    await book.decline(bea, id);
    expect((await book.list(ana)).sent).toMatchObject([{ id, status: 'declined', winner: null }]);
    expect(await refusal(book.toRace(bea, id))).toEqual([409, 'challenge/not-open']);
  });

  it('settles the verdict once, and offers each a rematch', async () => {
    const { book, ana, bea, run, stores } = await setUp();
    const { id } = await book.send(ana, 'bea', run);
    const race = await stores.soloRuns.saveSolo(
      solo({
        accountId: 'a2',
        player: 'Bea',
        mode: 'count',
        limit: 5,
        solved: 5,
        ms: 90_000,
        dealing: 'ghost',
        puzzles: puzzles(5),
      }),
    );
    const result = { mode: 'count', limit: 5, side: 'easy', solved: 5, skipped: 0, ms: 90_000 } as const;
    expect(await book.settle(id, { id: race, result, verified: true })).toBe(true);
    expect(await book.settle(id, { id: race, result, verified: true })).toBe(false);
    const seen = (await book.list(bea)).received[0];
    expect(seen).toMatchObject({
      status: 'raced',
      winner: 'to',
      raceable: false,
      to: { run: race, solved: 5, ms: 90_000 },
      rematch: race,
    });
    expect((await book.list(ana)).sent[0]).toMatchObject({ winner: 'to', rematch: run });
    // Bea's race sent back: Ana races it on the same tasks.
    const back = await book.send(bea, 'ana', race);
    expect((await book.list(ana)).received).toMatchObject([{ id: back.id, from: { account: 'a2' }, raceable: true }]);
  });

  it('judges as solo records compare; an unverified race loses', async () => {
    const r = (solved: number, ms: number) =>
      ({ mode: 'timed', limit: 5, side: 'easy', solved, skipped: 0, ms }) as const;
    expect(verdictOf(r(5, 300_000), r(4, 300_000))).toBe('from');
    expect(verdictOf(r(4, 300_000), r(5, 300_000))).toBe('to');
    expect(verdictOf(r(5, 200_000), r(5, 200_000))).toBe('tie');
    const { book, ana, run } = await setUp();
    const { id } = await book.send(ana, 'bea', run);
    const fast = { mode: 'count', limit: 5, side: 'easy', solved: 5, skipped: 0, ms: 1000 } as const;
    expect(await book.settle(id, { id: 50, result: fast, verified: false })).toBe(true);
    expect((await book.list(ana)).sent[0]?.winner).toBe('from');
  });

  it('plans a race on the run’s own tasks, in order, on the deck that holds them', async () => {
    const { stores, run } = await setUp();
    const stored = await stores.soloRuns.soloRun(run);
    if (!stored) throw new Error('no run');
    const plan = await planRace(stored, decks, stores);
    expect(plan.ok && plan.value).toMatchObject({
      edition: 'classic',
      mode: 'count',
      limit: 5,
      tasks: puzzles(5).map(({ board, side, key }) => ({ board, side, key })),
    });
    const gone = await planRace(
      { ...stored, puzzles: [{ board: 'zzzzzzzz', side: 'easy', key: 'x', outcome: 'solved', ms: 1 }] },
      decks,
      stores,
    );
    expect(gone.ok).toBe(false);
  });

  it('races today’s daily run only after the recipient’s counted attempt', async () => {
    const { stores, clock, save } = await setUp();
    const now = clock.now();
    const daily = await stores.soloRuns.soloRun(await save({ dealing: 'daily', finishedAt: now }));
    const yesterday = await stores.soloRuns.soloRun(await save({ dealing: 'daily', finishedAt: now - 86_400_000 }));
    if (!daily || !yesterday) throw new Error('no run');
    expect((await dailyAllows(daily, 'a2', now, stores)).ok).toBe(false);
    expect((await dailyAllows(yesterday, 'a2', now, stores)).ok).toBe(true);
    const today = new Date(now).toISOString().slice(0, 10);
    await stores.daily.takeDailyAttempt('a2', today, now);
    expect((await dailyAllows(daily, 'a2', now, stores)).ok).toBe(false);
    await stores.daily.settleDailyAttempt('a2', today, { id: 77, solved: true, ms: 30_000, verified: true });
    expect((await dailyAllows(daily, 'a2', now, stores)).ok).toBe(true);
  });

  it('a race left under way is lost, with no run of the recipient’s', async () => {
    const { book, ana, bea, run } = await setUp();
    const { id } = await book.send(ana, 'bea', run);
    expect(await book.forfeit(id)).toBe(true);
    expect(await book.forfeit(id)).toBe(false);
    expect((await book.list(bea)).received[0]).toMatchObject({
      status: 'raced',
      winner: 'from',
      forfeited: true,
      to: { run: null, solved: null },
      rematch: null,
    });
    expect((await book.list(ana)).sent[0]).toMatchObject({ winner: 'from', forfeited: true, rematch: run });
  });
});
