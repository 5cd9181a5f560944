import type { Deck, Finding, PastSolve, RunVerdict, Signal, Solve } from '@ubongo/core';
import { findTask, impossibleOf, judgeRun } from '@ubongo/core';
import { isListed } from '../leaderboards.js';
import type { HeldClaim } from './review-store.js';
import type { SoloPuzzle, SoloRecord } from './store.js';
import type { Stores } from '../storage/stores.js';

/*
 * What the server hands core's plausibility model (game/plausibility.ts): a run's solves with
 * their tasks' difficulties and pieces from the deck, an account's past solves from its stored
 * runs, and the model's findings as the reasons a held result is kept with.
 */

/** The most past solves an account's history is made of (its latest). */
export const HISTORY_SOLVES = 300;

/** A run's solved puzzles as the model judges them (a task the deck does not hold is left out). */
export function runSolves(deck: Deck, puzzles: readonly SoloPuzzle[]): Solve[] {
  return puzzles.flatMap((p) => {
    if (p.outcome !== 'solved') return [];
    const task = findTask(deck, p);
    return task ? [{ took: p.ms, difficulty: task.difficulty, pieces: task.pieces, trail: p.trail }] : [];
  });
}

/** How many of an account's latest runs are read as its history when a result is judged (a page, never every run). */
export const HISTORY_RUNS = 50;

/**
 * An account's past solves in the deck's edition, newest first, from its stored runs (`runs`,
 * newest first as `soloResultsOf` gives them): the listed runs' only, so that a held or rejected
 * run is not the bar the next is measured by.
 */
export function pastSolves(deck: Deck, runs: readonly SoloRecord[]): PastSolve[] {
  return runs
    .filter((r) => isListed(r))
    .flatMap((r) => runSolves(deck, r.puzzles ?? []).map(({ took, difficulty }) => ({ took, difficulty })))
    .slice(0, HISTORY_SOLVES);
}

/** The model's findings as a result's reasons (its flags, or why it is held): `signal: what it saw`. */
export function reasonsOf(verdict: RunVerdict): string[] {
  return verdict.plausible ? [] : verdict.findings.map((f) => `${f.signal}: ${f.reason}`);
}

/**
 * A run judged as a whole (docs/accounts.md, "Reviewed results"): `hold` what no person does
 * (core's `impossibleOf`: a trail reused, moves machine-even), `flags` what the timing model
 * notices (core's `judgeRun`), which order the review queue and never keep a result off a board.
 * `reasons`: both, as stored with the result; `plausible`: neither found (its attempts count).
 */
export interface WholeVerdict {
  readonly hold: readonly Finding[];
  readonly flags: readonly Finding[];
  readonly reasons: string[];
  readonly plausible: boolean;
}

/** Judges a run's solves as a whole, with the account's past solves (`WholeVerdict`). */
export function judgeWhole(solves: readonly Solve[], history: readonly PastSolve[] = []): WholeVerdict {
  const hold = impossibleOf(solves);
  const model = judgeRun(solves, history);
  const flags = model.plausible ? [] : model.findings;
  const all = [...hold, ...flags];
  return {
    hold,
    flags,
    reasons: all.map((f) => `${f.signal}: ${f.reason}`),
    plausible: all.length === 0,
  };
}

/** The signals of findings, each once. */
export const signalsOf = (findings: readonly Finding[]): Signal[] => [...new Set(findings.map((f) => f.signal))];

/**
 * A rated game's claims judged as a run (`judgeWhole`, docs/accounts.md "Reviewed results"): the
 * game, where an account's past solves come from, and where a held or flagged claim is kept.
 */
export interface ClaimReview {
  readonly gameId: string;
  /** The account's past solves, read once when its first board is dealt (a claim before that is judged without). */
  readonly history: (account: string) => Promise<PastSolve[]>;
  readonly hold: (claim: HeldClaim) => Promise<void>;
  /** The game's players whose claims were held before (a game resumed after a restart). */
  readonly held: () => Promise<string[]>;
}

/**
 * The review of game `gameId`'s claims: histories from the accounts' solo runs (dealt from the
 * classic deck, `soloDeck`: the model's difficulty is the same scale in both editions), held
 * claims kept in `stores`.
 */
export function claimReview(stores: Pick<Stores, 'reviews' | 'soloRuns'>, soloDeck: Deck, gameId: string): ClaimReview {
  return {
    gameId,
    history: async (account) =>
      pastSolves(soloDeck, await stores.soloRuns.soloResultsOf(account, { top: HISTORY_RUNS })),
    hold: (claim) => stores.reviews.holdClaim(claim),
    held: () => stores.reviews.heldPlayers(gameId),
  };
}
