import type { ChallengeStatus, ChallengeWinner } from '@ubongo/core';

/** A challenge as stored (migration 035, `challenges`): a run sent to a friend, and how the race went. */
export interface Challenge {
  readonly id: string;
  /** The sender's account. */
  readonly from: string;
  /** The recipient's account. */
  readonly to: string;
  /** The sender's stored solo run the recipient races. */
  readonly run: number;
  readonly createdAt: number;
  /** When it stops being open: `createdAt` plus a week (the server's date). */
  readonly expiresAt: number;
  /** As stored: `open` until raced or declined (an open one past `expiresAt` is expired: challenges.ts says). */
  readonly status: Exclude<ChallengeStatus, 'expired'>;
  /** The recipient's race, once raced. */
  readonly raced: number | null;
  readonly winner: ChallengeWinner | null;
  /** When it was raced or declined. */
  readonly settledAt: number | null;
}

/** What a race settles: the recipient's run (none when they left it under way: forfeited) and who won. */
export interface ChallengeSettled {
  readonly raced: number | null;
  readonly winner: ChallengeWinner;
  readonly at: number;
}

/** Challenges between friends (docs/challenges.md). */
export interface Challenges {
  /** Keeps a new challenge (status `open`); false (nothing kept) when its id is taken. */
  saveChallenge(challenge: Omit<Challenge, 'status' | 'raced' | 'winner' | 'settledAt'>): Promise<boolean>;
  challenge(id: string): Promise<Challenge | undefined>;
  /** The challenges `accountId` sent or received, newest first (then by id), at most `top`. */
  challengesOf(accountId: string, top: number): Promise<Challenge[]>;
  /** How many challenges `accountId` sent at or after `since` (the daily limit). */
  challengesSentSince(accountId: string, since: number): Promise<number>;
  /** An open challenge of `run` to `to` whose week is not over at `now`, if any (one at a time). */
  openChallengeOf(run: number, to: string, now: number): Promise<Challenge | undefined>;
  /** Marks an open challenge raced; false when it was not open (raced or declined since). */
  settleChallenge(id: string, settled: ChallengeSettled): Promise<boolean>;
  /** Marks an open challenge declined at `at`; false when it was not open. */
  declineChallenge(id: string, at: number): Promise<boolean>;
}
