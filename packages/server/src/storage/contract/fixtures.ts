import type { Attempt, RateAttempt } from '../../rating/store.js';
import type { GameRecord, JournalEntry, LiveGame } from '../../table/store.js';
import type { SoloRecord } from '../../solo/store.js';
import type { Stores } from '../stores.js';

/*
 * What the stores' contract suites (one a store: games.ts, solo-runs.ts, campaign.ts, reports.ts,
 * ratings.ts, seasons.ts, ...) store, and how they open a store. Each suite runs over every backend
 * (storage.test.ts, memory.unit.test.ts); another backend runs the same suites.
 */

/**
 * Gives new, empty stores each time, on one database: a suite's own store (`K`), and those it sets
 * up what its store reads with (the accounts a board names), closed together.
 */
export type Opener<K extends keyof Stores = keyof Stores> = () => Promise<Pick<Stores, K | 'close'>>;

export const game: GameRecord = {
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

export const finished: GameRecord = {
  ...game,
  seats: [...game.seats, { id: 'b1', name: 'Bot', kind: 'bot', level: 'fast' }],
  result: { winners: ['p1'], scores: { p1: 3, b1: [2, 1] }, tieBreakRounds: 0 },
};

export const solo = (over: Partial<SoloRecord>): SoloRecord => ({
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
  review: 'none',
  reasons: [],
  dealing: 'shuffled',
  ...over,
});

/**
 * A first attempt at `task` by `accountId`, solved in `ms`; a task and a solver start at mu 0,
 * sigma 8, and in the time model at ln 30 s (a difficulty-5 task) and 0, variances 0.25 and 0.64.
 */
export const attemptOf = (accountId: string, task: string, at = 1, ms = 30_000): Attempt => ({
  accountId,
  edition: 'classic',
  task,
  start: { mu: 0, sigma: 8 },
  fresh: { mu: 0, sigma: 8 },
  solved: true,
  at,
  ms,
  prior: { task: { mean: Math.log(30), variance: 0.25 }, solver: { mean: 0, variance: 0.64 } },
});

/** A rating that counts: each game adds 1 to the solver's mu and the task's. */
export const plusOne: RateAttempt = (solver, task) => ({
  solver: { mu: solver.mu + 1, sigma: solver.sigma },
  task: { mu: task.mu + 1, sigma: task.sigma },
});

export const live: LiveGame = {
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

export const started: JournalEntry = { at: 1000, kind: 'action', action: { type: 'start-round' } };
export const standIn: JournalEntry = { at: 1500, kind: 'stand-in', player: 'p1' };
export const claim: JournalEntry = {
  at: 2000,
  kind: 'action',
  action: { type: 'claim', player: 'p2', placements: [] },
};
export const entries = [started, standIn, claim];

// What the copy tests do to what they are given back; the types say readonly, a caller may not care.
export type Mutable<T> = { -readonly [K in keyof T]: Mutable<T[K]> };
