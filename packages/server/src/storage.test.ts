import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attempt, GameRecord, JournalEntry, LiveGame, RateAttempt, SoloRecord, Storage } from './storage.js';
import { DatabaseUrlError, MemoryStorage, PostgresStorage, SqliteStorage } from './storage.js';
import type { Postgres } from '@ubongo/test-support';
import { freePort, startPostgres } from '@ubongo/test-support';

const game: GameRecord = {
  id: 'ABC123-1',
  config: {
    edition: 'classic',
    variant: 'standard',
    players: [{ id: 'p1', side: 'easy' }],
    hourglassSeconds: 60,
    rounds: 1,
  },
  seed: 42,
  seats: [{ id: 'p1', name: 'Ana', kind: 'human' }],
  actions: [{ at: 1000, action: { type: 'start-round' } }],
  result: undefined,
  startedAt: 1000,
  finishedAt: 2000,
};

const finished: GameRecord = {
  ...game,
  seats: [...game.seats, { id: 'b1', name: 'Bot', kind: 'bot', level: 'fast' }],
  result: { winners: ['p1'], scores: { p1: 3, b1: [2, 1] }, tieBreakRounds: 0 },
};

const solo = (over: Partial<SoloRecord>): SoloRecord => ({
  player: 'Zoe',
  mode: 'timed',
  limit: 5,
  side: 'easy',
  solved: 3,
  skipped: 0,
  ms: 300_000,
  seed: 1,
  finishedAt: 1,
  accountId: null,
  verified: true,
  puzzles: [],
  dealing: 'shuffled',
  ...over,
});

/** A first attempt at `task` by `accountId`, solved; a task and a solver start at mu 0, sigma 8. */
const attemptOf = (accountId: string, task: string, at = 1): Attempt => ({
  accountId,
  edition: 'classic',
  task,
  start: { mu: 0, sigma: 8 },
  fresh: { mu: 0, sigma: 8 },
  solved: true,
  at,
});

/** A rating that counts: each game adds 1 to the solver's mu and the task's. */
const plusOne: RateAttempt = (solver, task) => ({
  solver: { mu: solver.mu + 1, sigma: solver.sigma },
  task: { mu: task.mu + 1, sigma: task.sigma },
});

const live: LiveGame = {
  id: 'ABC123-1',
  room: 'ABC123',
  public: false,
  config: game.config,
  seed: 42,
  startedAt: 1000,
  seats: [
    { id: 'p1', occupant: { kind: 'human', name: 'Ana' }, side: 'easy', keyHash: 'ab'.repeat(32) },
    { id: 'p2', occupant: { kind: 'bot', level: 'casual', number: 1 }, side: 'hard' },
  ],
};

const started: JournalEntry = { at: 1000, kind: 'action', action: { type: 'start-round' } };
const standIn: JournalEntry = { at: 1500, kind: 'stand-in', player: 'p1' };
const claim: JournalEntry = { at: 2000, kind: 'action', action: { type: 'claim', player: 'p2', placements: [] } };
const entries = [started, standIn, claim];

// What the copy tests do to what they are given back; the types say readonly, a caller may not care.
type Mutable<T> = { -readonly [K in keyof T]: Mutable<T[K]> };

/**
 * What every Storage must do. Run here against SQLite, memory and PostgreSQL; another
 * implementation runs the same suite. `open` gives a new, empty store each time.
 */
function storageContract(name: string, open: () => Promise<Storage>): void {
  describe(`${name} storage`, () => {
    it('stores a game and gives it back; saving again replaces it', async () => {
      const storage = await open();
      await storage.saveGame(game);
      expect(await storage.game(game.id)).toEqual(game);
      const finished = { ...game, result: { winners: ['p1'], scores: { p1: 3 }, tieBreakRounds: 0 } };
      await storage.saveGame(finished);
      expect(await storage.game(game.id)).toEqual(finished);
      expect(await storage.game('nope')).toBeUndefined();
      await storage.close();
    });

    it('lists timed records by most solved, then fastest; count records by time, complete runs only', async () => {
      const storage = await open();
      await storage.saveSolo(solo({ player: 'A', solved: 3, ms: 300_000 }));
      await storage.saveSolo(solo({ player: 'B', solved: 5, ms: 300_000 }));
      await storage.saveSolo(solo({ player: 'C', solved: 5, ms: 299_000 }));
      await storage.saveSolo(solo({ player: 'D', solved: 9, side: 'hard' }));
      await storage.saveSolo(solo({ player: 'E', mode: 'count', solved: 5, ms: 90_000 }));
      await storage.saveSolo(solo({ player: 'F', mode: 'count', solved: 5, ms: 80_000 }));
      await storage.saveSolo(solo({ player: 'G', mode: 'count', solved: 4, ms: 10_000 }));
      expect((await storage.records({ mode: 'timed', side: 'easy' })).map((r) => r.player)).toEqual(['C', 'B', 'A']);
      expect((await storage.records({ mode: 'timed' })).map((r) => r.player)).toEqual(['D', 'C', 'B', 'A']);
      expect((await storage.records({ mode: 'timed', top: 2 })).map((r) => r.player)).toEqual(['D', 'C']);
      expect((await storage.records({ mode: 'count', limit: 5 })).map((r) => r.player)).toEqual(['F', 'E']);
      expect(await storage.records({ mode: 'count', limit: 10 })).toEqual([]);
      await storage.close();
    });

    it('gives back a game whose result is undefined with every field, the result key included', async () => {
      const storage = await open();
      await storage.saveGame(game);
      // Strict: `result` is there and undefined, not missing; nothing else is added or dropped.
      expect(await storage.game(game.id)).toStrictEqual(game);
      await storage.saveGame(finished);
      expect(await storage.game(game.id)).toStrictEqual(finished);
      await storage.close();
    });

    it('shares no object with its callers: changing a saved or returned game changes nothing stored', async () => {
      const storage = await open();
      const saved = structuredClone(finished) as Mutable<GameRecord>;
      await storage.saveGame(saved);
      saved.seats.push({ id: 'x', name: 'Mallory', kind: 'human' });
      saved.result?.winners.push('x');
      const first = (await storage.game(game.id)) as Mutable<GameRecord> | undefined;
      expect(first).toStrictEqual(finished);
      const second = await storage.game(game.id);
      expect(second).not.toBe(first);
      expect(second?.config).not.toBe(first?.config);
      expect(second?.seats).not.toBe(first?.seats);
      expect(second?.actions).not.toBe(first?.actions);
      expect(second?.result).not.toBe(first?.result);
      if (!first?.result) throw new Error('the game has no result');
      first.seed = 7;
      first.config.rounds = 9;
      first.seats.length = 0;
      first.actions.push({ at: 3000, action: { type: 'start-round' } });
      first.result.winners.push('b1');
      first.result.scores['p1'] = 0;
      expect(await storage.game(game.id)).toStrictEqual(finished);
      await storage.close();
    });

    it('shares no object with its callers: changing a saved or returned solo record changes nothing stored', async () => {
      const storage = await open();
      const saved = solo({ player: 'A' }) as Mutable<SoloRecord>;
      await storage.saveSolo(saved);
      saved.player = 'Mallory';
      saved.solved = 99;
      const [first] = (await storage.records({ mode: 'timed' })) as Mutable<SoloRecord>[];
      expect(first).toStrictEqual(solo({ player: 'A' }));
      if (!first) throw new Error('no record');
      first.ms = 1;
      first.player = 'Mallory';
      const again = await storage.records({ mode: 'timed' });
      expect(again).toStrictEqual([solo({ player: 'A' })]);
      expect(again[0]).not.toBe(first);
      await storage.close();
    });

    it('breaks ties in records by who finished first, whatever the saving order', async () => {
      const storage = await open();
      await storage.saveSolo(solo({ player: 'late', finishedAt: 30 }));
      await storage.saveSolo(solo({ player: 'early', finishedAt: 10 }));
      await storage.saveSolo(solo({ player: 'middle', finishedAt: 20 }));
      await storage.saveSolo(solo({ player: 'faster', finishedAt: 40, ms: 200_000 }));
      await storage.saveSolo(solo({ player: 'count late', mode: 'count', solved: 5, ms: 60_000, finishedAt: 30 }));
      await storage.saveSolo(solo({ player: 'count early', mode: 'count', solved: 5, ms: 60_000, finishedAt: 10 }));
      // For a count game the number solved is no key: every record solved them all.
      await storage.saveSolo(solo({ player: 'count more', mode: 'count', solved: 6, ms: 60_000, finishedAt: 20 }));
      expect((await storage.records({ mode: 'timed' })).map((r) => r.player)).toEqual([
        'faster',
        'early',
        'middle',
        'late',
      ]);
      expect((await storage.records({ mode: 'count' })).map((r) => r.player)).toEqual([
        'count early',
        'count more',
        'count late',
      ]);
      await storage.close();
    });

    it('lists the best 10 unless asked for another number', async () => {
      const storage = await open();
      for (let i = 0; i < 12; i++) await storage.saveSolo(solo({ player: `P${i}`, ms: 100_000 + i }));
      const best = (await storage.records({ mode: 'timed' })).map((r) => r.player);
      expect(best).toEqual(['P0', 'P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9']);
      expect((await storage.records({ mode: 'timed', top: 3 })).map((r) => r.player)).toEqual(['P0', 'P1', 'P2']);
      expect(await storage.records({ mode: 'timed', top: 1 })).toHaveLength(1);
      expect(await storage.records({ mode: 'timed', top: 100 })).toHaveLength(12);
      await storage.close();
    });

    it('filters records by side and by limit, alone or together', async () => {
      const storage = await open();
      await storage.saveSolo(solo({ player: 'easy 5', mode: 'count', limit: 5, solved: 5, ms: 50_000 }));
      await storage.saveSolo(solo({ player: 'hard 5', mode: 'count', limit: 5, side: 'hard', solved: 5, ms: 40_000 }));
      await storage.saveSolo(solo({ player: 'easy 10', mode: 'count', limit: 10, solved: 10, ms: 30_000 }));
      await storage.saveSolo(solo({ player: 'easy 10 unfinished', mode: 'count', limit: 10, solved: 9, ms: 1_000 }));
      await storage.saveSolo(
        solo({ player: 'hard 10', mode: 'count', limit: 10, side: 'hard', solved: 10, ms: 20_000 }),
      );
      await storage.saveSolo(solo({ player: 'timed hard', side: 'hard', solved: 8 }));
      const players = async (q: Parameters<Storage['records']>[0]) => (await storage.records(q)).map((r) => r.player);
      expect(await players({ mode: 'count' })).toEqual(['hard 10', 'easy 10', 'hard 5', 'easy 5']);
      expect(await players({ mode: 'count', limit: 10 })).toEqual(['hard 10', 'easy 10']);
      expect(await players({ mode: 'count', limit: 5 })).toEqual(['hard 5', 'easy 5']);
      expect(await players({ mode: 'count', side: 'hard' })).toEqual(['hard 10', 'hard 5']);
      expect(await players({ mode: 'count', side: 'easy', limit: 10 })).toEqual(['easy 10']);
      expect(await players({ mode: 'count', limit: 20 })).toEqual([]);
      expect(await players({ mode: 'timed', side: 'hard' })).toEqual(['timed hard']);
      expect(await players({ mode: 'timed', side: 'easy' })).toEqual([]);
      await storage.close();
    });

    it('keeps the journal of a game under way until its record is stored', async () => {
      const storage = await open();
      expect(await storage.liveGames()).toEqual([]);
      await storage.beginGame(live);
      for (const [seq, entry] of entries.entries()) await storage.journal(live.id, seq, entry);
      await expect(storage.journal(live.id, 1, started)).rejects.toThrow();
      await expect(storage.journal('nope', 0, started)).rejects.toThrow('no game nope under way');
      expect(await storage.liveGames()).toEqual([
        { game: live, entries: entries.map((entry, seq) => ({ seq, entry })), nextSeq: 3 },
      ]);
      // A restart plays the round again: the entries from seq 1 on are set apart, not lost, and
      // the next entry takes a seq past them.
      await storage.voidJournal(live.id, 1);
      expect(await storage.liveGames()).toEqual([{ game: live, entries: [{ seq: 0, entry: started }], nextSeq: 3 }]);
      await storage.journal(live.id, 3, claim);
      expect(await storage.voidedEntries()).toEqual([
        { gameId: live.id, seq: 1, entry: standIn },
        { gameId: live.id, seq: 2, entry: claim },
      ]);
      // Its record stored, the game is no longer under way.
      await storage.saveGame(finished);
      expect(await storage.liveGames()).toEqual([]);
      expect(await storage.voidedEntries()).toHaveLength(2);
      expect((await storage.game(game.id))?.result).toEqual(finished.result);
      await storage.close();
    });

    it('stores the entries of many games written at once, and fails only the faulty ones', async () => {
      const storage = await open();
      const games = Array.from({ length: 40 }, (_, i) => ({ ...live, id: `G-${i}`, room: `r${i}` }));
      for (const g of games) await storage.beginGame(g);
      await storage.journal('G-0', 0, started);
      // All at once: each game's next entry, one seq already taken, one game never begun.
      const writes = [
        ...games.map((g, i) => storage.journal(g.id, i === 0 ? 1 : 0, started)),
        storage.journal('G-1', 0, claim),
        storage.journal('nope', 0, started),
      ];
      const outcomes = await Promise.allSettled(writes);
      expect(outcomes.slice(0, 40).every((o) => o.status === 'fulfilled')).toBe(true);
      expect(outcomes[40]?.status).toBe('rejected');
      expect(outcomes[41]).toMatchObject({ status: 'rejected', reason: new Error('no game nope under way') });
      const journals = await storage.liveGames();
      expect(journals).toHaveLength(40);
      expect(journals.find((j) => j.game.id === 'G-0')?.entries).toHaveLength(2);
      expect(journals.find((j) => j.game.id === 'G-1')?.entries).toEqual([{ seq: 0, entry: started }]);
      await storage.close();
    });
    it('lists games under way by their start', async () => {
      const storage = await open();
      await storage.beginGame({ ...live, id: 'B-2', startedAt: 2000 });
      await storage.beginGame({ ...live, id: 'A-3', startedAt: 3000 });
      await storage.beginGame({ ...live, id: 'C-1', startedAt: 1000 });
      expect((await storage.liveGames()).map((j) => j.game.id)).toEqual(['C-1', 'B-2', 'A-3']);
      await storage.close();
    });

    it('lists the results of a period: those finished since a time', async () => {
      const storage = await open();
      await storage.saveSolo(solo({ player: 'Old', solved: 9, finishedAt: 100 }));
      await storage.saveSolo(solo({ player: 'New', solved: 3, finishedAt: 200 }));
      expect((await storage.records({ mode: 'timed', since: 150 })).map((r) => r.player)).toEqual(['New']);
      expect((await storage.records({ mode: 'timed', since: 200 })).map((r) => r.player)).toEqual(['New']);
      expect((await storage.records({ mode: 'timed' })).map((r) => r.player)).toEqual(['Old', 'New']);
      await storage.close();
    });

    it('lists verified results only, and gives an account all of its own, newest first', async () => {
      const storage = await open();
      await storage.saveSolo(solo({ player: 'Fast', solved: 9, accountId: 'a1', verified: false, finishedAt: 3 }));
      await storage.saveSolo(solo({ player: 'Ana', solved: 4, accountId: 'a1', finishedAt: 2 }));
      await storage.saveSolo(solo({ player: 'Ben', solved: 5, accountId: 'a2', finishedAt: 1 }));
      expect((await storage.records({ mode: 'timed' })).map((r) => r.player)).toEqual(['Ben', 'Ana']);
      expect((await storage.soloResultsOf('a1')).map((r) => [r.player, r.verified])).toEqual([
        ['Fast', false],
        ['Ana', true],
      ]);
      expect(await storage.soloResultsOf('nobody')).toEqual([]);
      await storage.close();
    });

    it('keeps each puzzle of a run with its moves, and lists runs dealt at a level nowhere but their account', async () => {
      const storage = await open();
      const puzzles = [
        { board: 'C01', side: 'easy', key: '3', outcome: 'solved', ms: 4200, trail: [[800, 'place', 'L4']] },
        { board: 'C07', side: 'easy', key: '6', outcome: 'skipped', ms: 900 },
        { board: 'C02', side: 'easy', key: '1', outcome: 'unfinished', ms: 12_000 },
      ] as const;
      await storage.saveSolo(solo({ player: 'Ana', accountId: 'a1', puzzles, finishedAt: 2 }));
      await storage.saveSolo(solo({ player: 'Lev', solved: 9, accountId: 'a1', dealing: 'level', finishedAt: 3 }));
      expect((await storage.records({ mode: 'timed' })).map((r) => r.player)).toEqual(['Ana']);
      const mine = await storage.soloResultsOf('a1');
      expect(mine.map((r) => [r.player, r.dealing])).toEqual([
        ['Lev', 'level'],
        ['Ana', 'shuffled'],
      ]);
      expect(mine[1]?.puzzles).toEqual(puzzles);
      await storage.close();
    });

    it('keeps solvers’ ratings per edition, and lists the puzzle ratings of a deck', async () => {
      const storage = await open();
      expect(await storage.solverRating('a1', 'classic')).toBeUndefined();
      const mine = { accountId: 'a1', edition: 'classic', mu: 27.5, sigma: 7.25, attempts: 1, updatedAt: 5 } as const;
      await storage.saveSolverRating(mine);
      await storage.saveSolverRating({ ...mine, edition: 'extreme', mu: 20 });
      await storage.saveSolverRating({ ...mine, mu: 28.5, attempts: 2 });
      expect(await storage.solverRating('a1', 'classic')).toEqual({ ...mine, mu: 28.5, attempts: 2 });
      expect(await storage.solverRating('a1', 'extreme')).toMatchObject({ mu: 20 });
      for (const task of ['classic/C02/easy/1', 'extreme/X01/easy/red', 'classic/C01/hard/4'])
        await storage.savePuzzleRating({ task, mu: 25, sigma: 8, attempts: 1, updatedAt: 1 });
      expect((await storage.puzzleRatings('classic/')).map((r) => r.task)).toEqual([
        'classic/C01/hard/4',
        'classic/C02/easy/1',
      ]);
      expect(await storage.puzzleRatings('jewels/')).toEqual([]);
      await storage.close();
    });

    it('flags accounts for review, keeping the first reason', async () => {
      const storage = await open();
      const account = { id: 'a1', secretHash: 'ab', name: 'Ana', username: null, passwordHash: null, createdAt: 1 };
      await storage.createAccount(account);
      await storage.createAccount({ ...account, id: 'a2', name: 'Ben' });
      expect(await storage.flaggedAccounts()).toEqual([]);
      await storage.flagAccount('a2', 'too fast', 20);
      await storage.flagAccount('a1', 'too fast once', 10);
      await storage.flagAccount('a1', 'too fast again', 30);
      expect((await storage.flaggedAccounts()).map((f) => [f.account.name, f.reason, f.at])).toEqual([
        ['Ana', 'too fast once', 10],
        ['Ben', 'too fast', 20],
      ]);
      await storage.close();
    });

    it('keeps ratings per edition with their history, and ranks them by mu - 3 sigma', async () => {
      const storage = await open();
      const account = { id: 'a1', secretHash: 'ab', name: 'Ana', username: null, passwordHash: null, createdAt: 1 };
      await storage.createAccount(account);
      await storage.createAccount({ ...account, id: 'a2', name: 'Ben' });
      const r = (accountId: string, mu: number, sigma: number, games: number, updatedAt: number) => ({
        accountId,
        edition: 'classic' as const,
        mu,
        sigma,
        games,
        updatedAt,
      });
      await storage.saveRatings('g1', [r('a1', 27, 7, 1, 10), r('a2', 23, 7, 1, 10)]);
      // Saving a game's ratings twice keeps one history entry for it.
      await storage.saveRatings('g1', [r('a1', 27, 7, 1, 10)]);
      await storage.saveRatings('g2', [r('a1', 28, 6, 2, 20), r('a2', 30, 8, 2, 20)]);
      expect(await storage.ratingsOf('a1')).toEqual([r('a1', 28, 6, 2, 20)]);
      expect(await storage.ratingsOf('nobody')).toEqual([]);
      expect(await storage.ratingHistory('a1', 'classic')).toEqual([
        { gameId: 'g1', mu: 27, sigma: 7, at: 10 },
        { gameId: 'g2', mu: 28, sigma: 6, at: 20 },
      ]);
      expect(await storage.ratingHistory('a1', 'extreme')).toEqual([]);
      // 28 - 18 = 10 beats 30 - 24 = 6.
      expect((await storage.leaderboard('classic', 10)).map((x) => [x.name, x.mu])).toEqual([
        ['Ana', 28],
        ['Ben', 30],
      ]);
      expect(await storage.leaderboard('classic', 1)).toHaveLength(1);
      expect(await storage.leaderboard('jewels', 10)).toEqual([]);
      await storage.close();
    });

    it('counts first attempts once, in order, and keeps puzzle ratings', async () => {
      const storage = await open();
      const t1 = 'classic/C01/easy/1';
      const t2 = 'classic/C01/easy/2';
      const attempt = (accountId: string, task: string, at: number): Attempt => ({
        ...attemptOf(accountId, task, at),
        start: { mu: 26, sigma: 8 },
        fresh: { mu: 25, sigma: 7 },
      });
      // A rating that shows what played it: each game adds 1 to the solver's mu and the task's sigma.
      const seen: string[] = [];
      const rate: RateAttempt = (solver, task) => {
        seen.push(`${solver.mu}:${task.sigma}`);
        return { solver: { mu: solver.mu + 1, sigma: solver.sigma }, task: { mu: task.mu, sigma: task.sigma + 1 } };
      };
      expect(await storage.countAttempts([], rate)).toEqual([]);
      // a1 twice at t1 in one batch: the first counts.
      expect(
        await storage.countAttempts([attempt('a1', t1, 5), attempt('a1', t1, 6), attempt('a2', t1, 7)], rate),
      ).toEqual([true, false, true]);
      expect(seen).toEqual(['25:8', '25:9']);
      expect(await storage.puzzleRating(t1)).toEqual({ task: t1, mu: 26, sigma: 10, attempts: 2, updatedAt: 7 });
      expect(await storage.solverRating('a1', 'classic')).toEqual({
        accountId: 'a1',
        edition: 'classic',
        mu: 26,
        sigma: 7,
        attempts: 1,
        updatedAt: 5,
      });
      // Again at t1: nothing counts, nothing moves. At t2, a1 plays from where t1 left it.
      expect(await storage.countAttempts([attempt('a1', t1, 8), attempt('a2', t1, 8)], rate)).toEqual([false, false]);
      expect(await storage.countAttempts([attempt('a1', t2, 9)], rate)).toEqual([true]);
      expect(seen).toEqual(['25:8', '25:9', '26:8']);
      expect(await storage.solverRating('a1', 'classic')).toMatchObject({ mu: 27, attempts: 2, updatedAt: 9 });
      expect(await storage.puzzleRating(t1)).toMatchObject({ sigma: 10, attempts: 2 });
      expect(await storage.puzzleRating('classic/C01/easy/3')).toBeUndefined();
      const rated = { task: 'classic/C01/easy/3', mu: 26, sigma: 8, attempts: 2, updatedAt: 7 };
      await storage.savePuzzleRating(rated);
      await storage.savePuzzleRating({ ...rated, mu: 27, attempts: 3 });
      expect(await storage.puzzleRating('classic/C01/easy/3')).toEqual({ ...rated, mu: 27, attempts: 3 });
      await storage.close();
    });

    it('keeps accounts: a guest, claimed with a username no other account has in any case', async () => {
      const storage = await open();
      const guest = {
        id: 'a1',
        secretHash: 'ab'.repeat(32),
        name: 'Ana',
        username: null,
        passwordHash: null,
        createdAt: 5,
      };
      await storage.createAccount(guest);
      await storage.createAccount({ ...guest, id: 'a2', name: 'Ben' });
      await expect(storage.createAccount(guest)).rejects.toThrow();
      expect(await storage.account('a1')).toEqual(guest);
      expect(await storage.account('nope')).toBeUndefined();
      expect(await storage.claimAccount('a1', 'AnaK', 'anak', 'scrypt$1')).toBe(true);
      expect(await storage.claimAccount('a2', 'ANAK', 'anak', 'scrypt$2')).toBe(false);
      expect(await storage.accountByUsername('anak')).toEqual({ ...guest, username: 'AnaK', passwordHash: 'scrypt$1' });
      await storage.setPassword('a1', 'scrypt$3');
      await storage.renameAccount('a1', 'Ana K.');
      expect(await storage.account('a1')).toMatchObject({ name: 'Ana K.', passwordHash: 'scrypt$3' });
      expect((await storage.account('a2'))?.username).toBeNull();
      await storage.close();
    });

    it('keeps sessions and signs them out one by one or all but one', async () => {
      const storage = await open();
      const session = (tokenHash: string, accountId = 'a1') => ({
        tokenHash,
        accountId,
        createdAt: 1,
        expiresAt: 100,
        revokedAt: null,
      });
      for (const s of [session('s1'), session('s2'), session('s3'), session('t1', 'a2')])
        await storage.createSession(s);
      expect(await storage.session('s1')).toEqual(session('s1'));
      expect(await storage.session('nope')).toBeUndefined();
      await storage.revokeSessions({ tokenHash: 's1' }, 50);
      expect((await storage.session('s1'))?.revokedAt).toBe(50);
      await storage.revokeSessions({ accountId: 'a1', except: 's2' }, 60);
      expect((await storage.session('s2'))?.revokedAt).toBeNull();
      expect((await storage.session('s3'))?.revokedAt).toBe(60);
      // Signed out once is signed out at that time.
      expect((await storage.session('s1'))?.revokedAt).toBe(50);
      expect((await storage.session('t1'))?.revokedAt).toBeNull();
      await storage.close();
    });

    it('keeps times in milliseconds since 1970, seeds up to 2^32 and ratings exactly, as numbers', async () => {
      const storage = await open();
      // 2100-01-01 and the largest seed: both past what a 32-bit integer holds.
      const at = 4_102_444_800_123;
      const seed = 2 ** 32 - 1;
      const late = { ...finished, seed, startedAt: at, finishedAt: at + 1 };
      await storage.saveGame(late);
      expect(await storage.game(late.id)).toStrictEqual(late);
      await storage.beginGame({ ...live, id: 'L-1', seed, startedAt: at });
      await storage.journal('L-1', 0, { ...started, at });
      expect(await storage.liveGames()).toStrictEqual([
        {
          game: { ...live, id: 'L-1', seed, startedAt: at },
          entries: [{ seq: 0, entry: { ...started, at } }],
          nextSeq: 1,
        },
      ]);
      const record = solo({ seed, finishedAt: at, ms: 3_000_000_000 });
      await storage.saveSolo(record);
      expect(await storage.records({ mode: 'timed', since: at })).toStrictEqual([record]);
      const account = { id: 'a1', secretHash: 'ab', name: 'Ana', username: null, passwordHash: null, createdAt: at };
      await storage.createAccount(account);
      expect(await storage.account('a1')).toStrictEqual(account);
      const session = { tokenHash: 's1', accountId: 'a1', createdAt: at, expiresAt: at + 1, revokedAt: null };
      await storage.createSession(session);
      await storage.revokeSessions({ tokenHash: 's1' }, at + 2);
      expect(await storage.session('s1')).toStrictEqual({ ...session, revokedAt: at + 2 });
      // openskill's mu and sigma are doubles with every digit significant.
      const rating = {
        accountId: 'a1',
        edition: 'classic' as const,
        mu: 25 / 3,
        sigma: Math.PI,
        games: 1,
        updatedAt: at,
      };
      await storage.saveRatings('g1', [rating]);
      expect(await storage.ratingsOf('a1')).toStrictEqual([rating]);
      expect(await storage.ratingHistory('a1', 'classic')).toStrictEqual([
        { gameId: 'g1', mu: 25 / 3, sigma: Math.PI, at },
      ]);
      const task = { task: 'classic/C01/easy/1', mu: 0.1 + 0.2, sigma: 1e-7, attempts: 1, updatedAt: at };
      await storage.savePuzzleRating(task);
      expect(await storage.puzzleRating(task.task)).toStrictEqual(task);
      await storage.close();
    });

    it('gives a username to one of two accounts claiming it at once', async () => {
      const storage = await open();
      const guest = { id: 'a1', secretHash: 'ab', name: 'Ana', username: null, passwordHash: null, createdAt: 1 };
      await storage.createAccount(guest);
      await storage.createAccount({ ...guest, id: 'a2' });
      const claims = await Promise.all([
        storage.claimAccount('a1', 'Ana', 'ana', 'scrypt$1'),
        storage.claimAccount('a2', 'ANA', 'ana', 'scrypt$2'),
      ]);
      expect(claims.filter(Boolean)).toHaveLength(1);
      const owner = await storage.accountByUsername('ana');
      expect(owner?.id).toBe(claims[0] ? 'a1' : 'a2');
      expect((await storage.account(claims[0] ? 'a2' : 'a1'))?.username).toBeNull();
      // Claiming the name it has again changes nothing.
      expect(await storage.claimAccount(owner?.id ?? '', 'Ana', 'ana', 'scrypt$3')).toBe(true);
      await storage.close();
    });

    it('breaks ties by id code point by code point, capitals first, as every store does', async () => {
      const storage = await open();
      const account = { id: 'a', secretHash: 'ab', name: 'Ana', username: null, passwordHash: null, createdAt: 1 };
      for (const id of ['b', 'a', 'B', 'A']) await storage.createAccount({ ...account, id, name: id });
      for (const id of ['b', 'a', 'B', 'A']) await storage.flagAccount(id, 'too fast', 10);
      expect((await storage.flaggedAccounts()).map((f) => f.account.id)).toEqual(['A', 'B', 'a', 'b']);
      const rating = { edition: 'classic' as const, mu: 25, sigma: 5, games: 1, updatedAt: 1 };
      await storage.saveRatings(
        'g',
        ['b', 'a', 'B', 'A'].map((accountId) => ({ ...rating, accountId })),
      );
      expect((await storage.leaderboard('classic', 10)).map((r) => r.accountId)).toEqual(['A', 'B', 'a', 'b']);
      for (const id of ['b-1', 'a-1', 'B-1', 'A-1']) await storage.beginGame({ ...live, id });
      expect((await storage.liveGames()).map((j) => j.game.id)).toEqual(['A-1', 'B-1', 'a-1', 'b-1']);
      await storage.close();
    });

    it('rejects every call once closed, and may be closed twice', async () => {
      const storage = await open();
      await storage.saveGame(game);
      await storage.close();
      // Only that it rejects with an Error: the message is each implementation's own.
      await expect(storage.saveGame(game)).rejects.toThrow(Error);
      await expect(storage.game(game.id)).rejects.toThrow(Error);
      await expect(storage.saveSolo(solo({}))).rejects.toThrow(Error);
      await expect(storage.records({ mode: 'timed' })).rejects.toThrow(Error);
      await storage.close();
    });
  });
}

/**
 * Stores on one database serving different processes (`owner`, their public addresses): each lists
 * only the games under way it began, a process restarted under its name finds its own again, and a
 * record stored by any of them ends the game. `opener` gives a function that opens stores on one
 * new, empty database. (A MemoryStorage is one process's memory: there is nothing to share.)
 */
function ownershipContract(name: string, opener: () => Promise<(owner: string) => Promise<Storage>>): void {
  it(`${name}: each process's store lists its own games under way only`, async () => {
    const open = await opener();
    // One after the other: SQLite's migrator takes no lock across connections.
    const p1 = await open('localhost:8080/p1');
    const p2 = await open('localhost:8080/p2');
    const lone = await open('');
    expect([p1.owner, p2.owner, lone.owner]).toEqual(['localhost:8080/p1', 'localhost:8080/p2', '']);
    const other = { ...live, id: 'XYZ789-1', room: 'XYZ789' };
    await p1.beginGame(live);
    await p1.journal(live.id, 0, started);
    await p2.beginGame(other);
    expect((await p1.liveGames()).map((j) => j.game.id)).toEqual([live.id]);
    expect((await p2.liveGames()).map((j) => j.game.id)).toEqual([other.id]);
    expect(await lone.liveGames()).toEqual([]);
    // p1 killed and started again under its name: its game and journal are there.
    await p1.close();
    const again = await open('localhost:8080/p1');
    expect(await again.liveGames()).toEqual([{ game: live, entries: [{ seq: 0, entry: started }], nextSeq: 1 }]);
    // Whoever stores a game's record ends it.
    await p2.saveGame(game);
    expect(await again.liveGames()).toEqual([]);
    expect((await p2.liveGames()).map((j) => j.game.id)).toEqual([other.id]);
    await Promise.all([again.close(), p2.close(), lone.close()]);
  });
}

storageContract('SQLite', () => SqliteStorage.open(mkdtempSync(join(tmpdir(), 'ubongo-storage-'))));
ownershipContract('SQLite', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ubongo-storage-'));
  return Promise.resolve((owner) => SqliteStorage.open(dir, owner));
});

it("memory storage is its owner's, a lone process's by default", () => {
  expect(new MemoryStorage().owner).toBe('');
  expect(new MemoryStorage('localhost:8080/p1').owner).toBe('localhost:8080/p1');
});
storageContract('memory', () => Promise.resolve(new MemoryStorage()));

it('memory storage says it is closed when used after close', async () => {
  const storage = new MemoryStorage();
  await storage.close();
  await expect(storage.game(game.id)).rejects.toThrow('storage is closed');
  await expect(storage.records({ mode: 'count' })).rejects.toThrow('storage is closed');
});

it('SQLite keeps what it stored when opened again on the same folder (migrations run once)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ubongo-storage-'));
  const first = await SqliteStorage.open(dir);
  await first.saveGame(game);
  await first.saveSolo(solo({}));
  await first.close();
  const second = await SqliteStorage.open(dir);
  expect(await second.game(game.id)).toEqual(game);
  expect(await second.records({ mode: 'timed' })).toHaveLength(1);
  await second.close();
});

it('SQLite’s WAL is moved into the database by its checkpointer thread (its commits leave it to it)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'ubongo-storage-'));
  const file = join(dir, 'ubongo.sqlite');
  const storage = await SqliteStorage.open(dir);
  await storage.beginGame(live);
  const before = statSync(file).size;
  // Some 3 MB of entries: past the 1,000 pages at which a commit would checkpoint by itself.
  const entry = { ...claim, trail: Array.from({ length: 100 }, (_, i) => [i * 500, 'place', 'x'] as const) };
  for (let seq = 0; seq < 1000; seq++) await storage.journal(live.id, seq, entry as unknown as JournalEntry);
  // Without the checkpointer the WAL would grow for ever; it copies it over once a second.
  let after = statSync(file).size;
  for (let waited = 0; after < before + 2_000_000 && waited < 10_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    after = statSync(file).size;
  }
  expect(after).toBeGreaterThan(before + 2_000_000);
  await storage.close();
});

// PostgreSQL from the system's binaries (@ubongo/test-support), started for this file: the
// contract suite, then what only a shared server database has to show. Without the binaries the
// start fails, saying which Debian package to install.
describe('PostgreSQL', () => {
  let postgres: Postgres | undefined;
  let template = '';
  const cluster = (): Postgres => {
    if (!postgres) throw new Error('PostgreSQL did not start (see beforeAll)');
    return postgres;
  };

  beforeAll(async () => {
    postgres = await startPostgres();
    // Migrated once here, then copied for each test: a new store takes milliseconds, not a migration.
    const url = await postgres.createDatabase();
    await (await PostgresStorage.open(url)).close();
    template = new URL(url).pathname.slice(1);
  }, 120_000);

  afterAll(async () => {
    await postgres?.stop();
  });

  storageContract('PostgreSQL', async () => PostgresStorage.open(await cluster().createDatabase(template)));
  ownershipContract('PostgreSQL', async () => {
    const url = await cluster().createDatabase(template);
    return (owner) => PostgresStorage.open(url, { owner });
  });

  it('migrates an empty database, and a second store on it migrates nothing and sees what the first stored', async () => {
    const url = await cluster().createDatabase();
    const [first, second] = await Promise.all([PostgresStorage.open(url), PostgresStorage.open(url)]);
    await first.saveGame(game);
    await first.saveSolo(solo({}));
    expect(await second.game(game.id)).toEqual(game);
    expect(await second.records({ mode: 'timed' })).toHaveLength(1);
    await Promise.all([first.close(), second.close()]);
    const again = await PostgresStorage.open(url);
    expect(await again.records({ mode: 'timed' })).toHaveLength(1);
    await again.close();
  });

  it('shares accounts and sessions between stores (processes), and lets one of them have a contested name', async () => {
    const url = await cluster().createDatabase(template);
    const [a, b] = await Promise.all([PostgresStorage.open(url), PostgresStorage.open(url)]);
    const guest = { id: 'a1', secretHash: 'ab', name: 'Ana', username: null, passwordHash: null, createdAt: 1 };
    await a.createAccount(guest);
    await b.createAccount({ ...guest, id: 'a2' });
    await expect(b.createAccount(guest)).rejects.toThrow();
    await a.createSession({ tokenHash: 's1', accountId: 'a1', createdAt: 1, expiresAt: 9, revokedAt: null });
    expect((await b.session('s1'))?.accountId).toBe('a1');
    await b.revokeSessions({ accountId: 'a1' }, 5);
    expect((await a.session('s1'))?.revokedAt).toBe(5);
    for (let round = 0; round < 10; round++) {
      const claims = await Promise.all([
        a.claimAccount('a1', `Name${round}`, `name${round}`, 'scrypt$1'),
        b.claimAccount('a2', `NAME${round}`, `name${round}`, 'scrypt$2'),
      ]);
      expect(claims.filter(Boolean)).toHaveLength(1);
    }
    expect(await a.countAttempts([attemptOf('a1', 'task')], plusOne)).toEqual([true]);
    expect(await b.countAttempts([attemptOf('a1', 'task')], plusOne)).toEqual([false]);
    await Promise.all([a.close(), b.close()]);
  });

  it('counts attempts from two stores (processes) at once, and loses none', async () => {
    const url = await cluster().createDatabase(template);
    const [a, b] = await Promise.all([PostgresStorage.open(url), PostgresStorage.open(url)]);
    const tasks = ['t1', 't2', 't3', 't4', 't5'];
    // With plusOne, a rating's mu is the count of games that moved it, if none was lost.
    // Twenty rounds of two batches at once: other people at the same tasks in opposite orders (new
    // ones at first, then ones that exist); then one person in both (as in a race and solo at
    // once), each store at tasks of its own.
    for (let round = 0; round < 20; round++) {
      await Promise.all([
        a.countAttempts(
          tasks.map((task, i) => attemptOf(`a${round}-${i}`, task)),
          plusOne,
        ),
        b.countAttempts(
          [...tasks].reverse().map((task, i) => attemptOf(`b${round}-${i}`, task)),
          plusOne,
        ),
      ]);
      // A rating that exists (a new one's first writer holds the others back until it is done).
      await a.saveSolverRating({
        accountId: `both${round}`,
        edition: 'classic',
        mu: 0,
        sigma: 8,
        attempts: 0,
        updatedAt: 0,
      });
      await Promise.all([
        a.countAttempts(
          tasks.map((task) => attemptOf(`both${round}`, `a-${task}`)),
          plusOne,
        ),
        b.countAttempts(
          tasks.map((task) => attemptOf(`both${round}`, `b-${task}`)),
          plusOne,
        ),
      ]);
    }
    for (const task of tasks) expect(await a.puzzleRating(task)).toMatchObject({ mu: 40, attempts: 40 });
    expect(await b.solverRating('both7', 'classic')).toMatchObject({ mu: 10, attempts: 10 });
    await Promise.all([a.close(), b.close()]);
  });

  it('writes a journal entry on a connection of its own, while every other connection is busy', async () => {
    const storage = await PostgresStorage.open(await cluster().createDatabase(template));
    await storage.beginGame(live);
    // All ten of the store's other connections held, as a burst of ratings would hold them.
    const db = (storage as unknown as { db: Kysely<unknown> }).db;
    const sleeps = Array.from({ length: 10 }, () => sql`select pg_sleep(3)`.execute(db));
    // Asked for first, the sleeps have the connections (a pool hands them out in turn).
    let freed = false;
    void Promise.race(sleeps).then(
      () => (freed = true),
      () => (freed = true),
    );
    try {
      await storage.journal(live.id, 0, claim);
      // Stored before any of them let its connection go.
      expect(freed).toBe(false);
      await Promise.all(sleeps);
      expect((await storage.liveGames())[0]?.entries).toEqual([{ seq: 0, entry: claim }]);
    } finally {
      await Promise.allSettled(sleeps);
      await storage.close();
    }
  });

  it('names the database it cannot reach, its password masked', async () => {
    const url = `postgres://ubongo:hunter2@127.0.0.1:${await freePort()}/ubongo`;
    const opening = PostgresStorage.open(url);
    await expect(opening).rejects.toThrow(DatabaseUrlError);
    await expect(opening).rejects.toThrow(
      /^cannot connect to postgres:\/\/ubongo:\*\*\*@127\.0\.0\.1:\d+\/ubongo: connect ECONNREFUSED/,
    );
    await expect(opening).rejects.not.toThrow(/hunter2/);
    const missing = `postgres://postgres:hunter2@${new URL(cluster().url).host}/nothing_here`;
    await expect(PostgresStorage.open(missing)).rejects.toThrow(
      /^cannot connect to .*\/nothing_here: database "nothing_here" does not exist$/,
    );
  });
});
