import { describe, expect, it } from 'vitest';
import { checkPlayerBoard, PLAYER_BOARD_LIMITS } from './player-board.js';
import { parsePuzzle } from './puzzle.js';

const board = (spec: object) => {
  const parsed = parsePuzzle(JSON.stringify(spec));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return checkPlayerBoard(parsed.value);
};

describe('checkPlayerBoard', () => {
  it('measures a fair board: its solutions and difficulty', () => {
    const r = board({
      grid: 'square',
      region: ['..##', '####', '####', '###.', '##..'],
      pieces: ['L4', 'T4', 'P5', 'I2'],
    });
    expect(r).toEqual({
      ok: true,
      value: { solutions: 4, difficulty: expect.any(Number) as number, nodes: expect.any(Number) as number },
    });
  });

  it('measures a hexagon board of Extreme pieces', () => {
    const r = board({
      grid: 'hex',
      region: [
        [0, 0],
        [1, 0],
        [2, 0],
        [0, 1],
        [1, 1],
        [2, 1],
        [3, 0],
        [3, 1],
      ],
      pieces: ['red-1', 'red-1'],
    });
    expect(r.ok).toBe(true);
  });

  it('refuses each malformed board with the cell or piece it is about', () => {
    const cases: [object, string, Record<string, unknown>][] = [
      [{ grid: 'square', region: ['###', '#.#'], pieces: ['I3', 'I2'] }, 'board/no-solution', {}],
      [{ grid: 'square', region: ['##..#', '##...'], pieces: ['O4', 'I2'] }, 'board/disconnected', { cell: [4, 0] }],
      [{ grid: 'square', region: ['###', '#.#', '###'], pieces: ['L4', 'L4'] }, 'board/hole', { cell: [1, 1] }],
      [{ grid: 'square', region: ['####'], pieces: ['I2', 'I3'] }, 'board/area', {}],
      [{ grid: 'square', region: ['####'], pieces: ['I4'] }, 'board/pieces', {}],
      [
        {
          grid: 'square',
          region: ['#####'],
          pieces: [
            'I2',
            [
              [0, 0],
              [1, 0],
              [2, 0],
            ],
          ],
        },
        'board/piece-set',
        { piece: 1 },
      ],
      [{ grid: 'square', region: ['##', '##', '##'], pieces: ['I2', 'I4'] }, 'board/piece-fits-nowhere', { piece: 1 }],
      [{ grid: 'square', region: ['#'.repeat(41)], pieces: ['I2', 'I2'] }, 'board/too-large', {}],
      [{ grid: 'square', region: ['#.##', '####'], pieces: ['O4', 'I3'] }, 'board/no-solution', { cell: [0, 0] }],
    ];
    for (const [spec, code, about] of cases) {
      const r = board(spec);
      expect(r.ok ? 'accepted' : r.error.code, JSON.stringify(spec)).toBe(code);
      if (!r.ok) expect(r.error).toMatchObject(about);
    }
  });

  it('stops at its node budget and says so', () => {
    const parsed = parsePuzzle(
      JSON.stringify({
        grid: 'square',
        region: ['#####', '#####', '#####', '#####'],
        pieces: ['P5', 'P5', 'P5', 'P5'],
      }),
    );
    if (!parsed.ok) throw new Error('fixture');
    const r = checkPlayerBoard(parsed.value, { ...PLAYER_BOARD_LIMITS, nodes: 3 });
    expect(r.ok ? 'accepted' : r.error.code).toBe('board/too-hard');
  });
});
