import type { CostlyAnswer, CostlyEntry, Deck, DeckEdition, PracticeTaskRef } from '@ubongo/core';
import { findTask, predictedSeconds, solverPrior, taskPrior } from '@ubongo/core';
import type { Stores } from '../storage/stores.js';

/*
 * What costs a player most (docs/courses.md, "What costs you most"): read from the stored times of
 * the puzzles of the account's newest solo runs (any kind: solo, campaign, daily, Storm, archive).
 * A puzzle's cost is the time it took over what the time model predicts for this player at that
 * task (core's time-model.ts: the task's prior from its difficulty, the player's skill in the
 * edition as learned from first attempts); a miss costs its time, and at least that prediction (the
 * solve it did not make). Costs add up by board side and by piece (a puzzle's shared among its
 * pieces); each entry names the task of it that cost most, where practice opens.
 */

/** How many of the newest runs are read. */
export const COSTLY_RUNS = 200;
/** How many boards and pieces are listed. */
export const COSTLY_TOP = 5;

interface Tally {
  edition: DeckEdition;
  board: string;
  side: PracticeTaskRef['side'];
  played: number;
  missed: number;
  lost: number;
  worst: { task: PracticeTaskRef; lost: number };
}

const add = (tallies: Map<string, Tally>, key: string, task: PracticeTaskRef, lost: number, missed: boolean): Tally => {
  let tally = tallies.get(key);
  if (!tally) {
    tally = { ...task, played: 0, missed: 0, lost: 0, worst: { task, lost: -1 } };
    tallies.set(key, tally);
  }
  tally.played++;
  if (missed) tally.missed++;
  tally.lost += lost;
  if (lost > tally.worst.lost) tally.worst = { task, lost };
  return tally;
};

/** A tally as listed: a piece's board is that of its costliest task. */
const entry = (t: Tally): CostlyEntry => ({
  edition: t.worst.task.edition,
  board: t.worst.task.board,
  side: t.worst.task.side,
  played: t.played,
  missed: t.missed,
  lostMs: Math.round(t.lost),
  task: t.worst.task,
});

/** Costliest first, those that cost anything, `COSTLY_TOP` of them. */
const top = (tallies: Map<string, Tally>): Tally[] =>
  [...tallies.values()]
    .filter((t) => t.lost > 0)
    .sort((a, b) => b.lost - a.lost || b.missed - a.missed)
    .slice(0, COSTLY_TOP);

/** The boards and pieces that cost `accountId` most, from its newest solo runs. */
export async function costlyOf(
  stores: Pick<Stores, 'soloRuns' | 'ratings'>,
  decks: Readonly<Record<DeckEdition, Deck>>,
  accountId: string,
): Promise<CostlyAnswer> {
  const runs = await stores.soloRuns.soloResultsOf(accountId, { top: COSTLY_RUNS });
  const editions = Object.keys(decks) as DeckEdition[];
  const skills = new Map<DeckEdition, number>();
  for (const edition of editions)
    skills.set(edition, (await stores.ratings.solverTime(accountId, edition))?.mean ?? solverPrior().mean);
  const boards = new Map<string, Tally>();
  const pieces = new Map<string, Tally>();
  const pieceOf = new Map<Tally, string>();
  for (const run of runs)
    for (const p of run.puzzles ?? []) {
      const edition = editions.find((e) => findTask(decks[e], p));
      const task = edition && findTask(decks[edition], p);
      if (!edition || !task) continue;
      const ref: PracticeTaskRef = { edition, board: p.board, side: p.side, key: p.key };
      const expected = predictedSeconds(taskPrior(task.difficulty).mean, skills.get(edition) ?? 0) * 1000;
      const missed = p.outcome !== 'solved';
      const lost = missed ? Math.max(p.ms, expected) : Math.max(0, p.ms - expected);
      add(boards, `${edition}/${p.board}/${p.side}`, ref, lost, missed);
      for (const piece of new Set(task.pieces)) {
        pieceOf.set(add(pieces, `${edition}/${piece}`, ref, lost / task.pieces.length, missed), piece);
      }
    }
  return {
    runs: runs.length,
    boards: top(boards).map(entry),
    pieces: top(pieces).map((t) => ({ ...entry(t), piece: pieceOf.get(t) ?? '' })),
  };
}
