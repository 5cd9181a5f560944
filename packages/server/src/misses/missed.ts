import type { Deck, DeckEdition, MissesCourse, PracticeTaskRef, Result } from '@ubongo/core';
import { err, findTask, MISSES_COURSES, ok } from '@ubongo/core';
import type { SoloRuns } from '../solo/store.js';

/*
 * Learn from the misses (docs/courses.md): the boards a stored Storm, daily or campaign run did not
 * solve (set aside, or on the board when it ended), read from the stored run, never from a list the
 * client sends, and only for the account that played it. Practice deals them (practice-room.ts),
 * untimed and unscored: nothing of it is stored, rated or listed.
 */

/** The most boards a practice of the misses holds (a Storm run deals 80 at most). */
export const MISSES_MAX = 100;

/** Why a run's misses may not be practised: no such run (or not the asker's), not a course's run, nothing missed. */
export const MISSES_REFUSALS = ['misses/no-run', 'misses/not-a-course', 'misses/none'] as const;
export type MissesRefusal = (typeof MISSES_REFUSALS)[number];

/** A run's missed boards, in the run's order, each once. */
export interface MissedBoards {
  readonly run: number;
  readonly course: MissesCourse;
  readonly tasks: readonly PracticeTaskRef[];
}

const isMissesCourse = (dealing: string | undefined): dealing is MissesCourse =>
  (MISSES_COURSES as readonly string[]).includes(dealing ?? '');

/**
 * The boards stored run `runId` missed, if `accountId` played it and it is a Storm, daily or
 * campaign run that missed any; or why not (a run of someone else's is as unknown as no run).
 */
export async function missedBoards(
  soloRuns: Pick<SoloRuns, 'soloRun'>,
  decks: Readonly<Record<DeckEdition, Deck>>,
  accountId: string,
  runId: number,
): Promise<Result<MissedBoards, { code: MissesRefusal; message: string }>> {
  const run = await soloRuns.soloRun(runId);
  if (!run || run.accountId !== accountId) return err({ code: 'misses/no-run', message: `you have no run ${runId}` });
  const course = run.dealing;
  if (!isMissesCourse(course))
    return err({ code: 'misses/not-a-course', message: `run ${runId} is not a Storm, daily or campaign run` });
  const seen = new Set<string>();
  const tasks: PracticeTaskRef[] = [];
  for (const p of run.puzzles ?? []) {
    if (p.outcome === 'solved') continue;
    const ref = { board: p.board, side: p.side, key: p.key };
    const edition = (Object.keys(decks) as DeckEdition[]).find((e) => findTask(decks[e], ref));
    const name = `${edition}/${p.board}/${p.side}/${p.key}`;
    if (!edition || seen.has(name)) continue;
    seen.add(name);
    tasks.push({ edition, ...ref });
  }
  if (tasks.length === 0) return err({ code: 'misses/none', message: `run ${runId} missed no board` });
  return ok({ run: runId, course, tasks: tasks.slice(0, MISSES_MAX) });
}
