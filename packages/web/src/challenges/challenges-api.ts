import type { ChallengeEntry, ChallengeMade, ChallengesAnswer, SoloResult } from '@ubongo/core';
import type { TFunction } from 'i18next';
import { api } from '../account.js';
import { clock } from '../hooks.js';

/*
 * Challenges (docs/challenges.md): what the screens ask of the server and how they say what it
 * answered. The server decides each challenge's status, the time it expires, whether it may be
 * raced and who won; these only put it in words.
 */

export const fetchChallenges = (): Promise<ChallengesAnswer> => api('GET /api/challenges');

export const sendChallenge = (to: string, run: number): Promise<ChallengeMade> =>
  api('POST /api/challenges', { body: { to, run } });

export const declineChallenge = (id: string): Promise<void> =>
  api('POST /api/challenges/:id/decline', { params: { id } });

/** A side's result in words: puzzles solved (timed), or the time (a number of puzzles). */
export function resultText(
  mode: SoloResult['mode'],
  side: { readonly solved: number | null; readonly ms: number | null },
  t: TFunction,
): string {
  if (side.solved === null || side.ms === null) return '—';
  return mode === 'timed' ? t('solo.puzzlesCount', { count: side.solved }) : clock(side.ms);
}

/** What the challenged run was, in words: "Campaign level · 1 puzzle · easy". */
export function settingText(entry: ChallengeEntry, t: TFunction): string {
  const { dealing, mode, limit, side } = entry.setting;
  const length =
    mode === 'timed' ? t('challenges.minutes', { count: limit }) : t('solo.puzzlesCount', { count: limit });
  return `${t(`challenges.what.${dealing}`)} · ${length} · ${t(`sides.${side}Long`)}`;
}

/** The time left before an open challenge expires, in words, counted from the server's `now`. */
export function timeLeftText(entry: ChallengeEntry, now: number, t: TFunction): string {
  // Rounded up: a week just sent is 7 days left, the last minutes are 1 hour left.
  const left = Math.max(0, entry.expiresAt - now);
  return left > 86_400_000
    ? t('challenges.leftDays', { count: Math.ceil(left / 86_400_000) })
    : t('challenges.leftHours', { count: Math.ceil(left / 3_600_000) });
}

/** The verdict from the signed-in account's side: won, lost or a tie, by the server's `winner`. */
export function outcomeOf(entry: ChallengeEntry, me: string | undefined): 'won' | 'lost' | 'tie' | null {
  if (entry.winner === null) return null;
  if (entry.winner === 'tie') return 'tie';
  const mine = entry.from.account === me ? 'from' : 'to';
  return entry.winner === mine ? 'won' : 'lost';
}
