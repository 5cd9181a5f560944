import type { Challenge, ChallengeSettled, Challenges } from '../challenges/store.js';
import type { Gate } from './memory-shared.js';

const newestFirst = (a: Challenge, b: Challenge): number =>
  b.createdAt - a.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Challenges between friends, in memory. */
export class MemoryChallenges implements Challenges {
  private readonly challenges = new Map<string, Challenge>();

  constructor(private readonly gate: Gate) {}

  saveChallenge(challenge: Omit<Challenge, 'status' | 'raced' | 'winner' | 'settledAt'>): Promise<boolean> {
    return this.gate.run(() => {
      if (this.challenges.has(challenge.id)) return false;
      this.challenges.set(challenge.id, { ...challenge, status: 'open', raced: null, winner: null, settledAt: null });
      return true;
    });
  }

  challenge(id: string): Promise<Challenge | undefined> {
    return this.gate.run(() => {
      const found = this.challenges.get(id);
      return found ? { ...found } : undefined;
    });
  }

  challengesOf(accountId: string, top: number): Promise<Challenge[]> {
    return this.gate.run(() =>
      [...this.challenges.values()]
        .filter((c) => c.from === accountId || c.to === accountId)
        .sort(newestFirst)
        .slice(0, top)
        .map((c) => ({ ...c })),
    );
  }

  challengesSentSince(accountId: string, since: number): Promise<number> {
    return this.gate.run(
      () => [...this.challenges.values()].filter((c) => c.from === accountId && c.createdAt >= since).length,
    );
  }

  openChallengeOf(run: number, to: string, now: number): Promise<Challenge | undefined> {
    return this.gate.run(() => {
      const found = [...this.challenges.values()]
        .filter((c) => c.run === run && c.to === to && c.status === 'open' && c.expiresAt > now)
        .sort(newestFirst)[0];
      return found ? { ...found } : undefined;
    });
  }

  settleChallenge(id: string, settled: ChallengeSettled): Promise<boolean> {
    return this.gate.run(() => {
      const found = this.challenges.get(id);
      if (found?.status !== 'open') return false;
      this.challenges.set(id, {
        ...found,
        status: 'raced',
        raced: settled.raced,
        winner: settled.winner,
        settledAt: settled.at,
      });
      return true;
    });
  }

  declineChallenge(id: string, at: number): Promise<boolean> {
    return this.gate.run(() => {
      const found = this.challenges.get(id);
      if (found?.status !== 'open') return false;
      this.challenges.set(id, { ...found, status: 'declined', settledAt: at });
      return true;
    });
  }
}
