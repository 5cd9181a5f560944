import type { ChallengeEntry } from '@ubongo/core';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { outcomeOf, timeLeftText } from './challenges-api.js';

const side = (account: string) => ({ account, name: account, username: account, run: 1, solved: 3, ms: 1000 });
const entry = (over: Partial<ChallengeEntry>): ChallengeEntry => ({
  id: '2222222222',
  status: 'raced',
  from: side('ana'),
  to: side('ben'),
  setting: { dealing: 'shuffled', mode: 'timed', limit: 5, side: 'easy', tasks: 3 },
  createdAt: 0,
  expiresAt: 7 * 86_400_000,
  winner: 'from',
  raceable: false,
  rematch: null,
  forfeited: false,
  ...over,
});
// The key and its count, as words.
const t = ((key: string, values?: { count?: number }) => `${key}:${values?.count ?? ''}`) as unknown as TFunction;

describe('a challenge in words', () => {
  it('says the server’s verdict from each side', () => {
    expect(outcomeOf(entry({}), 'ana')).toBe('won');
    expect(outcomeOf(entry({}), 'ben')).toBe('lost');
    expect(outcomeOf(entry({ winner: 'to' }), 'ben')).toBe('won');
    expect(outcomeOf(entry({ winner: 'tie' }), 'ana')).toBe('tie');
    expect(outcomeOf(entry({ status: 'open', winner: null }), 'ana')).toBeNull();
  });

  it('counts the time left from the server’s now, rounded up: days, then hours', () => {
    expect(timeLeftText(entry({}), 0, t)).toBe('challenges.leftDays:7');
    expect(timeLeftText(entry({}), 1000, t)).toBe('challenges.leftDays:7');
    expect(timeLeftText(entry({}), 5 * 86_400_000 - 1, t)).toBe('challenges.leftDays:3');
    expect(timeLeftText(entry({}), 6 * 86_400_000 - 1, t)).toBe('challenges.leftDays:2');
    expect(timeLeftText(entry({}), 6 * 86_400_000, t)).toBe('challenges.leftHours:24');
    expect(timeLeftText(entry({}), 7 * 86_400_000 - 1, t)).toBe('challenges.leftHours:1');
    expect(timeLeftText(entry({}), 8 * 86_400_000, t)).toBe('challenges.leftHours:0');
  });
});
