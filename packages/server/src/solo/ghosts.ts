import type { Deck, ErrorCode, GhostKind, Result, SoloCourse, SoloGhost, SoloJoinOptions, TaskRef } from '@ubongo/core';
import { dailyDateOf, err, findTask, ok, puzzleOf } from '@ubongo/core';
import type { CoursePlan } from './courses.js';
import { soloSetting } from './solo-bests.js';
import type { RoomServices } from '../services.js';
import type { Account } from '../accounts/store.js';
import type { StoredSoloRun } from './store.js';

/*
 * Racing a ghost (docs/courses.md, "Racing a ghost"): the recorded run a solo run races, found by
 * its setting, and what the player is sent of it. A solo run deals the ghost's tasks by its seed
 * (the same shuffle and the same rolls of the die); a course's run has the course's tasks, the
 * ghost's too. What a ghost-raced run counts for is the room's to hold to (solo-room.ts): a ghost
 * shows a solution, so someone else's makes the run count for nothing, and the day's counted
 * attempt races none.
 */

/** A ghost found: the stored run (with its trails where kept), whether it is the player's own. */
export interface Ghost {
  readonly kind: SoloGhost['kind'];
  readonly run: StoredSoloRun;
  readonly own: boolean;
}

/** Why there is no ghost to race, as a refusal's code and words. */
export interface NoGhost {
  readonly code: Extract<ErrorCode, 'message/ghost-none' | 'message/ghost-counted'>;
  readonly message: string;
}

/** How many of an account's latest runs are looked through for its best of a campaign level. */
const CAMPAIGN_RUNS = 500;

const none = (message: string): Result<never, NoGhost> => err({ code: 'message/ghost-none', message });
const sameTask = (a: TaskRef, b: TaskRef): boolean => a.board === b.board && a.side === b.side && a.key === b.key;

/**
 * The run `kind` names for a solo run with `options` (and its course's `plan`, if it is one's):
 * - solo (shuffled): the account's best listed run of the mode, length and side, or the best on the
 *   public board (`GET /api/records`);
 * - a campaign level: the account's fastest verified solve of the level (no board lists the
 *   campaign's runs: `best` is refused);
 * - the daily: only once the day's counted attempt is over; the account's attempt, or the day's
 *   board's first;
 * - a past day (the archive): the account's attempt of that day, or its board's first;
 * - Storm: none (its ramp is dealt by the run's own seed).
 */
export async function findGhost(
  kind: GhostKind,
  options: Pick<SoloJoinOptions, 'mode' | 'limit' | 'side'> & {
    readonly dealing?: SoloJoinOptions['dealing'] | undefined;
    readonly course?: SoloCourse | undefined;
  },
  plan: CoursePlan | undefined,
  account: Account | undefined,
  services: Pick<RoomServices, 'stores' | 'clock'>,
): Promise<Result<Ghost, NoGhost>> {
  const { stores } = services;
  if (!account) return none('sign in to race a ghost');
  const found = (run: StoredSoloRun | undefined): Result<Ghost, NoGhost> =>
    run ? ok({ kind, run, own: run.accountId === account.id }) : none('there is no recorded run to race here yet');
  const byId = async (id: number | undefined): Promise<Result<Ghost, NoGhost>> =>
    found(id === undefined ? undefined : await stores.soloRuns.soloRun(id));
  const { course } = options;
  if (!course) {
    if (options.dealing === 'level') return none('a run at your level races no ghost');
    const setting = soloSetting({ mode: options.mode, limit: options.limit, side: options.side });
    if (kind === 'own')
      return byId((await stores.soloRuns.soloSummary(account.id)).best.find((r) => soloSetting(r) === setting)?.id);
    const [first] = await stores.soloRuns.records({
      from: 'public',
      // A ghost's "best" is a reviewed run: one no person looked at is not offered as the bar.
      reviewed: true,
      mode: options.mode,
      limit: options.limit,
      side: options.side,
      top: 1,
    });
    return byId(first?.id);
  }
  const task = plan?.tasks[0];
  if (!task) return none('there is no recorded run to race here yet');
  switch (course.kind) {
    case 'campaign': {
      if (kind === 'best') return none('no board lists the campaign’s runs: race your own best');
      const runs = await stores.soloRuns.soloResultsOf(account.id, { top: CAMPAIGN_RUNS, review: 'public' });
      const solves = runs.flatMap((r) => {
        const p = r.puzzles?.[0];
        return r.dealing === 'campaign' && r.verified && p?.outcome === 'solved' && sameTask(p, task)
          ? [{ id: r.id, ms: p.ms }]
          : [];
      });
      const fastest = solves.reduce<{ id: number; ms: number } | undefined>(
        (a, s) => (a && a.ms <= s.ms ? a : s),
        undefined,
      );
      return byId(fastest?.id);
    }
    case 'daily': {
      const day = dailyDateOf(services.clock.date());
      const attempt = await stores.daily.dailyAttempt(account.id, day);
      // Only once the attempt is over (settled): a run under way in another tab races nothing.
      if (!attempt || attempt.ms === null)
        return err({
          code: 'message/ghost-counted',
          message: 'the day’s counted attempt races no ghost: play it first, then race a ghost as practice',
        });
      if (kind === 'own') return byId(attempt.run ?? undefined);
      const [first] = await stores.daily.dailyBoard(day, { top: 1, reviewed: true });
      return byId(first?.run);
    }
    case 'archive': {
      // A day that is over: the account's attempt of it, or its board's first.
      const { date } = course;
      if (kind === 'own') return byId((await stores.daily.dailyAttempt(account.id, date))?.run ?? undefined);
      const [first] = await stores.daily.dailyBoard(date, { top: 1, reviewed: true });
      return byId(first?.run);
    }
    case 'storm':
      return none('Storm races no ghost');
    case 'board':
      return none('a shared board races no ghost yet');
  }
}

/** What the player is sent of a ghost: each puzzle with when it was dealt, its task and its moves. */
export function ghostMessage(ghost: Ghost, decks: readonly Deck[]): SoloGhost {
  const { run } = ghost;
  let from = 0;
  const puzzles: SoloGhost['puzzles'][number][] = [];
  for (const p of run.puzzles ?? []) {
    // A task no deck has now (a deck changed since) ends what can be shown of the ghost.
    const deck = decks.find((d) => findTask(d, p));
    if (!deck) break;
    const task = puzzleOf(deck, p);
    const { board, side, key, outcome, ms, trail } = p;
    puzzles.push({ board, side, key, outcome, ms, from, task, ...(trail ? { trail } : {}) });
    from += ms;
  }
  const { mode, limit, side, solved, skipped, ms } = run;
  return {
    kind: ghost.kind,
    run: run.id,
    player: run.player,
    username: run.username,
    own: ghost.own,
    result: { mode, limit, side, solved, skipped, ms },
    puzzles,
  };
}
