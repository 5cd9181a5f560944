import { BOARD_ID_PATTERN } from '@ubongo/core';
import { describe, expect, it } from 'vitest';
import { judgeBoard, newBoardId } from './boards.js';

describe('judging a board', () => {
  it('gives the file back as the parser writes it, with its count and difficulty', () => {
    const judged = judgeBoard({
      grid: 'square',
      region: ['..##', '####', '####', '###.', '##..'],
      pieces: ['L4', 'T4', 'P5', 'I2'],
    });
    expect(judged).toEqual({
      ok: true,
      value: {
        spec: { grid: 'square', region: ['..##', '####', '####', '###', '##'], pieces: ['L4', 'T4', 'P5', 'I2'] },
        measures: { solutions: 4, difficulty: expect.any(Number) as number },
      },
    });
  });

  it('refuses with 422, the code, where, and the cell or piece', () => {
    const refusal = (file: object) => {
      const judged = judgeBoard(file as never);
      if (judged.ok) throw new Error('accepted');
      return { status: judged.error.status, error: judged.error.message, ...judged.error.detail };
    };
    expect(refusal({ grid: 'square', region: ['##', '##', '##'], pieces: ['I2', 'I4'] })).toEqual({
      status: 422,
      error: 'pieces[1]: fits nowhere in the white area',
      code: 'board/piece-fits-nowhere',
      params: { path: 'pieces[1]', piece: 1 },
    });
    expect(refusal({ grid: 'square', region: ['##..#', '##...'], pieces: ['O4', 'I2'] })).toEqual({
      status: 422,
      error: 'region: cell [4, 0] is apart from the rest',
      code: 'board/disconnected',
      params: { path: 'region', x: 4, y: 0 },
    });
    expect(
      refusal({
        grid: 'square',
        region: [
          [0, 0],
          [0, 0],
        ],
        pieces: ['I2'],
      }),
    ).toMatchObject({
      code: 'puzzle/duplicate-cell',
      params: { path: 'region[1]' },
    });
  });

  it('makes share codes of eight letters without look-alikes', () => {
    const codes = Array.from({ length: 200 }, newBoardId);
    for (const code of codes) expect(code).toMatch(BOARD_ID_PATTERN);
    expect(new Set(codes).size).toBe(200);
  });
});
