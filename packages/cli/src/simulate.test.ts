import { describe, expect, it } from 'vitest';
import type { Io } from './io.js';
import { main } from './main.js';

async function ubongo(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: Io = { out: (t) => (out += t), err: (t) => (err += t), readFile: () => '' };
  const code = await main(args, io);
  return { code, out, err };
}

interface Doc {
  edition: string;
  variant: string;
  seed: number;
  players: { id: string; bot: string }[];
  rounds: {
    round: number;
    secondChance: boolean;
    solved: string[];
    gains: Record<string, string[]>;
    bag?: Record<string, number>;
    marker?: Record<string, number>;
    moves?: Record<string, { from: number; to: number }>;
    rows?: string[][];
  }[];
  final: {
    holdings: Record<string, Record<string, number>>;
    scores: Record<string, number | number[]>;
    winners: string[];
  };
}

describe('ubongo simulate', () => {
  it('seed 372: the tie-break round is told with its second chance', async () => {
    const r = await ubongo(
      'simulate',
      '--edition',
      'classic',
      '--bots',
      'beginner,beginner',
      '--side',
      'hard',
      '--seed',
      '372',
    );
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      'Tie-break round (round 10): die 3; boards p1 C21 hard, p2 C32 hard\n  bots would need: p1 62.7s, p2 86.7s\n  nobody solved in time: the hourglass was turned once more\n  solved, in order: p1\n',
    );
    expect(r.out.trimEnd().split('\n').at(-1)).toBe('p1 wins');
  });

  it('--pieces box: in Extreme the bots lay out their pieces before the sand is turned', async () => {
    const r = await ubongo(
      'simulate',
      '--edition',
      'extreme',
      '--pieces',
      'box',
      '--bots',
      'beginner,master',
      '--rounds',
      '1',
      '--seed',
      '3',
    );
    expect(r.code).toBe(0);
    expect(r.out).toContain('the whole set, seed 3');
    expect(r.out).toMatch(/pieces laid out: p2 \d+(\.\d)?s, p1 \d+(\.\d)?s; the sand was turned once everyone had/);
    const bad = await ubongo('simulate', '--pieces', 'bag');
    expect(bad.code).not.toBe(0);
    expect(bad.err).toContain('--pieces must be task or box');
  });

  it('--json prints one document with players, rounds and the final standings', async () => {
    const r = await ubongo(
      'simulate',
      '--edition',
      'classic',
      '--players',
      '3',
      '--bots',
      'casual,expert,master',
      '--seed',
      '11',
      '--json',
    );
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.out) as Doc;
    expect(doc).toMatchObject({
      edition: 'classic',
      variant: 'standard',
      seed: 11,
      players: [
        { id: 'p1', bot: 'casual' },
        { id: 'p2', bot: 'expert' },
        { id: 'p3', bot: 'master' },
      ],
    });
    expect(doc.rounds.length).toBeGreaterThanOrEqual(9);
    expect(doc.rounds[0]).toHaveProperty('bag');
    expect(doc.rounds[0]).toHaveProperty('marker');
    expect(doc.final.winners.length).toBeGreaterThan(0);
  });

  it('jewels: moves and rows in every round, scores as sorted counts', async () => {
    const doc = JSON.parse(
      (await ubongo('simulate', '--edition', 'jewels', '--bots', 'expert,casual', '--seed', '4', '--json')).out,
    ) as Doc;
    expect(doc.rounds.every((r) => r.rows?.length === 6 && r.moves !== undefined)).toBe(true);
    const score = doc.final.scores['p1'] as number[];
    expect([...score].sort((a, b) => b - a)).toEqual(score);
  });

  it('tells the game round by round for people', async () => {
    const r = await ubongo(
      'simulate',
      '--edition',
      'extreme',
      '--bots',
      'master,beginner',
      '--seed',
      '7',
      '--side',
      'hard',
      '--rounds',
      '3',
    );
    expect(r.out).toMatch(/^extreme, hard side, seed 7: p1 \(master\), p2 \(beginner\)\n/);
    expect(r.out).toContain('Round 3: colours p1 ');
    expect(r.out).toMatch(/\n(p1|p2|p1 and p2) (wins|share the victory)\n$/);
  });

  it('is the same game for the same seed', async () => {
    const a = await ubongo('simulate', '--seed', '9', '--json');
    const b = await ubongo('simulate', '--seed', '9', '--json');
    expect(a.out).toBe(b.out);
  });

  it.each([
    [['simulate', '--edition', 'chess'], '--edition must be classic, extreme or jewels'],
    [['simulate', '--edition', 'extreme', '--variant', 'fixed'], 'fixed is for the classic edition only'],
    [['simulate', '--players', '5'], '--players must be an integer from 1 to 4'],
    [['simulate', '--players', '2', '--bots', 'casual'], '--bots names 1 levels for 2 players'],
    [['simulate', '--bots', 'genius'], 'unknown bot level genius'],
    [['simulate', '--hourglass', '10'], '--hourglass must be an integer from 20 to 300'],
    [['simulate', '--side', 'middle'], '--side must be easy or hard'],
  ])('usage error %j', async (args, message) => {
    const r = await ubongo(...args);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
  });
});
